// @vitest-environment node
/**
 * The preview's token stays between the editor and the site (docs/preview.md "Never logged,
 * never handed on"): hostile and ordinary preview requests over a real socket, every log line
 * captured at the lowest level, and not one of them names the token or a `token=` query; every
 * preview answer, whatever its status, tells the browser to send no referrer.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { render } from '../app/entry-server';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';

const TOKEN = 'preview-secret-7f3a9c0e5b1d4f2a8c6e0b9d3f1a7c5e';
/** A wrong token, as secret-looking as the right one: it must not be logged either. */
const WRONG = 'preview-guess-0000000000000000000000000000000000';
/** The page whose render fails, and the one whose content calls fail, in the preview only. */
const BROKEN_RENDER = '/fr/demo/robustesse';
const BROKEN_CONTENT = 'promotions';

let embedded: EmbeddedServices;
let app: FastifyInstance;
let origin: string;
const lines: string[] = [];

beforeAll(async () => {
  embedded = await startStandIns();
  const author = `${embedded.origin}/author`;
  app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, {
      PREVIEW_TOKEN: TOKEN,
      CMS_PREVIEW_ORIGIN: author,
      CMS_PREVIEW_CREDENTIALS: credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor),
      ACCESS_LOG_LEVEL: 'info',
    }),
    getRender: (url) =>
      url.startsWith(BROKEN_RENDER)
        ? Promise.reject(new Error(`render of ${url} failed`))
        : Promise.resolve(render),
    fetcher: (input, init) =>
      input.startsWith(author) && input.includes(BROKEN_CONTENT)
        ? Promise.reject(new Error('connect ECONNREFUSED'))
        : fetch(input, init),
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(() => embedded.close());

/** `target` as sent, byte for byte (`fetch` keeps an undecodable `%ZZ` as it is). */
const get = (target: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${target}`, { headers, redirect: 'manual' });

const q = `token=${TOKEN}`;
const bearer = { authorization: `Bearer ${TOKEN}` };

/** Each request, and the status it must get: every kind of preview answer. */
const REQUESTS: { target: string; headers?: Record<string, string>; status: number }[] = [
  // A path that does not decode: the framework refuses it before any route.
  { target: `/_preview/fr/accueil%ZZ?${q}`, status: 302 },
  { target: `/_preview/fr/accueil%ZZ?token=${WRONG}`, status: 302 },
  { target: `/_preview/fr/accueil%ZZ`, headers: bearer, status: 302 },
  // No token, a wrong one, the right one, by query and by header.
  { target: '/_preview/fr/accueil', status: 401 },
  { target: `/_preview/fr/accueil?token=${WRONG}`, status: 401 },
  { target: '/_preview/fr/accueil', headers: { authorization: `Bearer ${WRONG}` }, status: 401 },
  { target: `/_preview/fr/accueil?${q}&lot=x`, status: 200 },
  { target: '/_preview/fr/accueil?lot=x', headers: bearer, status: 200 },
  // A date that does not read, a redirect, a page not found, the not-found page itself.
  { target: `/_preview/fr/accueil?${q}&date=demain`, status: 400 },
  { target: `/_preview/fr?${q}`, status: 302 },
  { target: `/_preview/fr/nulle-part?${q}`, status: 302 },
  { target: `/_preview/fr/404.html?${q}`, status: 404 },
  // A render that fails, content that fails.
  { target: `/_preview${BROKEN_RENDER}?${q}`, status: 302 },
  { target: `/_preview${BROKEN_RENDER}`, headers: bearer, status: 302 },
  { target: `/_preview/fr/${BROKEN_CONTENT}?${q}`, status: 302 },
  // The preview spelled otherwise, and a token on a public path that does not decode.
  { target: `/%5Fpreview/fr/accueil?${q}`, status: 404 },
  { target: `/fr/accueil%ZZ?${q}`, status: 302 },
];

/** What each request got: its status and its Referrer-Policy. */
const answers: { target: string; status: number; referrerPolicy: string | null }[] = [];

beforeAll(async () => {
  for (const { target, headers } of REQUESTS) {
    const answer = await get(target, headers);
    await answer.arrayBuffer();
    answers.push({
      target,
      status: answer.status,
      referrerPolicy: answer.headers.get('referrer-policy'),
    });
  }
  // Closed, so that every line of every request (the access lines last) has been written.
  await app.close();
});

const isPreview = (target: string) => /^\/(?:_|%5F)preview/i.test(target);

describe('a preview answer', () => {
  it('tells the browser to send no referrer, whatever its status', () => {
    expect(answers.map((a) => [a.target, a.status])).toEqual(
      REQUESTS.map((r) => [r.target, r.status]),
    );
    for (const { target, referrerPolicy } of answers) {
      expect(referrerPolicy, target).toBe(
        isPreview(target) ? 'no-referrer' : 'strict-origin-when-cross-origin',
      );
    }
  });
});

describe('the preview’s token', () => {
  it('is in no log line, whatever the request, while each request is logged', () => {
    // No line names the token, a wrong one, or a query that could have held one...
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(WRONG);
      expect(line).not.toMatch(/token=/i);
      expect(line).not.toMatch(/_preview[^"\s]*\?/i);
    }
    const logged = lines.join('');
    // ...while each failure was logged where it happened, by its path.
    expect(logged).toContain('GET /_preview/fr/accueil%ZZ: the path does not decode');
    expect(logged).toContain('preview /_preview/fr/accueil: no valid token, answered 401');
    expect(logged).toContain(`rendering /_preview${BROKEN_RENDER} failed`);
    expect(logged).toContain(`page /fr/${BROKEN_CONTENT}: content service failed`);
    expect(logged).toContain('GET /fr/accueil%ZZ: the path does not decode');
    // One access line for each request that reached a route (the framework answers the others).
    expect(lines.filter((line) => line.includes('"msg":"access"'))).toHaveLength(
      REQUESTS.filter((r) => !r.target.includes('%ZZ')).length,
    );
  });
});
