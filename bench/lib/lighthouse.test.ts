import { describe, expect, it } from 'vitest';
import {
  apartFromOwnStatus,
  categoryScore,
  medianRun,
  type Lhr,
  type LhrAudit,
  type LighthouseRow,
} from './lighthouse';

const PAGE = 'http://127.0.0.1:4000/headless/err/503.html';

function audit(id: string, score: number | null, details?: unknown): LhrAudit {
  return { id, title: id, score, scoreDisplayMode: 'binary', ...(details ? { details } : {}) };
}

function consoleErrors(...items: { description: string; url: string }[]) {
  return {
    type: 'table',
    items: items.map(({ description, url }) => ({
      source: 'network',
      description,
      sourceLocation: { type: 'source-location', url },
    })),
  };
}

/** An error page's report: two best-practices audits and two SEO audits. */
function report(consoleAudit: LhrAudit): Lhr {
  return {
    lighthouseVersion: '12',
    categories: {
      'best-practices': {
        score: 0.5,
        auditRefs: [
          { id: 'errors-in-console', weight: 1 },
          { id: 'is-on-https', weight: 1 },
          { id: 'deprecations', weight: 0 },
        ],
      },
      seo: {
        score: 0.8,
        auditRefs: [
          { id: 'http-status-code', weight: 1 },
          { id: 'document-title', weight: 4 },
        ],
      },
    },
    audits: {
      'errors-in-console': consoleAudit,
      'is-on-https': audit('is-on-https', 1),
      deprecations: audit('deprecations', 0),
      'http-status-code': audit('http-status-code', 0),
      'document-title': audit('document-title', 1),
    },
  };
}

const ownStatusLine = {
  description:
    'Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
  url: PAGE,
};

describe('categoryScore', () => {
  it('is Lighthouse’s weighted mean of the scored audits', () => {
    const lhr = report(audit('errors-in-console', 0, consoleErrors(ownStatusLine)));
    expect(categoryScore(lhr, 'best-practices', new Set())).toBe(50);
    expect(categoryScore(lhr, 'seo', new Set())).toBe(80);
    expect(categoryScore(lhr, 'seo', new Set(['http-status-code']))).toBe(100);
  });
});

describe('apartFromOwnStatus', () => {
  it('leaves out the status audit and the browser’s line about the page’s own status', () => {
    const lhr = report(audit('errors-in-console', 0, consoleErrors(ownStatusLine)));
    expect(apartFromOwnStatus(lhr, PAGE, 503)).toEqual({
      bestPractices: 100,
      seo: 100,
      audits: ['http-status-code', 'errors-in-console'],
    });
  });

  it('keeps the console audit when any other error is there', () => {
    const lhr = report(
      audit(
        'errors-in-console',
        0,
        consoleErrors(ownStatusLine, {
          description: 'Uncaught TypeError: x is undefined',
          url: 'http://127.0.0.1:4000/assets/app.js',
        }),
      ),
    );
    expect(apartFromOwnStatus(lhr, PAGE, 503)).toEqual({
      bestPractices: 50,
      seo: 100,
      audits: ['http-status-code'],
    });
  });

  it('keeps it for another resource’s failure with the same status', () => {
    const lhr = report(
      audit(
        'errors-in-console',
        0,
        consoleErrors({ ...ownStatusLine, url: 'http://127.0.0.1:4000/assets/missing.js' }),
      ),
    );
    expect(apartFromOwnStatus(lhr, PAGE, 503).audits).toEqual(['http-status-code']);
  });
});

describe('medianRun', () => {
  const run = (
    lcpMs: number | null,
    performance: number | null = 100,
    tbtMs = 10,
  ): LighthouseRow => ({
    label: 'home',
    path: '/fr/accueil',
    status: 200,
    ignoreStatusCode: false,
    scores: { performance, accessibility: 100, bestPractices: 100, seo: 100 },
    metrics: { lcpMs, tbtMs, cls: 0, fcpMs: 900, speedIndexMs: 900 },
    failing: [],
    diagnostics: [],
    warnings: [],
  });

  it('is the run whose LCP is the median, with every run’s LCP in order of the runs', () => {
    const median = medianRun([run(1400, 99, 120), run(980), run(1050, 100, 30)]);
    expect(median.metrics.lcpMs).toBe(1050);
    expect(median.lcpRunsMs).toEqual([1400, 980, 1050]);
    expect(median.tbtRunsMs).toEqual([120, 10, 30]);
    expect(median.performanceRuns).toEqual([99, 100, 100]);
  });

  it('leaves aside a run that did not score, and keeps a lone run as it is', () => {
    expect(medianRun([run(null, null), run(1200), run(1000)]).metrics.lcpMs).toBe(1000);
    expect(medianRun([run(1000)])).toEqual(run(1000));
    expect(medianRun([run(null, null)]).scores.performance).toBeNull();
  });
});
