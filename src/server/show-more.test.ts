// @vitest-environment node
/**
 * "Show more" as a link (issue 33; docs/decisions/0078-show-more-as-a-link.md): the server
 * renders as many items of a list as a link's count asks, for the counts the list's links ask
 * only; each such page is made and kept once, under its path and count, and anything else is the
 * page as without it, which nginx is told not to keep. Demo content at the tests' date: 20
 * winners, 18 tickets, 10 chroniques.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { render } from '../app/entry-server';
import { pageStateText, stateAddressOf } from '../../testing/page-state';
import { startStandIns, testConfig, testServer } from '../../testing/server';

let embedded: EmbeddedServices;

interface Counted {
  app: FastifyInstance;
  /** One per render: what its block data says the lists show. */
  renders: string[];
}

async function server(): Promise<Counted> {
  const renders: string[] = [];
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin),
    getRender: () =>
      Promise.resolve((snapshot) => {
        const data = snapshot.view.kind === 'content' ? snapshot.view.data : undefined;
        renders.push(
          `${snapshot.path} ${JSON.stringify(data?.lotsShown ?? data?.chroniclesShown ?? null)}`,
        );
        return render(snapshot);
      }),
  });
  await app.ready();
  return { app, renders };
}

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

/** The main root's markup. */
const main = (html: string) =>
  /<main[^>]*id="mount-main"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
const lotsIn = (html: string) => main(html).match(/data-lot-index="/g)?.length ?? 0;
/** The cards of the page's chroniques list (its block's markup, to the end of its list). */
const chroniclesIn = (html: string) => {
  const from = html.indexOf('data-lazy-block="liste-chroniques"');
  const list = from < 0 ? '' : html.slice(from, html.indexOf('</ol>', from));
  return list.match(/<li/g)?.length ?? 0;
};
/** The "show more" links' addresses, in the order of the page. */
const moreLinks = (html: string) =>
  [...main(html).matchAll(/href="(\?(?:billets|gagnants|chroniques)=\d+#[^"]+)"/g)].map(
    ([, href]) => href,
  );

describe('a "show more" link followed without script', () => {
  it('gets the page with that many lots, the next links, one canonical URL', async () => {
    const { app, renders } = await server();
    const res = await app.inject({ url: '/fr/gagnants?gagnants=12' });
    expect(res.statusCode).toBe(200);
    expect(lotsIn(res.body)).toBe(12);
    // The large screen's next 6 and the phone's next 3, each landing on the 13th winner.
    const links = moreLinks(res.body);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(/^\?gagnants=18#lots[\w-]+-12$/);
    expect(links[1]).toMatch(/^\?gagnants=15#lots[\w-]+-12$/);
    // It lands on the first new winner of the next page, whose item has that id.
    const target = links[0]?.split('#')[1] ?? '';
    const next = await app.inject({ url: '/fr/gagnants?gagnants=18' });
    expect(main(next.body)).toContain(`<li id="${target}" data-lot-index="12">`);
    // Every screen shows the count asked, phones included: its state beside it says so, and is
    // asked for with the count (docs/decisions/0081).
    expect(stateAddressOf(res.body)).toMatch(/^\/_state\/[\w-]{22}\/fr\/gagnants\?gagnants=12$/);
    expect(await pageStateText(app, res.body)).toContain('"lotsShown":{"gagnant":12}');
    expect(res.body).toContain(
      `<link data-managed rel="canonical" href="https://www.pari.example/fr/gagnants">`,
    );
    expect(res.headers['x-accel-expires']).toBe('3');
    expect(res.headers['cache-control']).toContain('s-maxage=');
    // The page as it stands, to learn its lists, then the pages with 12 and 18.
    expect(renders).toEqual([
      '/fr/gagnants null',
      '/fr/gagnants {"gagnant":12}',
      '/fr/gagnants {"gagnant":18}',
    ]);
    // Kept: asked again, not made again.
    expect((await app.inject({ url: '/fr/gagnants?gagnants=12&utm=x' })).body).toBe(res.body);
    expect(renders).toHaveLength(3);
    await app.close();
  });

  it('shows all with the last link, which is the last', async () => {
    const { app } = await server();
    const all = await app.inject({ url: '/en/winners?gagnants=20' });
    expect(lotsIn(all.body)).toBe(20);
    expect(moreLinks(all.body)).toEqual([]);
    const last = await app.inject({ url: '/en/winners?gagnants=18' });
    expect(moreLinks(last.body)).toEqual([expect.stringMatching(/^\?gagnants=20#lots[\w-]+-18$/)]);
    await app.close();
  });

  it('the default page: the large screen’s link to 12, the phone’s to 6', async () => {
    const { app } = await server();
    const res = await app.inject({ url: '/fr/gagnants' });
    expect(lotsIn(res.body)).toBe(6);
    const links = moreLinks(res.body);
    expect(links[0]).toMatch(/^\?gagnants=12#lots[\w-]+-6$/);
    expect(links[1]).toMatch(/^\?gagnants=6#lots[\w-]+-3$/);
    // Only the phone's landing item has an id: the large screen's is on the next page.
    expect(main(res.body).match(/<li[^>]* id="/g)).toHaveLength(1);
    await app.close();
  });

  it('for tickets and chroniques too, each list on its own on the home page', async () => {
    const { app } = await server();
    const tickets = await app.inject({ url: '/fr/billets-gagnants?billets=9' });
    expect(lotsIn(tickets.body)).toBe(9);
    const chronicles = await app.inject({ url: '/en/columns?chroniques=8' });
    expect(chroniclesIn(chronicles.body)).toBe(8);
    expect(moreLinks(chronicles.body)).toEqual([
      expect.stringMatching(/^\?chroniques=10#[\w-]+-8$/),
    ]);
    expect(chroniclesIn((await app.inject({ url: '/en/columns?chroniques=10' })).body)).toBe(10);
    const home = (await app.inject({ url: '/fr/accueil' })).body;
    const homeTickets = await app.inject({ url: '/fr/accueil?billets=12' });
    expect(lotsIn(homeTickets.body)).toBe(lotsIn(home) + 6);
    expect(homeTickets.headers['x-accel-expires']).toBe('3');
    const homeChronicles = await app.inject({ url: '/fr/accueil?chroniques=8' });
    expect(chroniclesIn(homeChronicles.body)).toBe(chroniclesIn(home) + 4);
    await app.close();
  });
});

describe('a count the page does not accept', () => {
  const IGNORED = [
    // Not a count its links ask for.
    '/fr/gagnants?gagnants=7',
    '/fr/gagnants?gagnants=3',
    '/fr/gagnants?gagnants=21',
    '/fr/gagnants?gagnants=9999',
    // Garbage.
    '/fr/gagnants?gagnants=abc',
    '/fr/gagnants?gagnants=012',
    '/fr/gagnants?gagnants=%31%32',
    '/fr/gagnants?gagnants=',
    // A list the page does not have.
    '/fr/gagnants?billets=12',
    '/fr/gagnants?chroniques=8',
    // Two lists at once.
    '/fr/gagnants?gagnants=12&billets=12',
  ];

  it('gets the page as without it, which nginx must not keep under that request', async () => {
    const { app, renders } = await server();
    const plain = await app.inject({ url: '/fr/gagnants' });
    for (const url of IGNORED) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(plain.headers.etag);
      expect(res.headers['x-accel-expires'], url).toBe('0');
    }
    const home = await app.inject({ url: '/fr/accueil?billets=12&gagnants=12' });
    expect(home.headers['x-accel-expires']).toBe('0');
    expect(home.headers.etag).toBe((await app.inject({ url: '/fr/accueil' })).headers.etag);
    expect(renders).toEqual(['/fr/gagnants null', '/fr/accueil null']);
    await app.close();
  });

  it('a flood of made-up counts costs no render and no cache entry', async () => {
    const { app, renders } = await server();
    for (let i = 0; i < 300; i++) {
      const count = i % 3 ? String(21 + i) : `x${i}`;
      const res = await app.inject({ url: `/fr/gagnants?gagnants=${count}&n=${i}` });
      expect(res.statusCode).toBe(200);
    }
    // Its accepted counts, asked in their hundreds: each made once.
    for (let i = 0; i < 100; i++) {
      await app.inject({ url: `/fr/gagnants?gagnants=${[6, 9, 12, 15, 18, 20][i % 6]}` });
    }
    expect(renders).toHaveLength(1 + 6);
    expect(app.caches.pages?.size).toBe(1 + 6);
    await app.close();
  });

  it('on a page without lists, or a path nginx does not key it on, is ignored the same', async () => {
    const { app, renders } = await server();
    const promotions = await app.inject({ url: '/fr/promotions?gagnants=12' });
    expect(promotions.statusCode).toBe(200);
    expect(promotions.headers['x-accel-expires']).toBe('0');
    // The sports area is one page per language, whatever its path and query.
    const sports = await app.inject({ url: '/sports/fr/match?chroniques=8' });
    expect(sports.statusCode).toBe(200);
    expect(sports.headers['x-accel-expires']).toBe('0');
    expect(renders).toEqual(['/fr/promotions null', '/sports/fr null']);
    await app.close();
  });
});
