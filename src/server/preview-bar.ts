/**
 * The bar on every preview page (docs/preview.md "The bar"): "preview" and the content origin,
 * the logical date with a form to change it, a link to the published page, a notice for a page
 * outside its window, a note on the sports area (no betting widget in a preview), and the page's
 * diagnostics in plain words, in the page's language. Plain
 * HTML drawn by the server outside the React roots: it works before and without the site's
 * code, and hydration never sees it. Its styles are a file of their own (the site's policy
 * allows no inline style).
 */
import type { Diagnostic } from '../content/schema/diagnostics';
import type { Locale } from '../domain/locale';

export const PREVIEW_BAR_STYLES = '/_preview-bar.css';

interface PreviewBarInput {
  locale: Locale;
  /** The content origin the preview reads. */
  origin: string;
  /** The page's path and query, as the public site serves it. */
  target: string;
  /** `YYYY-MM-DD HH:MM`. */
  logicalDate: string;
  /** Given when the token came in the query: the date form carries it on. */
  queryToken: string | undefined;
  /** The sports area, whose betting widget (a third party's script) a preview does not load. */
  noWidget?: boolean;
  /** The page's display window, when the page is outside it at the date. */
  outOfWindow?: { start?: string | undefined; end?: string | undefined } | undefined;
  diagnostics: readonly Diagnostic[];
}

const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WORDS = {
  fr: {
    label: 'Aperçu',
    preview: 'Aperçu',
    content: 'Contenu de',
    date: 'Date logique',
    show: 'Afficher',
    published: 'Page publiée',
    noWidget:
      'L’offre de paris, script d’un tiers, n’est pas chargée dans l’aperçu : la zone des paris reste vide.',
    outside: (window: string) =>
      `Cette page n’est pas affichée au public à cette date (${window}).`,
    from: 'à partir du',
    until: 'jusqu’au',
    none: 'Aucun problème de contenu sur cette page.',
    problems: (n: number) => `${n} problème${n > 1 ? 's' : ''} de contenu sur cette page`,
  },
  en: {
    label: 'Preview',
    preview: 'Preview',
    content: 'Content from',
    date: 'Logical date',
    show: 'Show',
    published: 'Published page',
    noWidget:
      'The betting offer, a third party’s script, is not loaded in the preview: the betting area stays empty.',
    outside: (window: string) => `This page is not shown to the public at this date (${window}).`,
    from: 'from',
    until: 'until',
    none: 'No content problem on this page.',
    problems: (n: number) => `${n} content problem${n > 1 ? 's' : ''} on this page`,
  },
} as const;

const REASONS = {
  fr: {
    required: 'est vide',
    type: 'n’a pas le bon type de valeur',
    format: 'n’a pas la forme attendue',
    'too-long': 'est plus long que le site ne l’accepte',
  },
  en: {
    required: 'is empty',
    type: 'holds the wrong kind of value',
    format: 'is not in its expected form',
    'too-long': 'is longer than the site accepts',
  },
} as const;

/** What an editor reads for each diagnostic: what was left out, and why, in plain words. */
export function explainDiagnostic(d: Diagnostic, locale: Locale): string {
  const fr = locale === 'fr';
  switch (d.rule) {
    case 'unknown-kind':
      return fr
        ? `Le site ne connaît pas les composants « ${d.kind ?? ''} » : celui-ci n’est pas affiché.`
        : `The site does not know "${d.kind ?? ''}" components: this one is not shown.`;
    case 'no-kind':
      return fr
        ? 'Ce composant n’a pas de gabarit : le site ne sait pas ce qu’il est et ne l’affiche pas.'
        : 'This component has no template: the site cannot tell what it is and does not show it.';
    case 'too-deep':
      return fr
        ? 'Les composants sont imbriqués trop profondément : ceux du dessous ne sont pas affichés.'
        : 'Components are nested too deep: the ones below are not shown.';
    case 'beyond-layout':
      return fr
        ? `Cette colonne est au-delà de la disposition de la rangée (${d.excerpt ?? ''}) : son contenu n’est pas affiché. Élargissez la disposition ou déplacez ce contenu.`
        : `This column is beyond the row's layout (${d.excerpt ?? ''}): what it holds is not shown. Widen the layout or move this content.`;
    case 'outside-window':
      return fr
        ? `Pas affiché à cette date : hors de sa fenêtre d’affichage (${d.detail ?? ''}).`
        : `Not shown at this date: outside its display window (${d.detail ?? ''}).`;
    case 'unsafe-link':
    case 'unsafe-markup':
      return unsafeContent(d, fr);
    default:
      break;
  }
  const what = d.kind
    ? fr
      ? `Le composant « ${d.kind} »`
      : `The "${d.kind}" component`
    : fr
      ? 'Cet élément'
      : 'This item';
  const field = d.field
    ? fr
      ? `le champ « ${d.field} »`
      : `the "${d.field}" field`
    : fr
      ? 'une valeur'
      : 'a value';
  const reason = REASONS[locale][d.rule];
  const value = d.excerpt ? (fr ? ` (valeur : ${d.excerpt})` : ` (value: ${d.excerpt})`) : '';
  if (d.effect === 'skipped') {
    return fr
      ? `${what} n’est pas affiché : ${field} ${reason}${value}.`
      : `${what} is not shown: ${field} ${reason}${value}.`;
  }
  return fr
    ? `${what} est affiché sans ${field}, qui ${reason}${value}.`
    : `${what} is shown without ${field}, which ${reason}${value}.`;
}

/** A link or markup the site would not run: shown, made safe. */
function unsafeContent(d: Diagnostic, fr: boolean): string {
  const where = d.kind
    ? fr
      ? ` du composant « ${d.kind} »`
      : ` of the "${d.kind}" component`
    : '';
  const field = fr
    ? `Dans le champ « ${d.field ?? ''} »${where}`
    : `In the "${d.field ?? ''}" field${where}`;
  const value = d.excerpt ?? '';
  if (d.rule === 'unsafe-markup') {
    return fr
      ? `${field}, du code actif a été retiré (${value}) : scripts, cadres, gestionnaires d’événements et styles en ligne ne sont jamais affichés.`
      : `${field}, active markup was removed (${value}): scripts, frames, event handlers and inline styles are never shown.`;
  }
  return fr
    ? `${field}, le lien ${value} n’est pas sûr : il est retiré et son texte reste affiché. Utilisez une adresse web (https://), courriel (mailto:), téléphone (tel:) ou une page du site.`
    : `${field}, the link ${value} is not safe: it is removed and its text stays shown. Use a web (https://), mail (mailto:), phone (tel:) or site address.`;
}

/** The bar's HTML, every value escaped. */
export function renderPreviewBar(input: PreviewBarInput): string {
  const w = WORDS[input.locale];
  const [path = '/', query] = input.target.split(/\?(.*)/s, 2);
  const keep = [...new URLSearchParams(query ?? '')]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const token =
    input.queryToken === undefined
      ? ''
      : `<input type="hidden" name="token" value="${escape(input.queryToken)}">`;
  const window = input.outOfWindow
    ? [
        input.outOfWindow.start ? `${w.from} ${input.outOfWindow.start}` : '',
        input.outOfWindow.end ? `${w.until} ${input.outOfWindow.end}` : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const notice = input.outOfWindow
    ? `<p class="preview-bar__notice" role="status">${escape(w.outside(window))}</p>`
    : '';
  const noWidget = input.noWidget ? `<p class="preview-bar__note">${escape(w.noWidget)}</p>` : '';
  const items = input.diagnostics
    .map(
      (d) =>
        `<li><code>${escape(d.path)}</code> ${escape(explainDiagnostic(d, input.locale))}</li>`,
    )
    .join('');
  const diagnostics = input.diagnostics.length
    ? `<details class="preview-bar__diagnostics" open><summary>${escape(w.problems(input.diagnostics.length))}</summary><ul>${items}</ul></details>`
    : `<p class="preview-bar__clean">${escape(w.none)}</p>`;
  return `<aside class="preview-bar" aria-label="${escape(w.label)}" lang="${input.locale}" data-testid="preview-bar">
<p class="preview-bar__title"><strong>${escape(w.preview)}</strong> <span>${escape(w.content)} ${escape(input.origin)}</span></p>
<form class="preview-bar__date" method="get" action="/_preview${escape(path)}">${keep}${token}<label for="preview-date">${escape(w.date)}</label> <input id="preview-date" name="date" type="datetime-local" required value="${escape(input.logicalDate.replace(' ', 'T'))}"> <button type="submit">${escape(w.show)}</button></form>
<a class="preview-bar__published" href="${escape(input.target)}" target="_blank" rel="noopener noreferrer">${escape(w.published)}</a>
${notice}${noWidget}${diagnostics}
</aside>`;
}

/** Inserts the bar first in the body, and its styles last in the head. */
export function withPreviewBar(html: string, bar: string): string {
  return withPreviewStyles(html).replace(/<body[^>]*>/, (body) => `${body}\n${bar}`);
}

/**
 * A preview document with the bar's styles (edit mode's too) linked in its head, then `more`:
 * the one place either kind of preview page gets them.
 */
export function withPreviewStyles(html: string, more = ''): string {
  return html.replace(
    '</head>',
    `<link rel="stylesheet" href="${PREVIEW_BAR_STYLES}">\n${more}</head>`,
  );
}

/**
 * The bar's styles: dark, on top, readable at a phone's width; and edit mode's placeholders and
 * item bars (docs/editing.md).
 */
export const PREVIEW_BAR_CSS = `.preview-bar{position:relative;z-index:1000;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;padding:.75rem 1rem;background:#15232c;color:#fff;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;border-bottom:4px solid #f2b705}
.edit-diagnostic{position:relative;z-index:1000;padding:.75rem 1rem;background:#fff4d6;color:#3d2a00;border-bottom:4px solid #b45309;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
.edit-diagnostic p{margin:0 0 .25rem}
.preview-bar p{margin:0}
.preview-bar strong{color:#f2b705;text-transform:uppercase;letter-spacing:.06em}
.preview-bar a{color:#fff;text-decoration:underline;text-underline-offset:.2em}
.preview-bar__date{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.preview-bar input,.preview-bar button{min-height:36px;font:inherit;border-radius:4px}
.preview-bar input{padding:.25rem .5rem;border:1px solid #9fb3c0;background:#fff;color:#15232c}
.preview-bar button{padding:.25rem .9rem;border:0;background:#f2b705;color:#15232c;font-weight:700;cursor:pointer}
.preview-bar :focus-visible{outline:3px solid #f2b705;outline-offset:2px}
.preview-bar__notice{flex-basis:100%;padding:.5rem .75rem;border-radius:4px;background:#f2b705;color:#15232c;font-weight:700}
.preview-bar__diagnostics,.preview-bar__clean,.preview-bar__note{flex-basis:100%}
.preview-bar__diagnostics summary{cursor:pointer;font-weight:700}
.preview-bar__diagnostics ul{margin:.5rem 0 0;padding-left:1.25rem}
.preview-bar__diagnostics li{margin:.25rem 0}
.preview-bar code{color:#ffd866;overflow-wrap:anywhere}
.edit-placeholder,.edit-item{margin:.5rem 0;padding:.6rem .9rem;border-radius:4px;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;overflow-wrap:anywhere}
.edit-placeholder{border:2px dashed #b3261e;background:#fff4f2;color:#3b0d0a}
.edit-placeholder p{margin:0}
.edit-placeholder ul{margin:.25rem 0 0;padding-left:1.25rem}
.edit-item{border:1px dashed #15232c;background:#f4f6f8;color:#15232c}
`;
