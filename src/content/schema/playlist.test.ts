/**
 * The video platform's playlist items (docs/content-contract.md "Playlist"): a third party's
 * answer, so ids are checked, deleted videos left out silently, unsafe thumbnails ignored.
 */
import { describe, expect, it } from 'vitest';
import { readNode } from './magnolia';
import { playlistItemSchema } from './playlist';
import { parse } from '../../../testing/nodes';

const item = (snippet: Record<string, unknown>) => ({ kind: 'youtube#playlistItem', snippet });
const read = (raw: unknown) =>
  parse(() => readNode(playlistItemSchema, raw, 'playlist P item 1'), {
    httpOrigins: ['http://127.0.0.1:4000'],
  });

describe('the playlist item schema', () => {
  it('reads an item: its title, trimmed id and thumbnail', () => {
    const { value, diagnostics } = read(
      item({
        title: 'Les faits saillants',
        resourceId: { kind: 'youtube#video', videoId: ' dQw4w9WgXcQ ' },
        thumbnails: { medium: { url: 'https://i.ytimg.example/vi/x/mq.jpg', width: 320 } },
      }),
    );
    expect(diagnostics).toEqual([]);
    expect(value).toEqual({
      title: 'Les faits saillants',
      videoId: 'dQw4w9WgXcQ',
      thumbnail: 'https://i.ytimg.example/vi/x/mq.jpg',
    });
  });

  it('reads a number as a title, and leaves deleted videos out silently', () => {
    expect(read(item({ title: 2026, resourceId: { videoId: 'dQw4w9WgXcQ' } })).value?.title).toBe(
      '2026',
    );
    expect(read(item({ title: 'Deleted video', resourceId: {} }))).toEqual({
      value: null,
      diagnostics: [],
    });
  });

  it('skips an item without a title or with an id that is not one, and says so', () => {
    const untitled = read(item({ resourceId: { videoId: 'dQw4w9WgXcQ' } }));
    expect(untitled.value).toBeNull();
    expect(untitled.diagnostics).toEqual([
      expect.objectContaining({
        path: 'playlist P item 1',
        field: 'snippet.title',
        rule: 'required',
        effect: 'skipped',
      }),
    ]);
    const badId = read(item({ title: 'x', resourceId: { videoId: '"><script>' } }));
    expect(badId.diagnostics).toEqual([
      expect.objectContaining({
        field: 'snippet.resourceId.videoId',
        rule: 'format',
        excerpt: '"\\"><script>"',
      }),
    ]);
    const noSnippet = read({ id: 'x' });
    expect(noSnippet.value).toBeNull();
    expect(noSnippet.diagnostics[0]).toMatchObject({ field: 'snippet', rule: 'type' });
  });

  it('ignores a thumbnail that is no safe URL, keeping the item', () => {
    const { value, diagnostics } = read(
      item({
        title: 'x',
        resourceId: { videoId: 'dQw4w9WgXcQ' },
        thumbnails: { medium: { url: 'javascript:alert(1)' } },
      }),
    );
    expect(value?.thumbnail).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        path: 'playlist item dQw4w9WgXcQ',
        field: 'snippet.thumbnails.medium.url',
        rule: 'format',
        effect: 'ignored',
      }),
    ]);
    const local = read(
      item({
        title: 'x',
        resourceId: { videoId: 'dQw4w9WgXcQ' },
        thumbnails: { medium: { url: 'http://127.0.0.1:4000/t.jpg' } },
      }),
    );
    expect(local.value?.thumbnail).toBe('http://127.0.0.1:4000/t.jpg');
  });
});
