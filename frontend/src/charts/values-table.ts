// "The chart as numbers": a chart's values as a table behind a disclosure. A chart's points give their
// values on hover, and a chart that is a slider is presentational to a screen reader: the table is the
// text version a keyboard and a screen reader reach.
import { css, html, type TemplateResult } from "lit";
import { sidewaysTable } from "./sideways-cue.js";

export function chartAsNumbers(testid: string, summary: string, table: TemplateResult): TemplateResult {
  return html`<details class="values" data-testid=${testid}><summary>${summary}</summary>${sidewaysTable(table)}</details>`;
}

export const chartAsNumbersStyles = css`
  details.values {
    margin-top: 6px;
  }
  details.values summary {
    cursor: pointer;
    color: var(--muted);
  }
  details.values td,
  details.values th {
    padding: 1px 6px;
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  details.values tbody th {
    font-weight: normal;
  }
`;
