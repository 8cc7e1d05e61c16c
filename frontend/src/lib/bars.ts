// Geometry of the small in-cell bars, as percentages of the cell width.
// Bars grow from zero when zero is on the axis, else from the axis start.

export interface BarGeometry {
  left: number;
  width: number;
  negative: boolean;
}

export function barGeometry(value: number | null, domain: readonly [number, number]): BarGeometry | null {
  if (value === null || !Number.isFinite(value)) return null;
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (!(hi > lo)) return null;
  const pct = (v: number) => ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * 100;
  const origin = lo <= 0 && hi >= 0 ? 0 : lo;
  const a = pct(origin);
  const b = pct(value);
  return { left: Math.min(a, b), width: Math.abs(b - a), negative: value < origin };
}

/** A symmetric domain around zero covering `values` (for gaps and deltas). */
export function symmetricDomain(values: Iterable<number | null>, fallback = 1): [number, number] {
  let max = 0;
  for (const v of values) if (v !== null && Number.isFinite(v)) max = Math.max(max, Math.abs(v));
  const m = max > 0 ? max : fallback;
  return [-m, m];
}
