/**
 * Compiles the translation catalogues at build time with Lingui's own message compiler, so the
 * browser ships ready-to-format messages and a few lines that walk them (src/i18n/format.ts); a
 * construct those lines do not know fails the build.
 * `import fr from 'virtual:catalogue/fr'` gives the compiled `src/i18n/fr.json` but for the
 * on-demand features' messages, which `virtual:catalogue/fr-late` gives (src/i18n/late-keys.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { checkCompiled } from '../src/i18n/check-compiled';
import { isLateKey } from '../src/i18n/late-keys';

const PREFIX = 'virtual:catalogue/';

export type CataloguePart = 'early' | 'late' | 'all';

export function compileCatalogue(
  file: string,
  part: CataloguePart = 'all',
): Record<string, unknown> {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const wanted = (key: string) => part === 'all' || isLateKey(key) === (part === 'late');
  return Object.fromEntries(
    Object.entries(messages)
      .filter(([key]) => wanted(key))
      .map(([key, message]) => {
        try {
          const compiled = compileMessageOrThrow(message);
          checkCompiled(compiled);
          return [key, compiled];
        } catch (error) {
          throw new Error(
            `${file}: message "${key}" is not valid ICU or not supported: ${String(error)}`,
          );
        }
      }),
  );
}

export function cataloguePlugin(dir: string): Plugin {
  return {
    name: 'site:catalogue',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = /^([a-z]{2})(-late)?$/.exec(id.slice(PREFIX.length + 1));
      if (!name?.[1]) throw new Error(`unknown catalogue ${id.slice(PREFIX.length + 1)}`);
      const file = path.resolve(dir, `${name[1]}.json`);
      this.addWatchFile(file);
      const part = name[2] ? 'late' : 'early';
      return `export default ${JSON.stringify(compileCatalogue(file, part))};`;
    },
  };
}
