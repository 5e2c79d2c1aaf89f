/**
 * Edit mode on a real server over the stand-ins (docs/editing.md): the annotations of the author
 * instance around the page, asked for anew on every load, the bridge, the policy that lets only
 * the author instance in; the public page and the ordinary preview as before, with no call for
 * annotations; the Pages app's entry by node path; the author instance's credentials.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';

const EDITOR = credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor);
const READER = credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.reader);

const TOKEN = 'edit-mode-test-token-0123456789abcdef01';
const EDIT = `token=${TOKEN}&mgnlPreview=false&mgnlChannel=desktop`;

describe('edit mode', () => {
  let embedded: EmbeddedServices;
  let author: string;
  const apps: FastifyInstance[] = [];
  /** Each call to a content service: its URL and its authorization header. */
  const calls: { url: string; authorization: string | undefined }[] = [];
  /** The status the annotations call is answered with instead of the stand-in's (0: its own). */
  let annotationsStatus = 0;
  /** The site's log lines (JSON, pino's). */
  const lines: string[] = [];
  beforeAll(async () => {
    embedded = await startStandIns();
    author = new URL(embedded.origin).origin;
  });
  afterAll(() => embedded.close());
  afterEach(async () => {
    calls.length = 0;
    lines.length = 0;
    annotationsStatus = 0;
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function site(env: Record<string, string> = {}) {
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, {
        PREVIEW_TOKEN: TOKEN,
        CMS_PREVIEW_ORIGIN: `${embedded.origin}/author`,
        CMS_PREVIEW_CREDENTIALS: EDITOR,
        ...env,
      }),
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      fetcher: (input, init) => {
        const headers = new Headers(init?.headers);
        calls.push({ url: input, authorization: headers.get('authorization') ?? undefined });
        if (annotationsStatus && input.includes('/template-annotations/'))
          return Promise.resolve(new Response('no', { status: annotationsStatus }));
        return fetch(input, init);
      },
    });
    apps.push(app);
    return app;
  }
  const annotationCalls = () => calls.filter((c) => c.url.includes('/template-annotations/'));

  it('writes the author instance’s annotations around the page, with the bridge and no bar', async () => {
    const app = await site();
    const res = await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    expect(res.statusCode).toBe(200);
    const comments = res.body.match(/<!--\/?cms:[^>]*-->/g) ?? [];
    expect(comments[0]).toBe(
      '<!--cms:page content="website:/pari-boreal/accueil" dialog="pari-boreal:pages/standard"-->',
    );
    expect(comments).toContain('<!--/cms:area-->');
    expect(comments.filter((c) => c.startsWith('<!--cms:component')).length).toBeGreaterThan(10);
    expect(res.body).toContain(
      `<script type="module" src="/assets/editor-bridge.js" data-author="${author}"></script>`,
    );
    expect(res.body).not.toContain('class="preview-bar"');
    expect(res.body).not.toContain('<mgnl-mark');
    // The comments are the annotations' only copy: the browser's state does not repeat them.
    expect(res.body.match(/cms:component content=/g)?.length).toBe(
      comments.filter((c) => c.startsWith('<!--cms:component')).length,
    );
    expect(annotationCalls().map((c) => c.url)).toEqual([
      `${embedded.origin}/author/.rest/template-annotations/v1/pari-boreal/accueil`,
    ]);
  });

  it('lets only the author instance run scripts and styles, be asked and frame the page', async () => {
    const app = await site({ PREVIEW_FRAME_ANCESTORS: 'https://other.example' });
    const edit = await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    const csp = edit.headers['content-security-policy'] as string;
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      expect(csp, directive).toMatch(new RegExp(`${directive} 'self'[^;]* ${author}(;|$)`));
    }
    // What Magnolia's page editor (a GWT widget set of Vaadin's) needs, and no more: code it
    // evaluates and inline styles, never an inline script.
    expect(csp).toMatch(/script-src [^;]*'unsafe-eval'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(csp).toContain(`frame-ancestors ${author};`);
    expect(edit.headers['x-frame-options']).toBeUndefined();
    expect(edit.headers['cache-control']).toBe('private, no-store');
    expect(edit.headers['referrer-policy']).toBe('no-referrer');
    // The ordinary preview keeps its own framers, and no author origin in its scripts.
    const preview = await app.inject({ url: `/_preview/fr/accueil?token=${TOKEN}` });
    const previewCsp = preview.headers['content-security-policy'] as string;
    expect(previewCsp).toContain("frame-ancestors 'self' https://other.example;");
    expect(previewCsp).not.toMatch(new RegExp(`script-src [^;]*${author}`));
    expect(previewCsp).not.toMatch(/unsafe-/);
  });

  it('asks for the page and its annotations anew on every load: an editor’s change shows at once', async () => {
    const app = await site();
    await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    expect(annotationCalls()).toHaveLength(2);
    // The page itself once per load: the plan is made from the node the page was drawn from.
    const pageCalls = calls.filter(
      (c) =>
        c.url === `${embedded.origin}/author/.rest/pari-boreal/listerPages?URLfr=accueil&lang=fr`,
    );
    expect(pageCalls).toHaveLength(2);
  });

  it('leaves the public page and the ordinary preview as they were: no annotations, no bridge', async () => {
    const app = await site();
    for (const url of [
      '/fr/accueil',
      `/_preview/fr/accueil?token=${TOKEN}`,
      `/_preview/fr/accueil?token=${TOKEN}&mgnlPreview=true&mgnlChannel=desktop`,
      `/_preview/fr/accueil?${EDIT}&mgnlPreviewAsVisitor=true`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/cms:|data-author|edit-placeholder/);
    }
    expect(annotationCalls()).toEqual([]);
  });

  it('answers 401 without the token, asking nothing of the author instance', async () => {
    const app = await site();
    const res = await app.inject({ url: '/_preview/fr/accueil?mgnlPreview=false&token=wrong' });
    expect(res.statusCode).toBe(401);
    expect(calls).toEqual([]);
  });

  it('shows the page without annotations when the author instance cannot give them', async () => {
    const app = await site();
    annotationsStatus = 503;
    const res = await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<!--\/?cms:/);
    expect(res.body).toContain('data-author');
    expect(diagnostic(res.body)).toContain('n’a pas donné les annotations');
    // The site node's edit view too: its header and footer as the public site shows them.
    const siteView = await app.inject({ url: `/_preview/sports/fr?${EDIT}&edit=site` });
    expect(siteView.statusCode).toBe(200);
    expect(siteView.body).not.toMatch(/<!--\/?cms:/);
    expect(siteView.body).toContain('data-testid="site-footer"');
  });

  /** The edit-mode diagnostic of a page, if any. */
  const diagnostic = (html: string) =>
    /<div class="edit-diagnostic"[^]*?<\/div>/.exec(html)?.[0] ?? null;
  /** The warning lines of the site's log. */
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level === 40);

  it('shows the page with a diagnostic in its language when the account may only read', async () => {
    const app = await site({ CMS_PREVIEW_CREDENTIALS: READER });
    for (const [path, words] of [
      [
        '/fr/accueil',
        ['lang="fr"', 'aucune barre verte', 'écrire', '« website »', 'docs/editing.md'],
      ],
      ['/en/home', ['lang="en"', 'no green bars', 'write', '“website”', 'docs/editing.md']],
    ] as const) {
      lines.length = 0;
      const res = await app.inject({ url: `/_preview${path}?${EDIT}` });
      expect(res.statusCode, path).toBe(200);
      // The page is there, without the editor's comments.
      expect(res.body, path).toContain('data-author');
      expect(res.body, path).not.toMatch(/<!--\/?cms:/);
      const shown = diagnostic(res.body);
      expect(shown, path).toMatch(/role="alert"/);
      for (const word of words) expect(shown, path).toContain(word);
      // One warning, naming the cause.
      const warned = warnings().filter((l) => l.msg.includes('template annotations'));
      expect(warned, path).toHaveLength(1);
      expect(warned[0]?.msg).toMatch(/403.*|website workspace/);
      expect(warned[0]?.msg).toContain('Pages 6.3.5');
    }
  });

  it('says the account was not accepted when the author instance answers 401', async () => {
    const app = await site();
    annotationsStatus = 401;
    const res = await app.inject({ url: `/_preview/en/home?${EDIT}` });
    expect(res.statusCode).toBe(200);
    expect(diagnostic(res.body)).toContain('does not accept the preview account');
    expect(warnings().filter((l) => l.msg.includes('CMS_PREVIEW_CREDENTIALS'))).toHaveLength(1);
  });

  it('shows no diagnostic when the annotations are given', async () => {
    const app = await site();
    const res = await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    expect(res.body).toMatch(/<!--cms:page /);
    expect(diagnostic(res.body)).toBeNull();
  });

  it('finds a node path with one read of that node, not the listing of every page', async () => {
    const app = await site();
    const res = await app.inject({ url: `/_preview/node/en/pari-boreal/accueil?${EDIT}` });
    expect(res.headers.location).toBe(`/_preview/en/home?${EDIT}`);
    expect(calls.map((c) => c.url)).toEqual([
      `${embedded.origin}/author/.rest/pari-boreal/listerPages/accueil?lang=en`,
    ]);
  });

  it('asks the author instance for the version the Pages app previews, and no one else', async () => {
    const app = await site();
    const res = await app.inject({ url: `/_preview/fr/accueil?${EDIT}&mgnlVersion=1.2` });
    expect(res.statusCode).toBe(200);
    const delivery = calls.filter((c) =>
      c.url.startsWith(`${embedded.origin}/author/.rest/pari-boreal/`),
    );
    expect(delivery.length).toBeGreaterThan(2);
    for (const call of delivery)
      expect(new URL(call.url).searchParams.get('version'), call.url).toBe('1.2');
    const others = calls.filter(
      (c) => !c.url.startsWith(`${embedded.origin}/author/.rest/pari-boreal/`),
    );
    for (const call of others) expect(call.url).not.toContain('version=');
    // The node entry too; a value that is not a version is not sent on.
    calls.length = 0;
    await app.inject({ url: `/_preview/node/fr/pari-boreal/accueil?${EDIT}&mgnlVersion=1.0` });
    expect(calls[0]?.url).toContain('listerPages/accueil?lang=fr&version=1.0');
    calls.length = 0;
    const odd = await app.inject({ url: `/_preview/fr/accueil?${EDIT}&mgnlVersion=%3Cx%3E` });
    expect(odd.statusCode).toBe(200);
    for (const call of calls) expect(call.url).not.toContain('version=');
    // Without it, no version is asked for.
    calls.length = 0;
    await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    for (const call of calls) expect(call.url).not.toContain('version=');
  });

  it('opens a page named by its node path in its language, Magnolia’s query kept', async () => {
    const app = await site();
    const fr = await app.inject({ url: `/_preview/node/fr/pari-boreal/accueil?${EDIT}` });
    expect(fr.statusCode).toBe(302);
    expect(fr.headers.location).toBe(`/_preview/fr/accueil?${EDIT}`);
    const en = await app.inject({
      url: `/_preview/node/en/pari-boreal/accueil?token=${TOKEN}?mgnlPreview=false`,
    });
    expect(en.headers.location).toBe(`/_preview/en/home?token=${TOKEN}&mgnlPreview=false`);
    const none = await app.inject({ url: `/_preview/node/fr/pari-boreal/nulle-part?${EDIT}` });
    expect(none.statusCode).toBe(404);
    const german = await app.inject({ url: `/_preview/node/de/pari-boreal/accueil?${EDIT}` });
    expect(german.statusCode).toBe(404);
    const noToken = await app.inject({ url: '/_preview/node/fr/pari-boreal/accueil' });
    expect(noToken.statusCode).toBe(401);
  });

  it('opens the site node at its language’s home: its header and footer annotated, the page not', async () => {
    const app = await site();
    const SITE = '/pari-boreal';
    for (const lang of ['fr', 'en'] as const) {
      const entry = await app.inject({ url: `/_preview/node/${lang}${SITE}?${EDIT}` });
      expect(entry.statusCode).toBe(302);
      expect(entry.headers.location).toBe(`/_preview/sports/${lang}?${EDIT}&edit=site`);
      calls.length = 0;
      const res = await app.inject({ url: String(entry.headers.location) });
      expect([res.statusCode, res.headers.location]).toEqual([200, undefined]);
      const comments = res.body.match(/<!--\/?cms:[^>]*-->/g) ?? [];
      expect(comments[0]).toBe(
        `<!--cms:page content="website:${SITE}" dialog="pari-boreal:pages/site"-->`,
      );
      expect(comments[1]).toMatch(/^<!--cms:area content="website:\/pari-boreal\/header" /);
      const opened = (kind: string) => comments.filter((c) => c.startsWith(`<!--cms:${kind}`));
      const closed = (kind: string) => comments.filter((c) => c === `<!--/cms:${kind}-->`);
      expect(opened('area').length).toBe(closed('area').length);
      expect(opened('component').length).toBe(closed('component').length);
      // Nested as react-editor nests them: each closes the innermost open one, of its kind.
      const open: string[] = [];
      for (const comment of comments.slice(1)) {
        const kind = /^<!--(\/?)cms:(\w+)/.exec(comment);
        if (kind?.[1] === '/') expect([comment, open.pop()]).toEqual([comment, kind[2]]);
        else open.push(kind?.[2] ?? '');
      }
      expect(open).toEqual([]);
      const contentOf = (c: string) => /content="website:([^"]+)"/.exec(c)?.[1] ?? '';
      const areas = opened('area').map(contentOf);
      for (const area of [
        'header/menu',
        'header/menu/parier/groupe-liens',
        'header/menu/promotions/groupe-liens',
        'header/messages',
        'header/achatEnMagasin',
        'footer',
        'footer/menu/colonne-aide/liens',
        'footer/telephone',
        'footer/logos-medias-sociaux',
        'footer/logos-corpo',
        'footer/partenaires',
        'footer/pub',
      ])
        expect(areas.filter((a) => a === `${SITE}/${area}`)).toHaveLength(1);
      const components = opened('component').map(contentOf);
      // Each once, those the public site leaves out (a message out of its window) too.
      expect(new Set(components).size).toBe(components.length);
      for (const item of [
        'header/menu/aide',
        'header/menu/aide/groupe-liens/sondage-automne',
        'header/messages/message-series',
        'header/messages/message-passe',
        'footer/menu/colonne-pari-boreal/liens/carrieres',
        'footer/partenaires/club-soccer',
        'footer/pub/pub-carte',
      ])
        expect(components).toContain(`${SITE}/${item}`);
      expect(components.every((path) => path.startsWith(`${SITE}/`))).toBe(true);
      expect(res.body).toContain('class="edit-placeholder"');
      expect(annotationCalls().map((c) => c.url)).toEqual([
        `${embedded.origin}/author/.rest/template-annotations/v1${SITE}`,
      ]);
    }
    // A content page edited as the site node: its own content is shown, not annotated.
    const page = await app.inject({ url: `/_preview/fr/accueil?${EDIT}&edit=site` });
    const comments = page.body.match(/<!--cms:[^>]*-->/g) ?? [];
    expect(comments.filter((c) => c.startsWith('<!--cms:page'))).toHaveLength(1);
    expect(comments.some((c) => c.includes('/pari-boreal/accueil'))).toBe(false);
    expect(page.body).toContain('Pariez sur vos sports préférés');
  });

  it('sends the author instance the credentials it is given, and the public instance none', async () => {
    const app = await site();
    await app.inject({ url: `/_preview/fr/accueil?${EDIT}` });
    await app.inject({ url: '/fr/accueil' });
    const basic = `Basic ${Buffer.from(EDITOR).toString('base64')}`;
    const toAuthor = calls.filter((c) => c.url.startsWith(`${embedded.origin}/author/`));
    expect(toAuthor.length).toBeGreaterThan(2);
    for (const call of toAuthor) expect(call.authorization, call.url).toBe(basic);
    const toPublic = calls.filter((c) => !c.url.startsWith(`${embedded.origin}/author/`));
    expect(toPublic.length).toBeGreaterThan(0);
    for (const call of toPublic) expect(call.authorization, call.url).toBeUndefined();
  });
});
