/**
 * The browser side of an editor's preview (docs/preview.md): every move inside the site loads
 * the preview of its target, the preview's own query (token, date) kept. Loaded only when the
 * page is a preview, so that visitors' pages do not carry it.
 */
import { previewHref } from '../domain/preview';
import { divertNavigation } from '../ui/navigation';

/** Takes over the site's moves, from the preview's own query in `search`. */
export function startPreview(search: string): void {
  const own = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const name of ['token', 'date']) {
    const value = own.get(name);
    if (value !== null) keep.set(name, value);
  }
  const query = keep.toString();
  divertNavigation((to, options) => {
    const target = previewHref(to, query);
    if (options?.replace) window.location.replace(target);
    else window.location.assign(target);
  });
}
