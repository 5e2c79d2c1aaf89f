/**
 * The author instance, with the preview account (docs/editing.md): each page template's address
 * leads back to the site's preview node-path entry, and the account is given the template
 * annotations, which Pages 6.3.5 and later give only to an account that may write `website`.
 */
import { createContentClient, type ContentClient } from '../../src/content/client';
import { fetchJson } from '../../src/content/http';
import { isNode } from '../../src/content/nodes';
import type { CheckOptions } from './args';
import { fail, ok, skip, type Finding } from './findings';
import { endpointFailure } from './public';
import type { Recorder } from './recorder';

/** Where the site's preview takes a page by its node path (docs/editing.md, "The URLs"). */
export const NODE_PATH_ENTRY = '/_preview/node';
/** The token the module ships, never a deployment's. */
const PLACEHOLDER_TOKEN = 'CHANGE-ME';

/**
 * What is wrong with a page template's `baseUrl` and `routeTemplate` for the node-path entry
 * (`{site}/_preview/node` and `/{language}{{@path}}?token=T`); none: they lead back to it.
 */
export function addressProblems(baseUrl: unknown, routeTemplate: unknown): string[] {
  const problems: string[] = [];
  if (typeof baseUrl !== 'string' || !baseUrl) problems.push('it has no baseUrl');
  else {
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {
      problems.push(`its baseUrl "${baseUrl}" is no absolute URL`);
    }
    if (url && url.protocol !== 'https:' && url.protocol !== 'http:')
      problems.push(`its baseUrl "${baseUrl}" is not http(s)`);
    else if (url && !url.pathname.replace(/\/+$/, '').endsWith(NODE_PATH_ENTRY))
      problems.push(`its baseUrl "${baseUrl}" does not end with ${NODE_PATH_ENTRY}`);
  }
  if (typeof routeTemplate !== 'string' || !routeTemplate) {
    problems.push('it has no routeTemplate');
    return problems;
  }
  const [route = '', query = ''] = routeTemplate.split(/\?(.*)/s, 2);
  if (route !== '/{language}{{@path}}')
    problems.push(`its routeTemplate "${routeTemplate}" does not start with /{language}{{@path}}`);
  const token = new URLSearchParams(query).get('token');
  if (!token) problems.push(`its routeTemplate "${routeTemplate}" carries no token=`);
  else if (token === PLACEHOLDER_TOKEN)
    problems.push(
      `its routeTemplate still carries the module's placeholder token ${PLACEHOLDER_TOKEN}`,
    );
  return problems;
}

interface ListedPage {
  path: string;
  template: string;
}

/** The author's pages as its listing gives them: node path and template id. */
function listedPages(answer: unknown): ListedPage[] {
  const results = isNode(answer) && Array.isArray(answer.results) ? answer.results : [];
  return results.flatMap((node: unknown) => {
    if (!isNode(node)) return [];
    const path = node['@path'];
    const template = node['mgnl:template'];
    return typeof path === 'string' && typeof template === 'string' ? [{ path, template }] : [];
  });
}

async function checkTemplate(
  options: CheckOptions,
  recorder: Recorder,
  origin: string,
  template: string,
): Promise<Finding> {
  const check = `template ${template}`;
  const url = `${origin}/.rest/template-definitions/v1/${template}`;
  const http = { timeoutMs: options.timeoutMs, fetcher: recorder.fetcher };
  const answer = await fetchJson(url, http);
  const where = `check baseUrl and routeTemplate of ${template} in the Definitions app by hand (docs/editing.md, "The page templates' address")`;
  if (!answer.ok && answer.reason === 'status' && (answer.status === 404 || answer.status === 405))
    return skip(
      check,
      `cannot be checked: this instance has no template-definitions endpoint (HTTP ${answer.status}); ${where}.`,
    );
  if (!answer.ok && answer.reason === 'status' && (answer.status === 401 || answer.status === 403))
    return skip(
      check,
      `cannot be checked: the template-definitions endpoint refuses this account (HTTP ${answer.status}); ${where}.`,
    );
  if (!answer.ok) return skip(check, `cannot be checked (${answer.message}); ${where}.`);
  if (!isNode(answer.data))
    return skip(check, `cannot be checked: the definition is not an object; ${where}.`);
  const problems = addressProblems(answer.data.baseUrl, answer.data.routeTemplate);
  if (!problems.length)
    return ok(check, `baseUrl and routeTemplate lead back to the site's ${NODE_PATH_ENTRY} entry.`);
  return fail(
    check,
    `the Pages app cannot frame its pages: ${problems.join('; ')}.`,
    `in the deployed module, set baseUrl: https://<site>${NODE_PATH_ENTRY} and routeTemplate: '/{language}{{@path}}?token=<PREVIEW_TOKEN>' (docs/editing.md).`,
  );
}

async function checkAnnotations(
  options: CheckOptions,
  recorder: Recorder,
  origin: string,
  page: ListedPage,
  user: string,
): Promise<Finding> {
  const check = `template annotations of ${page.path}`;
  const nodePath = page.path.split('/').map(encodeURIComponent).join('/');
  const url = `${origin}/.rest/template-annotations/v1${nodePath}`;
  const answer = await fetchJson(url, { timeoutMs: options.timeoutMs, fetcher: recorder.fetcher });
  if (answer.ok && isNode(answer.data))
    return ok(check, `given to the account ${user}: the page editor can show its bars.`);
  if (!answer.ok && answer.reason === 'status' && (answer.status === 401 || answer.status === 403))
    return fail(
      check,
      `refused to the account ${user} (HTTP ${answer.status}): edit mode shows no green bars.`,
      'give the preview account a role that may read and write the website workspace (Pages 6.3.5 and later ask for write to give the annotations), and set it in CMS_PREVIEW_CREDENTIALS; docs/editing.md.',
    );
  if (!answer.ok && answer.reason === 'status' && answer.status === 404)
    return fail(
      check,
      'not found (HTTP 404): no template-annotations endpoint on this instance.',
      "install Magnolia's Pages module with its SPA support (the endpoint of the SPA templating API) on the author instance.",
    );
  if (!answer.ok) return endpointFailure(check, answer, options.app, options.timeoutMs);
  return fail(
    check,
    'the answer is not an object of annotations.',
    "read the instance's log for this URL.",
  );
}

/** Edit mode's one read of a page, by the node path the Pages app names (docs/editing.md). */
async function checkNodeRead(
  client: ContentClient,
  options: CheckOptions,
  page: ListedPage,
): Promise<Finding> {
  const under = page.path.slice(`/${options.app}/`.length);
  const check = `author listerPages/${under}?lang=fr`;
  const result = await client.getPageAtNode('fr', page.path);
  if (!result.ok) return endpointFailure(check, result, options.app, options.timeoutMs);
  if (result.data?.path === page.path)
    return ok(check, `edit mode reads the page ${page.path} by its node path.`);
  return fail(
    check,
    `the page ${page.path} is not found at its node path: edit mode cannot open it.`,
    `the listerPages endpoint's rootPath must be /${options.app} (restEndpoints/delivery/listerPages.yaml as the module ships it).`,
  );
}

export async function checkAuthor(options: CheckOptions, recorder: Recorder): Promise<Finding[]> {
  const author = options.author;
  if (!author) return [skip('author instance', 'not checked: no --author given.')];
  const { origin, credentials } = author;
  const client = createContentClient({
    origin,
    app: options.app,
    media: origin,
    timeoutMs: options.timeoutMs,
    fetcher: recorder.fetcher,
    warn: () => undefined,
    logDiagnostic: () => undefined,
  });
  const check = `author listerPages?lang=fr (account ${credentials.user})`;
  const listing = await client.listPages('fr', 100, 0);
  if (!listing.ok) {
    const refused =
      listing.reason === 'status' && (listing.status === 401 || listing.status === 403);
    const failure = refused
      ? fail(
          check,
          `refused to the account ${credentials.user} (HTTP ${listing.status ?? '?'}).`,
          `check the password, and that the account may read the website workspace and /.rest/${options.app}/* on the author instance; docs/editing.md.`,
        )
      : endpointFailure(check, listing, options.app, options.timeoutMs);
    return [
      failure,
      skip('author instance', 'templates and annotations not checked: no page listed.'),
    ];
  }
  const url = `${origin}/.rest/${encodeURIComponent(options.app)}/listerPages?lang=fr&limit=100&offset=0`;
  const pages = listedPages(recorder.raw(url));
  const findings: Finding[] = [ok(check, `${pages.length} page(s) listed to the account.`)];
  if (!pages.length)
    return [
      ...findings,
      skip('author instance', 'no page to check templates and annotations with.'),
    ];
  for (const template of [...new Set(pages.map((p) => p.template))].sort())
    findings.push(await checkTemplate(options, recorder, origin, template));
  // Any page would do; a plain one (not `404.html`) is the one an editor opens first.
  const first = pages.find((p) => !p.path.includes('.')) ?? pages[0];
  if (!first) return findings;
  findings.push(await checkNodeRead(client, options, first));
  findings.push(await checkAnnotations(options, recorder, origin, first, credentials.user));
  return findings;
}
