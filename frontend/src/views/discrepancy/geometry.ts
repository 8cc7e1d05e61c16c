// Pure geometry of the DIPDI view: the curve across steps with its band,
// the log colour scale of the discrepancy matrix and the subgroup bars.
import { scaleLinear } from "d3-scale";
import { line, area } from "d3-shape";
import { formatTicks } from "../../charts/format.js";

export interface StepPoint {
  step: number;
  dipdi: number | null;
  low: number | null;
  high: number | null;
  stars: string;
}

export interface StepChart {
  line: string;
  band: string;
  /** an interval the band cannot show (a point whose neighbours have none, e.g. a single step), as an error bar */
  whiskers: { x: number; y0: number; y1: number }[];
  points: { x: number; y: number; step: number; stars: string }[];
  zeroY: number;
  /** `text`: the tick's label, in one notation with the decimals the tick step needs */
  yTicks: { y: number; value: number; text: string }[];
  xTicks: { x: number; value: number }[];
}

const finite = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

const hasInterval = (p: StepPoint) => finite(p.low) && finite(p.high);

/** The curve of DIPDI across steps in a `width` x `height` box (margins inside). */
export function stepChart(points: readonly StepPoint[], width: number, height: number, margin = { left: 40, right: 12, top: 18, bottom: 24 }): StepChart {
  const steps = points.map((p) => p.step);
  const values = points.flatMap((p) => [p.dipdi, p.low, p.high]).filter(finite);
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (lo === hi) hi = lo + 1;
  const pad = (hi - lo) * 0.05;
  lo -= pad;
  hi += pad;
  const x0 = Math.min(...steps);
  const x1 = Math.max(...steps);
  const x = scaleLinear().domain(x0 === x1 ? [x0 - 1, x1 + 1] : [x0, x1]).range([margin.left, width - margin.right]);
  const y = scaleLinear().domain([lo, hi]).range([height - margin.bottom, margin.top]).nice();
  const drawn = line<StepPoint>()
    .defined((p) => finite(p.dipdi))
    .x((p) => x(p.step))
    .y((p) => y(p.dipdi as number));
  const band = area<StepPoint>()
    .defined(hasInterval)
    .x((p) => x(p.step))
    .y0((p) => y(p.low as number))
    .y1((p) => y(p.high as number));
  const yTickValues = y.ticks(5);
  const yTexts = formatTicks(yTickValues);
  return {
    line: drawn(points as StepPoint[]) ?? "",
    band: band(points as StepPoint[]) ?? "",
    whiskers: points
      .filter((p, i) => hasInterval(p) && !(i > 0 && hasInterval(points[i - 1]!)) && !(i + 1 < points.length && hasInterval(points[i + 1]!)))
      .map((p) => ({ x: x(p.step), y0: y(p.low as number), y1: y(p.high as number) })),
    points: points.filter((p) => finite(p.dipdi)).map((p) => ({ x: x(p.step), y: y(p.dipdi as number), step: p.step, stars: p.stars })),
    zeroY: y(0),
    yTicks: yTickValues.map((value, i) => ({ y: y(value), value, text: yTexts[i]! })),
    xTicks: (steps.length <= 12 ? steps : x.ticks(8)).map((value) => ({ x: x(value), value })),
  };
}

/** Position in [0, 1] of `value` on a log scale over the positive finite values; null otherwise. */
export function logPosition(value: number | null, values: readonly (number | null)[]): number | null {
  const positive = values.filter((v): v is number => finite(v) && v > 0);
  if (!finite(value) || value <= 0 || positive.length === 0) return null;
  const lo = Math.log(Math.min(...positive));
  const hi = Math.log(Math.max(...positive));
  return hi === lo ? 0.5 : (Math.log(value) - lo) / (hi - lo);
}

/** A sequential light-to-dark blue for t in [0, 1] (grey for null). */
export function heatColor(t: number | null): string {
  if (t === null) return "#e0e0e0";
  const from = [0xf0, 0xf6, 0xfb];
  const to = [0x08, 0x30, 0x6b];
  const c = from.map((f, i) => Math.round(f + (to[i]! - f) * t));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Whether cell (i, j) is one of the used pairs (in either order). */
export function isUsed(i: number, j: number, used: readonly (readonly number[])[]): boolean {
  return used.some(([a, b]) => (a === i && b === j) || (a === j && b === i));
}

/** Whether the pairs used are every pair of different models (all pairs): then no cell is set apart. */
export function usesEveryPair(n: number, used: readonly (readonly number[])[]): boolean {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (!isUsed(i, j, used)) return false;
  return true;
}

/**
 * What the matrix's marks say under the pairing: the heading's note on the outlines and the legend of the
 * bold numbers; none where every pair is used ("Bold: the pairs all pairs uses" sat under a matrix all bold).
 */
export function usedPairsWords(pairing: string, every: boolean): { outline: string; bold: string } {
  if (every) {
    const words = pairing === "all_pairs" ? "all pairs" : pairing;
    return { outline: `${words}: every pair enters DIPDI`, bold: `Under ${words} every pair of models enters DIPDI: none is set apart.` };
  }
  if (pairing === "paired") {
    return {
      outline: "outlined: the pairs the paired estimator uses",
      bold: "Bold (outlined above): the pairs the paired estimator uses, each model with its counterpart in the other pool and in its own.",
    };
  }
  return { outline: `outlined: the pairs ${pairing} uses`, bold: `Bold (outlined above): the pairs ${pairing} uses.` };
}

export interface GroupBars {
  /** x of the zero line */
  zeroX: number;
  /** per value, the bar's left edge and width (null where undefined); negative values lie left of zeroX */
  bars: ({ x: number; width: number } | null)[];
}

/**
 * Horizontal bars from a zero line on one linear scale over the values and 0. Any non-zero
 * bar is at least `minBar` wide, so a small negative never passes for a short positive bar,
 * and each side of the line that has a bar keeps room for one, so a short bar of either sign
 * stays inside [0, width] however long the bars on the other side are.
 */
export function groupBars(values: readonly (number | null)[], width: number, minBar = 4): GroupBars {
  const defined = values.filter(finite);
  let hi = Math.max(0, ...defined, 1e-9);
  let lo = Math.min(0, ...defined);
  // Room for `minBar` + 1 px on a side takes that share of the other side's span. Widening one
  // side by it never takes the room the other side needs (room < 1), so one pass each suffices.
  const room = (minBar + 1) / Math.max(1, width - minBar - 1);
  if (lo < 0) lo = Math.min(lo, -hi * room); // room left of zero
  if (defined.some((v) => v > 0)) hi = Math.max(hi, -lo * room); // room right of zero
  const px = (v: number) => ((v - lo) / (hi - lo)) * width;
  const zeroX = px(0);
  const bars = values.map((v) => {
    if (!finite(v)) return null;
    if (v === 0) return { x: zeroX, width: 0 };
    const w = Math.max(minBar, Math.abs(px(v) - zeroX));
    return v < 0 ? { x: zeroX - w, width: w } : { x: zeroX, width: w };
  });
  return { zeroX, bars };
}

/** Text of an output row: a number, or the argmax class and its value for a vector. */
export function outputText(output: unknown, digits = 2): string {
  if (typeof output === "number") return output.toFixed(digits);
  if (Array.isArray(output) && output.every((v) => typeof v === "number")) {
    const values = output as number[];
    let best = 0;
    values.forEach((v, i) => {
      if (v > values[best]!) best = i;
    });
    return `c${best} ${values[best]!.toFixed(digits)}`;
  }
  return "\u2014";
}

/** Model names up to this long are shown whole beside the matrix however narrow it is (it then scrolls). */
export const MIN_LABEL_CHARS = 12;
/** The longest label beside the matrix: a longer name is cut (full name in the tooltip). */
export const MAX_LABEL_CHARS = 24;
/** Smallest cell: turned labels one cell apart stand 16 * sin 45 = 11.3 px apart, a line of 11 px text. */
export const MIN_CELL = 16;
const MAX_CELL = 34;
/** About one character of the 11 px axis font. */
const CHAR_PX = 7.2;

/**
 * A model's name as the matrix shows it: whole up to `chars` characters, else cut in the middle, since
 * the models of a pool share a prefix and differ at the end ("development_1" -> "devel\u2026ment_1").
 */
export function modelLabel(name: string, chars: number): string {
  if (name.length <= chars) return name;
  const head = Math.floor((chars - 1) / 2);
  return `${name.slice(0, head)}\u2026${name.slice(name.length - (chars - 1 - head))}`;
}

export interface MatrixLayout {
  /** x of the first column (row labels end left of it) */
  left: number;
  /** y of the first row (column labels, turned 45 degrees, end above it) */
  top: number;
  cell: number;
  width: number;
  height: number;
  /** the most characters of a name shown (modelLabel's `chars`) */
  chars: number;
}

/**
 * Room for the labels of the discrepancy matrix within `available` pixels: labels as long as the
 * longest name needs, up to MAX_LABEL_CHARS and what leaves cells of MIN_CELL px (never below
 * MIN_LABEL_CHARS), column labels turned 45 degrees so neighbours never overlap, cells at most 34 px.
 */
export function matrixLayout(models: readonly string[], available: number): MatrixLayout {
  const n = Math.max(models.length, 1);
  const longest = Math.max(1, ...models.map((m) => m.length));
  // a label's width counts twice: left of the grid, and (turned) as the last column's lean right of it
  const fits = Math.floor((available - 12 - n * MIN_CELL) / (CHAR_PX * (1 + Math.SQRT1_2)));
  const chars = Math.min(longest, Math.max(MIN_LABEL_CHARS, Math.min(MAX_LABEL_CHARS, fits)));
  const text = chars * CHAR_PX;
  const left = Math.ceil(text + 8);
  const lean = Math.ceil(text * Math.SQRT1_2);
  const top = Math.ceil(text * Math.SQRT1_2 + 12);
  // turned 45 degrees, neighbouring labels stand cell * sin 45 apart: at least a line of text
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((available - left - lean - 4) / n)));
  return { left, top, cell, width: left + n * cell + lean, height: top + n * cell + 4, chars };
}

/** The colour legend of the log scale: the smallest and largest positive values and one between. */
export function logLegend(values: readonly (number | null)[]): { low: number; high: number; mid: number } | null {
  const positive = values.filter((v): v is number => finite(v) && v > 0);
  if (positive.length === 0) return null;
  const low = Math.min(...positive);
  const high = Math.max(...positive);
  return { low, high, mid: Math.sqrt(low * high) };
}
