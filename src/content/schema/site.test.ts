/**
 * The site node's schema (docs/content-contract.md "Site"): header menu, messages and the
 * buy-in-store link; footer columns, phone, logos, ad zone and legal note, read from a
 * Magnolia-shaped node; what cannot be used skipped or ignored with a diagnostic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readNode } from './magnolia';
import { EMPTY_SITE, siteSchema } from './site';
import { areaOf, component, MEDIA, node, parse, useSanitizer } from '../../../testing/nodes';

beforeAll(useSanitizer);

const S = '/pari-boreal-site';
const read = (raw: unknown) => parse(() => readNode(siteSchema, raw));

describe('the site schema', () => {
  it('reads a header and a footer as the editors fill them', () => {
    const { value, diagnostics } = read(
      node(
        S,
        {},
        {
          header: node(
            `${S}/header`,
            {},
            {
              menu: areaOf(
                `${S}/header/menu`,
                node(
                  `${S}/header/menu/sports`,
                  { titre: 'Sports', nouvelleFenetre: 'false' },
                  {
                    'groupe-liens': areaOf(
                      `${S}/header/menu/sports/groupe-liens`,
                      node(`${S}/header/menu/sports/groupe-liens/hockey`, {
                        titre: 'Hockey',
                        lienExterne: '/fr/hockey',
                        dateFinAffichage: '2026-12-31 23:59',
                      }),
                    ),
                  },
                ),
              ),
              messages: areaOf(
                `${S}/header/messages`,
                node(`${S}/header/messages/m1`, { texte: '<p>Jouez prudemment</p>' }),
              ),
              achatEnMagasin: node(`${S}/header/achatEnMagasin`, {
                texte: 'Acheter en magasin',
                lien: '/fr/magasins',
                nouvelleFenetre: 'true',
              }),
            },
          ),
          footer: node(
            `${S}/footer`,
            { noteLegale: '<p>18+</p>', nePasAfficherZonePub: 'false' },
            {
              menu: areaOf(
                `${S}/footer/menu`,
                node(
                  `${S}/footer/menu/aide`,
                  { entete: 'Aide' },
                  {
                    liens: areaOf(
                      `${S}/footer/menu/aide/liens`,
                      node(`${S}/footer/menu/aide/liens/faq`, {
                        titre: 'FAQ',
                        externalUrl: '/fr/faq',
                      }),
                    ),
                  },
                ),
              ),
              telephone: node(`${S}/footer/telephone`, { numeroTelephone: '1 800 555-0199' }),
              partenaires: areaOf(
                `${S}/footer/partenaires`,
                node(`${S}/footer/partenaires/ligue`, { image: { '@path': '/logos/ligue.svg' } }),
              ),
              pub: areaOf(
                `${S}/footer/pub`,
                component(`${S}/footer/pub/bandeau`, 'image', { imageId: 'jcr:pub' }),
              ),
            },
          ),
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    const site = value ?? EMPTY_SITE;
    expect(site.header.menu).toEqual([
      {
        id: 'id-sports',
        titre: 'Sports',
        lien: undefined,
        nouvelleFenetre: false,
        window: { start: undefined, end: undefined },
        links: [
          {
            id: 'id-hockey',
            titre: 'Hockey',
            lien: '/fr/hockey',
            nouvelleFenetre: false,
            window: { start: undefined, end: '2026-12-31 23:59' },
          },
        ],
      },
    ]);
    expect(site.header.messages.map((m) => m.texte)).toEqual(['<p>Jouez prudemment</p>']);
    expect(site.header.achatEnMagasin).toEqual({
      texte: 'Acheter en magasin',
      lien: '/fr/magasins',
      nouvelleFenetre: true,
    });
    expect(site.footer.menu[0]?.links.map((l) => l.lien)).toEqual(['/fr/faq']);
    expect(site.footer.telephone?.numeroTelephoneLien).toBe('tel:+18005550199');
    expect(site.footer.partners[0]?.image.src).toBe(`${MEDIA}/logos/ligue.svg`);
    expect(site.footer.pub.map((c) => c.kind)).toEqual(['image']);
    expect(site.footer.noteLegale).toBe('<p>18+</p>');
  });

  it('reads a site node without header or footer as an empty shell', () => {
    const { value, diagnostics } = read(node(S));
    expect(diagnostics).toEqual([]);
    expect(value).toEqual(EMPTY_SITE);
  });

  it('skips a link without a title, a logo without an image, a store link without its URL', () => {
    const { value, diagnostics } = read(
      node(
        S,
        {},
        {
          header: node(
            `${S}/header`,
            {},
            {
              menu: areaOf(
                `${S}/header/menu`,
                node(`${S}/header/menu/sans-titre`, { lienExterne: '/x' }),
              ),
              achatEnMagasin: node(`${S}/header/achatEnMagasin`, { texte: 'Magasins' }),
            },
          ),
          footer: node(
            `${S}/footer`,
            {},
            {
              'logos-corpo': areaOf(
                `${S}/footer/logos-corpo`,
                node(`${S}/footer/logos-corpo/vide`, {}),
              ),
            },
          ),
        },
      ),
    );
    expect(value?.header.menu).toEqual([]);
    expect(value?.header.achatEnMagasin).toBeUndefined();
    expect(value?.footer.corporateLogos).toEqual([]);
    expect(diagnostics.map((d) => [d.path, d.field, d.rule, d.effect])).toEqual([
      [`${S}/header/menu/sans-titre`, 'titre', 'required', 'skipped'],
      [`${S}/header/achatEnMagasin`, 'lien', 'required', 'skipped'],
      [`${S}/footer/logos-corpo/vide`, 'image', 'required', 'skipped'],
    ]);
  });

  it('ignores a phone link that is no phone number, and dials the number shown instead', () => {
    const { value, diagnostics } = read(
      node(
        S,
        {},
        {
          footer: node(
            `${S}/footer`,
            {},
            {
              telephone: node(`${S}/footer/telephone`, {
                numeroTelephone: '514 555-0100',
                numeroTelephoneLien: 'javascript:alert(1)',
              }),
            },
          ),
        },
      ),
    );
    expect(value?.footer.telephone?.numeroTelephoneLien).toBe('tel:+15145550100');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        path: `${S}/footer/telephone`,
        field: 'numeroTelephoneLien',
        rule: 'format',
        effect: 'ignored',
        excerpt: '"javascript:alert(1)"',
      }),
    ]);
  });
});
