/**
 * What a parse needs besides the node (the media origin, the rich-text limit, the rich text
 * sanitised ahead) and where it reports (its diagnostics). Zod's transforms take no context of
 * ours; the parse is synchronous from top to bottom, so the one session open is the parse's own.
 */
import type { Audited } from '../sanitize';
import { fingerprint, type Diagnostic } from './diagnostics';

export interface ParseOptions {
  /** Origin of the media host for image URLs. */
  media: string;
  /** Longest rich-text field sanitised, in bytes (RICH_TEXT_MAX_BYTES); none: no limit. */
  richTextMaxBytes?: number | undefined;
  /** Rich text of this answer already sanitised, by its markup (sanitize-ahead.ts). */
  sanitized?: ReadonlyMap<string, Audited> | undefined;
  /** Origins whose `http:` vendor URLs are accepted (the configured stand-ins); else https only. */
  httpOrigins?: readonly string[] | undefined;
}

interface ParseSession extends ParseOptions {
  diagnostics: Diagnostic[];
  /** The component kinds open around the node being read, innermost last. */
  kinds: string[];
  /** The diagnostics' fingerprints, so that each problem is reported once. */
  seen: Set<string>;
}

let current: ParseSession | undefined;

/** Runs `parse` with a session of its own; answers its result and what it diagnosed. */
export function withSession<T>(
  options: ParseOptions,
  parse: () => T,
): { value: T; diagnostics: Diagnostic[] } {
  const outer = current;
  const session: ParseSession = { ...options, diagnostics: [], kinds: [], seen: new Set() };
  current = session;
  try {
    return { value: parse(), diagnostics: session.diagnostics };
  } finally {
    current = outer;
  }
}

export function session(): ParseSession {
  if (!current) throw new Error('content schema used outside withSession');
  return current;
}

/**
 * Records a diagnostic, in the component kind open around it unless it names one. Once: zod's
 * compiled parser runs a refused node's transform a second time on its runtime path, which
 * reports the node's problems again (docs/decisions/0035-content-schemas.md).
 */
export function report(diagnostic: Diagnostic): void {
  const s = session();
  const d = diagnostic.kind === undefined ? { ...diagnostic, kind: s.kinds.at(-1) } : diagnostic;
  const key = fingerprint(d);
  if (s.seen.has(key)) return;
  s.seen.add(key);
  s.diagnostics.push(d);
}

/** Runs `read` with `kind` as the component open around what it reads. */
export function inKind<T>(kind: string, read: () => T): T {
  const { kinds } = session();
  kinds.push(kind);
  try {
    return read();
  } finally {
    kinds.pop();
  }
}
