/**
 * The site against a content service that misbehaves (CMS-CONTRACT.md "Faults to expect"): each
 * fault ends on the 503 page, and the server says why in its log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { startStandIns, type StandIns } from './support/stand-ins';

type Fault = '500' | 'html' | 'truncated' | 'slow' | 'huge';

let fault: Fault = '500';
let stub: Server;
let site: ChildProcess;
let siteOrigin = '';
let siteLog = '';
let standIns: StandIns;
/** Resolved when the 'huge' answer has started to stream. */
let hugeStarted: () => void = () => undefined;

test.describe.configure({ mode: 'serial' });

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
        // Never answers within the site's time-out; closed when the test ends.
        setTimeout(() => res.destroy(), 5_000);
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
  const port = 4300 + test.info().workerIndex;
  siteOrigin = `http://127.0.0.1:${port}`;
  // PUBLIC_ORIGIN set: every third party is named (the production guard); the vendors other
  // than the failing content service are stand-ins.
  standIns = await startStandIns();
  site = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...standIns.complete({ CMS_ORIGIN: stubOrigin, PUBLIC_ORIGIN: siteOrigin }),
      CMS_TIMEOUT_MS: '500',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout?.on('data', (chunk: Buffer) => (siteLog += chunk.toString()));
  site.stderr?.on('data', (chunk: Buffer) => (siteLog += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${siteOrigin}/date`).catch(() => null))?.status ?? 0, {
      timeout: 20_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  site.kill('SIGTERM');
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  stub.closeAllConnections();
  await standIns.close();
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
    expect(response.headers().location).toBe('/headless/err/503.html');
    await page.goto(`${siteOrigin}/en/home`);
    await expect(page).toHaveURL(/\/headless\/err\/503\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Err(or|eur) 503/);
    expect(siteLog).toMatch(causes[mode]);
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
  expect((await page).headers().location).toBe('/headless/err/503.html');
});
