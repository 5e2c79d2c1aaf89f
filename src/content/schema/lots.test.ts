/**
 * Lots and decorative tiles (docs/content-contract.md "Lots"): a lot with its ticket `{name}-B`
 * and winner `{name}-G`, or `billet` and `gagnant` as the lots app writes them, amounts sent as strings, sports in `@nodes` order; a winner's video
 * that is no video id ignored; tiles only where their path says "decoration".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decorTileSchema, lotSchema } from './lots';
import { readNode } from './magnolia';
import { areaOf, MEDIA, node, parse, useSanitizer } from '../../../testing/nodes';

beforeAll(useSanitizer);

const L = '/lots/2026/lot-42';

describe('the lot schema', () => {
  it('reads a lot with its product, sports, ticket and winner', () => {
    const { value, diagnostics } = parse(() =>
      readNode(
        lotSchema,
        node(
          L,
          { name: 'lot-42', dateGain: '2026-11-15', montantMise: '10', montantGain: '1250.5' },
          {
            produit: node(`${L}/produit`, { name: 'Mise-o-jeu', imageId: 'jcr:prod' }),
            sports: areaOf(
              `${L}/sports`,
              node(`${L}/sports/soccer`, { nomSport: 'Soccer' }),
              node(`${L}/sports/hockey`, {
                nomSport: 'Hockey',
                image: { '@path': '/sports/h.svg' },
              }),
            ),
            'lot-42-B': node(`${L}/lot-42-B`, { ville: 'Québec', descriptif: '<p>Billet</p>' }),
            'lot-42-G': node(`${L}/lot-42-G`, { noms: 'M. Roy', video: 'dQw4w9WgXcQ' }),
          },
        ),
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(value).toMatchObject({
      name: 'lot-42',
      montantMise: 10,
      montantGain: 1250.5,
      produit: { name: 'Mise-o-jeu', image: { src: `${MEDIA}/dam/jcr:prod/image` } },
      billet: { ville: 'Québec', descriptif: '<p>Billet</p>' },
      gagnant: { noms: 'M. Roy', video: 'dQw4w9WgXcQ' },
    });
    expect(value?.sports.map((s) => [s.name, s.nomSport, s.image?.src])).toEqual([
      ['soccer', 'Soccer', undefined],
      ['hockey', 'Hockey', `${MEDIA}/sports/h.svg`],
    ]);
  });

  it('reads a lot as the lots app writes it: children billet and gagnant, sports in order', () => {
    const A = '/lot-43';
    const { value, diagnostics } = parse(() =>
      readNode(
        lotSchema,
        node(
          A,
          { name: 'lot-43', '@nodeType': 'lot', montantMise: '5', montantGain: '80' },
          {
            produit: node(`${A}/produit`, { name: 'selection', imageId: 'jcr:prod' }),
            sports: areaOf(
              `${A}/sports`,
              node(`${A}/sports/0`, { name: 'hockey', nomSport: 'Hockey' }),
              node(`${A}/sports/1`, { name: 'multisport' }),
            ),
            billet: node(`${A}/billet`, { ville: 'Laval', descriptif: '<p>Billet</p>' }),
            gagnant: node(`${A}/gagnant`, { noms: 'A. Roy', region: 'Laval;Laval' }),
          },
        ),
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(value).toMatchObject({
      name: 'lot-43',
      produit: { name: 'selection' },
      billet: { ville: 'Laval', descriptif: '<p>Billet</p>' },
      gagnant: { noms: 'A. Roy', region: 'Laval;Laval' },
    });
    expect(value?.sports.map((sport) => sport.name)).toEqual(['hockey', 'multisport']);
  });

  it('takes {name}-B and {name}-G over billet and gagnant when a lot has both', () => {
    const { value } = parse(() =>
      readNode(
        lotSchema,
        node(
          L,
          { name: 'lot-42' },
          {
            billet: node(`${L}/billet`, { ville: 'Laval' }),
            'lot-42-B': node(`${L}/lot-42-B`, { ville: 'Québec' }),
            'lot-42-G': node(`${L}/lot-42-G`, { noms: 'M. Roy' }),
            gagnant: node(`${L}/gagnant`, { noms: 'A. Roy' }),
          },
        ),
      ),
    );
    expect(value?.billet?.ville).toBe('Québec');
    expect(value?.gagnant?.noms).toBe('M. Roy');
  });

  it('names a lot by its node when the field is missing; without either it is skipped', () => {
    const named = parse(() => readNode(lotSchema, node(L, {})));
    expect(named.value?.name).toBe('lot-42');
    expect(named.value?.sports).toEqual([]);
    const nameless = parse(() => readNode(lotSchema, { montantGain: 5 }));
    expect(nameless.value).toBeNull();
    expect(nameless.diagnostics).toEqual([
      expect.objectContaining({ field: 'name', rule: 'required', effect: 'skipped' }),
    ]);
  });

  it("ignores a wrong amount and a winner's video that is no video id", () => {
    const { value, diagnostics } = parse(() =>
      readNode(
        lotSchema,
        node(
          L,
          { name: 'lot-42', montantGain: '1 250 $' },
          {
            'lot-42-G': node(`${L}/lot-42-G`, { noms: 'M. Roy', video: 'https://evil.example/v' }),
          },
        ),
      ),
    );
    expect(value?.montantGain).toBeUndefined();
    expect(value?.gagnant?.video).toBeUndefined();
    expect(diagnostics.map((d) => [d.path, d.field, d.rule, d.effect, d.excerpt])).toEqual([
      [L, 'montantGain', 'type', 'ignored', '"1 250 $"'],
      [`${L}/lot-42-G`, 'video', 'format', 'ignored', '"https://evil.example/v"'],
    ]);
  });
});

describe('the decorative tile schema', () => {
  it('keeps tiles under a "decoration" path, drops others silently, skips one without image', () => {
    const tile = (path: string, fields: Record<string, unknown>) =>
      parse(() => readNode(decorTileSchema, node(path, fields)));
    expect(tile('/vignettes/decoration/t1', { imageId: 'jcr:t1' }).value).toEqual({
      id: 'id-t1',
      image: { src: `${MEDIA}/dam/jcr:t1/image`, alt: '' },
    });
    const other = tile('/vignettes/autres/t2', { imageId: 'jcr:t2' });
    expect(other).toEqual({ value: null, diagnostics: [] });
    const bare = tile('/vignettes/decoration/t3', {});
    expect(bare.value).toBeNull();
    expect(bare.diagnostics[0]).toMatchObject({ field: 'image', rule: 'required' });
  });
});
