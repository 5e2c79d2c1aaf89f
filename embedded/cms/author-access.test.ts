/**
 * The stand-in author instance answers as Magnolia's author does (docs/editing.md, "Author
 * credentials"): no anonymous call, the delivery endpoints for both accounts, the template
 * annotations for the account that may write to `website` only (Pages 6.3.5+); and the delivery
 * API's read of one page by its path under the endpoint's root path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { AUTHOR_PREFIX, startDemoStandIns, type EmbeddedServices } from '../server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS, type StandInAccount } from './accounts';

const basic = (account: StandInAccount) => ({
  authorization: `Basic ${Buffer.from(credentialsOf(account)).toString('base64')}`,
});
const { editor, reader } = STAND_IN_AUTHOR_ACCOUNTS;

describe('the stand-in author instance', () => {
  let services: EmbeddedServices;
  beforeAll(async () => {
    services = await startDemoStandIns(TEST_LOGICAL_DATE);
  });
  afterAll(() => services.close());

  const author = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${services.origin}${AUTHOR_PREFIX}${path}`, { headers });
  const PAGE = '/.rest/pari-boreal/listerPages?URLfr=accueil&lang=fr';
  const ANNOTATIONS = '/.rest/template-annotations/v1/pari-boreal/accueil';

  it('answers no anonymous call, nor a wrong password, and asks for Basic authentication', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: `Basic ${Buffer.from(`${editor.user}:wrong`).toString('base64')}` },
      { authorization: 'Bearer something' },
    ]) {
      for (const path of [PAGE, ANNOTATIONS]) {
        const res = await author(path, headers);
        expect(res.status, path).toBe(401);
        expect(res.headers.get('www-authenticate'), path).toMatch(/^Basic /);
      }
    }
  });

  it('answers the delivery endpoints to both accounts', async () => {
    for (const account of [editor, reader]) {
      const res = await author(PAGE, basic(account));
      expect(res.status, account.user).toBe(200);
      expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(1);
    }
  });

  it('gives the annotations to the editor only: the read-only account gets 403', async () => {
    expect((await author(ANNOTATIONS, basic(editor))).status).toBe(200);
    const refused = await author(ANNOTATIONS, basic(reader));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
  });

  it('leaves the public instance open to anyone', async () => {
    const res = await fetch(`${services.origin}${PAGE}`);
    expect(res.status).toBe(200);
  });

  it('reads one page by its path under the root path, as the delivery API does; 404 elsewhere', async () => {
    const res = await author('/.rest/pari-boreal/listerPages/accueil?lang=en', basic(reader));
    expect(res.status).toBe(200);
    const node = (await res.json()) as Record<string, unknown>;
    expect(node['@path']).toBe('/pari-boreal/accueil');
    expect(node.URLen).toBe('home');
    for (const path of ['nulle-part', 'accueil/main', '%E0%A4%A']) {
      const missing = await author(`/.rest/pari-boreal/listerPages/${path}?lang=fr`, basic(reader));
      expect(missing.status, path).toBe(404);
    }
    // The public instance reads its published pages the same way.
    expect((await fetch(`${services.origin}/.rest/pari-boreal/listerPages/accueil`)).status).toBe(
      200,
    );
  });
});
