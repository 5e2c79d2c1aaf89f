/**
 * No product function longer than 100 lines (issue 32 item 8): every function-like node with a
 * body in the shipped files of src/ and embedded/ (tests aside) spans at most 100 lines, from its
 * first line to its last. A longer one is split into well-named parts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { longFunctions } from './function-length';
import { projectSources } from './project-sources';

const LIMIT = 100;

const shipped = projectSources(/\.(?:ts|tsx)$/).filter(
  (s) => /^(?:src|embedded)\//.test(s.name) && !/\.test\.tsx?$/.test(s.name),
);

/** A function of `lines` lines from its first line to its last. */
function probe(lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`);
  return ['export function probe(): void {', ...body, '}', ''].join('\n');
}

describe('function length', () => {
  // Parsing every shipped file is seconds of CPU on a loaded 2-core machine: done once, before
  // the tests, with a bound that only catches a hang (as build/lint-guards.test.ts does).
  let long: string[] = [];
  beforeAll(() => {
    long = shipped.flatMap((s) =>
      longFunctions(s.name, s.text, LIMIT).map(
        (f) => `${s.name}:${f.line} ${f.name} (${f.lines} lines)`,
      ),
    );
  }, 120_000);

  it('reads the shipped code', () => {
    expect(shipped.length).toBeGreaterThan(100);
  });

  it('reports a function of 101 lines, not one of 100', () => {
    expect(longFunctions('probe.ts', probe(101), LIMIT)).toEqual([
      { line: 1, name: 'probe', lines: 101 },
    ]);
    expect(longFunctions('probe.ts', probe(100), LIMIT)).toEqual([]);
  });

  it('reports arrow functions, methods and components by the name they are given', () => {
    const arrow = `export const Big = () => {\n${'  use();\n'.repeat(100)}};\n`;
    const method = `class A {\n  run(): void {\n${'    use();\n'.repeat(100)}  }\n}\n`;
    expect(longFunctions('a.tsx', arrow, LIMIT)).toEqual([{ line: 1, name: 'Big', lines: 102 }]);
    expect(longFunctions('b.ts', method, LIMIT)).toEqual([{ line: 2, name: 'run', lines: 102 }]);
  });

  it(`no shipped function is longer than ${LIMIT} lines`, () => {
    expect(long).toEqual([]);
  });
});
