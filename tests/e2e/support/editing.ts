/**
 * What the edit-mode browser specs share (docs/editing.md): the edit-mode address of a site path,
 * the author instance's origin as an edit-mode page names it, and the editor's comments of a
 * document in order.
 */
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { E2E_PREVIEW_TOKEN } from '../../../playwright.config';

/** The query the Pages app frames a page with, to edit it. */
export const EDIT = `token=${E2E_PREVIEW_TOKEN}&mgnlPreview=false&mgnlChannel=desktop`;

/** A site path in edit mode. */
export const edit = (path: string) => `/_preview${path}?${EDIT}`;

/** The author instance's origin, as an edit-mode page names it to its bridge. */
export async function authorOrigin(request: APIRequestContext): Promise<string> {
  const html = await (await request.get(edit('/fr/accueil'))).text();
  const origin = /data-author="([^"]+)"/.exec(html)?.[1];
  if (!origin) throw new Error('no author origin in the edit-mode page');
  return origin;
}

/** The editor's comments (`cms:…`) in a page or a frame's document, in order. */
export function editorComments(page: Page | Frame | null): Promise<string[]> {
  if (!page) throw new Error('no such frame');
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
    const found: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const data = (n as Comment).data;
      if (/^\/?cms:/.test(data)) found.push(data);
    }
    return found;
  });
}
