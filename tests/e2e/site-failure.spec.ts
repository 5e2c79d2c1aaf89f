/**
 * The site node and the video platform failing while pages still answer (SPEC.md §8): the header shows the services
 * alert, the footer is hidden, and the rest of the page works.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startEmbeddedServices, type EmbeddedServices } from '../../embedded/server';
import { expect, test, waitForHydration } from './fixtures';

let embedded: EmbeddedServices;
let proxy: Server;
let site: ChildProcess;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  embedded = await startEmbeddedServices({
    host: '127.0.0.1',
    port: 0,
    app: 'pari-boreal',
    timeZone: 'America/Toronto',
    anchorDate: '2026-11-21 12:00',
    contentDir: path.resolve('embedded/cms/content'),
  });
  const target = new URL(embedded.origin);
  // Forwards everything to the embedded service but the site node and the video API, which fail.
  proxy = createServer((req, res) => {
    if (req.url?.includes('/listerTout/') || req.url?.startsWith('/video-api/')) {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = 4400 + test.info().workerIndex;
  origin = `http://127.0.0.1:${port}`;
  site = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      CMS_ORIGIN: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      MEDIA_ORIGIN: embedded.origin,
      VIDEO_API_BASE: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/video-api`,
      LOGICAL_DATE: '2026-11-21 12:00',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/date`).catch(() => null))?.status ?? 0, {
      timeout: 20_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  site.kill('SIGTERM');
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await embedded.close();
});

test('a failed header call shows the services alert, hides the footer, and the page works', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${origin}/en/home`);
  await waitForHydration(page);
  const alert = page.getByTestId('service-error');
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText(
    'Sorry, some parts of the site are not available at this time...',
  );
  await expect(alert).toContainText('We apologize');
  await expect(page.locator('#mount-footer footer')).toHaveCount(0);
  await expect(page.locator('#mount-main h1').first()).toHaveText('Bet on your favourite sports');
  // The rest still works: the language link navigates, the alert follows in French.
  await page.getByTestId('language-link').click();
  await expect(page).toHaveURL(/\/fr\/accueil$/);
  await expect(page.getByTestId('service-error')).toContainText('Désolés');
  await page.getByTestId('service-error').getByRole('button', { name: 'Fermer l’alerte' }).click();
  await expect(page.getByTestId('service-error')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a failed playlist call logs a warning and shows no videos', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${origin}/fr/videos`);
  await waitForHydration(page);
  await expect(page.getByRole('list', { name: 'Vidéos de la liste de lecture' })).toHaveCount(0);
  await expect.poll(() => warnings.some((w) => w.includes('could not be loaded'))).toBe(true);
  // The page itself is whole: its other blocks still render.
  await expect(page.locator('#mount-main h1').first()).toBeVisible();
});
