// Geometry for the distribution plots and the parallel coordinates, kept
// out of the components so it can be tested without a DOM.

import { area, curveMonotoneX, line } from "d3-shape";
import type { ScaleLinear } from "d3-scale";

export function binCentres(edges: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < edges.length; i++) out.push((edges[i]! + edges[i + 1]!) / 2);
  return out;
}

export function maxOf(values: Iterable<number | null>): number {
  let max = 0;
  for (const v of values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return max;
}

/**
 * A horizontal violin: density mirrored around the line y = cy, with the
 * widest point `halfHeight` at `maxDensity` (shared by the rows so their
 * shapes compare). Returns "" when there is nothing to draw.
 */
export function violinPath(
  density: readonly (number | null)[],
  edges: readonly number[],
  x: ScaleLinear<number, number>,
  cy: number,
  halfHeight: number,
  maxDensity: number,
): string {
  const centres = binCentres(edges);
  if (!(maxDensity > 0) || centres.length === 0) return "";
  const points = centres.map((c, i): [number, number] => [c, Math.max(0, density[i] ?? 0)]);
  // Close the shape at the outer bin edges so it spans the whole range.
  points.unshift([edges[0]!, 0]);
  points.push([edges[edges.length - 1]!, 0]);
  const w = (d: number) => (d / maxDensity) * halfHeight;
  const shape = area<[number, number]>()
    .x((p) => x(p[0]))
    .y0((p) => cy - w(p[1]))
    .y1((p) => cy + w(p[1]))
    .curve(curveMonotoneX);
  return shape(points) ?? "";
}

/**
 * Lanes for dots of `radius` at pixel positions `xs`, so that none overlaps
 * another: each dot takes the first of lanes 0, -1, 1, -2, 2, ... where it
 * keeps clear of the dots already there. See `laneSpacing` for how far
 * apart the lanes are drawn.
 */
export function dotLanes(xs: readonly number[], radius: number): number[] {
  const lastX = new Map<number, number>();
  const lanes: number[] = new Array<number>(xs.length).fill(0);
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  for (const i of order) {
    const x = xs[i]!;
    let lane = 0;
    for (let k = 1; (lastX.get(lane) ?? -Infinity) > x - 2 * radius; k++) lane = k % 2 ? -Math.ceil(k / 2) : k / 2;
    lanes[i] = lane;
    lastX.set(lane, x);
  }
  return lanes;
}

/**
 * Distance between lanes of dots: a dot's diameter, or less when that many
 * lanes would leave a row `halfHeight` high (dots then overlap, every one
 * still seen).
 */
export function laneSpacing(lanes: readonly number[], radius: number, halfHeight: number): number {
  const widest = Math.max(0, ...lanes.map(Math.abs));
  return widest === 0 ? 2 * radius : Math.min(2 * radius, (halfHeight - radius) / widest);
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  count: number;
  low: number;
  high: number;
}

/** Histogram bars standing on y = bottom, the tallest `height` high. */
export function histogramBars(
  counts: readonly number[],
  edges: readonly number[],
  x: ScaleLinear<number, number>,
  bottom: number,
  height: number,
  maxCount: number,
): Bar[] {
  if (!(maxCount > 0)) return [];
  const bars: Bar[] = [];
  counts.forEach((count, i) => {
    const low = edges[i];
    const high = edges[i + 1];
    if (low === undefined || high === undefined || count <= 0) return;
    const h = Math.max(1, (count / maxCount) * height);
    const x0 = x(low);
    bars.push({ x: x0, y: bottom - h, width: Math.max(0.5, x(high) - x0 - 0.5), height: h, count, low, high });
  });
  return bars;
}

/**
 * One parallel-coordinates polyline: a point per axis; undefined values
 * break the line (a lone point still shows thanks to round caps).
 */
export function polylinePath(
  values: readonly (number | null)[],
  axisX: readonly number[],
  y: ScaleLinear<number, number>,
): string {
  const points = values.map((v, i): [number, number | null] => [axisX[i] ?? 0, v]);
  const draw = line<[number, number | null]>()
    .defined((p) => p[1] !== null && Number.isFinite(p[1]))
    .x((p) => p[0])
    .y((p) => y(p[1] as number));
  const d = draw(points) ?? "";
  // d3 draws a lone defined point as a closed "Mx,yZ", which has no caps
  // and so shows nothing: make it an open zero-length segment instead,
  // which round caps draw as a dot.
  return d.replace(/M([^MLZ]+)Z/g, (_, p: string) => `M${p}L${p}`);
}

/**
 * Extent of the values for an axis scaled to them: zero is included where
 * that leaves them at least half the axis (a reference for signed metrics),
 * left out where it would squeeze them flat. A single value gets half its
 * size as margin, from 0.
 */
export function valueExtent(values: Iterable<number | null>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return [-1, 1];
  if (lo === hi) return lo > 0 ? [0, 1.5 * lo] : lo < 0 ? [1.5 * lo, 0] : [-1, 1];
  const span = hi - lo;
  if (lo > 0 && lo <= span) lo = 0;
  if (hi < 0 && -hi <= span) hi = 0;
  return [lo, hi];
}
