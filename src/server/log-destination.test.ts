// @vitest-environment node
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-destination';

/** An output whose reader the test plays: each write waits until `read()`, or fails. */
function output() {
  const waiting: (() => void)[] = [];
  const got: string[] = [];
  let failure: Error | undefined;
  const out = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      if (failure) {
        done(failure);
        return;
      }
      waiting.push(() => {
        got.push(chunk.toString());
        done();
      });
    },
  });
  return {
    out,
    got: () => got.join(''),
    /** Reads everything written so far (and what that lets through). */
    read: () => {
      for (let next = waiting.shift(); next; next = waiting.shift()) next();
    },
    /** The reader goes away: every write from now on fails as a closed pipe does. */
    fail: () => {
      failure = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    },
  };
}

const line = (n: number) => `{"msg":"line ${n}"}\n`;

describe('logDestination', () => {
  it('passes lines on; settle resolves once they have left', async () => {
    const { out, got, read } = output();
    const destination = logDestination(out);
    [1, 2, 3].forEach((n) => destination.write(line(n)));
    let settled = false;
    const settling = destination.settle().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    read();
    await settling;
    expect(got()).toBe(line(1) + line(2) + line(3));
  });

  it('a reader gone (EPIPE): nothing is thrown, later lines are not written, settle resolves', async () => {
    const { out, got, fail } = output();
    const destination = logDestination(out);
    fail();
    destination.write(line(1));
    await new Promise((resolve) => setImmediate(resolve));
    destination.write(line(2));
    await destination.settle();
    expect(got()).toBe('');
  });

  it('a reader that does not read: lines past the bound are dropped, then counted', async () => {
    const { out, got, read } = output();
    // Three 17-byte lines wait (51 bytes): the fourth and fifth are over the bound.
    const destination = logDestination(out, 50);
    [1, 2, 3, 4, 5].forEach((n) => destination.write(line(n)));
    read();
    // The output drained: the count of the dropped lines follows.
    await new Promise((resolve) => setImmediate(resolve));
    read();
    const lines = got().trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([1, 2, 3].map((n) => line(n).trim()));
    expect(JSON.parse(lines[3] ?? '{}')).toMatchObject({
      level: 40,
      msg: '2 log lines dropped: not read',
    });
    expect(lines).toHaveLength(4);
  });
});
