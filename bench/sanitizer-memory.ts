/**
 * Resident memory of the server's sanitiser over many distinct fragments (issue 10, item 9):
 * `npx tsx bench/sanitizer-memory.ts [count]` (default 100,000) prints RSS and heap before and
 * after, for the server's sanitiser and, over a smaller count, for DOMPurify on one jsdom window
 * (the former set-up, which grows with every fragment). Run with `node --expose-gc` through tsx
 * (`NODE_OPTIONS=--expose-gc`) for figures after a full collection.
 */
import { JSDOM } from 'jsdom';
import { createDomEngine, type SanitizerEngine } from '../src/content/sanitize';
import { createServerSanitizer } from '../src/server/sanitizer';

const count = Number(process.argv[2] ?? 100_000);
const jsdomCount = Math.min(count, Number(process.env.JSDOM_COUNT ?? 2_000));

const fragment = (i: number) =>
  `<p>Fragment <strong>${i}</strong> avec un <a href="/fr/page-${i}" target="_blank">lien</a>` +
  ` et &laquo;&nbsp;entités&nbsp;&raquo;</p><ul><li>élément ${i}</li><li onclick="x()">${i % 7}</li></ul>`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

function measure(name: string, engine: SanitizerEngine, n: number): void {
  for (let i = 0; i < 1000; i++) engine.html(fragment(-i)); // warm-up
  collect();
  const before = process.memoryUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) engine.html(fragment(i));
  const ms = performance.now() - start;
  collect();
  const after = process.memoryUsage();
  console.log(
    `${name}: ${n} fragments in ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / n).toFixed(0)} µs each); ` +
      `RSS ${mb(before.rss)} → ${mb(after.rss)} (${mb(after.rss - before.rss)}), ` +
      `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
  );
}

if (!(globalThis as { gc?: () => void }).gc) {
  console.log('(no --expose-gc: figures include garbage not yet collected)');
}
measure('server sanitiser (parse5)', createServerSanitizer(), count);
if (process.env.JSDOM_COUNT !== '0') {
  measure('DOMPurify on one jsdom window', createDomEngine(new JSDOM('').window), jsdomCount);
}
