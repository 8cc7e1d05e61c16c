// What every view receives from the shell (MeasureViewElement), declared
// once as reactive properties: a view extends this instead of LitElement.

import { LitElement } from "lit";
import { property } from "lit/decorators.js";
import type { Api } from "./api.js";
import type { MeasureViewElement } from "./registry.js";
import type { RunEntry } from "./types.js";
import type { HashScope } from "./url-state.js";

export abstract class MeasureViewBase extends LitElement implements MeasureViewElement {
  @property({ attribute: false }) api!: Api;
  /** every run, each with only this measure's tags */
  @property({ attribute: false }) runs: RunEntry[] = [];
  /** the measure's `config` from `runs`, unvalidated */
  @property({ attribute: false }) config: unknown = null;
  /** the view's part of the URL hash */
  @property({ attribute: false }) hash!: HashScope;
}
