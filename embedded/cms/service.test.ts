import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../server';
import {
  APP,
  child,
  childNames,
  getJson,
  isNode,
  results,
  startTestServices,
  walkNodes,
  type WireNode,
} from '../../testing/stand-ins';
import { createCmsService } from './service';
import { loadContent } from './load';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

let services: EmbeddedServices;
let rest: string;

beforeAll(async () => {
  services = await startTestServices();
  rest = `${services.origin}/.rest/${APP}`;
});
afterAll(() => services.close());

const pageByFr = async (path: string, lang = 'fr'): Promise<WireNode> => {
  const { body } = await getJson(
    `${rest}/listerPages?URLfr=${encodeURIComponent(path)}&lang=${lang}`,
  );
  const page = results(body)[0];
  if (!page) throw new Error(`no page ${path}`);
  return page;
};

/** Node metadata and `@nodes` consistency, on every node of a tree. */
function expectWellFormed(root: WireNode): void {
  for (const node of walkNodes(root)) {
    expect(node['@id']).toMatch(UUID);
    expect(node['jcr:uuid']).toBe(node['@id']);
    // Content apps' items are typed by their content type (`lot`, `vignette`), their parts
    // `mgnl:contentNode`.
    expect(node['@nodeType']).toMatch(
      /^(mgnl:(page|area|component|content|contentNode)|lot|vignette)$/,
    );
    expect(String(node['@path'])).toMatch(
      new RegExp(`/${String(node['@name']).replace(/[.]/g, '\\.')}$`),
    );
    expect(node['mgnl:created']).toMatch(ISO);
    expect(node['jcr:createdBy']).toBeTypeOf('string');
    const childKeys = Object.keys(node).filter((key) => isNode(node[key]));
    expect([...childKeys].sort()).toEqual([...childNames(node)].sort());
  }
}

describe('listerTout', () => {
  it('answers the site node with header and footer, in the language asked', async () => {
    const { status, body, headers } = await getJson(`${rest}/listerTout/${APP}?lang=en`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expectWellFormed(body);
    expect(childNames(body)).toEqual(['header', 'footer']);
    const menu = child(body, 'header', 'menu');
    expect(childNames(menu).length).toBeGreaterThanOrEqual(4);
    expect(child(menu, 'promotions')['@nodes']).toEqual([]);
    expect(child(menu, 'promotions').lienExterne).toBe('/en/promotions');
    expect(child(menu, 'gagnants', 'groupe-liens', 'billets-gagnants').titre).toBe(
      'Winning tickets',
    );
    // Two shown, one to come and one ended: the service sends all four, with their windows.
    expect(childNames(child(body, 'header', 'messages'))).toHaveLength(4);
    expect(child(body, 'header', 'messages', 'message-a-venir').dateDebutAffichage).toMatch(
      /^\d{4}-\d{2}-\d{2}T00:00:00\.000-0[45]:00$/,
    );
    expect(child(body, 'header', 'messages', 'message-series')['mgnl:template']).toBe(
      `${APP}:components/message`,
    );
    const footer = child(body, 'footer');
    expect(childNames(child(footer, 'menu'))).toHaveLength(3);
    expect(child(footer, 'menu', 'colonne-aide', 'liens', 'temoins').externalUrl).toBe(
      'javascript:Didomi.preferences.show()',
    );
    expect(childNames(child(footer, 'pub'))).toEqual([
      'pub-jeu-responsable',
      'pub-image',
      'pub-carte',
      'pub-a-venir',
    ]);
    expect(footer.nePasAfficherZonePub).toBe(false);
    expect(footer.noteLegale).toMatch(/<a href="\/en\/technical-help">/);
  });

  it('falls back to French for a missing or unsupported language', async () => {
    for (const query of ['', '?lang=de']) {
      const { body } = await getJson(`${rest}/listerTout/${APP}${query}`);
      expect(child(body, 'header', 'menu', 'gagnants').titre).toBe('Gagnants');
    }
  });

  it('answers 404 for another app segment or an unknown call', async () => {
    expect((await fetch(`${rest}/listerTout/autre-app?lang=fr`)).status).toBe(404);
    expect((await fetch(`${rest}/listerRien?lang=fr`)).status).toBe(404);
    expect((await fetch(`${services.origin}/.rest/autre-app/listerLots`)).status).toBe(404);
    expect((await fetch(`${services.origin}/nulle-part`)).status).toBe(404);
  });
});

describe('listerPages', () => {
  it('finds a page by URLfr and by URLen: same node, texts in the language', async () => {
    const fr = await pageByFr('accueil');
    const { body } = await getJson(`${rest}/listerPages?URLen=home&lang=en`);
    const en = results(body)[0];
    expect(en?.['@id']).toBe(fr['@id']);
    expect(fr.title).toBe('Accueil');
    expect(en?.title).toBe('Home');
    expect(fr).toMatchObject({
      URLfr: 'accueil',
      URLen: 'home',
      type: 'standard',
      '@nodeType': 'mgnl:page',
    });
    expect(fr['mgnl:template']).toBe(`${APP}:pages/standard`);
    for (const key of ['description', 'keywords', 'titleOG', 'descriptionOG', 'imageId', 'urlOG']) {
      expect(fr[key], key).toBeTypeOf('string');
    }
    expectWellFormed(fr);
  });

  it('answers an empty list for an unknown page', async () => {
    const { status, body } = await getJson(`${rest}/listerPages?URLfr=inexistante&lang=fr`);
    expect(status).toBe(200);
    expect(body).toEqual({ results: [] });
  });

  it('emits child keys in reverse order; @nodes keeps the authored order', async () => {
    const main = child(await pageByFr('accueil'), 'main');
    const names = childNames(main);
    expect(names[0]).toBe('entete-accueil');
    const keyOrder = Object.keys(main).filter((key) => isNode(main[key]));
    expect(keyOrder).toEqual([...names].reverse());
    expect(keyOrder).not.toEqual(names);
  });

  it('marks top-level components with typeComposante, except tabs containers', async () => {
    const main = child(await pageByFr('accueil'), 'main');
    const kinds = childNames(main).map((name) => {
      const node = child(main, name);
      return [String(node['mgnl:template']).split('/').at(-1), node.typeComposante];
    });
    expect(kinds).toContainEqual(['entete', 'entete']);
    expect(kinds).toContainEqual(['section', 'section']);
    expect(kinds).toContainEqual(['rangee', 'rangee']);
    expect(kinds).toContainEqual(['contenant-onglets', undefined]);
    // Nested components do not carry it.
    expect(
      child(main, 'section-vedette', 'composantes', 'rangee-cartes').typeComposante,
    ).toBeUndefined();
  });

  it('uses every component kind of the contract on the home page', async () => {
    const home = await pageByFr('accueil');
    const used = new Set(
      [...walkNodes(child(home, 'main'))].map((node) =>
        String(node['mgnl:template']).split('/').at(-1),
      ),
    );
    for (const kind of [
      'entete',
      'section',
      'rangee',
      'contenant-onglets',
      'accordeon',
      'texte',
      'image',
      'video',
      'carte',
      'carrousel',
      'galerie',
      'offres',
      'promotions',
      'liste-billets',
      'liste-gagnants',
      'liste-chroniques',
      'liste-videos',
      'balado',
    ]) {
      expect(used, kind).toContain(kind);
    }
    const row = child(home, 'main', 'section-vedette', 'composantes', 'rangee-cartes');
    expect(row.disposition).toBe('4 4 4');
    expect(childNames(row)).toEqual(['colonne0', 'colonne1', 'colonne2']);
    expect(child(home, 'main', 'rangee-medias').disposition).toBe('8 4');
    const tabs = child(home, 'main', 'onglets-sports', 'onglets');
    expect(childNames(child(tabs, 'onglet-bientot', 'composantes'))).toEqual([]);
  });

  it('resolves relative dates against the anchor, with the DST-correct offset', async () => {
    const home = await pageByFr('accueil');
    const slides = child(
      home,
      'main',
      'section-carrousel',
      'composantes',
      'carrousel-accueil',
      'diapositives',
    );
    // Anchor 2026-03-10; DST began 2026-03-08.
    expect(child(slides, 'diapo-series').dateDebutAffichage).toBe('2026-02-28T00:00:00.000-05:00');
    expect(child(slides, 'diapo-future').dateDebutAffichage).toBe('2026-03-15T00:00:00.000-04:00');
    expect((await pageByFr('promo-a-venir')).dateDebutAffichage).toBe(
      '2026-04-09T00:00:00.000-04:00',
    );
    expect((await pageByFr('promo-terminee')).dateFinAffichage).toBe(
      '2026-03-09T00:00:00.000-04:00',
    );
  });

  it('keeps the value forms as authored (string booleans, numeric strings)', async () => {
    expect((await pageByFr('aide-technique')).nePasAfficherZonePub).toBe('true');
    const offres = child(
      await pageByFr('accueil'),
      'main',
      'section-offres',
      'composantes',
      'offres-accueil',
    );
    expect([offres.colonnesMobile, offres.colonnesTablette, offres.colonnesBureau]).toEqual([
      1,
      '2',
      3,
    ]);
  });

  it('pages through all pages with limit and offset', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 4) {
      const { body } = await getJson(`${rest}/listerPages?lang=en&limit=4&offset=${offset}`);
      const page = results(body);
      seen.push(...page.map((node) => String(node.URLen)));
      if (page.length < 4) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('columns/live-betting');
    expect(seen).toContain('404.html');
    expect(seen.length).toBe(24);
    const { body } = await getJson(`${rest}/listerPages?lang=fr&limit=5&offset=500`);
    expect(body).toEqual({ results: [] });
  });

  it('serves the robustness page as authored, broken fields included', async () => {
    const page = await pageByFr('demo/robustesse');
    expect(page.URLen).toBe('demo/robustness');
    const section = child(page, 'main', 'section-robustesse', 'composantes');
    expect(child(section, 'composante-inconnue')['mgnl:template']).toBe(
      `${APP}:components/composante-inconnue`,
    );
    expect(child(section, 'rangee-disposition-nombre').disposition).toBe(12);
    expect(child(section, 'image-sans-source').imageId).toBeUndefined();
    expect(String(child(section, 'texte-hostile').texte)).toContain('<script>alert(1)</script>');
    expect(String(child(section, 'texte-long').texte).length).toBeGreaterThan(25_000);
  });
});

describe('listerChroniques', () => {
  it('answers chronique pages newest first', async () => {
    const { body } = await getJson(`${rest}/listerChroniques?orderBy=dateChronique%20desc&lang=fr`);
    const list = results(body);
    // 10 shown, one to come and one withdrawn: the consumer filters by window.
    expect(list).toHaveLength(12);
    const times = list.map((page) => Date.parse(String(page.dateChronique)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const page of list) {
      expect(page.type).toBe('chronique');
      expect(page['mgnl:template']).toBe(`${APP}:pages/chronique`);
      expect(child(page, 'chroniqueur').nomChroniqueur).toBeTypeOf('string');
      expect(childNames(child(page, 'main')).length).toBeGreaterThanOrEqual(2);
    }
    expect(list.some((page) => String(page.dateChronique).slice(8, 10) === '01')).toBe(true);
    expect(
      list.filter((page) => page.lien !== undefined).map((page) => page.nouvelleFenetre),
    ).toEqual(expect.arrayContaining([true, 'false']));
    expect(
      new Set(list.map((page) => child(page, 'chroniqueur').nomChroniqueur)).size,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('listerLots and listerVignettesDeco', () => {
  it('answers lots as the lots app writes them: at the workspace root, ticket and winner children', async () => {
    const { body } = await getJson(`${rest}/listerLots?lang=en`);
    const lots = results(body);
    expect(lots.length).toBeGreaterThanOrEqual(24);
    const byName = new Map(lots.map((lot) => [String(lot.name), lot]));
    expect(byName.size).toBe(lots.length);
    const first = byName.get('lot-2026-001');
    expect(first?.dateGain).toBe('2026-03-07T00:00:00.000-05:00');
    expect(first).toMatchObject({ '@path': '/lot-2026-001', '@nodeType': 'lot' });
    expect(first && childNames(first)).toEqual(['produit', 'sports', 'billet', 'gagnant']);
    expect(first && child(first, 'gagnant')).toMatchObject({
      '@path': '/lot-2026-001/gagnant',
      '@nodeType': 'mgnl:contentNode',
      region: 'Montréal;Montreal',
    });
    expect(first && child(first, 'produit').name).toBe('selection');
    // Only the sub-model's own properties: a ticket has no name.
    expect(first && 'name' in child(first, 'billet')).toBe(false);
    const ticketOnly = byName.get('lot-2026-002');
    expect(ticketOnly && childNames(ticketOnly)).toEqual(['produit', 'sports', 'billet']);
    expect(ticketOnly?.montantGain).toBe('4580.75');
    // A multiple property's entries: the ordered children 0, 1… each with its name.
    const sports = ticketOnly && child(ticketOnly, 'sports');
    expect(sports && childNames(sports)).toEqual(['0', '1', '2']);
    expect(sports && ['0', '1', '2'].map((k) => child(sports, k).name)).toEqual([
      'soccer',
      'hockey',
      'basketball',
    ]);
    const multisport = byName.get('lot-2026-006');
    expect(multisport && child(multisport, 'sports', '0').name).toBe('multisport');
    for (const lot of lots) expectWellFormed(lot);
  });

  it('answers every tile, decorative or not (the consumer filters)', async () => {
    const { body } = await getJson(`${rest}/listerVignettesDeco`);
    const paths = results(body).map((tile) => String(tile['@path']));
    expect(paths.filter((path) => path.includes('decoration'))).toHaveLength(6);
    expect(paths.filter((path) => !path.includes('decoration'))).toHaveLength(2);
    // At the root of the `vignettes` workspace: /{folder}/{name}, typed by the content type.
    expect(paths).toContain('/decoration/tuile-1');
    for (const tile of results(body)) expect(tile['@nodeType']).toBe('vignette');
  });
});

describe('unpinned anchor', () => {
  it('reads the current day in the site zone at each request', () => {
    // No pinned day: the clock moves, from a summer night to a winter noon.
    let now = new Date('2026-07-15T03:00:00Z'); // 2026-07-14 in Toronto
    const service = createCmsService(loadContent(), {
      app: APP,
      timeZone: 'America/Toronto',
      now: () => now,
    });
    const lot = () => {
      const answer = service.handle(`/.rest/${APP}/listerLots`, new URLSearchParams('lang=fr'));
      const lots = answer?.body.results as WireNode[];
      return lots.find((item) => item.name === 'lot-2026-001');
    };
    expect(lot()?.dateGain).toBe('2026-07-11T00:00:00.000-04:00');
    now = new Date('2026-12-01T12:00:00Z');
    expect(lot()?.dateGain).toBe('2026-11-28T00:00:00.000-05:00');
  });
});
