/**
 * Messages of features the visitor opens on demand (technical help, cookie settings, the HTML
 * site map, the lot modal) and of the blocks that hydrate after the page (their consent overlay
 * included) travel in a second chunk per language, asked for with that code, so the catalogue
 * loaded before interaction carries only what the frame shows
 * (docs/decisions/0014-javascript-budget.md, 0050). No imports: the build plugin reads this too.
 */
export const LATE_KEY_PREFIXES = [
  'config.',
  'consentement.',
  'planSite.',
  'lot.',
  'accordeon.',
  'balado.',
  'billets.',
  'carrousel.',
  'chroniques.',
  'gagnants.',
  'galerie.',
  'offres.',
  'onglets.',
  'promotions.',
  'video.',
  'videos.',
] as const;

export function isLateKey(key: string): boolean {
  return LATE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
