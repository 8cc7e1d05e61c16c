// Events the association view's parts send up to the view, which owns the state.
import type { FlagOp } from "./flags.js";
import type { IdentityParts } from "./identities.js";
import type { ViewState } from "./view-state.js";

export type BulkKind = "flagged" | "hidden" | "selected";

/** Events the parts send up to the association view. */
export interface AppEvents {
  "state-change": Partial<ViewState>;
  "flag-op": FlagOp;
  "bulk-op": { kind: BulkKind; on: boolean };
  /** the user's answer to the flag or hide of every label the view asked about (`BulkAsk`) */
  "bulk-answer": { confirmed: boolean };
  "hover-label": string | null;
  /** open the Examples panel of a label's row */
  "show-examples": string;
  /**
   * the table received a page of rows (or an error: null) for its current
   * query: the step's description (null when the answer has none) and the
   * parts of its intersectional identities
   */
  "rows-loaded": { description: string | null; identityParts: IdentityParts; leftOut?: Record<string, number> } | null;
  /**
   * the server refused the table's search: one the user did not type (from a link) the view drops; a typed
   * one, said beside the box, the view keeps, and asks no distribution for it (it would be refused too)
   */
  "search-refused": { q: string; message: string; typed: boolean };
}

export function emit<K extends keyof AppEvents>(from: EventTarget, name: K, detail: AppEvents[K]): void {
  from.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

