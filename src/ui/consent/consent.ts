/**
 * The one consent interface of the site (docs/requirements.md, "Settled points"): the video and
 * podcast embeds load only after consent to their vendor. It uses the page's consent manager
 * (Didomi's web API) when the page has one, else a built-in store that persists the choice.
 */

export type Vendor = 'video' | 'podcast';

/** Each vendor's id at the consent manager and the purposes accepting it enables. */
export const VENDORS: Record<Vendor, { cmpId: string; purposes: string[] }> = {
  video: {
    cmpId: 'c:youtube',
    purposes: ['select_personalized_content', 'measure_content_performance'],
  },
  podcast: { cmpId: 'c:podcast', purposes: ['select_personalized_content'] },
};

export interface ConsentManager {
  has(vendor: Vendor): boolean;
  /**
   * Whether the visitor's choice enables a purpose of the consent manager's (the one the
   * operator gives Core Web Vitals beacons, RUM_CONSENT_PURPOSE); the built-in store answers from
   * the purposes of the vendors accepted.
   */
  hasPurpose(purpose: string): boolean;
  /** Enables the vendor and its purposes. */
  grant(vendor: Vendor): void;
  /** Disables the vendor; its embeds ask again. */
  withdraw(vendor: Vendor): void;
  /** Calls back whenever a choice changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Opens the consent manager's own preference centre and answers true; the built-in store has
   * none and answers false, so the site shows its own dialog (src/features/consent-preferences).
   */
  showPreferences(): boolean;
}

/** The vendors the site gates, in the order the preferences list them. */
export const VENDOR_LIST = Object.keys(VENDORS) as Vendor[];

/** The parts of Didomi's web SDK the site uses. */
export interface DidomiApi {
  getUserConsentStatusForVendor(vendorId: string): boolean | undefined;
  getUserStatus(): {
    purposes: { consent: { enabled: string[]; disabled: string[] } };
    vendors: { consent: { enabled: string[]; disabled: string[] } };
  };
  setUserStatus(status: {
    purposes: { consent: { enabled: string[]; disabled: string[] } };
    vendors: { consent: { enabled: string[]; disabled: string[] } };
    action: string;
  }): void;
  preferences: { show(): void };
}

interface DidomiEventListener {
  event: string;
  listener: () => void;
}

declare global {
  interface Window {
    Didomi?: DidomiApi;
    didomiEventListeners?: DidomiEventListener[];
  }
}

const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];

export function didomiManager(didomi: DidomiApi, win: Window): ConsentManager {
  const listeners = new Set<() => void>();
  (win.didomiEventListeners ??= []).push({
    event: 'consent.changed',
    listener: () => listeners.forEach((l) => l()),
  });
  return {
    has: (vendor) => didomi.getUserConsentStatusForVendor(VENDORS[vendor].cmpId) === true,
    hasPurpose: (purpose) => didomi.getUserStatus().purposes.consent.enabled.includes(purpose),
    grant(vendor) {
      const { cmpId, purposes } = VENDORS[vendor];
      const status = didomi.getUserStatus();
      didomi.setUserStatus({
        purposes: {
          consent: {
            enabled: union(status.purposes.consent.enabled, purposes),
            disabled: status.purposes.consent.disabled.filter((p) => !purposes.includes(p)),
          },
        },
        vendors: {
          consent: {
            enabled: union(status.vendors.consent.enabled, [cmpId]),
            disabled: status.vendors.consent.disabled.filter((v) => v !== cmpId),
          },
        },
        action: 'click',
      });
      listeners.forEach((l) => l());
    },
    withdraw(vendor) {
      const { cmpId } = VENDORS[vendor];
      const status = didomi.getUserStatus();
      // Purposes stay as they are: other vendors may rely on them.
      didomi.setUserStatus({
        purposes: status.purposes,
        vendors: {
          consent: {
            enabled: status.vendors.consent.enabled.filter((v) => v !== cmpId),
            disabled: union(status.vendors.consent.disabled, [cmpId]),
          },
        },
        action: 'click',
      });
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showPreferences() {
      didomi.preferences.show();
      return true;
    },
  };
}

const CONSENT_STORAGE_KEY = 'consentements';

interface StoredConsent {
  vendors: Partial<Record<Vendor, boolean>>;
  purposes: string[];
}

/** Without a consent manager on the page: the choice persists in local storage. */
export function builtInManager(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): ConsentManager {
  const listeners = new Set<() => void>();
  const read = (): StoredConsent => {
    try {
      const raw = storage?.getItem(CONSENT_STORAGE_KEY);
      const parsed = raw ? (JSON.parse(raw) as Partial<StoredConsent>) : {};
      return { vendors: parsed.vendors ?? {}, purposes: parsed.purposes ?? [] };
    } catch {
      return { vendors: {}, purposes: [] };
    }
  };
  let state = read();
  const save = (vendors: StoredConsent['vendors']) => {
    // The purposes are those of the vendors still accepted.
    const purposes = VENDOR_LIST.filter((v) => vendors[v] === true).flatMap(
      (v) => VENDORS[v].purposes,
    );
    state = { vendors, purposes: [...new Set(purposes)] };
    try {
      storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage refused: the choice holds for this page only.
    }
    listeners.forEach((l) => l());
  };
  return {
    has: (vendor) => state.vendors[vendor] === true,
    hasPurpose: (purpose) => state.purposes.includes(purpose),
    grant: (vendor) => save({ ...state.vendors, [vendor]: true }),
    withdraw: (vendor) => save({ ...state.vendors, [vendor]: false }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // No preference centre of its own: the site's dialog edits this store.
    showPreferences: () => false,
  };
}

let current: ConsentManager | undefined;
let currentIsCmp = false;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's consent manager; a CMP that loads after the page takes over from the built-in store. */
export function consentManager(): ConsentManager {
  if (typeof window === 'undefined') return builtInManager(null);
  if (window.Didomi && !currentIsCmp) {
    current = didomiManager(window.Didomi, window);
    currentIsCmp = true;
  }
  current ??= builtInManager(safeStorage());
  return current;
}
