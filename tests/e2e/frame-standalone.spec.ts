/** The header and footer mounted alone on a page the site did not render (docs/requirements.md, "Settled points"). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_ORIGIN } from '../../playwright.config';
import { expect, test } from './fixtures';

const SITE = E2E_ORIGIN;

test('the demo host page gets the header and footer from one script tag', async ({
  page,
  request,
  consoleErrors,
}) => {
  const raw = await (await request.get('/demo/frame-host.html')).text();
  expect(raw).not.toContain('Parier');
  expect(raw.match(/<script[^>]*src=/g)).toHaveLength(1);
  await page.goto('/demo/frame-host.html');
  const header = page.locator('#site-header');
  await expect(header.getByRole('navigation', { name: 'Navigation principale' })).toBeAttached();
  await expect(header.locator(`a[href="${SITE}/sports/fr"]`).first()).toBeVisible();
  await expect(page.locator('#site-footer')).toContainText('Jeu responsable');
  await expect(page.locator('#host-content h1')).toHaveText('Contenu du système hôte');
  expect(consoleErrors).toEqual([]);
});

test.describe('on another origin', () => {
  let host: Server;
  let hostOrigin = '';

  test.beforeAll(async () => {
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Widget host</title>
<script>window.PariBorealFrame = { locale: 'en', header: '#top', footer: '#bottom' };</script>
<script src="${SITE}/frame.js"></script></head>
<body><div id="top"></div><main><h1>Third-party page</h1></main><div id="bottom"></div></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => host.close(() => resolve()));
  });

  test('mounts in English with links back to the site', async ({
    page,
    consoleErrors,
    isMobile,
  }) => {
    await page.goto(hostOrigin);
    const top = page.locator('#top');
    await expect(top.locator(`a[href="${SITE}/sports/en"]`).first()).toBeVisible();
    await expect(page.locator('#bottom')).toContainText('Responsible gaming');
    if (!isMobile) {
      await top.locator('summary', { hasText: 'Winners' }).click();
      await expect(top.getByRole('link', { name: 'Winning tickets' })).toHaveAttribute(
        'href',
        `${SITE}/en/winning-tickets`,
      );
    }
    await expect(page.locator('main h1')).toHaveText('Third-party page');
    expect(consoleErrors).toEqual([]);
  });
});
