// @vitest-environment node
/**
 * What the site tells nginx in front (issue 11 item 6, docs/decisions/0030): `X-Accel-Expires`,
 * nginx's own short freshness, on shared answers only, while `s-maxage` stays for CDNs.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import {
  CHRONICLES_ENDPOINT,
  DATA_ENDPOINT,
  FRAME_ENDPOINT,
  LOTS_ENDPOINT,
  SITE_ENDPOINT,
} from '../app/state';
import { ConfigError, loadConfig } from './config';
import { proxyExpires } from './pages';
import { MORE_LISTS, readListCount } from '../domain/show-more';
import { startStandIns, testConfig, testServer } from '../../testing/server';

const IE = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
const lifetimes = { fresh: 30, staleWhileRevalidate: 300, staleIfError: 86400 };

let embedded: EmbeddedServices;

function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return testServer(embedded.origin, { config: testConfig(embedded.origin, env) });
}

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

describe('PROXY_FRESH_SECONDS', () => {
  it('defaults to a few seconds, reads a number and refuses anything else naming itself', () => {
    expect(loadConfig({}).proxyFreshSeconds).toBe(3);
    expect(loadConfig({ PROXY_FRESH_SECONDS: '10' }).proxyFreshSeconds).toBe(10);
    expect(loadConfig({ PROXY_FRESH_SECONDS: '0' }).proxyFreshSeconds).toBe(0);
    for (const bad of ['3s', '-1', '86401']) {
      expect(() => loadConfig({ PROXY_FRESH_SECONDS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PROXY_FRESH_SECONDS: bad })).toThrow(/PROXY_FRESH_SECONDS/);
    }
  });
});

describe('proxyExpires', () => {
  it('gives shared answers the proxy’s lifetime, never past the page’s own change', () => {
    expect(proxyExpires('shared', lifetimes, 3)).toBe('3');
    expect(proxyExpires('shared', lifetimes, 3, 100)).toBe('3');
    expect(proxyExpires('shared', lifetimes, 3, 1)).toBe('1');
    // A window opens now: nginx must not store the page at all (0 means so to nginx).
    expect(proxyExpires('shared', lifetimes, 3, 0)).toBe('0');
  });

  it('gives nothing to private and unstored answers, nor when caching or the header is off', () => {
    expect(proxyExpires('private', lifetimes, 3)).toBeUndefined();
    expect(proxyExpires('no-store', lifetimes, 3)).toBeUndefined();
    expect(
      proxyExpires('shared', { fresh: 0, staleWhileRevalidate: 0, staleIfError: 0 }, 3),
    ).toBeUndefined();
    expect(proxyExpires('shared', lifetimes, 0)).toBeUndefined();
  });
});

describe('the X-Accel-Expires the site sends', () => {
  it('is on shared pages and the sitemap, after Cache-Control, which keeps s-maxage for CDNs', async () => {
    const app = await server({ PROXY_FRESH_SECONDS: '4' });
    for (const url of [
      '/fr/promotions',
      '/en/promotions',
      '/sitemap.xml',
      // A navigation's view is kept as the page it describes (docs/decisions/0062).
      '/_data/view?path=/fr/promotions',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-accel-expires'], url).toBe('4');
      expect(res.headers['cache-control'], url).toContain('s-maxage=30');
      // nginx 1.22 reads the two in order; Cache-Control first keeps its stale-* extensions.
      const names = Object.keys(res.headers);
      expect(names.indexOf('cache-control'), url).toBeLessThan(names.indexOf('x-accel-expires'));
    }
    await app.close();
  });

  it('is on the 304 too, so a revalidation renews the proxy’s copy', async () => {
    const app = await server();
    const first = await app.inject({ url: '/fr/promotions' });
    expect(first.headers['x-accel-expires']).toBe('3');
    const again = await app.inject({
      url: '/fr/promotions',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-accel-expires']).toBe('3');
    await app.close();
  });

  it('is never on private or unstored answers, which nginx would otherwise keep', async () => {
    const app = await server();
    const answers = [
      // Language from the cookie.
      await app.inject({ url: '/promotions' }),
      await app.inject({ url: '/promotions', headers: { cookie: 'sgdLocale=en' } }),
      // The Internet Explorer banner.
      await app.inject({ url: '/fr/promotions', headers: { 'user-agent': IE } }),
      // A redirect, an error page, the view data of a page in the cookie's language.
      await app.inject({ url: '/fr/nulle-part' }),
      await app.inject({ url: '/headless/err/503.html' }),
      await app.inject({ url: '/_data/view?path=/promotions' }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control']).toMatch(/private|no-store/);
      expect(res.headers).not.toHaveProperty('x-accel-expires');
    }
    await app.close();
  });

  it('is left out when the caches are off or the variable is 0', async () => {
    const cases: Record<string, string>[] = [
      { CONTENT_CACHE_TTL: '0' },
      { PROXY_FRESH_SECONDS: '0' },
    ];
    for (const env of cases) {
      const app = await server(env);
      const res = await app.inject({ url: '/fr/promotions' });
      expect(res.statusCode).toBe(200);
      expect(res.headers).not.toHaveProperty('x-accel-expires');
      await app.close();
    }
  });
});

describe('the query parameters nginx passes on (deploy/nginx, docs/operations.md)', () => {
  it('are exactly those the server reads, on the /_data/ answers that read them', async () => {
    const here = import.meta.dirname;
    // The server's files and its plugins' (src/server/plugins/).
    const sources = [
      ...(await readdir(here)),
      ...(await readdir(path.join(here, 'plugins'))).map((name) => `plugins/${name}`),
    ].filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('test-'),
    );
    const read = new Set<string>();
    for (const name of sources) {
      const code = await readFile(path.join(here, name), 'utf8');
      for (const [, names = ''] of code.matchAll(/const \{([^}]*)\} = request\.query\b/g)) {
        for (const each of names.split(',')) read.add(each.split(':')[0]?.trim() ?? '');
      }
      // Any other way of reading the query would escape this test: there is none.
      expect(code.replaceAll(/const \{[^}]*\} = request\.query\b/g, ''), name).not.toMatch(
        /request\.query\b|searchParams/,
      );
    }
    const template = await readFile(
      path.join(here, '../../deploy/nginx/pari-boreal.conf.template'),
      'utf8',
    );
    const passed = [...template.matchAll(/"~\(\?:\^\|&\)\((\w+)=\[\^&\]\*\)"/g)].map((m) => m[1]);
    expect(new Set(passed)).toEqual(read);
    expect(template).toContain('"~^/_data/" "$pari_boreal_path$pari_boreal_data_query"');
    // A page's query reaches the site whole but is keyed on the "show more" counts alone, read
    // by the site's one reader (readListCount, next test), not through `request.query`.
    expect(template).toContain('"~^/(?:fr|en)/" "$pari_boreal_path$pari_boreal_page_query"');
    for (const endpoint of [
      DATA_ENDPOINT,
      SITE_ENDPOINT,
      LOTS_ENDPOINT,
      CHRONICLES_ENDPOINT,
      FRAME_ENDPOINT,
    ]) {
      expect(endpoint).toMatch(/^\/_data\//);
    }
  });
});

describe('the "show more" counts in a page’s key (docs/decisions/0078)', () => {
  /** The template's map of each count parameter, as a JavaScript pattern (the same syntax). */
  async function nginxCounts(): Promise<Map<string, RegExp>> {
    const template = await readFile(
      path.join(import.meta.dirname, '../../deploy/nginx/pari-boreal.conf.template'),
      'utf8',
    );
    const maps = [
      ...template.matchAll(/"~(\(\?:\^\|&\)\((\w+)=\[1-9\]\[0-9\]\{0,3\}\)\(\?:&\|\$\))"/g),
    ];
    return new Map(maps.map(([, pattern = '', name = '']) => [name, new RegExp(pattern)]));
  }

  it('are the lists the site reads, one map each', async () => {
    expect([...(await nginxCounts()).keys()]).toEqual([...MORE_LISTS]);
  });

  it('are read by the site exactly as nginx keys on them, so no answer is kept under another key', async () => {
    const maps = await nginxCounts();
    const queries = [
      'gagnants=12',
      'lot=x&gagnants=12&n=1',
      'gagnants=abc&gagnants=12',
      'gagnants=12&gagnants=15',
      'gagnants=012',
      'gagnants=%31%32',
      '%67agnants=12',
      'gagnants=12;x',
      'gagnants=12345',
      'gagnants=9999',
      'xgagnants=12&billets=9',
      'billets=9&gagnants=12',
      'billets=x&gagnants=12',
      'chroniques=8',
      'chroniques=8&chroniques=8',
    ];
    for (const query of queries) {
      // What nginx puts in the key: the first value of a count's form of each name.
      const keyed = [...maps].flatMap(([, pattern]) => pattern.exec(query)?.[1] ?? []);
      const { wanted } = readListCount('/fr/accueil', query);
      // The site shows more of one list exactly when nginx keys on that one count alone; with
      // two or more in the key the site shows none and says so (X-Accel-Expires: 0).
      expect(wanted ? [`${wanted.list}=${wanted.count}`] : [], query).toEqual(
        keyed.length === 1 ? keyed : [],
      );
    }
  });
});
