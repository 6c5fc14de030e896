/**
 * The p-th percentile of latencies by the nearest-rank method: the smallest value at least p% of the values do not
 * exceed, always one of the values measured (no interpolated latency nobody saw). Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}
