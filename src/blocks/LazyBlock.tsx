/**
 * A block in its own chunk, whose code the browser asks for only when the block comes near the
 * screen, once the page is interactive (docs/decisions/0018-blocks-hydrate-near-the-screen.md,
 * 0047-blocks-after-the-frame.md). Until then its server HTML stays as it is, inside its own
 * Suspense boundary, whose content waits (`use`) on the block's gate: a promise for its code and
 * texts that asks for them only once opened. React hydrates the boundary when it settles. In a
 * view rendered in the browser, the boundary's placeholder stands in until then, watched the same
 * way (0055).
 */
import { memo, Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../domain/locale';
import { hasLateMessages, lateMessages } from '../i18n/catalogue';
import { Drawn, ServerBlockContext } from '../ui/error-boundary';
import { reportBrowserError } from '../ui/error-report';
import { useLocale } from '../ui/i18n';
import { whenInteractive } from '../ui/interactive';
import { NowContext, useNow } from '../ui/now';
import type { Component } from '../content/models';
import { holdEarlyActions, type EarlyActions } from './early-actions';
import type { LazyKind } from './lazy-blocks';
import styles from './LazyBlock.module.css';
import { loadBlock, readyBlock } from './registry';
import type { AnyBlock } from './types';

/** On the wrapper: the kind (tests and monitoring read it). */
const LAZY_BLOCK_ATTRIBUTE = 'data-lazy-block';
/** On the wrapper once the block works (tests and monitoring read it). */
const BLOCK_READY_ATTRIBUTE = 'data-block-ready';
/** Blocks this far below the screen (a share of its height) are asked for already. */
const AHEAD = '50%';

/** A block's code and texts, asked for once `open` is called. */
interface Gate {
  open: () => void;
  block: Promise<AnyBlock>;
}

/**
 * The blocks' texts travel with the late messages (src/i18n/late-keys.ts): asked for beside the
 * code, so that the block renders once both are in and reads them with the page's translator.
 * A failure rejects: the boundary around the block (docs/decisions/0064) then shows nothing.
 */
function createGate(kind: LazyKind, locale: Locale): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const block = opened
    .then(() => Promise.all([loadBlock(kind), lateMessages(locale)]))
    .then(
      ([loaded]) => loaded,
      (error: unknown) => {
        console.warn(`Block ${kind}: code or texts not loaded.`, error);
        reportBrowserError('chunk', kind, error);
        throw error;
      },
    );
  return { open, block };
}

/**
 * Opens the gate once the page is interactive and the block near the screen; at once when the
 * address has a fragment (it may name a tab, a panel or a slide inside any block) or when there
 * is nothing to watch. Whatever the visitor points at or focuses is on the screen, so the
 * observer has asked for its code already. The answer stops watching.
 */
function watchScreen(wrapper: Element, open: () => void): () => void {
  let observer: IntersectionObserver | undefined;
  let cancel: () => void = () => undefined;
  const stop = () => {
    cancel();
    observer?.disconnect();
    window.removeEventListener('hashchange', openNow);
  };
  const openNow = () => {
    stop();
    open();
  };
  window.addEventListener('hashchange', openNow);
  // Nothing is asked for before the page is interactive, not even for a block on the screen:
  // the frame hydrates first, then the blocks one by one as their code arrives (0047).
  cancel = whenInteractive(() => {
    const content = wrapper.firstElementChild;
    if (!content || window.location.hash.length > 1) return openNow();
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) openNow();
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(content);
  });
  return stop;
}

/** The block: at once when its code and texts were at hand, else from its gate. */
function Gated({
  component,
  block,
  onReady,
}: {
  component: Component;
  block: AnyBlock | Promise<AnyBlock>;
  onReady: () => void;
}) {
  useEffect(onReady, [onReady]);
  const Block = block instanceof Promise ? use(block) : block;
  const server = use(ServerBlockContext);
  return (
    <>
      {server ? (
        server(component.kind, Block, { component })
      ) : (
        // eslint-disable-next-line react-hooks/static-components -- one module-level block per kind, from the registry: never made during render
        <Block component={component} />
      )}
      <Drawn />
    </>
  );
}

/**
 * In a view rendered in the browser (a client-side navigation), where the block's code is still
 * to come: a box the screen watcher can see, so the code is asked for as the block comes near
 * the screen (docs/decisions/0055). Hydration keeps the server's HTML instead.
 */
const PLACEHOLDER = <div className={styles.placeholder} />;

/**
 * Memoised, and its boundary too: a boundary that waits for its code must not be updated, or
 * React would drop the server's HTML and render it afresh in the browser. For the same reason
 * the logical date it sees stays the one it was rendered with until it has hydrated.
 */
export const LazyBlock = memo(function LazyBlock({ component }: { component: Component }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const early = useRef<EarlyActions | null>(null);
  const now = useNow();
  const [renderedAt] = useState(now);
  const [hydrated, setHydrated] = useState(false);
  const locale = useLocale();
  // Made once per block and never changed: the boundary below gets no update while it waits.
  // No gate where the code and texts are at hand (the server; a view whose blocks were loaded).
  const [gate] = useState(() => {
    const ready = readyBlock(component.kind);
    return ready && hasLateMessages(locale)
      ? { block: ready }
      : createGate(component.kind as LazyKind, locale);
  });
  const [onReady] = useState(() => () => {
    wrapper.current?.setAttribute(BLOCK_READY_ATTRIBUTE, '');
    early.current?.replay();
    setHydrated(true);
  });
  const boundary = useMemo(
    () => (
      <Suspense fallback={PLACEHOLDER}>
        <Gated component={component} block={gate.block} onReady={onReady} />
      </Suspense>
    ),
    [component, gate, onReady],
  );

  useEffect(() => {
    const element = wrapper.current;
    if (!('open' in gate) || !element || element.hasAttribute(BLOCK_READY_ATTRIBUTE)) return;
    // Until the block works, a click or a block key on it asks for its code and is played again
    // then (early-actions.ts).
    const actions = holdEarlyActions(element, gate.open);
    early.current = actions;
    const stopWatching = watchScreen(element, gate.open);
    return () => {
      stopWatching();
      actions.stop();
      early.current = null;
    };
  }, [gate]);

  return (
    <div ref={wrapper} className={styles.wrapper} {...{ [LAZY_BLOCK_ATTRIBUTE]: component.kind }}>
      <NowContext.Provider value={hydrated ? now : renderedAt}>{boundary}</NowContext.Provider>
    </div>
  );
});
