import { describe, expect, it } from 'vitest';
import { DEMO_PLAYLIST_ID, DEMO_PLAYLIST_ID_EN, PLAYLISTS } from './playlists';

describe('demo playlists: one per language', () => {
  it('has the same videos in English, with English titles', () => {
    const fr = PLAYLISTS[DEMO_PLAYLIST_ID] ?? [];
    const en = PLAYLISTS[DEMO_PLAYLIST_ID_EN] ?? [];
    expect(en).toHaveLength(fr.length);
    expect(en.map((video) => video.publishedAt)).toEqual(fr.map((video) => video.publishedAt));
    expect(en.map((video) => video.title)).toContain('The winners of the week');
    for (const video of en) expect(video.title).not.toMatch(/[éèàçù]|\bles?\b|\bdes\b/i);
  });
});
