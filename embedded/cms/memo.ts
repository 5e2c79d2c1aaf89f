/**
 * A bounded memo for the stand-in's pure computations (resolved dates, node ids): the same few
 * inputs recur on every answer. It remembers computed values, never answers: every call still
 * builds its answer from the content. The stand-in keeps its own helper since it does not import
 * the site's code.
 */
export function memoize<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  fn: (...args: A) => T,
  limit: number,
): (...args: A) => T {
  const entries = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    if (entries.has(key)) return entries.get(key) as T;
    const value = fn(...args);
    // Past the bound, start afresh: the working set is small, so a clear is rare and cheap.
    if (entries.size >= limit) entries.clear();
    entries.set(key, value);
    return value;
  };
}
