/**
 * A playlist item of the video platform (docs/requirements.md §5). The platform is a third
 * party: an item without a valid video id is skipped, a thumbnail that is no safe URL is
 * ignored, each with a diagnostic; "Deleted video" entries are left out silently.
 */
import { z } from 'zod';
import { isVideoId, vendorUrl } from '../../domain/embeds';
import type { PlaylistItem } from '../models';
import { excerpt } from './diagnostics';
import { refuse } from './magnolia';
import { report, session } from './session';

/** A vendor's text: a string or a number, anything else absent (the item then decides). */
const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

export const playlistItemSchema = z
  .object({
    id: z.string().optional().catch(undefined),
    snippet: z.object({
      title: text,
      resourceId: z.object({ videoId: text }).optional().catch(undefined),
      thumbnails: z
        .object({ medium: z.object({ url: text }).optional().catch(undefined) })
        .optional()
        .catch(undefined),
    }),
  })
  .transform((item, ctx): PlaylistItem | null => {
    const title = item.snippet.title?.trim() ? item.snippet.title : undefined;
    if (title === 'Deleted video') return null;
    const rawId = item.snippet.resourceId?.videoId;
    if (title === undefined) return refuse(ctx, 'snippet.title', 'required');
    if (rawId === undefined) return refuse(ctx, 'snippet.resourceId.videoId', 'required');
    const videoId = rawId.trim();
    if (!isVideoId(videoId)) {
      return refuse(ctx, 'snippet.resourceId.videoId', 'format', rawId, 'is not a valid id');
    }
    const rawThumbnail = item.snippet.thumbnails?.medium?.url;
    const thumbnail = rawThumbnail && vendorUrl(rawThumbnail, session().httpOrigins ?? []);
    if (rawThumbnail && !thumbnail) {
      report({
        path: `playlist item ${videoId}`,
        field: 'snippet.thumbnails.medium.url',
        rule: 'format',
        effect: 'ignored',
        excerpt: excerpt(rawThumbnail),
        detail: 'not a safe URL',
      });
    }
    return { title, videoId, thumbnail: thumbnail || undefined };
  });
