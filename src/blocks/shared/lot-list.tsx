/**
 * What the ticket and winner lists share: the phone test, show-more paging with focus on the
 * first new item, and the small presentational pieces of a lot card.
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import type { BlockFields, Lot } from '../../content/models';
import type { LotCaller } from '../../domain/lots';
import { useWholeLots } from '../../ui/whole-lots';
import { frameClasses, statsData } from '../../ui/frame';
import { openLots } from '../../ui/lot-events';
import { Heading } from '../../ui/Heading';
import { regionProps } from '../../ui/region';
import { PHONE_MEDIA } from '../../ui/Picture';
import { nextStep, shownCount } from './lot-view';
import styles from './LotList.module.css';

export { styles as lotListStyles };

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_MEDIA);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Phone (under 768 px) or not; `null` while unknown: on the server and during hydration, which
 * must match the server's HTML. The lists then render the large-screen count and CSS hides the
 * surplus on phones, so nothing moves when the real answer arrives.
 */
function usePhone(): boolean | null {
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(PHONE_MEDIA).matches,
    () => null,
  );
}

interface ShowMore {
  /** `null` until the browser has said whether this is a phone. */
  screen: boolean | null;
  phone: boolean;
  shown: number;
  /** What the next click adds (0: no button). */
  step: number;
  /**
   * Before the screen is known, with no large-screen button: what a phone's first click would
   * add (4 to 6 lots), so the server's HTML already holds the phone's button (no shift).
   */
  phoneStep: number;
  /** The first lot a phone's first click shows. */
  phoneFirst: number;
  /** Shown lots still on their way (the page held only the first block): the list is busy. */
  waiting: boolean;
  more: () => void;
  /** The id of the list's item for the lot at `index`: the page without script links to it. */
  itemId: (index: number) => string;
}

/**
 * A list's lots when the page may hold only its first block: how many there are in all
 * (`total`, from `lotTotals` until the rest has come) and how to ask for the rest
 * (docs/decisions/0041-lots-after-the-first-screen.md).
 */
export function useListTotal(
  caller: LotCaller,
  available: number,
): { total: number; askRest: (() => void) | undefined } {
  const { data, request } = useWholeLots();
  const { lotTotals } = data;
  const total = Math.max(available, lotTotals?.[caller] ?? available);
  const more = total > available;
  const askRest = useMemo(
    () => (request && more ? () => void request() : undefined),
    [request, more],
  );
  return { total, askRest };
}

/**
 * Opens the modal on a lot of the list. Where the page holds only the list's first block, the
 * modal browses the whole list, so the rest is asked for first; `whole` makes the list from
 * all the lots (the shown list is used if that fails).
 */
export function useOpenLot<L extends Lot>(
  caller: LotCaller,
  shown: readonly L[],
  whole: (all: Lot[]) => L[],
): (lot: L) => void {
  const { request } = useWholeLots();
  return (lot) => {
    const open = (list: readonly L[]) => {
      const index = list.findIndex((l) => l.name === lot.name);
      if (index >= 0) openLots({ lots: [...list], index, caller });
    };
    if (!request) {
      open(shown);
      return;
    }
    void request().then((all) => open(all ? whole(all) : shown));
  };
}

/**
 * 3 (phones) or 6 lots at first, one more block of that size per click (docs/requirements.md §4, §9). After a
 * click the first newly shown item (`[data-lot-index]` in `list`) is scrolled to and focused, so
 * keyboard and screen-reader users carry on there; when the page held only the first block
 * (`available` lots of `total`), once the rest has come (`askRest` asks for it).
 */
export function useShowMore(
  total: number,
  list: RefObject<HTMLElement | null>,
  { available = total, askRest }: { available?: number; askRest?: (() => void) | undefined } = {},
): ShowMore {
  const screen = usePhone();
  const phone = screen === true;
  const [blocks, setBlocks] = useState(1);
  const focusFrom = useRef<number | null>(null);
  const prefix = `lots${useId().replace(/[^\w-]/g, '')}`;
  const shown = shownCount(total, blocks, phone);

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null) return;
    focusFrom.current = null;
    const item = list.current?.querySelector<HTMLElement>(`[data-lot-index="${index}"]`);
    if (!item) {
      // Still on its way: focus it when it comes (this runs again as `available` grows).
      if (index >= available) focusFrom.current = index;
      return;
    }
    const target = item.querySelector<HTMLElement>('[data-focus-target]') ?? item;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    item.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [shown, blocks, list, available]);

  // Lots to show that the page does not hold yet: after a click, or when refreshed data brings
  // back only the first block of a list already grown.
  useEffect(() => {
    if (shown > available) askRest?.();
  }, [shown, available, askRest]);

  return {
    screen,
    phone,
    shown,
    step: nextStep(total, shown, phone),
    phoneStep: screen === null ? nextStep(total, shownCount(total, 1, true), true) : 0,
    phoneFirst: shownCount(total, 1, true),
    waiting: shown > available,
    itemId: (index) => `${prefix}-${index}`,
    more: () => {
      // The first item this click shows. Before the screen is known (the moment after
      // hydration) CSS already shows a phone its count only, so ask the browser now: `shown`
      // would be the large-screen count, and on a phone the click might then change nothing
      // that the effect below waits on.
      const onPhone = screen ?? window.matchMedia(PHONE_MEDIA).matches;
      focusFrom.current = shownCount(total, blocks, onPhone);
      setBlocks((n) => n + 1);
    },
  };
}

/** The list's class: items past the phone count are hidden by CSS until the screen is known. */
export function listClass(base: string | undefined, screen: boolean | null): string {
  return [base, styles.list, screen === null ? styles.pending : ''].filter(Boolean).join(' ');
}

function MoreButton({
  children,
  onClick,
  phoneOnly = false,
}: {
  children: ReactNode;
  onClick: () => void;
  phoneOnly?: boolean;
}) {
  return (
    <button
      type="button"
      className={['button', styles.more, phoneOnly ? styles.phoneOnly : '']
        .filter(Boolean)
        .join(' ')}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function NewBadge({ label }: { label: string }) {
  return <span className={styles.badge}>{label}</span>;
}

export function ProductLogo({ produit }: { produit: Lot['produit'] }) {
  const image = produit?.image;
  if (!image) return null;
  return (
    <img
      src={image.src}
      alt={image.alt}
      className={styles.logo}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
    />
  );
}

export function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/**
 * The "show more" button of a list: the large-screen one, or the phone's one before the screen is
 * known. The phone's comes with a link for a page whose script does not run: the server's HTML
 * holds the lots that a phone's first click shows, and the link to the first of them shows them
 * (`:target`, LotList.module.css). The lots past the HTML need the script: without it, no button.
 */
export function ShowMoreButton({
  paging,
  label,
}: {
  paging: ShowMore;
  label: (count: number) => string;
}) {
  const withoutScript =
    paging.phoneStep > 0 ? (
      <a
        href={`#${paging.itemId(paging.phoneFirst)}`}
        className={`button ${styles.more} ${styles.phoneOnly} ${styles.withoutScript}`}
        data-without-script=""
      >
        {label(paging.phoneStep)}
      </a>
    ) : null;
  if (paging.step > 0) {
    return (
      <>
        <MoreButton onClick={paging.more}>{label(paging.step)}</MoreButton>
        {withoutScript}
      </>
    );
  }
  if (paging.phoneStep > 0) {
    return (
      <>
        <MoreButton onClick={paging.more} phoneOnly>
          {label(paging.phoneStep)}
        </MoreButton>
        {withoutScript}
      </>
    );
  }
  return null;
}

/** A list block's frame: the generic fields, and a named region only when it has its own title. */
export function ListFrame({
  fields,
  headingId,
  children,
}: {
  fields: BlockFields;
  /** The heading's id, which the list's items may refer to as well. */
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`${frameClasses(fields)} ${styles.block}`}
      {...regionProps(fields.title, headingId)}
      {...statsData(fields)}
    >
      {fields.title ? (
        <Heading className={styles.title} id={headingId}>
          {fields.title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
