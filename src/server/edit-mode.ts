/**
 * Edit mode (docs/editing.md): the preview as Magnolia's Pages app asks for it to edit a page
 * (`mgnlPreview=false`). The page is drawn from the author instance's content like any preview,
 * with the page editor's annotations around it, its skipped nodes as placeholders, and the
 * editor bridge; what is decided here is the plan of a view and the document's extra lines.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ViewState } from '../app/state';
import type { ContentClient } from '../content/client';
import type { AnnotationsMissing, EditPlan } from '../content/edit-plan';
import type { RawNode } from '../content/nodes';
import type { Diagnostic } from '../content/schema/diagnostics';
import type { Locale } from '../domain/locale';
import { contentPath } from '../domain/routes';
import { explainDiagnostic, withPreviewStyles } from './preview-bar';

const HIDDEN = {
  fr: 'Non affiché sur le site public',
  en: 'Not shown on the public site',
} as const;

const drawing = new AsyncLocalStorage<Map<string, RawNode>>();
const nodeKey = (lang: Locale, path: string) => `${lang}:${path}`;

/**
 * Runs `produce` keeping the node of each page it fetches from the author instance, so that the
 * edit plan is made from the node the page was drawn from, with no second call for it.
 */
export async function keepPageNodes<T>(
  produce: () => Promise<T>,
): Promise<{ value: T; nodes: ReadonlyMap<string, RawNode> }> {
  const nodes = new Map<string, RawNode>();
  const value = await drawing.run(nodes, produce);
  return { value, nodes };
}

/** Keeps a page's node for the page being made in edit mode, if any (the client's `onPageNode`). */
export function notePageNode(lang: Locale, path: string, node: RawNode): void {
  drawing.getStore()?.set(nodeKey(lang, path), node);
}

/**
 * The edit plan of a content view, with why each node it leaves out is left out, in the page's
 * language; undefined for other views, or when the author instance cannot say (logged). `nodes`:
 * the pages' nodes as the view was drawn from them (`keepPageNodes`).
 */
export async function editPlanFor(
  state: ViewState,
  seen: { diagnostics: readonly Diagnostic[]; nodes: ReadonlyMap<string, RawNode> },
  content: Pick<ContentClient, 'getEditPlan' | 'describeFailure'>,
  warn: (message: string) => void,
): Promise<EditPlan | undefined> {
  const { view, locale } = state;
  if (view.kind !== 'content') return undefined;
  const path = locale === 'fr' ? view.page.URLfr : view.page.URLen;
  if (path === undefined) return undefined;
  const result = await content.getEditPlan(locale, path, seen.nodes.get(nodeKey(locale, path)));
  if (!result.ok) {
    warn(`edit mode of /${locale}/${path}: ${content.describeFailure(result)}; no annotations`);
    return undefined;
  }
  return result.data ? withNotes(result.data, seen.diagnostics, locale) : undefined;
}

/** A plan with why each node it leaves out is left out, in the editor's language. */
function withNotes(plan: EditPlan, diagnostics: readonly Diagnostic[], locale: Locale): EditPlan {
  const notes: Record<string, string[]> = {};
  for (const d of diagnostics) {
    if (d.effect !== 'skipped') continue;
    const note = explainDiagnostic(d, locale);
    const list = (notes[d.path] ??= []);
    if (!list.includes(note)) list.push(note);
  }
  return { ...plan, notes, hidden: HIDDEN[locale] };
}

/** What the editor is told when the page has no annotations, by cause (docs/editing.md). */
const MISSING_NOTICE: Record<Locale, { title: string } & Record<AnnotationsMissing, string>> = {
  fr: {
    title: 'Mode édition : aucune barre verte sur cette page.',
    forbidden:
      'L’instance auteur refuse les annotations au compte de l’aperçu (CMS_PREVIEW_CREDENTIALS) : depuis Pages 6.3.5, ce compte doit avoir le droit d’écrire dans l’espace de travail « website ».',
    unauthorized:
      'L’instance auteur n’accepte pas le compte de l’aperçu : CMS_PREVIEW_CREDENTIALS manque ou est erroné, et elle ne répond à aucun appel anonyme.',
    failed:
      'L’instance auteur n’a pas donné les annotations de la page ; le journal du site en dit la cause.',
  },
  en: {
    title: 'Edit mode: no green bars on this page.',
    forbidden:
      'The author instance refuses the annotations to the preview account (CMS_PREVIEW_CREDENTIALS): since Pages 6.3.5 that account must be allowed to write to the “website” workspace.',
    unauthorized:
      'The author instance does not accept the preview account: CMS_PREVIEW_CREDENTIALS is missing or wrong, and it answers no anonymous call.',
    failed: 'The author instance did not give the page’s annotations; the site’s log says why.',
  },
};

const SEE = {
  fr: 'Voir docs/editing.md, « Author credentials ».',
  en: 'See docs/editing.md, “Author credentials”.',
};

/** The edit-mode diagnostic shown in the page when its annotations are missing, in its language. */
export function missingAnnotationsNotice(locale: Locale, missing: AnnotationsMissing): string {
  const text = MISSING_NOTICE[locale];
  return `<div class="edit-diagnostic" role="alert" lang="${locale}"><p><strong>${text.title}</strong></p><p>${text[missing]}</p><p>${SEE[locale]}</p></div>`;
}

/**
 * The edit plan of the site node (`/_preview/node/<lang>/{app}`, docs/editing.md "The header and
 * the footer"), for any view: its header and footer are edited around the page, which is only
 * shown; undefined when the author instance cannot say (logged).
 */
export async function siteEditPlanFor(
  state: ViewState,
  diagnostics: readonly Diagnostic[],
  content: Pick<ContentClient, 'getSiteEditPlan' | 'describeFailure'>,
  warn: (message: string) => void,
): Promise<EditPlan | undefined> {
  const result = await content.getSiteEditPlan(state.locale);
  if (!result.ok) {
    warn(`edit mode of the site node (${state.locale}): ${content.describeFailure(result)}`);
    return undefined;
  }
  return result.data ? withNotes(result.data, diagnostics, state.locale) : undefined;
}

/**
 * An edit-mode document: the edit styles (the preview's sheet) and the editor bridge (the build
 * always has it), told the author instance's origin; first in the body, the diagnostic `notice`
 * when there is one. The preview's bar is not there: the Pages app has its own.
 */
export function withEditMode(
  html: string,
  bridge: string | undefined,
  authorOrigin: string,
  notice = '',
): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const script = bridge
    ? `<script type="module" src="${attr(bridge)}" data-author="${attr(authorOrigin)}"></script>\n`
    : '';
  const styled = withPreviewStyles(html, script);
  return notice ? styled.replace(/<body[^>]*>/, (body) => `${body}\n${notice}`) : styled;
}

/**
 * Where a page named by its node path (`/_preview/node/<lang><node path>`) is on the site, in
 * that language: the author instance is asked for that one node (one call, not the listing);
 * null when it has no page there, or cannot say (logged).
 */
export async function pageOfNode(
  content: Pick<ContentClient, 'getPageAtNode' | 'describeFailure'>,
  lang: Locale,
  nodePath: string,
  warn: (message: string) => void,
): Promise<string | null> {
  const result = await content.getPageAtNode(lang, nodePath);
  if (!result.ok) {
    warn(`edit mode's node entry ${nodePath}: ${content.describeFailure(result)}`);
    return null;
  }
  const page = result.data;
  const path = page && (lang === 'fr' ? page.URLfr : page.URLen);
  return path ? contentPath(lang, path) : null;
}
