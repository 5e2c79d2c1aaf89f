// @vitest-environment node
/**
 * Nothing outside its display window leaves the server (docs/architecture.md, "Skipped
 * content"): not in the HTML, not in the hydration state, not in the JSON endpoints. The demo
 * content holds, for each windowed kind, an item to come and an ended one (embedded/README.md).
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import { checkChroniclesAnswer, checkLotsAnswer } from '../app/answer-format';
import type { LoadResult, SiteState, Snapshot } from '../app/state';
import type { Lot } from '../content/models';
import { readState } from '../app/wire';
import { pageStateText } from '../../testing/page-state';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

let embedded: EmbeddedServices;

async function server(logicalDate = TEST_LOGICAL_DATE): Promise<FastifyInstance> {
  return testServer(embedded.origin, {
    config: testConfig(embedded.origin, { LOGICAL_DATE: logicalDate }),
  });
}

beforeAll(async () => {
  embedded = await startStandIns(TEST_LOGICAL_DATE);
});

afterAll(async () => {
  await embedded.close();
});

/** French texts of the demo's items that start later (relative to the anchor day). */
const TO_COME = {
  'tab child (+3d)': 'Coupe des nations',
  'accordion child (+2d)': 'combiné express',
  'slide (+5d)': 'Nouvelle saison',
  'offer (+4d)': 'Offre de la rentrée',
  'promotion (+4d)': 'Mise doublée',
  'chronique (+3d)': 'Le repêchage approche',
};
const SITE_TO_COME = {
  'message (+1d)': 'cotes bonifiées sur tous les matchs du soir',
  'menu link (+3d)': 'Gala des gagnants',
  'footer link (+5d)': 'Carrières',
  'ad (+3d)': 'Application 2.0 bientôt',
};
/** And of those that have ended. */
const ENDED = {
  'section (-1d)': 'Concours d’automne terminé',
  'tab child (-2d)': 'Finale d’automne',
  'slide (-2d)': 'Fin de saison',
  'offer (-2d)': 'Offre d’été',
  'promotion (-2d)': 'Pari sans risque',
  'chronique (-1d)': 'Adieu à l’ancienne formule',
};
const SITE_ENDED = {
  'message (-1d)': 'tirage spécial d’automne',
  'menu link (-1d)': 'Sondage d’automne',
};

/** The page's state as the browser reads it (in it, or beside it), and its markup without it. */
async function stateOf(
  app: FastifyInstance,
  html: string,
): Promise<{ state: Snapshot; markup: string }> {
  const state = readState(await pageStateText(app, html));
  const doc = new JSDOM(html).window.document;
  doc.getElementById('app-state')?.remove();
  return { state, markup: doc.documentElement.outerHTML };
}

function lotsOf(state: Pick<Snapshot, 'view'>): Lot[] {
  if (state.view.kind !== 'content') throw new Error(`not a content view: ${state.view.kind}`);
  return state.view.data.lots ?? [];
}

/** The texts among `texts` found in `where`, by label. */
function found(where: string, texts: Record<string, string>): string[] {
  return Object.entries(texts)
    .filter(([, text]) => where.includes(text))
    .map(([label]) => label);
}

describe('what leaves the server at the logical date', () => {
  it('keeps every item to come or ended out of the home page, its HTML and its state', async () => {
    const app = await server();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    const { state, markup } = await stateOf(app, res.body);
    const json = JSON.stringify(state);
    const hidden = { ...TO_COME, ...SITE_TO_COME, ...ENDED, ...SITE_ENDED };
    expect(found(json, hidden)).toEqual([]);
    expect(found(markup, hidden)).toEqual([]);
    // What is shown is there, in both.
    for (const where of [json, markup]) {
      expect(where).toContain('Cote bonifiée');
      expect(where).toContain('Les séries commencent');
      expect(where).toContain('Nos gagnants');
    }
    // The page's state holds no lots (decision 0044): /_data/lots has them all.
    const rest = checkLotsAnswer(
      (await app.inject({ url: '/_data/lots?lang=fr&lists=billet,gagnant' })).json(),
    );
    const lots = [...lotsOf(state), ...(rest.ok ? (rest.value ?? []) : [])];
    const names = lots.map((lot) => lot.name);
    // Ended yesterday, and won 52 weeks ago: gone; won 50 weeks ago: kept.
    expect(names).not.toContain('lot-2026-008');
    expect(names).not.toContain('lot-2026-009');
    expect(names).toContain('lot-2026-010');
    // A ticket to come stays on the server, its lot's winner leaves.
    const lot7 = lots.find((lot) => lot.name === 'lot-2026-007');
    expect(lot7?.gagnant).toBeDefined();
    expect(lot7?.billet).toBeUndefined();
    await app.close();
  });

  it('sends them once their window opens (the texts above are real items)', async () => {
    const app = await server('2026-11-26 12:00');
    const { body } = await app.inject({ url: '/fr/accueil' });
    // In the state, or for a block with no behaviour in the browser in the markup alone
    // (docs/decisions/0037-static-blocks-out-of-the-state.md): either way, in the page.
    const json = JSON.stringify((await stateOf(app, body)).state);
    expect(found(body + json, { ...TO_COME, ...SITE_TO_COME })).toEqual(
      Object.keys({ ...TO_COME, ...SITE_TO_COME }),
    );
    expect(found(json, { ...TO_COME, ...SITE_TO_COME })).toEqual(
      expect.arrayContaining(['slide (+5d)']),
    );
    // In the markup alone: the chroniques list is below the first component
    // (docs/decisions/0051-chroniques-after-the-first-component.md); offers whose windows no
    // longer change are static (docs/decisions/0054-offers-and-promotions-static.md). The
    // promotions travel: one of them still closes after this date.
    const inMarkupOnly = ['chronique (+3d)', 'offer (+4d)'];
    for (const label of inMarkupOnly) expect(found(json, { ...TO_COME })).not.toContain(label);
    expect(found((await stateOf(app, body)).markup, { ...TO_COME })).toEqual(
      expect.arrayContaining(inMarkupOnly),
    );
    await app.close();
  });

  it('prunes /_data/view, /_data/site and /_data/frame alike', async () => {
    const app = await server();
    const view = await app.inject({ url: '/_data/view?path=/fr/accueil' });
    const result = view.json<LoadResult>();
    if (result.type !== 'view') throw new Error('expected a view');
    expect(found(view.body, { ...TO_COME, ...ENDED })).toEqual([]);
    expect(lotsOf(result.state).map((lot) => lot.name)).not.toContain('lot-2026-008');
    for (const url of ['/_data/site?lang=fr', '/_data/frame?lang=fr']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(found(res.body, { ...SITE_TO_COME, ...SITE_ENDED })).toEqual([]);
      expect(res.body).toContain('Les séries commencent');
    }
    const site = (await app.inject({ url: '/_data/site?lang=fr' })).json<SiteState>();
    expect(site.status === 'ok' && site.site.header.messages).toHaveLength(2);
    await app.close();
  });

  it('sends each page only the lots and sub-nodes its lists and modal show', async () => {
    const app = await server();
    // As a client-side navigation receives them: the hydration state of these pages holds
    // none (their lists ask for them, docs/decisions/0044).
    const lotsAt = async (path: string) => {
      const res = await app.inject({ url: `/_data/view?path=${path}` });
      expect(res.statusCode).toBe(200);
      const result = res.json<LoadResult>();
      if (result.type !== 'view') throw new Error('expected a view');
      return lotsOf(result.state);
    };
    const tickets = await lotsAt('/fr/billets-gagnants');
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.every((lot) => lot.billet && !lot.gagnant)).toBe(true);
    const winners = await lotsAt('/fr/gagnants');
    expect(winners.every((lot) => lot.gagnant && !lot.billet)).toBe(true);
    // Winner without video: on the winners list, not for the modal alone of a chronique.
    expect(winners.map((lot) => lot.name)).toContain('lot-2026-004');
    // A chronique page has no list: no lots in it. Its deep link asks /_data/lots for the
    // tickets and the winners with a video, at the logical date.
    const page = await app.inject({ url: '/fr/chroniques/bilan-hiver' });
    const { view } = (await stateOf(app, page.body)).state;
    expect(view.kind === 'content' && view.data.lots).toBeUndefined();
    const answer = checkLotsAnswer((await app.inject({ url: '/_data/lots?lang=fr' })).json());
    const chronicle = answer.ok ? (answer.value ?? []) : [];
    expect(chronicle.map((lot) => lot.name)).not.toContain('lot-2026-004');
    expect(chronicle.map((lot) => lot.name)).toContain('lot-2026-003');
    expect(chronicle.map((lot) => lot.name)).not.toContain('lot-2026-008');
    expect(chronicle.every((lot) => !lot.gagnant || lot.gagnant.video)).toBe(true);
    expect((await app.inject({ url: '/_data/lots?lang=de' })).statusCode).toBe(400);
    await app.close();
  });

  it("puts each list's first block in the page and the rest in /_data/lots?lists=", async () => {
    const app = await server();
    const { state, markup } = await stateOf(app, (await app.inject({ url: '/fr/gagnants' })).body);
    const view = state.view.kind === 'content' ? state.view : null;
    // The hydration state holds none: the list asks for them all (docs/decisions/0044).
    expect(view?.data).toMatchObject({ lots: [], lotsLater: true });
    // A client-side navigation's answer holds the first block.
    const navigation = (
      await app.inject({ url: '/_data/view?path=/fr/gagnants' })
    ).json<LoadResult>();
    if (navigation.type !== 'view' || navigation.state.view.kind !== 'content') {
      throw new Error('expected a content view');
    }
    expect(navigation.state.view.data.lotTotals).toEqual(view?.data.lotTotals);
    const first = lotsOf(navigation.state).map((lot) => lot.name);
    // Six winners shown, and the list's count for its "show more" button.
    expect(first).toHaveLength(6);
    const answer = checkLotsAnswer(
      (await app.inject({ url: '/_data/lots?lang=fr&lists=gagnant' })).json(),
    );
    const all = answer.ok ? (answer.value ?? []) : [];
    expect(view?.data.lotTotals).toEqual({ gagnant: all.length });
    expect(all.length).toBeGreaterThan(6);
    // The first block is the newest six of the whole list (kept in the service's order).
    const newest = [...all].sort((a, b) => (b.dateGain ?? '').localeCompare(a.dateGain ?? ''));
    expect(
      newest
        .slice(0, 6)
        .map((lot) => lot.name)
        .sort(),
    ).toEqual([...first].sort());
    // The markup shows those six and a link for the rest.
    expect(markup.match(/data-lot-index=/g)).toHaveLength(6);
    expect(markup).toContain(`Voir ${Math.min(6, all.length - 6)} gagnants de plus`);
    expect(all.every((lot) => lot.gagnant && !lot.billet)).toBe(true);
    for (const bad of ['lists=billets', 'lists=', 'lists=gagnant&lists=billet']) {
      const res = await app.inject({ url: `/_data/lots?lang=fr&${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
    await app.close();
  });

  it("puts the chroniques list's first 4 in the page and all in /_data/chronicles", async () => {
    const app = await server();
    const { state, markup } = await stateOf(app, (await app.inject({ url: '/fr/accueil' })).body);
    const data = state.view.kind === 'content' ? state.view.data : null;
    // Below the first component, the state holds no card (docs/decisions/0051).
    expect(data?.chronicles).toEqual([]);
    expect(data?.chroniclesLater).toBe(true);
    const res = await app.inject({ url: '/_data/chronicles?lang=fr' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(found(res.body, { ...TO_COME, ...ENDED })).toEqual([]);
    const answer = checkChroniclesAnswer(res.json());
    const all = answer.ok ? (answer.value ?? []) : [];
    expect(data?.chroniclesTotal).toBe(all.length);
    expect(all.length).toBeGreaterThan(4);
    const shown = (card: { href: string }) => markup.includes(`href="${card.href}"`);
    expect(all.slice(0, 4).every(shown)).toBe(true);
    expect(all.slice(4).some(shown)).toBe(false);
    expect((await app.inject({ url: '/_data/chronicles?lang=xx' })).statusCode).toBe(400);
    await app.close();
  });

  it('404s a chronique out of its window, and lists only those in it', async () => {
    const app = await server();
    expect((await app.inject({ url: '/fr/chroniques/repechage-a-venir' })).headers.location).toBe(
      '/fr/404.html',
    );
    const list = await app.inject({ url: '/fr/chroniques' });
    expect(found(list.body, { ...TO_COME, ...ENDED })).toEqual([]);
    await app.close();
  });
});

describe('caching until the next window change', () => {
  it('keeps a page in shared caches no longer than until an item opens', async () => {
    // The message of the next day opens at midnight, 60 s after this logical date.
    const app = await server('2026-11-21 23:59');
    const res = await app.inject({ url: '/fr/promotions' });
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400',
    );
    await app.close();
  });
});
