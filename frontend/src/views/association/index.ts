// The label-association measure's view (the tab's original content).
import type { MeasureView } from "../../shell/registry.js";
import "./view.js";

export const view: MeasureView = {
  measure: "association",
  title: "Label associations",
  element: "tb-bias-association-view",
  // Plain keys (`p.tb_bias.metric=...`), as before there were other measures: old links keep working.
  hashPrefix: "",
};
