/**
 * What the check says: one line per finding, each a check passed, a fault with its fix, a warning
 * that does not stop the site, or a check that could not be made and why.
 */

export type Status = 'ok' | 'fail' | 'warn' | 'skip';

export interface Finding {
  status: Status;
  /** What was checked: an endpoint and its language, an account, a template… */
  check: string;
  /** What was found, in plain words. */
  text: string;
  /** What to do about it, for a fault or a warning. */
  fix?: string;
}

const LABEL: Record<Status, string> = { ok: 'ok  ', fail: 'FAIL', warn: 'warn', skip: 'skip' };

export function formatFinding(f: Finding): string {
  return `${LABEL[f.status]}  ${f.check}: ${f.text}${f.fix ? ` Fix: ${f.fix}` : ''}`;
}

/** 0 when nothing failed: the instance serves the site (warnings and skips do not change it). */
export function exitCodeOf(findings: readonly Finding[]): 0 | 1 {
  return findings.some((f) => f.status === 'fail') ? 1 : 0;
}

export const ok = (check: string, text: string): Finding => ({ status: 'ok', check, text });
export const fail = (check: string, text: string, fix: string): Finding => ({
  status: 'fail',
  check,
  text,
  fix,
});
export const warn = (check: string, text: string, fix: string): Finding => ({
  status: 'warn',
  check,
  text,
  fix,
});
export const skip = (check: string, text: string): Finding => ({ status: 'skip', check, text });
