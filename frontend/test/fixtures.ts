import type { RunsResponse, TableRow, TagInfo } from "../src/lib/types.js";
import { defaultViewState, type ResolvedState } from "../src/lib/view-state.js";

export const METRIC_IDS = ["npmi_xy", "npmi_y", "pmi", "pmi2", "dp", "sdc", "ji", "llr", "tau_b", "ttest"];

export function countsTag(overrides: Partial<TagInfo> = {}): TagInfo {
  return {
    tag: "gender",
    kind: "counts",
    format: "tb_bias",
    steps: [0, 1, 2],
    identities: ["man", "woman"],
    thresholds: [0.5, 0.7],
    num_labels: 2000,
    metrics: METRIC_IDS,
    description: "",
    ...overrides,
  };
}

export function runsFixture(): RunsResponse {
  return {
    runs: [
      { run: "empty_run", tags: [] },
      { run: "model_a", tags: [countsTag()] },
      {
        run: "old_model",
        tags: [
          countsTag({
            tag: "_npmi_",
            kind: "precomputed",
            format: "npmi_legacy",
            steps: [0],
            identities: ["male", "female", "nonbinary"],
            thresholds: [],
            metrics: ["nPMI"],
          }),
        ],
      },
    ],
    metrics: { npmi_xy: "nPMI normalised by p(x,y)" },
  };
}

export function resolved(overrides: Partial<ResolvedState> = {}): ResolvedState {
  return { ...defaultViewState(), run: "model_a", tag: "gender", metric: "npmi_xy", x1: "woman", x2: "man", ...overrides };
}

export function row(label: string, overrides: Partial<TableRow> = {}): TableRow {
  return {
    label,
    index: 0,
    count: 10,
    cooccurrence: { man: 2, woman: 8 },
    values: { man: -0.1, woman: 0.3 },
    gap: 0.4,
    flagged: false,
    hidden: false,
    ...overrides,
  };
}
