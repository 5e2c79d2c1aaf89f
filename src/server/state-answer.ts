/**
 * A shared page's hydration state beside its document (docs/decisions/0081-state-beside-the-
 * document.md): the document names it `/_state/<hash><page>`, where `<page>` is the page's path
 * with the "show more" count it shows. The hash names the exact bytes, so an answer whose hash
 * matches never changes and every cache may keep it; the page part lets any process find the
 * page again (its page cache, or a render), whichever process made the document.
 */
import { createHash } from 'node:crypto';
import { STATE_ENDPOINT } from '../app/state';
import type { ListCount } from '../domain/show-more';

/** The hash's length: 22 base64url characters, 132 bits of SHA-256. */
const HASH_LENGTH = 22;
const HASH_FORM = new RegExp(`^[A-Za-z0-9_-]{${HASH_LENGTH}}$`);

export function stateHash(json: string): string {
  return createHash('sha256').update(json).digest('base64url').slice(0, HASH_LENGTH);
}

/** Where the state of the page rendered for `path` (with `more`, if it shows more) is read. */
export function stateAddress(hash: string, path: string, more?: ListCount): string {
  return `${STATE_ENDPOINT}${hash}${path}${more ? `?${more.list}=${more.count}` : ''}`;
}

/** A state address's path read back: its hash and the page's path, or undefined. */
export function readStatePath(path: string): { hash: string; page: string } | undefined {
  if (!path.startsWith(STATE_ENDPOINT)) return undefined;
  const rest = path.slice(STATE_ENDPOINT.length);
  const hash = rest.slice(0, HASH_LENGTH);
  const page = rest.slice(HASH_LENGTH);
  if (!HASH_FORM.test(hash) || !page.startsWith('/') || page.startsWith('//')) return undefined;
  return { hash, page };
}
