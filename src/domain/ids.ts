/**
 * Content values that become an element's `id` or a URL fragment (accordion anchors, tab keys):
 * a safe character set and length, and never one of the application's own ids, which the page's
 * code looks up by id (docs/decisions/0021-ids-and-vendor-values.md).
 */

/** A letter, then letters, digits, `-` or `_`: no selector, HTML or URL meaning; not React's `_r_` ids. */
const CONTENT_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const CONTENT_ID_MAX_LENGTH = 64;

/**
 * Ids the application writes itself (mount points, the hydration data, the betting widget's
 * container, the header/footer loader's configuration and its demo host page; the consent
 * manager's loader is under `app-`), and globals the code tests for or fills, which an element's
 * id would otherwise shadow (`window.Didomi`, `window.didomiOnReady`, ...). Compared
 * without case. `src/app/reserved-ids.test.ts` checks that the app's constants are all here.
 */
const RESERVED_IDS: readonly string[] = [
  'mount-banner',
  'mount-header',
  'mount-main',
  'mount-footer',
  'app-state',
  'sports-widget',
  'pari-boreal-frame',
  'site-header',
  'site-footer',
  'host-content',
  'didomi',
  'didomionready',
  'didomieventlisteners',
  'pariborealframe',
  'sportswidget',
  '__tcfapi',
];
/** Prefixes kept for the application's future ids. */
const RESERVED_ID_PREFIXES: readonly string[] = ['mount-', 'app-', 'pari-boreal'];

type ContentIdCheck = { ok: true; id: string } | { ok: false; reason: string };

export function checkContentId(raw: string): ContentIdCheck {
  const id = raw.trim();
  if (id.length > CONTENT_ID_MAX_LENGTH) {
    return { ok: false, reason: `longer than ${CONTENT_ID_MAX_LENGTH} characters` };
  }
  if (!CONTENT_ID.test(id)) {
    return { ok: false, reason: 'not a letter followed by letters, digits, "-" or "_"' };
  }
  const lower = id.toLowerCase();
  if (RESERVED_IDS.includes(lower) || RESERVED_ID_PREFIXES.some((p) => lower.startsWith(p))) {
    return { ok: false, reason: 'reserved by the application' };
  }
  return { ok: true, id };
}

/** The value as an id when it is a safe one, else undefined. */
export function safeContentId(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const check = checkContentId(raw);
  return check.ok ? check.id : undefined;
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A content node's id as the site carries it (docs/decisions/0043-short-node-ids.md): a UUID
 * becomes its first 12 hex digits, which are random in the UUIDs a content service makes (v4,
 * v5), so two nodes of one page share them with a chance below one in a billion; any other id
 * stays as it is. The id is a React key and a part of element ids, in the markup and again in the
 * hydration state, often a hundred times a page.
 */
export function shortNodeId(id: string): string {
  const uuid = UUID.exec(id);
  return uuid ? `${uuid[1] ?? ''}${uuid[2] ?? ''}`.toLowerCase() : id;
}
