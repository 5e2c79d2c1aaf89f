/**
 * Version preview (docs/editing.md, "Versions"): the Pages app frames a page's older version with
 * `mgnlVersion=<version>`; the author instance's delivery endpoints take it as `version`, so
 * every call to the author instance made for that request carries it, and no other call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const asked = new AsyncLocalStorage<string>();

/** What a version looks like (`1.0`, `1.12`): anything else is not sent on. */
const VERSION = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Runs `produce` with the version the preview's own query asks for (`mgnlVersion`), if any: a
 * value that is not a version is left out, with a warning naming it.
 */
export function withAuthorVersion<T>(
  own: string,
  warn: (message: string) => void,
  produce: () => Promise<T>,
): Promise<T> {
  const version = new URLSearchParams(own).get('mgnlVersion');
  if (version === null || version === '') return produce();
  if (!VERSION.test(version)) {
    warn(`mgnlVersion=${JSON.stringify(version.slice(0, 40))}: not a version, not sent on`);
    return produce();
  }
  return asked.run(version, produce);
}

/** The query the author instance's calls carry for the request being made (the content client's `ownQuery`). */
export function authorVersionQuery(): Record<string, string> | undefined {
  const version = asked.getStore();
  return version === undefined ? undefined : { version };
}
