// Geometry of values across steps: sparklines in table cells, lines with
// interval bands in trend charts, and log-scale positions for counts.
// Pure functions (unit-tested); the views draw the paths they return.

/** A value's position between two pixel ends, for a domain [lo, hi]; null stays null. */
function scale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (v: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((v - d0) / span) * (r1 - r0));
}

function round(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function defined(v: number | null | undefined): v is number {
  return v !== null && v !== undefined && Number.isFinite(v);
}

/** Smallest and largest defined value of several series; [-1, 1] when none. */
export function seriesExtent(...series: readonly (readonly (number | null | undefined)[] | null | undefined)[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const values of series) {
    for (const v of values ?? []) {
      if (!defined(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo > hi) return [-1, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  return [lo, hi];
}

/**
 * ``domain`` widened about its middle to at least ``span``: a row's sparkline
 * on its own extent drew a change of 0.003 as deep as one of 0.3.
 */
export function atLeastSpan(domain: readonly [number, number], span: number): [number, number] {
  const [lo, hi] = domain;
  if (!(span > hi - lo)) return [lo, hi];
  const mid = (lo + hi) / 2;
  return [mid - span / 2, mid + span / 2];
}

/**
 * SVG path of values at pixel `xs`, each at `y(value)` (a chart's scale): undefined values break the
 * line, and a lone point is a zero-length segment, a speck at most (`isolatedPoints` gives its dot).
 * Every chart across steps draws its lines with this.
 */
export function stepLinePath(values: readonly (number | null | undefined)[], xs: readonly number[], y: (v: number) => number): string {
  const segments: string[][] = [];
  let current: string[] = [];
  values.forEach((v, i) => {
    if (!defined(v)) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push(`${round(xs[i] ?? 0)},${round(y(v))}`);
  });
  if (current.length) segments.push(current);
  // a lone point is repeated (a segment of length zero keeps the path valid); its dot is drawn apart
  return segments.map((points) => `M${(points.length === 1 ? [points[0], points[0]] : points).join("L")}`).join("");
}

/** x of n values evenly spaced over [0, width] (one value: the middle), unless `xs` gives them. */
function evenXs(n: number, width: number, xs?: readonly number[]): number[] {
  return Array.from({ length: n }, (_, i) => (xs ? (xs[i] ?? 0) : n <= 1 ? width / 2 : (i / (n - 1)) * width));
}

/**
 * SVG path of values at evenly spaced x over [0, width], y over [height, 0]
 * for `domain` (a sparkline): `stepLinePath` on those axes.
 */
export function linePath(
  values: readonly (number | null | undefined)[],
  width: number,
  height: number,
  domain: readonly [number, number],
  xs?: readonly number[],
): string {
  return stepLinePath(values, evenXs(values.length, width, xs), scale(domain, [height, 0]));
}

/**
 * The points of `linePath`'s series that have no defined neighbour (a step
 * missing on each side): a path shows them only as specks of its stroke's
 * width, so they are drawn as dots. Same axes as `linePath`.
 */
export function isolatedPoints(
  values: readonly (number | null | undefined)[],
  width: number,
  height: number,
  domain: readonly [number, number],
  xs?: readonly number[],
): { x: number; y: number }[] {
  const x = evenXs(values.length, width, xs);
  const y = scale(domain, [height, 0]);
  const out: { x: number; y: number }[] = [];
  values.forEach((v, i) => {
    if (defined(v) && !defined(values[i - 1]) && !defined(values[i + 1])) out.push({ x: Number(round(x[i]!)), y: Number(round(y(v))) });
  });
  return out;
}

/**
 * SVG path of the band between `low` and `high` at pixel `xs`, each at `y(value)`: closed polygons over
 * each run of steps where both ends are defined. Every chart across steps draws its bands with this.
 */
export function stepBandPath(
  low: readonly (number | null | undefined)[],
  high: readonly (number | null | undefined)[],
  xs: readonly number[],
  y: (v: number) => number,
): string {
  const n = Math.min(low.length, high.length, xs.length);
  const parts: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length) {
      const top = run.map((i) => `${round(xs[i]!)},${round(y(high[i] as number))}`);
      const bottom = run.map((i) => `${round(xs[i]!)},${round(y(low[i] as number))}`).reverse();
      parts.push(`M${[...top, ...bottom].join("L")}Z`);
    }
    run = [];
  };
  for (let i = 0; i < n; i++) {
    if (defined(low[i]) && defined(high[i])) run.push(i);
    else flush();
  }
  flush();
  return parts.join("");
}

/** `stepBandPath` on `linePath`'s axes. */
export function bandPath(
  low: readonly (number | null | undefined)[],
  high: readonly (number | null | undefined)[],
  width: number,
  height: number,
  domain: readonly [number, number],
  xs?: readonly number[],
): string {
  return stepBandPath(low, high, evenXs(Math.min(low.length, high.length), width, xs), scale(domain, [height, 0]));
}

/** x of each step on [0, width], proportional to the step numbers (not evenly spaced). */
export function stepPositions(steps: readonly number[], width: number): number[] {
  if (steps.length === 0) return [];
  const lo = steps[0]!;
  const hi = steps[steps.length - 1]!;
  return steps.map((s) => (hi === lo ? width / 2 : ((s - lo) / (hi - lo)) * width));
}

/** y of zero on [height, 0] for `domain`, or null when zero is outside it. */
export function zeroLine(height: number, domain: readonly [number, number]): number | null {
  if (domain[0] > 0 || domain[1] < 0) return null;
  return Math.round(scale(domain, [height, 0])(0) * 100) / 100;
}

/** Position of a count on a log10 axis over [lo, hi] counts (counts below 1 sit at 1). */
export function logPosition(count: number, lo: number, hi: number, width: number): number {
  const l0 = Math.log10(Math.max(lo, 1));
  const l1 = Math.log10(Math.max(hi, lo + 1, 1));
  const v = Math.log10(Math.max(count, 1));
  return l1 === l0 ? width / 2 : ((v - l0) / (l1 - l0)) * width;
}

/** Powers of ten from below `lo` to above `hi`: the ticks of a log axis of counts. */
export function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  const start = Math.floor(Math.log10(Math.max(lo, 1)));
  const end = Math.ceil(Math.log10(Math.max(hi, 1)));
  for (let e = start; e <= Math.max(end, start + 1); e++) ticks.push(10 ** e);
  return ticks;
}
