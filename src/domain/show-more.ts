/**
 * "Show more" as a link that works without script (docs/decisions/0078-show-more-as-a-link.md):
 * the lists that have one, the query parameter that says how many items of one of them a page
 * shows, how a request's query is read for it (exactly as nginx keys on it: deploy/nginx) and
 * which counts a page accepts (a bounded set per list, so that made-up values cost neither a
 * render nor a cache entry).
 */
import { listPageSize } from './lots';
import { CHRONICLES_PAGE_SIZE } from './text';

/**
 * The lists with a "show more", by their query parameter: the content's words, the same in both
 * languages, as the specification's `?lot=` (docs/architecture.md, "Names").
 */
export const MORE_LISTS = ['billets', 'gagnants', 'chroniques'] as const;

export type MoreList = (typeof MORE_LISTS)[number];

/** How many items of one list a page shows. */
export interface ListCount {
  list: MoreList;
  count: number;
}

/** How many items each list of a page has in all (only the lists the page has). */
export type MoreTotals = Partial<Record<MoreList, number>>;

/**
 * The smallest block one "show more" adds: a phone's for the lots (a large screen's 6 are two of
 * them), 4 chroniques everywhere (docs/requirements.md §4, §9).
 */
export function moreStep(list: MoreList): number {
  return list === 'chroniques' ? CHRONICLES_PAGE_SIZE : listPageSize(true);
}

/** A count as the parameter writes it: 1 to 9999 in digits, no sign, no leading zero. */
const COUNT_FORM = /^[1-9][0-9]{0,3}$/;

/** The paths whose key in nginx's cache holds the count: a page in a language. */
const COUNTED_PATH = /^\/(?:fr|en)\//;

/**
 * What a request's raw path and query (undefined: none) ask, read as nginx's maps read them
 * (deploy/nginx/pari-boreal.conf.template): on a page in a language, for each list, the first
 * `name=value` whose value has a count's form, never decoded (`%31` is not a digit for nginx
 * either). One list at most: a query naming two or more asks for none, so that the pages of one
 * path stay a sum over its lists, not a product. `named`: one of the parameters is there,
 * whether it is read or not.
 */
export function readListCount(
  path: string,
  query: string | undefined,
): { wanted: ListCount | undefined; named: boolean } {
  const parts = query ? query.split('&') : [];
  let named = false;
  const found: ListCount[] = [];
  for (const list of MORE_LISTS) {
    const prefix = `${list}=`;
    const values = parts.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
    if (values.length > 0 || parts.includes(list)) named = true;
    const value = values.find((v) => COUNT_FORM.test(v));
    if (value !== undefined) found.push({ list, count: Number(value) });
  }
  const wanted = found.length === 1 && COUNTED_PATH.test(path) ? found[0] : undefined;
  return { wanted, named };
}

/**
 * Whether a page whose list has `total` items shows `count` of them: more than the list's first
 * block on a phone, at most all of them, and a whole number of blocks or all: the counts the
 * list's own links ask for, about one per 3 lots (4 chroniques), and no other.
 */
export function acceptsCount({ list, count }: ListCount, total: number | undefined): boolean {
  const step = moreStep(list);
  return (
    total !== undefined && count > step && count <= total && (count % step === 0 || count === total)
  );
}

/**
 * The link of a "show more" that shows `count` items of `list`, landing on the first new one
 * (`first`, its element's id): the query alone, so the page's path stays as it is.
 */
export const moreHref = (list: MoreList, count: number, first: string): string =>
  `?${list}=${count}#${first}`;
