/**
 * A light check of the `/_data/*` answers the browser reads (docs/architecture.md, "Answers the
 * browser reads"): the format they were written in, then the fields the code relies on. A proxy's
 * error page, a truncated body or a server of another release fails here, with a reason, instead
 * of failing later inside a render. The server's own output is trusted for everything deeper.
 */
import { isLocale, type Locale } from '../domain/locale';
import type { FrameData, LoadResult, SiteState } from './state';
import { checkFormat, isObject, lotsProblem, shape, type Checked } from './answer-format';

const VIEW_KINDS = new Set(['content', 'error', 'site-map', 'sports', 'trigger']);

function viewProblem(view: unknown): string | undefined {
  if (!isObject(view) || typeof view.kind !== 'string' || !VIEW_KINDS.has(view.kind)) {
    return 'view.kind is not a known kind';
  }
  switch (view.kind) {
    case 'content': {
      const { page } = view;
      if (!isObject(page) || !Array.isArray(page.components) || !isObject(page.meta)) {
        return 'content view without page.components and page.meta';
      }
      if (!isObject(view.data)) return 'content view without data';
      return lotsProblem(view.data.lots);
    }
    case 'error':
      return typeof view.code === 'number' ? undefined : 'error view without a code';
    case 'site-map':
      return Array.isArray(view.groups) ? undefined : 'site map without groups';
    default:
      return undefined;
  }
}

/** `/_data/view`: a redirect to a path of the site, or a view of a known kind. */
export function checkLoadResult(json: unknown): Checked<LoadResult> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const answer = checked.value;
  if (answer.type === 'redirect') {
    const { location, status } = answer;
    if (typeof location !== 'string' || !location.startsWith('/') || location.startsWith('//')) {
      return shape('redirect without a path of the site');
    }
    if (status !== 301 && status !== 302) return shape('redirect status is not 301 or 302');
    return { ok: true, value: { type: 'redirect', location, status } };
  }
  if (answer.type !== 'view') return shape('type is neither redirect nor view');
  const { state, status } = answer;
  if (typeof status !== 'number') return shape('view without a status');
  if (!isObject(state) || typeof state.path !== 'string' || !isLocale(state.locale)) {
    return shape('view without state.path and state.locale');
  }
  const problem = viewProblem(state.view);
  if (problem) return shape(problem);
  return { ok: true, value: answer as unknown as LoadResult };
}

function siteProblem(site: unknown, locale: Locale): string | undefined {
  if (!isObject(site) || site.locale !== locale) return `site of another language than ${locale}`;
  if (site.status === 'error') return undefined;
  if (site.status !== 'ok' || !isObject(site.site)) return 'site without status ok or error';
  return undefined;
}

/** `/_data/site`: the header and footer content of the language asked for. */
export function checkSiteState(json: unknown, locale: Locale): Checked<SiteState> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const problem = siteProblem(checked.value, locale);
  return problem ? shape(problem) : { ok: true, value: checked.value as unknown as SiteState };
}

/** `/_data/frame`: public configuration, logical date and site node for the standalone frame. */
export function checkFrameData(json: unknown, locale: Locale): Checked<FrameData> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const { config, logicalDate, site } = checked.value;
  if (!isObject(config) || typeof config.timeZone !== 'string') return shape('no config');
  if (typeof logicalDate !== 'string') return shape('no logical date');
  const problem = siteProblem(site, locale);
  return problem ? shape(problem) : { ok: true, value: checked.value as unknown as FrameData };
}
