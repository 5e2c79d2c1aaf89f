import { describe, expect, it } from 'vitest';
import type { ViewState } from '../app/state';
import type { ChronicleCard } from '../content/models';
import {
  lotTag,
  nodeTag,
  noteCardNode,
  OVERFLOW_TAG,
  pageTag,
  tagHeaderValue,
  viewTags,
} from './cdn-tags';

const card = { id: 'c1', title: 'Une chronique' } as ChronicleCard;
noteCardNode(card, '/pari-boreal/chroniques/une');

/** A content view: the home page with a ticket list and a chroniques list. */
const home = {
  path: '/fr/accueil',
  locale: 'fr',
  view: {
    kind: 'content',
    page: {
      path: '/pari-boreal/accueil',
      components: [
        { kind: 'section', children: [{ kind: 'liste-billets' }] },
        { kind: 'liste-chroniques' },
      ],
    },
    alternate: '/en/home',
    data: { lots: [{ name: 'lot-2026-001' }, { name: 'lot-2026-002' }], chronicles: [card] },
  },
} as unknown as ViewState;

describe('cache tags', () => {
  it('name a path, a node or a lot by a short hash of safe characters, one tag per page', () => {
    expect(pageTag('/fr/accueil')).toMatch(/^page:[0-9a-f]{10}$/);
    // A trailing slash and an encoded spelling are the same page.
    expect(pageTag('/fr/accueil/')).toBe(pageTag('/fr/accueil'));
    expect(pageTag('/fr/%C3%A9t%C3%A9')).toBe(pageTag('/fr/été'));
    expect(pageTag('/fr/promotions')).not.toBe(pageTag('/fr/accueil'));
    expect(lotTag('lot-2026-001')).toMatch(/^lot:[0-9a-f]{10}$/);
  });

  it('of a page: its path, language, site node, node, lists, and each lot and chronique it shows', () => {
    const tags = viewTags(home, '/fr/accueil', true);
    expect(tags.broad).toEqual([
      pageTag('/fr/accueil'),
      'lang:fr',
      'site:fr',
      nodeTag('/pari-boreal/accueil'),
      'list:billets:fr',
      'tiles',
      'list:chroniques:fr',
    ]);
    expect(tags.items).toEqual([
      lotTag('lot-2026-001'),
      lotTag('lot-2026-002'),
      nodeTag('/pari-boreal/chroniques/une'),
    ]);
    // A view answer for client navigation holds no header or footer.
    expect(viewTags(home, '/fr/accueil', false).broad).not.toContain('site:fr');
  });

  it('of the HTML site map: the page listing', () => {
    const map = { path: '/fr/plan-du-site', locale: 'fr', view: { kind: 'site-map', groups: [] } };
    expect(viewTags(map as unknown as ViewState, '/fr/plan-du-site', true).broad).toContain(
      'pages',
    );
  });

  it('go out space-separated for Fastly, comma-separated for Cloudflare; over the bound, the items give way to one tag', () => {
    const tags = viewTags(home, '/fr/accueil', true);
    const fastly = tagHeaderValue(tags, 'Surrogate-Key');
    expect(fastly.split(' ')).toEqual([...tags.broad, ...tags.items]);
    expect(tagHeaderValue(tags, 'Cache-Tag').split(',')).toEqual(fastly.split(' '));
    const many = {
      broad: tags.broad,
      items: Array.from({ length: 300 }, (_, i) => lotTag(`l${i}`)),
    };
    const bounded = tagHeaderValue(many, 'Surrogate-Key');
    expect(bounded.length).toBeLessThanOrEqual(2000);
    expect(bounded.split(' ')).toEqual([...tags.broad, OVERFLOW_TAG]);
  });
});
