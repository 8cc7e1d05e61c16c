// The prediction-discrepancy (DIPDI) measure's view.
import type { MeasureView } from "../../shell/registry.js";
import "./view.js";

export const view: MeasureView = {
  measure: "discrepancy",
  title: "Prediction discrepancy",
  element: "tb-bias-discrepancy-view",
};
