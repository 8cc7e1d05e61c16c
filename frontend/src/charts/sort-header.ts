import { html, type TemplateResult } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";

export type SortOrder = "desc" | "asc" | "abs";

/** aria-sort and the arrow of a sortable column header. */
export function sortIndicator(active: boolean, order: SortOrder): { ariaSort: string; arrow: string } {
  if (!active) return { ariaSort: "none", arrow: "" };
  if (order === "asc") return { ariaSort: "ascending", arrow: "\u25b2" };
  if (order === "desc") return { ariaSort: "descending", arrow: "\u25bc" };
  return { ariaSort: "other", arrow: "|\u25bc|" };
}

export interface SortHeaderOptions {
  testid: string;
  /** what the header shows */
  content: unknown;
  active: boolean;
  order: SortOrder;
  onSort: () => void;
  className?: string;
  title?: string;
  ariaLabel?: string;
}

/** A column header whose button sorts by the column (role columnheader, aria-sort on it). */
export function sortHeader(o: SortHeaderOptions): TemplateResult {
  const { ariaSort, arrow } = sortIndicator(o.active, o.order);
  return html`<div role="columnheader" class=${o.className ?? "cell"} aria-sort=${ariaSort} title=${ifDefined(o.title)}>
    <button type="button" data-testid=${o.testid} aria-label=${ifDefined(o.ariaLabel)} @click=${o.onSort}>
      ${o.content}<span class="arrow" aria-hidden="true">${arrow}</span>
    </button>
  </div>`;
}
