/**
 * JavaScript and CSS a page loads before any interaction: the page is opened in Chromium
 * (Playwright, a phone-sized context, a fresh cache), every script and style sheet response is
 * collected until the load event and network idle, and each body is compressed here with gzip
 * level 9 and brotli quality 11. What the server actually sent is read from the responses.
 * The scripts asked for by the time the page marked itself hydrated (`hydrated`, a performance
 * mark) are the ones interaction waits for; code that comes after (the lot modal's host, say)
 * is counted apart.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lighthouse';
import { stateAddressOf } from '../../testing/page-state';

export interface Totals {
  files: number;
  /** Decoded bytes. */
  raw: number;
  gzip: number;
  brotli: number;
  /** Body bytes on the wire (after the server's content-encoding). */
  sent: number;
  /** Content-encodings the server used (`identity` when none). */
  encodings: string[];
}

export interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  firstParty: boolean;
  raw: number;
  gzip: number;
  brotli: number;
  sent: number;
  encoding: string;
}

export interface BytesRow {
  label: string;
  path: string;
  status: number | null;
  /** The site's own scripts and styles. */
  js: Totals;
  css: Totals;
  /** Scripts and styles from other origins (the betting widget on the sports area). */
  thirdParty: Totals;
  /** The site's scripts asked for before the page was hydrated (all of them if it never was). */
  jsBeforeHydration: Totals;
  /** When the page was hydrated (ms from navigation start), or null. */
  hydratedAtMs: number | null;
  /** The document's weight as it travels: whole, its hydration state, its inline scripts. */
  html: DocumentWeight;
  /** Whether the page holds an interactive block (one in its own chunk, or the betting widget). */
  interactive: boolean;
  networkIdle: boolean;
  files: LoadedFile[];
}

/** Bytes of one body before compression and compressed here (gzip level 9, brotli quality 11). */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface DocumentWeight {
  /** The whole document. */
  html: Sizes;
  /**
   * The hydration state: the `app-state` script's JSON, or the answer at the address it names
   * (a shared page's state travels beside it: docs/decisions/0081-state-beside-the-document.md).
   */
  state: Sizes;
  /**
   * Every inline `<script>` body of the document (the state and the entry modules among them),
   * joined in document order and compressed together as one body: what the scripts weigh against
   * `html` when both travel compressed.
   */
  inlineScripts: Sizes;
}

const empty = (): Totals => ({ files: 0, raw: 0, gzip: 0, brotli: 0, sent: 0, encodings: [] });

function add(totals: Totals, file: LoadedFile): void {
  totals.files += 1;
  totals.raw += file.raw;
  totals.gzip += file.gzip;
  totals.brotli += file.brotli;
  totals.sent += file.sent;
  if (!totals.encodings.includes(file.encoding)) totals.encodings.push(file.encoding);
}

function compressed(body: Buffer): Omit<Sizes, 'raw'> {
  return {
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
}

/**
 * The module scripts written into a document (the entry, docs/decisions/0056-entry-in-the-page.md):
 * counted as scripts asked for at once; their bytes travel in the document's, so none are "sent".
 */
export function inlineModules(html: string, origin: string): LoadedFile[] {
  return [...html.matchAll(/<script type="module"(?![^>]*\ssrc=)[^>]*>([^<]*)<\/script>/g)].map(
    (match, index) => {
      const body = Buffer.from(match[1] ?? '');
      return {
        url: `${origin}/#inline-module-${index + 1}`,
        kind: 'js',
        firstParty: true,
        raw: body.length,
        ...compressed(body),
        sent: 0,
        encoding: 'in the document',
      };
    },
  );
}

async function measure(response: Response, origin: string): Promise<LoadedFile | undefined> {
  const type = response.request().resourceType();
  const contentType = (await response.headerValue('content-type')) ?? '';
  const kind =
    type === 'script' || /javascript/.test(contentType)
      ? 'js'
      : type === 'stylesheet' || /text\/css/.test(contentType)
        ? 'css'
        : undefined;
  if (!kind || response.status() !== 200) return undefined;
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    url: response.url(),
    kind,
    firstParty: new URL(response.url()).origin === origin,
    raw: body.length,
    ...compressed(body),
    sent: sizes.responseBodySize,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
  };
}

/**
 * Whether a document holds an interactive block: a block in its own chunk (its wrapper names the
 * kind, src/blocks/LazyBlock.tsx) or the sports area's betting widget.
 */
export function hasInteractiveBlock(html: string): boolean {
  return /data-lazy-block="|id="sports-widget"/.test(html);
}

/**
 * The hydration state's JSON in a document (src/server/document.ts writes it), or '' (none, or a
 * state beside the document: `stateAddress`).
 */
export function stateText(html: string): string {
  const open = /<script type="application\/json" id="app-state">/.exec(html);
  if (!open) return '';
  const start = open.index + open[0].length;
  const end = html.indexOf('</script>', start);
  return end < 0 ? '' : html.slice(start, end);
}

/** The address of the state beside a document (docs/decisions/0081), read as the tests read it. */
export const stateAddress = stateAddressOf;

/** The hydration state's JSON of a page at `origin`: in its document, or beside it. */
export async function pageState(origin: string, html: string): Promise<string> {
  const address = stateAddress(html);
  if (address === undefined) return stateText(html);
  const answer = await fetch(origin + address);
  if (!answer.ok) throw new Error(`${address} answered ${answer.status}`);
  return answer.text();
}

/** The bodies of the document's `<script>` elements that have no `src`, in document order. */
function inlineScriptText(html: string): string {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .join('');
}

/** A text's bytes raw, gzip and brotli. */
export function sizes(text: string): Sizes {
  const body = Buffer.from(text);
  return { raw: body.length, ...compressed(body) };
}

/**
 * A document's bytes raw, gzip and brotli: whole, its hydration state (`state`: in it, unless
 * given), its inline scripts.
 */
export function documentWeight(html: string, state = stateText(html)): DocumentWeight {
  return {
    html: sizes(html),
    state: sizes(state),
    inlineScripts: sizes(inlineScriptText(html)),
  };
}

/** The phone the bench's browser parts load pages as (Lighthouse's mobile screen). */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Playwright adds its own headless flag.
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
}

/** Loads one page without any input and sums the scripts and style sheets it fetched. */
export async function pageBytes(
  browser: Browser,
  origin: string,
  page: { label: string; path: string },
): Promise<BytesRow> {
  const context = await browser.newContext(PHONE);
  try {
    const tab = await context.newPage();
    const pending: Promise<LoadedFile | undefined>[] = [];
    tab.on('response', (response) => {
      pending.push(measure(response, origin).catch(() => undefined));
    });
    const response = await tab.goto(origin + page.path, { waitUntil: 'load', timeout: 30_000 });
    let networkIdle = true;
    try {
      await tab.waitForLoadState('networkidle', { timeout: 15_000 });
    } catch {
      networkIdle = false;
    }
    const hydration = await tab.evaluate(() => {
      const at = performance.getEntriesByName('hydrated')[0]?.startTime;
      const asked = performance
        .getEntriesByType('resource')
        .filter((entry) => at === undefined || entry.startTime <= at)
        .map((entry) => entry.name);
      return { at: at ?? null, asked };
    });
    const documentBody = (await response?.body()) ?? Buffer.alloc(0);
    const documentText = documentBody.toString('utf8');
    const inline = inlineModules(documentText, origin);
    const askedEarly = new Set([...hydration.asked, ...inline.map((file) => file.url)]);
    const row: BytesRow = {
      ...page,
      status: response?.status() ?? null,
      js: empty(),
      css: empty(),
      thirdParty: empty(),
      jsBeforeHydration: empty(),
      hydratedAtMs: hydration.at === null ? null : Math.round(hydration.at),
      html: documentWeight(documentText, await pageState(origin, documentText)),
      interactive: hasInteractiveBlock(documentText),
      networkIdle,
      files: [],
    };
    const seen = new Set<string>();
    for (const file of [...inline, ...(await Promise.all(pending))]) {
      if (!file || seen.has(file.url)) continue;
      seen.add(file.url);
      // Paths only: the stand-ins listen on a port picked at run time.
      row.files.push({ ...file, url: new URL(file.url).pathname });
      if (!file.firstParty) add(row.thirdParty, file);
      else add(file.kind === 'js' ? row.js : row.css, file);
      if (file.firstParty && file.kind === 'js' && askedEarly.has(file.url)) {
        add(row.jsBeforeHydration, file);
      }
    }
    return row;
  } finally {
    await context.close();
  }
}
