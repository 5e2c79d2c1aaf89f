/**
 * The browser's sanitiser as the site ships it (src/content/sanitize.ts: DOMPurify with the site's
 * options and hooks), bundled for a blank page, so that a test runs that code in Chromium and not
 * a copy of it.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build, type Rolldown } from 'vite';

/** The name the bundle takes in the page. */
const GLOBAL = 'SiteSanitizer';

let bundle: Promise<string> | undefined;

function bundled(): Promise<string> {
  bundle ??= build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: path.resolve('src/content/sanitize.ts'), formats: ['iife'], name: GLOBAL },
    },
  }).then((result) => {
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunk = outputs[0]?.output[0];
    if (chunk?.type !== 'chunk') throw new Error('the sanitiser did not bundle');
    return chunk.code;
  });
  return bundle;
}

/**
 * Puts the site's browser sanitiser on a blank page (no CSP, nothing of the site's own) as
 * `window.siteSanitizer`: `createDomEngine(window)` of src/content/sanitize.ts.
 */
export async function installBrowserSanitizer(page: Page): Promise<void> {
  await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
  await page.addScriptTag({
    content: `${await bundled()}\nwindow.siteSanitizer = ${GLOBAL}.createDomEngine(window);`,
  });
}

/** What `installBrowserSanitizer` puts on the page, for `page.evaluate`. */
export interface BrowserSanitizer {
  html(dirty: string): string;
  text(dirty: string): string;
}
