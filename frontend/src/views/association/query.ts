// Builds the relative URLs of the routes in docs/http_api.md from the view
// state. Parameters at their server default are left out.

import { formatRangeParam } from "./ranges.js";
import type { CompareTarget, ResolvedState } from "./view-state.js";

type Params = Array<[string, string]>;

function toUrl(route: string, params: Params): string {
  const search = new URLSearchParams(params).toString();
  return search ? `${route}?${search}` : route;
}

/** run, tag, step, threshold, metric, pair, smoothing: which numbers to show. */
function tableParams(s: ResolvedState): Params {
  const p: Params = [
    ["run", s.run],
    ["tag", s.tag],
  ];
  if (s.step !== null) p.push(["step", String(s.step)]);
  if (s.threshold !== null) p.push(["threshold", String(s.threshold)]);
  p.push(["metric", s.metric]);
  if (s.x1 !== null) p.push(["x1", s.x1]);
  if (s.x2 !== null) p.push(["x2", s.x2]);
  if (s.smoothing > 0) p.push(["smoothing", String(s.smoothing)]);
  return p;
}

/** The common table parameters: the table plus every row filter. */
export function commonParams(s: ResolvedState): Params {
  const p = tableParams(s);
  if (s.q !== "") {
    p.push(["q", s.q]);
    if (s.caseSensitive) p.push(["case_sensitive", "1"]);
  }
  for (const range of s.ranges) p.push(["range", formatRangeParam(range)]);
  if (s.minCount > 0) p.push(["min_count", String(s.minCount)]);
  if (s.includeZero) p.push(["zero_cooccurrence", "include"]);
  if (s.includeUndefined) p.push(["undefined", "include"]);
  if (s.includeIdentities) p.push(["include_identities", "1"]);
  if (s.flaggedOnly) p.push(["flagged_only", "1"]);
  if (s.showHidden) p.push(["show_hidden", "1"]);
  if (s.level !== 0.95) p.push(["level", String(s.level)]);
  if (s.qMax !== null) p.push(["q_max", String(s.qMax)]);
  return p;
}

/** Filters that would hide a label the user asked for by name. */
const EVERY_ROW: Params = [
  ["zero_cooccurrence", "include"],
  ["undefined", "include"],
  ["include_identities", "1"],
  ["show_hidden", "1"],
];

/**
 * `sort` and `order`, each left out when it is the route's default. A sort column other than the default
 * is sent with its order: the server picks a default order per column (labels A to Z).
 */
function sorting(sort: string, order: string, defaultSort: string, defaultOrder: string): Params {
  if (sort !== defaultSort) return [["sort", sort], ["order", order]];
  return order !== defaultOrder ? [["order", order]] : [];
}

function sortParams(s: ResolvedState): Params {
  return sorting(s.sort, s.order, "gap", "desc");
}

/**
 * Why an empty result is empty when no filter of the user's is set: the
 * same table with each default rule lifted (one row asked), to name the rule
 * that left nothing and offer its switch.
 */
export function defaultRuleProbeUrls(s: ResolvedState): { zero: string | null; identities: string | null } {
  const base = commonParams(s);
  const probe = (extra: [string, string]) => toUrl("table", [...base, extra, ["offset", "0"], ["limit", "1"]]);
  return {
    zero: s.includeZero ? null : probe(["zero_cooccurrence", "include"]),
    identities: s.includeIdentities ? null : probe(["include_identities", "1"]),
  };
}

export function tableUrl(s: ResolvedState, offset: number, limit: number, trend = false): string {
  const p: Params = [...commonParams(s), ...sortParams(s)];
  if (trend) p.push(["trend", "1"]);
  return toUrl("table", [...p, ["offset", String(offset)], ["limit", String(limit)]]);
}

/** The gap of `labels` at every step, with intervals (the trend chart). */
export function trendUrl(s: ResolvedState, labels: readonly string[]): string {
  return toUrl("trend", [...tableParams(s), ...levelParam(s), ...labels.map((l): [string, string] => ["label", l])]);
}

/** C(y) of each metric's top-K labels, under the current filters. */
export function topCountsUrl(s: ResolvedState, k: number): string {
  return toUrl("top_counts", [...commonParams(s), ["k", String(k)]]);
}

/** Rank agreement of the metrics' gaps over the filtered labels. */
export function agreementUrl(s: ResolvedState): string {
  return toUrl("agreement", commonParams(s));
}

function levelParam(s: ResolvedState): Params {
  return s.level !== 0.95 ? [["level", String(s.level)]] : [];
}

export function distributionUrl(s: ResolvedState): string {
  return toUrl("distribution", commonParams(s));
}

export function compareUrl(s: ResolvedState, b: CompareTarget, offset: number, limit: number): string {
  const p = commonParams(s);
  p.push(["run2", b.run], ["tag2", b.tag]);
  if (b.step !== null) p.push(["step2", String(b.step)]);
  p.push(...sorting(s.compareSort, s.compareOrder, "bound", "abs"));
  p.push(["offset", String(offset)], ["limit", String(limit)]);
  return toUrl("compare", p);
}

export function flagsUrl(tag: string): string {
  return toUrl("flags", [["tag", tag]]);
}

export const RUNS_URL = "runs";

/** The whole current result (every filter, the table's sort) as CSV. */
export function csvUrl(s: ResolvedState): string {
  return toUrl("csv", [...commonParams(s), ...sortParams(s)]);
}

/** Every flagged label of the table, whatever the current filters. */
export function flaggedCsvUrl(s: ResolvedState): string {
  return toUrl("csv", [...tableParams(s), ...EVERY_ROW, ["flagged_only", "1"], ...sortParams(s)]);
}

/** Stay well under common request-line limits (Python's http.server: 64 KiB). */
export const MAX_URL_LENGTH = 6000;

/**
 * URLs fetching the rows of the given labels, whatever the current filters
 * (a selection must not vanish when the search changes). Labels are split
 * over as many requests as needed to keep each URL short and to send at
 * most `maxLabels` (the config's `max_labels`) in each.
 */
export function labelRowsUrls(
  s: ResolvedState,
  labels: readonly string[],
  maxLabels: number,
  maxLength = MAX_URL_LENGTH,
): string[] {
  const base = [...tableParams(s), ...EVERY_ROW];
  const build = (names: readonly string[]) =>
    toUrl("table", [...base, ...names.map((l): [string, string] => ["label", l]), ["limit", String(names.length)]]);
  // Length of the URL without labels, with the longest `&limit=` it can get.
  const fixed = build([]).length + 3;
  const urls: string[] = [];
  let chunk: string[] = [];
  let length = fixed;
  for (const label of labels) {
    const piece = new URLSearchParams([["label", label]]).toString().length + 1;
    if (chunk.length > 0 && (chunk.length >= maxLabels || length + piece > maxLength)) {
      urls.push(build(chunk));
      chunk = [];
      length = fixed;
    }
    chunk.push(label);
    length += piece;
  }
  if (chunk.length) urls.push(build(chunk));
  return urls;
}

/**
 * Whether a search pattern parses as a regular expression: a quick local
 * guess that the user has finished typing it. RE2's own syntax that
 * JavaScript lacks (flag groups `(?i)`, `(?s:...)`, named groups
 * `(?P<name>...)`) is read as JavaScript's equivalent first, so a pattern
 * it rejects is nearly always half-typed and waits for the typing to stop.
 * The backend (RE2) has the final word.
 */
export function looksLikeCompletePattern(pattern: string): boolean {
  const asJs = pattern
    .replace(/\(\?[imsU]*-?[imsU]*\)/g, "")
    .replace(/\(\?[imsU]*-?[imsU]*:/g, "(?:")
    .replace(/\(\?P</g, "(?<");
  try {
    new RegExp(asJs);
    return true;
  } catch {
    return false;
  }
}
