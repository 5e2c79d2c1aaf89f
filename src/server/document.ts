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
}

/** JSON inside a script element: `<` escaped so no content can close the element. */
export function serializeState(snapshot: Snapshot): string {
  return JSON.stringify(snapshot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function renderDocument(page: RenderedPage, snapshot: Snapshot, assets: Assets): string {
  const { mounts } = page;
  return `<!doctype html>
<html lang="${attr(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#15232c">
${page.headHtml}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.styles.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join('\n')}
${assets.preloads.map((href) => `<link rel="modulepreload" href="${attr(href)}">`).join('\n')}
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
