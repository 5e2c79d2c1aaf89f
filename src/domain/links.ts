/** Link kinds of docs/requirements.md §2 (footer) and docs/requirements.md, "Settled points": external, internal route, or an action. */

/** `javascript:` links from the content that the site honours, by the action they name. */
const ALLOWED_ACTIONS: Record<string, LinkAction> = {
  'didomi.preferences.show()': 'consent-preferences',
  'afficherconfigurationclient()': 'client-config',
  'void(0)': 'none',
  'void(0);': 'none',
};

export type LinkAction = 'consent-preferences' | 'client-config' | 'none';

type LinkKind =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; href: string }
  /** mailto: as it is, tel: normalised (`telHref`), `#fragment`. */
  | { kind: 'native'; href: string }
  | { kind: 'action'; action: LinkAction }
  /** Anything that cannot be followed safely: rendered as text, never as a live link. */
  | { kind: 'blocked' };

export function classifyLink(raw: string | undefined | null): LinkKind {
  const href = (raw ?? '').trim();
  if (!href || isDisguisedExternal(href)) return { kind: 'blocked' };
  if (/^https?:\/\//i.test(href)) return { kind: 'external', href };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === 'javascript') {
    const body = href.slice('javascript:'.length).trim().toLowerCase();
    const action = ALLOWED_ACTIONS[body];
    return action ? { kind: 'action', action } : { kind: 'blocked' };
  }
  if (scheme === 'tel') {
    const tel = telHref(href);
    return tel ? { kind: 'native', href: tel } : { kind: 'blocked' };
  }
  if (scheme === 'mailto') return { kind: 'native', href };
  if (scheme) return { kind: 'blocked' };
  if (href.startsWith('#')) return { kind: 'native', href };
  // `\host` becomes `/\host` here: the rule is asked again of what would be written.
  const path = href.startsWith('/') ? href : `/${href}`;
  return isDisguisedExternal(path) ? { kind: 'blocked' } : { kind: 'internal', href: path };
}

/**
 * What browsers skip in a URL (controls and spaces), and the other spaces DOMPurify drops: `\s`
 * holds the Unicode spaces (U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+205F, U+3000,
 * U+FEFF among them).
 */
// eslint-disable-next-line no-control-regex -- controls and spaces are what it matches
const SKIPPED = /[\s\0-\x1f\x7f-\x9f\u180e\u200b]/g;
const PROBE_ORIGIN = 'https://site.invalid';

/**
 * The site's one rule for a link the content gives, wherever it comes from (a link field, an
 * `href` in rich text; docs/security.md): true when a browser would take the address to another
 * host although it is not written as a web address (`http://` or `https://` in full).
 * Protocol-relative `//host`, the backslash forms `/\host`, `\\host`, `\/host`, a web scheme
 * without its two slashes (`https:\\host`, `http:/\host`), and the same with spaces, tabs,
 * newlines or controls anywhere in them (browsers skip those) or with their leading slashes
 * percent-encoded (`/%5Chost`, `%2F%2Fhost`). Such an address is refused, never followed: a link
 * field renders its text, rich text loses its `href`. Other schemes (`mailto:`, `tel:`,
 * `javascript:`) are not web addresses; each reader keeps its own rule for them.
 */
export function isDisguisedExternal(raw: string): boolean {
  const compact = raw.replace(SKIPPED, '');
  if (/^https?:/i.test(compact)) return !/^https?:\/\//i.test(compact);
  if (/^[a-z][a-z0-9+.-]*:/i.test(compact)) return false;
  // No scheme: a path, a query or a fragment, which must resolve on the site itself.
  const decoded = compact.replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
  if (/^[/\\]{2}/.test(decoded)) return true;
  try {
    return new URL(decoded, PROBE_ORIGIN).origin !== PROBE_ORIGIN;
  } catch {
    return true;
  }
}

/**
 * A phone number as editors type it, with or without `tel:` (even twice), with spaces, dashes,
 * dots or parentheses, to one dialable `tel:` href: `tel:+` and digits. Ten digits are a North
 * American number without its country code (+1 is added); a number that cannot be made
 * international (a short or local number) keeps its digits without `+`. Anything else (letters,
 * no digits, a `+` inside) is not a phone number: undefined.
 */
export function telHref(raw: string | undefined | null): string | undefined {
  let value = (raw ?? '').trim();
  while (/^tel:/i.test(value)) value = value.slice('tel:'.length).trim();
  if (!/^\+?[\d\s().\-\u00a0]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  if (!digits) return undefined;
  if (value.startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}
