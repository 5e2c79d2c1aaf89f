/**
 * What the ticket and winner lists share: the phone test, show-more paging with focus on the
 * first new item and its links (docs/decisions/0078), and the small presentational pieces of a
 * lot card.
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
import { moreHref, moreStep, type MoreList } from '../../domain/show-more';
import { nextStep, shownCount } from './lot-view';
import { MoreLink } from './MoreLink';
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

/** One "show more" link: how many the list shows after it, and how many that adds. */
interface MoreStep {
  /** The count its address asks for, `?<list>=<to>`. */
  to: number;
  /** The first item it shows: where it lands. */
  from: number;
  step: number;
}

interface ShowMore {
  /** `null` until the browser has said whether this is a phone. */
  screen: boolean | null;
  phone: boolean;
  shown: number;
  /** The server's count for phones is hidden by CSS until the screen is known. */
  pending: boolean;
  /**
   * The "show more" link of the known screen, or of a large screen while it is unknown; none
   * when all is shown.
   */
  link: MoreStep | undefined;
  /** While the screen is unknown, the phone's own link when it asks for another count. */
  phoneLink: MoreStep | undefined;
  /** Shown lots still on their way (the page held only the first block): the list is busy. */
  waiting: boolean;
  more: () => void;
  /**
   * The id of the list's item for the lot at `index`, where a "show more" link may land (every
   * block's first item but the list's first), else undefined.
   */
  itemId: (index: number) => string | undefined;
  list: MoreList;
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

/** The link that shows the next block from `shown` (of `total`), on a phone or not. */
function moreStepFrom(total: number, shown: number, phone: boolean): MoreStep | undefined {
  const step = nextStep(total, shown, phone);
  return step > 0 ? { from: shown, to: shown + step, step } : undefined;
}

/**
 * 3 (phones) or 6 lots at first, one more block of that size per click (docs/requirements.md
 * §4, §9), or as many as the page's address says (`initial`: the count of a "show more" link
 * followed without script, docs/decisions/0078-show-more-as-a-link.md). After a click the first
 * newly shown item (`[data-lot-index]` in `list`) is scrolled to and focused, so keyboard and
 * screen-reader users carry on there; when the page held only the first block (`available` lots
 * of `total`), once the rest has come (`askRest` asks for it).
 */
export function useShowMore(
  list: MoreList,
  total: number,
  element: RefObject<HTMLElement | null>,
  {
    available = total,
    askRest,
    initial,
  }: { available?: number; askRest?: (() => void) | undefined; initial?: number | undefined } = {},
): ShowMore {
  const screen = usePhone();
  const phone = screen === true;
  // How many the visitor asked for; until then the screen's first block.
  const [asked, setAsked] = useState(initial);
  const focusFrom = useRef<number | null>(null);
  const prefix = `lots${useId().replace(/[^\w-]/g, '')}`;
  const shownOn = (onPhone: boolean) => Math.min(total, asked ?? shownCount(total, 1, onPhone));
  const shown = shownOn(phone);

  // On `asked` too: a phone's click before the screen is known may leave `shown` as it was.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null) return;
    focusFrom.current = null;
    const item = element.current?.querySelector<HTMLElement>(`[data-lot-index="${index}"]`);
    if (!item) {
      // Still on its way: focus it when it comes (this runs again as `available` grows).
      if (index >= available) focusFrom.current = index;
      return;
    }
    const target = item.querySelector<HTMLElement>('[data-focus-target]') ?? item;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    item.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [shown, asked, element, available]);

  // Lots to show that the page does not hold yet: after a click, or when refreshed data brings
  // back only the first block of a list already grown.
  useEffect(() => {
    if (shown > available) askRest?.();
  }, [shown, available, askRest]);

  const link = moreStepFrom(total, shown, phone);
  // Before the screen is known, the phone's link too (CSS shows each on its screen); one link
  // when both ask for the same.
  const phoneLink = screen === null ? moreStepFrom(total, shownOn(true), true) : undefined;
  const same = link && phoneLink && link.to === phoneLink.to;
  return {
    screen,
    phone,
    shown,
    pending: screen === null && asked === undefined,
    link,
    phoneLink: same ? undefined : phoneLink,
    waiting: shown > available,
    list,
    itemId: (index) =>
      index > 0 && index % moreStep(list) === 0 ? `${prefix}-${index}` : undefined,
    more: () => {
      // The first item this click shows. Before the screen is known (the moment after
      // hydration) CSS already shows a phone its count only, so ask the browser now: `shown`
      // would be the large-screen count, and on a phone the click might then change nothing
      // that the effect below waits on.
      const onPhone = screen ?? window.matchMedia(PHONE_MEDIA).matches;
      const from = shownOn(onPhone);
      focusFrom.current = from;
      setAsked(from + nextStep(total, from, onPhone));
    },
  };
}

/** The list's class: items past the phone count are hidden by CSS until the screen is known. */
export function listClass(base: string | undefined, paging: ShowMore): string {
  return [base, styles.list, paging.pending ? styles.pending : ''].filter(Boolean).join(' ');
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
 * The "show more" of a list: the link of the known screen, or, before the screen is known (the
 * server's HTML), the large screen's and the phone's, each shown on its screen by CSS; none
 * once all is shown.
 */
export function ShowMoreLinks({
  paging,
  label,
}: {
  paging: ShowMore;
  label: (count: number) => string;
}) {
  // Keyed by screen: once the screen is known, its link is the very element it was before (the
  // other one, hidden there, goes), so a visitor's focus on it stays (docs/decisions/0078).
  const link = (to: MoreStep | undefined, only: string | undefined, screen: 'phone' | 'large') => {
    if (!to) return null;
    const first = paging.itemId(to.from) ?? '';
    return (
      <MoreLink
        key={screen}
        href={moreHref(paging.list, to.to, first)}
        onMore={paging.more}
        className={only ? `${styles.more} ${only}` : styles.more}
      >
        {label(to.step)}
      </MoreLink>
    );
  };
  const split = paging.phoneLink !== undefined;
  return (
    <>
      {link(paging.link, split ? styles.largeOnly : undefined, paging.phone ? 'phone' : 'large')}
      {link(paging.phoneLink, styles.phoneOnly, 'phone')}
    </>
  );
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
