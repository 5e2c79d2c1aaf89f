/**
 * Stand-in for the video platform's playlistItems call (YouTube Data API v3 shape) and
 * for the thumbnails it links to.
 */
import { createHash } from 'node:crypto';
import { artworkSvg, motifFor, sportFor } from '../cms/artwork';
import { cacheableReply, jsonReply, notFound, type Reply } from '../http';
import {
  DEMO_CHANNEL_ID,
  DEMO_CHANNEL_TITLE,
  PLAYLISTS,
  findVideo,
  type DemoVideo,
} from './playlists';

const VIDEO_API_PREFIX = '/video-api/';
const THUMBNAIL_PREFIX = '/video-thumbs/';

const THUMBNAIL_SIZES = {
  default: { width: 120, height: 90 },
  mqdefault: { width: 320, height: 180 },
  hqdefault: { width: 480, height: 360 },
} as const;
type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

const etagOf = (value: string): string =>
  createHash('sha1').update(value).digest('base64url').slice(0, 27);

function apiError(
  code: number,
  status: string,
  message: string,
  reason: string,
  extra: Record<string, string> = {},
): Reply {
  return jsonReply(code, {
    error: { code, message, errors: [{ message, domain: 'global', reason, ...extra }], status },
  });
}

function thumbnail(origin: string, videoId: string, size: ThumbnailSize) {
  return { url: `${origin}${THUMBNAIL_PREFIX}${videoId}/${size}.svg`, ...THUMBNAIL_SIZES[size] };
}

function playlistItems(query: URLSearchParams, origin: string): Reply {
  const key = query.get('key');
  if (key === null || key.trim() === '') {
    return apiError(
      400,
      'INVALID_ARGUMENT',
      'The request has no API key; pass one in "key".',
      'badRequest',
    );
  }
  const playlistId = query.get('playlistId') ?? '';
  const videos = PLAYLISTS[playlistId];
  if (!videos) {
    return apiError(
      404,
      'NOT_FOUND',
      `No playlist has the id given in "playlistId".`,
      'playlistNotFound',
      {
        location: 'playlistId',
        locationType: 'parameter',
      },
    );
  }
  const rawMax = query.get('maxResults');
  const maxResults = rawMax === null ? 5 : Number(rawMax);
  if (!Number.isInteger(maxResults) || maxResults < 0) {
    return apiError(
      400,
      'INVALID_ARGUMENT',
      '"maxResults" must be a whole number from 0 to 50.',
      'invalidParameter',
    );
  }
  const pageSize = Math.min(maxResults, 50);
  const offset = Number(/^pt(\d+)$/.exec(query.get('pageToken') ?? '')?.[1] ?? 0);
  const page = videos.slice(offset, offset + pageSize);
  const parts = new Set((query.get('part') ?? 'snippet').split(','));
  const items = page.map((video, index) => {
    const position = offset + index;
    const item: Record<string, unknown> = {
      kind: 'youtube#playlistItem',
      etag: etagOf(`${playlistId}/${video.videoId}`),
      id: Buffer.from(`${playlistId}.${video.videoId}`).toString('base64url'),
    };
    if (parts.has('snippet')) {
      item.snippet = {
        publishedAt: video.publishedAt,
        channelId: DEMO_CHANNEL_ID,
        title: video.title,
        description: video.description,
        thumbnails: {
          default: thumbnail(origin, video.videoId, 'default'),
          medium: thumbnail(origin, video.videoId, 'mqdefault'),
          high: thumbnail(origin, video.videoId, 'hqdefault'),
        },
        channelTitle: DEMO_CHANNEL_TITLE,
        playlistId,
        position,
        resourceId: { kind: 'youtube#video', videoId: video.videoId },
        videoOwnerChannelTitle: DEMO_CHANNEL_TITLE,
        videoOwnerChannelId: DEMO_CHANNEL_ID,
      };
    }
    if (parts.has('contentDetails')) {
      item.contentDetails = { videoId: video.videoId, videoPublishedAt: video.publishedAt };
    }
    return item;
  });
  const body: Record<string, unknown> = {
    kind: 'youtube#playlistItemListResponse',
    etag: etagOf(`${playlistId}:${offset}:${pageSize}`),
  };
  if (offset + pageSize < videos.length && pageSize > 0)
    body.nextPageToken = `pt${offset + pageSize}`;
  if (offset > 0) body.prevPageToken = `pt${Math.max(0, offset - pageSize)}`;
  body.items = items;
  body.pageInfo = { totalResults: videos.length, resultsPerPage: pageSize };
  return jsonReply(200, body);
}

/** A picture of the video's subject and sport with a play button; no title drawn (either language). */
function thumbnailSvg(video: DemoVideo, size: ThumbnailSize): string {
  const { width, height } = THUMBNAIL_SIZES[size];
  const text = `${video.title} ${video.description}`;
  const sport = sportFor(text, video.videoId);
  const motif = motifFor(text, video.videoId);
  return artworkSvg({ kind: 'thumbnail', sport, motif }, video.videoId, width, height);
}

/** `null` when the path is not the video platform's. */
export function handleVideo(
  pathname: string,
  query: URLSearchParams,
  origin: string,
): Reply | null {
  if (pathname === `${VIDEO_API_PREFIX}playlistItems`) return playlistItems(query, origin);
  if (pathname.startsWith(VIDEO_API_PREFIX)) {
    return apiError(404, 'NOT_FOUND', 'No such method of the video API.', 'notFound');
  }
  const thumb = /^\/video-thumbs\/([\w-]+)\/(default|mqdefault|hqdefault)\.svg$/.exec(pathname);
  if (thumb) {
    const video = findVideo(thumb[1] ?? '');
    const size = thumb[2] as ThumbnailSize;
    return video ? cacheableReply(thumbnailSvg(video, size), 'image/svg+xml') : notFound();
  }
  if (pathname.startsWith(THUMBNAIL_PREFIX)) return notFound();
  return null;
}
