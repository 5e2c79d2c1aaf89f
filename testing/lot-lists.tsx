/** Test fixtures of the ticket and winner lists: lots, the contexts they read, a phone switch. */
import { useCallback, useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { BlockData, DecorTile, Lot } from '../src/content/models';
import type { Locale } from '../src/domain/locale';
import type { LotCaller } from '../src/domain/lots';
import { BlockDataContext, LoadLotsContext, type LoadLots } from '../src/ui/block-data';
import { LocaleContext } from '../src/ui/i18n';
import { NowContext, TimeZoneContext } from '../src/ui/now';
import { TEST_NOW } from './today';

export const NOW = TEST_NOW;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/** A lot won `days` ago, shown from then, with a ticket and/or a winner. */
export function lot(
  name: string,
  days: number,
  has: { billet?: boolean; gagnant?: boolean; video?: boolean } = { billet: true, gagnant: true },
): Lot {
  const start = daysAgo(days);
  return {
    name,
    dateGain: start,
    montantMise: 7.5,
    montantGain: 1234.56,
    produit: { name: 'selection', image: { src: `https://m.example/p-${name}`, alt: 'Sélection' } },
    sports: [],
    billet: has.billet
      ? {
          ville: `Ville ${name}`,
          villeEn: `City ${name}`,
          image: { src: `https://m.example/b-${name}`, alt: '' },
          window: { start },
        }
      : undefined,
    gagnant: has.gagnant
      ? {
          noms: `Noms ${name}`,
          region: `Région ${name};Region ${name}`,
          photo: { src: `https://m.example/g-${name}`, alt: '' },
          video: has.video ? `vid-${name}` : undefined,
          window: { start },
        }
      : undefined,
  };
}

/** `count` lots, the first won 1 day ago, one more day for each. */
export const lots = (count: number, has?: Parameters<typeof lot>[2]): Lot[] =>
  Array.from({ length: count }, (_, i) => lot(`l${String(i + 1).padStart(2, '0')}`, i + 1, has));

export const tiles = (count: number): DecorTile[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    image: { src: `https://m.example/tile-${i}`, alt: `Tuile ${i}` },
  }));

export function Providers({
  children,
  data,
  locale = 'fr',
}: {
  children: ReactNode;
  data: Partial<BlockData>;
  locale?: Locale;
}) {
  return (
    <LocaleContext.Provider value={locale}>
      <TimeZoneContext.Provider value="America/Toronto">
        <NowContext.Provider value={NOW}>
          <BlockDataContext.Provider value={{ playlists: {}, ...data }}>
            {children}
          </BlockDataContext.Provider>
        </NowContext.Provider>
      </TimeZoneContext.Provider>
    </LocaleContext.Provider>
  );
}

/** Makes `matchMedia` answer as a phone (under 768 px) or a large screen. */
export function setPhone(phone: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone ? query.includes('max-width') : false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as Partial<MediaQueryList> as MediaQueryList,
  );
}

/**
 * A page that holds only the first block of a list (`first`), with the list's total, whose
 * fetch of all the lots (counted by `onAsk`) gives `answer` (docs/decisions/0041).
 */
export function FirstBlockOnly({
  children,
  first,
  total,
  caller,
  answer,
  onAsk,
  locale = 'fr',
  later = false,
}: {
  children: ReactNode;
  first: Lot[];
  total: number;
  caller: LotCaller;
  answer: Promise<Lot[] | null>;
  onAsk: (lists: readonly LotCaller[] | undefined) => void;
  locale?: Locale;
  /** As a hydration state that left the lots out (docs/decisions/0044): none held at all. */
  later?: boolean;
}) {
  // One data object per page, as the app's store holds it.
  const [data] = useState<BlockData>(() => ({
    playlists: {},
    lots: later ? [] : first,
    lotTotals: { [caller]: total },
    ...(later ? { lotsLater: true as const } : {}),
  }));
  const load = useCallback<LoadLots>(
    (_locale, lists) => {
      onAsk(lists);
      return answer;
    },
    [answer, onAsk],
  );
  return (
    <LocaleContext.Provider value={locale}>
      <TimeZoneContext.Provider value="America/Toronto">
        <NowContext.Provider value={NOW}>
          <BlockDataContext.Provider value={data}>
            <LoadLotsContext.Provider value={load}>{children}</LoadLotsContext.Provider>
          </BlockDataContext.Provider>
        </NowContext.Provider>
      </TimeZoneContext.Provider>
    </LocaleContext.Provider>
  );
}
