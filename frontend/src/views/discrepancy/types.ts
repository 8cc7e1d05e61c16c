// Answers of the DIPDI routes (docs/http_api.md, "Prediction discrepancy").

export interface Uncertainty {
  kind: "replicates" | "bootstrap" | "none";
  replicates: number;
  low: number | null;
  high: number | null;
  mean?: number | null;
  std?: number | null;
  pvalue?: number | null;
  stars?: string;
  covers?: string;
  note?: string;
}

export interface Summary {
  step: number;
  dipdi: number | null;
  reason: string | null;
  n: number;
  between: number | null;
  within_a: number | null;
  within_b: number | null;
  uncertainty: Uncertainty;
}

export interface Head {
  run: string;
  tag: string;
  discrepancy: string;
  pairing: string;
  pool_names: [string, string];
  m_a: number;
  m_b: number;
  models: string[];
}

export interface StepsResponse extends Head {
  steps: Summary[];
}

export interface GroupRow {
  group: string;
  dipdi: number | null;
  n: number;
  reason: string | null;
  small: boolean;
}

/** One replicate's own index (a step's `dipdi` is the mean over them). */
export interface ReplicateSummary {
  replicate: number;
  dipdi: number | null;
  reason: string | null;
  n: number;
}

export interface StepResponse extends Head, Summary {
  /** the replicate whose matrix and groups are shown */
  replicate: number;
  /** every replicate's own index (absent from older servers) */
  replicates?: ReplicateSummary[];
  /** the step's own description (absent from older servers) */
  description?: string;
  matrix: (number | null)[][];
  used_pairs: { between: number[][]; within_a: number[][]; within_b: number[][] };
  groups: GroupRow[];
}

export interface ExamplesResponse extends Head {
  step: number;
  replicate: number;
  top_total: number;
  /** text and uri: logged with the example ("" for none) */
  top: { id: string; group: string | null; excess: number | null; outputs: unknown[]; text?: string; uri?: string }[];
  histogram: { edges: number[]; counts: number[] } | null;
  note: string | null;
}

export interface CompareResponse {
  a: Head & Summary;
  b: Head & Summary;
  delta: number | null;
  rising: boolean | null;
  beyond_noise?: boolean | null;
}
