import { describe, expect, it } from 'vitest';
import {
  isPlaylistId,
  isPodcastId,
  isVideoId,
  podcastEmbedUrl,
  vendorUrl,
  videoEmbedUrl,
} from './embeds';
import { stripQuotes, summarize } from './text';

describe('embeds (docs/requirements.md §7)', () => {
  it('builds the video player URL with rel, modestbranding and origin', () => {
    expect(
      videoEmbedUrl('https://player.example/embed/', 'abc_123', { origin: 'https://site.example' }),
    ).toBe(
      'https://player.example/embed/abc_123?rel=0&modestbranding=1&origin=https%3A%2F%2Fsite.example',
    );
  });
  it('adds autoplay=1 for a video picked from a list', () => {
    expect(videoEmbedUrl('https://p.example/embed', 'x', { origin: 'o', autoplay: true })).toMatch(
      /&autoplay=1$/,
    );
  });
  it("adds the page's language as the player's interface language (hl)", () => {
    expect(
      videoEmbedUrl('https://p.example/embed', 'x', { origin: 'o', lang: 'fr', autoplay: true }),
    ).toBe('https://p.example/embed/x?rel=0&modestbranding=1&origin=o&hl=fr&autoplay=1');
  });
  it('carries the podcast id and user_id', () => {
    expect(podcastEmbedUrl('https://pod.example/player/', 'show-1', 'acct-9')).toBe(
      'https://pod.example/player/?podcastId=show-1&user_id=acct-9',
    );
    // The page's language, for the player's interface (issue 33).
    expect(podcastEmbedUrl('https://pod.example/player/', 'show-1', 'acct-9', 'en')).toBe(
      'https://pod.example/player/?podcastId=show-1&user_id=acct-9&lang=en',
    );
  });
});

describe('text rules', () => {
  it('summarises with the first 25 words and an ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i + 1}`);
    const summary = summarize(words.join(' '));
    expect(summary.split(' ')).toHaveLength(25);
    expect(summary.endsWith('w25…')).toBe(true);
    expect(summarize('  Deux   mots ')).toBe('Deux mots…');
    expect(summarize('')).toBe('');
  });
  it('drops the punctuation before the ellipsis, in French and in English', () => {
    expect(summarize('Les séries, enfin, commencent', 2)).toBe('Les séries…');
    expect(summarize('Le bilan : un hiver chargé', 2)).toBe('Le bilan…');
    expect(summarize('Le bilan\u00a0: un hiver', 3)).toBe('Le bilan…');
    expect(summarize('A long season. Then the playoffs', 3)).toBe('A long season…');
    expect(summarize('Goals, saves – and more', 3)).toBe('Goals, saves…');
    expect(summarize('Vraiment ? Oui', 2)).toBe('Vraiment ?…');
    expect(summarize(', ; :')).toBe('');
  });
  it('removes laquo, raquo and quot from a description', () => {
    expect(stripQuotes('&laquo; Je n’y crois pas &raquo;')).toBe('Je n’y crois pas');
    expect(stripQuotes('« Incroyable » dit-il, "vraiment" &quot;oui&quot;')).toBe(
      'Incroyable dit-il, vraiment oui',
    );
  });
});

describe('ids and URLs from the video platform and the content', () => {
  it('accepts only the documented forms of video, playlist and podcast ids', () => {
    expect(isVideoId('bRl0001aaaa')).toBe(true);
    expect(isVideoId('dQw4w9WgXcQ')).toBe(true);
    for (const id of ['short', 'bRl0001aaaa1', '../../x/aaa', 'bRl0001aa a', '"><svg/onl']) {
      expect(isVideoId(id)).toBe(false);
    }
    expect(isPlaylistId('PLb0r3alD3m0Pl4yl1stVid30s000001')).toBe(true);
    expect(isPlaylistId('PL&key=x')).toBe(false);
    expect(isPodcastId('pari-boreal-la-ligne')).toBe(true);
    expect(isPodcastId('123456')).toBe(true);
    for (const id of ['', 'a b', 'x?user_id=1', 'x'.repeat(65)])
      expect(isPodcastId(id)).toBe(false);
  });

  it('takes a vendor URL only as https, or http on a configured origin', () => {
    expect(vendorUrl('https://i.ytimg.example/vi/x/mqdefault.jpg')).toBe(
      'https://i.ytimg.example/vi/x/mqdefault.jpg',
    );
    const stand = 'http://127.0.0.1:3001/video-api';
    expect(vendorUrl('http://127.0.0.1:3001/video-thumbs/a.svg', [stand])).toBe(
      'http://127.0.0.1:3001/video-thumbs/a.svg',
    );
    expect(vendorUrl('http://127.0.0.1:3002/video-thumbs/a.svg', [stand])).toBeNull();
    expect(vendorUrl('http://cdn.example/a.jpg')).toBeNull();
  });

  it('refuses scripts, data, protocol-relative and backslashed forms', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      '//evil.example/a.jpg',
      '/\\evil.example/a.jpg',
      'https:\\\\evil.example/a.jpg',
      'https:/\\evil.example',
      'https://evil.example\t/a.jpg',
      'https://user:pw@evil.example/a.jpg',
      '/video-thumbs/a.svg',
      'https:///a.jpg',
    ]) {
      expect(vendorUrl(url, ['http://127.0.0.1:3001'])).toBeNull();
    }
  });
});
