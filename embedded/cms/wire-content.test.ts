/**
 * The site node on the wire as Magnolia stores it with the module's `pages/site` template
 * (docs/editing.md "The header and the footer"): areas, sub-areas and templated components, and
 * the site's reader still reads it whole.
 */
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createContentClient } from '../../src/content/client';
import { installSanitizerWindow } from '../../src/content/sanitize';
import { child, childNames, type WireNode } from '../../testing/stand-ins';
import type { Lang } from './content-schema';
import { loadContent } from './load';
import { siteNode } from './wire-content';

const APP = 'pari-boreal';
const content = loadContent();
const wire = (lang: Lang) => siteNode(content.site, { app: APP, lang, resolveDate: (v) => v });

beforeAll(() => {
  installSanitizerWindow(new JSDOM('').window);
});

const typeOf = (node: WireNode) => [node['@nodeType'], node['mgnl:template'] ?? null];
const itemsOf = (area: WireNode) => childNames(area).map((name) => child(area, name));

describe('the site node on the wire', () => {
  const node = wire('fr');

  it('is a page of the site template, its header and footer areas holding areas', () => {
    expect(typeOf(node)).toEqual(['mgnl:page', `${APP}:pages/site`]);
    expect(childNames(node)).toEqual(['header', 'footer']);
    for (const path of [
      ['header'],
      ['header', 'menu'],
      ['header', 'messages'],
      ['header', 'achatEnMagasin'],
      ['footer'],
      ['footer', 'menu'],
      ['footer', 'telephone'],
      ['footer', 'logos-medias-sociaux'],
      ['footer', 'logos-corpo'],
      ['footer', 'partenaires'],
      ['footer', 'pub'],
    ]) {
      expect([path.join('/'), ...typeOf(child(node, ...path))]).toEqual([
        path.join('/'),
        'mgnl:area',
        null,
      ]);
    }
  });

  it('keeps an area dialog’s fields on the area node, the authoring kind left out', () => {
    const buy = child(node, 'header', 'achatEnMagasin');
    expect([typeof buy.texte, typeof buy.lien]).toEqual(['string', 'string']);
    expect(childNames(buy)).toEqual([]);
    expect(buy).not.toHaveProperty('kind');
    expect(child(node, 'footer', 'telephone')).toMatchObject({ numeroTelephone: '1 800 555-0199' });
    expect(child(node, 'footer')).toMatchObject({ nePasAfficherZonePub: false });
    expect(typeof child(node, 'footer').noteLegale).toBe('string');
  });

  it('gives every item its component template, nested lists included', () => {
    const templates = (area: WireNode) =>
      new Set(itemsOf(area).map((item) => item['mgnl:template']));
    const kind = (k: string) => new Set([`${APP}:components/${k}`]);
    const header = child(node, 'header');
    const footer = child(node, 'footer');
    expect(templates(child(header, 'menu'))).toEqual(kind('groupe-menu'));
    expect(templates(child(header, 'messages'))).toEqual(kind('message'));
    expect(templates(child(header, 'menu', 'parier', 'groupe-liens'))).toEqual(kind('lien-menu'));
    expect(typeOf(child(header, 'menu', 'parier', 'groupe-liens'))).toEqual(['mgnl:area', null]);
    expect(templates(child(footer, 'menu'))).toEqual(kind('colonne-pied'));
    expect(templates(child(footer, 'menu', 'colonne-aide', 'liens'))).toEqual(kind('lien-pied'));
    for (const logos of ['logos-medias-sociaux', 'logos-corpo', 'partenaires'])
      expect(templates(child(footer, logos))).toEqual(kind('logo'));
    for (const item of [...itemsOf(child(header, 'menu')), ...itemsOf(child(footer, 'pub'))])
      expect(item['@nodeType']).toBe('mgnl:component');
  });

  it('is read whole by the site’s reader, in both languages', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const body = JSON.stringify(wire(lang));
      const warn = vi.fn();
      const client = createContentClient({
        origin: 'https://cms.example',
        app: APP,
        media: 'https://media.example',
        timeoutMs: 1000,
        warn,
        fetcher: () =>
          Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } })),
      });
      const result = await client.getSite(lang);
      if (!result.ok) throw new Error(result.message);
      const { header, footer } = result.data;
      expect(header.menu.map((g) => g.links.length)).toEqual([0, 3, 3, 2, 4]);
      expect(header.menu[1]?.titre).toBe(lang === 'fr' ? 'Parier' : 'Bet');
      expect(header.messages).toHaveLength(4);
      expect(typeof header.achatEnMagasin?.lien).toBe('string');
      expect(footer.menu.map((c) => c.links.length)).toEqual([4, 4, 2]);
      expect(footer.telephone?.numeroTelephoneLien).toBe('tel:+18005550199');
      expect(
        [footer.socialLogos, footer.corporateLogos, footer.partners].map((l) => l.length),
      ).toEqual([4, 1, 3]);
      expect(footer.pub.map((c) => c.kind)).toEqual(['texte', 'image', 'carte', 'carte']);
      expect(typeof footer.noteLegale).toBe('string');
      expect(warn).not.toHaveBeenCalled();
    }
  });
});
