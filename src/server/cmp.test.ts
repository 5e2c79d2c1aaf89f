// @vitest-environment node
/**
 * The operator's consent manager on the site's pages (docs/decisions/0075-operator-cmp.md,
 * 0080): its loader's element first in the head with the vendors' ids, its origins and only them in the policy, none
 * of it without configuration or in a preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { startStandIns, testConfig, testServer } from '../../testing/server';

const TOKEN = 'preview-token-0123456789abcdef0123456789';
const CMP = {
  CMP_API_KEY: '7dd8ec4e-746c-455e-a610-99121b4148df',
  CMP_SDK_ORIGIN: 'https://sdk.cmp.example',
  CMP_API_ORIGIN: 'https://api.cmp.example',
  CMP_VENDOR_VIDEO: 'c:youtube-AbCd1234',
  CMP_VENDOR_PODCAST: 'c:podcast-EfGh5678',
};
const ELEMENT =
  '<template id="app-cmp" data-loader="https://sdk.cmp.example/7dd8ec4e-746c-455e-a610-99121b4148df/loader.js?target=www.pari.example" data-video="c:youtube-AbCd1234" data-podcast="c:podcast-EfGh5678"></template>';

let embedded: EmbeddedServices;
beforeAll(async () => {
  embedded = await startStandIns();
});
afterAll(() => embedded.close());

const directive = (csp: string | undefined, name: string) =>
  new RegExp(`${name} ([^;]*)`).exec(csp ?? '')?.[1] ?? '';

describe("the operator's consent manager", () => {
  it('is named first in the head of every page, for the entry to load; its origins allowed by the policy', async () => {
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, { ...CMP, PREVIEW_TOKEN: TOKEN }),
    });
    for (const url of ['/fr/promotions', '/sports/en', '/fr/404.html']) {
      const page = await app.inject({ url });
      const head = /<head>([\s\S]*)<\/head>/.exec(page.body)?.[1] ?? '';
      expect(head.indexOf(ELEMENT), url).toBeGreaterThan(0);
      expect(head.indexOf(ELEMENT), url).toBeLessThan(head.indexOf('<script type="module"'));
      expect(head.indexOf(ELEMENT), url).toBeLessThan(head.indexOf('<title'));
      // No script of its own in the document: the entry adds it after the first screen
      // (docs/decisions/0080-first-screen-first.md).
      expect(head, url).not.toMatch(/<script[^>]*loader\.js/);
    }
    const csp = (await app.inject({ url: '/fr/promotions' })).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toContain('https://sdk.cmp.example');
    expect(directive(csp, 'connect-src')).toBe(
      "'self' https://sdk.cmp.example https://api.cmp.example",
    );
    expect(directive(csp, 'frame-src')).not.toContain('cmp.example');

    // A preview runs no third party's script, the consent manager's neither.
    const preview = await app.inject({ url: `/_preview/fr/promotions?token=${TOKEN}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('id="app-cmp"');
    const previewCsp = preview.headers['content-security-policy'];
    expect(previewCsp).not.toContain('cmp.example');
    expect(directive(previewCsp, 'connect-src')).toBe("'self'");
    await app.close();
  });

  it('is not there without configuration: the built-in store, nothing more allowed', async () => {
    const app = await testServer(embedded.origin, { config: testConfig(embedded.origin) });
    const page = await app.inject({ url: '/fr/promotions' });
    expect(page.body).not.toContain('id="app-cmp"');
    expect(page.body).not.toContain('loader.js');
    expect(directive(page.headers['content-security-policy'], 'connect-src')).toBe("'self'");
    await app.close();
  });
});
