/**
 * The winners / tickets modal's host (docs/requirements.md §2), mounted once on a page where the modal may
 * open (LotModalOnDemand): it listens for `OPEN_LOTS_EVENT` and reads the `?lot=` deep link.
 * The dialog itself is loaded on first use, since most visitors never open it.
 */
import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useSearch } from 'wouter';
import type { Component } from '../../content/models';
import { LoadLotsContext, useBlockData, type LoadLots } from '../../ui/block-data';
import type { LotCaller } from '../../domain/lots';
import {
  findLotOpener,
  OPEN_LOTS_EVENT,
  takeWaitingLots,
  type OpenLotsDetail,
} from '../../ui/lot-events';
import { useLocale } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import { clearLotFromAddress, leaveLotInAddress, lotInAddress, showLotInAddress } from './address';

const loadDialog = () => import('./LotDialog');
// Where a deep link lands needs the lists' rules: loaded only for a `?lot=` address.
const loadRules = () => import('./rules');
const LotDialog = lazy(() => loadDialog().then((module) => ({ default: module.LotDialog })));

interface Opened extends OpenLotsDetail {
  /** A new opening starts afresh, even over an open modal. */
  seq: number;
}

function isDetail(value: unknown): value is OpenLotsDetail {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<OpenLotsDetail>;
  return Array.isArray(d.lots) && (d.caller === 'billet' || d.caller === 'gagnant');
}

/**
 * Where focus goes once the modal has closed: back to what opened it, else (a `?lot=` address,
 * Forward: no opener) to the card of the lot last shown, else to the page's main heading. The
 * browser gives focus back for a modal dialog too, but not to an opener that a click did not
 * focus (Safari's buttons) nor after a Back, which takes the dialog out of the page open.
 */
function focusAfterClose(opener: HTMLElement | null, shown: Shown | null): void {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  const card = shown ? findLotOpener(shown.caller, shown.name) : null;
  if (card) {
    focusCard(card);
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  // A heading takes focus from a script only, never from Tab.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * Marks an element the site gave focus to, not the visitor's Tab or click: its ring shows whatever
 * the last input was (a click on the X included), until focus leaves it (issue 45).
 */
const FOCUS_SHOWN = 'data-focus-shown';

/**
 * The card of a lot that no click opened gets focus, shown, and comes into view: the page may be
 * at its top, far above it. `revealFocused` brings it back into view once the address settles.
 */
function focusCard(card: HTMLElement): void {
  card.setAttribute(FOCUS_SHOWN, '');
  card.addEventListener('blur', () => card.removeAttribute(FOCUS_SHOWN), { once: true });
  card.focus({ preventScroll: true });
  revealFocused();
}

/**
 * Scrolls the card holding the focused opener into view, now and at the next frame: a Back (the
 * visitor's, or address.ts's when the modal closes) restores the page's scroll after the close.
 */
function revealFocused(): void {
  const reveal = () => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !focused.hasAttribute(FOCUS_SHOWN)) return;
    (focused.closest('article') ?? focused).scrollIntoView({ block: 'nearest' });
  };
  reveal();
  requestAnimationFrame(reveal);
}

interface Shown {
  caller: LotCaller;
  name: string;
}

/** The host's state: what is open, what opened it, the lot on screen; and how it closes. */
function useOpenedLot() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef<Shown | null>(null);
  const seq = useRef(0);
  // Set on closing: focus moves once the dialog has left the page (a Back leaves it open till then).
  const focusBack = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    if (opened !== null || !focusBack.current) return;
    const move = focusBack.current;
    focusBack.current = null;
    move();
  }, [opened]);

  return {
    opened,
    /** `from`: what opened it; undefined keeps the opener of a modal opened over. */
    open(detail: OpenLotsDetail, from: HTMLElement | null | undefined) {
      if (from !== undefined) opener.current = from;
      seq.current += 1;
      setOpened({
        lots: detail.lots,
        index: detail.index,
        caller: detail.caller,
        seq: seq.current,
      });
    },
    onShown(caller: LotCaller, name: string) {
      shown.current = { caller, name };
      showLotInAddress(name);
    },
    isShown: (name: string) => shown.current?.name === name,
    close() {
      // The dialog reports the lot it shows after it paints: a close that quick still knows it.
      const first = opened ? (opened.lots[opened.index] ?? opened.lots[0]) : undefined;
      const last =
        shown.current ?? (opened && first ? { caller: opened.caller, name: first.name } : null);
      const from = opener.current;
      focusBack.current = () => focusAfterClose(from, last);
      opener.current = null;
      shown.current = null;
      setOpened(null);
    },
  };
}

type Host = ReturnType<typeof useOpenedLot>;

/** The lists' event, and a click on a list made before this host's code arrived. */
function useListsEvent(host: Host): void {
  const take = useEffectEvent((detail: unknown) => {
    if (!isDetail(detail) || detail.lots.length === 0) return;
    const active = document.activeElement;
    const from = active?.closest('dialog[open]')
      ? undefined
      : active instanceof HTMLElement && active !== document.body
        ? active
        : null;
    host.open(detail, from);
  });
  useEffect(() => {
    const onOpen = (event: Event) => {
      event.preventDefault();
      take((event as CustomEvent<unknown>).detail);
    };
    take(takeWaitingLots());
    window.addEventListener(OPEN_LOTS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LOTS_EVENT, onOpen);
  }, []);
}

/** Back from the lot's entry (address.ts) closes the modal. */
function useBackCloses(host: Host): void {
  const followBack = useEffectEvent(() => {
    if (host.opened && lotInAddress() === null) host.close();
  });
  useEffect(() => {
    const onPop = () => followBack();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
}

/**
 * The deep link: read once the page is hydrated (its lots are in the block data by then), and
 * again on each later query change of the same page (Forward to a lot's entry, say).
 */
function useDeepLink(
  components: readonly Component[],
  loadLots: LoadLots | undefined,
  host: Host,
): void {
  const data = useBlockData();
  const { lots } = data;
  const loadAll = useContext(LoadLotsContext);
  const locale = useLocale();
  const now = useNow();
  const search = useSearch();
  // The page this host belongs to: a query change while another page loads is not for it.
  const pagePath = useRef<string | null>(null);

  const followDeepLink = useEffectEvent(() => {
    pagePath.current ??= window.location.pathname;
    if (window.location.pathname !== pagePath.current) return;
    const name = lotInAddress();
    // The address follows the modal (address.ts): the lot it names may be on screen already.
    if (name === null || (host.opened && host.isShown(name))) return;
    // The page's lots: all of them, fetched now when it holds only its lists' first blocks
    // (docs/decisions/0041); or (a chronique page) the ones its deep link may open.
    const source =
      data.lotTotals && loadAll
        ? import('../../ui/whole-lots').then((m) => m.askWholeLots(data, loadAll, locale))
        : lots
          ? Promise.resolve(lots)
          : loadLots?.(locale);
    if (!source) {
      clearLotFromAddress();
      return;
    }
    const page = pagePath.current;
    Promise.all([loadRules(), source]).then(
      ([{ pageLists, resolveDeepLink }, available]) => {
        // Moved on meanwhile, or a list's click opened this very lot.
        if (window.location.pathname !== page || lotInAddress() !== name) return;
        if (host.isShown(name)) return;
        const detail = available
          ? resolveDeepLink(name, available, pageLists(components, now), now)
          : null;
        // A lot that is not there: the link is simply ignored, and must not linger (no reload).
        if (!detail) {
          clearLotFromAddress();
          return;
        }
        host.open(detail, null);
      },
      (error: unknown) => console.warn(`Lot ${name}: the modal's code did not load:`, error),
    );
  });
  useEffect(() => followDeepLink(), [search]);
}

export function LotModal({
  components,
  loadLots,
}: {
  components: readonly Component[];
  loadLots?: LoadLots | undefined;
}) {
  const host = useOpenedLot();
  useListsEvent(host);
  useBackCloses(host);
  useDeepLink(components, loadLots, host);
  const { opened } = host;

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LotDialog
        key={opened.seq}
        lots={opened.lots}
        initialIndex={opened.index}
        caller={opened.caller}
        onShown={(lot) => host.onShown(opened.caller, lot.name)}
        onClosed={() => {
          // Closed by the visitor (Escape, X, the backdrop): the address leaves the lot too.
          host.close();
          void leaveLotInAddress().then(revealFocused);
        }}
      />
    </Suspense>
  );
}
