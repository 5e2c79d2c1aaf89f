/**
 * Links and markup the site makes safe are told (docs/preview.md "Diagnostics"): a link field
 * the site will not follow, a link address or active markup the sanitiser removed from rich
 * text. The value is still used, made safe; the diagnostic says what went.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { installSanitizer, installSanitizerWindow } from '../sanitize';
import { unsafeRemovals } from '../sanitize-audit';
import { RICH_TEXT_POLICY } from '../sanitize-policy';
import { createHtmlAudit, createHtmlSanitizer } from '../server-sanitizer';
import type { ComponentOf } from '../models';
import { readComponent } from './components';
import { describeDiagnostic } from './diagnostics';
import { component, parse } from '../../../testing/nodes';

// The server's engine: the one that can say what it removed.
beforeAll(() =>
  installSanitizer({
    html: createHtmlSanitizer(RICH_TEXT_POLICY, 'html'),
    text: createHtmlSanitizer(RICH_TEXT_POLICY, 'text'),
    svg: (dirty) => dirty,
    audit: createHtmlAudit(RICH_TEXT_POLICY),
  }),
);
afterAll(() => installSanitizerWindow(new JSDOM('').window));

const P = '/pari-boreal/demo/main';
const card = (fields: Record<string, unknown>) =>
  parse(() => readComponent(component(`${P}/carte`, 'carte', fields)));

describe('the audit of the sanitiser', () => {
  const audit = createHtmlAudit(RICH_TEXT_POLICY);
  const sanitize = createHtmlSanitizer(RICH_TEXT_POLICY, 'html');

  it('gives the same markup as the sanitiser, with what it removed', () => {
    const dirty =
      '<p style="position:fixed">a</p><script>alert(1)</script><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">b</a><iframe src="https://evil.example/"></iframe>';
    const { html, removed } = audit(dirty);
    expect(html).toBe(sanitize(dirty));
    expect(removed).toEqual(
      expect.arrayContaining([
        { attribute: 'style', value: 'position:fixed', tag: 'p' },
        { element: 'script' },
        { attribute: 'onerror', value: 'alert(1)', tag: 'img' },
        { attribute: 'href', value: 'javascript:alert(1)', tag: 'a' },
        { element: 'iframe' },
      ]),
    );
  });

  it('tells an editor of refused links and active markup, not of unwrapped formatting', () => {
    const { removed } = audit(
      '<div class="x"><font>a</font></div><a href="data:text/html,x">b</a><p onclick="y()">c</p>',
    );
    expect(unsafeRemovals(removed)).toEqual({ links: ['data:text/html,x'], markup: ['onclick'] });
    expect(unsafeRemovals(audit('<div><p class="lead">clean</p></div>').removed)).toEqual({
      links: [],
      markup: [],
    });
  });
});

describe('rich text', () => {
  it('keeps the clean markup and says which link and which markup went', () => {
    const { value, diagnostics } = card({
      texte: '<p>Voir <a href="javascript:alert(1)">ici</a></p><script>alert(2)</script>',
    });
    expect((value as ComponentOf<'carte'>).fields.texte).toBe('<p>Voir <a>ici</a></p>');
    expect(diagnostics).toEqual([
      {
        path: `${P}/carte`,
        kind: 'carte',
        field: 'texte',
        rule: 'unsafe-link',
        effect: 'ignored',
        excerpt: '"javascript:alert(1)"',
        detail: '1 link address(es) removed: javascript:alert(1)',
      },
      {
        path: `${P}/carte`,
        kind: 'carte',
        field: 'texte',
        rule: 'unsafe-markup',
        effect: 'ignored',
        excerpt: '"<script>"',
        detail: 'removed',
      },
    ]);
    expect(describeDiagnostic(diagnostics[0] as (typeof diagnostics)[number])).toBe(
      `unsafe link in texte at ${P}/carte: "javascript:alert(1)" (1 link address(es) removed: javascript:alert(1))`,
    );
  });

  it('says nothing of clean rich text', () => {
    expect(
      card({ texte: '<p><a href="https://example.com">ok</a> <a href="/fr/aide">aide</a></p>' })
        .diagnostics,
    ).toEqual([]);
  });
});

describe('link fields', () => {
  it('keeps a link the site will not follow (it renders as text) and says so', () => {
    for (const lien of [
      'javascript:alert(1)',
      'vbscript:x',
      '/\\evil.example',
      'data:text/html,x',
    ]) {
      const { value, diagnostics } = card({ lien });
      expect((value as ComponentOf<'carte'>).fields.lien).toBe(lien);
      expect(diagnostics).toEqual([
        expect.objectContaining({
          field: 'lien',
          rule: 'unsafe-link',
          excerpt: JSON.stringify(lien),
        }),
      ]);
    }
  });

  it('says nothing of web, mail, phone, site links and the known actions', () => {
    for (const lien of [
      'https://example.com',
      '/fr/aide',
      'mailto:aide@example.com',
      'tel:418 555 0100',
      '#haut',
      'javascript:Didomi.preferences.show()',
    ]) {
      expect(card({ lien }).diagnostics).toEqual([]);
    }
  });
});
