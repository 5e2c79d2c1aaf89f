import { describe, expect, it } from 'vitest';
import type { BlockData, Page } from '../content/models';
import { lot, ticket, winner } from '../features/lot-modal/test-fixtures';
import { checkLoadResult, checkLotsAnswer } from './answers';
import { forHydration } from './hydration-state';
import { ANSWER_FORMAT, type Snapshot, type View } from './state';
import {
  loadResultToWire,
  packLots,
  snapshotFromWire,
  unpackLots,
  viewFromWire,
  viewToWire,
} from './wire';

const combine = { name: 'combine', image: { src: '/logos/combine.svg', alt: 'Combiné' } };
const soccer = { name: 'soccer', nomSport: 'Soccer', image: { src: '/logos/soccer.svg', alt: '' } };
const { produit: selection, sports: hockey } = lot('x');
const lots = [
  lot('lot-1', { billet: ticket() }),
  lot('lot-2', { gagnant: winner(), sports: [] }),
  lot('lot-3', { produit: combine, sports: [...hockey, soccer] }),
  lot('lot-4', { produit: undefined }),
];

function contentView(data: BlockData): View {
  const page = { components: [], meta: {} } as unknown as Page;
  return { kind: 'content', page, alternate: '/en/home', data };
}

describe('lots on the wire', () => {
  it('write each product and sport once, and come back as they were', () => {
    const packed = packLots(lots);
    expect(packed.produits).toEqual([selection, combine]);
    expect(packed.sports.map((sport) => sport.name)).toEqual(['hockey', 'soccer']);
    expect(packed.lots.map((l) => [l.produit, l.sports])).toEqual([
      [0, [0]],
      [0, []],
      [1, [0, 1]],
      [undefined, [0]],
    ]);
    expect(unpackLots(JSON.parse(JSON.stringify(packed)) as typeof packed)).toEqual(lots);
  });

  it('are smaller than the lots they stand for', () => {
    const many = Array.from({ length: 24 }, (_, i) => lot(`lot-${i}`, { billet: ticket() }));
    expect(JSON.stringify(packLots(many)).length).toBeLessThan(JSON.stringify(many).length * 0.8);
  });

  it('leave out an index that names nothing', () => {
    const [first] = unpackLots({
      produits: [],
      sports: [soccer],
      lots: [{ name: 'a', produit: 3, sports: [0, 7] }],
    });
    expect(first).toEqual({ name: 'a', sports: [soccer] });
  });

  it('keep a failed call (null) and views without lots as they are', () => {
    const failed = contentView({ playlists: {}, lots: null });
    expect(viewFromWire(viewToWire(failed))).toEqual(failed);
    const sports: View = { kind: 'sports' };
    expect(viewToWire(sports)).toBe(sports);
  });

  it('travel packed in the hydration state, and unpack to the snapshot the server rendered', () => {
    const snapshot = {
      path: '/fr/gagnants',
      locale: 'fr',
      view: contentView({ playlists: {}, lots }),
      site: { locale: 'fr', status: 'error' },
    } as unknown as Snapshot;
    const wire = JSON.parse(JSON.stringify(forHydration(snapshot))) as ReturnType<
      typeof forHydration
    >;
    expect(wire.view.kind === 'content' && wire.view.data.lots).toMatchObject({
      produits: [selection, combine],
    });
    expect(snapshotFromWire(wire).view).toEqual(snapshot.view);
  });

  it('travel packed in /_data/view, which the browser unpacks, and refuses unpacked lots', () => {
    const view = contentView({ playlists: {}, lots });
    const state = { path: '/fr/gagnants', locale: 'fr' as const, view };
    const answer = {
      format: ANSWER_FORMAT,
      ...loadResultToWire({ type: 'view', status: 200, state }),
    };
    const checked = checkLoadResult(JSON.parse(JSON.stringify(answer)));
    // As the wire has them: an undefined field is no field.
    expect(checked.ok && checked.value).toMatchObject(
      JSON.parse(JSON.stringify({ type: 'view', status: 200, state })) as object,
    );
    const unpacked = { format: ANSWER_FORMAT, type: 'view', status: 200, state };
    expect(checkLoadResult(unpacked)).toMatchObject({ ok: false, reason: 'shape' });
  });

  it('travel packed in /_data/lots; a failed call is null, anything else is refused', () => {
    const answer = JSON.parse(
      JSON.stringify({ format: ANSWER_FORMAT, lots: packLots(lots) }),
    ) as unknown;
    expect(checkLotsAnswer(answer)).toEqual({
      ok: true,
      value: JSON.parse(JSON.stringify(lots)) as unknown,
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots: null })).toEqual({
      ok: true,
      value: null,
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: 1, lots: null })).toMatchObject({
      ok: false,
      reason: 'format',
    });
  });
});
