/**
 * The winners / tickets modal's host (docs/requirements.md §2), mounted once on a page where the modal may
 * open (LotModalOnDemand): it listens for `OPEN_LOTS_EVENT` and reads the `?lot=` deep link.
 * The dialog itself is loaded on first use, since most visitors never open it.
 */
import { lazy, Suspense, useContext, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { Component } from '../../content/models';
import { LoadLotsContext, useBlockData, type LoadLots } from '../../ui/block-data';
import {
  LOT_QUERY,
  OPEN_LOTS_EVENT,
  takeWaitingLots,
  type OpenLotsDetail,
} from '../../ui/lot-events';
import { useLocale } from '../../ui/i18n';
import { useNow } from '../../ui/now';

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

/** The URL without `?lot=` (other parameters and the hash kept), for `history.replaceState`. */
export function withoutLotQuery(location: { pathname: string; search: string; hash: string }) {
  const params = new URLSearchParams(location.search);
  params.delete(LOT_QUERY);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

export function LotModal({
  components,
  loadLots,
}: {
  components: readonly Component[];
  loadLots?: LoadLots | undefined;
}) {
  const data = useBlockData();
  const { lots } = data;
  const loadAll = useContext(LoadLotsContext);
  const locale = useLocale();
  const now = useNow();
  const search = useSearch();
  const [opened, setOpened] = useState<Opened | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const seq = useRef(0);
  // The page this host belongs to: a query change while another page loads is not for it.
  const pagePath = useRef<string | null>(null);

  useEffect(() => {
    const open = (detail: unknown) => {
      if (!isDetail(detail) || detail.lots.length === 0) return;
      const active = document.activeElement;
      if (!active?.closest('dialog[open]')) {
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      }
      seq.current += 1;
      setOpened({
        lots: detail.lots,
        index: detail.index,
        caller: detail.caller,
        seq: seq.current,
      });
    };
    const onOpen = (event: Event) => {
      event.preventDefault();
      open((event as CustomEvent<unknown>).detail);
    };
    // A click on a list before this host's code arrived is answered now.
    open(takeWaitingLots());
    window.addEventListener(OPEN_LOTS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LOTS_EVENT, onOpen);
  }, []);

  // The deep link: read once the page is hydrated (its lots are in the block data by then), and
  // again on a later query-only change of the same page.
  const followDeepLink = useEffectEvent(() => {
    pagePath.current ??= window.location.pathname;
    if (window.location.pathname !== pagePath.current) return;
    const name = new URLSearchParams(window.location.search).get(LOT_QUERY);
    if (name === null) return;
    // Cleared whether or not the lot is found: a stale link must not linger (no reload).
    window.history.replaceState(window.history.state, '', withoutLotQuery(window.location));
    // The page's lots: all of them, fetched now when it holds only its lists' first blocks
    // (docs/decisions/0041); or (a chronique page) the ones its deep link may open.
    const source =
      data.lotTotals && loadAll
        ? import('../../ui/whole-lots').then((m) => m.askWholeLots(data, loadAll, locale))
        : lots
          ? Promise.resolve(lots)
          : loadLots?.(locale);
    if (!source) return;
    const page = pagePath.current;
    Promise.all([loadRules(), source]).then(
      ([{ pageLists, resolveDeepLink }, available]) => {
        if (!available || window.location.pathname !== page) return;
        const detail = resolveDeepLink(name, available, pageLists(components, now), now);
        if (!detail) return;
        seq.current += 1;
        opener.current = null;
        setOpened({ ...detail, seq: seq.current });
      },
      (error: unknown) => console.warn(`Lot ${name}: the modal's code did not load:`, error),
    );
  });
  useEffect(() => followDeepLink(), [search]);

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LotDialog
        key={opened.seq}
        lots={opened.lots}
        initialIndex={opened.index}
        caller={opened.caller}
        onClosed={() => {
          setOpened(null);
          // The browser does this for a modal dialog too, but not for an opener that a click
          // did not focus (Safari's buttons): do it explicitly.
          if (opener.current?.isConnected) opener.current.focus();
          opener.current = null;
        }}
      />
    </Suspense>
  );
}
