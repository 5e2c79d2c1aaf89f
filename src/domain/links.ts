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
  if (!href) return { kind: 'blocked' };
  if (/^https?:\/\//i.test(href) || href.startsWith('//')) {
    return { kind: 'external', href: href.startsWith('//') ? `https:${href}` : href };
  }
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
  const path = href.startsWith('/') ? href : `/${href}`;
  // `/\host`, `/<tab>/host` and the like read as another host to a browser: not a route.
  return leavesSite(path) ? { kind: 'blocked' } : { kind: 'internal', href: path };
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

const PROBE_ORIGIN = 'https://site.invalid';

function leavesSite(path: string): boolean {
  try {
    return new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN;
  } catch {
    return true;
  }
}
