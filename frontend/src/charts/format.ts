// Number and text formatting for display. Undefined values (null from the
// server) show as an em dash; the row's counts explain why.

export const UNDEFINED_TEXT = "\u2014";

export function formatValue(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNDEFINED_TEXT;
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 10 ** -digits || abs >= 1e6)) return value.toExponential(2);
  const text = value.toFixed(digits);
  return /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

export function formatSigned(value: number | null | undefined, digits = 3): string {
  const text = formatValue(value, digits);
  return value !== null && value !== undefined && value > 0 && text !== UNDEFINED_TEXT ? `+${text}` : text;
}

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNDEFINED_TEXT;
  return counts.format(value);
}

export function pairTitle(x1: string | null, x2: string | null): string {
  if (x1 === null) return "";
  if (x2 === null) return x1;
  return x2 === "rest" ? `${x1} vs. the rest` : `${x1} vs. ${x2}`;
}

/** e.g. "1,234 of 100,000 labels" */
export function formatTotal(total: number | null, numLabels: number | null): string {
  if (total === null) return "";
  const noun = total === 1 ? "label" : "labels";
  return numLabels === null ? `${formatCount(total)} ${noun}` : `${formatCount(total)} of ${formatCount(numLabels)} ${noun}`;
}
