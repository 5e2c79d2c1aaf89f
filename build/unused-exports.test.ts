/**
 * No export without an importer (issue 13 item 5): every name that `src/`, `embedded/` or `testing/` exports
 * is named in another file of the project (code, tests, benches, tools). A name only its own file
 * uses is not exported; a name nobody uses goes. Read as text, so a name that happens to be
 * written elsewhere passes: the check errs on the side of quiet.
 */
import { describe, expect, it } from 'vitest';
import { projectSources } from './project-sources';

const EXPORTED =
  /export\s+(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/g;
const sources = projectSources(/\.(?:ts|tsx|js|mjs)$/, { rootFiles: true });

describe('exports', () => {
  it('reads the code', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('each exported name of src/, embedded/ and testing/ is named in another file', () => {
    // Each file's words once, so the check is a look-up per name rather than a scan per file.
    const words = new Map(sources.map((s) => [s.name, new Set(s.text.match(/[\w$]+/g))]));
    const namedElsewhere = (name: string, file: string) =>
      sources.some((o) => o.name !== file && words.get(o.name)?.has(name));
    const lonely = sources
      .filter((s) => /^(?:src|embedded|testing)\//.test(s.name))
      .flatMap((s) =>
        [...s.text.matchAll(EXPORTED)]
          .map((m) => m[1] ?? '')
          .filter((exported) => !namedElsewhere(exported, s.name))
          .map((exported) => `${s.name}: ${exported}`),
      );
    expect(lonely).toEqual([]);
  });
});
