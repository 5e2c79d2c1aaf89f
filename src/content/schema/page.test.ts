/**
 * The page schema (docs/content-contract.md "Pages"): a standard page and a chronique read from
 * Magnolia-shaped nodes, string booleans and a missing area handled, wrong fields said.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readNode } from './magnolia';
import { pageSchema } from './page';
import { areaOf, component, MEDIA, node, parse, useSanitizer } from '../../../testing/nodes';

beforeAll(useSanitizer);

const read = (raw: unknown) => parse(() => readNode(pageSchema, raw));

describe('the page schema', () => {
  it('reads a standard page: its URLs, meta, window, flags and components', () => {
    const { value, diagnostics } = read(
      node(
        '/pari-boreal/accueil',
        {
          'mgnl:template': 'pari-boreal:pages/standard',
          title: 'Accueil',
          URLfr: 'accueil',
          URLen: 'home',
          description: 'Le site',
          imageId: 'jcr:og',
          dateDebutAffichage: '2026-11-01 00:00',
          nePasAfficherZonePub: 'TRUE',
          'mgnl:created': '2026-01-01T00:00:00.000Z',
        },
        {
          main: areaOf(
            '/pari-boreal/accueil/main',
            component('/pari-boreal/accueil/main/c', 'carte'),
          ),
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(value).toMatchObject({
      id: 'id-accueil',
      path: '/pari-boreal/accueil',
      type: 'standard',
      URLfr: 'accueil',
      URLen: 'home',
      meta: {
        title: 'Accueil',
        description: 'Le site',
        ogImage: `${MEDIA}/dam/jcr:og/opengraph.jpg`,
      },
      window: { start: '2026-11-01 00:00', end: undefined },
      nePasAfficherZonePub: true,
      chronicle: undefined,
    });
    expect(value?.components.map((c) => c.kind)).toEqual(['carte']);
  });

  it('reads a page without its main area as a page without components', () => {
    const { value, diagnostics } = read(node('/pari-boreal/vide', { title: 'Vide' }));
    expect(diagnostics).toEqual([]);
    expect(value?.components).toEqual([]);
    expect(value?.nePasAfficherZonePub).toBe(false);
  });

  it('reads a chronique\'s own fields, its columnist\'s image by {"@path"}', () => {
    const { value } = read(
      node(
        '/pari-boreal/chroniques/bilan',
        {
          'mgnl:template': 'pari-boreal:pages/chronique',
          titreChronique: 'Bilan',
          dateChronique: '2026-11-20',
          imageIdPrincipale: 'jcr:main',
          nouvelleFenetre: 'false',
        },
        {
          chroniqueur: node('/pari-boreal/chroniques/bilan/chroniqueur', {
            nomChroniqueur: 'A. Tremblay',
            image: { '@path': '/chroniqueurs/a.jpg' },
          }),
        },
      ),
    );
    expect(value?.type).toBe('chronique');
    expect(value?.meta.title).toBe('Bilan');
    expect(value?.chronicle).toMatchObject({
      titreChronique: 'Bilan',
      dateChronique: '2026-11-20',
      imagePrincipale: { src: `${MEDIA}/dam/jcr:main/image`, alt: '' },
      nouvelleFenetre: false,
      chroniqueur: {
        nomChroniqueur: 'A. Tremblay',
        image: { src: `${MEDIA}/chroniqueurs/a.jpg`, alt: '' },
      },
    });
  });

  it('ignores a wrong field with a diagnostic at the page, and refuses what is not a node', () => {
    const { value, diagnostics } = read(
      node('/pari-boreal/p', { title: ['Titre'], nePasAfficherZonePub: 1, URLfr: 42 }),
    );
    expect(value?.meta.title).toBe('');
    expect(value?.URLfr).toBe('42');
    expect(diagnostics.map((d) => [d.path, d.field, d.rule, d.effect])).toEqual([
      ['/pari-boreal/p', 'title', 'type', 'ignored'],
      ['/pari-boreal/p', 'nePasAfficherZonePub', 'type', 'ignored'],
    ]);
    const notNode = read('<html>Erreur</html>');
    expect(notNode.value).toBeNull();
    expect(notNode.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'type',
        effect: 'skipped',
        excerpt: '"<html>Erreur</html>"',
      }),
    ]);
  });
});
