/**
 * Cache tags: what a cacheable answer shows, named so that a CDN can drop every answer that shows
 * a thing when that thing is published (docs/operations.md "Purging the CDN by tag",
 * docs/decisions/0086-cdn-purged-by-tag.md). Short, stable, of safe characters, the same in
 * lower case (Cloudflare's tags ignore case):
 *
 * - `page:<h>` the page at a path (`/fr/accueil`), its "show more" counts included;
 * - `lang:fr`, `lang:en` the answer's language (for an operator's purge by hand);
 * - `site:fr`, `site:en` the site node shown around a page: header, footer;
 * - `node:<h>` a page of the content service, by its node path: the page itself, or its card in
 *   a chroniques list;
 * - `lot:<h>` a lot shown, by its node name;
 * - `list:billets:fr`, `list:gagnants:fr`, `list:chroniques:fr` which items a list holds and in
 *   what order (a lot or a chronique that enters, leaves or moves);
 * - `tiles` the decorative tiles of the ticket lists; `pages` the page listing (the site maps);
 * - `overflow` an answer whose item tags did not fit (`tagHeaderValue`): every publication
 *   purges it.
 *
 * `<h>` is the first 10 hex digits of the SHA-256 of the path or name: fixed length whatever the
 * content's names, and nothing but `[0-9a-f]`.
 */
import { createHash } from 'node:crypto';
import type { ViewState } from '../app/state';
import type { ChronicleCard } from '../content/models';
import { forEachComponent } from '../content/walk';
import type { Locale } from '../domain/locale';

/** The response header a CDN reads its tags from (`CDN_TAG_HEADER`). */
export type TagHeader = 'Surrogate-Key' | 'Cache-Tag';

const digest = (value: string): string =>
  createHash('sha256').update(value).digest('hex').slice(0, 10);

/** A path as a page's tag names it: decoded, without a trailing slash. */
function tagPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // An undecodable path is named as sent.
  }
  return decoded.replace(/(?<=.)\/+$/, '');
}

export const pageTag = (path: string): string => `page:${digest(tagPath(path))}`;
export const nodeTag = (nodePath: string): string => `node:${digest(nodePath)}`;
export const lotTag = (name: string): string => `lot:${digest(name)}`;
export const siteTag = (locale: Locale): string => `site:${locale}`;
export const languageTag = (locale: Locale): string => `lang:${locale}`;

/** The lists whose members a publication may change. */
type ListName = 'billets' | 'gagnants' | 'chroniques';
export const listTag = (list: ListName, locale: Locale): string => `list:${list}:${locale}`;
export const TILES_TAG = 'tiles';
export const PAGES_TAG = 'pages';
export const OVERFLOW_TAG = 'overflow';

/**
 * The node path of each chronique card made (src/server/block-data.ts): a card carries its
 * page's short id only, and the publication names node paths.
 */
const cardNodes = new WeakMap<ChronicleCard, string>();

export function noteCardNode(card: ChronicleCard, nodePath: string): void {
  cardNodes.set(card, nodePath);
}

/**
 * An answer's tags: the broad ones (its page, language, lists) first, then one per item it
 * shows (lots, chronique cards), which are the ones left out when they do not fit.
 */
export interface AnswerTags {
  broad: string[];
  items: string[];
}

/** What a content page's components show beyond themselves: its lists. */
function contentTags(view: Extract<ViewState['view'], { kind: 'content' }>, locale: Locale) {
  const broad = [nodeTag(view.page.path)];
  forEachComponent(view.page.components, (component) => {
    if (component.kind === 'liste-billets') broad.push(listTag('billets', locale), TILES_TAG);
    if (component.kind === 'liste-gagnants') broad.push(listTag('gagnants', locale));
    if (component.kind === 'liste-chroniques') broad.push(listTag('chroniques', locale));
  });
  const items = [
    ...(view.data.lots ?? []).map((lot) => lotTag(lot.name)),
    ...(view.data.chronicles ?? []).flatMap((card) => {
      const node = cardNodes.get(card);
      return node ? [nodeTag(node)] : [];
    }),
  ];
  return { broad, items };
}

/**
 * The tags of a view made for `path` (the page's path, without its query); `site`: the answer
 * shows the site node too (a page; a view answer for client navigation does not).
 */
export function viewTags(state: ViewState, path: string, site: boolean): AnswerTags {
  const { locale, view } = state;
  const broad = [pageTag(path), languageTag(locale), ...(site ? [siteTag(locale)] : [])];
  const items: string[] = [];
  if (view.kind === 'content') {
    const own = contentTags(view, locale);
    broad.push(...own.broad);
    items.push(...own.items);
  }
  if (view.kind === 'site-map') broad.push(PAGES_TAG);
  return { broad: [...new Set(broad)], items: [...new Set(items)] };
}

/**
 * The most a tag header carries, in bytes. Fastly reads 16,384 and Cloudflare 16 KB, but nginx
 * in front reads a response's headers into one buffer, 4 KB by default (`proxy_buffer_size`),
 * which the other headers share (about 1 KB on the home page, measured): 2,000 bytes keeps the whole
 * well inside it, about 130 item tags (docs/decisions/0086-cdn-purged-by-tag.md).
 */
const TAG_HEADER_MAX_BYTES = 2000;

/**
 * The header's value: space-separated for Fastly's `Surrogate-Key`, comma-separated for
 * Cloudflare's `Cache-Tag`. When the item tags do not fit, they are replaced by `overflow`,
 * which every publication purges: the answer is purged too often, never too seldom.
 */
export function tagHeaderValue(
  tags: AnswerTags,
  header: TagHeader,
  maxBytes: number = TAG_HEADER_MAX_BYTES,
): string {
  const separator = header === 'Surrogate-Key' ? ' ' : ',';
  const whole = [...tags.broad, ...tags.items].join(separator);
  if (whole.length <= maxBytes) return whole;
  return [...tags.broad, OVERFLOW_TAG].join(separator);
}
