/**
 * The stand-in author instance creates the areas a page's templates declare when it gives the
 * page's annotations, as Magnolia's page editor does (issue 42 item 3, docs/editing.md "Areas
 * Magnolia creates"), and publishes a page to the public instance as Magnolia's publish does:
 * a row opened in the editor and published keeps its columns on the public site.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readComponent } from '../../src/content/schema/components';
import type { RawNode } from '../../src/content/nodes';
import { parse, useSanitizer } from '../../testing/nodes';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { AUTHOR_PREFIX, startDemoStandIns, type EmbeddedServices } from '../server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from './accounts';
import { ANNOTATIONS_ENDPOINT } from './annotations';

const PAGE = '/pari-boreal/accueil';
const ROW = 'rangee-medias';
const EDITOR = `Basic ${Buffer.from(credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor)).toString('base64')}`;

describe('areas Magnolia creates, and a publication', () => {
  let services: EmbeddedServices;
  beforeAll(useSanitizer);
  beforeEach(async () => {
    services = await startDemoStandIns(TEST_LOGICAL_DATE);
  });
  afterEach(() => services.close());

  /** The home page's row `rangee-medias` ("8 4") as an instance's delivery endpoint gives it. */
  async function row(prefix: string): Promise<RawNode> {
    const res = await fetch(
      `${services.origin}${prefix}/.rest/pari-boreal/listerPages?URLfr=accueil&lang=fr`,
      { headers: prefix ? { authorization: EDITOR } : {} },
    );
    const [page] = ((await res.json()) as { results: { main: Record<string, RawNode> }[] }).results;
    const found = page?.main[ROW];
    if (!found) throw new Error('no row');
    return found;
  }

  const annotations = (nodePath: string) =>
    fetch(`${services.origin}${AUTHOR_PREFIX}${ANNOTATIONS_ENDPOINT}${nodePath}`, {
      headers: { authorization: EDITOR },
    });

  it('creates, empty, every area the templates declare once the annotations are given', async () => {
    expect((await row(AUTHOR_PREFIX))['@nodes']).toEqual(['colonne0', 'colonne1']);
    expect((await annotations(PAGE)).status).toBe(200);
    const author = await row(AUTHOR_PREFIX);
    expect(author['@nodes']).toEqual([0, 1, 2, 3, 4, 5].map((k) => `colonne${k}`));
    const created = author.colonne4 as RawNode;
    expect(created).toMatchObject({
      '@path': `${PAGE}/main/${ROW}/colonne4`,
      '@nodeType': 'mgnl:area',
      '@nodes': [],
    });
    // The public instance has not changed, and a second call creates nothing more.
    expect((await row(''))['@nodes']).toEqual(['colonne0', 'colonne1']);
    expect((await annotations(PAGE)).status).toBe(200);
    expect((await row(AUTHOR_PREFIX))['@nodes']).toHaveLength(6);
  });

  it('creates nothing for a call it does not answer', async () => {
    expect((await annotations('/pari-boreal/nulle-part')).status).toBe(404);
    expect((await annotations(`${PAGE}/..`)).status).toBe(400);
    expect((await row(AUTHOR_PREFIX))['@nodes']).toEqual(['colonne0', 'colonne1']);
  });

  it('publishes the page with its new areas, and the public row keeps its two columns', async () => {
    expect((await annotations(PAGE)).status).toBe(200);
    expect(services.publish('/pari-boreal/nulle-part')).toBe(false);
    expect(services.publish(PAGE)).toBe(true);
    const published = await row('');
    expect(published['@nodes']).toHaveLength(6);
    const read = parse(() => readComponent(published));
    expect(read.value).toMatchObject({ kind: 'rangee', widths: [8, 4] });
    expect(read.value?.kind === 'rangee' && read.value.columns.length).toBe(2);
    expect(read.diagnostics).toEqual([]);
  });
});
