/**
 * Synchronous work on the request path for content at the size limits (issue 10, item 3):
 * `npx tsx bench/hostile-sizes.ts` prints the time of each step that cannot yield, for an answer of
 * CMS_MAX_BYTES and a rich-text field of RICH_TEXT_MAX_BYTES (their defaults, or the values in the
 * environment). Each figure is the median and the worst of 15 runs after a warm-up.
 */
import { createContentClient } from '../src/content/client';
import { installSanitizer } from '../src/content/sanitize';
import { createHtmlSanitizer } from '../src/content/server-sanitizer';
import { RICH_TEXT_POLICY } from '../src/content/sanitize-policy';
import { loadConfig } from '../src/server/config';
import { createServerSanitizer } from '../src/server/sanitizer';

const config = loadConfig(process.env);
installSanitizer(createServerSanitizer());

function time(name: string, run: () => unknown): void {
  run();
  const runs = Array.from({ length: 15 }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  const median = runs[7] ?? 0;
  const worst = runs[runs.length - 1] ?? 0;
  console.log(`${name}: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`);
}

/** Editors' rich text, repeated to `bytes`. */
function richText(bytes: number): string {
  const unit =
    '<p>Un <strong>texte</strong> avec un <a href="https://x.example/" target="_blank">lien</a>, ' +
    'des &laquo;&nbsp;entités&nbsp;&raquo; et une liste&nbsp;:</p><ul><li>un</li><li>deux</li></ul>';
  return unit.repeat(Math.floor(bytes / unit.length));
}

const field = richText(config.richTextMaxBytes);
console.log(
  `limits: CMS_MAX_BYTES ${config.cmsMaxBytes}, RICH_TEXT_MAX_BYTES ${config.richTextMaxBytes}`,
);
const html = createHtmlSanitizer(RICH_TEXT_POLICY, 'html');
const text = createHtmlSanitizer(RICH_TEXT_POLICY, 'text');
time(`sanitise one rich-text field of ${field.length} bytes`, () => html(field));
time(`text of one rich-text field of ${field.length} bytes`, () => text(field));

// A page answer at the answer limit: as many components as fit, each with a field of 4 KB.
const component = (i: number) => ({
  '@name': `c${i}`,
  '@path': `/accueil/main/c${i}`,
  'mgnl:template': 'pari-boreal:components/texte',
  texte: `<p>${i}</p>${richText(4096)}`,
});
const names: string[] = [];
const main: Record<string, unknown> = { '@name': 'main', '@nodes': names };
const answer = () => JSON.stringify({ results: [{ '@name': 'accueil', main }] });
// Components are added while the answer stays under the limit, with room for the run marks the
// fetcher below adds (a few bytes a field).
const oneComponent = Buffer.byteLength(JSON.stringify(component(0))) + 8;
let size = Buffer.byteLength(answer());
for (let i = 0; size + oneComponent + (names.length + 1) * 32 < config.cmsMaxBytes; i++) {
  names.push(`c${i}`);
  main[`c${i}`] = component(i);
  size += oneComponent;
}
const body = answer();
time(`JSON.parse of a ${body.length}-byte answer`, () => JSON.parse(body));

let calls = 0;
const client = createContentClient({
  origin: 'http://cms.invalid',
  app: 'pari-boreal',
  media: 'http://media.invalid',
  timeoutMs: 10_000,
  maxBytes: config.cmsMaxBytes,
  richTextMaxBytes: config.richTextMaxBytes,
  warn: () => undefined,
  // Every call a new URL path: nothing memoised from the previous run but the sanitiser's memo.
  fetcher: () => {
    calls += 1;
    return Promise.resolve(
      new Response(body.replaceAll('"texte":"<p>', `"texte":"<p data-run='${calls}'>`), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  },
});
const parsed = JSON.parse(body) as { results: unknown[] };
// What other requests feel: the longest the event loop was held while the page was read, as the
// longest gap between two turns of a ticker that runs meanwhile.
let held = 0;
let ticking = true;
let last = performance.now();
const tick = () => {
  const now = performance.now();
  held = Math.max(held, now - last);
  last = now;
  if (ticking) setImmediate(tick);
};
setImmediate(tick);
const start = performance.now();
const page = await client.getPage('fr', 'accueil');
if (!page.ok || !page.data) throw new Error(`the bench page did not load: ${JSON.stringify(page)}`);
const elapsed = performance.now() - start;
held = Math.max(held, performance.now() - last);
ticking = false;
console.log(
  `read, parse and sanitise that page (${names.length} rich-text fields, all distinct): ${elapsed.toFixed(0)} ms in all, in ${parsed.results.length} answer; event loop held at most ${held.toFixed(1)} ms at a time`,
);
