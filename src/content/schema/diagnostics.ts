/**
 * What the content boundary says about content it could not use whole: one record per problem,
 * with where it sits and why, for the log, for operators and for editors' preview
 * (docs/content-contract.md "Diagnostics").
 */

/** Why a node or a field was not used, in a fixed set an editor's screen can explain. */
export type DiagnosticRule =
  /** A component without `mgnl:template` (nor `typeComposante`). */
  | 'no-kind'
  /** A component kind the site does not know. */
  | 'unknown-kind'
  /** A field the node needs is absent (or was itself unusable). */
  | 'required'
  /** A value of the wrong type: an object where text is expected, "maybe" for a boolean… */
  | 'type'
  /** A value of the right type but not in its documented form (an id, a phone number, a choice). */
  | 'format'
  /** Rich text longer than RICH_TEXT_MAX_BYTES (docs/configuration.md). */
  | 'too-long'
  /** Components nested deeper than the site reads (or inside themselves). */
  | 'too-deep'
  /** A row's column area beyond the widths its `disposition` gives: not shown. */
  | 'beyond-layout'
  /** Outside its display window at the logical date: told to editors only (docs/preview.md). */
  | 'outside-window'
  /** A link the site will not follow (rendered as text) or a link address the sanitiser removed. */
  | 'unsafe-link'
  /** Scripts, frames, event handlers or inline styles the sanitiser removed from rich text. */
  | 'unsafe-markup';

export interface Diagnostic {
  /** Where the node sits in the content tree: its `@path`, else its name. */
  path: string;
  /** The component kind the node is or belongs to, when it is in a component. */
  kind?: string | undefined;
  /** The field at fault, when one is. */
  field?: string | undefined;
  rule: DiagnosticRule;
  /** The component or list item left out, or only the field. */
  effect: 'skipped' | 'ignored';
  /** The value at fault: text quoted, anything else as JSON, cut to 80 characters. */
  excerpt?: string | undefined;
  /** More, in English, for the log: why an id is refused, say. */
  detail?: string | undefined;
}

const EXCERPT_LENGTH = 80;

const cut = (value: string) =>
  value.length > EXCERPT_LENGTH ? `${value.slice(0, EXCERPT_LENGTH)}…` : value;

/** JSON.stringify as it behaves: undefined for a function or a symbol, whatever its type says. */
const stringify: (value: unknown) => string | undefined = JSON.stringify;

/** A value for a diagnostic: text quoted, anything else as JSON, cut short; none when absent. */
export function excerpt(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return JSON.stringify(cut(value));
  let json: string | undefined;
  try {
    json = stringify(value);
  } catch {
    // A cycle, or a BigInt: its type is all that can be said.
  }
  return cut(json ?? Object.prototype.toString.call(value));
}

const RULE_TEXT: Record<DiagnosticRule, string> = {
  'no-kind': 'no mgnl:template',
  'unknown-kind': 'unknown kind',
  required: 'missing',
  type: 'wrong type',
  format: 'not in its documented form',
  'too-long': 'too long',
  'too-deep': 'nested too deep',
  'beyond-layout': "beyond the row's layout",
  'outside-window': 'outside its display window',
  'unsafe-link': 'unsafe link',
  'unsafe-markup': 'unsafe markup removed',
};

/** One log line: what was left out, where, and why. */
export function describeDiagnostic(d: Diagnostic): string {
  const why = d.detail ?? RULE_TEXT[d.rule];
  const value = d.excerpt ? ` ${d.excerpt}` : '';
  if (d.rule === 'no-kind') return `component without mgnl:template skipped at ${d.path}`;
  if (d.rule === 'unknown-kind')
    return `unknown component kind "${d.kind ?? ''}" skipped at ${d.path}`;
  if (d.rule === 'too-deep') return `components cut at ${d.path}: ${why}`;
  if (d.rule === 'beyond-layout')
    return `components not shown at ${d.path}: ${why}, disposition${value}`;
  // The field is still shown, made safe: what was taken out is the news.
  if (d.rule === 'unsafe-link' || d.rule === 'unsafe-markup') {
    return `${RULE_TEXT[d.rule]} in ${d.field ?? 'node'} at ${d.path}:${value} (${why})`;
  }
  const subject =
    d.rule === 'too-long' ? `rich text "${d.field ?? ''}"` : `${d.field ?? 'node'}${value}`;
  if (d.effect === 'ignored') return `${subject} ignored at ${d.path}: ${why}`;
  const what = d.kind ? `component "${d.kind}"` : 'item';
  return `${what} skipped at ${d.path}: ${d.field ? `${subject} ${why}` : why}`;
}

/** The same problem at the same place with the same value: one key. */
export function fingerprint(d: Diagnostic): string {
  return [d.path, d.kind, d.field, d.rule, d.effect, d.excerpt].join('\u0000');
}

/**
 * Logs an answer's diagnostics once per content version: an answer read again (a cache refresh
 * of content nobody changed) logs nothing; a publication that changes its problems logs them
 * again, all of them. The version is known by the problems themselves, so the log needs no hash
 * of the answer. An unknown kind is logged once for the life of the log, wherever it appears
 * (the content contract says so: a kind the site does not know yet is not news on every page).
 * Remembers at most `maxAnswers` answers and kinds, the oldest forgotten first.
 */
export function createDiagnosticLog(log: (diagnostic: Diagnostic) => void, maxAnswers = 5000) {
  const logged = new Map<string, string>();
  const unknownKinds = new Set<string>();
  const remember = <T>(set: Set<T> | Map<T, string>) => {
    if (set.size > maxAnswers) set.delete(set.keys().next().value as T);
  };
  return (key: string, diagnostics: readonly Diagnostic[]): void => {
    const version = diagnostics.map(fingerprint).join('\u0001');
    if ((logged.get(key) ?? '') === version) return;
    logged.delete(key);
    logged.set(key, version);
    remember(logged);
    for (const d of diagnostics) {
      if (d.rule === 'unknown-kind') {
        if (unknownKinds.has(d.kind ?? '')) continue;
        unknownKinds.add(d.kind ?? '');
        remember(unknownKinds);
      }
      log(d);
    }
  };
}
