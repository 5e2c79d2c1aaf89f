/**
 * The editors' preview's addresses (docs/preview.md), apart from the site's routes so that the
 * code of visitors' pages does not carry them.
 */
/** The editors' preview of any page (docs/preview.md): `/_preview` then the page's path. */
export const PREVIEW_PREFIX = '/_preview';

/**
 * The preview of an in-site location: the prefix before its path, and the preview's own query
 * (`token`, `date`) after its own. A location outside the site is left as it is.
 */
export function previewHref(location: string, previewQuery: string): string {
  if (!location.startsWith('/') || location.startsWith('//')) return location;
  const [beforeHash = '', hash] = location.split(/#(.*)/s, 2);
  const [path = '/', query] = beforeHash.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query ?? '');
  for (const [name, value] of new URLSearchParams(previewQuery)) params.set(name, value);
  const search = params.toString();
  return `${PREVIEW_PREFIX}${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}
