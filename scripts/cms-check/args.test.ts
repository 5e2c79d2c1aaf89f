/** The command line of `npm run cms:check` (issue 42 item 9): what it takes, what it refuses. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('cms:check arguments', () => {
  it('takes the public origin with its context path, and defaults the rest', () => {
    expect(parseArgs(['https://cms.example/magnoliaPublic/'])).toEqual({
      ok: true,
      options: {
        publicOrigin: 'https://cms.example/magnoliaPublic',
        app: 'pari-boreal',
        timeoutMs: 10_000,
      },
    });
  });

  it('takes the author with its account, the app, the hook and the time-out', () => {
    const parsed = parseArgs([
      'https://cms.example',
      '--author=https://author.example/magnoliaAuthor',
      '--credentials',
      'editeur:pa:ss',
      '--app',
      'autre-site',
      '--webhook',
      'https://www.example.com/_hooks/content-published',
      '--timeout',
      '2500',
    ]);
    expect(parsed).toEqual({
      ok: true,
      options: {
        publicOrigin: 'https://cms.example',
        app: 'autre-site',
        timeoutMs: 2500,
        author: {
          origin: 'https://author.example/magnoliaAuthor',
          credentials: { user: 'editeur', password: 'pa:ss' },
        },
        webhook: 'https://www.example.com/_hooks/content-published',
      },
    });
  });

  it('reads the account from CMS_PREVIEW_CREDENTIALS when --credentials is left out', () => {
    const parsed = parseArgs(['https://cms.example', '--author', 'https://author.example'], {
      CMS_PREVIEW_CREDENTIALS: 'lecteur:secret',
    });
    expect(parsed.ok && parsed.options.author?.credentials).toEqual({
      user: 'lecteur',
      password: 'secret',
    });
  });

  it.each([
    [[], 'the public origin is missing'],
    [['a', 'b'], 'one public origin only'],
    [['cms.example'], 'is no http(s) origin'],
    [['https://cms.example?x=1'], 'is no http(s) origin'],
    [['https://cms.example', '--author', 'https://a.example'], '--author needs --credentials'],
    [['https://cms.example', '--credentials', 'u:p'], '--credentials is for --author'],
    [
      ['https://cms.example', '--author', 'https://a.example', '--credentials', 'nocolon'],
      'user:password',
    ],
    [['https://cms.example', '--app', 'a/b'], '--app'],
    [['https://cms.example', '--timeout', '0'], '--timeout'],
    [['https://cms.example', '--webhook', 'ftp://x'], '--webhook'],
    [['https://cms.example', '--app'], '--app needs a value'],
    [['https://cms.example', '--verbose'], 'unknown option --verbose'],
  ])('refuses %j', (argv, error) => {
    const parsed = parseArgs(argv);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(error);
  });
});
