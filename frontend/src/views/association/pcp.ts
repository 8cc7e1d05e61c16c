import { LitElement, html, svg, css, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { axisLeft } from "d3-axis";
import { scaleLinear, scalePoint } from "d3-scale";
import { select } from "d3-selection";
import { gapColor, identityTextColor, lineColor } from "../../charts/colors.js";
import { lineSwatch, type LineStyle } from "../../charts/line-style.js";
import { asciiTickFormat, formatSigned, formatValue } from "../../charts/format.js";
import { polylinePath, valueExtent } from "../../charts/plots.js";
import type { TableRow, TagInfo } from "./types.js";
import type { ResolvedState } from "./view-state.js";
import { WidthController } from "../../charts/resize.js";
import { tabStyles } from "../../charts/tabs.js";
import { baseStyles } from "../../charts/theme.js";
import { emit } from "./events.js";
import { axisTitles, identityText, intersectionTitle, NO_PARTS, pairText, parts as partsOf, type IdentityParts } from "./identities.js";

const HEIGHT = 210;
/** the plot's least height, however many lines the hover line wraps to */
const MIN_HEIGHT = 160;
/** a line of the hover text (its CSS line-height) */
const HOVER_LINE_PX = 18;
const MARGIN = { top: 26, right: 40, bottom: 12, left: 46 };
/** Height of each further line of an axis title (an intersection's parts, one a line). */
const TITLE_LINE = 13;
/** Space between two rows of axis titles (a text's box is taller than its line). */
const TITLE_ROW_GAP = 5;
/** About the width of a character of an axis title (12px, bold): titles are cut to the space between axes. */
const TITLE_CHAR_PX = 8.5;
/** a generous width of a character of the hover line (13 px text, the label bold) */
const HOVER_CHAR_PX = 7.6;
const HOVER_HINT = "Hover a line, or hover or focus a table row, to see its values.";

/** Lines the longest of `texts` takes wrapped in `width` px at `charPx` a character (at least one): the hover line's height. */
export function hoverLines(texts: readonly string[], width: number, charPx: number): number {
  const perLine = Math.max(1, Math.floor(width / charPx));
  return Math.max(1, ...texts.map((t) => Math.ceil(t.length / perLine)));
}

/** A selected label's line: its gap's colour, dashed when the gap leans towards x2 (colour alone told the two apart). */
export function gapLineStyle(identities: readonly string[], x1: string | null, x2: string | null, gap: number | null): LineStyle {
  return { color: lineColor(gapColor(identities, x1, x2, gap)), width: 1.6, dash: gap !== null && gap < 0 ? "6 3" : undefined };
}

/** Selected labels as lines across one vertical axis per identity. */
@customElement("tb-bias-pcp")
export class ParallelCoordinates extends LitElement {
  @property({ attribute: false }) rows: TableRow[] = [];
  /** shown at the end of the heading line (the view's switch to the trend chart) */
  @property({ attribute: false }) switcher: unknown = nothing;
  /** selected labels the current table does not have */
  @property({ attribute: false }) missing: string[] = [];
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  /** the parts of intersectional identities, shown joined by "∩" */
  @property({ attribute: false }) identityParts: IdentityParts = NO_PARTS;
  @property({ attribute: false }) hovered: string | null = null;
  @property({ type: Boolean }) loading = false;
  @property({ attribute: false }) error = "";
  private readonly size = new WidthController(this, 600);
  /** the width the axes were drawn for */
  private widthDrawn = 0;

  static override styles = [
    baseStyles,
    tabStyles,
    css`
      .head {
        display: flex;
        gap: 12px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .legend {
        display: inline-flex;
        gap: 12px;
        color: var(--muted);
        font-size: 12px;
      }
      svg {
        display: block;
      }
      svg[aria-busy="true"] {
        opacity: 0.55;
      }
      path.line {
        fill: none;
        stroke-width: 1.6;
        stroke-opacity: 0.75;
        stroke-linecap: round;
        stroke-linejoin: round;
        pointer-events: none;
      }
      path.line.hovered {
        stroke-width: 3.5;
        stroke-opacity: 1;
      }
      path.line.dim {
        stroke-opacity: 0.2;
      }
      path.hit {
        fill: none;
        stroke: transparent;
        stroke-width: 9;
        stroke-linecap: round;
        cursor: pointer;
      }
      .axis-title {
        font-weight: 600;
        font-size: 12px;
      }
      /* the hovered label's values wrap (cut, they read "Ice Hockey: man 0.276, woman -0.222, boy …"),
         in a height kept for the longest of the selected labels' lines (--hover-lines), so that a hover
         does not move the table under the pointer */
      .hover {
        margin: 0;
        min-height: calc(var(--hover-lines, 1) * 18px); /* HOVER_LINE_PX a line */
        line-height: 18px;
        overflow-wrap: anywhere;
      }
      .muted {
        color: var(--muted);
      }
      .hint {
        color: var(--muted);
        margin: 4px 0;
      }
    `,
  ];

  /** Lines of the tallest title (intersections take one line a part). */
  private titleLines(): number {
    return Math.max(1, ...this.info.identities.map((x) => partsOf(x, this.identityParts)?.length ?? 1));
  }

  /** The axes' positions, and their titles laid out over them. */
  private axes() {
    const identities = this.info.identities;
    const x = scalePoint<string>()
      .domain(identities)
      .range([MARGIN.left, Math.max(MARGIN.left + 40, this.size.width - MARGIN.right)])
      .padding(identities.length === 1 ? 0.5 : 0);
    const axisX = identities.map((i) => x(i) ?? 0);
    return { axisX, titles: axisTitles(identities, this.identityParts, axisX, this.size.width, TITLE_CHAR_PX) };
  }

  /** Room above the axes for the titles beyond one line: further lines, and a second row of titles. */
  private extraTitleHeight(): number {
    const rows = this.axes().titles.rows;
    return (rows * this.titleLines() - 1) * TITLE_LINE + (rows - 1) * TITLE_ROW_GAP;
  }

  /** A row's values as the hover line says them: "man 0.276, woman -0.222, …; gap +0.498". */
  private rowValues(row: TableRow): string {
    const text = (x: string) => identityText(x, this.identityParts);
    return `${this.info.identities.map((i) => `${text(i)} ${formatValue(row.values[i] ?? null)}`).join(", ")}; gap ${formatSigned(row.gap)}`;
  }

  /** Lines kept for the hover line: the longest of the selected labels' (or the hint) wrapped in the chart's width. */
  private hoverLineCount(): number {
    return hoverLines([HOVER_HINT, ...this.rows.map((r) => `${r.label}: ${this.rowValues(r)}`)], this.size.width, HOVER_CHAR_PX);
  }

  /** The plot's height: shorter by the hover line's lines past the first, so the panel keeps its height (and the table its rows). */
  private plotHeight(): number {
    return Math.max(MIN_HEIGHT, HEIGHT - (this.hoverLineCount() - 1) * HOVER_LINE_PX);
  }

  private scales() {
    const identities = this.info.identities;
    const extra = this.extraTitleHeight();
    // the selected labels' own values: the whole table's range left ttest's (near 0.01) flat on 0
    const domain = valueExtent(this.rows.flatMap((r) => identities.map((i) => r.values[i] ?? null)));
    return scaleLinear().domain(domain).range([this.plotHeight() + extra - MARGIN.bottom, MARGIN.top + extra]).nice();
  }

  protected override updated(changed: Map<PropertyKey, unknown>) {
    // The axes depend on the scales only (not on hovering, which re-renders often).
    const resized = this.size.width !== this.widthDrawn;
    this.widthDrawn = this.size.width;
    if (!resized && !["rows", "info", "state", "identityParts"].some((key) => changed.has(key))) return;
    const y = this.scales();
    this.renderRoot.querySelectorAll<SVGGElement>("g.axis").forEach((g, i) => {
      // Tick labels on the first axis only; the others share the scale.
      const axis = axisLeft(y).ticks(5).tickSizeOuter(0).tickFormat(i > 0 ? () => "" : asciiTickFormat(y, 5));
      select(g).call(axis);
    });
  }

  override render() {
    const s = this.state;
    const identities = this.info.identities;
    const parts = this.identityParts;
    const text = (x: string | null) => (x === null ? "" : identityText(x, parts));
    const count = this.rows.length;
    const head = html`<div class="head">
      <h2 id="pcp-title">Selected labels${count ? ` (${count})` : ""}</h2>
      ${count
        ? html`<span class="legend" aria-label="Lines">
            <span>${lineSwatch(gapLineStyle(identities, s.x1, s.x2, 1))}gap towards ${text(s.x1)}</span>
            ${s.x2 !== null
              ? html`<span>${lineSwatch(gapLineStyle(identities, s.x1, s.x2, -1))}towards ${s.x2 === "rest" ? "the rest" : text(s.x2)}</span>`
              : nothing}
          </span>`
        : nothing}
      ${this.switcher}
    </div>`;
    const error = this.error ? html`<div class="error" role="alert" data-testid="error-message">${this.error}</div>` : nothing;
    const missing = this.missing.length
      ? html`<p class="hint" data-testid="pcp-missing">
          ${this.missing.length} selected label${this.missing.length === 1 ? " is" : "s are"} not in this table.
        </p>`
      : nothing;
    // one outer template whatever the state: the heading (and the tabs in it) keeps its DOM, and the focus
    const page = (body: unknown) => html`${head}${error}${body}`;
    if (s.selected.length === 0) {
      return page(html`
        <p class="hint" data-testid="pcp-empty">
          Tick labels in the table to compare their ${s.metric} across ${identities.map(text).join(", ")} here.
        </p>`);
    }
    if (count === 0) {
      return page(html`${missing}
        ${this.loading ? html`<p class="loading" data-testid="loading">Loading selected labels\u2026</p>` : nothing}`);
    }
    const y = this.scales();
    // each title fits between its neighbours, or in every other row (cut with "…"; the whole name in its tooltip)
    const { axisX, titles } = this.axes();
    const rowHeight = this.titleLines() * TITLE_LINE + TITLE_ROW_GAP;
    const hoveredRow = this.hovered === null ? undefined : this.rows.find((r) => r.label === this.hovered);
    const hovered = hoveredRow ? hoveredRow.label : null;
    const values = (row: TableRow) => this.rowValues(row);
    const lines = this.hoverLineCount();
    return page(html`
      <p class="hover" data-testid="pcp-hover-label" aria-live="polite" style=${`--hover-lines: ${lines}`}>
        ${hoveredRow
          ? html`<strong>${hoveredRow.label}</strong>: ${values(hoveredRow)}`
          : html`<span class="muted">${HOVER_HINT}</span>`}
      </p>
      <svg
        width=${this.size.width}
        height=${this.plotHeight() + this.extraTitleHeight()}
        role="img"
        aria-labelledby="pcp-title"
        aria-busy=${this.loading}
        data-testid="pcp"
      >
        ${identities.map(
          (identity, i) => svg`
            <g class="axis" transform=${`translate(${axisX[i]},0)`}></g>
            <text class="axis-title" y=${14 + titles.row[i]! * rowHeight} text-anchor="middle"
              fill=${identityTextColor(identities, identity)} data-testid="pcp-axis-title"
              data-identity=${identity}>${titles.lines[i]!.map(
                (line, k) => svg`<tspan x=${axisX[i]!} dy=${k === 0 ? 0 : TITLE_LINE}>${line}</tspan>`,
              )}<title>${intersectionTitle(identity, parts) || identity}</title></text>`,
        )}
        ${this.rows.map((row) => {
          const d = polylinePath(
            identities.map((i) => row.values[i] ?? null),
            axisX,
            y,
          );
          const cls = hovered === null ? "line" : row.label === hovered ? "line hovered" : "line dim";
          const style = gapLineStyle(identities, s.x1, s.x2, row.gap);
          return svg`<path class=${cls} data-testid="pcp-line" data-label=${row.label} d=${d}
              stroke=${style.color} stroke-dasharray=${style.dash ?? nothing}></path>
            <path class="hit" d=${d}
              @mouseenter=${() => emit(this, "hover-label", row.label)}
              @mouseleave=${() => emit(this, "hover-label", null)}>
              <title>${row.label}: ${s.metric} ${identities.map((i) => `${text(i)} ${formatValue(row.values[i] ?? null)}`).join(", ")}; gap (${pairText(s.x1, s.x2, parts)}) ${formatSigned(row.gap)}</title>
            </path>`;
        })}
      </svg>
      ${missing}`);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-pcp": ParallelCoordinates;
  }
}
