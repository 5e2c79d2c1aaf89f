/**
 * What each byte trick of the wire and the markup saves (issue 32, item 5;
 * docs/decisions/0067-byte-tricks-measured.md): every page type's HTML and hydration state with
 * the trick and without it, each after gzip (level 9) and brotli (quality 11), and what reading
 * it back costs in the browser's code (median µs in node). "Without" is the real alternative,
 * computed from what the built server sends: the state read back (`readState`) and written
 * again by the same code with one step left out, the models of `/_data/view` and `/_data/site`
 * for what the state leaves out, the content service's own node ids and names, and a second
 * build with Vite's class names for the short class names.
 *
 * `npm run build`, then `npx tsx bench/byte-tricks.ts`: prints the tables and writes
 * `bench/results/byte-tricks.md`. Starts its servers on 127.0.0.1:4831–4832 and stops them.
 */
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import type { Component, Lot } from '../src/content/models';
import type { LoadResult, Snapshot, View } from '../src/app/state';
import { readState } from '../src/app/wire';
import * as wire from './former-wire';
import viteConfig from '../vite.config';
import { compileCatalogue } from '../build/catalogue-plugin';
import { launchBrowser, pageBytes, pageState, sizes, stateAddress, type Sizes } from './lib/bytes';
import { PAGE_TYPES } from './lib/pages';
import { startSite, type Site } from './lib/site';
import { stop } from './lib/processes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = path.join(ROOT, 'bench/.work/byte-tricks');

/** The page types of the bench and the site map. */
const PAGES = [...PAGE_TYPES, { label: 'site map', path: '/fr/plan-du-site' }] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median µs of `run`, after a warm-up. */
function cost(run: () => unknown, times = 300): number {
  for (let i = 0; i < 30; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    run();
    samples.push((performance.now() - start) * 1000);
  }
  return median(samples);
}

async function getText(url: string): Promise<string> {
  const answer = await fetch(url);
  return answer.text();
}

/**
 * A page's document with its state written in it, and the state: the tricks here weigh the state
 * inside the document, as it travelled when they were decided (a shared page's state now travels
 * beside it: docs/decisions/0081-state-beside-the-document.md).
 */
async function documentWithState(
  origin: string,
  path: string,
): Promise<{ html: string; text: string }> {
  const sent = await getText(origin + path);
  const text = await pageState(origin, sent);
  const address = stateAddress(sent);
  const html =
    address === undefined
      ? sent
      : sent.replace(
          `<script type="application/json" id="app-state" data-src="${address}"></script>`,
          () => `<script type="application/json" id="app-state">${text}</script>`,
        );
  return { html, text };
}

async function getJson(url: string): Promise<unknown> {
  const answer = await fetch(url);
  return answer.json();
}

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every node of a raw content answer: short id (docs/decisions/0043) → its UUID and name. */
function collectNodes(value: Json, into: Map<string, { uuid: string; name: string }>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, into);
    return;
  }
  if (!isRecord(value)) return;
  const id = value['@id'];
  const name = value['@name'];
  if (typeof id === 'string' && typeof name === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
    into.set(id.replace(/-/g, '').slice(0, 12), { uuid: id, name });
  }
  for (const item of Object.values(value)) collectNodes(item, into);
}

/** JSON as src/server/document.ts writes it into the page. */
function inScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state as `forHydration` writes it, from a snapshot, with some of its steps left out. */
interface Steps {
  pack: boolean;
  defaults: boolean;
  names: boolean;
  origin: boolean;
}
const ALL: Steps = { pack: true, defaults: true, names: true, origin: true };

function withoutNames(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNames);
  if (!isRecord(value)) return value;
  const component = typeof value.kind === 'string' && isRecord(value.fields);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(component && key === 'name'))
      .map(([key, item]) => [key, withoutNames(item)]),
  );
}

function encode(snapshot: Snapshot, steps: Steps): string {
  let view: Json;
  let site: Json;
  if (steps.defaults) {
    view = wire.viewToWire(snapshot.view);
    site = wire.siteToWire(snapshot.site);
    if (!steps.names && snapshot.view.kind === 'content' && isRecord(view) && isRecord(view.page)) {
      // compactFields drops the names too: the page's put back after each id.
      view.page = { ...view.page, components: compactKeepingNames(snapshot.view.page.components) };
    }
  } else {
    view = steps.names ? withoutNames(snapshot.view) : snapshot.view;
    site = steps.names ? withoutNames(snapshot.site) : snapshot.site;
  }
  if (snapshot.view.kind === 'content' && isRecord(view) && isRecord(view.data)) {
    const lots = snapshot.view.data.lots;
    view.data = { ...view.data, lots: steps.pack && lots ? wire.packLots(lots) : lots };
  }
  const out = { ...snapshot, view, site };
  // shareOrigin reads only strings: the shape it is given is the writer's.
  return inScript(JSON.stringify(steps.origin ? wire.shareOrigin(out as wire.WireSnapshot) : out));
}

/** compactFields without leaving the names out: each component's name put back after it. */
function compactKeepingNames(components: readonly Component[]): Json {
  const names = new Map<string, string>();
  const walk = (value: Json): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) {
      if (typeof value.id === 'string' && typeof value.name === 'string' && 'kind' in value) {
        names.set(value.id, value.name);
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(components);
  const put = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(put);
    if (!isRecord(value)) return value;
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = put(item);
      const name = typeof value.id === 'string' ? names.get(value.id) : undefined;
      if (key === 'id' && name !== undefined && 'kind' in value) out.name = name;
    }
    return out;
  };
  return put(wire.compactFields(components));
}

/** The components with each one's content node name, as the content client reads it. */
function namedComponents<T>(value: T, nodes: Map<string, { name: string }>): T {
  const put = (item: Json): Json => {
    if (Array.isArray(item)) return item.map(put);
    if (!isRecord(item)) return item;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(item)) out[key] = put(child);
    const node = typeof item.id === 'string' ? nodes.get(item.id) : undefined;
    const component =
      typeof item.kind === 'string' && item.kind !== 'static' && isRecord(item.fields);
    if (node && component) out.name = node.name;
    return out;
  };
  // The same tree with names: only keys added.
  return put(value) as T;
}

interface Row {
  page: string;
  html: { with: Sizes; without: Sizes };
  state: { with: Sizes; without: Sizes };
  js?: { with: Sizes; without: Sizes } | undefined;
  costUs?: number | undefined;
}

interface Trick {
  id: string;
  title: string;
  decision: string;
  rows: Row[];
  note?: string;
}

function pair(withText: string, withoutText: string): { with: Sizes; without: Sizes } {
  return { with: sizes(withText), without: sizes(withoutText) };
}

/** A second build, with Vite's own class names, beside the first: same sources, one option off. */
async function buildLongClassNames(): Promise<string> {
  const root = path.join(WORK, 'long-class-names');
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  // The server reads the stand-ins' content beside its root.
  await symlink(path.join(ROOT, 'embedded'), path.join(root, 'embedded'));
  const plain = async (extra: NonNullable<InlineConfig['build']>) => {
    const fresh = { ...viteConfig({ command: 'build', mode: 'production' }) };
    delete fresh.test;
    await build({
      ...fresh,
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      css: {},
      build: { ...fresh.build, ...extra, emptyOutDir: true },
    });
  };
  await plain({ outDir: path.join(root, 'dist/client') });
  await plain({ ssr: 'src/server/main.ts', outDir: path.join(root, 'dist/server') });
  return root;
}

async function main(): Promise<void> {
  const logDir = path.join(WORK, 'logs');
  await mkdir(logDir, { recursive: true });
  const longRoot = await buildLongClassNames();
  const site = await startSite({ root: ROOT, port: 4831, logDir, label: 'tricks' });
  let long: Site | undefined;
  const tricks: Trick[] = [];
  try {
    long = await startSite({ root: longRoot, port: 4832, logDir, label: 'long-classes' });
    const browser = await launchBrowser();
    const add = (trick: Omit<Trick, 'rows'>): Trick => {
      const full = { ...trick, rows: [] };
      tricks.push(full);
      return full;
    };
    const all = add({ id: 'all', title: 'All state tricks together', decision: '' });
    const pack = add({ id: 'pack', title: 'Lots packed', decision: '0039' });
    const defaults = add({ id: 'defaults', title: 'Default fields left out', decision: '0039' });
    const names = add({ id: 'names', title: 'Component names left out', decision: '0053' });
    const origin = add({ id: 'origin', title: 'One media origin, `~` paths', decision: '0052' });
    const ids = add({ id: 'ids', title: 'Short node ids', decision: '0043' });
    const classes = add({ id: 'classes', title: 'Short class names', decision: '0040' });
    const stubs = add({ id: 'stubs', title: 'Static trees as stubs', decision: '0037, 0054' });
    const footer = add({ id: 'footer', title: 'Footer body out of the state', decision: '0042' });
    const head = add({ id: 'head', title: 'Head as its title only', decision: '0039' });
    const first = add({ id: 'first', title: 'Lists carry their first block', decision: '0041' });
    // A client-side navigation's answer is the view whole (no 0044/0051 there): 0041 alone trims it.
    const firstNav = add({
      id: 'first-navigation',
      title: 'Lists carry their first block, in `/_data/view` (both columns: the answer)',
      decision: '0041',
    });
    const lotsLater = add({ id: 'lots-later', title: 'Lots after hydration', decision: '0044' });
    const chronLater = add({
      id: 'chroniques-later',
      title: 'Chronique cards after hydration',
      decision: '0051',
    });

    // The content service's origin (the stand-in's port is picked at start), read from the home
    // page's media: the state names it in full since 0067 (no shared origin any more).
    const mediaOf = async (origin: string) =>
      /"(https?:\/\/[^"/]+)\/dam\//.exec(
        (await documentWithState(origin, '/fr/accueil')).text,
      )?.[1] ?? '';
    const media = await mediaOf(site.origin);
    const longMedia = await mediaOf(long.origin);
    const nodes = new Map<string, { uuid: string; name: string }>();
    collectNodes(await getJson(`${media}/.rest/pari-boreal/listerPages?lang=fr&limit=500`), nodes);
    collectNodes(await getJson(`${media}/.rest/pari-boreal/listerTout/pari-boreal?lang=fr`), nodes);
    console.warn(`${nodes.size} content nodes`);

    for (const page of PAGES) {
      const { html, text } = await documentWithState(site.origin, page.path);
      // As the content service names them: the state carries component names since 0067.
      const snapshot = namedComponents(readState(text), nodes);
      const rewritten = encode(snapshot, ALL);
      const plain = encode(snapshot, { pack: false, defaults: false, names: false, origin: false });
      if (plain.length !== text.length) {
        console.warn(
          `${page.path}: the state written again is ${plain.length} B, sent ${text.length} B`,
        );
      }
      const htmlWith = (state: string) => html.replace(text, () => state);
      // State tricks are compared with the state written again by the same code, so that only
      // the step left out differs.
      const row = (without: string, costUs?: number): Row => ({
        page: page.label,
        html: pair(htmlWith(rewritten), htmlWith(without)),
        state: pair(rewritten, without),
        costUs,
      });

      all.rows.push(
        row(plain, cost(() => wire.readState(rewritten)) - cost(() => readState(plain))),
      );
      const wireState = JSON.parse(rewritten) as wire.WireSnapshot;
      const packed = wireState.view.kind === 'content' ? wireState.view.data.lots : undefined;
      pack.rows.push(
        row(
          encode(snapshot, { ...ALL, pack: false }),
          packed ? cost(() => wire.unpackLots(packed)) : 0,
        ),
      );
      defaults.rows.push(
        row(
          encode(snapshot, { ...ALL, defaults: false }),
          cost(() => wire.snapshotFromWire(wireState)),
        ),
      );
      names.rows.push(row(encode(snapshot, { ...ALL, names: false }), 0));
      const plainOrigin = encode(snapshot, { ...ALL, origin: false });
      origin.rows.push(
        row(
          plainOrigin,
          cost(() => wire.readState(rewritten)) - cost(() => wire.readState(plainOrigin)),
        ),
      );

      // The UUIDs in the markup and the state, in place of their first 12 digits.
      const longIds = (source: string) =>
        source.replace(/\b[0-9a-f]{12}\b/g, (short) => nodes.get(short)?.uuid ?? short);
      ids.rows.push({
        page: page.label,
        html: pair(html, longIds(html)),
        state: pair(text, longIds(text)),
      });

      // The other build's page, with this page's state and media origin: only its classes differ.
      const { html: longHtml, text: longState } = await documentWithState(long.origin, page.path);
      let longText = longHtml.replace(longState, () => text);
      if (media && longMedia && !text.includes(longMedia))
        longText = longText.split(longMedia).join(media);
      const [shortJs, longJs] = [
        await pageBytes(browser, site.origin, page),
        await pageBytes(browser, long.origin, page),
      ];
      classes.rows.push({
        page: page.label,
        html: pair(html, longText),
        state: pair(text, text),
        js: {
          with: {
            raw: shortJs.jsBeforeHydration.raw,
            gzip: shortJs.jsBeforeHydration.gzip,
            brotli: shortJs.jsBeforeHydration.brotli,
          },
          without: {
            raw: longJs.jsBeforeHydration.raw,
            gzip: longJs.jsBeforeHydration.gzip,
            brotli: longJs.jsBeforeHydration.brotli,
          },
        },
      });

      // What the state leaves out for the markup, from the answers that carry it whole.
      const lang = snapshot.locale;
      if (snapshot.view.kind === 'content') {
        // The server's own answer, read as the browser's answers.ts passes it on.
        const answer = (await getJson(
          `${site.origin}/_data/view?path=${encodeURIComponent(page.path)}`,
        )) as LoadResult;
        const whole: View | undefined = answer.type === 'view' ? answer.state.view : undefined;
        if (whole?.kind === 'content') {
          const view = snapshot.view;
          stubs.rows.push(
            row(
              encode(
                {
                  ...snapshot,
                  view: {
                    ...view,
                    page: { ...view.page, components: whole.page.components },
                    data: { ...view.data, svgs: whole.data.svgs },
                  },
                },
                ALL,
              ),
            ),
          );
          head.rows.push(
            row(
              encode(
                { ...snapshot, view: { ...view, page: { ...view.page, meta: whole.page.meta } } },
                ALL,
              ),
            ),
          );
          const later = {
            ...view.data,
            lots: whole.data.lots,
            lotTotals: whole.data.lotTotals,
            lotsLater: undefined,
          };
          lotsLater.rows.push(
            row(
              encode(
                {
                  ...snapshot,
                  view: { ...view, data: later },
                },
                ALL,
              ),
            ),
          );
          chronLater.rows.push(
            row(
              encode(
                {
                  ...snapshot,
                  view: {
                    ...view,
                    data: {
                      ...view.data,
                      chronicles: whole.data.chronicles,
                      chroniclesTotal: whole.data.chroniclesTotal,
                      chroniclesLater: undefined,
                    },
                  },
                },
                ALL,
              ),
            ),
          );
          // Every lot and card the page's lists may show, in place of the first block.
          const lists = Object.keys(whole.data.lotTotals ?? {});
          const allLots =
            lists.length > 0
              ? (
                  (await getJson(
                    `${site.origin}/_data/lots?lang=${lang}&lists=${lists.join(',')}`,
                  )) as { lots: Lot[] | null }
                ).lots
              : null;
          const allCards =
            whole.data.chroniclesTotal !== undefined
              ? (
                  (await getJson(`${site.origin}/_data/chronicles?lang=${lang}`)) as {
                    chronicles: NonNullable<typeof whole.data.chronicles>;
                  }
                ).chronicles
              : whole.data.chronicles;
          const everyLot: Lot[] | null | undefined = allLots ?? view.data.lots;
          const answerText = JSON.stringify(answer);
          const answerWhole = JSON.stringify({
            ...answer,
            state: {
              ...(answer.type === 'view' ? answer.state : {}),
              view: {
                ...whole,
                data: {
                  ...whole.data,
                  lots: allLots ?? whole.data.lots,
                  lotTotals: undefined,
                  chronicles: allCards,
                  chroniclesTotal: undefined,
                },
              },
            },
          });
          firstNav.rows.push({
            page: page.label,
            html: pair(answerText, answerWhole),
            state: pair(answerText, answerWhole),
          });
          first.rows.push(
            row(
              encode(
                {
                  ...snapshot,
                  view: {
                    ...view,
                    data: {
                      ...view.data,
                      lots: view.data.lotsLater ? view.data.lots : everyLot,
                      lotTotals: view.data.lotsLater ? view.data.lotTotals : undefined,
                      chronicles: view.data.chroniclesLater ? view.data.chronicles : allCards,
                      chroniclesTotal: view.data.chroniclesLater
                        ? view.data.chroniclesTotal
                        : undefined,
                    },
                  },
                },
                ALL,
              ),
            ),
          );
        }
      }
      if (snapshot.site.status === 'ok' && snapshot.site.footerKept) {
        const fullSite = wire.siteFromWire(
          (await getJson(`${site.origin}/_data/site?lang=${lang}`)) as never,
        );
        if (fullSite.status === 'ok') {
          const rest = { ...snapshot.site, footerKept: undefined };
          footer.rows.push(
            row(
              encode(
                {
                  ...snapshot,
                  site: {
                    ...rest,
                    site: {
                      ...fullSite.site,
                      footer: { ...fullSite.site.footer, pub: rest.site.footer.pub },
                    },
                  },
                },
                ALL,
              ),
            ),
          );
        }
      }
    }
    await browser.close();
  } finally {
    if (long) await stop(long.process);
    await stop(site.process);
  }

  // Late catalogues (src/i18n/late-keys.ts): what the first-load catalogue would gain.
  const catalogueRows: string[] = [];
  for (const lang of ['fr', 'en']) {
    const file = path.join(ROOT, `src/i18n/${lang}.json`);
    const early = sizes(`export default ${JSON.stringify(compileCatalogue(file, 'early'))};`);
    const whole = sizes(`export default ${JSON.stringify(compileCatalogue(file, 'all'))};`);
    catalogueRows.push(
      `| ${lang} | ${early.raw} | ${whole.raw} | ${whole.gzip - early.gzip} | ${whole.brotli - early.brotli} |`,
    );
  }

  const lines: string[] = [
    '# Byte tricks, measured',
    '',
    `\`npx tsx bench/byte-tricks.ts\` after \`npm run build\`, ${new Date().toISOString().slice(0, 10)}. Bytes saved by each trick`,
    '(without − with), HTML and hydration state, gzip level 9 / brotli quality 11 (raw in',
    'brackets); read cost: median µs in node of what the browser runs to read it back.',
    '',
  ];
  const kb = (n: number) => n.toLocaleString('en');
  for (const trick of tricks) {
    if (trick.rows.length === 0) continue;
    lines.push(`## ${trick.title}${trick.decision ? ` (${trick.decision})` : ''}`, '');
    const js = trick.rows.some((r) => r.js);
    lines.push(
      `| page | HTML saved gzip / br (raw) | state saved gzip / br (raw) | state gzip with → without |${js ? ' JS before interaction saved gzip / br |' : ''} read cost µs |`,
      `| --- | --- | --- | --- |${js ? ' --- |' : ''} --- |`,
    );
    let best = 0;
    for (const r of trick.rows) {
      const saved = (s: { with: Sizes; without: Sizes }) =>
        `${kb(s.without.gzip - s.with.gzip)} / ${kb(s.without.brotli - s.with.brotli)} (${kb(s.without.raw - s.with.raw)})`;
      best = Math.max(
        best,
        r.html.without.gzip - r.html.with.gzip,
        r.html.without.brotli - r.html.with.brotli,
      );
      lines.push(
        `| ${r.page} | ${saved(r.html)} | ${saved(r.state)} | ${kb(r.state.with.gzip)} → ${kb(r.state.without.gzip)} |${
          r.js
            ? ` ${kb(r.js.without.gzip - r.js.with.gzip)} / ${kb(r.js.without.brotli - r.js.with.brotli)} |`
            : ''
        } ${r.costUs === undefined ? '–' : r.costUs.toFixed(1)} |`,
      );
    }
    lines.push('', `Largest HTML saving on a page type: ${kb(best)} B compressed.`, '');
  }
  lines.push(
    '## Late catalogues (src/i18n/late-keys.ts)',
    '',
    'What the catalogue loaded before interaction would gain with the late messages in it.',
    '',
    '| language | early raw | whole raw | gzip added | br added |',
    '| --- | --- | --- | --- | --- |',
    ...catalogueRows,
    '',
  );
  const report = lines.join('\n');
  console.log(report);
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/byte-tricks.md'), report);
}

await main();
