/**
 * Stand-in player pages for the video and podcast embeds: they show what they were asked
 * to play and make no external request, so the site's iframes work offline.
 */
import { escapeHtml, type Reply } from './http';

/** Only inline styles; no script, no external load; any page may frame it. */
const PLAYER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

function playerPage(title: string, heading: string, rows: [string, string][]): Reply {
  const items = rows
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const body = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:14px/1.4 sans-serif;background:#15232C;color:#e6e6e6;display:flex;align-items:center;justify-content:center;min-height:100vh}main{padding:1rem}dt{font-weight:bold}dd{margin:0 0 .5rem;font-family:monospace;word-break:break-all}</style>
</head>
<body><main><h1>${escapeHtml(heading)}</h1><dl>${items}</dl></main></body>
</html>
`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PLAYER_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
    body,
  };
}

const PODCAST_PLAYER_PATH = '/podcast-player/';

/** `null` when the path is not a player page. */
export function handlePlayers(pathname: string, query: URLSearchParams): Reply | null {
  const video = /^\/video-player\/embed\/([\w-]{1,64})$/.exec(pathname);
  if (video) {
    const videoId = video[1] ?? '';
    return playerPage(`Video ${videoId}`, 'Demo video player', [
      ['videoId', videoId],
      ['query', query.toString() || '(none)'],
    ]);
  }
  if (pathname === PODCAST_PLAYER_PATH) {
    return playerPage('Podcast player', 'Demo podcast player', [
      ['podcastId', query.get('podcastId') ?? '(none)'],
      ['user_id', query.get('user_id') ?? '(none)'],
      ['query', query.toString() || '(none)'],
    ]);
  }
  return null;
}
