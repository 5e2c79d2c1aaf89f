/** Link kinds of SPEC.md §2 (footer) and SPEC-NOTES.md: external, internal route, or an action. */

/** `javascript:` links from the content that the site honours, by the action they name. */
const ALLOWED_ACTIONS: Record<string, LinkAction> = {
  'didomi.preferences.show()': 'consent-preferences',
  'afficherconfigurationclient()': 'client-config',
  'void(0)': 'none',
  'void(0);': 'none',
};

export type LinkAction = 'consent-preferences' | 'client-config' | 'none';

export type LinkKind =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; href: string }
  /** mailto:, tel: and the like: handed to the browser as they are. */
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
  if (scheme === 'mailto' || scheme === 'tel') return { kind: 'native', href };
  if (scheme) return { kind: 'blocked' };
  if (href.startsWith('#')) return { kind: 'native', href };
  const path = href.startsWith('/') ? href : `/${href}`;
  // `/\host`, `/<tab>/host` and the like read as another host to a browser: not a route.
  return leavesSite(path) ? { kind: 'blocked' } : { kind: 'internal', href: path };
}

const PROBE_ORIGIN = 'https://site.invalid';

function leavesSite(path: string): boolean {
  try {
    return new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN;
  } catch {
    return true;
  }
}
