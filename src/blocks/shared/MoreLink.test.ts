/**
 * One "show more" link for every list (issue 43): a block that writes its own copy to spare a
 * shared chunk saves tens of bytes and doubles the code to keep right (docs/decisions/0078).
 * The in-place click (`isPlainClick`) is the copy's mark: only MoreLink may call it in src/blocks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const blocks = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the show-more link', () => {
  it('is written once, in MoreLink, and every list draws it from there', () => {
    const copies = sources(blocks)
      .filter((file) => /\bisPlainClick\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(blocks, file));
    expect(copies).toEqual(['shared/MoreLink.tsx']);
    const chronicles = readFileSync(join(blocks, 'liste-chroniques/ChronicleList.tsx'), 'utf8');
    expect(chronicles).toMatch(/from '\.\.\/shared\/MoreLink'/);
  });
});
