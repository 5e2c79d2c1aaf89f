/**
 * Every unit test file that replaces, resets or stubs modules or globals runs in a module graph
 * of its own, and only those do (build/own-modules.ts, docs/decisions/0079).
 */
import { describe, expect, it } from 'vitest';
import { OWN_MODULES, REPLACES_MODULES } from './own-modules';
import { projectSources } from './project-sources';

const testFiles = projectSources(/\.test\.tsx?$/).filter(
  ({ name }) => !name.startsWith('tests/') && !name.startsWith('bench/.work/'),
);

describe('test files with modules of their own', () => {
  it('lists every file that replaces modules, and no other', () => {
    const replacing = testFiles
      .filter(
        ({ name, text }) => name !== 'build/own-modules.test.ts' && REPLACES_MODULES.test(text),
      )
      .map(({ name }) => name)
      .sort();
    expect([...OWN_MODULES].sort()).toEqual(replacing);
  });

  it('reads a replacement where a file makes one', () => {
    expect(REPLACES_MODULES.test("vi.mock('./registry', () => ({}));")).toBe(true);
    expect(REPLACES_MODULES.test('vi.stubGlobal(\n')).toBe(true);
    expect(REPLACES_MODULES.test('vi.fn(); vi.spyOn(console, "warn");')).toBe(false);
  });
});
