/** The HTML document around the four server-rendered roots. */
import type { RenderedPage } from '../app/entry-server';
import { MOUNTS, STATE_ELEMENT_ID, type Snapshot } from '../app/state';

export interface Assets {
  /** Module scripts to run, in order. */
  scripts: string[];
  styles: string[];
  /** Modules to fetch early. */
  preloads: string[];
  /** Extra head markup (development: Vite's client). */
  headExtra?: string;
  /** Block kinds in their own chunk → that chunk's modules and styles (production). */
  blocks?: Partial<Record<string, { preloads: string[]; styles: string[] }>>;
  /** Language → its messages' chunk (production): the browser loads only the page's. */
  catalogues?: Partial<Record<string, string>>;
  /** Origins the page's first images come from, when not the site's own. */
  preconnect?: string[];
}

/** JSON inside a script element: `<` escaped so no content can close the element. */
export function serializeState(snapshot: Snapshot): string {
  return JSON.stringify(snapshot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The styles and modules of the page: the entry's, then those of the blocks it renders. */
function pageAssets(
  page: RenderedPage,
  locale: string,
  assets: Assets,
): { styles: string[]; preloads: string[] } {
  const styles = new Set(assets.styles);
  const preloads = new Set(assets.preloads);
  const catalogue = assets.catalogues?.[locale];
  if (catalogue) preloads.add(catalogue);
  for (const kind of page.blockKinds) {
    // Without the block's styles in the head, its server markup would show unstyled until the
    // chunk arrives; its modules are asked for now rather than after the entry has run.
    assets.blocks?.[kind]?.styles.forEach((href) => styles.add(href));
    assets.blocks?.[kind]?.preloads.forEach((href) => preloads.add(href));
  }
  return { styles: [...styles], preloads: [...preloads] };
}

export function renderDocument(page: RenderedPage, snapshot: Snapshot, assets: Assets): string {
  const { mounts } = page;
  const { styles, preloads } = pageAssets(page, snapshot.locale, assets);
  return `<!doctype html>
<html lang="${attr(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#15232c">
${page.headHtml}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${(assets.preconnect ?? []).map((origin) => `<link rel="preconnect" href="${attr(origin)}">`).join('\n')}
${styles.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join('\n')}
${preloads.map((href) => `<link rel="modulepreload" href="${attr(href)}">`).join('\n')}
${assets.headExtra ?? ''}
${assets.scripts.map((src) => `<script type="module" src="${attr(src)}"></script>`).join('\n')}
</head>
<body class="${attr(page.bodyClass)}">
<div id="${MOUNTS.banner}">${mounts.banner}</div>
<div id="${MOUNTS.header}">${mounts.header}</div>
<main id="${MOUNTS.main}" tabindex="-1">${mounts.main}</main>
<div id="${MOUNTS.footer}">${mounts.footer}</div>
<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeState(snapshot)}</script>
</body>
</html>`;
}
