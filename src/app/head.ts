/**
 * The document head for a view: title, meta tags, alternates. Pure: the server serialises it
 * and the browser applies it after a client-side navigation.
 */
import type { Page } from '../content/models';
import { intlTag, type Locale } from '../domain/locale';
import { contentPath } from '../domain/routes';
import { SITE_MAP_PAGE } from '../domain/site-map';
import { translator } from '../i18n/catalogue';
import type { PublicConfig, ViewState } from './state';

interface MetaTag {
  /** `name` for standard metas, `property` for OpenGraph. */
  key: 'name' | 'property';
  id: string;
  content: string;
}

interface LinkTag {
  rel: 'canonical' | 'alternate';
  href: string;
  hreflang?: string;
}

interface HeadModel {
  lang: string;
  title: string;
  metas: MetaTag[];
  links: LinkTag[];
  bodyClass: string;
}

/** A page's own URL in each language, absolute on the site's public origin (none without a path). */
function pageUrls(page: Pick<Page, 'URLfr' | 'URLen'>, locale: Locale, origin: string) {
  const url = (l: Locale, path: string | undefined) =>
    path ? `${origin}${contentPath(l, path)}` : undefined;
  const fr = url('fr', page.URLfr);
  const en = url('en', page.URLen);
  return { fr, en, own: locale === 'fr' ? fr : en };
}

/**
 * Canonical and language alternates of a content page: fr-CA, en-CA and x-default (French, the
 * default language), as absolute URLs on the site's public origin.
 */
function pageLinks(page: Pick<Page, 'URLfr' | 'URLen'>, locale: Locale, origin: string): LinkTag[] {
  const { fr, en, own } = pageUrls(page, locale, origin);
  const links: LinkTag[] = own ? [{ rel: 'canonical', href: own }] : [];
  if (fr) links.push({ rel: 'alternate', hreflang: 'fr-CA', href: fr });
  if (en) links.push({ rel: 'alternate', hreflang: 'en-CA', href: en });
  if (fr ?? en) links.push({ rel: 'alternate', hreflang: 'x-default', href: (fr ?? en) as string });
  return links;
}

export function buildHead(state: ViewState, config: PublicConfig, origin: string): HeadModel {
  const t = translator(state.locale);
  const lang = intlTag(state.locale);
  const brand = config.brandName;
  const { view } = state;
  switch (view.kind) {
    case 'content': {
      const m = view.page.meta;
      const title = m.title ? `${m.title} | ${brand}` : brand;
      const metas: MetaTag[] = [];
      const add = (key: MetaTag['key'], id: string, content: string | undefined) => {
        if (content) metas.push({ key, id, content });
      };
      add('name', 'description', m.description);
      add('name', 'keywords', m.keywords);
      add('property', 'og:title', m.titleOG ?? m.title);
      add('property', 'og:description', m.descriptionOG ?? m.description);
      add('property', 'og:image', m.ogImage);
      // The page's own URL on the configured origin, as the canonical: never a URL the content
      // gives (`urlOG` is not read), which could name another host (docs/decisions/0023).
      add('property', 'og:url', pageUrls(view.page, state.locale, origin).own);
      add('property', 'og:type', 'website');
      add('property', 'og:locale', lang.replace('-', '_'));
      add('property', 'og:site_name', brand);
      return {
        lang,
        title,
        metas,
        links: pageLinks(view.page, state.locale, origin),
        bodyClass: view.page.type === 'chronique' ? 'page-chronique' : '',
      };
    }
    case 'error':
      return {
        lang,
        title: `${t('erreur.titrePage', { code: view.code })} | ${brand}`,
        // Its status code already keeps it out of search indexes.
        metas: [{ key: 'name', id: 'description', content: t('erreur.message') }],
        links: [],
        bodyClass: 'page-error',
      };
    case 'site-map':
      return {
        lang,
        title: `${t('planSite.titre')} | ${brand}`,
        metas: [{ key: 'name', id: 'description', content: t('planSite.description') }],
        links: pageLinks(
          { URLfr: SITE_MAP_PAGE.fr, URLen: SITE_MAP_PAGE.en },
          state.locale,
          origin,
        ),
        bodyClass: '',
      };
    case 'sports':
      return {
        lang,
        title: `${t('sports.titre')} | ${brand}`,
        metas: [{ key: 'name', id: 'description', content: t('sports.description') }],
        links: [],
        bodyClass: 'page-sports',
      };
    case 'trigger':
      return {
        lang,
        title: brand,
        metas: [{ key: 'name', id: 'robots', content: 'noindex' }],
        links: [],
        bodyClass: '',
      };
  }
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head as HTML, every value escaped. */
export function renderHead(head: HeadModel): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...head.metas.map(
      (m) =>
        `<meta data-managed ${m.key}="${escapeHtml(m.id)}" content="${escapeHtml(m.content)}">`,
    ),
    ...head.links.map(
      (l) =>
        `<link data-managed rel="${l.rel}"${l.hreflang ? ` hreflang="${l.hreflang}"` : ''} href="${escapeHtml(l.href)}">`,
    ),
  ].join('\n');
}

/** Brings the live document in line with a head model (client-side navigation). */
export function applyHead(doc: Document, head: HeadModel): void {
  doc.documentElement.lang = head.lang;
  doc.title = head.title;
  doc.body.className = head.bodyClass;
  doc.head.querySelectorAll('meta[data-managed], link[data-managed]').forEach((m) => m.remove());
  for (const m of head.metas) {
    const el = doc.createElement('meta');
    el.setAttribute(m.key, m.id);
    el.setAttribute('content', m.content);
    el.setAttribute('data-managed', '');
    doc.head.appendChild(el);
  }
  for (const l of head.links) {
    const el = doc.createElement('link');
    el.rel = l.rel;
    el.href = l.href;
    if (l.hreflang) el.hreflang = l.hreflang;
    el.setAttribute('data-managed', '');
    doc.head.appendChild(el);
  }
}
