// Mapping between brush pixels on a linear value axis and range-filter
// bounds. A brush that reaches an end of the axis leaves that bound open:
// "everything above 0.2" rather than "0.2 to 1".

export interface Bounds {
  low: number | null;
  high: number | null;
}

type Pair = readonly [number, number];

/** Decimals that resolve one pixel's worth of value, at most 10. */
export function pixelDecimals(domain: Pair, range: Pair): number {
  const perPixel = Math.abs(domain[1] - domain[0]) / Math.max(1e-9, Math.abs(range[1] - range[0]));
  if (!(perPixel > 0) || !Number.isFinite(perPixel)) return 3;
  return Math.min(10, Math.max(0, Math.ceil(-Math.log10(perPixel))));
}

export function pixelToValue(px: number, domain: Pair, range: Pair): number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (r1 === r0) return d0;
  return d0 + ((px - r0) * (d1 - d0)) / (r1 - r0);
}

export function valueToPixel(value: number, domain: Pair, range: Pair): number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return r0;
  return r0 + ((value - d0) * (r1 - r0)) / (d1 - d0);
}

export function pixelsToBounds(selection: Pair, domain: Pair, range: Pair, edgeTolerancePx = 1): Bounds {
  const lo = Math.min(range[0], range[1]);
  const hi = Math.max(range[0], range[1]);
  const decimals = pixelDecimals(domain, range);
  const round = (v: number) => Number(v.toFixed(decimals));
  const values = selection.map((px) => Math.min(hi, Math.max(lo, px))).map((px) => ({
    px,
    value: round(pixelToValue(px, domain, range)),
  }));
  values.sort((a, b) => a.value - b.value);
  const [first, second] = values as [{ px: number; value: number }, { px: number; value: number }];
  const atEdge = (px: number, edgeValue: number) =>
    Math.abs(px - valueToPixel(edgeValue, domain, range)) <= edgeTolerancePx;
  const dMin = Math.min(domain[0], domain[1]);
  const dMax = Math.max(domain[0], domain[1]);
  return {
    low: atEdge(first.px, dMin) ? null : first.value,
    high: atEdge(second.px, dMax) ? null : second.value,
  };
}

/** Pixel extent of a filter on an axis, open bounds reaching the ends. */
export function boundsToPixels(bounds: Bounds, domain: Pair, range: Pair): [number, number] {
  const dMin = Math.min(domain[0], domain[1]);
  const dMax = Math.max(domain[0], domain[1]);
  const clamp = (v: number) => Math.min(dMax, Math.max(dMin, v));
  const a = valueToPixel(clamp(bounds.low ?? dMin), domain, range);
  const b = valueToPixel(clamp(bounds.high ?? dMax), domain, range);
  return [Math.min(a, b), Math.max(a, b)];
}
