// Answers of the sensitivity routes (docs/http_api.md, "Prediction sensitivity").

export interface Stats {
  mean: number | null;
  median: number | null;
  p90: number | null;
  max: number | null;
  coverage: number | null;
  n: number;
  n_defined: number;
}

export interface Choice extends Stats {
  name: string;
  kind: string;
  words: string[];
  indices: number[];
  reasons: Record<string, number>;
  histogram: { edges: (number | null)[]; counts: number[] };
  quantiles: Record<string, number | null>;
  by_group: (Stats & { group: string })[];
  by_class: (Stats & { pred_class: number; class_name: string | null })[];
  class_rows: { class_index: number; class_name: string | null; mean: number | null }[] | null;
  features: { index: number; name: string; sensitivity: number | null; contribution: number | null }[] | null;
  token_types: { token: string; mean: number | null; count: number }[];
}

export interface StepResponse {
  run: string;
  tag: string;
  step: number;
  /** the step's own description (absent from older servers) */
  description?: string;
  input: "tabular" | "text";
  num_examples: number;
  class_names: string[];
  feature_names: string[];
  w: number[];
  has_groups: boolean;
  has_classes: boolean;
  top_k: number;
  sample_size: number;
  retained: number;
  sampled: number;
  choices: Choice[];
  note: string;
}

export type StatName = "mean" | "median" | "p90" | "max" | "coverage";

export interface StepsResponse {
  run: string;
  tag: string;
  steps: number[];
  choices: ({ name: string } & Record<StatName, (number | null)[]>)[];
}

export interface Example {
  index: number;
  id: string;
  group: string | null;
  pred_class: number | null;
  class_name: string | null;
  pred_prob: number | null;
  P: Record<string, number | null>;
  reason: string | null;
  in_sample: boolean;
  /** logged with the example ("" for none) */
  text?: string;
  uri?: string;
  tokens?: string[];
  token_sensitivity?: (number | null)[] | null;
  token_weight?: (number | null)[] | null;
  feature_sensitivity?: (number | null)[] | null;
  feature_weight?: (number | null)[] | null;
}

export interface ExamplesResponse {
  run: string;
  tag: string;
  step: number;
  input: "tabular" | "text";
  choice: string;
  source: "top" | "sample";
  total: number;
  feature_names: string[];
  examples: Example[];
}

export interface CompareResponse {
  a: string;
  b: string;
  rho: number | null;
  n: number;
  sampled: number;
  points: { id: string; a: number; b: number; group: string | null }[];
}
