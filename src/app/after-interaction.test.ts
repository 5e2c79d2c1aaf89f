/**
 * After interaction (docs/decisions/0069-real-user-web-vitals.md): the navigation kit always; the
 * Core Web Vitals' chunk only in a document drawn into the sample, once the browser is idle.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Snapshot } from './state';
import { createAppStore } from './store';

const { watchVitals, loadNavigationKitWhenIdle } = vi.hoisted(() => ({
  watchVitals: vi.fn(),
  loadNavigationKitWhenIdle: vi.fn(),
}));
vi.mock('./vitals', () => ({ watchVitals }));
vi.mock('./navigation-kit', () => ({ loadNavigationKitWhenIdle }));

const { startAfterInteraction } = await import('./after-interaction');

function start(rum: Snapshot['config']['rum'], draw: number) {
  const idle: (() => void)[] = [];
  const win = { requestIdleCallback: (task: () => void) => idle.push(task) } as unknown as Window;
  const store = createAppStore({ config: { rum } } as unknown as Snapshot);
  startAfterInteraction(win, store, () => draw);
  return { idle, win };
}

describe('startAfterInteraction', () => {
  it('loads the navigation kit, and the vitals only in the sample, when the browser is idle', async () => {
    expect(start(undefined, 0).idle).toHaveLength(0);
    expect(start({ sampleRate: 0.1 }, 0.5).idle).toHaveLength(0);
    expect(loadNavigationKitWhenIdle).toHaveBeenCalledTimes(2);
    const { idle, win } = start({ sampleRate: 0.1, consentPurpose: 'audience' }, 0.05);
    expect(idle).toHaveLength(1);
    expect(watchVitals).not.toHaveBeenCalled();
    idle[0]?.();
    await vi.waitFor(() => expect(watchVitals).toHaveBeenCalledTimes(1));
    expect(watchVitals).toHaveBeenCalledWith(win, expect.anything(), {
      sampleRate: 0.1,
      consentPurpose: 'audience',
    });
  });
});
