/**
 * Reading a Prometheus scrape in the tests (a test tool, never imported by the server): the
 * metrics unit tests and the end-to-end publication chain ask the same questions of it.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (label values here never hold a quote or a comma). */
export function parseMetrics(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries(
      (match[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [key = '', value = ''] = pair.split('=');
          return [key, value.replace(/^"|"$/g, '')];
        }),
    );
    return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
  });
}

/** The sum of a family's samples whose labels include `labels` (0 when there is none). */
export function metricValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/**
 * A histogram's quantile as Prometheus's `histogram_quantile(q, sum by (le) (…))` reads it, over
 * every sample of `family` (several scrapes' samples sum, as across processes): the bucket where
 * the rank falls, interpolated linearly; past the last finite bound, that bound. NaN when empty.
 */
export function histogramQuantile(q: number, samples: Sample[], family: string): number {
  const counts = new Map<number, number>();
  for (const sample of samples) {
    if (sample.name !== `${family}_bucket`) continue;
    const le = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
    counts.set(le, (counts.get(le) ?? 0) + sample.value);
  }
  const buckets = [...counts].sort(([a], [b]) => a - b);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, count] of buckets) {
    if (count >= rank) {
      if (le === Infinity) return lower;
      return lower + ((le - lower) * (rank - below)) / Math.max(count - below, 1e-12);
    }
    lower = le;
    below = count;
  }
  return lower;
}
