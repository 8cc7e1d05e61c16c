// Geometry of the small in-cell bars, as percentages of the cell width.
// Bars grow from zero when zero is on the axis, else from the axis start.

export interface BarGeometry {
  left: number;
  width: number;
  negative: boolean;
}

/** Where `value` falls in the span [lo, hi], as a fraction held within 0 and 1. */
export function spanFraction(value: number, lo: number, hi: number): number {
  return (Math.min(hi, Math.max(lo, value)) - lo) / (hi - lo);
}

/** A fraction rounded for a style attribute (4 decimals: far below a pixel). */
export function fraction(value: number): string {
  return String(Math.round(value * 10000) / 10000);
}

export function barGeometry(value: number | null, domain: readonly [number, number]): BarGeometry | null {
  if (value === null || !Number.isFinite(value)) return null;
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (!(hi > lo)) return null;
  const pct = (v: number) => spanFraction(v, lo, hi) * 100;
  const origin = lo <= 0 && hi >= 0 ? 0 : lo;
  const a = pct(origin);
  const b = pct(value);
  return { left: Math.min(a, b), width: Math.abs(b - a), negative: value < origin };
}

/**
 * CSS custom properties that draw a value's bar as the background of its
 * table cell, so the cell needs no child elements (which matters when the
 * table has 16 identities and shows a hundred rows). The bar spans the
 * cell minus room for the number on the right (`--r` in the CSS); each
 * property is a fraction of that span: `--o` where zero is, `--p` where
 * the fill is placed and `--w` its width, and `--c` its colour.
 *
 * A background of width w*S (S = the span) placed at `calc(p * S)` starts
 * at p*(W - w*S) - p*R over a cell of width W = S + R, i.e. at p*(1 - w)*S;
 * so a fill starting at l*S is placed at p = l / (1 - w).
 * Empty string when there is nothing to draw.
 */
export function barStyle(value: number | null, domain: readonly [number, number], color: string): string {
  const origin = barGeometry(0, domain);
  const parts = origin ? [`--o:${fraction(origin.left / 100)}`] : [];
  const g = barGeometry(value, domain);
  if (g && g.width > 0) {
    const w = g.width / 100;
    const place = w >= 1 ? 0 : g.left / 100 / (1 - w);
    parts.push(`--p:${fraction(place)}`, `--w:${fraction(w)}`, `--c:${color}`);
  }
  return parts.join(";");
}
