// The view state that a reload or a shared link restores, its URL encoding
// (string values under `p.tb_bias.*`), and the reducers that change it.

import { columnFamily, columnIdentity, isSignedColumn, isSortColumn, valueColumn } from "./columns.js";
import { formatRangeParam, parseRangeParam, type RangeFilter } from "./ranges.js";
import type { AssociationConfig } from "./config.js";
import type { MeasureRuns, Order, TagInfo } from "./types.js";
import { parseStep, textEntry } from "../../shell/hash-state.js";
import { orderWords } from "../../charts/sort-header.js";
import { runMissing, stepMissing, tagMissing } from "../../shell/link-notices.js";

export type MainView = "table" | "compare" | "paper";
export type PlotKind = "violin" | "histogram";
/** What the selected labels' panel draws: values across identities, or the gap across steps. */
export type SelectedPlot = "identities" | "steps";
export type CompareSort = "bound" | "delta" | "gap_a" | "gap_b" | "label";

export interface ViewState {
  run: string | null;
  tag: string | null;
  /** null: the latest step, following new ones as they are logged */
  step: number | null;
  threshold: number | null;
  metric: string | null;
  x1: string | null;
  /** an identity, "rest" for one-vs-rest, or null for the server's default */
  x2: string | null;
  smoothing: number;
  q: string;
  caseSensitive: boolean;
  ranges: RangeFilter[];
  sort: string;
  order: Order;
  minCount: number;
  includeZero: boolean;
  includeUndefined: boolean;
  /** keep the identity labels' own rows (left out by default) */
  includeIdentities: boolean;
  flaggedOnly: boolean;
  showHidden: boolean;
  showCounts: boolean;
  selected: string[];
  view: MainView;
  run2: string | null;
  tag2: string | null;
  step2: number | null;
  compareSort: CompareSort;
  compareOrder: Order;
  plot: PlotKind;
  /** the selected labels' panel: across identities or across steps */
  across: SelectedPlot;
  /** confidence level of the intervals */
  level: number;
  /** keep rows whose q-value is at most this; null: no significance filter */
  qMax: number | null;
  /** the label whose Examples panel is open; null: none */
  examples: string | null;
}

/** The levels offered for intervals; the server's default first. */
export const LEVELS: readonly number[] = [0.95, 0.9, 0.99];


export function defaultViewState(): ViewState {
  return {
    run: null,
    tag: null,
    step: null,
    threshold: null,
    metric: null,
    x1: null,
    x2: null,
    smoothing: 0,
    q: "",
    caseSensitive: false,
    ranges: [],
    sort: "gap",
    order: "desc",
    minCount: 0,
    includeZero: false,
    includeUndefined: false,
    includeIdentities: false,
    flaggedOnly: false,
    showHidden: false,
    showCounts: false,
    selected: [],
    view: "table",
    run2: null,
    tag2: null,
    step2: null,
    compareSort: "bound",
    compareOrder: "abs",
    plot: "violin",
    across: "identities",
    level: 0.95,
    qMax: null,
    examples: null,
  };
}

const ORDERS: readonly Order[] = ["desc", "asc", "abs"];
const COMPARE_SORTS: readonly CompareSort[] = ["bound", "delta", "gap_a", "gap_b", "label"];

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function nonNegative(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

function stringList(value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Reads the URL entries; anything malformed falls back to its default; at most `maxSelected` selected labels. */
export function decodeViewState(entries: Readonly<Record<string, string>>, maxSelected: number): ViewState {
  const d = defaultViewState();
  const threshold = entries["threshold"] === undefined ? NaN : Number(entries["threshold"]);
  const ranges = stringList(entries["range"])
    .map(parseRangeParam)
    .filter((r): r is RangeFilter => r !== null);
  return {
    run: textEntry(entries["run"]),
    tag: textEntry(entries["tag"]),
    step: parseStep(entries["step"]),
    threshold: Number.isFinite(threshold) ? threshold : null,
    metric: textEntry(entries["metric"]),
    x1: textEntry(entries["x1"]),
    x2: textEntry(entries["x2"]),
    smoothing: nonNegative(entries["smoothing"], 0),
    q: entries["q"] ?? "",
    caseSensitive: entries["cs"] === "1",
    ranges,
    sort: textEntry(entries["sort"]) ?? d.sort,
    order: oneOf(entries["order"], ORDERS, d.order),
    minCount: Math.floor(nonNegative(entries["min_count"], 0)),
    includeZero: entries["zero"] === "1",
    includeUndefined: entries["undef"] === "1",
    includeIdentities: entries["ids"] === "1",
    flaggedOnly: entries["flagged"] === "1",
    showHidden: entries["hidden"] === "1",
    showCounts: entries["counts"] === "1",
    selected: [...new Set(stringList(entries["sel"]))].slice(0, maxSelected),
    view: oneOf(entries["view"], ["table", "compare", "paper"] as const, d.view),
    run2: textEntry(entries["run2"]),
    tag2: textEntry(entries["tag2"]),
    step2: parseStep(entries["step2"]),
    compareSort: oneOf(entries["csort"], COMPARE_SORTS, d.compareSort),
    compareOrder: oneOf(entries["corder"], ORDERS, d.compareOrder),
    plot: oneOf(entries["plot"], ["violin", "histogram"] as const, d.plot),
    across: oneOf(entries["across"], ["identities", "steps"] as const, d.across),
    level: LEVELS.includes(Number(entries["level"])) ? Number(entries["level"]) : d.level,
    qMax: entries["qmax"] !== undefined && Number(entries["qmax"]) > 0 && Number(entries["qmax"]) <= 1 ? Number(entries["qmax"]) : null,
    examples: textEntry(entries["examples"]),
  };
}

/** URL entries for a state; defaults (`defaultMetricId`: the config's) are left out to keep links short. */
export function encodeViewState(state: ViewState, defaultMetricId: string): Record<string, string> {
  const d = defaultViewState();
  const out: Record<string, string> = {};
  const put = (key: string, value: string | null, fallback: string | null = null) => {
    if (value !== null && value !== fallback) out[key] = value;
  };
  const flag = (key: string, value: boolean) => {
    if (value) out[key] = "1";
  };
  put("run", state.run);
  put("tag", state.tag);
  put("step", state.step === null ? null : String(state.step));
  put("threshold", state.threshold === null ? null : String(state.threshold));
  put("metric", state.metric, defaultMetricId);
  put("x1", state.x1);
  put("x2", state.x2);
  put("smoothing", String(state.smoothing), "0");
  put("q", state.q, "");
  flag("cs", state.caseSensitive);
  if (state.ranges.length) out["range"] = JSON.stringify(state.ranges.map(formatRangeParam));
  put("sort", state.sort, d.sort);
  put("order", state.order, d.order);
  put("min_count", String(state.minCount), "0");
  flag("zero", state.includeZero);
  flag("undef", state.includeUndefined);
  flag("ids", state.includeIdentities);
  flag("flagged", state.flaggedOnly);
  flag("hidden", state.showHidden);
  flag("counts", state.showCounts);
  if (state.selected.length) out["sel"] = JSON.stringify(state.selected);
  put("view", state.view, d.view);
  put("run2", state.run2);
  put("tag2", state.tag2);
  put("step2", state.step2 === null ? null : String(state.step2));
  put("csort", state.compareSort, d.compareSort);
  put("corder", state.compareOrder, d.compareOrder);
  put("plot", state.plot, d.plot);
  put("across", state.across, d.across);
  put("level", String(state.level), String(d.level));
  put("qmax", state.qMax === null ? null : String(state.qMax));
  put("examples", state.examples);
  return out;
}

/** A state whose table exists: run, tag and metric are concrete. */
export interface ResolvedState extends ViewState {
  run: string;
  tag: string;
  metric: string;
}

export interface Resolution {
  state: ResolvedState;
  info: TagInfo;
  /** a sort the table cannot be ranked by (a bad link), replaced by the default; null if none */
  droppedSort: string | null;
}

/** The config's default metric for counts; legacy tables hold nPMI. */
export function defaultMetric(info: TagInfo, defaultMetricId: string): string {
  const preferred = info.kind === "counts" ? defaultMetricId : "nPMI";
  return info.metrics.includes(preferred) ? preferred : (info.metrics[0] ?? preferred);
}

export function findTag(runs: MeasureRuns, run: string | null, tag: string | null): TagInfo | null {
  const found = runs.runs.find((r) => r.run === run);
  return found?.tags.find((t) => t.tag === tag) ?? null;
}

/**
 * Fits a (possibly stale or hand-edited) state to what is logged: an unknown
 * run or tag falls back to the first table, and every choice that table
 * cannot answer falls back to its default. Returns null when nothing is logged.
 */
export function resolveState(state: ViewState, runs: MeasureRuns, config: AssociationConfig): Resolution | null {
  const withTables = runs.runs.filter((r) => r.tags.length > 0);
  if (withTables.length === 0) return null;
  const run = withTables.find((r) => r.run === state.run) ?? withTables.find((r) => r.tags.some((t) => t.tag === state.tag)) ?? withTables[0]!;
  const info = run.tags.find((t) => t.tag === state.tag) ?? run.tags[0]!;
  const identities = info.identities;
  const counts = info.kind === "counts";

  const x1 = state.x1 !== null && identities.includes(state.x1) ? state.x1 : (identities[0] ?? null);
  let x2: string | null = state.x2;
  const x2Valid =
    x2 !== null && ((x2 === "rest" && identities.length >= 2) || (x2 !== x1 && identities.includes(x2)));
  if (!x2Valid) x2 = identities.find((x) => x !== x1) ?? null;

  const metric = state.metric !== null && info.metrics.includes(state.metric) ? state.metric : defaultMetric(info, config.default_metric);
  const droppedSort = isSortColumn(state.sort, counts) ? null : state.sort;
  let sort = droppedSort === null ? state.sort : defaultViewState().sort;
  const sortIdentity = columnIdentity(sort);
  if (sortIdentity !== null && !identities.includes(sortIdentity)) {
    sort = "gap";
  } else if (sortIdentity !== null && columnFamily(sort) !== "count") {
    // Sorting by an identity's value follows the metric: the table shows
    // that metric's columns only.
    sort = valueColumn(metric, sortIdentity);
  }
  // With one identity there is no gap: rank by that identity's value instead.
  if (x2 === null && x1 !== null && sort === "gap") sort = valueColumn(metric, x1);
  // A range keeps its own metric (its chip names it) if this table has it.
  const ranges = state.ranges.filter((r) => {
    const identity = columnIdentity(r.column);
    if (r.column === "gap") return x2 !== null;
    if (identity === null) return true;
    const family = columnFamily(r.column);
    return identities.includes(identity) && (family === "count" || info.metrics.includes(family));
  });

  const run2 = runs.runs.find((r) => r.run === state.run2) ? state.run2 : null;
  const tag2Info = findTag(runs, run2 ?? run.run, state.tag2 ?? info.tag);
  const tag2 = tag2Info && state.tag2 !== null ? state.tag2 : null;
  const step2 = tag2Info && state.step2 !== null && tag2Info.steps.includes(state.step2) ? state.step2 : null;

  return {
    info,
    droppedSort,
    state: {
      ...state,
      run: run.run,
      tag: info.tag,
      step: state.step !== null && info.steps.includes(state.step) ? state.step : null,
      threshold: counts && state.threshold !== null && info.thresholds.includes(state.threshold) ? state.threshold : null,
      metric,
      x1,
      x2,
      smoothing: counts ? state.smoothing : 0,
      sort,
      ranges,
      selected: state.selected.slice(0, config.limits.max_selected),
      run2,
      tag2,
      step2,
      // a table without samples has no Examples panel (whether this table has the label, the view asks)
      examples: counts && info.examples_per_cell !== 0 ? state.examples : null,
    },
  };
}

/** Table B of the compare view: the run, table and step (null: latest) it reads. */
export interface CompareTarget {
  run: string;
  tag: string;
  step: number | null;
}

/**
 * Table B of the compare view. What the user chose, where they chose it;
 * otherwise something other than table A, so that the deltas mean
 * something: the same table in the next run that has it, else the step
 * before A's.
 */
export function compareTarget(s: ResolvedState, runs: MeasureRuns): CompareTarget {
  if (s.run2 !== null || s.tag2 !== null || s.step2 !== null) {
    return { run: s.run2 ?? s.run, tag: s.tag2 ?? s.tag, step: s.step2 };
  }
  const withTag = runs.runs.filter((r) => r.tags.some((t) => t.tag === s.tag)).map((r) => r.run);
  if (withTag.length > 1) {
    const next = withTag[(withTag.indexOf(s.run) + 1) % withTag.length]!;
    return { run: next, tag: s.tag, step: null };
  }
  const steps = findTag(runs, s.run, s.tag)?.steps ?? [];
  const stepA = s.step ?? steps[steps.length - 1];
  const before = steps.filter((st) => stepA !== undefined && st < stepA);
  return { run: s.run, tag: s.tag, step: before.length ? before[before.length - 1]! : null };
}

/** What tables A and B of a comparison are: one table twice, two steps of one table, or two tables. */
export function compareKind(a: { run: string; tag: string; step: number }, b: { run: string; tag: string; step: number }): "same" | "steps" | "tables" {
  if (a.run !== b.run || a.tag !== b.tag) return "tables";
  return a.step === b.step ? "same" : "steps";
}

/**
 * Clicking a header: a new column starts descending (labels ascending);
 * the same column cycles desc -> asc (-> abs for signed values) -> desc.
 */
/** Columns whose first click sorts ascending: labels A to Z, q-values most significant (smallest) first. */
const ASCENDING_FIRST = new Set(["label", "q_value"]);

export function nextSort(current: { sort: string; order: Order }, column: string): { sort: string; order: Order } {
  const ascending = ASCENDING_FIRST.has(column);
  if (current.sort !== column) return { sort: column, order: ascending ? "asc" : "desc" };
  const signed = isSignedColumn(column);
  const cycle: Order[] = ascending ? ["asc", "desc"] : signed ? ["desc", "asc", "abs"] : ["desc", "asc"];
  const at = cycle.indexOf(current.order);
  return { sort: column, order: cycle[(at + 1) % cycle.length]! };
}

export function nextCompareSort(
  current: { compareSort: CompareSort; compareOrder: Order },
  column: CompareSort,
): { compareSort: CompareSort; compareOrder: Order } {
  if (current.compareSort !== column) {
    const order: Order = column === "label" ? "asc" : column === "delta" ? "abs" : "desc";
    return { compareSort: column, compareOrder: order };
  }
  const cycle: Order[] = column === "label" ? ["asc", "desc"] : ["desc", "asc", "abs"];
  const at = cycle.indexOf(current.compareOrder);
  return { compareSort: column, compareOrder: cycle[(at + 1) % cycle.length]! };
}

/**
 * The fields whose change is a move the user makes on purpose (a tab, a table A or B, a step, the
 * Examples panel): a history entry each, so that Back returns to them. The others are edits in place.
 */
const NAVIGATION: readonly (keyof ViewState)[] = ["view", "run", "tag", "step", "run2", "tag2", "step2", "examples"];

export function isNavigation(current: ViewState, patch: Partial<ViewState>): boolean {
  return NAVIGATION.some((key) => key in patch && patch[key] !== current[key]);
}

/** Compare's columns as its summary names them. */
const COMPARE_NAMES: Record<CompareSort, string> = { bound: "\u0394", delta: "\u0394", gap_a: "Gap A", gap_b: "Gap B", label: "label" };

/**
 * What compare's rows are ranked by, said above them; `sort` and `order` are the answer's (the server
 * ranks by |\u0394| where no interval is known, for the default too).
 */
export function compareRankingWords(sort: CompareSort, order: Order, level: number): string {
  if (sort === "bound") return `ranked by the end of \u0394's ${Math.round(level * 100)}% interval nearest 0, largest absolute value first`;
  if (sort === "label") return `ranked by label, ${orderWords(order, true)}`;
  if (order === "abs") return `ranked by |${COMPARE_NAMES[sort]}|, largest first`;
  return `ranked by ${COMPARE_NAMES[sort]}, ${orderWords(order)}`;
}

/** Adds or removes labels from the selection, keeping order and at most `max` labels. */
export function toggleSelected(selected: readonly string[], labels: readonly string[], on: boolean, max: number): string[] {
  if (!on) {
    const drop = new Set(labels);
    return selected.filter((l) => !drop.has(l));
  }
  const out = [...selected];
  const have = new Set(selected);
  for (const label of labels) {
    if (out.length >= max) break;
    if (!have.has(label)) {
      have.add(label);
      out.push(label);
    }
  }
  return out;
}

/** Parameters that change which rows a query returns; selection and view toggles do not. */
export function queryKey(state: ResolvedState): string {
  return JSON.stringify([
    state.run, state.tag, state.step, state.threshold, state.metric, state.x1, state.x2, state.smoothing,
    state.q, state.caseSensitive, state.ranges.map(formatRangeParam), state.minCount, state.includeZero,
    state.includeUndefined, state.includeIdentities, state.flaggedOnly, state.showHidden, state.level, state.qMax,
  ]);
}

/**
 * What a state asked for that the logdir does not have, said in words: a shared link's run, table, step,
 * threshold, metric or identity was replaced by a default without a word, so the reader saw other numbers
 * than the sender. Empty when every choice was kept.
 */
export function droppedChoices(asked: ViewState, shown: ResolvedState): string[] {
  const out: string[] = [];
  if (asked.run !== null && asked.run !== shown.run) {
    out.push(runMissing(asked.run, shown.run));
  } else if (asked.tag !== null && asked.tag !== shown.tag) {
    out.push(tagMissing(shown.run, asked.tag, shown.tag));
  } else {
    // the table asked for: then its own choices (another table's would be explained by the table)
    if (asked.step !== null && shown.step === null) out.push(stepMissing(asked.step, shown.run, shown.tag, "the latest"));
    if (asked.threshold !== null && shown.threshold === null) {
      out.push(`Threshold ${asked.threshold} is not one of this table's; showing the first logged.`);
    }
    if (asked.metric !== null && asked.metric !== shown.metric) {
      out.push(`Metric \u201c${asked.metric}\u201d is not one of this table's; showing ${shown.metric}.`);
    }
    if (asked.x1 !== null && asked.x1 !== shown.x1) {
      out.push(`Identity \u201c${asked.x1}\u201d is not in this table; showing ${shown.x1 ?? "none"}.`);
    } else if (asked.x2 !== null && asked.x2 !== shown.x2) {
      out.push(`\u201c${asked.x2}\u201d cannot be compared with ${shown.x1} here; comparing with ${shown.x2 ?? "no other identity"}.`);
    }
  }
  return out;
}
