import { css } from "lit";

/**
 * A virtualised table of fixed-height grid rows: the frame, rows (columns
 * from `--cols` on the table), header, cells and sort arrows.
 */
export const tableStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .table {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 240px;
    border: 1px solid var(--border);
    border-radius: 6px;
    background: #fff;
    overflow: hidden;
  }
  .row {
    display: grid;
    grid-template-columns: var(--cols);
    align-items: center;
    width: 100%;
    height: 30px;
    border-bottom: 1px solid #eef0f2;
  }
  .header {
    background: #f8f9fa;
    font-weight: 600;
    min-height: 34px;
    height: auto;
  }
  .header button {
    border: none;
    background: transparent;
    font-weight: 600;
    padding: 2px 4px;
    width: 100%;
    text-align: left;
  }
  .arrow {
    color: var(--accent);
    font-size: 11px;
    flex: none;
  }
  /* the bars of "|Gap| ▼": sorted by absolute value */
  .bar-mark {
    color: var(--accent);
    flex: none;
  }
  /* what a sort ranks by when not the column's value, under its name */
  .sort-note {
    display: block;
    color: var(--accent);
    font-size: 11px;
    font-weight: 400;
  }
  .cell {
    padding: 0 6px;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .row.data:hover {
    background: var(--hover);
  }
  .row.stale {
    opacity: 0.5;
  }
  lit-virtualizer {
    flex: 1;
    min-height: 0;
  }
  /* the row group scrolls inside a box that clips an outline drawn outside it: drawn inside, on every side */
  lit-virtualizer:focus-visible {
    outline-offset: -2px;
  }
  .empty {
    padding: 16px;
    color: var(--muted);
  }
`;
