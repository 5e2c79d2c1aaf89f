/** Embed URLs of docs/requirements.md §7: the video player and the podcast player. */

interface VideoEmbedOptions {
  /** The embedding page's origin (the player checks where it runs). */
  origin: string;
  /** Set when the visitor picked the video from a list. */
  autoplay?: boolean;
  /** The page's language: the player's interface follows it (the platform's `hl`). */
  lang?: string;
}

/** Player base URL plus the video id, with rel=0, modestbranding=1, origin and the language. */
export function videoEmbedUrl(base: string, videoId: string, options: VideoEmbedOptions): string {
  const params = new URLSearchParams({ rel: '0', modestbranding: '1', origin: options.origin });
  if (options.lang) params.set('hl', options.lang);
  if (options.autoplay) params.set('autoplay', '1');
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(videoId)}?${params.toString()}`;
}

/**
 * The podcast player page for a podcast, carrying the account's user_id and, when given, the
 * page's language (`lang`): the player's interface follows it, as the video player's `hl` does.
 */
export function podcastEmbedUrl(
  base: string,
  podcastId: string,
  userId: string,
  lang?: string,
): string {
  const url = new URL(base);
  url.searchParams.set('podcastId', podcastId);
  url.searchParams.set('user_id', userId);
  if (lang) url.searchParams.set('lang', lang);
  return url.toString();
}

/*
 * Values from the content or the video platform that end up in a player's URL are checked
 * against their documented forms (docs/decisions/0021-ids-and-vendor-values.md).
 */

/** A video id of the platform: exactly 11 of `A-Z a-z 0-9 _ -`. */
export function isVideoId(value: string): boolean {
  return /^[A-Za-z0-9_-]{11}$/.test(value);
}

/** A playlist id of the platform: `A-Z a-z 0-9 _ -`, at most 64 characters. */
export function isPlaylistId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/** A podcast id (a slug or a number): `A-Z a-z 0-9 _ -`, at most 64 characters. */
export function isPodcastId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/**
 * A URL handed over by a vendor (a playlist thumbnail, say), as an absolute `https:` URL, or an
 * `http:` one on exactly one of the origins given (the configured stand-ins); null for anything
 * else: other schemes, protocol-relative or backslashed forms, control characters, credentials.
 */
export function vendorUrl(raw: string, httpOrigins: readonly string[] = []): string | null {
  const value = raw.trim();
  // The URL parser forgives tabs, newlines and backslashes: refuse them before it sees them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(value)) return null;
  if (!/^https?:\/\/[^/]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && httpOrigins.some((o) => originOf(o) === url.origin)) {
    return url.href;
  }
  return null;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
