/**
 * A block in its own chunk, whose code the browser asks for only when the block comes near the
 * screen (docs/decisions/0018-blocks-hydrate-near-the-screen.md).
 * Until then its server HTML stays as it is, inside its own Suspense boundary: React hydrates
 * it when the chunk arrives, and plays again a click or key press it got meanwhile. In a view
 * rendered in the browser, a placeholder stands in until then, watched the same way.
 */
import {
  memo,
  Suspense,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import type { Locale } from '../domain/locale';
import { hasLateMessages, lateMessages } from '../i18n/catalogue';
import { Drawn, ServerBlockContext } from '../ui/error-boundary';
import { reportBrowserError } from '../ui/error-report';
import { useLocale } from '../ui/i18n';
import { whenInteractive } from '../ui/interactive';
import { NowContext, useNow } from '../ui/now';
import type { Component, ComponentKind } from '../content/models';
import styles from './LazyBlock.module.css';
import { blockPromise, isBlockReady } from './registry';
import type { AnyBlock, BlockProps } from './types';

/** On the wrapper: the kind (tests and monitoring read it). */
const LAZY_BLOCK_ATTRIBUTE = 'data-lazy-block';
/** On the wrapper once the block works (tests and monitoring read it). */
const BLOCK_READY_ATTRIBUTE = 'data-block-ready';

/** Blocks this far below the screen (a share of its height) are asked for already. */
const AHEAD = '50%';
/** Dispatched on the wrapper when the block has hydrated. */
const READY_EVENT = 'site:block-ready';
/** Keys the blocks answer themselves (tabs, galleries): held and played again, not lost. */
const HELD_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** A block waiting for its code: how to ask for it, and the actions to play once it works. */
interface Waiting {
  open: () => void;
  held: (() => void)[];
}

const waitingBlocks = new WeakMap<Element, Waiting>();

/**
 * Clicks and keys on a block whose code has not arrived. React cannot hydrate it on the spot and
 * drops such an event, so it is taken first (on the document, before React's root sees it),
 * held, and played again on the same element once the block works.
 */
function holdAction(event: Event): void {
  const { target } = event;
  if (!(target instanceof HTMLElement)) return;
  const wrapper = target.closest(`[${LAZY_BLOCK_ATTRIBUTE}]:not([${BLOCK_READY_ATTRIBUTE}])`);
  const block = wrapper ? waitingBlocks.get(wrapper) : undefined;
  if (!block) return;
  block.open();
  if (event instanceof KeyboardEvent) {
    // Tab moves focus and Enter makes a click (held then): only the blocks' own keys are kept.
    if (!HELD_KEYS.has(event.key)) return;
    const init: KeyboardEventInit = {
      key: event.key,
      code: event.code,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      bubbles: true,
      cancelable: true,
    };
    block.held.push(() => target.dispatchEvent(new KeyboardEvent('keydown', init)));
  } else {
    block.held.push(() => target.click());
  }
  event.preventDefault();
  event.stopPropagation();
}

let holding = false;

function holdActionsOn(wrapper: Element, open: () => void): Waiting {
  if (!holding) {
    holding = true;
    document.addEventListener('click', holdAction, true);
    document.addEventListener('keydown', holdAction, true);
  }
  const block: Waiting = { open, held: [] };
  waitingBlocks.set(wrapper, block);
  return block;
}

interface Gate {
  open: () => void;
  promise: Promise<ComponentType<BlockProps<ComponentKind>>>;
}

/** Gates not opened yet: a fragment in the address may point inside any of them. */
const waiting = new Set<Gate>();

function openAll(): void {
  waiting.forEach((gate) => gate.open());
}

/**
 * The blocks' texts travel with the late messages (src/i18n/late-keys.ts): the gate lets a block
 * render only once they are installed too, asked for beside its code, so the blocks read them
 * with the page's translator and never suspend on their own. Settled at once when both are at
 * hand (the server, a block already loaded), so that `use()` does not suspend then.
 */
function withLateMessages(
  block: Promise<AnyBlock> & { status?: string },
  opened: Promise<void>,
  locale: Locale,
): Promise<AnyBlock> {
  if (block.status === 'fulfilled' && hasLateMessages(locale)) return block;
  const texts = opened
    .then(() => lateMessages(locale))
    .catch((error: unknown) => {
      // As for a chunk that does not arrive: the block stays as the server rendered it.
      console.warn(`Block texts (${locale}) not loaded, block left as served.`, error);
      reportBrowserError('chunk', 'none', error);
      return new Promise<void>(() => undefined);
    });
  return Promise.all([block, texts]).then(([loaded]) => loaded);
}

function createGate(kind: ComponentKind, locale: Locale): Gate {
  let resolve: () => void = () => undefined;
  const opened = new Promise<void>((done) => {
    resolve = done;
  });
  const gate: Gate = {
    open: () => {
      waiting.delete(gate);
      resolve();
    },
    promise: withLateMessages(blockPromise(kind, opened), opened, locale),
  };
  return gate;
}

/** Counts the gate as waiting (in the browser, until it opens or its block goes away). */
function wait(gate: Gate): () => void {
  if (waiting.size === 0) window.addEventListener('hashchange', openAll);
  waiting.add(gate);
  return () => {
    waiting.delete(gate);
    if (waiting.size === 0) window.removeEventListener('hashchange', openAll);
  };
}

function Gated({
  component,
  gate,
  onReady,
}: {
  component: Component;
  gate: Gate;
  onReady: () => void;
}) {
  useEffect(onReady, [onReady]);
  // Always through the gate's promise, settled or not: a render that suspended on it is played
  // again with the same calls. The registry is keyed by kind: this entry takes this type.
  const Block: ComponentType<BlockProps<typeof component.kind>> = use(gate.promise);
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
  const now = useNow();
  const [renderedAt] = useState(now);
  const [hydrated, setHydrated] = useState(false);
  // Made once per block and never changed: the boundary below gets no update while it waits.
  const locale = useLocale();
  const [gate] = useState(() => createGate(component.kind, locale));
  const [onReady] = useState(() => () => {
    const element = wrapper.current;
    if (!element) return;
    element.setAttribute(BLOCK_READY_ATTRIBUTE, '');
    element.dispatchEvent(new Event(READY_EVENT));
    setHydrated(true);
  });
  const boundary = useMemo(
    () => (
      <Suspense fallback={PLACEHOLDER}>
        <Gated component={component} gate={gate} onReady={onReady} />
      </Suspense>
    ),
    [component, gate, onReady],
  );

  useEffect(() => {
    const element = wrapper.current;
    if (!element || element.hasAttribute(BLOCK_READY_ATTRIBUTE)) {
      gate.open();
      return;
    }
    // Until the block works, a click or a key press on it is held (holdAction) and played again
    // then, whether its code is still to be asked for or already on its way.
    const block = holdActionsOn(element, gate.open);
    const content = element.firstElementChild;
    let stopWatching: () => void = () => undefined;
    if (isBlockReady(component.kind)) {
      gate.open();
    } else {
      // Nothing is asked for before the page is interactive, not even for a block on the screen:
      // the frame hydrates first, then the blocks one by one as their code arrives
      // (docs/decisions/0047-blocks-after-the-frame.md). A click meanwhile opens the gate and is
      // held.
      const unwait = wait(gate);
      let observer: IntersectionObserver | undefined;
      const cancel = whenInteractive(() => {
        // Nothing served to keep (empty at the server's date), or a fragment that may name a
        // tab, a panel or a slide inside any block: wanted at once. A view rendered in the
        // browser shows the placeholder, watched like served HTML.
        if (!content || window.location.hash.length > 1) return gate.open();
        // Whatever the visitor points at or focuses is on the screen, so the observer has asked
        // for its code already.
        observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) gate.open();
          },
          { rootMargin: `${AHEAD} 0px` },
        );
        observer.observe(content);
      });
      stopWatching = () => {
        cancel();
        unwait();
        observer?.disconnect();
      };
    }
    const release = () => {
      stopWatching();
      waitingBlocks.delete(element);
      element.removeEventListener(READY_EVENT, replay);
    };
    function replay() {
      release();
      for (const action of block.held.splice(0)) action();
    }
    element.addEventListener(READY_EVENT, replay);
    return release;
  }, [gate, component.kind]);

  return (
    <div ref={wrapper} className={styles.wrapper} {...{ [LAZY_BLOCK_ATTRIBUTE]: component.kind }}>
      <NowContext.Provider value={hydrated ? now : renderedAt}>{boundary}</NowContext.Provider>
    </div>
  );
});
