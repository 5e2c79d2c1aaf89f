// @vitest-environment happy-dom
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAND_IN_CMP_SCRIPT, STAND_IN_CMP_VENDORS } from './script';
import { handleCmp, STAND_IN_CMP_API_KEY } from './service';

interface StandIn {
  getUserStatus(): {
    purposes: { consent: { enabled: string[]; disabled: string[] } };
    vendors: { consent: { enabled: string[]; disabled: string[] } };
  };
  setUserStatus(status: unknown): void;
  getUserConsentStatusForVendor(id: string): boolean | undefined;
  getVendorById(id: string): { purposeIds: string[] } | undefined;
  preferences: { show(): void; hide(): void; isVisible(): boolean };
}

type WithCmp = Window & {
  Didomi?: StandIn;
  didomiOnReady?: ((d: StandIn) => void)[];
  didomiEventListeners?: { event: string; listener: () => void }[];
};
const win = window as unknown as WithCmp;

/** Runs the served text as the browser would (a classic script in the page's global scope). */
function runScript(): StandIn {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(STAND_IN_CMP_SCRIPT) as () => void)();
  const found = win.Didomi;
  if (!found) throw new Error('the script did not define window.Didomi');
  return found;
}

const { video, podcast } = STAND_IN_CMP_VENDORS;
const preferences = () => document.querySelector<HTMLDialogElement>('[data-stand-in-cmp]');
const switchNamed = (name: string) =>
  [...document.querySelectorAll<HTMLInputElement>('[data-stand-in-cmp] input[role="switch"]')].find(
    (input) => input.closest('label')?.textContent.includes(name),
  );
const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('[data-stand-in-cmp] button')].find(
    (b) => b.textContent === name,
  );

beforeEach(() => {
  delete win.Didomi;
  delete win.didomiOnReady;
  delete win.didomiEventListeners;
  window.localStorage.clear();
  document.documentElement.lang = 'fr-CA';
});

afterEach(() => {
  win.Didomi?.preferences.hide();
});

describe('the stand-in consent manager', () => {
  it('runs the ready callbacks and registers the listeners queued before it, and later ones', () => {
    const ready = vi.fn();
    const changed = vi.fn();
    win.didomiOnReady = [ready];
    win.didomiEventListeners = [{ event: 'consent.changed', listener: changed }];
    const cmp = runScript();
    expect(ready).toHaveBeenCalledWith(cmp);
    const late = vi.fn();
    win.didomiOnReady.push(late);
    expect(late).toHaveBeenCalledWith(cmp);
    const lateChanged = vi.fn();
    win.didomiEventListeners.push({ event: 'consent.changed', listener: lateChanged });
    cmp.setUserStatus({
      purposes: { consent: { enabled: ['select_personalized_content'], disabled: [] } },
      vendors: { consent: { enabled: [podcast], disabled: [] } },
      action: 'click',
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(lateChanged).toHaveBeenCalledTimes(1);
    expect(cmp.getUserConsentStatusForVendor(podcast)).toBe(true);
    expect(cmp.getUserConsentStatusForVendor(video)).toBeUndefined();
    expect(cmp.getVendorById(video)?.purposeIds).toContain('measure_content_performance');
  });

  it('answers consent for a vendor only with all its purposes, and keeps the choice', () => {
    const cmp = runScript();
    cmp.setUserStatus({
      purposes: { consent: { enabled: ['select_personalized_content'], disabled: [] } },
      vendors: { consent: { enabled: [video], disabled: [] } },
    });
    expect(cmp.getUserConsentStatusForVendor(video)).toBeUndefined();
    cmp.setUserStatus({
      purposes: { consent: { enabled: [], disabled: ['measure_content_performance'] } },
      vendors: { consent: { enabled: [video], disabled: [] } },
    });
    expect(cmp.getUserConsentStatusForVendor(video)).toBe(false);
    delete win.Didomi;
    expect(runScript().getUserStatus().purposes.consent.disabled).toEqual([
      'measure_content_performance',
    ]);
  });

  it('shows its preferences in the page’s language: a named modal dialog, one switch per vendor', () => {
    const cmp = runScript();
    const shown = vi.fn();
    win.didomiEventListeners?.push({ event: 'preferences.shown', listener: shown });
    cmp.preferences.show();
    const dialog = preferences();
    expect(dialog?.open).toBe(true);
    expect(shown).toHaveBeenCalledTimes(1);
    const title = document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Vos choix de confidentialité');
    expect(dialog?.querySelectorAll('input[role="switch"]')).toHaveLength(2);
    expect(switchNamed('Plateforme vidéo')?.checked).toBe(false);
    expect(button('Enregistrer mes choix')).toBeDefined();
    cmp.preferences.hide();
    expect(preferences()).toBeNull();

    document.documentElement.lang = 'en-CA';
    cmp.preferences.show();
    expect(switchNamed('Podcast player')).toBeDefined();
    expect(button('Cancel')).toBeDefined();
  });

  it('saves the switches: a vendor turned on with its purposes, one turned off without them', () => {
    const cmp = runScript();
    const changed = vi.fn();
    const hidden = vi.fn();
    win.didomiEventListeners?.push(
      { event: 'consent.changed', listener: changed },
      { event: 'preferences.hidden', listener: hidden },
    );
    cmp.preferences.show();
    switchNamed('Plateforme vidéo')?.click();
    button('Enregistrer mes choix')?.click();
    expect(preferences()).toBeNull();
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(cmp.getUserConsentStatusForVendor(video)).toBe(true);
    expect(cmp.getUserConsentStatusForVendor(podcast)).toBe(false);

    cmp.preferences.show();
    expect(switchNamed('Plateforme vidéo')?.checked).toBe(true);
    switchNamed('Plateforme vidéo')?.click();
    button('Enregistrer mes choix')?.click();
    expect(cmp.getUserConsentStatusForVendor(video)).toBe(false);
    expect(cmp.getUserStatus().purposes.consent.enabled).toContain('measure_content_performance');
  });

  it('closes without saving on Cancel', () => {
    const cmp = runScript();
    cmp.preferences.show();
    switchNamed('Lecteur de balados')?.click();
    button('Annuler')?.click();
    expect(preferences()).toBeNull();
    expect(cmp.getUserConsentStatusForVendor(podcast)).toBeUndefined();
    expect(window.localStorage.getItem('stand-in-cmp')).toBeNull();
  });
});

describe('serving the script', () => {
  it("answers it as JavaScript at Didomi's loader path, for any API key", () => {
    const reply = handleCmp(`/${STAND_IN_CMP_API_KEY}/loader.js`);
    expect(reply?.status).toBe(200);
    expect(reply?.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply?.body).toBe(STAND_IN_CMP_SCRIPT);
    expect(handleCmp('/other-key/loader.js')).not.toBeNull();
    expect(handleCmp('/../loader.js')).toBeNull();
    expect(handleCmp('/loader.js')).toBeNull();
    expect(handleCmp('/a/b/loader.js')).toBeNull();
  });

  it('stays small: every page of the demo loads it (docs/decisions/0075-operator-cmp.md)', () => {
    expect(gzipSync(STAND_IN_CMP_SCRIPT).length).toBeLessThan(4 * 1024);
  });

  it('makes no network call and sets no style attribute through markup', () => {
    expect(STAND_IN_CMP_SCRIPT).not.toMatch(
      /fetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon/,
    );
    expect(STAND_IN_CMP_SCRIPT).not.toMatch(/setAttribute\('style'|innerHTML|cssText/);
  });
});
