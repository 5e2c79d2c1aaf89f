/**
 * The allow-list sanitizer (`src/content/sanitize.ts`, DOMPurify) as the UI reaches it: the same
 * code on both sides, but the browser does not need it to hydrate (React leaves
 * `dangerouslySetInnerHTML` content as the server wrote it), so it loads in its own chunk after
 * hydration. Until it is there, markup that hydration found stays as the server rendered and
 * sanitised it; markup the browser would have to render itself waits for the sanitizer.
 * See docs/decisions/0004-sanitizer.md.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { htmlToText, noReferrerLinks, sanitizeHtml, sanitizeSvg } from '../content/sanitize';

export interface Sanitizer {
  sanitizeHtml: typeof sanitizeHtml;
  sanitizeSvg: typeof sanitizeSvg;
  noReferrerLinks: typeof noReferrerLinks;
  htmlToText: typeof htmlToText;
}

let current: Sanitizer | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** The server (and unit tests, which render as the server does) provide it at start. */
export function provideSanitizer(sanitizer: Sanitizer): void {
  current = sanitizer;
  listeners.forEach((listener) => listener());
}

/** Loads the browser's sanitizer chunk once; a failed load (network) may be tried again. */
export function loadSanitizer(): Promise<void> {
  loading ??= import('../content/sanitize').then(provideSanitizer, (error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const HYDRATING = 'hydrating';
// Fixed objects: React rewrites innerHTML only when the prop object changes, so while KEEP is
// passed the server's markup stays untouched, across any number of re-renders.
const KEEP = { __html: '' };
const EMPTY = { __html: '' };

/**
 * Sanitised markup for `dangerouslySetInnerHTML`. Elements using it also set
 * `suppressHydrationWarning`: while the sanitizer loads, they hydrate over the server's markup.
 * `noReferrer`: every link of the HTML says `rel="noreferrer"` (an editor's preview).
 */
export function useSanitized(
  markup: string,
  kind: 'html' | 'svg',
  noReferrer = false,
): { __html: string } {
  // The server snapshot is what hydration reads: no sanitizer in the browser yet at that point.
  const sanitizer = useSyncExternalStore(
    subscribe,
    () => current,
    () => current ?? HYDRATING,
  );
  const [hydrated] = useState(() => (sanitizer === HYDRATING ? markup : null));
  const missing = sanitizer === undefined || sanitizer === HYDRATING;
  // Only markup the browser must render itself asks for the sanitizer; hydrated markup keeps the
  // server's already-sanitised HTML and needs none.
  const waiting = missing && markup !== '' && markup !== hydrated;
  useEffect(() => {
    if (waiting) void loadSanitizer().catch(() => undefined);
  }, [waiting]);
  // Nothing to clean (the caller renders no markup then): no sanitizer needed either.
  if (markup === '') return EMPTY;
  if (!missing) {
    if (kind === 'svg') return { __html: sanitizer.sanitizeSvg(markup) };
    const html = sanitizer.sanitizeHtml(markup);
    return { __html: noReferrer ? sanitizer.noReferrerLinks(html) : html };
  }
  // Markup the browser has not rendered itself yet is shown only once it is sanitised.
  return markup === hydrated ? KEEP : EMPTY;
}

/**
 * The text of rich text, sanitised first (entities decoded, tags dropped), for what the server
 * alone renders (a lot's details without script, src/blocks/shared/LotDetails.tsx): empty in the
 * browser until the sanitizer has loaded.
 */
export function useRichTextAsText(markup: string): string {
  const sanitizer = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return markup && sanitizer ? sanitizer.htmlToText(sanitizer.sanitizeHtml(markup)) : '';
}
