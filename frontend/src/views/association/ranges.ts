// Range filters, in the API's `COLUMN:LOW:HIGH` form (either bound open).

export interface RangeFilter {
  column: string;
  low: number | null;
  high: number | null;
}

function formatBound(value: number | null): string {
  return value === null ? "" : String(value);
}

export function formatRangeParam(range: RangeFilter): string {
  return `${range.column}:${formatBound(range.low)}:${formatBound(range.high)}`;
}

function parseBound(text: string): number | null | undefined {
  if (text === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Parses `COLUMN:LOW:HIGH`; the column may itself contain colons. */
export function parseRangeParam(text: string): RangeFilter | null {
  const last = text.lastIndexOf(":");
  const middle = last > 0 ? text.lastIndexOf(":", last - 1) : -1;
  if (middle <= 0) return null;
  const low = parseBound(text.slice(middle + 1, last));
  const high = parseBound(text.slice(last + 1));
  if (low === undefined || high === undefined) return null;
  if (low !== null && high !== null && low > high) return null;
  return { column: text.slice(0, middle), low, high };
}

/**
 * Adds a filter; a new filter on a column replaces the old one (a brush is
 * one interval). Beyond `maxRanges` (the config's `max_ranges`) nothing is added.
 */
export function addRange(ranges: readonly RangeFilter[], range: RangeFilter, maxRanges: number): RangeFilter[] {
  const index = ranges.findIndex((r) => r.column === range.column);
  if (index >= 0) return ranges.map((r, i) => (i === index ? range : r));
  if (ranges.length >= maxRanges) return [...ranges];
  return [...ranges, range];
}

export function removeRange(ranges: readonly RangeFilter[], column: string): RangeFilter[] {
  return ranges.filter((r) => r.column !== column);
}

/** A bound typed by the user: empty is open (null), else a finite number; undefined if invalid. */
export function parseBoundInput(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
