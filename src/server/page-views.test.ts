// @vitest-environment node
/**
 * The page views' tokens in memory (docs/decisions/0087-beacons-that-cannot-lie.md): given, taken
 * once, forgotten past their lifetime or when 100,000 newer ones came. The Redis store, shared by
 * processes and while Redis is away, is tests/e2e/proxy-vitals.spec.ts's.
 */
import { describe, expect, it } from 'vitest';
import { memoryPageViews, VIEW_LIFETIME_MS } from './page-views';

describe('memoryPageViews', () => {
  it('gives a new token each time, and takes each once', async () => {
    const views = memoryPageViews();
    const [a, b] = [await views.issue(), await views.issue()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b).not.toBe(a);
    expect(await views.take(a ?? '')).toBe(true);
    expect(await views.take(a ?? '')).toBe(false);
    expect(await views.take(b ?? '')).toBe(true);
    expect(await views.take('A'.repeat(22))).toBe(false);
  });

  it('refuses a token past its lifetime', async () => {
    let now = 1_000;
    const views = memoryPageViews(() => now);
    const token = (await views.issue()) ?? '';
    const late = (await views.issue()) ?? '';
    now += VIEW_LIFETIME_MS - 1;
    expect(await views.take(token)).toBe(true);
    now += 1;
    expect(await views.take(late)).toBe(false);
  });

  it('keeps the newest 100,000 tokens', async () => {
    const views = memoryPageViews();
    const first = (await views.issue()) ?? '';
    const second = (await views.issue()) ?? '';
    for (let i = 0; i < 99_999; i += 1) await views.issue();
    // The first is forgotten, the second is still there.
    expect(await views.take(first)).toBe(false);
    expect(await views.take(second)).toBe(true);
  });
});
