/**
 * A bounded memo for pure string functions: the same input always gives the same output, so a
 * remembered output is the output. It is not a content cache: it keeps no answer of the content
 * service, only what a pure function computed from a string it was given (the same rich-text
 * fragment recurs on every render of a page, cache or not). Least recently used entries go first.
 */
export interface Memo {
  (input: string): string;
  /** Forgets every entry (the function's own setup changed). */
  clear(): void;
  readonly size: number;
}

export function memoize(fn: (input: string) => string, limit: number): Memo {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`memo limit ${limit}: expected ≥ 1`);
  // A Map keeps insertion order: re-inserting on a hit keeps the oldest use first.
  const entries = new Map<string, string>();
  const memo = (input: string): string => {
    const hit = entries.get(input);
    if (hit !== undefined) {
      entries.delete(input);
      entries.set(input, hit);
      return hit;
    }
    const output = fn(input);
    if (entries.size >= limit) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(input, output);
    return output;
  };
  return Object.defineProperties(memo, {
    clear: { value: () => entries.clear() },
    size: { get: () => entries.size },
  }) as Memo;
}
