// @vitest-environment node
/**
 * Diagnostics per page (issue 13 item 1, docs/operations.md "Content diagnostics"): the union of
 * what a page's content answers could not use, kept for the page, served to operators beside the
 * metrics, logged once per content version with the diagnostic as a field, never in the HTML.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import type { Diagnostic } from '../content/schema/diagnostics';
import { collectDiagnostics, createDiagnosticsStore, noteDiagnostics } from './diagnostics';
import { metricsOrigin } from './metrics';
import { startStandIns, testConfig, testServer } from '../../testing/server';

const unknown = (path: string): Diagnostic => ({
  path,
  kind: 'x',
  rule: 'unknown-kind',
  effect: 'skipped',
});

describe('collectDiagnostics', () => {
  it("gathers each answer's diagnostics once, from every async branch of the page", async () => {
    const { value, diagnostics } = await collectDiagnostics(async () => {
      await Promise.all([
        Promise.resolve().then(() => noteDiagnostics('page', [unknown('/a'), unknown('/b')])),
        new Promise((resolve) => setTimeout(resolve, 1)).then(() =>
          noteDiagnostics('site', [unknown('/s')]),
        ),
      ]);
      // The same answer read again (a second call of the page): not counted twice.
      noteDiagnostics('page', [unknown('/a'), unknown('/b')]);
      return 42;
    });
    expect(value).toBe(42);
    expect(diagnostics.map((d) => d.path)).toEqual(['/a', '/b', '/s']);
  });

  it('keeps pages apart, and notes nothing outside a page', async () => {
    noteDiagnostics('stray', [unknown('/stray')]);
    const [one, two] = await Promise.all([
      collectDiagnostics(() =>
        Promise.resolve().then(() => noteDiagnostics('p1', [unknown('/1')])),
      ),
      collectDiagnostics(() =>
        Promise.resolve().then(() => noteDiagnostics('p2', [unknown('/2')])),
      ),
    ]);
    expect(one.diagnostics.map((d) => d.path)).toEqual(['/1']);
    expect(two.diagnostics.map((d) => d.path)).toEqual(['/2']);
  });
});

describe('the store of diagnostics per page', () => {
  it('keeps the last list of each page, drops a page made clean, forgets the oldest past its bound', () => {
    const store = createDiagnosticsStore(2);
    store.record('/a', [unknown('/a1')]);
    store.record('/b', [unknown('/b1')]);
    store.record('/a', [unknown('/a2')]);
    expect(store.list().map((p) => p.path)).toEqual(['/a', '/b']);
    expect(store.get('/a')?.diagnostics).toEqual([unknown('/a2')]);
    store.record('/c', [unknown('/c1')]);
    expect(store.get('/b')).toBeUndefined();
    store.record('/c', []);
    expect(store.list().map((p) => p.path)).toEqual(['/a']);
  });
});

describe('a server keeps and logs the diagnostics of its pages', () => {
  let embedded: EmbeddedServices;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    embedded = await startStandIns();
  });
  afterAll(() => embedded.close());
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function site(env: Record<string, string>) {
    const log: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, { METRICS_PORT: '0', ...env }),
      logger: { level: 'warn', stream },
    });
    apps.push(app);
    await app.ready();
    const report = async () => {
      const res = await fetch(`${metricsOrigin(app) ?? ''}/diagnostics`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return (await res.json()) as {
        pages: { path: string; at: string; diagnostics: Diagnostic[] }[];
      };
    };
    return { app, log, report };
  }

  it("lists the robustness page's skipped components and ignored fields, for operators only", async () => {
    const { app, report } = await site({});
    expect((await report()).pages).toEqual([]);
    const page = await app.inject({ url: '/fr/demo/robustesse' });
    expect(page.statusCode).toBe(200);
    await app.inject({ url: '/fr/accueil' });
    const { pages } = await report();
    expect(pages.map((p) => p.path)).toEqual(['/fr/demo/robustesse']);
    const found = pages[0]?.diagnostics ?? [];
    expect(found).toContainEqual(
      expect.objectContaining({
        path: '/pari-boreal/demo/robustesse/main/composante-inconnue-haut',
        kind: 'composante-inconnue',
        rule: 'unknown-kind',
        effect: 'skipped',
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'image', field: 'image', rule: 'required' }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'carte',
        field: 'nouvelleFenetre',
        rule: 'type',
        effect: 'ignored',
        excerpt: '"peut-être"',
      }),
    );
    // Nothing of it reaches the visitor: not in the HTML, not on the site's own port.
    expect(page.body).not.toContain('unknown-kind');
    expect((await app.inject({ url: '/diagnostics' })).body).not.toContain('unknown-kind');
  });

  it('logs each diagnostic once per content version, as a line and as a field', async () => {
    // Every render reads the content again: the same answer must not log again.
    const { app, log } = await site({ CONTENT_CACHE_TTL: '0' });
    const logged = () =>
      log
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; diagnostic?: Diagnostic });
    const peutEtre = () => logged().filter((l) => l.diagnostic?.excerpt === '"peut-être"');
    await app.inject({ url: '/fr/demo/robustesse' });
    await app.inject({ url: '/fr/demo/robustesse?again=1' });
    expect(peutEtre()).toHaveLength(1);
    expect(peutEtre()[0]?.msg).toMatch(
      /nouvelleFenetre "peut-être" ignored at .*carte-champs-errones: not true or false/,
    );
    // The English page is another answer of the service: its problems are logged for it.
    await app.inject({ url: '/en/demo/robustness' });
    expect(peutEtre()).toHaveLength(2);
    // An unknown kind is news once, wherever it appears (both languages, two places each).
    expect(logged().filter((l) => l.diagnostic?.rule === 'unknown-kind')).toHaveLength(1);
  });
});
