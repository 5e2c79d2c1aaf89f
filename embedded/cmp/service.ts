/** Serves the stand-in consent manager's script (`embedded/cmp/script.ts`) as Didomi's loader. */
import { cacheableReply, type Reply } from '../http';
import { STAND_IN_CMP_SCRIPT } from './script';

/** The demo's public API key, as the operator's CMP would have its own. */
export const STAND_IN_CMP_API_KEY = 'demo-pari-boreal';

/**
 * Where the stand-in answers as Didomi's SDK host, whose origin is the site's `CMP_SDK_ORIGIN`:
 * `{origin}/{API key}/loader.js`.
 */
const LOADER = /^\/[A-Za-z0-9-]{1,64}\/loader\.js$/;

/** `null` when the path is not the stand-in CMP's. */
export function handleCmp(pathname: string): Reply | null {
  if (!LOADER.test(pathname)) return null;
  const reply = cacheableReply(STAND_IN_CMP_SCRIPT, 'text/javascript; charset=utf-8');
  return { ...reply, headers: { ...reply.headers, 'x-content-type-options': 'nosniff' } };
}
