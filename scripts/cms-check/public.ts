/**
 * The public instance, asked anonymously what the site asks it, the way the site asks (the site's
 * own content client, src/content/client.ts): each endpoint open, JSON, accepted by the site's
 * schemas, English in English, and lots with a ticket or a winner.
 */
import { createContentClient, type ContentClient } from '../../src/content/client';
import type { FetchResult } from '../../src/content/http';
import type { Page } from '../../src/content/models';
import {
  describeDiagnostic,
  fingerprint,
  type Diagnostic,
} from '../../src/content/schema/diagnostics';
import type { Locale } from '../../src/domain/locale';
// As the site's sitemap reads the listing.
import { MAX_LISTING_PAGES, PAGE_SIZE } from '../../src/server/seo';
import type { CheckOptions } from './args';
import { fail, ok, skip, warn, type Finding } from './findings';
import { rawTranslations, sameAnswer } from './language';
import type { Recorder } from './recorder';

/** Pages looked up by their own URL, per language: enough to see the lookup work. */
const MAX_LOOKUPS = 50;
/** Refusals shown per answer; the rest are counted. */
const MAX_SHOWN = 8;

const LANGS: readonly Locale[] = ['fr', 'en'];

type Failure = Extract<FetchResult<unknown>, { ok: false }>;

/** The line for a call that got no usable answer, with what to change on the instance. */
export function endpointFailure(
  check: string,
  f: Failure,
  app: string,
  timeoutMs: number,
): Finding {
  const endpoint = check.replace(/^author /, '').split(/[/?\s]/)[0] ?? check;
  if (f.reason === 'status' && (f.status === 401 || f.status === 403))
    return fail(
      check,
      `closed to anonymous visitors (HTTP ${f.status}).`,
      `in the Security app, give the public instance's anonymous role Get on /.rest/${app}/* under Web access (and /dam/* when images come from this instance); docs/editing.md.`,
    );
  if (f.reason === 'status' && f.status === 404)
    return fail(
      check,
      'not found (HTTP 404): no such endpoint on this instance.',
      `install the light module on this instance (restEndpoints/delivery/${endpoint}.yaml defines it) and check that the Definitions app lists it; if the REST segment is not "${app}", give it with --app.`,
    );
  if (f.reason === 'status')
    return fail(check, `HTTP ${f.status ?? '?'}.`, "read the instance's log for this URL.");
  if (f.reason === 'not-json' || f.reason === 'invalid-json')
    return fail(
      check,
      `not JSON (${f.message}).`,
      'a login page, a proxy or a maintenance page answers instead of the delivery endpoint: open the URL in a browser without a session.',
    );
  if (f.reason === 'shape')
    return fail(
      check,
      `not a delivery answer (${f.message}).`,
      `define the endpoint as the module does (class JcrDeliveryEndpointDefinition, restEndpoints/delivery/${endpoint}.yaml).`,
    );
  if (f.reason === 'timeout')
    return fail(
      check,
      `no answer within ${timeoutMs} ms.`,
      'check the instance is up and reachable from here (or raise --timeout).',
    );
  return fail(
    check,
    `unreachable (${f.reason}: ${f.message}).`,
    'check the origin, context path included, and that this machine can reach it.',
  );
}

/**
 * A refusal that breaks what the site reads (a lot, a tile, a page, the site node, one of their
 * fields) fails; one inside a page's components is the editors' to fix, and the page shows
 * without it (docs/content-contract.md "Diagnostics"), so it warns.
 */
function isEditorial(d: Diagnostic): boolean {
  if (
    ['unknown-kind', 'unsafe-link', 'unsafe-markup', 'too-long', 'outside-window'].includes(d.rule)
  )
    return true;
  return d.kind !== undefined;
}

interface Context {
  options: CheckOptions;
  client: ContentClient;
  recorder: Recorder;
  findings: Finding[];
  seen: Set<string>;
}

function rest(
  options: CheckOptions,
  call: string,
  params: Record<string, string | number>,
): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${options.publicOrigin}/.rest/${encodeURIComponent(options.app)}/${call}${query ? `?${query}` : ''}`;
}

/** The lines of one answer: its failure, or its schemas' refusals (each once), or that it passed. */
function report<T>(
  ctx: Context,
  check: string,
  result: FetchResult<T>,
  passed: string,
): result is Extract<FetchResult<T>, { ok: true }> {
  if (!result.ok) {
    ctx.findings.push(endpointFailure(check, result, ctx.options.app, ctx.options.timeoutMs));
    return false;
  }
  const fresh = (result.diagnostics ?? []).filter((d) => {
    const key = fingerprint(d);
    if (ctx.seen.has(key)) return false;
    ctx.seen.add(key);
    return true;
  });
  const refused = fresh.filter((d) => !isEditorial(d));
  const editorial = fresh.filter(isEditorial);
  if (!refused.length) {
    const notes = editorial.length ? ` (${editorial.length} content warning(s) below)` : '';
    ctx.findings.push(ok(check, `${passed}; the site's schemas accept it${notes}.`));
  }
  refused
    .slice(0, MAX_SHOWN)
    .forEach((d) =>
      ctx.findings.push(
        fail(
          check,
          `the site's schemas refuse it: ${describeDiagnostic(d)}${d.field ? ` (node ${d.path}, field ${d.field})` : ` (node ${d.path})`}.`,
          'make the field what docs/content-contract.md says the site reads: fix the value, or the dialog, content type or endpoint that writes it.',
        ),
      ),
    );
  if (refused.length > MAX_SHOWN)
    ctx.findings.push(fail(check, `and ${refused.length - MAX_SHOWN} more refusals.`, 'as above.'));
  editorial
    .slice(0, MAX_SHOWN)
    .forEach((d) =>
      ctx.findings.push(
        warn(
          check,
          `${describeDiagnostic(d)}.`,
          'the page shows without it: correct it in the Pages app.',
        ),
      ),
    );
  if (editorial.length > MAX_SHOWN)
    ctx.findings.push(
      warn(check, `and ${editorial.length - MAX_SHOWN} more content warnings.`, 'as above.'),
    );
  return true;
}

/** The whole listing, page by page as the site's sitemap reads it; null when a call failed. */
async function listing(ctx: Context, lang: Locale): Promise<Page[] | null> {
  const pages: Page[] = [];
  for (let index = 0; index < MAX_LISTING_PAGES; index++) {
    const result = await ctx.client.listPages(lang, PAGE_SIZE, index * PAGE_SIZE);
    const check = `listerPages?lang=${lang}&limit=${PAGE_SIZE}&offset=${index * PAGE_SIZE}`;
    if (!result.ok) {
      report(ctx, check, result, '');
      return null;
    }
    pages.push(...result.data);
    if (result.data.length < PAGE_SIZE) {
      report(
        ctx,
        `listerPages?lang=${lang} (paged list)`,
        result,
        `${pages.length} page(s) listed`,
      );
      return pages;
    }
  }
  return pages;
}

/** Each listed page (up to MAX_LOOKUPS) found again by its own URL, as a visit asks for it. */
async function lookups(ctx: Context, lang: Locale, pages: readonly Page[]): Promise<void> {
  const param = lang === 'fr' ? 'URLfr' : 'URLen';
  const sample = pages.filter((p) => p[param]).slice(0, MAX_LOOKUPS);
  let found = 0;
  for (const page of sample) {
    const url = page[param] ?? '';
    const check = `listerPages?${param}=${url}&lang=${lang}`;
    const result = await ctx.client.getPage(lang, url);
    // The page's own refusals were told with the listing: only the look-up is news here.
    if (!result.ok)
      ctx.findings.push(endpointFailure(check, result, ctx.options.app, ctx.options.timeoutMs));
    else if (result.data?.path === page.path) found++;
    else
      ctx.findings.push(
        fail(
          check,
          `the page ${page.path} listed with ${param} "${url}" is not found by it.`,
          `the endpoint listerPages must filter on ${param} (restEndpoints/delivery/listerPages.yaml as the module ships it).`,
        ),
      );
  }
  if (found === sample.length && sample.length)
    ctx.findings.push(
      ok(`listerPages?${param}=…&lang=${lang}`, `${found} page(s) found by their own ${param}.`),
    );
}

/** English answers English where English exists: no raw `_en` properties, not the French answer. */
function language(
  ctx: Context,
  check: string,
  frUrl: string,
  enUrl: string,
  wholeAnswer: boolean,
): void {
  const french = ctx.recorder.raw(frUrl);
  const english = ctx.recorder.raw(enUrl);
  if (french === undefined || english === undefined) return;
  const raw = rawTranslations(english);
  const fix =
    "enable i18n in the site definition (fr default and fallback, en) so that Magnolia's delivery API answers each property in the language asked; docs/editing.md.";
  if (raw.length) {
    const first = raw[0];
    ctx.findings.push(
      fail(
        check,
        `lang=en answers the French values, with ${raw.length} raw English propert${raw.length === 1 ? 'y' : 'ies'} beside them (node ${first?.path ?? ''}, field ${first?.field ?? ''}).`,
        fix,
      ),
    );
  } else if (wholeAnswer && sameAnswer(french, english)) {
    ctx.findings.push(fail(check, 'lang=en answers exactly what lang=fr answers.', fix));
  } else ctx.findings.push(ok(check, 'lang=en answers English.'));
}

/** Lots the lists cannot show: neither a ticket nor a winner. */
function lots(
  ctx: Context,
  result: FetchResult<{ name: string; billet?: unknown; gagnant?: unknown }[]>,
): void {
  if (!result.ok) return;
  const bare = result.data.filter((lot) => !lot.billet && !lot.gagnant);
  if (!bare.length) {
    ctx.findings.push(ok('lots', `all ${result.data.length} lot(s) have a ticket or a winner.`));
    return;
  }
  const names = bare
    .slice(0, MAX_SHOWN)
    .map((lot) => lot.name)
    .join(', ');
  ctx.findings.push(
    fail(
      'lots',
      `${bare.length} lot(s) with neither ticket nor winner: ${names}${bare.length > MAX_SHOWN ? ', …' : ''}.`,
      'give each lot its ticket or its winner in the lots app (children billet / gagnant, or {lot}-B / {lot}-G), publish them, and check that listerLots has depth 3 or more.',
    ),
  );
}

export async function checkPublic(options: CheckOptions, recorder: Recorder): Promise<Finding[]> {
  const ctx: Context = {
    options,
    recorder,
    findings: [],
    seen: new Set(),
    client: createContentClient({
      origin: options.publicOrigin,
      app: options.app,
      media: options.publicOrigin,
      timeoutMs: options.timeoutMs,
      fetcher: recorder.fetcher,
      warn: () => undefined,
      logDiagnostic: () => undefined,
    }),
  };
  const { client, findings } = ctx;
  const site = `listerTout/${options.app}`;

  const first = await client.getSite('fr');
  if (!first.ok && (first.reason === 'network' || first.reason === 'timeout')) {
    findings.push(endpointFailure(`${site}?lang=fr`, first, options.app, options.timeoutMs));
    findings.push(skip('public instance', 'nothing else checked: the instance does not answer.'));
    return findings;
  }
  report(ctx, `${site}?lang=fr`, first, 'answers the site node');
  report(ctx, `${site}?lang=en`, await client.getSite('en'), 'answers the site node');
  const siteUrl = (lang: Locale) => rest(options, site, { lang });
  language(ctx, `${site} fr/en`, siteUrl('fr'), siteUrl('en'), true);

  for (const lang of LANGS) {
    const pages = await listing(ctx, lang);
    if (pages) await lookups(ctx, lang, pages);
  }
  const listed = (lang: Locale) =>
    rest(options, 'listerPages', { lang, limit: PAGE_SIZE, offset: 0 });
  language(ctx, 'listerPages fr/en', listed('fr'), listed('en'), true);

  const frLots = await client.getLots('fr');
  report(ctx, 'listerLots?lang=fr', frLots, `answers ${frLots.ok ? frLots.data.length : 0} lot(s)`);
  const enLots = await client.getLots('en');
  report(ctx, 'listerLots?lang=en', enLots, `answers ${enLots.ok ? enLots.data.length : 0} lot(s)`);
  const lotsUrl = (lang: Locale) => rest(options, 'listerLots', { lang });
  language(ctx, 'listerLots fr/en', lotsUrl('fr'), lotsUrl('en'), false);
  lots(ctx, frLots);

  const tiles = await client.getDecorTiles();
  report(ctx, 'listerVignettesDeco', tiles, `answers ${tiles.ok ? tiles.data.length : 0} tile(s)`);

  for (const lang of LANGS) {
    const chronicles = await client.getChronicles(lang);
    const count = chronicles.ok ? chronicles.data.length : 0;
    report(ctx, `listerChroniques?lang=${lang}`, chronicles, `answers ${count} chronicle(s)`);
  }
  const chroniclesUrl = (lang: Locale) =>
    rest(options, 'listerChroniques', { orderBy: 'dateChronique desc', lang });
  language(ctx, 'listerChroniques fr/en', chroniclesUrl('fr'), chroniclesUrl('en'), false);
  return findings;
}
