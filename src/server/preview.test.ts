// @vitest-environment node
/**
 * The editors' preview (issue 14, docs/preview.md): `/_preview/<path>` with its token renders the
 * page from the preview origin at the date asked, never cached, never indexed, framable by the
 * author instance only; without the token it is a 401 and renders nothing; public pages are the
 * same bytes with the feature on or off.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { loadConfig } from './config';
import {
  editCsp,
  nodeEntry,
  previewCsp,
  previewDate,
  previewLocation,
  previewRequest,
  tokenMatches,
  tokenOf,
} from './preview';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';

const TOKEN = 'preview-token-0123456789abcdef0123456789';
/** A preview page's own content, its bar taken out. */
const withoutBar = (html: string) =>
  html.replace(/<aside class="preview-bar"[\s\S]*?<\/aside>/, '');
const AUTHOR = 'https://author.cms.example';

describe('the preview request', () => {
  it('splits the page from the preview’s own parameters', () => {
    expect(
      previewRequest(`/_preview/fr/gagnants?lot=lot-1&token=${TOKEN}&date=2026-12-01%2009%3A00`),
    ).toMatchObject({
      target: '/fr/gagnants?lot=lot-1',
      queryToken: TOKEN,
      date: '2026-12-01 09:00',
      edit: false,
    });
    expect(previewRequest('/_preview')).toEqual({
      target: '/',
      queryToken: undefined,
      date: undefined,
      edit: false,
      editSite: false,
      own: '',
    });
    expect(previewRequest('/_preview?token=x')?.target).toBe('/');
    expect(previewRequest('/_previewer/fr/accueil')).toBeNull();
    expect(previewRequest('/fr/accueil')).toBeNull();
  });

  it('takes the token from Authorization: Bearer first, else from the query', () => {
    expect(tokenOf('Bearer abc', 'def')).toBe('abc');
    expect(tokenOf('bearer  abc ', undefined)).toBe('abc');
    expect(tokenOf('Basic abc', 'def')).toBe('def');
    expect(tokenOf(undefined, undefined)).toBeUndefined();
  });

  it('compares the token whole, whatever the lengths', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN, `${TOKEN}x`)).toBe(false);
    expect(tokenMatches(TOKEN, TOKEN.slice(0, -1))).toBe(false);
    expect(tokenMatches(TOKEN, '')).toBe(false);
    expect(tokenMatches(TOKEN, undefined)).toBe(false);
  });

  it('reads the date as YYYY-MM-DD HH:MM, a T for the space, and refuses anything else', () => {
    expect(previewDate('2026-12-01 09:00')).toEqual({ ok: true, date: '2026-12-01 09:00' });
    expect(previewDate('2026-12-01T09:00')).toEqual({ ok: true, date: '2026-12-01 09:00' });
    expect(previewDate(undefined)).toEqual({ ok: true, date: undefined });
    expect(previewDate('  ')).toEqual({ ok: true, date: undefined });
    for (const wrong of ['2026-02-30 10:00', '2026-12-01', 'demain', '2026-12-01 25:00']) {
      const read = previewDate(wrong);
      expect(read.ok, wrong).toBe(false);
      if (!read.ok)
        expect(read.message).toMatch(/expected a real date and time as YYYY-MM-DD HH:MM/);
    }
  });

  it('lets the author instance frame the preview, and nothing else changes in the policy', () => {
    const site = "default-src 'self'; frame-ancestors 'self'; object-src 'none'";
    expect(previewCsp(site, [AUTHOR])).toBe(
      `default-src 'self'; frame-ancestors 'self' ${AUTHOR}; object-src 'none'`,
    );
    expect(previewCsp(site, [])).toBe(site);
  });

  it("keeps a redirect inside the preview, with the token, date and Magnolia's query it came with", () => {
    const asked = previewRequest('/_preview/fr?token=t&date=2026-12-01+09%3A00');
    if (!asked) throw new Error('not a preview request');
    expect(previewLocation('/sports/fr', asked)).toBe(
      '/_preview/sports/fr?token=t&date=2026-12-01+09%3A00',
    );
    const edit = previewRequest('/_preview/fr?token=t&mgnlPreview=false&mgnlChannel=desktop');
    if (!edit) throw new Error('not a preview request');
    expect(previewLocation('/sports/fr', edit)).toBe(
      '/_preview/sports/fr?token=t&mgnlPreview=false&mgnlChannel=desktop',
    );
    const bare = previewRequest('/_preview/fr/404.html');
    if (!bare) throw new Error('not a preview request');
    expect(previewLocation('/fr/404.html', bare)).toBe('/_preview/fr/404.html');
    expect(previewLocation('https://elsewhere.example/', asked)).toBe('https://elsewhere.example/');
  });

  it("tells the Pages app's editing from its preview, and keeps Magnolia's query off the page", () => {
    const edit = previewRequest(
      '/_preview/fr/accueil?token=t&mgnlPreview=false&mgnlChannel=desktop&lot=x',
    );
    expect(edit).toMatchObject({ target: '/fr/accueil?lot=x', queryToken: 't', edit: true });
    expect(previewRequest('/_preview/fr/accueil?token=t&mgnlPreview=true')).toMatchObject({
      target: '/fr/accueil',
      edit: false,
    });
    expect(previewRequest('/_preview/fr/accueil?token=t')).toMatchObject({ edit: false });
    expect(
      previewRequest('/_preview/fr/accueil?token=t&mgnlPreview=false&mgnlPreviewAsVisitor=true'),
    ).toMatchObject({ edit: false });
    // The site node's edit view: `edit=site` is the preview's own, and counts only in edit mode.
    const site = previewRequest('/_preview/sports/fr?token=t&mgnlPreview=false&edit=site&x=1');
    expect(site).toMatchObject({ target: '/sports/fr?x=1', edit: true, editSite: true });
    expect(site?.own).toBe('token=t&mgnlPreview=false&edit=site');
    expect(previewRequest('/_preview/sports/fr?token=t&edit=site')).toMatchObject({
      edit: false,
      editSite: false,
    });
    // A template URL with its own query gets Magnolia's after a second `?`.
    expect(previewRequest('/_preview/node/fr/accueil?token=t?mgnlPreview=false')).toMatchObject({
      target: '/node/fr/accueil',
      queryToken: 't',
      edit: true,
    });
  });

  it("reads a page named by its node path, as the page templates' routeTemplate builds it", () => {
    expect(nodeEntry('/node/fr/accueil')).toEqual({ lang: 'fr', nodePath: '/accueil' });
    expect(nodeEntry('/node/en/chroniques/la-une/')).toEqual({
      lang: 'en',
      nodePath: '/chroniques/la-une',
    });
    expect(nodeEntry('/node/fr/%E9t%E9')).toBeNull();
    expect(nodeEntry('/node/fr_CA/accueil')).toEqual({ lang: 'fr', nodePath: '/accueil' });
    expect(nodeEntry('/node/fr')).toBeNull();
    expect(nodeEntry('/fr/accueil')).toBeNull();
  });

  it('lets only the author instance run, style, be asked by and frame an edit-mode page', () => {
    const preview =
      "default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self'; img-src 'self' https:; font-src 'self'; connect-src 'self'; frame-src 'none'; frame-ancestors 'self' https://other.example; object-src 'none'";
    expect(editCsp(preview, AUTHOR)).toBe(
      `default-src 'self'; script-src 'self' 'sha256-x' 'unsafe-eval' ${AUTHOR}; style-src 'self' 'unsafe-inline' ${AUTHOR}; img-src 'self' https: ${AUTHOR}; font-src 'self' ${AUTHOR}; connect-src 'self' ${AUTHOR}; frame-src ${AUTHOR}; frame-ancestors ${AUTHOR}; object-src 'none'`,
    );
  });
});

describe('the preview configuration', () => {
  it('is off without PREVIEW_TOKEN, and says so when its other settings are given', () => {
    expect(loadConfig({}).preview).toBeUndefined();
    expect(() => loadConfig({ CMS_PREVIEW_ORIGIN: AUTHOR })).toThrow(
      /CMS_PREVIEW_ORIGIN set without PREVIEW_TOKEN/,
    );
    expect(() => loadConfig({ PREVIEW_TOKEN: 'short' })).toThrow(
      /PREVIEW_TOKEN=\(value not shown\): expected a secret of at least 32/,
    );
    expect(() =>
      loadConfig({ PREVIEW_TOKEN: TOKEN, PREVIEW_FRAME_ANCESTORS: `${AUTHOR}/path` }),
    ).toThrow(/PREVIEW_FRAME_ANCESTORS=.*expected origins/);
    expect(
      loadConfig({
        PREVIEW_TOKEN: TOKEN,
        PREVIEW_FRAME_ANCESTORS: `${AUTHOR}, http://127.0.0.1:8080`,
      }).preview,
    ).toEqual({
      token: TOKEN,
      cmsOrigin: undefined,
      frameAncestors: [AUTHOR, 'http://127.0.0.1:8080'],
    });
  });
});

describe('a server with the preview', () => {
  let embedded: EmbeddedServices;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    embedded = await startStandIns();
  });
  afterAll(() => embedded.close());
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function site(env: Record<string, string> = {}) {
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, {
        PREVIEW_TOKEN: TOKEN,
        PREVIEW_FRAME_ANCESTORS: AUTHOR,
        ...env,
      }),
    });
    apps.push(app);
    return app;
  }
  const withToken = (path: string) =>
    `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(TOKEN)}`;

  it('answers 401 without the right token, and renders nothing', async () => {
    const app = await site();
    for (const request of [
      { url: '/_preview/fr/accueil' },
      { url: '/_preview/fr/accueil?token=wrong' },
      { url: '/_preview/fr/accueil', headers: { authorization: 'Bearer wrong' } },
      { url: `/_preview/fr/accueil?token=${TOKEN}x` },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="preview"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).not.toContain('<html');
    }
  });

  it('renders the page with the token in the query or as a bearer, never kept nor indexed', async () => {
    const app = await site();
    const byQuery = await app.inject({ url: withToken('/_preview/fr/accueil') });
    const byHeader = await app.inject({
      url: '/_preview/fr/accueil',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    for (const res of [byQuery, byHeader]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).toContain(`"preview":{"logicalDate":"${TEST_LOGICAL_DATE}"}`);
    }
  });

  it('may be framed by the author instance only; public pages by no one', async () => {
    const app = await site();
    const preview = await app.inject({ url: withToken('/_preview/fr/accueil') });
    expect(preview.headers['content-security-policy']).toContain(
      `frame-ancestors 'self' ${AUTHOR};`,
    );
    expect(preview.headers['x-frame-options']).toBeUndefined();
    const page = await app.inject({ url: '/fr/accueil' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self';");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('runs no third party’s script: no betting widget, a policy that would refuse it, the bar says so', async () => {
    const app = await site();
    const widget = `${embedded.origin}/betting-widget/widget.js`;
    const pub = await app.inject({ url: '/sports/fr' });
    expect(pub.body).toContain(widget);
    expect(pub.headers['content-security-policy']).toMatch(
      new RegExp(`script-src [^;]*${embedded.origin}`),
    );
    // Other pages have their widget-less area to no one's notice.
    const page = await app.inject({ url: withToken('/_preview/fr/promotions') });
    expect(page.body).not.toContain('script d’un tiers');
    for (const [path, note] of [
      ['/sports/fr', 'L’offre de paris, script d’un tiers, n’est pas chargée dans l’aperçu'],
      [
        '/sports/en/live',
        'The betting offer, a third party’s script, is not loaded in the preview',
      ],
    ] as const) {
      const preview = await app.inject({ url: withToken(`/_preview${path}`) });
      expect(preview.statusCode, path).toBe(200);
      expect(preview.body, path).not.toContain(widget);
      expect(preview.body, path).not.toContain('data-widget-url');
      expect(preview.body, path).not.toContain('data-early');
      const bar = /<aside class="preview-bar"[\s\S]*?<\/aside>/.exec(preview.body)?.[0];
      expect(bar, path).toContain(note);
      expect(withoutBar(preview.body), path).toContain('class="sports-area');
      const scripts = /script-src ([^;]*)/.exec(preview.headers['content-security-policy'] ?? '');
      expect(scripts?.[1], path).toBeDefined();
      expect(scripts?.[1], path).not.toContain(embedded.origin);
    }
  });

  it('hands the page’s address to no link: each says rel="noreferrer", public pages do not', async () => {
    const app = await site();
    const links = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    // Menus, buttons, cards, the footer, the app banner, editors’ rich text with its links.
    const preview = await app.inject({ url: withToken('/_preview/fr/demo/robustesse') });
    const leaving = links(preview.body).filter(
      (a) => !/href="(?:#|\/_preview)/.test(a) && /href=/.test(a),
    );
    expect(leaving.length).toBeGreaterThan(20);
    for (const a of leaving) expect(a).toMatch(/\srel="(?:[^"]* )?noreferrer[" ]/);
    // The lists' "show more" links too (decision 0078), on a page that has them.
    const home = await app.inject({ url: withToken('/_preview/fr/accueil') });
    const more = links(home.body).filter((a) => /href="\?(?:billets|gagnants|chroniques)=/.test(a));
    expect(more.length).toBeGreaterThanOrEqual(3);
    for (const a of more) expect(a).toMatch(/\srel="noreferrer"/);
    const published = leaving.find((a) => a.includes('preview-bar__published'));
    expect(published).toContain('rel="noopener noreferrer"');
    // Rich text links among them (inside the page's rich-text containers).
    expect(preview.body).toMatch(
      /class="rich-text[^"]*"[^>]*>(?:(?!<\/div>)[\s\S])*<a [^>]*rel="[^"]*noreferrer/,
    );
    const pub = await app.inject({ url: '/fr/demo/robustesse' });
    expect(
      links(pub.body).filter((a) => /rel="[^"]*noreferrer/.test(a) && !/target="_blank"/.test(a)),
    ).toEqual([]);
  });

  it('shows the content of the date asked, and the public page stays as it is', async () => {
    const app = await site();
    // Rich text: the sanitiser writes the French no-break space as an entity.
    const scheduled = 'Hors fenêtre&nbsp;: ne doit pas paraître.';
    const later = await app.inject({
      url: withToken('/_preview/fr/promotions?date=2026-11-29%2012:00'),
    });
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain(scheduled);
    expect(later.body).toContain('"preview":{"logicalDate":"2026-11-29 12:00"}');
    const today = await app.inject({ url: withToken('/_preview/fr/promotions') });
    expect(today.body).not.toContain(scheduled);
    // Nothing of the preview was kept for visitors.
    const pub = await app.inject({ url: '/fr/promotions' });
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toContain(scheduled);
    expect(pub.body).not.toContain('"preview"');
  });

  it('shows a page outside its window, which the public site answers as not found', async () => {
    const app = await site();
    const pub = await app.inject({ url: '/fr/promo-a-venir' });
    expect(pub.statusCode).toBe(302);
    const preview = await app.inject({ url: withToken('/_preview/fr/promo-a-venir') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Promotion à venir');
  });

  it('keeps redirects inside the preview, and refuses a date it cannot read', async () => {
    const app = await site();
    const res = await app.inject({ url: withToken('/_preview/fr') });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/_preview/sports/fr?token=${TOKEN}`);
    const bad = await app.inject({ url: withToken('/_preview/fr/accueil?date=demain') });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/expected a real date and time as YYYY-MM-DD HH:MM/);
  });

  it('draws the bar: origin, date form, published page, and the diagnostics in plain words', async () => {
    const app = await site();
    const res = await app.inject({ url: withToken('/_preview/fr/demo/robustesse') });
    expect(res.statusCode).toBe(200);
    const bar = /<aside class="preview-bar"[\s\S]*?<\/aside>/.exec(res.body)?.[0] ?? '';
    expect(bar).toContain('aria-label="Aperçu"');
    expect(bar).toContain(`Contenu de ${embedded.origin}`);
    expect(bar).toContain('action="/_preview/fr/demo/robustesse"');
    expect(bar).toContain(`<input type="hidden" name="token" value="${TOKEN}">`);
    expect(bar).toContain(
      `name="date" type="datetime-local" required value="${TEST_LOGICAL_DATE.replace(' ', 'T')}"`,
    );
    expect(bar).toContain('href="/fr/demo/robustesse"');
    // The five schema problems, and the link and markup the sanitiser took out of one text.
    expect(bar).toMatch(/7 problèmes de contenu sur cette page/);
    // The first unsafe address of the field: an image's relative source, ahead of the link's.
    expect(bar).toContain('le lien &quot;x&quot; n’est pas sûr');
    expect(bar).toContain('du code actif a été retiré');
    expect(bar).toContain(
      'Le site ne connaît pas les composants « composante-inconnue » : celui-ci n’est pas affiché.',
    );
    expect(bar).toContain(
      'Le composant « carte » est affiché sans le champ « nouvelleFenetre », qui n’a pas le bon type de valeur (valeur : &quot;peut-être&quot;).',
    );
    expect(bar).toContain(
      '<code>/pari-boreal/demo/robustesse/main/section-robustesse/composantes/image-sans-source</code>',
    );
    // Its styles come from a file: the site's policy allows no inline style.
    expect(res.body).toContain('<link rel="stylesheet" href="/_preview-bar.css">');
    const css = await app.inject({ url: '/_preview-bar.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('lists what the date hides: a promotion not started, one ended', async () => {
    const app = await site();
    const res = await app.inject({ url: withToken('/_preview/fr/promotions') });
    const bar = /<aside class="preview-bar"[\s\S]*?<\/aside>/.exec(res.body)?.[0] ?? '';
    expect(bar).toMatch(
      /<code>[^<]+ › Pas encore commencée<\/code> Pas affiché à cette date : hors de sa fenêtre d’affichage \(2026-11-28 \d\d:\d\d – 2026-12-21 \d\d:\d\d\)\./,
    );
    // Public pages say nothing of it.
    expect((await app.inject({ url: '/fr/promotions' })).body).not.toContain(
      'Pas affiché à cette date',
    );
  });

  it('speaks the page’s language, and says when the page is outside its window', async () => {
    const app = await site();
    const en = await app.inject({
      url: '/_preview/en/winners',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(en.body).toContain('aria-label="Preview"');
    expect(en.body).toContain('No content problem on this page.');
    // The token came as a header: the form does not write it into the page.
    expect(en.body).not.toContain(TOKEN);
    const upcoming = await app.inject({ url: withToken('/_preview/fr/promo-a-venir') });
    expect(upcoming.body).toMatch(
      /Cette page n’est pas affichée au public à cette date \(à partir du 2026-12-21 00:00\)\./,
    );
  });

  it('reads the author instance: a draft page, a changed page, a winner scheduled next month', async () => {
    const app = await site({
      CMS_PREVIEW_ORIGIN: `${embedded.origin}/author`,
      CMS_PREVIEW_CREDENTIALS: credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor),
    });
    const draft = await app.inject({ url: withToken('/_preview/fr/tirage-hiver') });
    expect(draft.statusCode).toBe(200);
    expect(draft.body).toContain('Brouillon&nbsp;: cette page n’est pas publiée.');
    // Its promotion starts in 30 days: seen at that date only (the bar names it till then).
    expect(withoutBar(draft.body)).not.toContain('Tirage d’hiver\u00a0: mise doublée');
    expect(draft.body).toContain('promotions-tirage-hiver › Tirage d’hiver\u00a0: mise doublée');
    const later = await app.inject({
      url: withToken('/_preview/fr/tirage-hiver?date=2026-12-22%2012:00'),
    });
    expect(later.body).toContain('Tirage d’hiver\u00a0: mise doublée');
    const changed = await app.inject({
      url: withToken('/_preview/fr/gagnants?date=2026-12-22%2012:00'),
    });
    expect(changed.body).toContain('Nos gagnants de l’hiver');
    expect(changed.body).toContain('Gagnant du tirage d’hiver');
    // The public site has none of it.
    expect((await app.inject({ url: '/fr/tirage-hiver' })).statusCode).toBe(302);
    const published = await app.inject({ url: '/fr/gagnants' });
    expect(published.body).not.toContain('de l’hiver');
    expect(published.body).not.toContain('Gagnant du tirage');
  });

  it('does not exist without its token; public pages are the same bytes either way', async () => {
    const on = await site();
    const off = await testServer(embedded.origin, { config: testConfig(embedded.origin) });
    apps.push(off);
    const missing = await off.inject({ url: withToken('/_preview/fr/accueil') });
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe('/fr/404.html');
    for (const path of ['/fr/accueil', '/en/home', '/fr/promotions', '/sports/fr']) {
      const [a, b] = await Promise.all([on.inject({ url: path }), off.inject({ url: path })]);
      expect(a.statusCode, path).toBe(200);
      expect(a.rawPayload.equals(b.rawPayload), path).toBe(true);
    }
  });
});
