// Interval whiskers drawn inside the value cells of ranked tables, and the
// number formats of columns that hold intervals and q-values. Pure functions.

import { fraction, spanFraction } from "./bars.js";

/**
 * CSS custom properties placing an interval's whisker over a cell's bar
 * track (same span and placement rule as `barStyle`): `--wp` its place and
 * `--ww` its width, fractions of the span. An end that is null (unbounded)
 * runs to the edge of the domain. Empty string when there is no interval.
 */
export function whiskerStyle(low: number | null | undefined, high: number | null | undefined, domain: readonly [number, number]): string {
  if ((low === null || low === undefined) && (high === null || high === undefined)) return "";
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (!(hi > lo)) return "";
  const pct = (v: number) => spanFraction(v, lo, hi);
  const a = low === null || low === undefined || !Number.isFinite(low) ? 0 : pct(low);
  const b = high === null || high === undefined || !Number.isFinite(high) ? 1 : pct(high);
  const w = Math.max(b - a, 0.004);
  const place = w >= 1 ? 0 : a / (1 - w);
  return `--wp:${fraction(place)};--ww:${fraction(w)}`;
}

/** Decimals that show every value of a column with one fixed format (no exponents). */
export function columnDigits(values: Iterable<number | null | undefined>, minimum = 3, maximum = 6): number {
  let largest = 0;
  for (const v of values) if (v !== null && v !== undefined && Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  if (largest === 0 || largest >= 0.1) return minimum;
  return Math.min(maximum, Math.max(minimum, Math.ceil(-Math.log10(largest)) + 2));
}

/** A number with a fixed number of decimals; an em dash where undefined. */
export function formatFixed(value: number | null | undefined, digits: number, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "\u2014";
  let text = value.toFixed(digits);
  if (/^-0\.?0*$/.test(text)) text = text.slice(1);
  return signed && value > 0 && !/^0\.?0*$/.test(text) ? `+${text}` : text;
}

/**
 * The format of a ranked table's column whose bars span `domain` (fixed decimals from columnDigits,
 * signed for a gap): also what a plot of the column says of it, so a median reads as its rows do.
 */
export function domainFormat(domain: readonly [number, number], signed = false): (v: number | null | undefined) => string {
  const digits = columnDigits(domain);
  return (v) => formatFixed(v, digits, signed);
}

/** A q- or p-value: three decimals, "<0.001" below. */
export function formatQ(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "\u2014";
  return value < 0.001 ? "<0.001" : value.toFixed(3);
}

/** A p- or q-value stated in words: "p < 0.001", "q = 0.051", "q undefined". */
export function formatStatement(name: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return `${name} undefined`;
  return value < 0.001 ? `${name} < 0.001` : `${name} = ${value.toFixed(3)}`;
}

/** An interval as text: "[-0.120, 0.340]"; an unbounded end as "-\u221e" / "\u221e". */
export function formatInterval(low: number | null | undefined, high: number | null | undefined, digits = 3): string {
  const lo = low === null || low === undefined ? "-\u221e" : formatFixed(low, digits);
  const hi = high === null || high === undefined ? "\u221e" : formatFixed(high, digits);
  return `[${lo}, ${hi}]`;
}
