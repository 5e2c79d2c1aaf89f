// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import { startStandIns, testConfig, testServer } from '../../testing/server';

const ORIGIN = 'https://www.pari.example';
let embedded: EmbeddedServices;
let failing = false;

function server(): Promise<FastifyInstance> {
  return testServer(embedded.origin, {
    config: testConfig(embedded.origin),
    logger: process.env.TEST_LOG ? { level: 'warn' } : false,
    fetcher: (input, init) =>
      failing ? Promise.reject(new Error('ECONNREFUSED')) : fetch(input, init),
  });
}

/** The main region's HTML: the header and footer have links of their own. */
function mainOf(html: string): string {
  const start = html.indexOf('<main id="mount-main"');
  return html.slice(start, html.indexOf('</main>', start));
}

const hrefs = (html: string): string[] =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

describe('the HTML site map', () => {
  it.each([
    ['fr', '/fr/plan-du-site', '/en/site-map', 'Plan du site', 'Chroniques', 'Nos gagnants'],
    ['en', '/en/site-map', '/fr/plan-du-site', 'Site map', 'Columns', 'Our winners'],
  ])(
    'answers %s at its reserved path, shared-cached, with canonical, alternates and groups',
    async (_lang, path, other, title, chroniclesGroup, winnersTitle) => {
      const app = await server();
      const res = await app.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public, .*s-maxage=/);
      const html = res.body;
      expect(html).toContain(`<title>${title} | `);
      expect(html).toContain(`rel="canonical" href="${ORIGIN}${path}"`);
      expect(html).toContain(`hreflang="fr-CA" href="${ORIGIN}/fr/plan-du-site"`);
      expect(html).toContain(`hreflang="en-CA" href="${ORIGIN}/en/site-map"`);
      const main = mainOf(html);
      expect(main).toContain(`<h1`);
      expect(main).toMatch(new RegExp(`<h2[^>]*>${chroniclesGroup}</h2>`));
      expect(main).toContain(`>${winnersTitle}</a>`);
      // The header's language switch leads to the other language's site map.
      expect(hrefs(html.slice(0, html.indexOf('<main')))).toContain(other);
      await app.close();
    },
  );

  it.each([
    ['fr', '/fr/plan-du-site'],
    ['en', '/en/site-map'],
  ])(
    'links (%s) exactly the pages sitemap.xml lists in that language, plus the sports area',
    async (lang, path) => {
      const app = await server();
      const xml = (await app.inject({ url: '/sitemap.xml' })).body;
      const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
        .map((m) => (m[1] ?? '').slice(ORIGIN.length))
        .filter((p) => p.startsWith(`/${lang}/`));
      expect(listed.length).toBeGreaterThan(10);
      const links = hrefs(mainOf((await app.inject({ url: path })).body));
      expect(links[0]).toBe(`/sports/${lang}`);
      expect([...links.slice(1)].sort()).toEqual([...listed].sort());
      await app.close();
    },
  );

  it('leaves out pages outside their window at the logical date, and the not-found page', async () => {
    const app = await server();
    const fr = mainOf((await app.inject({ url: '/fr/plan-du-site' })).body);
    const en = mainOf((await app.inject({ url: '/en/site-map' })).body);
    for (const gone of ['promo-a-venir', 'promo-terminee', 'ancienne-formule', 'repechage']) {
      expect(fr).not.toContain(gone);
    }
    for (const gone of ['upcoming-promo', 'ended-promo', 'old-format', 'upcoming-draft']) {
      expect(en).not.toContain(gone);
    }
    expect(fr + en).not.toContain('404.html');
    await app.close();
  });

  it('is the same view for a client-side navigation', async () => {
    const app = await server();
    const res = await app.inject({ url: '/_data/view?path=/en/site-map' });
    const body = res.json<{ type: string; state: { view: { kind: string } } }>();
    expect(body.type).toBe('view');
    expect(body.state.view.kind).toBe('site-map');
    await app.close();
  });

  it('leads to the 503 page when the page listing fails (docs/requirements.md §8)', async () => {
    const app = await server();
    failing = true;
    try {
      const res = await app.inject({ url: '/fr/plan-du-site' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/headless/err/503.html?lang=fr');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      failing = false;
      await app.close();
    }
  });

  it('is not reserved in the other language: /en/plan-du-site is a page not found', async () => {
    const app = await server();
    const res = await app.inject({ url: '/en/plan-du-site' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/404.html');
    await app.close();
  });
});
