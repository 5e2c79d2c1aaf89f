/**
 * Lighthouse (the npm package's CLI, one child process per page) against one Chromium that the
 * bench starts itself with a DevTools port on 127.0.0.1: mobile form factor, default simulated
 * throttling, performance, accessibility, best practices and SEO.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { assertPortFree, run, start, stop, waitForUrl, type Started } from './processes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every Chromium of the bench runs with. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

/** One audit that did not pass, to point at a cause. */
export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  weight: number;
}

export interface LighthouseRow {
  label: string;
  path: string;
  /** The document's HTTP status, as fetched by the bench. */
  status: number;
  /** Run with Lighthouse's `--ignore-status-code` (only for non-200 documents). */
  ignoreStatusCode: boolean;
  /** Lighthouse's refusal or failure, when it did not score the page. */
  runtimeError?: string;
  scores: Record<'performance' | 'accessibility' | 'bestPractices' | 'seo', number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  failing: FailingAudit[];
  /** Lighthouse's `benchmarkIndex` for this run: the machine's speed, which moves its figures. */
  benchmarkIndex?: number;
  /**
   * Lighthouse's LCP in each run of the page, when it was run more than once (`medianRun`): the
   * row is the run whose LCP is their median.
   */
  lcpRunsMs?: number[];
  /**
   * The same runs' TBT and performance score, in the same order: they move from run to run too,
   * and the median LCP's run need not be the median of either.
   */
  tbtRunsMs?: number[];
  performanceRuns?: (number | null)[];
  /**
   * For an error page (status 400 or more), the best-practices and SEO scores without the audits
   * that judge the document's own status, which such a page must fail: the SEO audit of the
   * status code, and the console audit when its only error is the browser's line about that
   * status. Scored as Lighthouse scores a category (weighted mean of the scored audits).
   */
  apartFromOwnStatus?: { bestPractices: number | null; seo: number | null; audits: string[] };
  /** Short findings of the audits that usually name a cause (LCP element, shifts, blocking files). */
  diagnostics: string[];
  warnings: string[];
  lighthouseVersion?: string;
}

export interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: unknown;
}

export interface Lhr {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: unknown[];
  categories: Partial<
    Record<CategoryId, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  >;
  audits: Record<string, LhrAudit | undefined>;
  /** The machine's speed as Lighthouse measured it before the run (higher is faster). */
  environment?: { benchmarkIndex?: number };
}

function isLhr(value: unknown): value is Lhr {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.lighthouseVersion === 'string' &&
    typeof record.categories === 'object' &&
    record.categories !== null &&
    typeof record.audits === 'object' &&
    record.audits !== null
  );
}

export interface Browser {
  port: number;
  process: Started;
  profileDir: string;
}

/** Starts Chromium with a DevTools port on 127.0.0.1 and a throw-away profile. */
export async function startChromium(port: number, logDir: string): Promise<Browser> {
  await assertPortFree(port);
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
  const started = start({
    name: `chromium :${port}`,
    command: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    logFile: path.join(logDir, 'chromium-lighthouse.log'),
  });
  await waitForUrl(`http://127.0.0.1:${port}/json/version`, started);
  return { port, process: started, profileDir };
}

export async function stopChromium(browser: Browser): Promise<void> {
  await stop(browser.process);
  await rm(browser.profileDir, { recursive: true, force: true });
}

const lighthouseCli = (): string =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
    'cli/index.js',
  );

async function documentStatus(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}

const round = (value: number | undefined, digits = 0): number | null =>
  value === undefined ? null : Number(value.toFixed(digits));

/** Audits one URL; never throws for a page Lighthouse refuses (the row says why). */
export async function audit(
  browser: Browser,
  origin: string,
  page: { label: string; path: string },
  options: { ignoreStatusCode: boolean; scratchDir: string; timeoutMs: number },
): Promise<LighthouseRow> {
  const url = origin + page.path;
  const status = await documentStatus(url);
  const output = path.join(
    options.scratchDir,
    `lh${page.path.replace(/[^a-z0-9]+/gi, '-')}${options.ignoreStatusCode ? '-ignore-status' : ''}.json`,
  );
  const args = [
    lighthouseCli(),
    url,
    `--port=${browser.port}`,
    '--hostname=127.0.0.1',
    '--output=json',
    `--output-path=${output}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--max-wait-for-load=45000',
    '--quiet',
    ...(options.ignoreStatusCode ? ['--ignore-status-code'] : []),
  ];
  const row: LighthouseRow = {
    ...page,
    status,
    ignoreStatusCode: options.ignoreStatusCode,
    scores: { performance: null, accessibility: null, bestPractices: null, seo: null },
    metrics: { lcpMs: null, tbtMs: null, cls: null, fcpMs: null, speedIndexMs: null },
    failing: [],
    diagnostics: [],
    warnings: [],
  };
  const result = await run(process.execPath, args, { timeoutMs: options.timeoutMs });
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(output, 'utf8'));
  } catch {
    row.runtimeError = `no report (exit ${String(result.code)}): ${result.output.trim().slice(-400)}`;
    return row;
  }
  if (!isLhr(parsed)) {
    row.runtimeError = 'the report is not a Lighthouse result';
    return row;
  }
  const lhr = parsed;
  row.lighthouseVersion = lhr.lighthouseVersion;
  if (typeof lhr.environment?.benchmarkIndex === 'number')
    row.benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
  if (lhr.runtimeError) row.runtimeError = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  row.warnings = (lhr.runWarnings ?? []).map((warning) =>
    typeof warning === 'string' ? warning : JSON.stringify(warning),
  );
  const score = (id: CategoryId): number | null => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  row.scores = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
  const numeric = (id: string): number | undefined => lhr.audits[id]?.numericValue;
  row.metrics = {
    lcpMs: round(numeric('largest-contentful-paint')),
    tbtMs: round(numeric('total-blocking-time')),
    cls: round(numeric('cumulative-layout-shift'), 3),
    fcpMs: round(numeric('first-contentful-paint')),
    speedIndexMs: round(numeric('speed-index')),
  };
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const found = lhr.audits[ref.id];
      if (!found || found.score === null || found.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(found.scoreDisplayMode)) continue;
      row.failing.push({
        category,
        id: found.id,
        title: found.title,
        score: found.score,
        ...(found.displayValue ? { displayValue: found.displayValue } : {}),
        weight: ref.weight,
      });
    }
  }
  row.diagnostics = diagnostics(lhr, origin);
  if (status >= 400) row.apartFromOwnStatus = apartFromOwnStatus(lhr, url, status);
  return row;
}

const SCORED_MODES = ['binary', 'numeric', 'metricSavings'];

/** A category's score (0–100) as Lighthouse computes it, leaving out the audits named. */
export function categoryScore(
  lhr: Lhr,
  category: CategoryId,
  leftOut: ReadonlySet<string>,
): number | null {
  let sum = 0;
  let weights = 0;
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const found = lhr.audits[ref.id];
    if (leftOut.has(ref.id) || ref.weight <= 0 || !found || found.score === null) continue;
    if (!SCORED_MODES.includes(found.scoreDisplayMode)) continue;
    sum += ref.weight * found.score;
    weights += ref.weight;
  }
  return weights > 0 ? Math.round((sum / weights) * 100) : null;
}

export function apartFromOwnStatus(
  lhr: Lhr,
  url: string,
  status: number,
): NonNullable<LighthouseRow['apartFromOwnStatus']> {
  const audits: string[] = [];
  const statusAudit = lhr.audits['http-status-code'];
  if (statusAudit?.score === 0) audits.push('http-status-code');
  const consoleAudit = lhr.audits['errors-in-console'];
  const errors = detailItems(consoleAudit?.details, 50);
  const onlyOwnStatus =
    errors.length > 0 &&
    errors.every((item) => {
      const location = item.sourceLocation as Record<string, unknown> | undefined;
      return (
        text(item.description).includes(`status of ${String(status)}`) && location?.url === url
      );
    });
  if (consoleAudit?.score === 0 && onlyOwnStatus) audits.push('errors-in-console');
  const leftOut = new Set(audits);
  return {
    bestPractices: categoryScore(lhr, 'best-practices', leftOut),
    seo: categoryScore(lhr, 'seo', leftOut),
    audits,
  };
}

/** The items of an audit's details (tables nested in a list are flattened), at most `limit`. */
function detailItems(details: unknown, limit: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (value: unknown): void => {
    if (out.length >= limit || typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.items)) {
      for (const item of record.items) visit(item);
    } else {
      out.push(record);
    }
  };
  visit(details);
  return out;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(Math.round(value)) : '';

function nodeSnippet(item: Record<string, unknown>): string {
  const node = item.node;
  if (typeof node !== 'object' || node === null) return '';
  const snippet = (node as Record<string, unknown>).snippet;
  return typeof snippet === 'string' ? snippet.slice(0, 160) : '';
}

function diagnostics(lhr: Lhr, origin: string): string[] {
  const out: string[] = [];
  const relative = (url: unknown): string => text(url).replace(origin, '');
  const failing = (id: string): LhrAudit | undefined => {
    const found = lhr.audits[id];
    return found && found.score !== null && found.score < 1 ? found : undefined;
  };
  const lcp = lhr.audits['largest-contentful-paint-element'];
  if (lcp?.details !== undefined) {
    const items = detailItems(lcp.details, 8);
    const element = items.map(nodeSnippet).find(Boolean);
    const phases = items
      .filter((item) => typeof item.phase === 'string')
      .map((item) => `${text(item.phase)} ${text(item.timing)} ms`);
    out.push(
      `LCP element: ${element ?? 'unknown'}${phases.length ? ` (${phases.join(', ')})` : ''}`,
    );
  }
  const shifts = failing('layout-shifts') ?? failing('cumulative-layout-shift');
  if (shifts || (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) > 0.03) {
    const items = detailItems(lhr.audits['layout-shifts']?.details, 4);
    for (const item of items) {
      out.push(`layout shift ${text(item.score) || String(item.score)}: ${nodeSnippet(item)}`);
    }
  }
  for (const id of ['render-blocking-insight', 'render-blocking-resources']) {
    const found = failing(id);
    if (!found) continue;
    const urls = detailItems(found.details, 10)
      .map((item) => relative(item.url))
      .filter(Boolean);
    if (urls.length) out.push(`render-blocking: ${[...new Set(urls)].join(', ')}`);
    break;
  }
  const compression = failing('uses-text-compression');
  if (compression) out.push(`no text compression: ${compression.displayValue ?? ''}`);
  const consoleErrors = failing('errors-in-console');
  if (consoleErrors) {
    const seen = new Set<string>();
    for (const item of detailItems(consoleErrors.details, 20)) {
      const location = item.sourceLocation as Record<string, unknown> | undefined;
      const line = `console error: ${text(item.description).split('\n')[0]?.slice(0, 160) ?? ''} (${relative(location?.url ?? item.url)})`;
      if (!seen.has(line)) out.push(line);
      seen.add(line);
    }
  }
  const crawlable = failing('is-crawlable');
  if (crawlable) {
    for (const item of detailItems(crawlable.details, 2)) {
      out.push(`not crawlable: ${text(item.source) || JSON.stringify(item).slice(0, 160)}`);
    }
  }
  const description = failing('meta-description');
  if (description) out.push('no meta description');
  return out;
}

/**
 * Of several runs of one page, the one whose LCP is the median, with every run's LCP beside it.
 * Lighthouse's simulated times move between runs of the same page (its own advice is to take the
 * median of several); a run that did not score is used only when none did.
 */
export function medianRun(runs: readonly LighthouseRow[]): LighthouseRow {
  const scored = runs.filter((run) => run.metrics.lcpMs !== null);
  const [first] = runs;
  if (!first) throw new Error('medianRun: no run');
  if (scored.length === 0) return first;
  const sorted = [...scored].sort((a, b) => (a.metrics.lcpMs ?? 0) - (b.metrics.lcpMs ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? first;
  if (scored.length === 1) return median;
  return {
    ...median,
    lcpRunsMs: scored.map((run) => run.metrics.lcpMs ?? 0),
    tbtRunsMs: scored.map((run) => run.metrics.tbtMs ?? 0),
    performanceRuns: scored.map((run) => run.scores.performance),
  };
}
