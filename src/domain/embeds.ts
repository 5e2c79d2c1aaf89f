/** Embed URLs of SPEC.md §7: the video player and the podcast player. */

export interface VideoEmbedOptions {
  /** The embedding page's origin (the player checks where it runs). */
  origin: string;
  /** Set when the visitor picked the video from a list. */
  autoplay?: boolean;
}

/** Player base URL plus the video id, with rel=0, modestbranding=1 and origin. */
export function videoEmbedUrl(base: string, videoId: string, options: VideoEmbedOptions): string {
  const params = new URLSearchParams({ rel: '0', modestbranding: '1', origin: options.origin });
  if (options.autoplay) params.set('autoplay', '1');
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(videoId)}?${params.toString()}`;
}

/** The podcast player page for a podcast, carrying the account's user_id. */
export function podcastEmbedUrl(base: string, podcastId: string, userId: string): string {
  const url = new URL(base);
  url.searchParams.set('podcastId', podcastId);
  url.searchParams.set('user_id', userId);
  return url.toString();
}
