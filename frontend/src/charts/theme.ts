import { css } from "lit";

/** Tokens and controls shared by every view (each has its own shadow root). */
export const baseStyles = css`
  :host {
    display: block;
    --fg: #1f1f1f;
    --muted: #5f6368;
    --border: #dadce0;
    --panel: #ffffff;
    --bg: #f5f6f7;
    --accent: #0072b2;
    --focus: #0072b2;
    --danger: #a4262c;
    --hover: #fff4d6;
    --selected: #e8f1f8;
    color: var(--fg);
    font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    box-sizing: border-box;
  }
  * {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button {
    border: 1px solid var(--border);
    background: #fff;
    border-radius: 4px;
    padding: 3px 8px;
    cursor: pointer;
  }
  button:hover {
    background: #f1f3f4;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.5;
  }
  select,
  input[type="text"],
  input[type="search"],
  input[type="number"] {
    border: 1px solid var(--border);
    border-radius: 4px;
    padding: 3px 6px;
    background: #fff;
    min-width: 0;
  }
  a {
    color: var(--accent);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .error {
    color: var(--danger);
    background: #fdecea;
    border: 1px solid #f5c2c0;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .notice {
    background: #fff8e1;
    border: 1px solid #f0d58c;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
  }
  .loading {
    color: var(--muted);
    font-style: italic;
  }
  /* panel headings, in sentence case in every view (two set theirs in capitals, two not) */
  h2,
  h3 {
    font-size: 13px;
    font-weight: 600;
    margin: 0 0 6px;
  }
  /* a heading's controls beside it, not inside it: a heading's name is its words */
  .heading-row {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 8px;
  }
  /* a legend's line (lineSwatch) before its words, on their line (some views draw their svgs as blocks) */
  .line-swatch {
    display: inline-block;
    margin-right: 4px;
    vertical-align: middle;
  }
  /* a row's header cell (a table's first column, for screen readers) looks as its row does */
  tbody th[scope="row"] {
    font-weight: inherit;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 10px;
  }
`;
