/**
 * Diagnostics (docs/content-contract.md "Diagnostics"): values cut to an excerpt, one plain log
 * line each, logged once per content version of an answer and an unknown kind once in all.
 */
import { describe, expect, it } from 'vitest';
import { createDiagnosticLog, describeDiagnostic, excerpt, type Diagnostic } from './diagnostics';

const at = '/pari-boreal/accueil/main/c';

describe('excerpt', () => {
  it('quotes text, writes anything else as JSON, and cuts both at 80 characters', () => {
    expect(excerpt('peut-être')).toBe('"peut-être"');
    expect(excerpt({ a: [1, true] })).toBe('{"a":[1,true]}');
    expect(excerpt(undefined)).toBeUndefined();
    expect(excerpt('x'.repeat(200))).toBe(`"${'x'.repeat(80)}…"`);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(excerpt(cyclic)).toBe('[object Object]');
  });
});

describe('describeDiagnostic', () => {
  it('says what was left out, where and why, in one line', () => {
    const lines = (
      [
        {
          path: at,
          kind: 'video',
          field: 'videoId',
          rule: 'format',
          effect: 'skipped',
          excerpt: '"x"',
          detail: 'is not a valid id',
        },
        {
          path: at,
          kind: 'carte',
          field: 'fluid',
          rule: 'type',
          effect: 'ignored',
          excerpt: '"peut-être"',
          detail: 'not true or false',
        },
        {
          path: at,
          kind: 'texte',
          field: 'texte',
          rule: 'too-long',
          effect: 'ignored',
          detail: '300000 characters, over the limit of 262144 bytes',
        },
        { path: at, kind: 'k', rule: 'unknown-kind', effect: 'skipped' },
        { path: at, rule: 'no-kind', effect: 'skipped' },
        { path: at, rule: 'too-deep', effect: 'skipped' },
        { path: at, field: 'titre', rule: 'required', effect: 'skipped' },
        {
          path: at,
          kind: 'rangee',
          field: 'disposition',
          rule: 'beyond-layout',
          effect: 'skipped',
          excerpt: '"6 6"',
          detail: "column beyond the row's 2 column(s)",
        },
      ] satisfies Diagnostic[]
    ).map(describeDiagnostic);
    expect(lines).toEqual([
      `component "video" skipped at ${at}: videoId "x" is not a valid id`,
      `fluid "peut-être" ignored at ${at}: not true or false`,
      `rich text "texte" ignored at ${at}: 300000 characters, over the limit of 262144 bytes`,
      `unknown component kind "k" skipped at ${at}`,
      `component without mgnl:template skipped at ${at}`,
      `components cut at ${at}: nested too deep`,
      `item skipped at ${at}: titre missing`,
      `components not shown at ${at}: column beyond the row's 2 column(s), disposition "6 6"`,
    ]);
  });
});

describe('createDiagnosticLog', () => {
  const wrong = (value: string): Diagnostic => ({
    path: at,
    kind: 'carte',
    field: 'fluid',
    rule: 'type',
    effect: 'ignored',
    excerpt: value,
  });
  const unknown = (path: string): Diagnostic => ({
    path,
    kind: 'k',
    rule: 'unknown-kind',
    effect: 'skipped',
  });

  it("logs an answer's diagnostics once per content version", () => {
    const logged: Diagnostic[] = [];
    const log = createDiagnosticLog((d) => logged.push(d));
    log('page-a', [wrong('"a"')]);
    log('page-a', [wrong('"a"')]);
    expect(logged).toHaveLength(1);
    // Another answer with the same problem: its own.
    log('page-b', [wrong('"a"')]);
    expect(logged).toHaveLength(2);
    // A publication changed the answer's problems: all of them again.
    log('page-a', [wrong('"a"'), wrong('"b"')]);
    expect(logged).toHaveLength(4);
    // Mended, then broken again the same way: news again.
    log('page-a', []);
    log('page-a', [wrong('"a"'), wrong('"b"')]);
    expect(logged).toHaveLength(6);
  });

  it('logs an unknown kind once, wherever and however often it appears', () => {
    const logged: Diagnostic[] = [];
    const log = createDiagnosticLog((d) => logged.push(d));
    log('page-a', [unknown('/a/1'), unknown('/a/2')]);
    log('page-b', [unknown('/b/1')]);
    log('page-a', [unknown('/a/1'), unknown('/a/3')]);
    expect(logged.map((d) => d.path)).toEqual(['/a/1']);
  });

  it('remembers a bounded number of answers, the oldest forgotten first', () => {
    const logged: Diagnostic[] = [];
    const log = createDiagnosticLog((d) => logged.push(d), 2);
    for (const key of ['a', 'b', 'c', 'd']) log(key, [wrong('"x"')]);
    log('d', [wrong('"x"')]);
    expect(logged).toHaveLength(4);
    log('a', [wrong('"x"')]);
    expect(logged).toHaveLength(5);
  });
});
