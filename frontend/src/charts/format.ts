// Number and text formatting for display. Undefined values (null from the
// server) show as an em dash; the row's counts explain why.

import type { NumberValue } from "d3-scale";

export const UNDEFINED_TEXT = "\u2014";

export function formatValue(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNDEFINED_TEXT;
  if (needsExponent(value, digits)) return value.toExponential(2);
  const text = value.toFixed(digits);
  return /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

/**
 * The fewest decimals, from `digits` up to `most`, at which different values
 * read differently: a legend's 0.034 and 0.041 must not both say 0.04.
 */
export function distinctDigits(values: readonly number[], digits = 2, most = 6): number {
  const distinct = new Set(values).size;
  for (let d = digits; d < most; d++) {
    if (new Set(values.map((v) => formatValue(v, d))).size === distinct) return d;
  }
  return most;
}

/** Whether a value needs an exponent at `digits` decimals: it would read 0.000, or run past six digits. */
function needsExponent(value: number, digits: number): boolean {
  const abs = Math.abs(value);
  return abs !== 0 && (abs < 10 ** -digits || abs >= 1e6);
}

/** Every value with an exponent (0 as "0"), for a column or axis mostly of values that need one. */
function exponentFormat(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? UNDEFINED_TEXT : v === 0 ? "0" : v.toExponential(2);
}

/** How many of the values (zeros and undefined ones left out) are shown, and how many need an exponent. */
function exponentShare(values: Iterable<number | null | undefined>, digits: number): { shown: number; exponents: number } {
  let shown = 0;
  let exponents = 0;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v) || v === 0) continue;
    shown++;
    if (needsExponent(v, digits)) exponents++;
  }
  return { shown, exponents };
}

/**
 * One formatter for a column of a table, so that its numbers line up: fixed
 * `digits` decimals while most of the column fits them, a value too small
 * for them said as "<0.0001" (">-0.0001" below 0; its hover or its row says
 * more), one past a million in an exponent; a column mostly of values that
 * need an exponent takes one throughout (1.00e-3 beside 3.21e-4, never
 * 0.0010). One tiny value used to turn the whole column into exponents:
 * 1.38e-1 and 6.51e-2 for numbers that read 0.1380 and 0.0651.
 */
export function columnFormat(values: Iterable<number | null | undefined>, digits = 3): (v: number | null | undefined) => string {
  const { shown, exponents } = exponentShare(values, digits);
  if (exponents * 2 > shown) return exponentFormat;
  const floor = (10 ** -digits).toFixed(digits);
  return (v) => {
    if (v === null || v === undefined || !Number.isFinite(v) || v === 0 || Math.abs(v) >= 10 ** -digits) return formatValue(v, digits);
    return v > 0 ? `<${floor}` : `>-${floor}`;
  };
}

/**
 * One formatter for an axis' ticks or ends, which read as one scale: fixed
 * `digits` decimals, or an exponent on every value once one needs it
 * (0.000 beside 4.00e-4 read as two scales).
 */
export function axisFormat(values: Iterable<number | null | undefined>, digits = 3): (v: number | null | undefined) => string {
  return exponentShare(values, digits).exponents > 0 ? exponentFormat : (v) => formatValue(v, digits);
}

export function formatSigned(value: number | null | undefined, digits = 3): string {
  const text = formatValue(value, digits);
  return value !== null && value !== undefined && value > 0 && text !== UNDEFINED_TEXT ? `+${text}` : text;
}

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const fractionalCounts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const smallCounts = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 2 });

/**
 * A count with thousands separators. A count that is not whole (a median of counts, the old nPMI plugin's
 * counts, which may be divided by N) keeps up to two decimals, or two significant digits below 0.01:
 * rounded to a whole number, 0.02 read as 0.
 */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNDEFINED_TEXT;
  if (Number.isInteger(value)) return counts.format(value);
  if (Math.abs(value) >= 0.01) return fractionalCounts.format(value);
  // no trailing zero (0.005, not 0.0050); an exponent only where the decimals would run long
  return Math.abs(value) < 1e-6 ? value.toExponential(1).replace(".0e", "e") : smallCounts.format(value);
}

export function pairTitle(x1: string | null, x2: string | null): string {
  if (x1 === null) return "";
  if (x2 === null) return x1;
  return x2 === "rest" ? `${x1} vs. the rest` : `${x1} vs. ${x2}`;
}

/** The noun for `n` things: "label" for 1, "labels" otherwise (or the given plural: "identity", "identities"). */
export function noun(n: number, singular: string, pluralForm = `${singular}s`): string {
  return n === 1 ? singular : pluralForm;
}

/** A count and its noun: "1 label", "2,000 labels", "1 identity", "3 identities". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${noun(n, singular, pluralForm)}`;
}

/** e.g. "1,234 of 100,000 labels", "1 of 5 labels" (the noun follows the whole), "1 label" */
export function formatTotal(total: number | null, numLabels: number | null): string {
  if (total === null) return "";
  return numLabels === null ? plural(total, "label") : `${formatCount(total)} of ${plural(numLabels, "label")}`;
}

/**
 * Texts of evenly spaced axis ticks with just the decimals their spacing
 * needs: ticks 0.05 apart read 0.05, 0.10, 0.15 (never 0.1, 0.1, 0.2).
 */
export function formatTicks(ticks: readonly number[]): string[] {
  const steps = ticks.slice(1).map((t, i) => Math.abs(t - ticks[i]!)).filter((d) => d > 0 && Number.isFinite(d));
  const step = steps.length ? Math.min(...steps) : 1;
  // digits to tell neighbours apart; a small epsilon keeps 0.1 (0.09999...) at one digit
  let digits = Math.min(12, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));
  const exact = (d: number) => ticks.every((t) => Math.abs(Number(t.toFixed(d)) - t) <= step * 1e-6);
  while (digits < 12 && !exact(digits)) digits++;
  return ticks.map((t) => {
    const text = t.toFixed(digits);
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
  });
}

/**
 * d3's tick labels for `count` ticks of `scale`, with the ASCII minus every other number of the tab
 * uses (d3 writes U+2212, so an axis read "−0.5" beside a table's "-0.5"; ASCII is what a copy into a
 * spreadsheet takes as a number).
 */
export function asciiTickFormat(scale: { tickFormat(count?: number): (value: NumberValue) => string }, count: number): (value: NumberValue) => string {
  const format = scale.tickFormat(count);
  return (value) => format(value).replace(/\u2212/g, "-");
}
