import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_FAULT_LEVELS, HUGE_FAULT_BYTES, type Fault } from './cms/faults';
import { AUTHOR_PREFIX, type EmbeddedServices } from './server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from './cms/accounts';
import {
  ANCHOR,
  APP,
  copyDemoContent,
  getJson,
  isNode,
  results,
  startTestServices,
  walkNodes,
  type WireNode,
} from '../testing/stand-ins';

/** The stand-in author answers accounts only (docs/editing.md). */
const AS_EDITOR = {
  authorization: `Basic ${Buffer.from(credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor)).toString('base64')}`,
};

describe('fault modes of the content calls', () => {
  const withFault = async (fault: Fault, run: (services: EmbeddedServices) => Promise<void>) => {
    const services = await startTestServices({ fault });
    try {
      await run(services);
    } finally {
      await services.close();
    }
  };
  const rest = (services: EmbeddedServices, call: string) =>
    `${services.origin}/.rest/${APP}/${call}`;

  it("'500' answers a server error", () =>
    withFault('500', async (services) => {
      expect((await fetch(rest(services, 'listerLots?lang=fr'))).status).toBe(500);
    }));

  it("'html' answers an HTML page with status 200", () =>
    withFault('html', async (services) => {
      const response = await fetch(rest(services, 'listerPages?URLfr=accueil&lang=fr'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
    }));

  it("'truncated' answers JSON cut in the middle", () =>
    withFault('truncated', async (services) => {
      const response = await fetch(rest(services, `listerTout/${APP}?lang=fr`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await response.text();
      expect(text.startsWith('{"@name":')).toBe(true);
      expect(() => JSON.parse(text) as unknown).toThrow();
    }));

  it("'empty' answers empty lists and an empty site node", () =>
    withFault('empty', async (services) => {
      expect((await getJson(rest(services, 'listerPages?URLfr=accueil&lang=fr'))).body).toEqual({
        results: [],
      });
      expect((await getJson(rest(services, 'listerLots?lang=fr'))).body).toEqual({ results: [] });
      expect((await getJson(rest(services, `listerTout/${APP}?lang=fr`))).body).toEqual({});
    }));

  it("'huge' answers valid JSON of megabytes", () =>
    withFault('huge', async (services) => {
      const text = await (await fetch(rest(services, 'listerLots?lang=fr'))).text();
      expect(text.length).toBeGreaterThan(HUGE_FAULT_BYTES);
      const body = JSON.parse(text) as { results: unknown[]; padding: string };
      expect(body.results.length).toBeGreaterThan(0);
    }));

  it("'deep' nests a page's main area thousands of sections deep", () =>
    withFault('deep', async (services) => {
      const text = await (await fetch(rest(services, 'listerPages?URLfr=accueil&lang=fr'))).text();
      expect(text.split('components/section').length - 1).toBe(DEEP_FAULT_LEVELS);
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      // Calls without a page answer as usual.
      expect((await getJson(rest(services, 'listerLots?lang=fr'))).status).toBe(200);
    }));

  it("'hang' accepts a content call and never answers it, and does not hold close()", async () => {
    const services = await startTestServices({ fault: 'hang' });
    const hanging = fetch(rest(services, 'listerLots?lang=fr')).catch(() => 'closed');
    expect((await fetch(`${services.origin}/logos/hockey.svg`)).status).toBe(200);
    await services.close();
    expect(await hanging).toBe('closed');
  });

  it("'slow' does not answer in time, spares media, and does not hold close()", async () => {
    const services = await startTestServices({ fault: 'slow' });
    const pending = fetch(rest(services, 'listerLots?lang=fr'), {
      signal: AbortSignal.timeout(400),
    });
    await expect(pending).rejects.toThrow();
    const hanging = fetch(rest(services, 'listerLots?lang=fr')).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fetch(`${services.origin}/logos/hockey.svg`)).status).toBe(200);
    const started = Date.now();
    await services.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBe('closed');
  });
});

describe('media, video platform and players', () => {
  let services: EmbeddedServices;
  beforeAll(async () => {
    services = await startTestServices();
  });
  afterAll(() => services.close());

  /** Every image reference of every answer: ids and static paths. */
  async function referencedMedia(): Promise<{ ids: Set<string>; paths: Set<string> }> {
    const base = `${services.origin}/.rest/${APP}`;
    const roots: WireNode[] = [(await getJson(`${base}/listerTout/${APP}?lang=fr`)).body];
    for (const call of ['listerPages?lang=fr', 'listerLots?lang=fr', 'listerVignettesDeco']) {
      roots.push(...results((await getJson(`${base}/${call}`)).body));
    }
    const ids = new Set<string>();
    const paths = new Set<string>();
    for (const root of roots) {
      for (const node of walkNodes(root)) {
        for (const [key, value] of Object.entries(node)) {
          if (key.startsWith('image') && typeof value === 'string' && value.startsWith('jcr:'))
            ids.add(value);
          if (
            key.startsWith('image') &&
            typeof value === 'object' &&
            value !== null &&
            !isNode(value)
          ) {
            paths.add(String((value as Record<string, unknown>)['@path']));
          }
        }
      }
    }
    return { ids, paths };
  }

  it('serves every image the content references, as SVG', async () => {
    const { ids, paths } = await referencedMedia();
    expect(ids.size).toBeGreaterThan(50);
    expect(paths).toContain('/logos/multisport.svg');
    const urls = [...[...ids].map((id) => `/dam/${id}/image`), ...paths];
    for (const url of urls) {
      const response = await fetch(`${services.origin}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const svg = await response.text();
      expect(svg, url).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/,
      );
      expect(svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('sizes images by use: square logos, portrait tickets, landscape banners', async () => {
    const { body } = await getJson(`${services.origin}/.rest/${APP}/listerLots?lang=fr`);
    const lot = results(body).find((item) => item.name === 'lot-2026-001') as Record<
      string,
      Record<string, string>
    >;
    const size = async (url: string) => {
      const svg = await (await fetch(`${services.origin}${url}`)).text();
      const match = /width="(\d+)" height="(\d+)"/.exec(svg);
      return [Number(match?.[1]), Number(match?.[2])];
    };
    const [tw = 0, th = 0] = await size(`/dam/${lot.billet?.imageBilletId ?? ''}/image`);
    expect(th).toBeGreaterThan(tw);
    const [lw, lh] = await size('/logos/hockey.svg');
    expect(lw).toBe(lh);
  });

  it('answers a real JPEG for OpenGraph images, 304 on revalidation and 404 for unknown media', async () => {
    const { body } = await getJson(
      `${services.origin}/.rest/${APP}/listerPages?URLfr=accueil&lang=fr`,
    );
    const imageId = String(results(body)[0]?.imageId);
    const response = await fetch(`${services.origin}/dam/${imageId}/opengraph.jpg`);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await response.arrayBuffer());
    // Start of image, then the end-of-image marker last (media.test.ts reads its size).
    expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
    expect(jpeg.readUInt16BE(jpeg.length - 2)).toBe(0xffd9);
    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(`${services.origin}/dam/${imageId}/opengraph.jpg`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    for (const url of [
      '/dam/jcr:00000000-0000-4000-8000-000000000000/image',
      `/dam/${imageId}`,
      '/logos/inconnu.svg',
      '/decoration/tuile-99.svg',
    ]) {
      expect((await fetch(`${services.origin}${url}`)).status, url).toBe(404);
    }
  });

  const playlist = (query: string) =>
    getJson(`${services.origin}/video-api/playlistItems?part=snippet,contentDetails&${query}`);
  const PLAYLIST = 'playlistId=PLb0r3alD3m0Pl4yl1stVid30s000001';

  it('answers playlist items in the platform shape', async () => {
    const { status, body } = await playlist(`${PLAYLIST}&maxResults=50&key=k`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'youtube#playlistItemListResponse',
      pageInfo: { totalResults: 10, resultsPerPage: 50 },
    });
    expect(body.etag).toBeTypeOf('string');
    const items = body.items as {
      kind: string;
      snippet: {
        title: string;
        position: number;
        resourceId: { kind: string; videoId: string };
        thumbnails: Record<string, { url: string; width: number }>;
      };
      contentDetails: { videoId: string };
    }[];
    expect(items).toHaveLength(10);
    expect(items.map((item) => item.snippet.title)).toContain('Deleted video');
    for (const [index, item] of items.entries()) {
      expect(item.kind).toBe('youtube#playlistItem');
      expect(item.snippet.position).toBe(index);
      expect(item.snippet.resourceId.kind).toBe('youtube#video');
      expect(item.contentDetails.videoId).toBe(item.snippet.resourceId.videoId);
      expect(Object.keys(item.snippet.thumbnails)).toEqual(['default', 'medium', 'high']);
    }
    const thumb = items[0]?.snippet.thumbnails.medium;
    expect(thumb?.width).toBe(320);
    const response = await fetch(thumb?.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('honours maxResults (at most 50) and pages on', async () => {
    const first = (await playlist(`${PLAYLIST}&maxResults=3&key=k`)).body;
    expect(first.items).toHaveLength(3);
    const second = (
      await playlist(`${PLAYLIST}&maxResults=3&key=k&pageToken=${String(first.nextPageToken)}`)
    ).body;
    expect((second.items as { snippet: { position: number } }[])[0]?.snippet.position).toBe(3);
    const capped = (await playlist(`${PLAYLIST}&maxResults=500&key=k`)).body;
    expect(capped.pageInfo).toEqual({ totalResults: 10, resultsPerPage: 50 });
    expect((await playlist(`${PLAYLIST}&maxResults=beaucoup&key=k`)).status).toBe(400);
  });

  it('answers errors in the platform shape', async () => {
    const missingKey = await playlist(PLAYLIST);
    expect(missingKey.status).toBe(400);
    expect(missingKey.body).toMatchObject({
      error: { code: 400, errors: [{ reason: 'badRequest' }] },
    });
    const unknown = await playlist('playlistId=PLinconnue&key=k');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: { code: 404, errors: [{ reason: 'playlistNotFound' }] },
    });
    expect((unknown.body.error as { message: string }).message).toBeTypeOf('string');
  });

  it('serves player pages with a CSP and escaped echoes', async () => {
    const video = await fetch(
      `${services.origin}/video-player/embed/bRl0001aaaa?rel=0&autoplay=1&origin=%3Cscript%3E`,
    );
    expect(video.status).toBe(200);
    expect(video.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await video.text();
    expect(html).toContain('bRl0001aaaa');
    expect(html).toContain('Lecture automatique');
    expect(html).not.toMatch(/<script/i);
    // The page's language, as the embed asks for it (hl); French, the site's default, else.
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Lecteur vidéo de démonstration');
    expect(html).toContain('Les gagnants de la semaine');
    const english = await (
      await fetch(`${services.origin}/video-player/embed/bRl1001aaaa?hl=en&autoplay=1`)
    ).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Demo video player');
    expect(english).toContain('The winners of the week');
    expect(english).not.toMatch(/[éèàç]/);
    const podcast = await fetch(
      `${services.origin}/podcast-player/?podcastId=pari-boreal-la-ligne&user_id=%3Cb%3E`,
    );
    expect(podcast.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const text = await podcast.text();
    expect(text).toContain('pari-boreal-la-ligne');
    expect(text).toContain('&lt;b&gt;');
    // The page's language, as the embed asks for it (lang); French, else (issue 33).
    expect(text).toContain('<html lang="fr">');
    expect(text).toContain('Lecteur de balados de démonstration');
    const englishPodcast = await (
      await fetch(`${services.origin}/podcast-player/?podcastId=pari-boreal-la-ligne&lang=en`)
    ).text();
    expect(englishPodcast).toContain('<html lang="en">');
    expect(englishPodcast).toContain('Demo podcast player');
    expect(englishPodcast).not.toMatch(/[éèàç]/);
    expect((await fetch(`${services.origin}/video-player/embed/a%3Cb`)).status).toBe(404);
  });

  it('answers CORS preflights and refuses other methods', async () => {
    const preflight = await fetch(`${services.origin}/.rest/${APP}/listerLots`, {
      method: 'OPTIONS',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      (await fetch(`${services.origin}/.rest/${APP}/listerLots`, { method: 'POST' })).status,
    ).toBe(405);
  });
});

describe('command line', () => {
  const run = (env: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', 'embedded/main.ts'], {
      env: { ...process.env, CMS_PORT: '0', CMS_LOG: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('prints the origin, serves, and stops cleanly on SIGTERM', async () => {
    const child = run({ LOGICAL_DATE: ANCHOR });
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
        if (match) resolve(match[0]);
      });
      child.once('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const { body } = await getJson(
      `${origin}/.rest/pari-boreal/listerPages?URLfr=promo-terminee&lang=fr`,
    );
    expect(results(body)[0]?.dateFinAffichage).toBe('2026-03-09T00:00:00.000-04:00');
    const code = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await code).toBe(0);
  }, 20_000);

  it('exits 1 naming the file and field of invalid content', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-cli-'));
    try {
      writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ header: { menu: 3 } }));
      const child = run({ CMS_CONTENT_DIR: dir });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(err).toMatch(/site\.json: header\.menu: expected array/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it('exits 1 on an unknown fault mode', async () => {
    const child = run({ CMS_FAULT: 'tout-casse' });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(err).toMatch(/CMS_FAULT/);
  }, 20_000);
});

describe('reload (a publication, for the tests of purge on publish)', () => {
  const title = async (services: EmbeddedServices) => {
    const { body } = await getJson(
      `${services.origin}/.rest/${APP}/listerPages?URLfr=accueil&lang=fr`,
    );
    return results(body)[0]?.title;
  };

  it('answers from the content directory as it is now', async () => {
    const content = copyDemoContent();
    const services = await startTestServices({ contentDir: content.dir });
    try {
      expect(await title(services)).toBe('Accueil');
      content.edit('pages/accueil.json', (page) => {
        page.title = { fr: 'Accueil publié', en: 'Home published' };
      });
      // Nothing changes until the publication is announced.
      expect(await title(services)).toBe('Accueil');
      services.reload();
      expect(await title(services)).toBe('Accueil publié');
    } finally {
      await services.close();
      content.remove();
    }
  });

  it('keeps the previous content when the new one is invalid', async () => {
    const content = copyDemoContent();
    const services = await startTestServices({ contentDir: content.dir });
    try {
      content.edit('site.json', (site) => {
        site.header = { menu: 3 };
      });
      expect(() => services.reload()).toThrow(/site\.json: header\.menu/);
      expect(await title(services)).toBe('Accueil');
    } finally {
      await services.close();
      content.remove();
    }
  });
});

describe('the template annotations of the author instance', () => {
  let services: EmbeddedServices;
  beforeAll(async () => {
    services = await startTestServices();
  });
  afterAll(() => services.close());

  const annotations = (prefix: string, nodePath: string) =>
    fetch(`${services.origin}${prefix}/.rest/template-annotations/v1${nodePath}`, {
      headers: AS_EDITOR,
    });

  it('answers for the node path listerPages gives the page, drafts included', async () => {
    for (const url of ['accueil', 'tirage-hiver']) {
      const { body } = await getJson(
        `${services.origin}${AUTHOR_PREFIX}/.rest/${APP}/listerPages?URLfr=${url}&lang=fr`,
        AS_EDITOR,
      );
      const nodePath = String(results(body)[0]?.['@path']);
      const response = await annotations(AUTHOR_PREFIX, nodePath);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const found = (await response.json()) as Record<string, string>;
      expect(found[nodePath]).toMatch(/^cms:page content="website:/);
      expect(found[`${nodePath}/main`]).toMatch(/^cms:area /);
    }
  });

  it('answers 404 for an unknown page, and on the public instance', async () => {
    const unknown = await annotations(AUTHOR_PREFIX, `/${APP}/nulle-part`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await annotations('', `/${APP}/accueil`)).status).toBe(404);
  });

  it('refuses a hostile path without failing', async () => {
    expect((await annotations(AUTHOR_PREFIX, `/${APP}/%E0%A4%A`)).status).toBe(400);
    expect((await annotations(AUTHOR_PREFIX, `/${'x'.repeat(5000)}`)).status).toBe(400);
    expect((await annotations(AUTHOR_PREFIX, `/${APP}/accueil`)).status).toBe(200);
  });
});

describe('editing on the author instance (the Pages app and page editor stand-ins)', () => {
  const SITE = 'http://localhost:3000';
  const TOKEN = 'demo-preview-pari-boreal-0000000000000000';

  it('serves the Pages app only with its options, to no other site', async () => {
    const services = await startTestServices({ pagesApp: { siteOrigin: SITE, token: TOKEN } });
    const without = await startTestServices();
    try {
      const response = await fetch(`${services.origin}${AUTHOR_PREFIX}/pages-app?page=/fr/accueil`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.text()).toContain(
        `src="${SITE}/_preview/fr/accueil?token=${TOKEN}&amp;mgnlPreview=false&amp;mgnlChannel=desktop"`,
      );
      expect((await fetch(`${without.origin}${AUTHOR_PREFIX}/pages-app`)).status).toBe(404);
      const editor = await fetch(
        `${without.origin}${AUTHOR_PREFIX}/VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js`,
      );
      expect(editor.status).toBe(200);
      expect(editor.headers.get('cache-control')).toBe('no-store');
      expect(await editor.text()).toContain('window.mgnlRefresh');
    } finally {
      await services.close();
      await without.close();
    }
  });

  it('refuses at start a site origin that is not one', async () => {
    await expect(
      startTestServices({ pagesApp: { siteOrigin: 'localhost:3000', token: TOKEN } }),
    ).rejects.toThrow(/siteOrigin/);
  });
});
