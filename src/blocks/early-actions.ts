/**
 * Clicks and key presses on a block whose code has not arrived yet
 * (docs/decisions/0066-early-actions-on-waiting-blocks.md). React 19 tries to hydrate the block's
 * Suspense boundary at once when such an event hits it, cannot without the code, and stops the
 * event: it is lost, not replayed. So, while one block waits, it listens on the document (the
 * only place that hears the event before React's root stops it), asks for its code, holds the
 * event, and once the block works dispatches a copy on the same element. Its listeners go as soon
 * as the block works or goes away.
 */

/** Keys the blocks answer themselves (tabs, galleries). Tab moves focus; Enter makes a click. */
const BLOCK_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const EVENTS = ['click', 'keydown'] as const;

export interface EarlyActions {
  /** Plays the held events again, once the block works; listens no more. */
  replay: () => void;
  /** Listens no more, drops what is held (the block went away). */
  stop: () => void;
}

/** The same event, to dispatch again: its own fields read as the init dictionary of its kind. */
function copyOf(event: Event): Event {
  const Kind = event.constructor as new (type: string, init: Event) => Event;
  return new Kind(event.type, event);
}

/** Holds the clicks and block keys aimed inside `block`, calling `want` for each. */
export function holdEarlyActions(block: Element, want: () => void): EarlyActions {
  const held: { target: EventTarget; event: Event }[] = [];
  const hold = (event: Event) => {
    const { target } = event;
    if (!(target instanceof Node) || !block.contains(target)) return;
    want();
    if (event instanceof KeyboardEvent && !BLOCK_KEYS.has(event.key)) return;
    held.push({ target, event: copyOf(event) });
    event.preventDefault();
    event.stopPropagation();
  };
  for (const type of EVENTS) document.addEventListener(type, hold, true);
  const stop = () => {
    for (const type of EVENTS) document.removeEventListener(type, hold, true);
  };
  return {
    replay: () => {
      stop();
      for (const { target, event } of held.splice(0)) target.dispatchEvent(event);
    },
    stop: () => {
      stop();
      held.length = 0;
    },
  };
}
