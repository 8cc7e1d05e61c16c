import { LitElement, html, css, nothing, svg, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import { overWhite, readableTextOn, type Rgb } from "../../charts/colors.js";
import { formatCount, plural } from "../../charts/format.js";
import { WidthController } from "../../charts/resize.js";
import { baseStyles } from "../../charts/theme.js";
import { logPosition, logTicks } from "../../charts/trends.js";
import { errorMessage, type Api } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import { agreementUrl, topCountsUrl } from "./query.js";
import type { AgreementResponse, Disagreement, Quantiles, TopCountsResponse } from "./types.js";
import type { ResolvedState } from "./view-state.js";

const K_CHOICES = [20, 100, 500] as const;
const ROW = 22;
const NAME_WIDTH = 72;
const MEDIAN_WIDTH = 64;

/** One option of the "Show" select of how many top labels per metric. */
export interface TopKOption {
  value: number;
  text: string;
}

/**
 * The choices of k for a table of `numLabels` labels (null: not known yet): those below it as
 * "top k", and those at or above it as one "all N", since every one of them shows the same labels
 * (a table of 3 labels offered "Top 100").
 */
export function topKOptions(numLabels: number | null, choices: readonly number[] = K_CHOICES): TopKOption[] {
  const options = choices.filter((k) => numLabels === null || k < numLabels).map((k) => ({ value: k, text: `top ${k}` }));
  const all = topKChoice(Infinity, numLabels, choices);
  if (numLabels !== null && Number.isFinite(all)) options.push({ value: all, text: `all ${formatCount(numLabels)}` });
  return options;
}

/** The option of topKOptions that stands for `k`: k itself, or the "all" option for a k the table cannot fill. */
export function topKChoice(k: number, numLabels: number | null, choices: readonly number[] = K_CHOICES): number {
  if (numLabels === null || k < numLabels) return k;
  return choices.find((c) => c >= numLabels) ?? k;
}

/**
 * What the chart shows, from its answer: each metric's top k labels, or, where no metric had k
 * labels that pass the filters, all of them (the answer says how many each metric ranked).
 */
export function topKWords(data: Pick<TopCountsResponse, "k" | "metrics"> | null, k: number, by: string): string {
  const ranked = data ? data.metrics.map((m) => m.labels.length) : [];
  const most = Math.max(0, ...ranked);
  if (!data || ranked.length === 0 || most >= data.k) return `each metric's top ${data?.k ?? k} labels by ${by}`;
  const upTo = Math.min(...ranked) < most ? "up to " : "";
  return `all ${upTo}${plural(most, "label")} that pass the filters, as each metric ranks them by ${by}`;
}

const NO_CORRELATION: Rgb = [0xf1, 0xf3, 0xf4];

/** Colour of a rank correlation in [-1, 1]: white at 0, blue towards 1, vermillion towards -1. */
export function correlationRgb(rho: number | null): Rgb {
  if (rho === null || !Number.isFinite(rho)) return NO_CORRELATION;
  const [r, g, b] = overWhite(rho >= 0 ? [0, 114, 178] : [213, 94, 0], Math.abs(rho));
  return [Math.round(r), Math.round(g), Math.round(b)];
}

/** What the agreement matrix's colours mean, from -1 to 1 (it had no key). */
function correlationLegend() {
  const stops = [-1, -0.5, 0, 0.5, 1];
  return html`<div class="legend muted" data-testid="agreement-legend" aria-hidden="true">
    Spearman \u03c1
    ${stops.map((rho) => html`<span class="stop"><span class="swatch" style=${`background:${correlationColor(rho)}`}></span>${rho}</span>`)}
    <span class="stop"><span class="swatch" style=${`background:${correlationColor(null)}`}></span>undefined</span>
  </div>`;
}

export function correlationColor(rho: number | null): string {
  if (rho === null || !Number.isFinite(rho)) return "#f1f3f4";
  return `rgb(${correlationRgb(rho).join(", ")})`;
}

/** One other metric's disagreements with the current one, with its ρ and its largest rank jump. */
export interface MetricDisagreement {
  metric: string;
  /** Spearman's ρ with the current metric (null: undefined or not in the matrix) */
  rho: number | null;
  /** the largest change of rank percentile of a label, 0 to 1 */
  jump: number;
  rows: Disagreement[];
}

/**
 * Every other metric's disagreements with `current`, none left out, those
 * that move a label furthest first (ties keep the server's order).
 */
export function disagreementsByJump(data: AgreementResponse, current: string): MetricDisagreement[] {
  const i = data.metrics.indexOf(current);
  const rhoOf = (metric: string) => {
    const rho = data.matrix[i]?.[data.metrics.indexOf(metric)] ?? null;
    return rho !== null && Number.isFinite(rho) ? rho : null;
  };
  // a label whose shown percentiles are equal ("100% -> 100%") did not move for the reader
  const moved = (r: MetricDisagreement["rows"][number]) => Math.round(r.percentile * 100) !== Math.round(r.other_percentile * 100);
  return data.disagreements
    .map((d) => ({ ...d, rows: d.rows.filter(moved), rho: rhoOf(d.metric), jump: Math.max(0, ...d.rows.map((r) => Math.abs(r.percentile - r.other_percentile))) }))
    .sort((a, b) => b.jump - a.jump);
}

/**
 * The paper's views of the metrics: how common each metric's top-K labels
 * are (C(y) on a log axis; its Figure 2), and how much the metrics agree
 * on the order of the filtered labels.
 */
@customElement("tb-bias-paper")
export class PaperViews extends LitElement {
  @property({ attribute: false }) api!: Api;
  @property({ attribute: false }) state!: ResolvedState;
  /** metric id -> readable name */
  @property({ attribute: false }) metricNames: Record<string, string> = {};
  /** how many top labels per metric */
  @state() k: number = 100;
  @state() private counts: TopCountsResponse | null = null;
  @state() private agreement: AgreementResponse | null = null;
  @state() private countsError = "";
  @state() private agreementError = "";
  @state() private loading = false;
  private key = "";
  private readonly countsRequest = new LatestRequest(this);
  private readonly agreementRequest = new LatestRequest(this);
  private readonly size = new WidthController(this, 700);

  static override styles = [
    baseStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 10px;
      }
      h2 {
        margin: 0 0 4px;
      }
      .muted {
        color: var(--muted);
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 12px;
        align-items: baseline;
        justify-content: space-between;
      }
      svg text {
        font-size: 11px;
        fill: var(--fg);
      }
      svg .tick text {
        fill: var(--muted);
        font-size: 10px;
      }
      svg .tick line {
        stroke: var(--border);
      }
      .box {
        fill: rgba(0, 114, 178, 0.18);
        stroke: #0072b2;
      }
      .box.all {
        fill: rgba(118, 118, 118, 0.15);
        stroke: #767676;
      }
      .dot {
        fill: #0072b2;
        opacity: 0.35;
      }
      .median {
        stroke: #1f1f1f;
        stroke-width: 2;
      }
      .current text.name {
        font-weight: 600;
      }
      table.matrix {
        border-collapse: collapse;
        font-size: 11px;
        font-variant-numeric: tabular-nums;
      }
      table.matrix th,
      table.matrix td {
        padding: 2px 4px;
        text-align: center;
        white-space: nowrap;
      }
      table.matrix th[scope="row"] {
        text-align: right;
      }
      table.matrix th.current {
        text-decoration: underline;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 2px 10px;
        align-items: center;
        margin-top: 6px;
        font-size: 11px;
      }
      .legend .stop {
        display: inline-flex;
        align-items: center;
        gap: 3px;
      }
      .legend .swatch {
        width: 14px;
        height: 10px;
        border: 1px solid #dadce0;
      }
      .agreement {
        display: flex;
        flex-wrap: wrap;
        gap: 12px 24px;
        align-items: flex-start;
      }
      .disagree {
        flex: 1 1 18rem;
        min-width: 0;
        font-size: 12px;
      }
      /* every metric, none left out: side by side where there is room */
      .disagree-grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
        gap: 4px 16px;
        margin-top: 4px;
      }
      .disagree ul {
        margin: 2px 0 6px;
        padding-left: 16px;
      }
      .disagree li {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has("state") && !changed.has("api") && !changed.has("k")) return;
    const countsUrl = topCountsUrl(this.state, this.k);
    const agreeUrl = agreementUrl(this.state);
    const key = `${countsUrl}\n${agreeUrl}`;
    if (key === this.key) return;
    this.key = key;
    this.loading = true;
    this.countsRequest.run(
      (signal) => this.api.get<TopCountsResponse>(countsUrl, signal),
      (data) => {
        this.counts = data;
        this.countsError = "";
        this.loading = false;
      },
      (error) => {
        this.countsError = errorMessage(error);
        this.loading = false;
      },
    );
    this.agreementRequest.run(
      (signal) => this.api.get<AgreementResponse>(agreeUrl, signal),
      (data) => {
        this.agreement = data;
        this.agreementError = "";
      },
      (error) => (this.agreementError = errorMessage(error)),
    );
  }

  private name(metric: string): string {
    return this.metricNames[metric] ?? metric;
  }

  private countsChart(data: TopCountsResponse) {
    const width = Math.max(320, this.size.width - 24);
    const plot = width - NAME_WIDTH - MEDIAN_WIDTH - 8;
    const entries = data.metrics;
    let lo = Infinity;
    let hi = 1;
    for (const q of [data.all_counts, ...entries.map((e) => e.quantiles)]) {
      if (!q) continue;
      lo = Math.min(lo, q.min ?? Infinity);
      hi = Math.max(hi, q.max ?? 1);
    }
    const ticks = logTicks(Number.isFinite(lo) ? lo : 1, hi);
    const l0 = ticks[0]!;
    const l1 = ticks[ticks.length - 1]!;
    const x = (c: number) => NAME_WIDTH + logPosition(c, l0, l1, plot);
    const rows = [{ metric: "all", quantiles: data.all_counts, counts: [] as (number | null)[] }, ...entries];
    const height = rows.length * ROW + 22;
    const box = (q: Quantiles | null, yTop: number, all: boolean) =>
      q && q.q1 !== null && q.q3 !== null && q.median !== null
        ? svg`<rect class=${all ? "box all" : "box"} x=${x(q.q1)} y=${yTop + 4} width=${Math.max(1, x(q.q3) - x(q.q1))} height=${ROW - 8}></rect>
            <line class="median" x1=${x(q.median)} x2=${x(q.median)} y1=${yTop + 2} y2=${yTop + ROW - 2}></line>`
        : nothing;
    return html`<svg width=${width} height=${height} role="img" aria-label="C(y) of each metric's top labels, log scale" data-testid="topk-chart">
      <g class="tick">
        ${ticks.map(
          (t) => svg`<line x1=${x(t)} x2=${x(t)} y1="0" y2=${rows.length * ROW}></line>
            <text x=${x(t)} y=${rows.length * ROW + 14} text-anchor="middle">${formatCount(t)}</text>`,
        )}
        <text x=${width - 2} y=${rows.length * ROW + 14} text-anchor="end" data-testid="topk-median-title">median</text>
      </g>
      ${rows.map((row, i) => {
        const yTop = i * ROW;
        const all = row.metric === "all";
        const current = row.metric === this.state.metric;
        return svg`<g class=${current ? "current" : ""} data-testid="topk-row" data-metric=${row.metric} data-median=${row.quantiles?.median ?? ""}>
          <text class="name" x=${NAME_WIDTH - 6} y=${yTop + ROW / 2} dy="0.32em" text-anchor="end"
            >${all ? "all labels" : row.metric}<title>${all ? "every label that passes the filters" : this.name(row.metric)}</title></text
          >
          ${row.counts.map((c) => (c === null ? nothing : svg`<circle class="dot" cx=${x(c)} cy=${yTop + ROW / 2} r="2"></circle>`))}
          ${box(row.quantiles, yTop, all)}
          <text x=${width - 2} y=${yTop + ROW / 2} dy="0.32em" text-anchor="end">${row.quantiles?.median != null ? formatCount(row.quantiles.median) : "\u2014"}</text>
        </g>`;
      })}
    </svg>`;
  }

  private agreementPanel(data: AgreementResponse) {
    const current = this.state.metric;
    return html`<div class="agreement">
      <div>
      <table class="matrix" data-testid="agreement-matrix" aria-label="Spearman rank correlation of the metrics">
        <thead>
          <tr>
            <th></th>
            ${data.metrics.map((m) => html`<th scope="col" class=${m === current ? "current" : ""} title=${this.name(m)}>${m}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${data.metrics.map(
            (a, i) => html`<tr>
              <th scope="row" class=${a === current ? "current" : ""} title=${this.name(a)}>${a}</th>
              ${data.metrics.map((b, j) => {
                const rho = data.matrix[i]?.[j] ?? null;
                return html`<td
                  data-testid="agreement-cell"
                  data-a=${a}
                  data-b=${b}
                  data-rho=${rho ?? ""}
                  style=${`background:${correlationColor(rho)};color:${readableTextOn(correlationRgb(rho))}`}
                  title=${`${this.name(a)} vs ${this.name(b)}: Spearman ${rho === null ? "undefined" : rho.toFixed(3)}`}
                >
                  ${rho === null ? "\u2014" : rho.toFixed(2)}
                </td>`;
              })}
            </tr>`,
          )}
        </tbody>
      </table>
      ${correlationLegend()}
      </div>
      <div class="disagree" data-testid="disagreements">
        <div class="muted">
          Where ${current} disagrees most with each other metric, the largest jumps first (rank percentile under ${current}
          \u2192 under the other metric; \u03c1: Spearman with ${current}):
        </div>
        <div class="disagree-grid">
        ${disagreementsByJump(data, current).map(
          (d) => html`<div data-testid="disagreement-metric" data-metric=${d.metric}>
            <strong title=${this.name(d.metric)}>${d.metric}</strong>
            <span class="muted">\u03c1 ${d.rho === null ? "\u2014" : d.rho.toFixed(2)}</span>
            ${d.rows.length === 0 ? html`<div class="muted" data-testid="disagreement-none">no label moves by a whole percentile</div>` : nothing}
            <ul>
              ${d.rows.slice(0, 3).map(
                (r) => html`<li data-testid="disagreement" title=${r.label}>
                  ${r.label} <span class="muted">${Math.round(r.percentile * 100)}% \u2192 ${Math.round(r.other_percentile * 100)}%</span>
                </li>`,
              )}
            </ul>
          </div>`,
        )}
        </div>
      </div>
    </div>`;
  }

  override render() {
    const s = this.state;
    const by = s.x2 === null ? `value of ${s.x1}` : `gap ${s.x1} \u2212 ${s.x2 === "rest" ? "the rest" : s.x2}`;
    // the answer's table size (no other route): until it comes, every k is offered
    const numLabels = this.counts?.num_labels ?? null;
    const options = topKOptions(numLabels);
    const chosen = topKChoice(this.k, numLabels);
    return html`
      <section class="panel" aria-labelledby="topk-title" data-testid="topk-panel">
        <div class="head">
          <h2 id="topk-title">How common are the top labels of each metric?</h2>
          <label
            >Show
            <select data-testid="topk-k" ?disabled=${options.length < 2}
              @change=${(e: Event) => (this.k = Number((e.target as HTMLSelectElement).value))}>
              ${options.map((o) => html`<option value=${o.value} .selected=${live(o.value === chosen)}>${o.text}</option>`)}
            </select>
            by ${by}</label
          >
        </div>
        <p class="muted" data-testid="topk-words">
          C(y) of ${topKWords(this.counts, this.k, by)}, on a log scale (box: quartiles, bar: median,
          right: median count). Metrics whose top labels are rare (PMI) reward chance co-occurrences; those whose top
          labels are common (demographic parity) miss rare but strongly skewed labels.
        </p>
        ${this.countsError
          ? html`<div class="error" role="alert">${this.countsError}</div>`
          : this.counts
            ? html`<div style=${this.loading ? "opacity:0.6" : ""}>${this.countsChart(this.counts)}</div>`
            : html`<p class="muted">Loading\u2026</p>`}
      </section>
      <section class="panel" aria-labelledby="agreement-title" data-testid="agreement-panel">
        <div class="head">
          <h2 id="agreement-title">Do the metrics agree?</h2>
          <span class="muted" data-testid="agreement-n">${this.agreement ? `Spearman over ${plural(this.agreement.n, "filtered label")}` : ""}</span>
        </div>
        ${this.agreementError
          ? html`<div class="error" role="alert">${this.agreementError}</div>`
          : this.agreement
            ? this.agreementPanel(this.agreement)
            : html`<p class="muted">Loading\u2026</p>`}
      </section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-paper": PaperViews;
  }
}
