/** The editors' module read as the drift test sees it: its YAML files by their path. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';

export type Yaml = Record<string, unknown>;
/** The module's YAML files by their path inside the module. */
export type Module = Record<string, Yaml>;

export const APP = 'pari-boreal';

/** Apps made from a content type start with Magnolia's own tag, `!content-type:NAME`. */
const contentTypeTag = new Type('!content-type:', {
  kind: 'mapping',
  multi: true,
  construct: (data: Yaml, tag?: string) => ({ ...data, '!content-type': tag?.split(':')[1] }),
});
const SCHEMA = DEFAULT_SCHEMA.extend([contentTypeTag]);

/** Every YAML file of the module, parsed. */
export function readModule(dir: string): Module {
  const out: Module = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.yaml')) {
        out[rel] = load(readFileSync(path.join(dir, rel), 'utf8'), { schema: SCHEMA }) as Yaml;
      }
    }
  };
  walk('');
  return out;
}

/** Every message bundle of the module (`i18n/*.properties`), as text, by its path. */
export function readBundles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const i18n = path.join(dir, 'i18n');
  for (const name of readdirSync(i18n)) {
    if (name.endsWith('.properties'))
      out[`i18n/${name}`] = readFileSync(path.join(i18n, name), 'utf8');
  }
  return out;
}

export function isObject(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object-valued key of a definition, or an empty one. */
export function objectAt(value: unknown, key: string): Yaml {
  const inner = isObject(value) ? value[key] : undefined;
  return isObject(inner) ? inner : {};
}

/** A dialog's fields (`form.properties`), or undefined when the file is not a dialog. */
export function propertiesOf(dialog: Yaml | undefined): Yaml | undefined {
  const form = isObject(dialog?.form) ? dialog.form : undefined;
  return isObject(form?.properties) ? form.properties : undefined;
}

/** The component ids an area offers, in order. */
export function offeredIds(area: Yaml): string[] {
  return Object.values(objectAt(area, 'availableComponents')).map((c) =>
    String(isObject(c) ? c.id : c),
  );
}
