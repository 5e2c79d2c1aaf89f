import { describe, expect, it } from 'vitest';
import { podcastEmbedUrl, videoEmbedUrl } from './embeds';
import { stripQuotes, summarize } from './text';

describe('embeds (SPEC.md §7)', () => {
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
  it('carries the podcast id and user_id', () => {
    expect(podcastEmbedUrl('https://pod.example/player/', 'show-1', 'acct-9')).toBe(
      'https://pod.example/player/?podcastId=show-1&user_id=acct-9',
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
  it('removes laquo, raquo and quot from a description', () => {
    expect(stripQuotes('&laquo; Je n’y crois pas &raquo;')).toBe('Je n’y crois pas');
    expect(stripQuotes('« Incroyable » dit-il, "vraiment" &quot;oui&quot;')).toBe(
      'Incroyable dit-il, vraiment oui',
    );
  });
});
