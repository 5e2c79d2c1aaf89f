// @vitest-environment happy-dom
/**
 * The browser's error reports (docs/operations.md "Errors in visitors' browsers"): a page view
 * in the sample sends at most 5, each cleaned of queries, fragments and control characters; one
 * out of it sends none; uncaught errors and rejections are heard once the listener is on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanReportMessage } from '../domain/browser-errors';
import { createSender } from './error-sender';
import { listenForErrors, reportBrowserError } from './error-report';

function beacon() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const readers: Promise<void>[] = [];
  const sendBeacon = vi.fn((url: string, data: Blob) => {
    readers.push(
      data.text().then((text) => {
        sent.push({ url, body: JSON.parse(text) as Record<string, unknown> });
      }),
    );
    return true;
  });
  const win = { navigator: { sendBeacon }, fetch: vi.fn() } as unknown as Window;
  return { win, sent, settled: () => Promise.all(readers), sendBeacon };
}

const options = { page: () => 'content' as const, sampleRate: 1 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the sender', () => {
  it('sends at most 5 reports per page view, with the kind, block, page and a clean message', async () => {
    const { win, sent, settled } = beacon();
    const send = createSender(win, options);
    for (let i = 0; i < 8; i += 1) send('render', 'galerie', new Error(`bad\nline ${i}`));
    await settled();
    expect(sent).toHaveLength(5);
    expect(sent[0]).toEqual({
      url: '/_errors',
      body: { kind: 'render', block: 'galerie', page: 'content', message: 'Error: bad line 0' },
    });
  });

  it('sends one report per error object, the first one made', async () => {
    const { win, sent, settled } = beacon();
    const send = createSender(win, options);
    const failed = new TypeError('Failed to fetch dynamically imported module');
    send('chunk', 'galerie', failed);
    send('render', 'galerie', failed);
    send('uncaught', 'none', 'x');
    send('uncaught', 'none', 'x');
    await settled();
    expect(sent.map((s) => s.body.kind)).toEqual(['chunk', 'uncaught', 'uncaught']);
  });

  it('sends nothing from a page view outside the sample', () => {
    const { win, sendBeacon } = beacon();
    const send = createSender(win, { ...options, sampleRate: 0.25 }, () => 0.5);
    send('uncaught', 'none', 'x');
    expect(sendBeacon).not.toHaveBeenCalled();
    const sampled = beacon();
    createSender(sampled.win, { ...options, sampleRate: 0.25 }, () => 0.1)('uncaught', 'none', 'x');
    expect(sampled.sendBeacon).toHaveBeenCalledOnce();
  });

  it('falls back to a fetch that outlives the page, without cookies, when there is no beacon', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    const win = { navigator: {}, fetch } as unknown as Window;
    createSender(win, options)('chunk', 'video', 'm');
    expect(fetch).toHaveBeenCalledWith(
      '/_errors',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
  });
});

describe('a report message', () => {
  it('loses queries and fragments of URLs and paths, control characters, and is cut at 300', () => {
    expect(
      cleanReportMessage(
        'Failed to fetch https://site.example/assets/a.js?v=1#x from /fr/page?token=abc#top\u0000\t ok',
      ),
    ).toBe('Failed to fetch https://site.example/assets/a.js from /fr/page ok');
    expect(cleanReportMessage('é'.repeat(1000))).toHaveLength(300);
  });
});

describe('the listener', () => {
  it('queues what happens and hands it to the sender once loaded', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    // Nothing is sent before the listener is on (the server, unit tests).
    reportBrowserError('render', 'carte', new Error('before'));
    listenForErrors(window, options);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined') }));
    reportBrowserError(
      'chunk',
      'galerie',
      new Error('Failed to fetch dynamically imported module'),
    );
    await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(2));
    const bodies = await Promise.all(
      sendBeacon.mock.calls.map(
        async (call) => JSON.parse(await (call as unknown as [string, Blob])[1].text()) as unknown,
      ),
    );
    expect(bodies).toEqual([
      { kind: 'uncaught', block: 'none', page: 'content', message: 'TypeError: x is undefined' },
      {
        kind: 'chunk',
        block: 'galerie',
        page: 'content',
        message: 'Error: Failed to fetch dynamically imported module',
      },
    ]);
  });
});
