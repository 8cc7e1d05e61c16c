import { LitElement, html, svg, css, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { axisBottom } from "d3-axis";
import { brushX, type D3BrushEvent } from "d3-brush";
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { select } from "d3-selection";
import { boundsToPixels, pixelsToBounds } from "../../charts/brush.js";
import { identityColor, lineColor, NEUTRAL } from "../../charts/colors.js";
import { formatRange, valueColumn } from "./columns.js";
import { asciiTickFormat, formatCount, formatValue, plural } from "../../charts/format.js";
import { domainFormat } from "../../charts/intervals.js";
import { dotLanes, histogramBars, laneSpacing, maxOf, violinPath } from "../../charts/plots.js";
import { addRange } from "./ranges.js";
import type { DistributionResponse, Histogram, TagInfo } from "./types.js";
import type { PlotKind, ResolvedState } from "./view-state.js";
import { WidthController } from "../../charts/resize.js";
import { baseStyles } from "../../charts/theme.js";
import { emit } from "./events.js";
import { identityLabel, NO_PARTS, pairText, partsStyles, type IdentityParts } from "./identities.js";

const ROW_HEIGHT = 46;
const PAD_X = 10;
/** Radius of the dots drawn for a few values in place of a violin. */
const DOT_RADIUS = 3;

interface PlotRow {
  key: string;
  column: string;
  title: string;
  /** the identity, when the row is one (an intersection shows its parts) */
  identity: string | null;
  color: string;
  hist: Histogram;
  edges: number[];
  domain: [number, number];
  axisGroup: "metric" | "gap";
}

/** A row's values when it is drawn as dots (a few labels, as violins), else null. */
function dotValues(row: PlotRow, plot: PlotKind): readonly number[] | null {
  const values = row.hist.values;
  return plot === "violin" && values && values.length > 0 ? values : null;
}

/** Violins (or histograms) of the metric per identity and of the gap; brushing adds a range filter. */
@customElement("tb-bias-distributions")
export class Distributions extends LitElement {
  @property({ attribute: false }) data: DistributionResponse | null = null;
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  /** the parts of intersectional identities, shown as chips */
  @property({ attribute: false }) identityParts: IdentityParts = NO_PARTS;
  @property({ attribute: false }) maxRanges!: number;
  @property({ type: Boolean }) loading = false;
  @property({ attribute: false }) error = "";
  /** the table's search was refused (said beside the search box): nothing is plotted until it is fixed */
  @property({ attribute: false }) searchRefused = false;
  private readonly size = new WidthController(this, 320);
  /** violins or histograms drawn for the current data, width and plot kind, by row */
  private readonly shapes = new Map<string, unknown>();
  private plotDrawn: PlotKind | null = null;
  /** the width the shapes, axes and brushes were drawn for (the controller's width is not a reactive property) */
  private widthDrawn = 0;
  private widthChanged = false;

  static override styles = [
    baseStyles,
    partsStyles,
    css`
      .head {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 8px;
      }
      .kind {
        display: inline-flex;
        border: 1px solid var(--border);
        border-radius: 4px;
        overflow: hidden;
      }
      .kind button {
        border: none;
        border-radius: 0;
        padding: 0 6px;
        font-size: 12px;
      }
      .sub {
        color: var(--muted);
        font-size: 12px;
        margin: 0 0 4px;
      }
      .kind button[aria-pressed="true"] {
        background: var(--accent);
        color: #fff;
      }
      .plots[aria-busy="true"] {
        opacity: 0.55;
      }
      .row-head {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        font-size: 12px;
        margin-top: 4px;
      }
      .row-head .name {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .swatch {
        width: 10px;
        height: 10px;
        border-radius: 2px;
        flex: none;
      }
      .n {
        color: var(--muted);
        white-space: nowrap;
      }
      svg {
        display: block;
        overflow: visible;
      }
      .band {
        fill: #0072b2;
        fill-opacity: 0.12;
        stroke: #0072b2;
        stroke-opacity: 0.5;
        stroke-dasharray: 3 2;
      }
      .box {
        stroke: #1f1f1f;
        stroke-width: 3;
      }
      .whisker {
        stroke: #1f1f1f;
        stroke-width: 1;
      }
      .median {
        fill: #fff;
        stroke: #1f1f1f;
      }
      .zero {
        stroke: #9aa0a6;
        stroke-dasharray: 2 2;
      }
      .axis text {
        fill: var(--muted);
      }
      .gap-title {
        margin-top: 14px;
      }
      .hint {
        color: var(--muted);
        font-size: 12px;
        margin: 6px 0 0;
      }
    `,
  ];

  private rows(): PlotRow[] {
    const data = this.data;
    if (!data) return [];
    const identities = this.info.identities;
    const rows: PlotRow[] = data.identities.map((h) => ({
      key: h.identity,
      column: valueColumn(data.metric, h.identity),
      title: h.identity,
      identity: h.identity,
      color: identityColor(identities, h.identity),
      hist: h,
      edges: data.bin_edges,
      domain: data.domain,
      axisGroup: "metric",
    }));
    if (data.gap) {
      rows.push({
        key: "gap",
        column: "gap",
        title: `gap: ${pairText(this.state.x1, this.state.x2, this.identityParts)}`,
        identity: null,
        color: NEUTRAL,
        hist: data.gap,
        edges: data.gap.bin_edges,
        domain: data.gap.domain,
        axisGroup: "gap",
      });
    }
    return rows;
  }

  private scale(domain: [number, number]): ScaleLinear<number, number> {
    return scaleLinear().domain(domain).range([PAD_X, Math.max(PAD_X + 10, this.size.width - PAD_X)]);
  }

  private setPlot(plot: PlotKind) {
    emit(this, "state-change", { plot });
  }

  private renderRow(row: PlotRow, maxDensity: number, maxCount: number) {
    const x = this.scale(row.domain);
    const h = ROW_HEIGHT;
    const cy = h / 2;
    // the server sends null quantiles when no label passes the filters
    const q = row.hist.quantiles ?? { min: null, q1: null, median: null, q3: null, max: null };
    const filter = this.state.ranges.find((r) => r.column === row.column);
    const band = filter ? boundsToPixels(filter, x.domain() as [number, number], x.range() as [number, number]) : null;
    const [d0, d1] = row.domain;
    const zero = d0 < 0 && d1 > 0 ? x(0) : null;
    // a handful of labels as dots: a density from them would draw a shape they do not have
    const dots = dotValues(row, this.state.plot);
    // the table's format of the column (3.79e-5 beside 0.229 read as two scales; the table says 0.000)
    const format = domainFormat(row.domain, row.axisGroup === "gap");
    let shape = this.shapes.get(row.key);
    if (shape === undefined) {
      shape = dots
        ? this.dots(dots, x, cy, row.color, format)
        : this.state.plot === "histogram"
          ? histogramBars(row.hist.counts, row.edges, x, h - 2, h - 6, maxCount).map(
              (b) => svg`<rect x=${b.x} y=${b.y} width=${b.width} height=${b.height} fill=${row.color} fill-opacity="0.75">
                <title>${formatValue(b.low)} to ${formatValue(b.high)}: ${formatCount(b.count)}</title></rect>`,
            )
          : svg`<path d=${violinPath(row.hist.density, row.edges, x, cy, cy - 3, maxDensity)} fill=${row.color}
                fill-opacity="0.6" stroke=${row.color}></path>`;
      this.shapes.set(row.key, shape);
    }
    const box =
      this.state.plot === "violin" && !dots && q.q1 !== null && q.q3 !== null && q.median !== null
        ? svg`
            ${q.min !== null && q.max !== null
              ? svg`<line class="whisker" x1=${x(q.min)} x2=${x(q.max)} y1=${cy} y2=${cy}></line>`
              : nothing}
            <line class="box" x1=${x(q.q1)} x2=${x(q.q3)} y1=${cy} y2=${cy}></line>
            <circle class="median" cx=${x(q.median)} cy=${cy} r="2.5"></circle>`
        : nothing;
    const values = dots ? dots.map(format).join(", ") : "";
    const label = `${row.column}: ${dots ? `${plural(row.hist.n, "label")}, a dot each: ${values}` : `distribution over ${plural(row.hist.n, "label")}`}. Drag to add a range filter.`;
    return html`
      <div class="row-head">
        <span class="name"><span class="swatch" style="background:${row.color}"></span>${row.identity === null
            ? row.title
            : identityLabel(row.identity, this.identityParts)}</span>
        <span class="n" title=${values}>n=${formatCount(row.hist.n)}${row.hist.undefined ? `, ${formatCount(row.hist.undefined)} undefined` : ""}${q.median !== null
            ? ` \u00b7 median ${format(q.median)}`
            : ""}</span>
      </div>
      <svg
        width=${this.size.width}
        height=${h}
        role="img"
        aria-label=${label}
        data-testid=${`violin-${row.key}`}
        data-column=${row.column}
      >
        ${band
          ? svg`<rect class="band" x=${band[0]} y="1" width=${Math.max(1, band[1] - band[0])} height=${h - 2}>
              <title>${filter ? formatRange(filter) : ""}</title></rect>`
          : nothing}
        ${zero !== null ? svg`<line class="zero" x1=${zero} x2=${zero} y1="0" y2=${h}></line>` : nothing}
        ${shape} ${box}
        <g class="brush" data-column=${row.column} data-domain=${row.domain.join(",")}></g>
      </svg>
    `;
  }

  private dots(values: readonly number[], x: ScaleLinear<number, number>, cy: number, color: string, format: (v: number) => string) {
    const [left, right] = x.range() as [number, number];
    const xs = values.map((v) => Math.min(right, Math.max(left, x(v))));
    const lanes = dotLanes(xs, DOT_RADIUS);
    const spacing = laneSpacing(lanes, DOT_RADIUS, cy);
    return xs.map(
      (px, i) => svg`<circle class="dot" data-testid="violin-dot" cx=${px} cy=${cy + lanes[i]! * spacing}
        r=${DOT_RADIUS} fill=${color} fill-opacity="0.7" stroke=${lineColor(color)}><title>${format(values[i]!)}</title></circle>`,
    );
  }

  private renderAxis(group: "metric" | "gap", domain: [number, number]) {
    return html`<svg width=${this.size.width} height="22" aria-hidden="true">
      <g class="axis" data-axis=${group} data-domain=${domain.join(",")} transform="translate(0,2)"></g>
    </svg>`;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>) {
    // A filter change re-renders the plots (their bands) long before new
    // data arrives: keep the shapes, which depend on the data only.
    this.widthChanged = this.size.width !== this.widthDrawn;
    this.widthDrawn = this.size.width;
    if (changed.has("data") || this.widthChanged || this.plotDrawn !== this.state.plot) {
      this.shapes.clear();
      this.plotDrawn = this.state.plot;
    }
  }

  protected override updated(changed: Map<PropertyKey, unknown>) {
    // Axes and brushes depend on the data's domains and the width only.
    if (!changed.has("data") && !this.widthChanged) return;
    const root = this.renderRoot;
    root.querySelectorAll<SVGGElement>("g.axis").forEach((g) => {
      const domain = (g.dataset["domain"] ?? "0,1").split(",").map(Number) as [number, number];
      const scale = this.scale(domain);
      const count = Math.max(2, Math.floor(this.size.width / 70));
      select(g).call(axisBottom(scale).ticks(count).tickSizeOuter(0).tickFormat(asciiTickFormat(scale, count)));
    });
    root.querySelectorAll<SVGGElement>("g.brush").forEach((g) => {
      const column = g.dataset["column"] ?? "";
      const domain = (g.dataset["domain"] ?? "0,1").split(",").map(Number) as [number, number];
      const x = this.scale(domain);
      const brush = brushX<unknown>()
        .extent([
          [x.range()[0]!, 0],
          [x.range()[1]!, ROW_HEIGHT],
        ])
        .on("end", (event: D3BrushEvent<unknown>) => {
          if (!event.sourceEvent || !event.selection) return; // programmatic clear
          const [a, b] = event.selection as [number, number];
          select(g).call(brush.move, null);
          if (Math.abs(b - a) < 2) return; // a click, not a drag
          const bounds = pixelsToBounds([a, b], x.domain() as [number, number], x.range() as [number, number]);
          if (bounds.low === null && bounds.high === null) return;
          emit(this, "state-change", { ranges: addRange(this.state.ranges, { column, ...bounds }, this.maxRanges) });
        });
      select(g).call(brush);
    });
  }

  override render() {
    const data = this.data;
    const rows = this.rows();
    const metricRows = rows.filter((r) => r.axisGroup === "metric");
    const gapRows = rows.filter((r) => r.axisGroup === "gap");
    // rows drawn as dots do not scale the violins
    const maxDensity = maxOf(metricRows.filter((r) => !dotValues(r, this.state.plot)).flatMap((r) => r.hist.density));
    const maxCount = maxOf(metricRows.flatMap((r) => r.hist.counts));
    const plot = this.state.plot;
    return html`
      <div class="head">
        <h2 id="dist-title">Distributions</h2>
        <div class="kind" role="group" aria-label="Plot type">
          <button type="button" aria-pressed=${plot === "violin"} data-testid="plot-violin" @click=${() => this.setPlot("violin")}>
            Violin
          </button>
          <button
            type="button"
            aria-pressed=${plot === "histogram"}
            data-testid="plot-histogram"
            @click=${() => this.setPlot("histogram")}
          >
            Histogram
          </button>
        </div>
      </div>
      ${data
        ? html`<p class="sub" data-testid="distributions-caption">${data.metric} per identity over ${plural(data.total, "label")}${data.gap ? ", and the gap" : ""}</p>`
        : nothing}
      ${this.error ? html`<div class="error" role="alert" data-testid="error-message">${this.error}</div>` : nothing}
      ${this.searchRefused
        ? html`<p class="empty" data-testid="distributions-search-refused">Nothing to plot while the search is refused (said by the search box).</p>`
        : nothing}
      ${!data && this.loading ? html`<p class="loading" data-testid="loading">Loading distributions\u2026</p>` : nothing}
      ${data
        ? html`
            <div class="plots" aria-busy=${this.loading} aria-labelledby="dist-title">
              ${data.total === 0
                ? html`<p class="empty" data-testid="distributions-empty">
                    No labels match the search and filters: nothing to plot. Clear the search or a filter to see the distributions.
                  </p>`
                : html`${metricRows.map((r) => this.renderRow(r, maxDensity, maxCount))}
                    ${metricRows.length ? this.renderAxis("metric", data.domain) : nothing}
                    ${gapRows.map(
                      (r) =>
                        html`<div class="gap-title"></div>
                          ${this.renderRow(r, maxOf(r.hist.density), maxOf(r.hist.counts))}
                          ${this.renderAxis("gap", r.domain)}`,
                    )}
                    <p class="hint">Drag along a plot to keep only labels in that range.</p>`}
            </div>
          `
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-distributions": Distributions;
  }
}
