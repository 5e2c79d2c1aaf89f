/**
 * A light check of the `/_data/*` answers the browser reads (docs/architecture.md, "Answers the
 * browser reads"): the format they were written in, then the fields the code relies on. A proxy's
 * error page, a truncated body or a server of another release fails here, with a reason, instead
 * of failing later inside a render. The server's own output is trusted for everything deeper:
 * each check is a type predicate over the fields it reads, and the format number says the rest
 * was written from the same types by this release (decision 0067).
 */
import { isLocale, type Locale } from '../domain/locale';
import type { FrameData, LoadResult, SiteState } from './state';
import {
  checkFormat,
  isObject,
  lotsProblem,
  shape,
  type Checked,
  type Fields,
} from './answer-format';

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

function redirectProblem({ location, status }: Fields): string | undefined {
  if (typeof location !== 'string' || !location.startsWith('/') || location.startsWith('//')) {
    return 'redirect without a path of the site';
  }
  return status === 301 || status === 302 ? undefined : 'redirect status is not 301 or 302';
}

function loadResultProblem(answer: Fields): string | undefined {
  if (answer.type === 'redirect') return redirectProblem(answer);
  if (answer.type !== 'view') return 'type is neither redirect nor view';
  const { state, status } = answer;
  if (typeof status !== 'number') return 'view without a status';
  if (!isObject(state) || typeof state.path !== 'string' || !isLocale(state.locale)) {
    return 'view without state.path and state.locale';
  }
  return viewProblem(state.view);
}

function isLoadResult(answer: Fields): answer is Fields & LoadResult {
  return loadResultProblem(answer) === undefined;
}

/** `/_data/view`: a redirect to a path of the site, or a view of a known kind. */
export function checkLoadResult(json: unknown): Checked<LoadResult> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const answer = checked.value;
  return isLoadResult(answer)
    ? { ok: true, value: answer }
    : shape(loadResultProblem(answer) ?? '');
}

function siteProblem(site: unknown, locale: Locale): string | undefined {
  if (!isObject(site) || site.locale !== locale) return `site of another language than ${locale}`;
  if (site.status === 'error') return undefined;
  if (site.status !== 'ok' || !isObject(site.site)) return 'site without status ok or error';
  return undefined;
}

function isSiteState(answer: Fields, locale: Locale): answer is Fields & SiteState {
  return siteProblem(answer, locale) === undefined;
}

/** `/_data/site`: the header and footer content of the language asked for. */
export function checkSiteState(json: unknown, locale: Locale): Checked<SiteState> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const answer = checked.value;
  return isSiteState(answer, locale)
    ? { ok: true, value: answer }
    : shape(siteProblem(answer, locale) ?? '');
}

function frameProblem({ config, logicalDate, site }: Fields, locale: Locale): string | undefined {
  if (!isObject(config) || typeof config.timeZone !== 'string') return 'no config';
  if (typeof logicalDate !== 'string') return 'no logical date';
  return siteProblem(site, locale);
}

function isFrameData(answer: Fields, locale: Locale): answer is Fields & FrameData {
  return frameProblem(answer, locale) === undefined;
}

/** `/_data/frame`: public configuration, logical date and site node for the standalone frame. */
export function checkFrameData(json: unknown, locale: Locale): Checked<FrameData> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const answer = checked.value;
  return isFrameData(answer, locale)
    ? { ok: true, value: answer }
    : shape(frameProblem(answer, locale) ?? '');
}
