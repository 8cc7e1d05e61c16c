import { LitElement, html, css, nothing, svg, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { labelColor } from "../../charts/colors.js";
import { formatTicks } from "../../charts/format.js";
import { scaleLinear } from "d3-scale";
import { columnDigits, formatFixed, formatInterval, formatStatement } from "../../charts/intervals.js";
import { WidthController } from "../../charts/resize.js";
import { tabStyles } from "../../charts/tabs.js";
import { baseStyles } from "../../charts/theme.js";
import { bandPath, linePath, seriesExtent, stepPositions, zeroLine } from "../../charts/trends.js";
import { errorMessage, type Api } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import { emit } from "./events.js";
import { trendUrl } from "./query.js";
import type { TagInfo, TrendResponse } from "./types.js";
import type { ResolvedState } from "./view-state.js";

/** Lines drawn at most: more would not be told apart. */
export const MAX_TREND_LINES = 8;
const HEIGHT = 170;
const MARGIN = { left: 52, right: 12, top: 8, bottom: 36 };

/** The selected labels' gaps across the steps of the tag, with interval bands. */
@customElement("tb-bias-trend")
export class TrendChart extends LitElement {
  @property({ attribute: false }) api!: Api;
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  @property({ attribute: false }) hovered: string | null = null;
  /** shown at the end of the heading line (the view's switch back to the identities) */
  @property({ attribute: false }) switcher: unknown = nothing;
  @state() private data: TrendResponse | null = null;
  @state() private loading = false;
  @state() private error = "";
  private key = "";
  private readonly request = new LatestRequest(this);
  private readonly size = new WidthController(this, 600);

  static override styles = [
    baseStyles,
    tabStyles,
    css`
      :host {
        display: block;
      }
      .head {
        display: flex;
        gap: 12px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      h2 {
        margin: 0 0 4px;
      }
      svg {
        display: block;
      }
      .axis text {
        font-size: 10px;
        fill: var(--muted);
      }
      .axis line,
      .zero {
        stroke: var(--border);
      }
      .band {
        opacity: 0.16;
      }
      .line {
        fill: none;
        stroke-width: 2;
        stroke-linecap: round;
        stroke-linejoin: round;
      }
      .line.dim {
        opacity: 0.3;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 2px 12px;
        font-size: 12px;
      }
      .legend span.key {
        display: inline-block;
        width: 10px;
        height: 10px;
        border-radius: 2px;
        margin-right: 4px;
      }
      .muted {
        color: var(--muted);
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has("state") && !changed.has("api") && !changed.has("info")) return;
    const labels = this.state.selected.slice(0, MAX_TREND_LINES);
    if (labels.length === 0 || this.info.steps.length < 2) {
      this.key = "";
      this.request.abort();
      this.data = null;
      this.loading = false;
      this.error = "";
      return;
    }
    const url = trendUrl(this.state, labels);
    const key = `${url}|${this.info.steps.join(",")}`;
    if (key === this.key) return;
    this.key = key;
    this.loading = true;
    this.request.run(
      (signal) => this.api.get<TrendResponse>(url, signal),
      (data) => {
        this.data = data;
        this.error = "";
        this.loading = false;
      },
      (error) => {
        this.error = errorMessage(error);
        this.loading = false;
      },
    );
  }

  private chart(data: TrendResponse) {
    const width = Math.max(240, this.size.width);
    const w = width - MARGIN.left - MARGIN.right;
    const h = HEIGHT - MARGIN.top - MARGIN.bottom;
    const lines = data.labels;
    // rounded ("nice") ticks: the domain grows to the nearest round values
    const scale = scaleLinear().domain(seriesExtent(...lines.flatMap((l) => [l.gap, l.low, l.high]))).nice(4);
    const domain = scale.domain() as [number, number];
    const xs = stepPositions(data.steps, w);
    const zero = zeroLine(h, domain);
    const ticks = scale.ticks(4);
    const tickText = formatTicks(ticks);
    const y = (v: number) => h - ((v - domain[0]) / (domain[1] - domain[0])) * h;
    const stepTicks = data.steps.length <= 8 ? data.steps.map((_, i) => i) : [0, Math.floor((data.steps.length - 1) / 2), data.steps.length - 1];
    return html`<svg width=${width} height=${HEIGHT} role="img" aria-label=${`Gap across ${data.steps.length} steps for ${lines.length} labels`} data-testid="trend-chart">
      <g transform=${`translate(${MARGIN.left},${MARGIN.top})`}>
        <g class="axis">
          ${ticks.map((t, i) => svg`<text data-testid="trend-y-tick" x="-6" y=${y(t)} dy="0.32em" text-anchor="end">${t > 0 ? "+" : ""}${tickText[i]}</text>`)}
          ${stepTicks.map(
            (i) => svg`<line x1=${xs[i]} x2=${xs[i]} y1=${h} y2=${h + 4}></line>
              <text x=${xs[i]} y=${h + 15} text-anchor="middle">${data.steps[i]}</text>`,
          )}
          <line x1="0" x2=${w} y1=${h} y2=${h}></line>
          <text data-testid="trend-x-title" x=${w / 2} y=${h + 30} text-anchor="middle">step</text>
        </g>
        ${zero === null ? nothing : svg`<line class="zero" x1="0" x2=${w} y1=${zero} y2=${zero}></line>`}
        ${lines.map((line, i) => {
          const color = labelColor(i);
          return line.low && line.high
            ? svg`<path class="band" data-testid="trend-band" fill=${color} d=${bandPath(line.low, line.high, w, h, domain, xs)}></path>`
            : nothing;
        })}
        ${lines.map((line, i) => {
          const color = labelColor(i);
          const dim = this.hovered !== null && this.hovered !== line.label;
          return svg`<path class=${dim ? "line dim" : "line"} data-testid="trend-line" data-label=${line.label} stroke=${color} d=${linePath(line.gap, w, h, domain, xs)}></path>`;
        })}
      </g>
    </svg>`;
  }

  override render() {
    const s = this.state;
    const what = s.x2 === null ? `${s.metric} of ${s.x1}` : `gap of ${s.metric}, ${s.x1} \u2212 ${s.x2 === "rest" ? "the rest" : s.x2}`;
    const heading = html`<div class="head">
      <h2>Selected labels across steps</h2>
      <span class="muted">${what}, ${Math.round(s.level * 100)}% bands</span>
      ${this.switcher}
    </div>`;
    if (this.info.steps.length < 2) return nothing;
    // one outer template whatever the state: the heading (and the tabs in it) keeps its DOM, and the focus
    const page = (body: unknown) => html`${heading}${body}`;
    if (s.selected.length === 0) {
      return page(html`<p class="muted" data-testid="trend-empty">Select labels in the table to follow them across the ${this.info.steps.length} steps.</p>`);
    }
    if (this.error) return page(html`<div class="error" role="alert">${this.error}</div>`);
    const data = this.data;
    if (!data) return page(html`<p class="muted">${this.loading ? "Loading\u2026" : ""}</p>`);
    const digits = columnDigits(seriesExtent(...data.labels.map((l) => l.gap)));
    return page(html`
      <div style=${this.loading ? "opacity:0.6" : ""}>${this.chart(data)}</div>
      <div class="legend" data-testid="trend-legend">
        ${data.labels.map(
          (line, i) => html`<span
            title=${`change from the first step to the last ${formatFixed(line.change, digits, true)} ${formatInterval(line.change_low, line.change_high, digits)}, ${formatStatement("p", line.change_p)}`}
            @mouseenter=${() => emit(this, "hover-label", line.label)}
            @mouseleave=${() => emit(this, "hover-label", null)}
            ><span class="key" style=${`background:${labelColor(i)}`}></span>${line.label}
            <span class="muted" data-testid="trend-change">\u0394 ${formatFixed(line.change, digits, true)}</span></span
          >`,
        )}
        ${s.selected.length > MAX_TREND_LINES ? html`<span class="muted">first ${MAX_TREND_LINES} of ${s.selected.length} selected</span>` : nothing}
      </div>`);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-trend": TrendChart;
  }
}
