/**
 * How the hydration state travels: the snapshot `forHydration` writes (hydration-state.ts), as
 * JSON, read back as it is. Its one shape is the `Snapshot` type, which the writer returns and
 * the reader gives; what the state leaves out for the server's markup (static stubs, the
 * footer's body, lots and cards that come later) is part of that type. Packed lots, defaults
 * left out, one shared media origin and component names left out were dropped: none saved
 * 100 bytes compressed on any page type (docs/decisions/0067-byte-tricks-measured.md).
 */
import { isLocale } from '../domain/locale';
import type { Snapshot } from './state';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields every reader of the state relies on; the rest is the server's own output. */
function isSnapshot(value: unknown): value is Snapshot {
  return (
    isObject(value) &&
    typeof value.path === 'string' &&
    isLocale(value.locale) &&
    isObject(value.view) &&
    typeof value.view.kind === 'string' &&
    isObject(value.site) &&
    isObject(value.config) &&
    typeof value.logicalDate === 'string'
  );
}

/** The hydration state's text, read back. */
export function readState(text: string): Snapshot {
  const value: unknown = JSON.parse(text);
  if (!isSnapshot(value)) throw new Error('the hydration state is not a snapshot of this site');
  return value;
}
