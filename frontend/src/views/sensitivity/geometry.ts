// Pure helpers of the sensitivity view, testable without a DOM.

import { overWhite, readableTextOn, type Rgb } from "../../charts/colors.js";
import { columnFormat, formatValue } from "../../charts/format.js";

/** Largest finite value (0 when none). */
export function finiteMax(values: Iterable<number | null | undefined>): number {
  let max = 0;
  for (const v of values) if (v !== null && v !== undefined && Number.isFinite(v) && v > max) max = v;
  return max;
}

/** Model sensitivity u_t: blue; the protected weight V_t: vermillion (Okabe-Ito). */
export const U_RGB: Rgb = [0, 114, 178];
export const V_RGB: Rgb = [213, 94, 0];

/**
 * Opacity of a heat-strip cell: proportional to value / max, with a floor
 * that keeps non-zero values visible; null for 0 or undefined values.
 */
export function heatAlpha(value: number | null | undefined, max: number): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || !(max > 0) || value <= 0) return null;
  return Math.min(1, 0.08 + 0.92 * (value / max));
}

/** Background of a heat-strip cell: the colour at `heatAlpha`; transparent for 0 or undefined values. */
export function heat(value: number | null | undefined, max: number, rgb: Rgb): string {
  const alpha = heatAlpha(value, max);
  if (alpha === null) return "transparent";
  return `rgba(${rgb[0]},${rgb[1]},${rgb[2]},${alpha.toFixed(3)})`;
}

/** Text colour of a heat-strip cell: readable (WCAG AA) on its shade over the white panel. */
export function heatText(value: number | null | undefined, max: number, rgb: Rgb): string {
  const alpha = heatAlpha(value, max);
  // the rounding of `heat`'s opacity, so the text suits the shade drawn
  return readableTextOn(overWhite(rgb, alpha === null ? 0 : Number(alpha.toFixed(3))));
}

/**
 * Which of `n` equally spaced steps get a label when at most `room` fit:
 * every `stride`-th from the first, and the last if it has room of its own
 * (a long run's labels would otherwise overlap).
 */
export function labelledSteps(n: number, room: number): number[] {
  if (n <= 0) return [];
  const stride = Math.max(1, Math.ceil(n / Math.max(1, room - 1))); // room for the last one too
  const out: number[] = [];
  for (let i = 0; i < n; i += stride) out.push(i);
  const last = n - 1;
  if (out[out.length - 1] !== last) {
    if (last - out[out.length - 1]! < stride / 2 && out.length > 1) out.pop();
    out.push(last);
  }
  return out;
}

/**
 * Words for the reason codes the writer attaches to an undefined P
 * (tb_bias_plugin/measures/sensitivity/sensitivity.py, REASON_*; see
 * docs/measures/sensitivity.md "Undefined values").
 */
const REASON_PHRASES: Record<string, string> = {
  no_listed_tokens: "no listed word in the text",
  flat_psm: "the PSM's gradients are all zero",
  zero_embedding_weight: "the embedding weights sum to zero",
  no_tokens: "no real token",
};

/** A reason code in words; an unknown code (a newer writer) is shown as it is. */
export function reasonPhrase(code: string): string {
  return REASON_PHRASES[code] ?? code.replace(/_/g, " ");
}

/** The undefined counts of one v choice, most frequent first, each in words with its code kept. */
export function describeReasons(reasons: Readonly<Record<string, number>>): { code: string; phrase: string; count: number }[] {
  return Object.entries(reasons)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, count]) => ({ code, phrase: reasonPhrase(code), count }));
}

/**
 * The size of a sample all at P = 0: how many examples the histogram holds when every
 * defined P is 0, else null (a count, not a yes/no: the view prints it). The writer
 * then logs bins from 0 to 1 (it needs a width), which would draw an axis to 1.000 under
 * a sample that never leaves 0.
 */
export function zeroSampleSize(max: number | null, counts: readonly number[]): number | null {
  const n = counts.reduce((a, b) => a + b, 0);
  return max === 0 && n > 0 ? n : null;
}

/** An axis of the v comparison: its domain and the values labelled on it. */
export interface ScatterAxis {
  domain: [number, number];
  ticks: number[];
  /** every value is the same (the axis has no spread to show) */
  constant: boolean;
}

/**
 * The axis of one v choice's P in the v comparison: from 0 (P is never
 * negative) to the largest value; when every value is the same (a choice
 * whose P is 0 everywhere) that value sits in the middle, labelled alone,
 * rather than at the origin under an end labelled with a value none has.
 */
export function scatterAxis(values: readonly number[]): ScatterAxis {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { domain: [0, 1], ticks: [], constant: false };
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (hi > lo) {
    const start = Math.min(0, lo);
    return { domain: [start, hi], ticks: [start, hi], constant: false };
  }
  const half = Math.abs(lo) || 1;
  return { domain: [lo - half, lo + half], ticks: [lo], constant: true };
}

/** Why Spearman's ρ of a comparison is undefined, in words; null where it is defined. */
export function rhoUndefinedReason(c: { a: string; b: string; rho: number | null; n: number; points: readonly { a: number; b: number }[] }): string | null {
  if (c.rho !== null) return null;
  if (c.n < 3) return `fewer than 3 examples where both are defined (${c.n})`;
  const constant = [c.a, c.b].filter((_, k) => scatterAxis(c.points.map((p) => (k === 0 ? p.a : p.b))).constant);
  if (constant.length === 2) return "P is constant under both choices";
  if (constant.length === 1) {
    const value = c.points[0] ? (constant[0] === c.a ? c.points[0].a : c.points[0].b) : null;
    return `P under ${constant[0]} is constant${value === null ? "" : `: ${formatValue(value, 4)} for every example`}`;
  }
  return "not computed by the server";
}

type Format = (v: number | null | undefined) => string;

/**
 * The heading of the examples list. Top-K lists the largest P first, so when its
 * first example has P = 0 every example has: calling them "most sensitive" misled.
 */
export function examplesHeading(source: "top" | "sample", topK: number, examples: readonly { P: Readonly<Record<string, number | null>> }[], choice: string): string {
  if (source === "sample") return "Sampled examples, by P";
  if (noExampleReacts(source, examples, choice)) return "No example reacts (the largest P is 0)";
  return `Top ${topK} most sensitive examples`;
}

/** Whether top-K's examples all have P = 0 under `choice`: then every example has, and the list would be arbitrary. */
export function noExampleReacts(source: "top" | "sample", examples: readonly { P: Readonly<Record<string, number | null>> }[], choice: string): boolean {
  return source === "top" && examples.length > 0 && examples.every((e) => e.P[choice] === 0);
}

/**
 * The number formats of the shown examples, one per column (columnFormat: one
 * notation down it): each v choice's P over the examples, and every example's
 * per-feature sensitivities. Value by value, 9.04e-6 sat beside 0.0000.
 */
export function exampleFormats(
  examples: readonly { P: Readonly<Record<string, number | null>>; feature_sensitivity?: readonly (number | null)[] | null }[],
  choices: readonly string[],
): { p: (choice: string) => Format; feature: Format } {
  const byChoice = new Map(choices.map((c) => [c, columnFormat(examples.map((e) => e.P[c] ?? null), 4)]));
  const fallback = columnFormat([], 4);
  return {
    p: (choice) => byChoice.get(choice) ?? fallback,
    feature: columnFormat(examples.flatMap((e) => e.feature_sensitivity ?? []), 4),
  };
}

/**
 * What a v choice holds besides P (docs/http_api.md, `GET sensitivity`): per-token u_t in a text record,
 * per-feature s_i where `features` is logged, else nothing: P alone, as `tb-bias log --p-column` writes
 * it, has neither, and the view shows no legend, grid or panel for detail it lacks.
 */
export function detailOf(
  record: { readonly input: string },
  choice: { readonly features: readonly unknown[] | null } | undefined,
): "tokens" | "features" | null {
  if (record.input === "text") return "tokens";
  return choice?.features ? "features" : null;
}
