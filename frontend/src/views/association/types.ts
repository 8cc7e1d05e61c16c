// Response shapes of the routes in docs/http_api.md. Undefined numbers
// (NaN on the server) arrive as null.

import type { RunEntry, TagBase } from "../../shell/types.js";

export type Order = "desc" | "asc" | "abs";
export type TableKind = "counts" | "precomputed";

/** A tag of this measure (shell's TagBase plus the association fields). */
export interface TagInfo extends TagBase {
  tag: string;
  kind: TableKind;
  format: string;
  steps: number[];
  identities: string[];
  thresholds: number[];
  num_labels: number;
  metrics: string[];
  description: string;
  /** examples kept per cell at the tag's latest step; 0 when logged without ids (absent from older servers) */
  examples_per_cell?: number;
}

export type RunInfo = RunEntry<TagInfo>;

/** The runs of this measure, with the metric names of its config. */
export interface MeasureRuns {
  runs: RunInfo[];
  /** metric id -> human-readable name */
  metrics: Record<string, string>;
}

/** Fields every table-selecting route echoes back. */
export interface TableDescription {
  run: string;
  tag: string;
  step: number;
  kind: TableKind;
  threshold: number | null;
  metric: string;
  x1: string;
  x2: string | null;
  smoothing: number | null;
  identities: string[];
  num_examples: number | null;
  num_labels: number;
  /** the selected step's own description (Markdown) */
  description?: string;
  /** each intersectional identity's parts, e.g. {"sex=f & age=60+": ["sex=f", "age=60+"]} */
  identity_parts?: Record<string, string[]>;
  /** identities were given as probabilities: `cooccurrence` holds expected counts */
  expected_counts?: boolean;
}

export interface TableRow {
  label: string;
  index: number;
  count: number | null;
  cooccurrence: Record<string, number> | null;
  values: Record<string, number | null>;
  gap: number | null;
  /** interval of each identity's value (tables of counts), null otherwise */
  bounds?: Record<string, [number | null, number | null]> | null;
  gap_low?: number | null;
  gap_high?: number | null;
  p_value?: number | null;
  q_value?: number | null;
  flagged: boolean;
  hidden: boolean;
  /** the gap at every step of `trend_steps` (with `trend=1`) */
  trend?: (number | null)[];
  /** change of the gap from the first to the last step, its interval, p and BH q */
  change?: number | null;
  change_low?: number | null;
  change_high?: number | null;
  change_p?: number | null;
  change_q?: number | null;
}

export interface TableResponse extends TableDescription {
  sort: string;
  order: Order;
  offset: number;
  limit: number;
  total: number;
  /** labels each rule of the tested family leaves out, by rule (`identities`, `zero_cooccurrence`...) */
  left_out?: Record<string, number>;
  rows: TableRow[];
  /** the steps of the trend values, when asked for */
  trend_steps?: number[];
}

export interface TrendLine {
  label: string;
  index: number;
  gap: (number | null)[];
  low: (number | null)[] | null;
  high: (number | null)[] | null;
  change: number | null;
  change_low: number | null;
  change_high: number | null;
  change_p: number | null;
}

export interface TrendResponse extends TableDescription {
  steps: number[];
  missing: string[];
  labels: TrendLine[];
}

export interface TopCountsEntry {
  metric: string;
  labels: string[];
  counts: (number | null)[];
  quantiles: Quantiles | null;
}

export interface TopCountsResponse extends TableDescription {
  k: number;
  order: Order;
  by: "gap" | "value";
  all_counts: Quantiles | null;
  all_n: number;
  metrics: TopCountsEntry[];
}

export interface Disagreement {
  label: string;
  percentile: number;
  other_percentile: number;
  value: number | null;
  other_value: number | null;
}

export interface AgreementResponse extends TableDescription {
  by: "gap" | "value";
  metrics: string[];
  n: number;
  matrix: (number | null)[][];
  disagreements: { metric: string; rows: Disagreement[] }[];
}

export interface Quantiles {
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

export interface Histogram {
  n: number;
  undefined: number;
  counts: number[];
  density: (number | null)[];
  quantiles: Quantiles;
  /** the values themselves, ascending, when there are a few (20 or fewer), else null */
  values?: number[] | null;
}

export interface IdentityHistogram extends Histogram {
  identity: string;
}

export interface GapHistogram extends Histogram {
  domain: [number, number];
  bin_edges: number[];
}

export interface DistributionResponse {
  metric: string;
  domain: [number, number];
  bin_edges: number[];
  identities: IdentityHistogram[];
  gap: GapHistogram | null;
  total: number;
}

export interface CompareRow {
  label: string;
  gap_a: number | null;
  gap_b: number | null;
  delta: number | null;
  delta_low?: number | null;
  delta_high?: number | null;
  p_value?: number | null;
  q_value?: number | null;
  count_a: number | null;
  count_b: number | null;
  flagged: boolean;
}

export interface TableRef {
  run: string;
  tag: string;
  step: number;
}

export interface CompareResponse {
  /** table A's step's own description (Markdown) */
  description?: string;
  identity_parts?: Record<string, string[]>;
  expected_counts?: boolean;
  a: TableRef;
  b: TableRef;
  metric: string;
  x1: string;
  x2: string | null;
  sort: string;
  order: Order;
  offset: number;
  limit: number;
  total: number;
  only_in_a: number;
  only_in_b: number;
  /** "b - a" or "a - b": delta is always the later step minus the earlier one */
  delta_sign?: "a - b" | "b - a";
  rows: CompareRow[];
}

export interface FlagsState {
  tag: string;
  flagged: string[];
  hidden: string[];
  version: number;
}
