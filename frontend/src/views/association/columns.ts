// Column ids (the API's column names, docs/http_api.md): `label`, `gap`,
// `count`, `METRIC@IDENTITY` and `count@IDENTITY`. This module is the only
// one that builds or parses them. Also: which columns the ranked table
// shows, and which columns a range filter can use.

import type { RangeFilter } from "./ranges.js";

export type ColumnKind = "label" | "value" | "gap" | "q" | "trend" | "count";

/** The trend column's sort: the bound of the change (first to last step) nearest 0. */
export const CHANGE_SORT = "change_bound";

export interface Column {
  id: string;
  title: string;
  kind: ColumnKind;
  identity: string | null;
}

export function valueColumn(metric: string, identity: string): string {
  return `${metric}@${identity}`;
}

export function countColumn(identity: string): string {
  return `count@${identity}`;
}

/** `npmi_xy@woman` -> family `npmi_xy`, identity `woman`; `gap` -> family `gap`, identity null. */
export function parseColumn(column: string): { family: string; identity: string | null } {
  const at = column.indexOf("@");
  return at < 0 ? { family: column, identity: null } : { family: column.slice(0, at), identity: column.slice(at + 1) };
}

/** The identity a column like `npmi_xy@woman` or `count@man` refers to. */
export function columnIdentity(column: string): string | null {
  return parseColumn(column).identity;
}

/** The metric (or `count`) a column like `npmi_xy@woman` refers to; the column itself if it has no `@`. */
export function columnFamily(column: string): string {
  return parseColumn(column).family;
}

/** Columns without an identity that the `table` route sorts by; the intervals only in tables of counts
 * (a precomputed table sorts by `count` and `count@X` too when it logged them: the route says if not). */
const PLAIN_SORTS = ["label", "gap", "change", CHANGE_SORT, "count"];
const COUNTS_SORTS = ["bound", "p_value", "q_value"];

/**
 * Whether a table (`counts`: of counts, not precomputed values) can be
 * sorted by `column` (docs/http_api.md, "Columns"). A value column's metric
 * and identity are fitted to the table elsewhere; anything else (a hand-edited
 * link's `sort=zzz`) the route refuses.
 */
export function isSortColumn(column: string, counts: boolean): boolean {
  const { family, identity } = parseColumn(column);
  if (identity === null) return PLAIN_SORTS.includes(column) || (counts && COUNTS_SORTS.includes(column));
  return family !== "" && identity !== "";
}

/** Whether a column's values have a sign (gap and metric values; not counts or labels). */
export function isSignedColumn(column: string): boolean {
  const { family, identity } = parseColumn(column);
  return column === "gap" || column === "change" || column === CHANGE_SORT || (identity !== null && family !== "count");
}

/** Columns whose id is a wire name, said in words where the user reads them (tooltips, chips, screen readers). */
const SPOKEN: ReadonlyMap<string, string> = new Map([
  ["q_value", "q (Benjamini\u2013Hochberg q-value of the gap)"],
  ["p_value", "p-value of the gap"],
  ["bound", "interval bound nearest 0"],
  [CHANGE_SORT, "change from the first to the last step (bound nearest 0)"],
]);

/** A column id as a reader sees it: `npmi_xy@woman` -> `npmi_xy (woman)`, `q_value` -> `q (...)`. */
export function columnTitle(column: string): string {
  const spoken = SPOKEN.get(column);
  if (spoken !== undefined) return spoken;
  const { family, identity } = parseColumn(column);
  return identity === null ? column : `${family} (${identity})`;
}

export function formatRange(range: RangeFilter): string {
  const name = columnTitle(range.column);
  const { low, high } = range;
  if (low !== null && high !== null) return `${low} \u2264 ${name} \u2264 ${high}`;
  if (low !== null) return `${name} \u2265 ${low}`;
  if (high !== null) return `${name} \u2264 ${high}`;
  return `${name}: any defined value`;
}

/** The filters `activeFilters` names, each at its "off" value: what "Clear the filters" sets. */
export function noFilters(): { q: string; ranges: RangeFilter[]; minCount: number; flaggedOnly: boolean; qMax: number | null } {
  return { q: "", ranges: [], minCount: 0, flaggedOnly: false, qMax: null };
}

/** The filters a user set, in words, for an empty result to name (it said only "the current filters"). */
export function activeFilters(s: {
  q: string;
  ranges: readonly RangeFilter[];
  minCount: number;
  flaggedOnly: boolean;
  qMax: number | null;
}): string[] {
  const out: string[] = [];
  if (s.q !== "") out.push(`the search \u201c${s.q}\u201d`);
  for (const r of s.ranges) out.push(formatRange(r));
  if (s.minCount > 0) out.push(`C(y) \u2265 ${s.minCount}`);
  if (s.flaggedOnly) out.push("flagged only");
  if (s.qMax !== null) out.push(`q \u2264 ${s.qMax}`);
  return out;
}

/**
 * The ranked table's data columns: the label, the gap it is ranked by (none
 * with a single identity) and its q, C(y) on request, the trend, each
 * identity's value, and C(x, y) on request. Label, gap and q come first so
 * that they stay in view however many identities follow.
 */
export function tableColumns(
  identities: readonly string[],
  metric: string,
  showCounts: boolean,
  hasGap = true,
  hasIntervals = false,
  hasTrend = false,
): Column[] {
  const columns: Column[] = [{ id: "label", title: "Label", kind: "label", identity: null }];
  if (hasGap) columns.push({ id: "gap", title: "Gap", kind: "gap", identity: null });
  if (hasGap && hasIntervals) columns.push({ id: "q_value", title: "q", kind: "q", identity: null });
  // C(y), the label's own count, right after the columns that stay: in view however many identities follow
  if (showCounts) columns.push({ id: "count", title: "C(y)", kind: "count", identity: null });
  if (hasTrend) columns.push({ id: CHANGE_SORT, title: "Trend", kind: "trend", identity: null });
  for (const identity of identities) {
    columns.push({ id: valueColumn(metric, identity), title: identity, kind: "value", identity });
  }
  if (showCounts) {
    for (const identity of identities) {
      columns.push({ id: countColumn(identity), title: `C(${identity}, y)`, kind: "count", identity });
    }
  }
  return columns;
}

/** Columns a range filter may name: the gap (with two sides to compare), every identity's value, the counts. */
export function filterColumns(identities: readonly string[], metric: string, hasCounts: boolean, hasGap = true): Column[] {
  const columns: Column[] = hasGap ? [{ id: "gap", title: "gap", kind: "gap", identity: null }] : [];
  for (const identity of identities) {
    columns.push({ id: valueColumn(metric, identity), title: `${metric} (${identity})`, kind: "value", identity });
  }
  if (hasCounts) {
    columns.push({ id: "count", title: "count", kind: "count", identity: null });
    for (const identity of identities) {
      columns.push({ id: countColumn(identity), title: `count (${identity})`, kind: "count", identity });
    }
  }
  return columns;
}

/** Widths in rem of the two cells before the data columns: select, and the row actions. */
export const SELECT_REM = 2.25;
/**
 * The row's action buttons (flag, hide, examples): the actions cell is as wide as
 * they are, so a new action (table.ts, rowActions) adds one to ROW_ACTIONS.
 */
export const ROW_ACTIONS = 3;
const ROW_ACTION_REM = 1.625;
export const ACTIONS_REM = ROW_ACTIONS * ROW_ACTION_REM + 0.5;

/**
 * Narrowest the label column gets (labels are cut with an ellipsis, the full name in the
 * title); it takes the most of any spare width. At 9 rem two identities with the gap and q
 * needed 642 px where a 1000 px window leaves the table 618, and cut the last value.
 */
export const LABEL_MIN_REM = 7;

/** Widest a count column grows for its header ("C(age=30-59, y)"); longer names are cut (full name in the title). */
const MAX_COUNT_REM = 12.5;

function minRem(column: Column): number {
  // counts: wide enough for "C(woman, y)" and six digits, wider for longer
  // names (a bold character is about 0.55 rem; 2 rem of padding and sort arrow)
  // trend: a sparkline and the signed change next to it
  if (column.kind === "count") return Math.min(MAX_COUNT_REM, Math.max(8, column.title.length * 0.55 + 2));
  return column.kind === "label" ? LABEL_MIN_REM : column.kind === "q" ? 4 : column.kind === "trend" ? 8.5 : 6.5;
}

/** How much of the spare width a column takes (CSS fr). */
function share(column: Column): number {
  return column.kind === "label" ? 2.2 : column.kind === "q" ? 0.6 : 1;
}

/**
 * How many leading columns stay in view while the rows scroll sideways:
 * the label, and the gap and q it is ranked by (README: label and gap stay).
 */
export function stickyCount(columns: readonly Column[]): number {
  let n = 0;
  while (n < columns.length && (columns[n]!.kind === "label" || columns[n]!.kind === "gap" || columns[n]!.kind === "q")) n++;
  return n;
}

/** A sticky cell's share of the sticky block (CSS flex), as its track would have had. */
export function stickyFlex(column: Column): string {
  return `${share(column)} 1 ${minRem(column)}rem`;
}

/**
 * CSS grid columns: one track for the sticky block (select, actions and
 * the sticky columns, laid out inside it), then one per other column.
 */
export function gridTemplate(columns: readonly Column[]): string {
  const k = stickyCount(columns);
  const lead = columns.slice(0, k);
  const leadMin = lead.reduce((sum, c) => sum + minRem(c), SELECT_REM + ACTIONS_REM);
  const leadShare = lead.reduce((sum, c) => sum + share(c), 0) || 1;
  return [
    `minmax(${Math.round(leadMin * 100) / 100}rem, ${Math.round(leadShare * 100) / 100}fr)`,
    ...columns.slice(Math.max(k, 1)).map((c) => `minmax(${minRem(c)}rem, ${share(c)}fr)`),
  ].join(" ");
}

/**
 * The narrowest the table's rows can be, in rem: wider than its box, the
 * rows scroll sideways (many identities) under the sticky select, action
 * and label cells.
 */
export function tableMinWidth(columns: readonly Column[]): number {
  return columns.reduce((sum, c) => sum + minRem(c), SELECT_REM + ACTIONS_REM);
}

/**
 * What the sign of a change says. The gap is x1 − x2, so a rise moves it towards x1 whichever way it
 * leaned: a label leaning to x2 whose lean shrank rises too (the walk-through read "+0.067" on a shrinking
 * woman-lean as growth).
 */
export function changeSign(x1: string | null, x2: string | null): string {
  if (x2 === null) return `+ : ${x1 ?? "the identity"}'s value rose`;
  const other = x2 === "rest" ? "the rest" : x2;
  return `+ : the gap moved towards ${x1 ?? "the first identity"}, \u2212 : towards ${other}, whichever way it leaned`;
}

/** Benjamini-Hochberg q-values are taken over the tested family: a search, range, flag or hidden label never changes them. */
/** The q-value above which a gap or change counts as not significant, unless the significance filter sets another. */
export const DEFAULT_Q_MAX = 0.05;

export const Q_SCOPE = "(Benjamini\u2013Hochberg over every label tested: a search or range does not change it)";

/**
 * How many labels a default rule of the tested family left out, said beside its switch (" (201 left out)"),
 * or "" when none: the labels a rule drops can be the ones a user looks for. `leftOut` is the table's answer.
 */
export function leftOutNote(leftOut: Readonly<Record<string, number>> | undefined, rule: string): string {
  const n = leftOut?.[rule] ?? 0;
  return n > 0 ? ` (${n.toLocaleString("en-US")} left out)` : "";
}
