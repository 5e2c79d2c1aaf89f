/**
 * Stand-in player pages for the video and podcast embeds: they show what they were asked
 * to play and make no external request, so the site's iframes work offline. Each speaks the
 * language the embed asks for (the video player's `hl`, the real player's interface language; the
 * podcast player's `lang`) and fits its frame at any size: a phone's 16:9 frame is under 200 px
 * high, the podcast's is 180 px.
 */
import { escapeHtml, type Reply } from './http';
import { DEMO_PLAYLIST_ID, DEMO_PLAYLIST_ID_EN, PLAYLISTS } from './video/playlists';

/** Only inline styles; no script, no external load; any page may frame it. */
const PLAYER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

function htmlReply(body: string): Reply {
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

type Lang = 'fr' | 'en';

const VIDEO_TEXTS: Record<Lang, { heading: string; note: string; autoplay: string }> = {
  fr: {
    heading: 'Lecteur vidéo de démonstration',
    note: 'La plateforme vidéo lirait la vidéo ici.',
    autoplay: 'Lecture automatique',
  },
  en: {
    heading: 'Demo video player',
    note: 'The video platform would play the video here.',
    autoplay: 'Autoplay',
  },
};

/** `hl` as the real player reads it (`fr`, `fr-CA`, `en-US`…); French, the site's default, else. */
function languageOf(query: URLSearchParams): Lang {
  return /^en\b/i.test(query.get('hl') ?? '') ? 'en' : 'fr';
}

/** The video's title in the playlist of that language, if it is one of the demo's. */
function titleOf(videoId: string, lang: Lang): string | undefined {
  const videos = PLAYLISTS[lang === 'en' ? DEMO_PLAYLIST_ID_EN : DEMO_PLAYLIST_ID] ?? [];
  return videos.find((video) => video.videoId === videoId)?.title;
}

/*
 * Sizes follow the frame (vmin), between bounds that keep every line inside a 300 × 169 frame
 * and readable in a 1280 px one; long words wrap rather than overflow.
 */
const VIDEO_STYLE =
  'html,body{height:100%;margin:0}' +
  'body{box-sizing:border-box;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:clamp(4px,2.5vmin,16px);padding:clamp(8px,4vmin,32px);background:radial-gradient(circle at 50% 40%,#1f3441,#0b2545);color:#e6e6e6;font:clamp(11px,3.6vmin,18px)/1.3 system-ui,sans-serif;text-align:center}' +
  'p{margin:0;max-width:100%;overflow-wrap:anywhere}' +
  '.play{flex:none;width:clamp(28px,16vmin,88px);height:clamp(28px,16vmin,88px);border-radius:50%;background:#f2b705;clip-path:circle(50%)}' +
  '.play::after{content:"";display:block;margin:30% 0 0 38%;width:0;height:0;border-style:solid;border-width:calc(clamp(28px,16vmin,88px)*.2) 0 calc(clamp(28px,16vmin,88px)*.2) calc(clamp(28px,16vmin,88px)*.32);border-color:transparent transparent transparent #15232c}' +
  '.heading{font-weight:700;font-size:1.15em}' +
  '.note{opacity:.85}';

function videoPlayerPage(videoId: string, query: URLSearchParams): Reply {
  const lang = languageOf(query);
  const texts = VIDEO_TEXTS[lang];
  const title = titleOf(videoId, lang);
  const lines = [
    `<p class="heading">${escapeHtml(texts.heading)}</p>`,
    title ? `<p class="title">${escapeHtml(title)}</p>` : '',
    `<p class="note">${escapeHtml(texts.note)}${query.get('autoplay') === '1' ? ` ${escapeHtml(texts.autoplay)}.` : ''}</p>`,
  ].join('');
  return htmlReply(`<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(texts.heading)} · ${escapeHtml(videoId)}</title>
<style>${VIDEO_STYLE}</style>
</head>
<body data-video-id="${escapeHtml(videoId)}"><div class="play" aria-hidden="true"></div>${lines}</body>
</html>
`);
}

const PODCAST_TEXTS: Record<Lang, { heading: string; note: string; show: string }> = {
  fr: {
    heading: 'Lecteur de balados de démonstration',
    note: 'Le lecteur de balados ferait jouer l’émission ici.',
    show: 'Émission\u00a0:',
  },
  en: {
    heading: 'Demo podcast player',
    note: 'The podcast player would play the show here.',
    show: 'Show:',
  },
};

/* A row (play button, then text) that fits the site's 180 px high frame at any width. */
const PODCAST_STYLE =
  'html,body{height:100%;margin:0}' +
  'body{box-sizing:border-box;display:flex;align-items:center;gap:clamp(8px,4vw,24px);padding:clamp(8px,4vw,32px);background:linear-gradient(135deg,#15232c,#0b2545);color:#e6e6e6;font:clamp(12px,3.6vw,16px)/1.35 system-ui,sans-serif}' +
  'main{min-width:0}' +
  'p{margin:0 0 .25em;overflow-wrap:anywhere}' +
  '.play{flex:none;width:clamp(36px,14vw,72px);height:clamp(36px,14vw,72px);border-radius:50%;background:#f2b705;clip-path:circle(50%)}' +
  '.play::after{content:"";display:block;margin:30% 0 0 38%;width:0;height:0;border-style:solid;border-width:calc(clamp(36px,14vw,72px)*.2) 0 calc(clamp(36px,14vw,72px)*.2) calc(clamp(36px,14vw,72px)*.32);border-color:transparent transparent transparent #15232c}' +
  '.heading{font-weight:700;font-size:1.1em}' +
  '.note{opacity:.85}' +
  '.show{font-family:monospace;opacity:.85}';

/** The podcast player, in the language the embed asks for (`lang`); French, else. */
function podcastPlayerPage(query: URLSearchParams): Reply {
  const lang: Lang = /^en\b/i.test(query.get('lang') ?? '') ? 'en' : 'fr';
  const texts = PODCAST_TEXTS[lang];
  const podcastId = query.get('podcastId') ?? '';
  return htmlReply(`<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(texts.heading)}</title>
<style>${PODCAST_STYLE}</style>
</head>
<body data-podcast-id="${escapeHtml(podcastId)}" data-user-id="${escapeHtml(query.get('user_id') ?? '')}"><div class="play" aria-hidden="true"></div><main><p class="heading">${escapeHtml(texts.heading)}</p><p class="note">${escapeHtml(texts.note)}</p>${podcastId ? `<p class="show">${escapeHtml(texts.show)} ${escapeHtml(podcastId)}</p>` : ''}</main></body>
</html>
`);
}

const PODCAST_PLAYER_PATH = '/podcast-player/';

/** `null` when the path is not a player page. */
export function handlePlayers(pathname: string, query: URLSearchParams): Reply | null {
  const video = /^\/video-player\/embed\/([\w-]{1,64})$/.exec(pathname);
  if (video) return videoPlayerPage(video[1] ?? '', query);
  if (pathname === PODCAST_PLAYER_PATH) return podcastPlayerPage(query);
  return null;
}
