/**
 * The site against a content service that misbehaves (docs/content-contract.md, "What each failure leads to"): each
 * fault ends on the 503 page, and the server says why in its log.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { startSiteProcess, type SiteProcess } from './support/site-process';

type Fault = '500' | 'html' | 'truncated' | 'slow' | 'huge';

let fault: Fault = '500';
let stub: Server;
let site: SiteProcess;
let siteOrigin = '';
/** Resolved when the 'huge' answer has started to stream. */
let hugeStarted: () => void = () => undefined;

test.describe.configure({ mode: 'serial' });

/**
 * The site's time-out for the content service. Only the 'slow' fault may reach it: at 500 ms, a
 * loaded machine delayed the other faults' answers past it (the 'huge' one's first 2 MiB, once
 * even a bare 500), and the log then named a time-out instead of the fault under test.
 */
const TIMEOUT_MS = 3_000;

test.beforeAll(async () => {
  stub = createServer((_req, res) => {
    switch (fault) {
      case '500':
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
        return;
      case 'html':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>Maintenance</body></html>');
        return;
      case 'truncated':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"results": [{"@name": "acc');
        return;
      case 'slow':
        // Never answers within the site's time-out; closed when the spec ends.
        setTimeout(() => res.destroy(), 4 * TIMEOUT_MS);
        return;
      case 'huge': {
        // 16 MB of valid JSON, a megabyte at a time, no Content-Length: only reading tells.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(1024 * 1024);
        let sent = 0;
        const next = () => {
          if (res.destroyed) return;
          if (sent === 16) {
            res.end('"}]}');
            return;
          }
          res.write(sent === 0 ? `{"results": [{"texte": "${chunk}` : chunk, () => {
            if (sent === 1) hugeStarted();
            setTimeout(next, 20);
          });
          sent += 1;
        };
        next();
        return;
      }
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  // On a free port of its own: a port derived from the worker's number met the suite's own
  // server (E2E_PORT) or another local one. The vendors other than the failing content service
  // are stand-ins (support/site-process.ts).
  site = await startSiteProcess({
    CMS_ORIGIN: stubOrigin,
    CMS_TIMEOUT_MS: String(TIMEOUT_MS),
    LOG_LEVEL: 'warn',
  });
  siteOrigin = site.origin;
});

test.afterAll(async () => {
  site.kill();
  await site.exited;
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  stub.closeAllConnections();
});

const causes: Record<Fault, RegExp> = {
  '500': /status 500/,
  html: /not-json/,
  truncated: /invalid-json/,
  slow: /timeout/,
  huge: /too-large/,
};

for (const mode of ['500', 'html', 'truncated', 'slow', 'huge'] as const) {
  test(`a content service answering ${mode} ends on the 503 page`, async ({ page, request }) => {
    fault = mode;
    const response = await request.get(`${siteOrigin}/fr/accueil`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/headless/err/503.html?lang=fr');
    await page.goto(`${siteOrigin}/en/home`);
    await expect(page).toHaveURL(/\/headless\/err\/503\.html\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops... Error 503');
    expect(site.log()).toMatch(causes[mode]);
  });
}

test('megabytes streaming from the content service do not hold up other requests', async ({
  request,
}) => {
  fault = 'huge';
  const started = new Promise<void>((resolve) => (hugeStarted = resolve));
  const page = request.get(`${siteOrigin}/fr/promotions`, { maxRedirects: 0 });
  await started;
  const before = performance.now();
  const date = await fetch(`${siteOrigin}/date`);
  const elapsed = performance.now() - before;
  expect(date.status).toBe(200);
  // Generous on a shared machine: a blocked process would take as long as the answer streams.
  expect(elapsed).toBeLessThan(1000);
  expect((await page).headers().location).toBe('/headless/err/503.html?lang=fr');
});
