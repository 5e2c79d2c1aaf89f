/**
 * Messages of features the visitor opens on demand (technical help, cookie settings, the HTML
 * site map) travel in a second chunk per language, asked for with the feature's own code, so the
 * catalogue loaded before interaction carries only what every page may show
 * (docs/decisions/0014-javascript-budget.md). No imports: the build plugin reads this too.
 */
export const LATE_KEY_PREFIXES = [
  'config.',
  'consentement.preferences.',
  'consentement.fournisseur.',
  'planSite.',
] as const;

export function isLateKey(key: string): boolean {
  return LATE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
