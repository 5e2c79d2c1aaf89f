// @vitest-environment node
/**
 * The hostile suite, server half (issue 10): every XSS payload of tests/hostile in every field the
 * site renders, answered by a content service, media host and video platform that serve nothing
 * else; the HTML must hold no handler, no script URL, no markup of the payload's own and the
 * hydration data must come out whole. The browser half is tests/e2e/hostile.spec.ts.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  hostileAnswer,
  hostileChroniclePath,
  hostilePath,
} from '../../tests/hostile/hostile-content';
import { XSS_PAYLOADS } from '../../tests/hostile/xss-payloads';
import { MOUNTS, STATE_ELEMENT_ID } from '../app/state';
import { createContentClient } from '../content/client';
import type { Fetcher } from '../content/http';
import { installSanitizer } from '../content/sanitize';
import { createServerSanitizer } from './sanitizer';
import { loadConfig } from './config';
import { pageStateText } from '../../testing/page-state';
import { testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|data):/;
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
  'data',
  'ping',
  'codebase',
  'cite',
  'longdesc',
]);
/** Elements the site never renders, whatever the content says. */
const FOREIGN_TAGS = new Set([
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button[formaction]',
  'textarea',
  'select',
  'style',
  'foreignobject',
  'animate',
  'set',
  'handler',
  'use',
  'math',
  'portal',
  'marquee',
  'isindex',
  'keygen',
  'noscript',
  'xmp',
  'noembed',
]);

/**
 * The site's own `<noscript>`: a lot's details for a reader without script, one disclosure
 * (src/blocks/shared/LotDetails.tsx). Content markup never carries `data-*` attributes.
 */
function isLotDetails(el: Element): boolean {
  return (
    el.tagName.toLowerCase() === 'noscript' &&
    el.getAttribute('data-lot-details') === '' &&
    el.children.length === 1 &&
    el.firstElementChild?.tagName === 'DETAILS'
  );
}

/**
 * With script on, a `<noscript>`'s content is text up to the first `</noscript>`: one written by
 * the content (in an attribute, say) would end it early and leave the rest parsed as markup.
 * Each the raw HTML holds must close one of the site's own.
 */
function noscriptEnds(html: string, elements: Element[]): string[] {
  const own = elements.filter(isLotDetails).length;
  const ends = html.match(/<\/noscript/gi)?.length ?? 0;
  return ends === own ? [] : [`${ends} </noscript> for ${own} of the site's <noscript>`];
}

/** How a browser reads a URL attribute's scheme: without controls, spaces and case. */
function scheme(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/g, '').toLowerCase();
}

/** The hostile sites' PUBLIC_ORIGIN, and a page of theirs to resolve links against. */
const SITE = 'https://www.pari.example';
const PAGE_URL = `${SITE}/fr/page`;

/**
 * An `href` as the browser's URL parser reads it (tabs and newlines anywhere, controls and spaces
 * around): a link off the site must be a web address written in full (docs/security.md).
 */
function leavesSiteAsPath(href: string): boolean {
  let resolved: URL;
  try {
    resolved = new URL(href, PAGE_URL);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  const read = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // Mail and phone links open no page; script URLs are checked above.
  const web = resolved.protocol === 'http:' || resolved.protocol === 'https:';
  return web && resolved.origin !== SITE && !/^https?:\/\//i.test(read);
}

/** Every element, the inert contents of templates included (a template may be cloned later). */
function allElements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    el.tagName === 'TEMPLATE' ? [el, ...allElements((el as HTMLTemplateElement).content)] : [el],
  );
}

/** One window's parser for every page: a window per page was most of this suite's time. */
const parser = new new JSDOM('').window.DOMParser();

/**
 * What is wrong with a page, one line each (empty when nothing is), its hydration state read as
 * the browser's code reads it (in the page, or beside it: testing/page-state.ts).
 */
async function problemsOf(server: FastifyInstance, html: string): Promise<string[]> {
  return problems(html, await pageStateText(server, html));
}

function problems(html: string, stateText: string): string[] {
  const found: string[] = [];
  const document = parser.parseFromString(html, 'text/html');
  // One walk of the tree for every check below: seven walks per page were a fifth of this file's
  // time (22.3 → 18.4 s on a quiet machine).
  const elements = allElements(document);
  for (const el of elements) {
    const tag = el.tagName.toLowerCase();
    if (FOREIGN_TAGS.has(tag) && !isLotDetails(el)) found.push(`<${tag}> element`);
    if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push('<meta http-equiv>');
    if (tag === 'script') {
      const type = el.getAttribute('type');
      const src = el.getAttribute('src');
      const state = type === 'application/json' && el.id === STATE_ELEMENT_ID;
      const ownModule = type === 'module' && src?.startsWith('/assets/') && !el.textContent;
      if (!state && !ownModule) found.push(`unexpected <script> ${el.outerHTML.slice(0, 120)}`);
    }
    const href = el.getAttribute('href');
    if (tag === 'a' && href !== null && leavesSiteAsPath(href)) {
      found.push(`link off the site written as a path: ${JSON.stringify(href)}`);
    }
    if (tag === 'meta' && el.getAttribute('property') === 'og:url') {
      const url = el.getAttribute('content') ?? '';
      if (!url.startsWith(`${SITE}/`)) found.push(`og:url ${JSON.stringify(url.slice(0, 60))}`);
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank') {
      if (!/\bnoopener\b/.test(el.getAttribute('rel') ?? '')) found.push('new window with opener');
    }
    for (const { name, value } of [...el.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) found.push(`handler ${name} on <${tag}>`);
      if (lower === 'srcdoc') found.push(`srcdoc on <${tag}>`);
      if (URL_ATTRIBUTES.has(lower) && SCRIPT_SCHEME.test(scheme(value))) {
        found.push(`${name}="${value.slice(0, 60)}" on <${tag}>`);
      }
      if (lower === 'style' && /url\(|expression|behavior|@import/i.test(value)) {
        found.push(`style with ${value.slice(0, 60)}`);
      }
    }
  }
  found.push(...noscriptEnds(html, elements));
  // The page's own ids are the page's: one element each, of the expected kind.
  const own: [string, string][] = [
    [STATE_ELEMENT_ID, 'SCRIPT'],
    [MOUNTS.banner, 'DIV'],
    [MOUNTS.header, 'DIV'],
    [MOUNTS.main, 'MAIN'],
    [MOUNTS.footer, 'DIV'],
  ];
  for (const [id, tagName] of own) {
    const holders = elements.filter((el) => el.id === id);
    if (holders.length !== 1 || holders[0]?.tagName !== tagName) {
      found.push(`id "${id}" held by ${holders.map((el) => el.tagName).join(', ') || 'nothing'}`);
    }
  }
  // Nothing named to shadow the document's own properties (DOM clobbering).
  for (const el of elements) {
    for (const key of [el.id, el.getAttribute('name') ?? '']) {
      if (key && key in document && !['body', 'head'].includes(key)) {
        found.push(`element named "${key}" shadows document.${key}`);
      }
    }
  }
  try {
    const snapshot: unknown = JSON.parse(stateText);
    if (typeof snapshot !== 'object' || snapshot === null || !('view' in snapshot)) {
      found.push('hydration data without its view');
    }
  } catch {
    found.push('hydration data is not JSON');
  }
  return found;
}

const warnings: string[] = [];

/** A site whose content service serves the hostile pages, and `shared` in the site node, lots... */
async function hostileSite(shared: readonly string[]): Promise<FastifyInstance> {
  const config = loadConfig({
    LOGICAL_DATE: TEST_LOGICAL_DATE,
    PUBLIC_ORIGIN: SITE,
    // The same third parties as `origins` below (the production guard wants each one named).
    CMS_ORIGIN: 'https://cms.hostile.test',
    VIDEO_API_BASE: 'http://video.hostile.test/video-api',
    VIDEO_PLAYER_BASE: 'https://player.hostile.test/embed',
    PODCAST_PLAYER_URL: 'https://podcast.hostile.test/',
    BETTING_WIDGET_URL: 'https://widget.hostile.test/widget.js',
  });
  const origins = {
    cms: 'https://cms.hostile.test',
    media: 'https://media.hostile.test',
    // An http stand-in: its thumbnails are allowed, no one else's.
    videoApi: 'http://video.hostile.test/video-api',
    videoPlayer: 'https://player.hostile.test/embed',
    podcastPlayer: 'https://podcast.hostile.test/',
    bettingWidget: 'https://widget.hostile.test/widget.js',
  };
  const fetcher: Fetcher = (input) => {
    const answer = hostileAnswer(XSS_PAYLOADS, input, shared);
    return Promise.resolve(
      new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': answer.type },
      }),
    );
  };
  return testServer(origins.cms, {
    config,
    origins,
    // The client the server would make, with its warnings kept for the test to read.
    content: createContentClient({
      origin: origins.cms,
      app: config.cmsApp,
      media: origins.media,
      timeoutMs: config.cmsTimeoutMs,
      warn: (message) => warnings.push(message),
      fetcher,
    }),
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    fetcher,
  });
}

/** Page by page: each payload in every component field; the shared nodes kept small. */
let app: FastifyInstance;
/** Every payload at once in the header, footer, lots, chroniques list and tiles. */
let crowded: FastifyInstance;

beforeAll(async () => {
  // The sanitiser production runs (src/server/main.ts).
  installSanitizer(createServerSanitizer());
  app = await hostileSite(XSS_PAYLOADS.slice(0, 2));
  crowded = await hostileSite(XSS_PAYLOADS);
});

afterAll(async () => {
  await app.close();
  await crowded.close();
});

describe('hostile content in the server’s HTML', () => {
  it('has a corpus of at least 150 distinct payloads', () => {
    expect(new Set(XSS_PAYLOADS).size).toBeGreaterThanOrEqual(150);
  });

  it.for(XSS_PAYLOADS.map((payload, index) => [index, payload] as const))(
    'content page, payload %i in every component field: %s',
    async ([index]) => {
      const res = await app.inject({ url: `/fr/${hostilePath(index)}` });
      expect(res.statusCode).toBe(200);
      // The page really holds the hostile blocks (not an error page standing in for them).
      expect(res.body).toContain('Accordéon');
      expect(await problemsOf(app, res.body)).toEqual([]);
    },
  );

  it.for(XSS_PAYLOADS.map((payload, index) => [index, payload] as const))(
    'chronique page, payload %i in the columnist’s fields: %s',
    async ([index]) => {
      const res = await app.inject({ url: `/en/${hostileChroniclePath(index)}` });
      expect(res.statusCode).toBe(200);
      expect(await problemsOf(app, res.body)).toEqual([]);
    },
  );

  // One heavy page per language: every payload in a menu group, a footer column, a logo, an ad,
  // a lot (in the hydration data and the lists), a chronique card and a tile.
  it.for(['fr', 'en'] as const)(
    'header, footer, lots, chroniques and tiles with every payload at once (%s)',
    async (lang) => {
      const res = await crowded.inject({ url: `/${lang}/${hostilePath(3)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="site-footer"');
      expect(await problemsOf(crowded, res.body)).toEqual([]);
    },
  );

  it('says in the log which anchors, tab keys and player ids it refused', () => {
    const log = warnings.join('\n');
    expect(log).toMatch(
      /ancre "app-state" ignored at \/pari-boreal\/hostile-\d+\/main\/accordeon: reserved/,
    );
    expect(log).toMatch(/lienCle .* ignored at .*onglet-a/);
    expect(log).toMatch(/component "video" skipped at .*: videoId .* is not a valid id/);
    expect(log).toMatch(/component "balado" skipped/);
    expect(log).toMatch(/thumbnails.medium.url .* ignored at playlist item .*: not a safe URL/);
  });
});
