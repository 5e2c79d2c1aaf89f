/**
 * The operator's consent manager on the site's pages: Didomi's loader, written by the document
 * before any embed can ask (src/server/document.ts), and the origins the Content-Security-Policy
 * lets in for it (docs/decisions/0075-operator-cmp.md).
 */
import type { Vendor } from '../ui/consent/consent';
import type { CmpConfig } from './config';

export interface CmpLoader {
  /** The loader's URL. */
  script: string;
  /** Each gated vendor's id in the consent manager's notice. */
  vendors: Record<Vendor, string>;
}

/**
 * Didomi's embed code loads `{SDK origin}/{public API key}/loader.js` and names the site's host as
 * its `target`, by which the notice is picked.
 */
export function cmpLoader(cmp: CmpConfig | undefined, publicOrigin: string): CmpLoader | undefined {
  if (!cmp) return undefined;
  const target = new URL(publicOrigin).hostname;
  return {
    script: `${cmp.sdkOrigin}/${encodeURIComponent(cmp.apiKey)}/loader.js?target=${encodeURIComponent(target)}`,
    vendors: cmp.vendors,
  };
}

/**
 * What the policy allows for it: scripts from its SDK's origin (the loader and the chunks it
 * loads), calls to that origin and to its API's (Didomi's documentation names those two hosts).
 */
export function cmpSources(cmp: CmpConfig | undefined): { scripts: string[]; connect: string[] } {
  if (!cmp) return { scripts: [], connect: [] };
  return { scripts: [cmp.sdkOrigin], connect: [cmp.sdkOrigin, cmp.apiOrigin] };
}
