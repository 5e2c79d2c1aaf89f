/**
 * Does `lang=en` answer English? Magnolia stores a translated property beside the default
 * language's as `<name>_<locale>` (`titre_en`), and its delivery API gives each property in the
 * language asked only when the site's i18n is enabled; otherwise it answers the stored
 * properties as they are, the French values with the raw `_en` ones beside them
 * (docs/editing.md, "Checking a live instance").
 */
import { isNode } from '../../src/content/nodes';

export interface RawTranslation {
  /** The node's `@path` (or where it sits when it has none). */
  path: string;
  /** The raw property, `titre_en`. */
  field: string;
}

const MAX_DEPTH = 40;

/**
 * Every property named `<name>_en` with a text value that `<name>` does not already give, in the
 * answer, depth first: where English exists and the answer's `<name>` is not it.
 */
export function rawTranslations(answer: unknown, locale = 'en'): RawTranslation[] {
  const found: RawTranslation[] = [];
  const suffix = `_${locale}`;
  const visit = (value: unknown, where: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${where}[${index}]`, depth + 1));
      return;
    }
    if (!isNode(value)) return;
    const path = typeof value['@path'] === 'string' ? value['@path'] : where;
    for (const [key, property] of Object.entries(value)) {
      if (key.length > suffix.length && key.endsWith(suffix) && typeof property === 'string') {
        if (value[key.slice(0, -suffix.length)] !== property) found.push({ path, field: key });
      } else if (typeof property === 'object') visit(property, `${path}/${key}`, depth + 1);
    }
  };
  visit(answer, '', 0);
  return found;
}

/** The answer without what differs between two reads of the same content: its dates of change. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (!isNode(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^(mgnl|jcr):(lastModified|lastActivated|lastActivatedVersion)/.test(key))
      .map(([key, property]) => [key, comparable(property)]),
  );
}

/** Whether the English answer is the French one, word for word, and holds any text at all. */
export function sameAnswer(french: unknown, english: unknown): boolean {
  const a = JSON.stringify(comparable(french));
  return a === JSON.stringify(comparable(english)) && /"[^"@:][^"]*":"[^"]+"/.test(a);
}
