// Geometry of the representation charts, free of the DOM so it is unit-tested.

import type { LayerSeries } from "./types.js";

type Value = number | null | undefined;

function finite(v: Value): v is number {
  return v !== null && v !== undefined && Number.isFinite(v);
}

/**
 * The y extent of the B chart: always [0, 1] (B's range for the true MI),
 * widened to every value and band edge so nothing is clipped.
 */
export function biasDomain(series: readonly LayerSeries[]): [number, number] {
  let lo = 0;
  let hi = 1;
  for (const s of series) {
    for (const list of [s.bias, s.control_low, s.control_high]) {
      for (const v of list) {
        if (!finite(v)) continue;
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  }
  const pad = (hi - lo) * 0.03;
  return [lo - pad, hi + pad];
}

/**
 * Whether a reference value above the domain fitted to the curves is put on
 * the scale: only while the curves keep at least ``share`` of the height.
 * H(Z) of a layer with B = 0.05 squeezed its curves into the bottom 7 % of
 * the chart, where the training, held-out and validation lines merged.
 */
export function onScale(domain: readonly [number, number], value: number, share = 0.4): boolean {
  const [lo, hi] = domain;
  return value <= hi || hi - lo >= share * (value - lo);
}

/** Extent of several value lists plus extra reference values, padded. */
export function valuesDomain(lists: readonly (readonly Value[])[], extra: readonly Value[] = []): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const list of [...lists, extra]) {
    for (const v of list) {
      if (!finite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (!Number.isFinite(lo)) return [0, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/**
 * The shaded control band: per step, the lowest and highest band edge over
 * the layers shown (each layer has its own shuffled-Z runs). Steps where
 * no layer has a band break the area.
 */
export function bandEnvelope(series: readonly LayerSeries[], count: number): { low: (number | null)[]; high: (number | null)[] } {
  const low: (number | null)[] = [];
  const high: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const s of series) {
      const a = s.control_low[i];
      const b = s.control_high[i];
      if (finite(a) && finite(b)) {
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
    }
    low.push(Number.isFinite(lo) ? lo : null);
    high.push(Number.isFinite(hi) ? hi : null);
  }
  return { low, high };
}

/** Whether a value lies outside [0, 1] (shown, never clipped). */
export function outsideUnit(v: Value): boolean {
  return finite(v) && (v < 0 || v > 1);
}

/**
 * About `count` round tick values across a step axis, all integers, and the
 * last step (the one shown by default went unlabelled at 9 after 8). The last
 * step takes the place of the round tick before it when the two are closer
 * than `minGap` (domain units: the room two labels need, from the pixels per
 * unit); by default half a tick step.
 */
export function integerTicks(domain: readonly [number, number], count: number, minGap?: number): number[] {
  const [a, b] = domain;
  if (!(b >= a)) return [];
  const span = b - a;
  if (span === 0) return [a];
  const raw = span / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag);
  const out: number[] = [];
  for (let t = Math.ceil(a / step) * step; t <= b; t += step) out.push(t);
  const last = out[out.length - 1];
  if (!Number.isInteger(b) || last === undefined || last === b) return out;
  if (b - last < (minGap ?? step / 2)) out.pop();
  out.push(b);
  return out;
}

/**
 * y positions for labels wanted at `ys` (pixels, any order) so that no two
 * are closer than `gap`, each moved as little as the order allows and kept
 * within [top, bottom]; returned in the input's order.
 */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const placed = order.map((o) => Math.min(bottom, Math.max(top, o.y)));
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k]!, placed[k - 1]! + gap);
  // pushed past the bottom: shift the run back up
  for (let k = placed.length - 1; k >= 0; k--) {
    const limit = k === placed.length - 1 ? bottom : placed[k + 1]! - gap;
    placed[k] = Math.min(placed[k]!, limit);
  }
  const out = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = placed[k]!));
  return out;
}
