/**
 * The stand-in's author instance (issue 14 item 6, docs/preview.md "The demo's drafts"): the
 * published content with the drafts applied, served under /author, the public instance unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_PREFIX, startDemoStandIns, type EmbeddedServices } from '../server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from './accounts';

/** The stand-in author answers accounts only (docs/editing.md). */
const AS_EDITOR = {
  authorization: `Basic ${Buffer.from(credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor)).toString('base64')}`,
};
import { loadContent, withDrafts } from './load';
import { TEST_LOGICAL_DATE } from '../../testing/today';

describe('withDrafts', () => {
  it('adds the pages and lots only drafts have, and replaces those they change', () => {
    const published = loadContent();
    const author = withDrafts(published);
    const page = (c: typeof published, url: string) => c.pages.find((e) => e.page.URLfr === url);
    expect(page(published, 'tirage-hiver')).toBeUndefined();
    expect(page(author, 'tirage-hiver')?.page.URLen).toBe('winter-draw');
    expect(author.pages.filter((e) => e.page.URLfr === 'gagnants')).toHaveLength(1);
    expect(JSON.stringify(page(author, 'gagnants')?.page)).toContain('Nos gagnants de l’hiver');
    expect(JSON.stringify(page(published, 'gagnants')?.page)).not.toContain('de l’hiver');
    expect(author.lots.lots.map((l) => l.name)).toContain('lot-2026-brouillon');
    expect(published.lots.lots.map((l) => l.name)).not.toContain('lot-2026-brouillon');
    expect(author.pages.length).toBe(published.pages.length + 1);
  });

  it('is the published content when there are no drafts', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'cms-drafts-'));
    try {
      const published = loadContent();
      expect(withDrafts(published, empty)).toEqual(published);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the author instance of the stand-in', () => {
  let services: EmbeddedServices;
  beforeAll(async () => {
    services = await startDemoStandIns(TEST_LOGICAL_DATE);
  });
  afterAll(() => services.close());

  const pages = async (prefix: string, url: string) => {
    const res = await fetch(
      `${services.origin}${prefix}/.rest/pari-boreal/listerPages?URLfr=${url}&lang=fr`,
      { headers: AS_EDITOR },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: unknown[] }).results;
  };

  it('answers the drafts under /author, and the public endpoints without them', async () => {
    expect(await pages(AUTHOR_PREFIX, 'tirage-hiver')).toHaveLength(1);
    expect(await pages('', 'tirage-hiver')).toHaveLength(0);
    expect(JSON.stringify(await pages(AUTHOR_PREFIX, 'gagnants'))).toContain('de l’hiver');
    expect(JSON.stringify(await pages('', 'gagnants'))).not.toContain('de l’hiver');
    const missing = await fetch(`${services.origin}${AUTHOR_PREFIX}/.rest/pari-boreal/nothing`, {
      headers: AS_EDITOR,
    });
    expect(missing.status).toBe(404);
  });
});
