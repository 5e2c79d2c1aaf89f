/**
 * The preview bar (docs/preview.md "The bar"): each diagnostic in plain words in both languages,
 * every value escaped, the page's own query kept by the date form.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../content/schema/diagnostics';
import { explainDiagnostic, renderPreviewBar, withPreviewBar } from './preview-bar';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const at = '/pari-boreal/accueil/main/c';
const d = (rule: Diagnostic['rule'], more: Partial<Diagnostic> = {}): Diagnostic => ({
  path: at,
  rule,
  effect: 'skipped',
  ...more,
});

describe('explainDiagnostic', () => {
  it('says each rule in plain words, in French and in English', () => {
    const cases: [Diagnostic, string, string][] = [
      [
        d('unknown-kind', { kind: 'quiz' }),
        'Le site ne connaît pas les composants « quiz » : celui-ci n’est pas affiché.',
        'The site does not know "quiz" components: this one is not shown.',
      ],
      [
        d('no-kind'),
        'Ce composant n’a pas de gabarit : le site ne sait pas ce qu’il est et ne l’affiche pas.',
        'This component has no template: the site cannot tell what it is and does not show it.',
      ],
      [
        d('required', { kind: 'image', field: 'image' }),
        'Le composant « image » n’est pas affiché : le champ « image » est vide.',
        'The "image" component is not shown: the "image" field is empty.',
      ],
      [
        d('format', { kind: 'video', field: 'videoId', excerpt: '"x"' }),
        'Le composant « video » n’est pas affiché : le champ « videoId » n’a pas la forme attendue (valeur : "x").',
        'The "video" component is not shown: the "videoId" field is not in its expected form (value: "x").',
      ],
      [
        d('type', { kind: 'carte', field: 'fluid', effect: 'ignored', excerpt: '"peut-être"' }),
        'Le composant « carte » est affiché sans le champ « fluid », qui n’a pas le bon type de valeur (valeur : "peut-être").',
        'The "carte" component is shown without the "fluid" field, which holds the wrong kind of value (value: "peut-être").',
      ],
      [
        d('too-long', { kind: 'texte', field: 'texte', effect: 'ignored' }),
        'Le composant « texte » est affiché sans le champ « texte », qui est plus long que le site ne l’accepte.',
        'The "texte" component is shown without the "texte" field, which is longer than the site accepts.',
      ],
      [
        d('too-deep'),
        'Les composants sont imbriqués trop profondément : ceux du dessous ne sont pas affichés.',
        'Components are nested too deep: the ones below are not shown.',
      ],
      [
        d('beyond-layout', { kind: 'rangee', field: 'disposition', excerpt: '"6 6"' }),
        'Cette colonne est au-delà de la disposition de la rangée ("6 6") : son contenu n’est pas affiché. Élargissez la disposition ou déplacez ce contenu.',
        'This column is beyond the row\'s layout ("6 6"): what it holds is not shown. Widen the layout or move this content.',
      ],
      [
        d('outside-window', { detail: '2026-12-21 00:00 – …' }),
        'Pas affiché à cette date : hors de sa fenêtre d’affichage (2026-12-21 00:00 – …).',
        'Not shown at this date: outside its display window (2026-12-21 00:00 – …).',
      ],
      [
        d('unsafe-link', {
          kind: 'texte',
          field: 'texte',
          effect: 'ignored',
          excerpt: '"javascript:alert(1)"',
        }),
        'Dans le champ « texte » du composant « texte », le lien "javascript:alert(1)" n’est pas sûr : il est retiré et son texte reste affiché. Utilisez une adresse web (https://), courriel (mailto:), téléphone (tel:) ou une page du site.',
        'In the "texte" field of the "texte" component, the link "javascript:alert(1)" is not safe: it is removed and its text stays shown. Use a web (https://), mail (mailto:), phone (tel:) or site address.',
      ],
      [
        d('unsafe-markup', {
          kind: 'texte',
          field: 'texte',
          effect: 'ignored',
          excerpt: '"<script>, onerror"',
        }),
        'Dans le champ « texte » du composant « texte », du code actif a été retiré ("<script>, onerror") : scripts, cadres, gestionnaires d’événements et styles en ligne ne sont jamais affichés.',
        'In the "texte" field of the "texte" component, active markup was removed ("<script>, onerror"): scripts, frames, event handlers and inline styles are never shown.',
      ],
      [
        d('required', { field: 'titre' }),
        'Cet élément n’est pas affiché : le champ « titre » est vide.',
        'This item is not shown: the "titre" field is empty.',
      ],
    ];
    for (const [diagnostic, fr, en] of cases) {
      expect(explainDiagnostic(diagnostic, 'fr')).toBe(fr);
      expect(explainDiagnostic(diagnostic, 'en')).toBe(en);
    }
  });
});

describe('renderPreviewBar', () => {
  const base = {
    locale: 'en' as const,
    origin: 'https://author.example',
    target: '/en/winners?lot=a"b',
    logicalDate: TEST_LOGICAL_DATE,
    queryToken: undefined,
    diagnostics: [],
  };

  it('escapes every value, hostile content included', () => {
    const bar = renderPreviewBar({
      ...base,
      diagnostics: [
        d('format', { kind: '<img src=x onerror=alert(1)>', field: 'f', excerpt: '"<script>"' }),
      ],
    });
    expect(bar).not.toContain('<script>');
    expect(bar).not.toContain('<img');
    expect(bar).toContain('&lt;script&gt;');
    expect(bar).toContain('<input type="hidden" name="lot" value="a&quot;b">');
    expect(bar).toContain('1 content problem on this page');
  });

  it('goes first in the body, its styles last in the head', () => {
    const html = withPreviewBar(
      '<html><head><title>t</title></head><body class="x"><div id="mount-banner"></div></body></html>',
      '<aside>bar</aside>',
    );
    expect(html).toBe(
      '<html><head><title>t</title><link rel="stylesheet" href="/_preview-bar.css">\n</head><body class="x">\n<aside>bar</aside><div id="mount-banner"></div></body></html>',
    );
  });
});
