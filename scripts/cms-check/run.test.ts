// @vitest-environment node
/**
 * `npm run cms:check` (issue 42 item 9) against the embedded defaults (every check passes, exit
 * 0) and against a stand-in with each misconfiguration (exit 1, the fault named with its fix);
 * only GET ever reaches the instances; bad arguments exit 2 with the usage.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';
import { AUTHOR_PREFIX, type EmbeddedServices } from '../../embedded/server';
import { PUBLISH_HOOK_PATH } from '../../src/server/publish';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { startMisconfigured, type Misconfiguration } from './misconfigured';
import { main } from './run';

const EDITOR = credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor);
const READER = credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.reader);
const HOOK_TOKEN = 'hook-token-0123456789abcdefghijklmnopqrstuvwxyz';

let embedded: EmbeddedServices;
let site: FastifyInstance;
let hook: string;

beforeAll(async () => {
  embedded = await startStandIns();
  site = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, { PUBLISH_HOOK_TOKEN: HOOK_TOKEN }),
  });
  const address = await site.listen({ host: '127.0.0.1', port: 0 });
  hook = `${address}${PUBLISH_HOOK_PATH}`;
});

afterAll(async () => {
  await site.close();
  await embedded.close();
});

interface Run {
  code: number;
  lines: string[];
  out: string;
}

async function check(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  const lines: string[] = [];
  const code = await main(argv, { env, out: (line) => lines.push(line) });
  return { code, lines, out: lines.join('\n') };
}

/** Every check against `origin`: its author under /author, the editor's account, the site's hook. */
const everything = (origin: string, credentials = EDITOR) => [
  origin,
  '--author',
  `${origin}${AUTHOR_PREFIX}`,
  '--credentials',
  credentials,
  '--webhook',
  hook,
];

const failures = (run: Run) => run.lines.filter((line) => line.startsWith('FAIL'));

/** A loopback port nothing listens on. */
async function deadOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('cms:check against the embedded defaults', () => {
  it('passes every check, names each, and exits 0', async () => {
    const run = await check(everything(embedded.origin));
    expect(failures(run)).toEqual([]);
    expect(run.code).toBe(0);
    for (const named of [
      'ok    listerTout/pari-boreal?lang=fr',
      'ok    listerTout/pari-boreal?lang=en',
      'ok    listerTout/pari-boreal fr/en: lang=en answers English.',
      'ok    listerPages?lang=fr (paged list)',
      'ok    listerPages?lang=en (paged list)',
      'ok    listerPages?URLfr=…&lang=fr',
      'ok    listerPages?URLen=…&lang=en',
      'ok    listerLots?lang=fr',
      'ok    listerLots?lang=en',
      'ok    lots: all',
      'ok    listerVignettesDeco',
      'ok    listerChroniques?lang=fr',
      'ok    listerChroniques?lang=en',
      'ok    template pari-boreal:pages/standard',
      'ok    template pari-boreal:pages/chronique',
      'ok    author listerPages/accueil?lang=fr: edit mode reads the page /pari-boreal/accueil by its node path.',
      'ok    template annotations of /pari-boreal/',
      'ok    publish hook',
    ])
      expect(run.out).toContain(named);
    expect(run.out).not.toMatch(/^skip/m);
    expect(run.lines.at(-1)).toBe('The instance serves the site: every check passed.');
  });

  it('tells the demo content the site leaves out as warnings, not faults', async () => {
    const run = await check([embedded.origin]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^warn {2}listerPages\?lang=fr \(paged list\): unknown component kind/m,
    );
  });
});

describe('cms:check against a misconfigured instance', () => {
  const cases: [Misconfiguration, RegExp][] = [
    [
      'closed',
      /FAIL {2}listerLots\?lang=fr: closed to anonymous visitors \(HTTP 401\)\. Fix: .*anonymous role Get on \/\.rest\/pari-boreal\/\*/,
    ],
    [
      'missing',
      /FAIL {2}listerChroniques\?lang=fr: not found \(HTTP 404\).*Fix: install the light module.*listerChroniques\.yaml/,
    ],
    ['not-json', /FAIL {2}listerVignettesDeco: not JSON \(expected JSON, got text\/html/],
    [
      'raw-english',
      /FAIL {2}listerTout\/pari-boreal fr\/en: lang=en answers the French values, with \d+ raw English properties beside them \(node \/pari-boreal\S*, field \w+_en\)\. Fix: enable i18n in the site definition/,
    ],
    [
      'broken-field',
      /FAIL {2}listerLots\?lang=fr: the site's schemas refuse it: montantGain "beaucoup" ignored at \/lot-2026-001: not a number \(node \/lot-2026-001, field montantGain\)/,
    ],
    [
      'lots-without-children',
      /FAIL {2}lots: 26 lot\(s\) with neither ticket nor winner: lot-2026-001, .*Fix: give each lot its ticket or its winner/,
    ],
    ['wrong-base-url', /FAIL {2}template pari-boreal:pages/],
    [
      'annotations-refused',
      /FAIL {2}template annotations of \/pari-boreal\/\S+: refused to the account pari-editeur \(HTTP 403\).*Fix: give the preview account a role that may read and write the website workspace/,
    ],
    [
      'node-read-missing',
      /FAIL {2}author listerPages\/accueil\?lang=fr: the page \/pari-boreal\/accueil is not found at its node path: edit mode cannot open it\. Fix: the listerPages endpoint's rootPath must be \/pari-boreal/,
    ],
  ];

  it.each(cases)('%s: exit 1, the fault named, GET only', async (fault, named) => {
    const proxy = await startMisconfigured(embedded.origin, fault);
    try {
      const run = await check(everything(proxy.origin));
      expect(run.out).toMatch(named);
      expect(run.code).toBe(1);
      expect(run.lines.at(-1)).toMatch(/does not serve the site as it should/);
      expect(proxy.requests.length).toBeGreaterThan(10);
      expect(proxy.requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("wrong-base-url: names the template's baseUrl and the node-path entry", async () => {
    const proxy = await startMisconfigured(embedded.origin, 'wrong-base-url');
    try {
      const run = await check(everything(proxy.origin));
      expect(run.out).toContain(
        'FAIL  template pari-boreal:pages/standard: the Pages app cannot frame its pages: its baseUrl "https://www.example.com/preview" does not end with /_preview/node.',
      );
    } finally {
      await proxy.close();
    }
  });

  it('an account that may only read: the annotations refused (403), as Pages 6.3.5+ does', async () => {
    const run = await check(everything(embedded.origin, READER));
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      /^FAIL {2}template annotations of \/pari-boreal\/\S+: refused to the account pari-lecteur \(HTTP 403\)/m,
    );
    expect(failures(run)).toHaveLength(1);
  });

  it('a wrong password: the author instance refuses the account (401)', async () => {
    const wrong = `${STAND_IN_AUTHOR_ACCOUNTS.editor.user}:not-the-password`;
    const run = await check(everything(embedded.origin, wrong));
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      /^FAIL {2}author listerPages\?lang=fr \(account pari-editeur\): refused to the account pari-editeur \(HTTP 401\)\. Fix: check the password/m,
    );
  });

  it('a dead origin is a finding, not a crash', async () => {
    const dead = await deadOrigin();
    const run = await check([
      dead,
      '--webhook',
      `${dead}${PUBLISH_HOOK_PATH}`,
      '--timeout',
      '2000',
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^FAIL {2}listerTout\/pari-boreal\?lang=fr: unreachable/m);
    expect(run.out).toMatch(/^FAIL {2}publish hook .*: unreachable from here/m);
  });

  it('a hook the site does not have (no token set) is not found', async () => {
    const tokenless = await testServer(embedded.origin, { config: testConfig(embedded.origin) });
    try {
      const address = await tokenless.listen({ host: '127.0.0.1', port: 0 });
      const run = await check([embedded.origin, '--webhook', `${address}${PUBLISH_HOOK_PATH}`]);
      expect(run.code).toBe(1);
      expect(run.out).toMatch(
        /^FAIL {2}publish hook .*not found \(HTTP 404\).*PUBLISH_HOOK_TOKEN/m,
      );
    } finally {
      await tokenless.close();
    }
  });
});

describe('cms:check arguments', () => {
  it('exits 2 with the usage on bad arguments', async () => {
    for (const argv of [
      [],
      ['ftp://cms.example'],
      [embedded.origin, '--author', embedded.origin],
      [embedded.origin, '--colour'],
    ]) {
      const run = await check(argv);
      expect(run.code).toBe(2);
      expect(run.out).toContain('usage: npm run cms:check -- <public origin>');
    }
  });

  it('takes the credentials from CMS_PREVIEW_CREDENTIALS when --credentials is left out', async () => {
    const run = await check([embedded.origin, '--author', `${embedded.origin}${AUTHOR_PREFIX}`], {
      CMS_PREVIEW_CREDENTIALS: READER,
    });
    expect(run.out).toContain(`as ${STAND_IN_AUTHOR_ACCOUNTS.reader.user}`);
  });
});
