/**
 * The one consent interface of the site (docs/requirements.md, "Settled points"): the video and
 * podcast embeds load only after consent to their vendor. When configured, the document loads the
 * operator's consent manager (Didomi's web SDK) and names each vendor's id in it on the loader's
 * element; the choice is then read and written there. Otherwise, or when its SDK does not come (a
 * blocker, a failed load), a built-in store persists the choice
 * (docs/decisions/0075-operator-cmp.md).
 */

export type Vendor = 'video' | 'podcast';

/**
 * The purposes accepting each vendor enables, when the consent manager does not say which its
 * notice gives the vendor (Didomi's ids of the standard purposes).
 */
export const VENDORS: Record<Vendor, { purposes: string[] }> = {
  video: { purposes: ['select_personalized_content', 'measure_content_performance'] },
  podcast: { purposes: ['select_personalized_content'] },
};

/** Each vendor's id in the consent manager's notice (configuration: CMP_VENDOR_VIDEO, ...). */
type VendorIds = Record<Vendor, string>;

/**
 * The consent manager's element, which the document writes (src/server/document.ts) and the
 * browser entry reads (`loadConsentManager`, src/app/after-paint.ts, which spells the same names
 * without imports; a unit test holds them together): the loader's URL and the vendors' ids.
 */
export const CMP_ELEMENT_ID = 'app-cmp';
export const CMP_LOADER_ATTRIBUTE = 'data-loader';
/** Set by the entry once a script from the loader's origin failed. */
export const CMP_FAILED_ATTRIBUTE = 'data-failed';

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
  /** A vendor of the notice, with the purposes it needs; optional, the site falls back on its own. */
  getVendorById?(vendorId: string): { purposeIds?: string[] } | undefined;
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
    didomiOnReady?: ((didomi: DidomiApi) => void)[];
  }
}

const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];

/** The vendors' ids of the demo's and the former hard-coded mapping, for a Didomi the site did not load. */
const DEFAULT_VENDOR_IDS: VendorIds = { video: 'c:youtube', podcast: 'c:podcast' };

export function didomiManager(
  didomi: DidomiApi,
  win: Window,
  ids: VendorIds = DEFAULT_VENDOR_IDS,
): ConsentManager {
  const listeners = new Set<() => void>();
  (win.didomiEventListeners ??= []).push({
    event: 'consent.changed',
    listener: () => listeners.forEach((l) => l()),
  });
  return {
    has: (vendor) => didomi.getUserConsentStatusForVendor(ids[vendor]) === true,
    hasPurpose: (purpose) => didomi.getUserStatus().purposes.consent.enabled.includes(purpose),
    grant(vendor) {
      const cmpId = ids[vendor];
      // The purposes the operator's notice gives the vendor, else the site's own list.
      const purposes = didomi.getVendorById?.(cmpId)?.purposeIds ?? VENDORS[vendor].purposes;
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
      const cmpId = ids[vendor];
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

function safeStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** The vendors' ids the document gives on the consent manager's element; null: none configured. */
export function configuredCmp(doc: Document): VendorIds | null {
  const element = doc.getElementById(CMP_ELEMENT_ID);
  if (!(element instanceof HTMLElement) || !element.hasAttribute(CMP_LOADER_ATTRIBUTE)) return null;
  const { video, podcast } = element.dataset;
  return video && podcast ? { video, podcast } : null;
}

/**
 * The page's manager once it is known: the CMP's when its SDK says it is ready
 * (`didomiOnReady`), the built-in store once the entry has marked the CMP's element as failed (a
 * script from its origin could not load: a blocker, a dead host). The entry adds the loader after
 * the first screen, so the page's load event may come before it and says nothing
 * (docs/decisions/0080-first-screen-first.md).
 */
export function cmpWhenReady(win: Window, ids: VendorIds): Promise<ConsentManager> {
  return new Promise((resolve) => {
    (win.didomiOnReady ??= []).push((didomi) =>
      resolve(didomiManager(win.Didomi ?? didomi, win, ids)),
    );
    const element = win.document.getElementById(CMP_ELEMENT_ID);
    const failed = () => element?.hasAttribute(CMP_FAILED_ATTRIBUTE) === true && !win.Didomi;
    if (failed() || !element) {
      resolve(builtInManager(safeStorage(win)));
      return;
    }
    const observer = new MutationObserver(() => {
      if (!failed()) return;
      observer.disconnect();
      resolve(builtInManager(safeStorage(win)));
    });
    observer.observe(element, { attributeFilter: [CMP_FAILED_ATTRIBUTE] });
  });
}

/**
 * A manager that answers for the one to come: no consent until it is known (the gates show
 * their overlay meanwhile), a choice made meanwhile applied to it once it is, its subscribers told
 * then and at each change after.
 */
export function awaitingManager(coming: Promise<ConsentManager>): ConsentManager {
  let known: ConsentManager | undefined;
  const listeners = new Set<() => void>();
  const queued: [Vendor, 'grant' | 'withdraw'][] = [];
  const notify = () => listeners.forEach((l) => l());
  void coming.then((manager) => {
    known = manager;
    manager.subscribe(notify);
    for (const [vendor, action] of queued.splice(0)) manager[action](vendor);
    notify();
  });
  return {
    has: (vendor) => known?.has(vendor) ?? false,
    hasPurpose: (purpose) => known?.hasPurpose(purpose) ?? false,
    grant: (vendor) => (known ? known.grant(vendor) : void queued.push([vendor, 'grant'])),
    withdraw: (vendor) => (known ? known.withdraw(vendor) : void queued.push([vendor, 'withdraw'])),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showPreferences: () => known?.showPreferences() ?? false,
  };
}

interface PageConsent {
  manager: ConsentManager;
  known: Promise<ConsentManager>;
  /** The built-in store without a configured CMP: a Didomi that comes later takes over. */
  builtIn: boolean;
  /** The host page's Didomi the manager speaks to, without a configured CMP. */
  didomi?: DidomiApi;
}

let current: PageConsent | undefined;

function pageConsent(): PageConsent {
  const ids = configuredCmp(window.document);
  if (ids) {
    const known = cmpWhenReady(window, ids);
    return { manager: awaitingManager(known), known, builtIn: false };
  }
  // No consent manager configured: a Didomi on the page all the same (a host page's) is used.
  const didomi = window.Didomi;
  const manager = didomi ? didomiManager(didomi, window) : builtInManager(safeStorage(window));
  return {
    manager,
    known: Promise.resolve(manager),
    builtIn: !didomi,
    ...(didomi ? { didomi } : {}),
  };
}

/**
 * Whether the page's consent must be read again: a Didomi came where the built-in store answered,
 * or the host's Didomi the manager speaks to is no longer the page's (replaced, or gone: unit
 * tests that share this module, docs/decisions/0079-unit-tests-share-modules.md, each set their own).
 */
const stale = (page: PageConsent): boolean =>
  (page.builtIn && window.Didomi !== undefined) ||
  (page.didomi !== undefined && window.Didomi !== page.didomi);

/** The page's consent manager, kept for the page's life (a client-side navigation keeps it). */
export function consentManager(): ConsentManager {
  if (typeof window === 'undefined') return builtInManager(null);
  if (!current || stale(current)) current = pageConsent();
  return current.manager;
}

/** The page's consent manager once it is known (the cookie-settings link waits for it). */
export function knownConsentManager(): Promise<ConsentManager> {
  consentManager();
  return current?.known ?? Promise.resolve(builtInManager(null));
}
