/**
 * What the content boundary could not use, per page: every content answer a page is made from
 * tells its diagnostics (src/content/schema/diagnostics.ts), cached or not, and the page keeps
 * their union. The list travels with the rendered page (never into its HTML) for the editors'
 * preview, and the last list of each page is kept, bounded, for operators
 * (docs/operations.md "Content diagnostics").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Diagnostic } from '../content/schema/diagnostics';

const collecting = new AsyncLocalStorage<Map<string, readonly Diagnostic[]>>();

/** Runs `produce` gathering the diagnostics of every content answer it reads. */
export async function collectDiagnostics<T>(
  produce: () => Promise<T>,
): Promise<{ value: T; diagnostics: Diagnostic[] }> {
  const byAnswer = new Map<string, readonly Diagnostic[]>();
  const value = await collecting.run(byAnswer, produce);
  return { value, diagnostics: [...byAnswer.values()].flat() };
}

/** Notes an answer's diagnostics for the page being made, if any (each answer counted once). */
export function noteDiagnostics(key: string, diagnostics: readonly Diagnostic[]): void {
  collecting.getStore()?.set(key, diagnostics);
}

/** Runs `read` outside the page being made: what it reads is not the page's content. */
export function apartFromPage<T>(read: () => T): T {
  return collecting.exit(read);
}

interface PageDiagnostics {
  path: string;
  /** When the page was last made (ISO 8601). */
  at: string;
  diagnostics: readonly Diagnostic[];
}

/**
 * The last diagnostics of each page made, for at most `maxPages` pages (the least recently made
 * forgotten first): a page made again without problems leaves the list.
 */
export function createDiagnosticsStore(maxPages = 1000) {
  const pages = new Map<string, PageDiagnostics>();
  return {
    record(path: string, diagnostics: readonly Diagnostic[], now = new Date()): void {
      pages.delete(path);
      if (!diagnostics.length) return;
      pages.set(path, { path, at: now.toISOString(), diagnostics });
      if (pages.size > maxPages) pages.delete(pages.keys().next().value as string);
    },
    get(path: string): PageDiagnostics | undefined {
      return pages.get(path);
    },
    /** Every page with diagnostics, the most recently made first. */
    list(): PageDiagnostics[] {
      return [...pages.values()].reverse();
    },
  };
}
