/**
 * The stand-in Pages app's page and files, and the page editor's files, as the author instance
 * serves them.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { loadContent, withDrafts } from '../cms/load';
import {
  checkPagesApp,
  handleEditing,
  PAGE_EDITOR_SCRIPT_PATH,
  PAGE_EDITOR_STYLE_PATH,
  previewFrameUrl,
  type PagesAppOptions,
} from './service';

const SITE = 'http://site.test:3000';
const AUTHOR = 'http://author.test:3001';
const OPTIONS: PagesAppOptions = { siteOrigin: SITE, token: 'demo-token-0123456789' };
const content = withDrafts(loadContent());
const APP = 'pari-boreal';

/** The stand-in's answer for a URL, with the given Pages app options (`null`: none). */
const editing = (url: string, options: PagesAppOptions | null = OPTIONS) => {
  const { pathname, searchParams } = new URL(url, AUTHOR);
  return handleEditing(pathname, searchParams, {
    options: options ?? undefined,
    content,
    app: APP,
  });
};

describe('the Pages app page', () => {
  const page = (url: string) => {
    const reply = editing(url);
    expect(reply?.status).toBe(200);
    return new JSDOM(String(reply?.body)).window.document;
  };

  it('frames the site’s preview of the page in edit mode, home by default', () => {
    const doc = page('/author/pages-app');
    expect(doc.title).toBe('Pages app (stand-in)');
    const frame = doc.querySelector('iframe');
    expect(frame?.getAttribute('title')).toBeTruthy();
    expect(frame?.getAttribute('src')).toBe(
      `${SITE}/_preview/fr/accueil?token=demo-token-0123456789&mgnlPreview=false&mgnlChannel=desktop`,
    );
    expect(doc.body.dataset).toMatchObject({
      siteOrigin: SITE,
      nodePath: `/${APP}/accueil`,
      mode: 'edit',
    });
    expect(doc.querySelector('[aria-live]')?.id).toBe('status');
  });

  it('lists the site node, its header and footer, in both languages, framed by its node path', () => {
    const doc = page('/author/pages-app');
    const links = [...doc.querySelectorAll('nav[aria-label="Pages"] a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    for (const lang of ['fr', 'en'])
      expect(links).toContainEqual([
        `Header and footer (${lang})`,
        `/author/pages-app?page=%2Fnode%2F${lang}%2F${APP}&mode=edit`,
      ]);
    const site = page(`/author/pages-app?page=/node/en/${APP}`);
    expect(site.querySelector('iframe')?.getAttribute('src')).toBe(
      `${SITE}/_preview/node/en/${APP}?token=demo-token-0123456789&mgnlPreview=false&mgnlChannel=desktop`,
    );
    expect(site.body.dataset.nodePath).toBe(`/${APP}`);
  });

  it('frames the preview mode, and finds the node of an English path and of a draft', () => {
    const preview = page('/author/pages-app?page=/en/home&mode=preview');
    expect(preview.querySelector('iframe')?.getAttribute('src')).toBe(
      `${SITE}/_preview/en/home?token=demo-token-0123456789&mgnlPreview=true&mgnlChannel=desktop`,
    );
    expect(preview.body.dataset.nodePath).toBe(`/${APP}/accueil`);
    expect(preview.body.dataset.mode).toBe('preview');
    expect(page('/author/pages-app?page=/fr/tirage-hiver').body.dataset.nodePath).toBe(
      `/${APP}/tirage-hiver`,
    );
    expect(page('/author/pages-app?page=/sports/fr').body.dataset.nodePath).toBe('');
  });

  it('offers demo pages in both languages and the two modes, as links', () => {
    const doc = page('/author/pages-app?page=/fr/promotions');
    const hrefs = [...doc.querySelectorAll('nav a')].map((a) =>
      new URL(a.getAttribute('href') ?? '', AUTHOR).searchParams.toString(),
    );
    for (const path of ['/fr/accueil', '/en/home', '/fr/promotions', '/en/promotions']) {
      expect(hrefs).toContain(new URLSearchParams({ page: path, mode: 'edit' }).toString());
    }
    for (const path of ['/fr/demo/carrousel', '/fr/demo/robustesse', '/fr/tirage-hiver']) {
      expect(hrefs).toContain(new URLSearchParams({ page: path, mode: 'edit' }).toString());
    }
    expect(hrefs).toContain(
      new URLSearchParams({ page: '/fr/promotions', mode: 'preview' }).toString(),
    );
    expect(doc.querySelectorAll('a[aria-current="page"]')).toHaveLength(2);
  });

  it('has no inline script or style, a policy that allows none, and is read by no other site', () => {
    const reply = editing('/author/pages-app');
    const html = String(reply?.body);
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/i);
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script src="/author/pages-app/app.js" defer>',
    ]);
    expect(reply?.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(reply?.headers['content-security-policy']).toContain(`frame-src ${SITE};`);
    expect(reply?.headers).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    expect(reply?.noCors).toBe(true);
  });

  it('answers 404 without its options, 400 for a page that is not a site path', () => {
    for (const url of ['/author/pages-app', '/author/pages-app/app.js']) {
      expect(editing(url, null)?.status).toBe(404);
    }
    for (const bad of ['accueil', '/fr/../x', '/fr//x', '/fr/<x>', `/fr/${'a'.repeat(300)}`]) {
      expect(editing(`/author/pages-app?page=${encodeURIComponent(bad)}`)?.status).toBe(400);
    }
    expect(editing('/author/pages-app/other')?.status).toBe(404);
    expect(editing('/author/.rest/x')).toBeNull();
  });

  it('serves its script and style sheet, and the page editor’s, never stored', () => {
    const files: [string, RegExp][] = [
      ['/author/pages-app/app.js', /^text\/javascript/],
      ['/author/pages-app/app.css', /^text\/css/],
      [PAGE_EDITOR_SCRIPT_PATH, /^text\/javascript/],
      [PAGE_EDITOR_STYLE_PATH, /^text\/css/],
    ];
    for (const [path, type] of files) {
      const reply = editing(path);
      expect(reply?.status).toBe(200);
      expect(reply?.headers['content-type']).toMatch(type);
      expect(reply?.headers['cache-control']).toBe('no-store');
    }
    // The editor's files are Magnolia's: there even without the Pages app.
    expect(editing(PAGE_EDITOR_SCRIPT_PATH, null)?.status).toBe(200);
    expect(PAGE_EDITOR_SCRIPT_PATH).toBe(
      '/author/VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js',
    );
  });

  it('takes the site origin in any form a URL has it, and refuses what is not one', () => {
    expect(checkPagesApp({ ...OPTIONS, siteOrigin: 'http://site.test:3000/' }).siteOrigin).toBe(
      SITE,
    );
    expect(() => checkPagesApp({ ...OPTIONS, siteOrigin: 'site.test' })).toThrow(/siteOrigin/);
    expect(() => checkPagesApp({ ...OPTIONS, token: 'a b' })).toThrow(/token/);
    expect(previewFrameUrl({ ...OPTIONS, token: 'a&b' }, '/fr/x', 'edit')).toContain(
      'token=a%26b&',
    );
  });
});
