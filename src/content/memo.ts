/**
 * A bounded memo for pure string functions: the same input always gives the same output, so a
 * remembered output is the output. It is not a content cache: it keeps no answer of the content
 * service, only what a pure function computed from a string it was given (the same rich-text
 * fragment recurs on every render of a page, cache or not). Least recently used entries go first.
 * It is bounded by count and, since one hostile field may be long, by bytes too.
 */
interface Memo<T> {
  (input: string): T;
  /** Forgets every entry (the function's own setup changed). */
  clear(): void;
  readonly size: number;
  /** Bytes held, counted as UTF-16 code units of input and output (what V8 stores at most). */
  readonly bytes: number;
}

interface MemoLimits {
  entries: number;
  /** At most this many bytes of inputs and outputs; an entry larger than this is not kept. */
  bytes?: number;
}

/** An output's size in UTF-16 code units, for outputs that are not strings. */
type Length<T> = (output: T) => number;

const stringLength = (output: unknown) => (typeof output === 'string' ? output.length : 0);

/**
 * `fn` memoised. Its outputs count by their length when they are strings; any other output
 * needs `lengthOf`, else the byte bound would count it as nothing.
 */
export function memoize(fn: (input: string) => string, limits: number | MemoLimits): Memo<string>;
export function memoize<T extends object>(
  fn: (input: string) => T,
  limits: number | MemoLimits,
  lengthOf: Length<T>,
): Memo<T>;
export function memoize<T>(
  fn: (input: string) => T,
  limits: number | MemoLimits,
  lengthOf: Length<T> = stringLength,
): Memo<T> {
  const weight = (input: string, output: T) => (input.length + lengthOf(output)) * 2;
  const { entries: limit, bytes: byteLimit = Infinity } =
    typeof limits === 'number' ? { entries: limits } : limits;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`memo limit ${limit}: expected ≥ 1`);
  if (!(byteLimit > 0)) throw new Error(`memo byte limit ${byteLimit}: expected > 0`);
  // A Map keeps insertion order: re-inserting on a hit keeps the oldest use first.
  const entries = new Map<string, T>();
  let bytes = 0;
  const dropOldest = () => {
    const oldest = entries.entries().next();
    if (oldest.done) return;
    entries.delete(oldest.value[0]);
    bytes -= weight(oldest.value[0], oldest.value[1]);
  };
  const memo = (input: string): T => {
    const hit = entries.get(input);
    if (hit !== undefined) {
      entries.delete(input);
      entries.set(input, hit);
      return hit;
    }
    const output = fn(input);
    const size = weight(input, output);
    if (size > byteLimit) return output;
    while (entries.size > 0 && (entries.size >= limit || bytes + size > byteLimit)) dropOldest();
    entries.set(input, output);
    bytes += size;
    return output;
  };
  return Object.defineProperties(memo, {
    clear: {
      value: () => {
        entries.clear();
        bytes = 0;
      },
    },
    size: { get: () => entries.size },
    bytes: { get: () => bytes },
  }) as Memo<T>;
}
