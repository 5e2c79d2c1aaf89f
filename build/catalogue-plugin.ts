/**
 * Compiles the translation catalogues at build time with Lingui's own message compiler, so the
 * browser ships only Lingui's small runtime and ready-to-format messages.
 * `import fr from 'virtual:catalogue/fr'` gives the compiled `src/i18n/fr.json`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalogue/';

export function compileCatalogue(file: string): Record<string, unknown> {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: message "${key}" is not valid ICU: ${String(error)}`);
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
      const locale = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`unknown catalogue ${locale}`);
      const file = path.resolve(dir, `${locale}.json`);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(file))};`;
    },
  };
}
