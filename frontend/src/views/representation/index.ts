// The representation-bias measure's view: B per step and layer, the layer
// profile at a step, and the MINE curve of a layer (docs/http_api.md).
import type { MeasureView } from "../../shell/registry.js";
import "./view.js";

export const view: MeasureView = {
  measure: "representation",
  title: "Representation bias",
  element: "tb-bias-representation-view",
};
