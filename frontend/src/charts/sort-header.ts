import { html, nothing, type TemplateResult } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";

export type SortOrder = "desc" | "asc" | "abs";

/**
 * aria-sort, the arrow and the words of a sortable column header. By absolute value the header's name is
 * put between bars ("|Gap| ▼"): a bare "|▼|" read as a stray glyph.
 */
export function sortIndicator(active: boolean, order: SortOrder): { ariaSort: string; arrow: string; words: string } {
  if (!active) return { ariaSort: "none", arrow: "", words: "" };
  if (order === "asc") return { ariaSort: "ascending", arrow: "\u25b2", words: "sorted ascending" };
  if (order === "desc") return { ariaSort: "descending", arrow: "\u25bc", words: "sorted descending" };
  return { ariaSort: "other", arrow: "\u25bc", words: "sorted by absolute value, descending" };
}

/** How a ranking runs, in the words of a sentence ("ranked by Gap A, highest first"). */
export function orderWords(order: SortOrder, text = false): string {
  if (text) return order === "desc" ? "Z to A" : "A to Z";
  return order === "asc" ? "lowest first" : order === "desc" ? "highest first" : "largest absolute value first";
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
  /** the header's spoken name; the sort, when active, is said after it */
  ariaLabel?: string;
  /** a word after the arrow when the sort is not by the column's value itself (compare's interval bound) */
  note?: string;
}

/**
 * A column header whose button sorts by the column (role columnheader, aria-sort on it). Its name is the
 * column's and the sort's, nothing more: a screen reader repeats the header's name at every cell.
 */
export function sortHeader(o: SortHeaderOptions): TemplateResult {
  const { ariaSort, arrow, words } = sortIndicator(o.active, o.order);
  const said = words && o.note ? `${words}, by the ${o.note}` : words;
  const label = o.ariaLabel ?? (typeof o.content === "string" ? o.content : undefined);
  const bars = o.active && o.order === "abs";
  return html`<div role="columnheader" class=${o.className ?? "cell"} aria-sort=${ariaSort} title=${ifDefined(o.title && (said ? `${o.title}; ${said}` : o.title))}>
    <button type="button" data-testid=${o.testid} aria-label=${ifDefined(label && `${label}${said ? `, ${said}` : ""}`)} @click=${o.onSort}>
      ${bars ? html`<span class="bar-mark" aria-hidden="true">|</span>` : nothing}${o.content}${bars ? html`<span class="bar-mark" aria-hidden="true">|</span>` : nothing}<span class="arrow" aria-hidden="true">${arrow ? ` ${arrow}` : ""}</span>${o.active && o.note ? html`<span class="sort-note" aria-hidden="true">${o.note}</span>` : nothing}
    </button>
  </div>`;
}
