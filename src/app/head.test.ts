/**
 * The head of a content page: og:url is the page's own URL on the configured origin, whatever the
 * content's `urlOG` says (docs/security.md, docs/decisions/0023-origin-from-configuration.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../content/models';
import { readNode } from '../content/schema/magnolia';
import { pageSchema } from '../content/schema/page';
import { node, parse, useSanitizer } from '../../testing/nodes';
import { buildHead, renderHead } from './head';
import type { PublicConfig, ViewState } from './state';

beforeAll(useSanitizer);

const ORIGIN = 'https://www.pari.example';
const CONFIG = { brandName: 'Pari Boréal' } as PublicConfig;

/** A page as the content service sends it, with `urlOG` set to `urlOG`. */
function pageWith(urlOG: string): Page {
  const { value } = parse(() =>
    readNode(
      pageSchema,
      node('/pari-boreal/gagnants', {
        title: 'Gagnants',
        URLfr: 'gagnants',
        URLen: 'winners',
        urlOG,
      }),
    ),
  );
  if (!value) throw new Error('the page did not parse');
  return value;
}

function ogUrl(page: Page, locale: 'fr' | 'en'): string | undefined {
  const state: ViewState = {
    path: locale === 'fr' ? '/fr/gagnants?x=1' : '/en/winners',
    locale,
    view: { kind: 'content', page, alternate: '', data: { playlists: {} } },
  };
  const head = buildHead(state, CONFIG, ORIGIN);
  return head.metas.find((m) => m.id === 'og:url')?.content;
}

describe('og:url', () => {
  it.each([
    '//evil.example/x',
    'javascript:alert(1)',
    'https://evil.example',
    '/\\evil.example',
    `${ORIGIN}/fr/autre-page`,
    '"><script>alert(1)</script>',
  ])('is the page’s own URL on the configured origin, whatever urlOG says: %s', (urlOG) => {
    const page = pageWith(urlOG);
    expect(ogUrl(page, 'fr')).toBe(`${ORIGIN}/fr/gagnants`);
    expect(ogUrl(page, 'en')).toBe(`${ORIGIN}/en/winners`);
    expect(JSON.stringify(page)).not.toContain(urlOG);
  });

  it('equals the canonical link, in the written head too', () => {
    const state: ViewState = {
      path: '/en/winners',
      locale: 'en',
      view: { kind: 'content', page: pageWith('//evil'), alternate: '', data: { playlists: {} } },
    };
    const head = buildHead(state, CONFIG, ORIGIN);
    const canonical = head.links.find((l) => l.rel === 'canonical')?.href;
    expect(canonical).toBe(`${ORIGIN}/en/winners`);
    expect(renderHead(head)).toContain(
      `<meta data-managed property="og:url" content="${ORIGIN}/en/winners">`,
    );
    expect(renderHead(head)).not.toContain('evil');
  });

  it('is left out, as the canonical is, for a page without a path in the language', () => {
    const { value: page } = parse(() =>
      readNode(
        pageSchema,
        node('/pari-boreal/seul', { title: 'Seul', URLfr: 'seul', urlOG: '//evil' }),
      ),
    );
    expect(page && ogUrl(page, 'en')).toBeUndefined();
    expect(page && ogUrl(page, 'fr')).toBe(`${ORIGIN}/fr/seul`);
  });
});
