// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { installSanitizer, installSanitizerWindow, type SanitizerEngine } from './sanitize';
import { richTextFields, sanitizeAhead, SLICE_MS } from './sanitize-ahead';
import { richText } from './schema/magnolia';
import { withSession } from './schema/session';

afterEach(() => installSanitizerWindow(new JSDOM('').window));

/** An engine that counts its calls and, when asked, works `busyMs` on each field. */
function countingEngine(busyMs = 0): SanitizerEngine & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    html: (dirty) => {
      calls.push(dirty);
      const until = performance.now() + busyMs;
      while (performance.now() < until) {
        // Stands for a long field: the slice must end after it.
      }
      return dirty.replace(/ onclick="[^"]*"/g, '');
    },
    text: (dirty) => dirty,
    svg: (dirty) => dirty,
  };
}

describe('richTextFields', () => {
  it('finds the markup of rich-text keys at any depth, once each, and nothing else', () => {
    const raw = {
      results: [
        {
          texte: '<p>a</p>',
          title: '<b>not rich text</b>',
          main: { c0: { information: '<p>b</p>', texte: 'plain, no markup' } },
          lots: [{ descriptif: '<p>a</p>' }, { noteLegale: '<p>c</p>' }],
        },
      ],
    };
    expect(richTextFields(raw, undefined).sort()).toEqual(['<p>a</p>', '<p>b</p>', '<p>c</p>']);
  });

  it('leaves out fields over the limit (the parse skips them with a warning)', () => {
    const long = `<p>${'x'.repeat(100)}</p>`;
    expect(richTextFields({ texte: long, descriptif: '<p>ok</p>' }, 64)).toEqual(['<p>ok</p>']);
  });

  it('stops at a depth no model reads, however deep the answer', () => {
    let deep: Record<string, unknown> = { texte: '<p>bottom</p>' };
    for (let i = 0; i < 10_000; i++) deep = { child: deep };
    expect(richTextFields({ texte: '<p>top</p>', deep }, undefined)).toEqual(['<p>top</p>']);
  });
});

describe('sanitizeAhead', () => {
  it('gives the clean markup by the dirty one, which the parse then takes without sanitising again', async () => {
    const engine = countingEngine();
    installSanitizer(engine);
    const dirty = '<p onclick="x()">a</p>';
    const clean = await sanitizeAhead({ texte: dirty }, undefined);
    expect(clean.get(dirty)?.html).toBe('<p>a</p>');
    const before = engine.calls.length;
    const read = withSession({ media: '', sanitized: clean }, () => richText(dirty));
    expect(read.value).toBe('<p>a</p>');
    expect(engine.calls.length).toBe(before);
  });

  it('lets other work run between slices while many long fields are sanitised', async () => {
    // Each field takes longer than a slice: the loop must yield after every one of them.
    installSanitizer(countingEngine(SLICE_MS + 1));
    const fields = Object.fromEntries(
      Array.from({ length: 4 }, (_, i) => [`c${i}`, { texte: `<p>${i}</p>` }]),
    );
    const order: string[] = [];
    let ticking = true;
    const tick = () => {
      order.push('other');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const done = sanitizeAhead(fields, undefined).then(() => order.push('done'));
    await done;
    ticking = false;
    // Other work ran before the fields were all done, more than once: the fields did not hold
    // the event loop from start to end.
    const beforeDone = order.slice(0, order.indexOf('done')).length;
    expect(beforeDone).toBeGreaterThanOrEqual(3);
  });
});
