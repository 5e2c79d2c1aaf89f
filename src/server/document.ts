/** The HTML document around the four server-rendered roots. */
import type { RenderedPage } from '../app/entry-server';
import {
  AFTER_PAINT_ATTRIBUTE,
  EARLY_ATTRIBUTE,
  PHONE_ATTRIBUTE,
  START_ATTRIBUTE,
} from '../app/after-paint';
import { forHydration } from '../app/hydration-state';
import { NAVIGATION_KIT_ATTRIBUTE } from '../app/navigation-kit';
import {
  HEADER_END_ID,
  MOUNTS,
  STATE_ELEMENT_ID,
  STATE_SOURCE_ATTRIBUTE,
  type Snapshot,
} from '../app/state';
import { CMP_ELEMENT_ID, CMP_LOADER_ATTRIBUTE, VENDOR_LIST } from '../ui/consent/consent';
import type { CmpLoader } from './cmp';

export interface Assets {
  /** Module scripts to run, in order (when the entry is not written into the page). */
  scripts: string[];
  /**
   * Production: the entry's code, written into the page as its one module script instead of
   * `scripts`, allowed by its hash in the CSP (docs/decisions/0056-entry-in-the-page.md).
   */
  inlineEntry?: string;
  styles: string[];
  /** Modules the scripts import at once, fetched early. */
  preloads: string[];
  /** The start module, which the entry imports after the first paint, then its imports. */
  start?: string[];
  /** Extra head markup (development: Vite's client). */
  headExtra?: string;
  /** Language → its messages' chunk (production): the browser loads only the page's. */
  catalogues?: Partial<Record<string, string>>;
  /** The sports area's early module, then its imports: the entry runs it at once. */
  sportsEarly?: string[];
  /** The sports area's view and its imports, those of the early module left out. */
  sportsView?: string[];
  /** The app banner's early module for phones, then its imports (not already in the list). */
  appBanner?: string[];
  /** The modules every client-side navigation needs, fetched once the page is idle (production). */
  navigationKit?: string[];
  /** Origins the page's first images come from, when not the site's own. */
  preconnect?: string[];
  /** The editor bridge, which edit-mode pages alone load (docs/editing.md). */
  editorBridge?: string;
}

/**
 * JSON inside a script element: `<` escaped so no content can close the element. Only what
 * hydrates travels (app/hydration-state.ts).
 */
export function serializeState(snapshot: Snapshot): string {
  return JSON.stringify(forHydration(snapshot))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The hydration state as the document writes it: in the page, or named by its address beside
 * it (docs/decisions/0081-state-beside-the-document.md).
 */
export type WrittenState = { json: string } | { src: string };

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The built entry's code, ready to be written into a `<script>` element: its source map comment
 * dropped (a relative URL would resolve against the page's). Refuses code that would not run the
 * same inline: a relative import (it would resolve against the page's URL) or text that ends or
 * confuses the element. The message names the file, for a build that changed.
 */
export function inlineEntryCode(code: string, file: string): string {
  const text = code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').trim();
  if (/\b(?:from|import)\s*\(?\s*["'`]\.\.?\//.test(text))
    throw new Error(`${file} imports a module by a relative path: it cannot be written into pages`);
  if (/<\/script|<!--/i.test(text))
    throw new Error(`${file} holds "</script" or "<!--": it cannot be written into pages`);
  return text;
}

/**
 * The modules the page needs once the first screen has painted: the site's start module and its
 * imports, the page's language's messages (and the sports area's view). The entry asks for them
 * all at once, then (entry-client.ts).
 */
function afterPaintModules(snapshot: Snapshot, assets: Assets): string[] {
  // The start module itself is run right after; its imports are what gains from the list.
  const modules = new Set<string>(assets.start?.slice(1));
  const catalogue = assets.catalogues?.[snapshot.locale];
  if (catalogue) modules.add(catalogue);
  if (snapshot.view.kind === 'sports') assets.sportsView?.forEach((h) => modules.add(h));
  // No block chunk: the browser asks for each once the page is interactive and the block near
  // the screen (docs/decisions/0047-blocks-after-the-frame.md).
  return [...modules];
}

/**
 * The operator's consent manager: an inert element naming its loader, which the browser entry adds
 * once the first screen has painted, and its vendors' ids, which the consent adapter reads
 * (src/ui/consent/consent.ts, docs/decisions/0080-first-screen-first.md).
 */
function cmpElement(cmp: CmpLoader | undefined): string {
  if (!cmp) return '';
  const vendors = VENDOR_LIST.map((v) => ` data-${v}="${attr(cmp.vendors[v])}"`).join('');
  return `<template id="${CMP_ELEMENT_ID}" ${CMP_LOADER_ATTRIBUTE}="${attr(cmp.script)}"${vendors}></template>\n`;
}

function stateElement(state: WrittenState): string {
  return 'src' in state
    ? `<script type="application/json" id="${STATE_ELEMENT_ID}" ${STATE_SOURCE_ATTRIBUTE}="${attr(state.src)}"></script>`
    : `<script type="application/json" id="${STATE_ELEMENT_ID}">${state.json}</script>`;
}

export function renderDocument(
  page: RenderedPage,
  snapshot: Snapshot,
  assets: Assets,
  cmp: CmpLoader | undefined,
  state: WrittenState,
): string {
  const { mounts } = page;
  const { styles, preloads } = assets;
  const later = afterPaintModules(snapshot, assets).join(' ');
  // Internet Explorer runs no script: no kit for it (docs/decisions/0046).
  const kit = snapshot.client.internetExplorer ? undefined : assets.navigationKit?.join(' ');
  const start = assets.start?.[0];
  // The sports area's widget (none in a preview) starts without waiting for the site's code.
  const widgetUrl = snapshot.view.kind === 'sports' ? snapshot.config.bettingWidgetUrl : undefined;
  const early = widgetUrl === undefined ? undefined : assets.sportsEarly?.join(' ');
  // A phone's app banner shows before the site's code (src/features/app-banner/early.ts); never
  // for Internet Explorer, which runs no script.
  // The module first, then its imports, which the entry asks for in the same breath.
  const phone = snapshot.client.internetExplorer ? undefined : assets.appBanner?.join(' ');
  const entryAttributes =
    (start ? ` ${START_ATTRIBUTE}="${attr(start)}"` : '') +
    (early ? ` ${EARLY_ATTRIBUTE}="${attr(early)}"` : '') +
    (phone ? ` ${PHONE_ATTRIBUTE}="${attr(phone)}"` : '') +
    (later ? ` ${AFTER_PAINT_ATTRIBUTE}="${attr(later)}"` : '') +
    (kit ? ` ${NAVIGATION_KIT_ATTRIBUTE}="${attr(kit)}"` : '');
  // The sports area's content is the betting widget's: its script downloads during the first
  // paint (at low priority, behind the style sheet, which the first paint needs), for the entry's
  // early module to run it at once (src/app/entry-client.ts,
  // docs/decisions/0080-first-screen-first.md).
  const widget =
    widgetUrl === undefined
      ? ''
      : `<link rel="preload" as="script" href="${attr(widgetUrl)}" fetchpriority="low">\n`;
  // The header is painted whole: its bar is a row whose items place each other, so a first paint
  // of half of it moves the rest when the other half is parsed. The first paint waits for an empty
  // element after it (browsers unblock on the element's start tag; an empty one is also fully
  // parsed then): docs/decisions/0038-header-painted-whole.md.
  return `<!doctype html>
<html lang="${attr(page.lang)}" class="site">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${cmpElement(cmp)}<meta name="theme-color" content="#15232c">
${page.headHtml}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${(assets.preconnect ?? []).map((origin) => `<link rel="preconnect" href="${attr(origin)}">`).join('\n')}
${styles.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join('\n')}
<link rel="expect" href="#${HEADER_END_ID}" blocking="render">
${widget}${preloads.map((href) => `<link rel="modulepreload" href="${attr(href)}">`).join('\n')}
${assets.headExtra ?? ''}
${
  assets.inlineEntry === undefined
    ? assets.scripts
        .map((src) => `<script type="module" src="${attr(src)}"${entryAttributes}></script>`)
        .join('\n')
    : `<script type="module"${entryAttributes}>${assets.inlineEntry}</script>`
}
</head>
<body class="${attr(page.bodyClass)}">
<div id="${MOUNTS.banner}">${mounts.banner}</div>
<div id="${MOUNTS.header}">${mounts.header}</div><template id="${HEADER_END_ID}"></template>
<main id="${MOUNTS.main}" tabindex="-1">${mounts.main}</main>
<div id="${MOUNTS.footer}">${mounts.footer}</div>
${page.appBannerTemplates}
${stateElement(state)}
</body>
</html>`;
}
