import { describe, expect, it } from 'vitest';
import {
  BYTE_BUDGETS,
  JS_BEFORE_INTERACTION,
  MIN_MARGIN,
  NAVIGATION_NEW_JS,
  STATIC_JS_BEFORE_INTERACTION,
} from './budgets';
import type { BytesRow, Totals } from './bytes';
import type { NavigationRun } from './navigation';
import { judge, tables, type Results } from './report';

const totals = (gzip: number): Totals => ({
  files: 1,
  raw: gzip * 3,
  gzip,
  brotli: gzip,
  sent: gzip,
  encodings: ['br'],
});
const sizes = { raw: 1, gzip: 1, brotli: 1 };

function row(path: string, interactive: boolean, jsGzip: number): BytesRow {
  return {
    label: path,
    path,
    status: 200,
    js: totals(jsGzip),
    css: totals(1),
    thirdParty: totals(0),
    jsBeforeHydration: totals(jsGzip),
    hydratedAtMs: 500,
    html: { html: sizes, state: sizes, inlineScripts: sizes },
    interactive,
    networkIdle: true,
    files: [],
  };
}

function navigation(jsBytes: number): NavigationRun {
  const step = { from: '/fr/promotions', to: '/fr/gagnants', ms: 50, bytes: jsBytes, jsBytes };
  return {
    cpuSlowdown: 1,
    steps: [{ ...step, documentBytes: 6000 }],
    medianMs: 50,
    p95Ms: 50,
    medianBytes: jsBytes,
    medianShareOfDocument: 0.3,
    maxNewJsBytes: jsBytes,
  };
}

function results(bytes: BytesRow[], navigated?: NavigationRun): Results {
  const measured: Omit<Results, 'targets'> = {
    generatedAt: '2026-11-28T00:00:00.000Z',
    durationS: 1,
    environment: {
      cpus: 2,
      loadAverageAtStart: 0,
      cpuModel: 'test',
      memoryGiB: 1,
      node: 'test',
      chromium: 'test',
      lighthouse: 'test',
      autocannon: 'test',
      nginx: null,
    },
    settings: {
      logicalDate: '2026-11-21 12:00',
      devMode: false,
      build: 'always',
      load: { connections: 1, durationS: 1, warmupS: 1 },
      processes: 1,
    },
    contentCacheTtlSupported: true,
    lighthouse: [],
    bytes,
    navigation: navigated ? [navigated] : [],
    server: null,
    scaleOut: null,
    errors: [],
  };
  return { ...measured, targets: judge(measured) };
}

describe('byte budgets (issue 43: ceilings that measure, not churn)', () => {
  it('are each the figure measured plus a margin of at least 1 KiB', () => {
    expect(BYTE_BUDGETS.length).toBeGreaterThan(0);
    for (const budget of BYTE_BUDGETS) {
      expect(budget.margin, budget.name).toBeGreaterThanOrEqual(MIN_MARGIN);
      expect(budget.ceiling, budget.name).toBe(budget.measured + budget.margin);
      expect(budget.measuredOn, budget.name).toMatch(/^\d{4}-\d{2}-\d{2}, /);
    }
  });

  it('judge the bench’s exact figures against the same ceilings the tests use', () => {
    const within = results([
      row('/fr/gagnants', true, JS_BEFORE_INTERACTION.ceiling),
      row('/fr/404.html', false, STATIC_JS_BEFORE_INTERACTION.ceiling),
    ]);
    const named = (r: Results, name: string) => r.targets.find((t) => t.name === name);
    expect(named(within, JS_BEFORE_INTERACTION.name)?.met).toBe(true);
    expect(named(within, STATIC_JS_BEFORE_INTERACTION.name)?.met).toBe(true);
    expect(named(within, JS_BEFORE_INTERACTION.name)?.target).toContain(
      JS_BEFORE_INTERACTION.ceiling.toLocaleString('en-US'),
    );
    // One byte over either ceiling is reported, each against its own kind of page.
    const over = results([
      row('/fr/gagnants', true, JS_BEFORE_INTERACTION.ceiling),
      row('/fr/404.html', false, STATIC_JS_BEFORE_INTERACTION.ceiling + 1),
    ]);
    expect(named(over, JS_BEFORE_INTERACTION.name)?.met).toBe(true);
    expect(named(over, STATIC_JS_BEFORE_INTERACTION.name)?.met).toBe(false);
  });

  it('judge the largest navigation against its ceiling, naming the one over it', () => {
    const named = (r: Results) => r.targets.find((t) => t.name === NAVIGATION_NEW_JS.name);
    expect(named(results([], navigation(NAVIGATION_NEW_JS.ceiling)))?.met).toBe(true);
    const over = named(results([], navigation(NAVIGATION_NEW_JS.ceiling + 1)));
    expect(over?.met).toBe(false);
    expect(over?.actual).toContain('/fr/promotions → /fr/gagnants');
  });

  it('show each page’s exact figure, its ceiling and the margin left in the bytes table', () => {
    const figure = JS_BEFORE_INTERACTION.measured;
    const table = tables(results([row('/fr/gagnants', true, figure)])).find((t) =>
      t.head.includes('its ceiling B'),
    );
    const at = (head: string) => table?.head.indexOf(head) ?? -1;
    const cells = table?.rows[0] ?? [];
    expect(cells[at('JS to hydration gzip B')]).toBe(figure.toLocaleString('en-US'));
    expect(cells[at('its ceiling B')]).toBe(JS_BEFORE_INTERACTION.ceiling.toLocaleString('en-US'));
    expect(cells[at('margin left B')]).toBe(JS_BEFORE_INTERACTION.margin.toLocaleString('en-US'));
  });
});
