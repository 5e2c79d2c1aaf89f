// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyActions } from './early-actions';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A block waiting for its code, a button in it, and a button outside it. */
function page() {
  document.body.innerHTML =
    '<div id="block"><button id="inside">in</button></div><button id="outside">out</button>';
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { block: byId('block'), inside: byId('inside'), outside: byId('outside') };
}

function press(target: HTMLElement, key: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('early actions on a waiting block (docs/decisions/0066)', () => {
  it('holds a click and a block key inside the block, asks for the code, and plays them again', () => {
    const { block, inside } = page();
    const want = vi.fn();
    const actions = holdEarlyActions(block, want);
    const seen: string[] = [];
    inside.addEventListener('click', () => seen.push('click'));
    inside.addEventListener('keydown', (event) => seen.push(event.key));

    inside.click();
    const arrow = press(inside, 'ArrowRight');
    expect(want).toHaveBeenCalledTimes(2);
    expect(arrow.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    actions.replay();
    expect(seen).toEqual(['click', 'ArrowRight']);
    // Once played, nothing is held any more.
    inside.click();
    expect(seen).toEqual(['click', 'ArrowRight', 'click']);
  });

  it('lets Tab, Enter and events outside the block go by', () => {
    const { block, inside, outside } = page();
    const want = vi.fn();
    holdEarlyActions(block, want);
    const seen: string[] = [];
    document.body.addEventListener('keydown', (event) => seen.push(event.key));
    document.body.addEventListener('click', () => seen.push('click'));

    press(inside, 'Tab');
    press(inside, 'Enter');
    outside.click();
    expect(seen).toEqual(['Tab', 'Enter', 'click']);
    // A key in the block still asks for its code: the visitor is about to use it.
    expect(want).toHaveBeenCalledTimes(2);
  });

  it('leaves no listener on the document once played, or once the block went away', () => {
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    const { block } = page();
    holdEarlyActions(block, () => undefined).replay();
    holdEarlyActions(block, () => undefined).stop();
    expect(add).toHaveBeenCalledTimes(4);
    expect(remove.mock.calls).toEqual(add.mock.calls);
  });

  it('drops what it held when the block went away', () => {
    const { block, inside } = page();
    const actions = holdEarlyActions(block, () => undefined);
    const clicked = vi.fn();
    inside.addEventListener('click', clicked);
    inside.click();
    actions.stop();
    actions.replay();
    expect(clicked).not.toHaveBeenCalled();
  });
});
