/** Reads and validates the demo content files; every error names the file and the field. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  describeIssue,
  formatIssuePath,
  lotsSchema,
  pageSchema,
  siteSchema,
  tilesSchema,
  type LotsFile,
  type PageFile,
  type SiteFile,
  type TilesFile,
} from './content-schema';

export interface PageEntry {
  /** Path of the file relative to the content directory, for messages. */
  file: string;
  page: PageFile;
}

export interface Content {
  dir: string;
  site: SiteFile;
  pages: PageEntry[];
  lots: LotsFile;
  tiles: TilesFile;
}

/**
 * The content shipped beside this module. When the module has been bundled elsewhere the
 * directory may not sit beside it; the working-directory form then applies.
 */
export function defaultContentDir(): string {
  const besideModule = fileURLToPath(new URL('./content/', import.meta.url));
  if (existsSync(besideModule)) return besideModule;
  return path.resolve('embedded', 'cms', 'content');
}

class ContentError extends Error {
  override name = 'ContentError';
}

/** Shown in messages: relative to the working directory when inside it. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join('/');
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ContentError(`${displayPath(file)}: cannot be read`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentError(`${displayPath(file)}: invalid JSON: ${(error as Error).message}`);
  }
}

function parseFile<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const result = schema.safeParse(readJson(file));
  if (result.success) return result.data;
  const lines = result.error.issues
    .slice(0, 10)
    .map(
      (issue) => `${displayPath(file)}: ${formatIssuePath(issue.path)}: ${describeIssue(issue)}`,
    );
  throw new ContentError(lines.join('\n'));
}

function listJsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name))
    .sort();
}

function assertUnique(values: { key: string; where: string }[], what: string): void {
  const seen = new Map<string, string>();
  for (const { key, where } of values) {
    const first = seen.get(key);
    if (first !== undefined)
      throw new ContentError(`${where}: duplicate ${what} "${key}" (also in ${first})`);
    seen.set(key, where);
  }
}

export function loadContent(dir: string = defaultContentDir()): Content {
  if (!existsSync(dir)) throw new ContentError(`${displayPath(dir)}: content directory not found`);
  const site = parseFile(path.join(dir, 'site.json'), siteSchema);
  const lotsFile = path.join(dir, 'lots.json');
  const lots = parseFile(lotsFile, lotsSchema);
  const tiles = parseFile(path.join(dir, 'vignettes-deco.json'), tilesSchema);
  const pages = listJsonFiles(path.join(dir, 'pages')).map((file) => ({
    file: displayPath(file),
    page: parseFile(file, pageSchema),
  }));
  assertUnique(
    pages.map((entry) => ({ key: entry.page.URLfr, where: `${entry.file}: URLfr` })),
    'URLfr',
  );
  assertUnique(
    pages.map((entry) => ({ key: entry.page.URLen, where: `${entry.file}: URLen` })),
    'URLen',
  );
  assertUnique(
    lots.lots.map((lot, index) => ({
      key: lot.name,
      where: `${displayPath(lotsFile)}: lots[${index}].name`,
    })),
    'lot name',
  );
  return { dir, site, pages, lots, tiles };
}

/** The drafts shipped beside the content (docs/preview.md "The demo's drafts"). */
function defaultDraftsDir(): string {
  const besideModule = fileURLToPath(new URL('./drafts/', import.meta.url));
  if (existsSync(besideModule)) return besideModule;
  return path.resolve('embedded', 'cms', 'drafts');
}

/**
 * What Magnolia's author instance holds: the published content with the drafts applied. A page
 * of `drafts/pages/` replaces the published page of the same `URLfr` (a change not yet
 * published) or is added (a page never published); a lot of `drafts/lots.json` likewise, by
 * name. A missing directory or file means no drafts.
 */
export function withDrafts(content: Content, dir: string = defaultDraftsDir()): Content {
  const drafts = listJsonFiles(path.join(dir, 'pages')).map((file) => ({
    file: displayPath(file),
    page: parseFile(file, pageSchema),
  }));
  const draftPages = new Set(drafts.map((d) => d.page.URLfr));
  const lotsFile = path.join(dir, 'lots.json');
  const draftLots = existsSync(lotsFile) ? parseFile(lotsFile, lotsSchema).lots : [];
  const draftNames = new Set(draftLots.map((lot) => lot.name));
  const pages = [...content.pages.filter((e) => !draftPages.has(e.page.URLfr)), ...drafts];
  assertUnique(
    pages.map((entry) => ({ key: entry.page.URLen, where: `${entry.file}: URLen` })),
    'URLen',
  );
  return {
    ...content,
    pages,
    lots: { lots: [...draftLots, ...content.lots.lots.filter((l) => !draftNames.has(l.name))] },
  };
}

/**
 * The public content once the author instance's page at `nodePath` is published, as Magnolia's
 * publication copies a page from the author instance to the public one: it replaces the public
 * page of the same `URLfr`, or is added. `null` when the author instance has no such page.
 */
export function withPublishedPage(
  contents: { author: Content; published: Content },
  nodePath: string,
  app: string,
): Content | null {
  const at = (entry: PageEntry) => `/${app}/${entry.page.URLfr}` === nodePath;
  const entry = contents.author.pages.find(at);
  if (entry === undefined) return null;
  const { published } = contents;
  const index = published.pages.findIndex(at);
  const pages =
    index < 0
      ? [...published.pages, entry]
      : published.pages.map((page, i) => (i === index ? entry : page));
  return { ...published, pages };
}
