// Answers of the representation routes (docs/http_api.md, "Representation bias").
// Numbers are null where the server has NaN (undefined values).

export interface LayerSummary {
  layer: string;
  bias: number | null;
  mutual_information: number | null;
  mutual_information_sampled: number | null;
  entropy: number | null;
  control_bias: number | null;
  control_mutual_information: number | null;
  control_biases: (number | null)[];
  control_low: number | null;
  control_high: number | null;
  flags: string[];
  reason: string | null;
  n: number;
  n_train: number;
  n_heldout: number;
  class_counts: number[];
  best_step: number;
  /** which held-out bound B took; null when B is undefined */
  bound: "mine" | "classifier" | null;
  /** the classifier most cross-fitting folds kept (one-standard-error rule, simplest first) */
  classifier: "shares" | "linear" | "quadratic" | "gaussian" | "additive" | "mlp" | "subspace" | "trees" | null;
  /** why the flag "loose" is set, else null */
  loose_reason: string | null;
  mine_bias: number | null;
  mine_mutual_information: number | null;
  mine_control_low: number | null;
  mine_control_high: number | null;
  classifier_bias: number | null;
  classifier_mutual_information: number | null;
  classifier_control_low: number | null;
  classifier_control_high: number | null;
}

export interface StepResponse {
  run: string;
  tag: string;
  step: number;
  /** the step's own description (absent from older servers) */
  description?: string;
  attribute: string;
  class_names: string[];
  layers: LayerSummary[];
  n: number | null;
  class_counts: number[];
  entropy: number | null;
  train_entropy: number | null;
  same_sample: boolean;
}

export interface LayerSeries {
  layer: string;
  bias: (number | null)[];
  mutual_information: (number | null)[];
  control_bias: (number | null)[];
  control_low: (number | null)[];
  control_high: (number | null)[];
  flags: string[][];
  bound?: ("mine" | "classifier" | null)[];
  mine_bias?: (number | null)[];
  classifier_bias?: (number | null)[];
  loose_reason?: (string | null)[];
}

export interface SeriesResponse {
  run: string;
  tag: string;
  steps: number[];
  layers: string[];
  series: LayerSeries[];
}

export interface CurveResponse {
  run: string;
  tag: string;
  step: number;
  layer: string;
  train_steps: number[];
  train_curve: (number | null)[];
  heldout_steps: number[];
  heldout_curve: (number | null)[];
  validation_curve: (number | null)[];
  mutual_information: number | null;
  entropy: number | null;
  control_mutual_information: number | null;
  bias: number | null;
  control_bias: number | null;
  best_step: number;
  bound: "mine" | "classifier" | null;
  mine_mutual_information: number | null;
  mine_control_mutual_information: number | null;
  classifier_mutual_information: number | null;
  steps: number | null;
  flags: string[];
  reason: string | null;
}

/** The flags of docs/measures/representation.md ("Undefined values and flags") in words, short and whole (a chip); what to do is each chip's tooltip, FLAG_REMEDY. */
export const FLAG_TEXT: Record<string, string> = {
  outside_unit_interval: "B outside [0, 1]",
  not_converged: "not converged", // the tooltip (FLAG_REMEDY) says to raise steps=
  inside_noise_floor: "inside the noise floor",
  small_sample: "n < 2,000",
  small_class: "a class with < 20 held-out samples",
  loose: "loose: the two bounds disagree",
};

/** The bound B took, in words. */
export function boundText(bound: string | null, classifier: string | null = null): string {
  if (bound === "mine") return "MINE";
  if (bound === "classifier") return classifier ? `classifier (${classifier})` : "classifier";
  return "none";
}

export function flagText(flag: string): string {
  return FLAG_TEXT[flag] ?? flag;
}

/** What to do about each flag (the chip's tooltip), as the callback's progress lines say it. */
export const FLAG_REMEDY: Record<string, string> = {
  outside_unit_interval: "An estimate above H(Z) or below 0 is noise: log more rows, or read the shuffled-Z control beside it.",
  not_converged: "MINE's held-out bound was still rising when training stopped: log again with steps= twice as many, or read the classifier bound, which B takes when it is larger.",
  inside_noise_floor: "B is within the spread of the shuffled-Z control: at this n the layer shows no evidence of keeping Z.",
  small_sample: "Fewer than 2,000 rows: the estimate is noisy; log more rows.",
  small_class: "A class has fewer than 20 held-out rows: log more rows of the rarest class.",
  loose: "The two bounds disagree by more than their noise: B takes the larger; the reason below says which bound to improve.",
};

export function flagRemedy(flag: string): string {
  return FLAG_REMEDY[flag] ?? "";
}
