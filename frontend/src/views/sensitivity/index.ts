// The accumulated-prediction-sensitivity measure's view.
import type { MeasureView } from "../../shell/registry.js";
import "./view.js";

export const view: MeasureView = {
  measure: "sensitivity",
  title: "Prediction sensitivity",
  element: "tb-bias-sensitivity-view",
};
