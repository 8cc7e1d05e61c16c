import type { AssociationConfig } from "../src/views/association/config.js";
import type { MeasureRuns, TableRow, TagInfo } from "../src/views/association/types.js";
import type { RunsResponse } from "../src/shell/types.js";
import { defaultViewState, type ResolvedState } from "../src/views/association/view-state.js";

export const METRIC_IDS = ["npmi_xy", "npmi_y", "pmi", "pmi2", "dp", "sdc", "ji", "llr", "tau_b", "ttest"];

/**
 * The backend's association config as `runs` serves it: the only copy of
 * these numbers in the frontend, a fallback for unit tests (the app takes
 * them from the backend).
 */
export const CONFIG: AssociationConfig = {
  metrics: { npmi_xy: "nPMI normalised by p(x,y)" },
  default_metric: "npmi_xy",
  limits: {
    page_size: 100,
    max_limit: 1000,
    max_offset: 10_000_000,
    max_ranges: 20,
    max_labels: 1000,
    max_bins: 200,
    max_name: 1000,
    max_selected: 1000,
    bulk_cap: 10_000,
  },
};
export const LIMITS = CONFIG.limits;

export function countsTag(overrides: Partial<TagInfo> = {}): TagInfo {
  return {
    tag: "gender",
    measure: "association",
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

/** The association view's runs: its tags, with the metric names of its config. */
export function runsFixture(): MeasureRuns {
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
    metrics: CONFIG.metrics,
  };
}

/** `runs` as the backend answers it. */
export function runsResponse(): RunsResponse {
  return {
    runs: runsFixture().runs,
    measures: [{ measure: "association", title: "Label associations", config: CONFIG }],
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

/** Every element under root, through shadow roots. */
export function deepElements(root: Element | ShadowRoot): Element[] {
  const out: Element[] = [];
  for (const child of root.querySelectorAll("*")) {
    out.push(child);
    if (child.shadowRoot) out.push(...deepElements(child.shadowRoot));
  }
  return out;
}
