import { describe, expect, it, vi } from 'vitest';
import { builtInManager, didomiManager, type DidomiApi } from './consent';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('built-in consent store', () => {
  it('starts without consent, grants a vendor with its purposes, and persists it', () => {
    const storage = memoryStorage();
    const first = builtInManager(storage);
    expect(first.has('video')).toBe(false);
    const listener = vi.fn();
    first.subscribe(listener);
    first.grant('video');
    expect(first.has('video')).toBe(true);
    expect(first.has('podcast')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    const again = builtInManager(storage);
    expect(again.has('video')).toBe(true);
    expect(again.hasPurpose('measure_content_performance')).toBe(true);
    expect(builtInManager(memoryStorage()).hasPurpose('measure_content_performance')).toBe(false);
    expect(JSON.parse(storage.getItem('consentements') ?? '{}')).toMatchObject({
      purposes: expect.arrayContaining(['select_personalized_content']) as unknown,
    });
  });
  it('survives unreadable storage', () => {
    const broken = { getItem: () => '{not json', setItem: () => undefined };
    expect(builtInManager(broken).has('podcast')).toBe(false);
  });
  it('withdraws a vendor: its purposes go unless another accepted vendor needs them, and it persists', () => {
    const storage = memoryStorage();
    const m = builtInManager(storage);
    m.grant('video');
    m.grant('podcast');
    const listener = vi.fn();
    m.subscribe(listener);
    m.withdraw('video');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(m.has('video')).toBe(false);
    expect(m.has('podcast')).toBe(true);
    const stored = JSON.parse(storage.getItem('consentements') ?? '{}') as {
      purposes: string[];
    };
    expect(stored.purposes).toEqual(['select_personalized_content']);
    expect(builtInManager(storage).has('video')).toBe(false);
    m.withdraw('podcast');
    expect(builtInManager(storage).has('podcast')).toBe(false);
  });
  it('has no preference centre of its own: the preferences action changes nothing', () => {
    const m = builtInManager(memoryStorage());
    m.grant('podcast');
    expect(m.showPreferences()).toBe(false);
    expect(m.has('podcast')).toBe(true);
  });
});

describe('consent manager on the page (Didomi)', () => {
  it('reads and grants through its API, enabling the vendor and its purposes', () => {
    let status = {
      purposes: { consent: { enabled: ['cookies'], disabled: ['select_personalized_content'] } },
      vendors: { consent: { enabled: [] as string[], disabled: ['c:youtube'] } },
    };
    const show = vi.fn();
    const didomi: DidomiApi = {
      getUserConsentStatusForVendor: (id) => status.vendors.consent.enabled.includes(id),
      getUserStatus: () => status,
      setUserStatus: (next) => {
        status = next;
      },
      preferences: { show },
    };
    const win = {} as Window;
    const m = didomiManager(didomi, win);
    expect(m.has('video')).toBe(false);
    // A purpose as the consent manager answers it (RUM_CONSENT_PURPOSE).
    expect(m.hasPurpose('cookies')).toBe(true);
    expect(m.hasPurpose('measure_content_performance')).toBe(false);
    m.grant('video');
    expect(m.hasPurpose('measure_content_performance')).toBe(true);
    expect(m.has('video')).toBe(true);
    expect(status.vendors.consent.disabled).toEqual([]);
    expect(status.purposes.consent.enabled).toEqual(
      expect.arrayContaining([
        'cookies',
        'select_personalized_content',
        'measure_content_performance',
      ]),
    );
    expect(win.didomiEventListeners?.[0]?.event).toBe('consent.changed');
    expect(m.showPreferences()).toBe(true);
    expect(show).toHaveBeenCalled();
    m.withdraw('video');
    expect(m.has('video')).toBe(false);
    expect(status.vendors.consent.disabled).toEqual(['c:youtube']);
    expect(status.purposes.consent.enabled).toContain('select_personalized_content');
  });
});

describe('consent manager on the page (Didomi), configured', () => {
  it('grants the configured vendor id with the purposes its notice gives it', () => {
    let status = {
      purposes: { consent: { enabled: [] as string[], disabled: [] as string[] } },
      vendors: { consent: { enabled: [] as string[], disabled: [] as string[] } },
    };
    const didomi: DidomiApi = {
      getVendorById: (id) =>
        id === 'c:video-a1' ? { purposeIds: ['operator_purpose'] } : undefined,
      getUserConsentStatusForVendor: (id) => status.vendors.consent.enabled.includes(id),
      getUserStatus: () => status,
      setUserStatus: (next) => {
        status = next;
      },
      preferences: { show: () => undefined },
    };
    const m = didomiManager(didomi, {} as Window, { video: 'c:video-a1', podcast: 'c:pod-b2' });
    m.grant('video');
    expect(status.vendors.consent.enabled).toEqual(['c:video-a1']);
    expect(status.purposes.consent.enabled).toEqual(['operator_purpose']);
    m.grant('podcast');
    expect(status.vendors.consent.enabled).toEqual(['c:video-a1', 'c:pod-b2']);
    expect(status.purposes.consent.enabled).toContain('select_personalized_content');
  });
});
