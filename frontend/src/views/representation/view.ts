import { css, html, nothing, svg, type PropertyValues, type TemplateResult } from "lit";
import { customElement, state } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { barGeometry } from "../../charts/bars.js";
import { lineColor, NEUTRAL, OKABE_ITO, SELECTED_BACKGROUND, textColor } from "../../charts/colors.js";
import { formatCount, formatTicks, formatValue } from "../../charts/format.js";
import { stepSlider } from "../../charts/inputs.js";
import { lineSwatch, type LineStyle } from "../../charts/line-style.js";
import { polylinePath } from "../../charts/plots.js";
import { WidthController } from "../../charts/resize.js";
import { PLAIN_TABLE, SidewaysCue, sidewaysCueStyles, sidewaysTable } from "../../charts/sideways-cue.js";
import { chartAsNumbers, chartAsNumbersStyles } from "../../charts/values-table.js";
import { routeUrl } from "../../shell/api.js";
import { baseStyles } from "../../charts/theme.js";
import { parseStep } from "../../shell/hash-state.js";
import { LatestRequest } from "../../shell/latest.js";
import { dismissibleNoticeStyles, LinkNotices, runMissing, sameEntries, stepMissing, tagMissing } from "../../shell/link-notices.js";
import { PartFailures } from "../../shell/part-failures.js";
import { requestFailure } from "../../shell/request-failure.js";
import type { RunEntry } from "../../shell/types.js";
import { MeasureViewBase } from "../../shell/view-base.js";
import { stepBandPath } from "../../charts/trends.js";
import { bandEnvelope, biasDomain, integerTicks, onScale, outsideUnit, spreadLabels, valuesDomain } from "./geometry.js";
import { formatFixed } from "../../charts/intervals.js";
import type { Pick } from "../../shell/picker.js";
import "../../shell/picker.js";
import { boundText, flagRemedy, flagText, type CurveResponse, type LayerSummary, type SeriesResponse, type StepResponse } from "./types.js";

const M = { top: 12, right: 16, bottom: 34, left: 52 };
/** How far the B chart's first and last steps stand in from its axis and edge. */
const STEP_INSET = 10;
/** The MINE curve's right margin: its reference lines are named there, off the curves. */
const CURVE_RIGHT = 104;

/** ", from MINE (MINE 0.41, classifier 0.45)" for a point of the series, "" for records before the classifier bound. */
function seriesBounds(l: SeriesResponse["series"][number], i: number): string {
  const bound = l.bound?.[i];
  if (!bound) return "";
  return `, from ${boundText(bound)} (MINE ${formatValue(l.mine_bias?.[i] ?? null)}, classifier ${formatValue(l.classifier_bias?.[i] ?? null)})`;
}
const CHART_HEIGHT = 260;

/** The view's requests, each failing on its own, and the route each asks. */
type Part = "series" | "step" | "curve";
const ROUTE: Record<Part, string> = { series: "representation/series", step: "representation", curve: "representation/curve" };
/** The hash entries a link's notice checks. */
const LINK_KEYS = ["run", "tag", "step", "layer"] as const;

/** A layer's colour, darkened to WCAG's 3:1 on white for thin lines (`lineColor`: orange is 2.2:1). */
function layerColor(layers: readonly string[], layer: string): string {
  const i = layers.indexOf(layer);
  return i < 0 ? NEUTRAL : lineColor(OKABE_ITO[i % OKABE_ITO.length]!);
}

/**
 * The MINE curve's lines. Hue means a layer in both charts, so only the curve
 * that chose the critic (validation) takes its layer's; the other curves are
 * greys, and the reference lines black or grey, told apart by their dashes.
 */
function curveStyles(hue: string): Record<"train" | "heldout" | "validation" | "entropy" | "control" | "classifier", LineStyle> {
  return {
    train: { color: "#9aa0a6", width: 1 },
    heldout: { color: "#5f6368", width: 1.6 },
    validation: { color: hue, width: 2.4, dash: "6 3" },
    entropy: { color: "#202124", width: 1.4, dash: "2 3" },
    control: { color: NEUTRAL, width: 1.4, dash: "6 3" },
    classifier: { color: "#202124", width: 1.4, dash: "9 3 2 3" },
  };
}

export function yTicks(y: ScaleLinear<number, number>, width: number): TemplateResult[] {
  const ticks = y.ticks(6);
  const texts = formatTicks(ticks); // one notation, the decimals the tick step needs: MI near 0.003 read 0.00, 5.00e-4, 1.00e-3
  return ticks.map(
    (t, i) => svg`<g transform="translate(0,${y(t)})">
      <line x1=${M.left} x2=${width - M.right} stroke="#eceff1"></line>
      <text x=${M.left - 6} dy="0.32em" text-anchor="end" class="tick">${texts[i]}</text>
    </g>`,
  );
}

/** Pixels a step label of `digits` digits takes at the axis' 11 px font, with a little room beside it. */
const tickLabelPixels = (digits: number) => 6.6 * digits + 8;

function xTicks(x: ScaleLinear<number, number>, height: number, count: number): TemplateResult[] {
  const d = x.domain() as [number, number];
  const [x0, x1] = x.range() as [number, number];
  const unitsPerPixel = (d[1] - d[0]) / Math.max(1, x1 - x0);
  const room = tickLabelPixels(String(d[1]).length);
  // no more ticks than labels fit side by side (a narrow MINE plot drew 4000 and 5000 touching)
  const fit = Math.max(1, Math.floor((x1 - x0) / (room + 6)));
  return integerTicks(d, Math.min(count, fit), room * unitsPerPixel).map(
    (t) => svg`<g transform="translate(${x(t)},0)">
      <line y1=${height - M.bottom} y2=${height - M.bottom + 4} stroke="#9aa0a6"></line>
      <text y=${height - M.bottom + 16} text-anchor="middle" class="tick">${t}</text>
    </g>`,
  );
}

/**
 * Representation bias: B = I(R;Z)/H(Z) per layer and step for one protected
 * attribute (one tag), the shuffled-Z control band, the layer profile at a
 * step and the MINE curve of a layer. Values are shown as stored: never clipped.
 */
/** What the B per step slider says at a step: each layer's B and its flags ("step 5: conv1 0.021, conv2 0.075 loose"). */
export function layersAtStep(s: SeriesResponse, step: number): string {
  const i = s.steps.indexOf(step);
  const layers = s.series.map((l) => {
    const flags = l.flags[i] ?? [];
    return `${l.layer} ${formatValue(l.bias[i])}${flags.length ? ` ${flags.map(flagText).join(", ")}` : ""}`;
  });
  return `step ${step}: ${layers.join(", ")}`;
}

@customElement("tb-bias-representation-view")
export class RepresentationView extends MeasureViewBase {
  private readonly widthCtl = new WidthController(this, 1000);
  private readonly seriesReq = new LatestRequest(this);
  private readonly stepReq = new LatestRequest(this);
  private readonly curveReq = new LatestRequest(this);
  private readonly failures = new PartFailures<Part>(this);
  private readonly links = new LinkNotices(this);
  private seenEntries: Record<string, string> = {};

  @state() private run = "";
  @state() private tag = "";
  @state() private step: number | null = null;
  @state() private layer = "";
  /** The curve last asked for (its query), so that the series' and the step's answers ask it once. */
  private curveAsked = "";
  @state() private series: SeriesResponse | null = null;
  @state() private detail: StepResponse | null = null;
  @state() private curve: CurveResponse | null = null;

  /** the profile says when columns lie past its right edge, as the ranked tables do */
  readonly sidewaysCue = new SidewaysCue(this, PLAIN_TABLE);

  static override styles = [
    baseStyles,
    dismissibleNoticeStyles,
    sidewaysCueStyles,
    chartAsNumbersStyles,
    css`
      :host {
        overflow: auto;
        padding: 10px;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
        align-items: center;
        margin-bottom: 10px;
      }
      .controls label {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .grid {
        display: grid;
        gap: 10px;
      }
      .grid.two {
        grid-template-columns: 1fr 1fr;
      }
      .summary {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 18px;
        align-items: baseline;
      }
      .counts {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
      }
      .chip {
        border: 1px solid var(--border);
        border-radius: 10px;
        padding: 0 8px;
        background: #f8f9fa;
        white-space: nowrap;
      }
      .flag {
        border-color: #f0d58c;
        background: #fff8e1;
      }
      /* the flags column wraps its chips and reason: at 1000 px nowrap chips pushed it past the edge */
      td.flags {
        min-width: 160px;
      }
      /* a band may go under its word "control", never break inside its brackets */
      td.num .band {
        white-space: normal;
      }
      .nowrap {
        white-space: nowrap;
      }
      td.flags .chip {
        white-space: normal;
        display: inline-block;
        margin-bottom: 2px;
      }
      svg {
        display: block;
        overflow: visible;
      }
      .tick {
        font-size: 11px;
        fill: var(--muted);
      }
      .axis-title {
        font-size: 11px;
        fill: var(--muted);
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 14px;
        margin-top: 4px;
      }
      .legend span::before {
        content: "";
        display: inline-block;
        width: 14px;
        height: 3px;
        margin-right: 4px;
        vertical-align: middle;
        background: var(--swatch);
      }
      .legend .band::before {
        height: 10px;
        opacity: 0.5;
      }
      /* legends of line styles draw each swatch as the line itself */
      .legend.lines span::before {
        content: none;
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: left;
        padding: 4px 8px;
        border-bottom: 1px solid var(--border);
        vertical-align: top;
      }
      th {
        font-weight: 600;
        color: var(--muted);
      }
      th.num {
        text-align: right;
      }
      td.num {
        text-align: right;
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
      }
      tr.selected {
        background: var(--selected);
      }
      tr[data-layer] {
        cursor: pointer;
      }
      /* the row's click, as a button the keyboard reaches: the layer's name, looking like it */
      button.layer-pick {
        font: inherit;
        font-weight: 600;
        background: none;
        border: none;
        padding: 0;
        cursor: pointer;
        text-align: left;
      }
      .bar {
        position: relative;
        height: 12px;
        min-width: 60px;
        background: #f1f3f4;
      }
      .bar i {
        position: absolute;
        top: 0;
        bottom: 0;
      }
      .bar b {
        position: absolute;
        top: -2px;
        bottom: -2px;
        width: 1px;
        background: #5f6368;
      }
      .outside {
        color: var(--danger);
        font-weight: 600;
      }
      .muted {
        color: var(--muted);
      }
      tb-bias-description {
        display: block;
        margin: -4px 0 10px;
      }
    `,
  ];

  override connectedCallback() {
    super.connectedCallback();
    if (this.hash) {
      const h = this.hash.read();
      this.seenEntries = { ...h };
      this.links.read(h, LINK_KEYS);
      this.run = h["run"] ?? this.run;
      this.tag = h["tag"] ?? this.tag;
      this.step = parseStep(h["step"]) ?? this.step;
      this.layer = h["layer"] ?? this.layer;
    }
    this.pickDefaults();
    this.loadSeries();
  }

  /** Every write to the hash (the shell switching views, another view's state) calls back: fetch only when our own part changed. */
  protected override onExternalHashChange(): void {
    const e = this.hash.read();
    // our part as last read or written: a pick whose series has not answered (the hash is written
    // then) is not undone by another part's change
    if (sameEntries(e, this.seenEntries)) return;
    this.seenEntries = { ...e };
    const step = parseStep(e["step"]);
    const run = e["run"] ?? this.run;
    const tag = e["tag"] ?? this.tag;
    const layer = e["layer"] ?? "";
    if (run === this.run && tag === this.tag && step === this.step && (layer === this.layer || layer === "")) return;
    this.links.read(e, LINK_KEYS);
    this.select(run, tag, step, layer);
  }

  /** New runs from the shell (a reload): the run and attribute shown are fitted to them. */
  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("runs")) this.pickDefaults();
  }

  private tagsOf(run: string): string[] {
    return this.runs.find((r) => r.run === run)?.tags.map((t) => t.tag) ?? [];
  }

  private pickDefaults() {
    const runs = this.runs.filter((r) => r.tags.length > 0);
    if (!runs.some((r) => r.run === this.run)) this.run = runs[0]?.run ?? "";
    const tags = this.tagsOf(this.run);
    if (!tags.includes(this.tag)) this.tag = tags[0] ?? "";
    const { run, tag } = this;
    if (runs.length) {
      this.links.check("run", run, (asked) => runMissing(asked, run, "representation record"), true);
      this.links.check("tag", tag, (asked) => tagMissing(run, asked, tag), true);
    }
  }

  /** A link's step (and layer, once the series names the layers), when they are known. */
  private checkLink(layers: readonly string[] | null): void {
    if (this.step !== null) this.links.check("step", this.step, (asked) => stepMissing(asked, this.run, this.tag, "the latest"));
    if (layers) this.links.check("layer", this.layer, (asked) => `Layer \u201c${asked}\u201d is not logged in ${this.run}/${this.tag}; showing ${this.layer || "none"}.`);
  }

  private writeHash() {
    const entries: Record<string, string> = { run: this.run, tag: this.tag };
    if (this.step !== null) entries["step"] = String(this.step);
    if (this.layer) entries["layer"] = this.layer;
    this.seenEntries = entries;
    try {
      this.hash?.write(entries, this.historyMode());
    } catch {
      // a parent that refuses history writes: the view still works
    }
  }

  private select(run: string, tag: string, step: number | null, layer: string) {
    const seriesChanged = run !== this.run || tag !== this.tag;
    this.run = run;
    this.tag = tag;
    this.pickDefaults();
    this.step = step;
    this.layer = layer;
    if (seriesChanged) this.loadSeries();
    else {
      this.fixSelection();
      this.loadDetail();
      this.loadCurve(true); // the curve shown already is not asked again (a pick of what is shown)
    }
  }

  /** The steps the runs listing names for the shown attribute. */
  private listedSteps(): number[] {
    return this.runs.find((r) => r.run === this.run)?.tags.find((t) => t.tag === this.tag)?.steps ?? [];
  }

  private fixSelection() {
    const s = this.series;
    if (!s) return;
    if (this.step === null || !s.steps.includes(this.step)) this.step = s.steps[s.steps.length - 1] ?? null;
    if (!s.layers.includes(this.layer)) this.layer = s.layers[s.layers.length - 1] ?? "";
    this.checkLink(s.layers);
    this.writeHash();
  }

  /**
   * The series, and the step's detail and curve at once: the runs listing
   * names the steps, so the step need not wait for the series (nor fail with it).
   */
  private loadSeries() {
    if (!this.api || !this.run || !this.tag) return;
    const listed = this.listedSteps();
    if (listed.length && (this.step === null || !listed.includes(this.step))) this.step = listed[listed.length - 1]!;
    if (listed.length) this.checkLink(null);
    this.loadDetail();
    this.loadCurve(true);
    this.failures.clear("series");
    this.seriesReq.run(
      (signal) => this.api.get<SeriesResponse>(routeUrl(ROUTE.series, { run: this.run, tag: this.tag }), signal),
      (series) => {
        const step = this.step;
        this.series = series;
        this.fixSelection();
        if (this.step !== step) this.loadDetail();
        this.loadCurve(true);
      },
      (error) => this.failures.set("series", error),
    );
  }

  private loadDetail() {
    if (this.step === null) return;
    this.failures.clear("step");
    this.stepReq.run(
      (signal) => this.api.get<StepResponse>(routeUrl(ROUTE.step, { run: this.run, tag: this.tag, step: this.step! }), signal),
      (detail) => {
        this.detail = detail;
        // the series has not answered and the step lacks the layer (none named, or the last
        // run's): the last, as the series would pick
        if (!this.layerIsLogged() && !this.recordIs(this.series) && detail.layers.length) {
          this.layer = detail.layers[detail.layers.length - 1]!.layer;
          this.writeHash();
        }
        this.loadCurve(true);
      },
      (error) => this.failures.set("step", error),
    );
  }

  /** Whether `answer` is of the shown run and attribute (not left from before a switch). */
  private recordIs(answer: { run: string; tag: string } | null | undefined): boolean {
    return !!answer && answer.run === this.run && answer.tag === this.tag;
  }

  /**
   * Whether the shown record's series or step names the layer: a run or
   * attribute switch keeps the old layer until then (a curve asked for it
   * was a 400 when the new record's layers are named otherwise).
   */
  private layerIsLogged(): boolean {
    const s = this.series;
    const d = this.detail;
    if (!this.layer) return false;
    if (s && this.recordIs(s)) return s.layers.includes(this.layer);
    return !!d && this.recordIs(d) && d.layers.some((l) => l.layer === this.layer);
  }

  /** The curve of the shown step and layer; `onlyIfNew`: not again if that is the curve last asked for. */
  private loadCurve(onlyIfNew = false) {
    if (this.step === null || !this.layerIsLogged()) return;
    const params = { run: this.run, tag: this.tag, step: this.step, layer: this.layer };
    const asked = routeUrl(ROUTE.curve, params);
    if (onlyIfNew && asked === this.curveAsked) return;
    this.curveAsked = asked;
    this.failures.clear("curve");
    this.curveReq.run(
      (signal) => this.api.get<CurveResponse>(routeUrl(ROUTE.curve, params), signal),
      (curve) => (this.curve = curve),
      (error) => this.failures.set("curve", error),
    );
  }

  /**
   * What a panel shows while its part has no answer: the part's failure with
   * a Retry, a pointer to a failure it waits on, or "Loading…".
   */
  private placeholder(part: Part | null, waitsOn: Part | null = null) {
    if (part && this.failures.has(part)) {
      const retry = { series: () => this.loadSeries(), step: () => this.loadDetail(), curve: () => this.loadCurve() }[part];
      return requestFailure({ error: this.failures.get(part), request: ROUTE[part], retry });
    }
    if (waitsOn && this.failures.has(waitsOn)) return html`<p class="muted" data-testid="not-shown">Not shown: ${ROUTE[waitsOn]} failed.</p>`;
    return html`<p class="loading" data-testid="loading">Loading\u2026</p>`;
  }

  private chartWidth(): number {
    const w = this.widthCtl.width - 20;
    return Math.max(320, w >= 1180 ? (w - 10) / 2 - 22 : w - 22);
  }

  override render() {
    const runs = this.runs.filter((r) => r.tags.length > 0);
    if (runs.length === 0) {
      return html`<p class="notice" data-testid="empty-state">
        No representation-bias records yet: log them with <code>summary.Writer(logdir).representation_bias(...)</code> or the
        <code>RepresentationBiasCallback</code>.
      </p>`;
    }
    const two = this.widthCtl.width - 20 >= 1180;
    return html`
      ${this.links.render()}
      ${this.renderControls(runs)}
      <tb-bias-description .text=${this.description()}></tb-bias-description>
      ${this.renderSummary()}
      <div class="grid ${two ? "two" : ""}">
        <section class="panel">${this.renderSeries()}</section>
        <section class="panel">${this.renderCurve()}</section>
      </div>
      <section class="panel" style="margin-top:10px">${this.renderProfile()}</section>
    `;
  }

  /** The shown step's own description; none until it arrives (the runs listing's is the first step's). */
  private description(): string {
    const d = this.detail;
    return d && d.run === this.run && d.tag === this.tag && d.step === this.step ? (d.description ?? "") : "";
  }

  /**
   * A pick in the view: the link's notice, about what the link asked, goes. A history entry each
   * (Back returns to it), but for the arrow keys' walk along the steps, in place.
   */
  private pick(run: string, tag: string, step: number | null, layer: string, walk = false) {
    this.links.dismiss();
    if (!walk) this.navigated();
    this.select(run, tag, step, layer);
  }

  private onPick(pick: Pick) {
    if ("run" in pick) this.pick(pick.run, "", null, this.layer);
    else if ("tag" in pick) this.pick(this.run, pick.tag, this.step, this.layer);
    else if (pick.step !== null) this.pick(this.run, this.tag, pick.step, this.layer);
  }

  private renderControls(runs: RunEntry[]) {
    const s = this.series;
    return html`<div class="controls">
      <tb-bias-picker
        tagLabel="Attribute"
        .runs=${runs}
        .run=${this.run}
        .tag=${this.tag}
        .step=${this.step}
        .steps=${s?.steps ?? this.runs.find((r) => r.run === this.run)?.tags.find((t) => t.tag === this.tag)?.steps ?? []}
        @pick=${(e: CustomEvent<Pick>) => this.onPick(e.detail)}
      ></tb-bias-picker>
      <label
        >Layer
        <select data-testid="repr-layer-select" @change=${(e: Event) => this.pick(this.run, this.tag, this.step, (e.target as HTMLSelectElement).value)}>
          ${(s?.layers ?? this.detail?.layers.map((l) => l.layer) ?? []).map((l) => html`<option .value=${l} .selected=${live(l === this.layer)}>${l}</option>`)}
        </select></label
      >
    </div>`;
  }

  private renderSummary() {
    const d = this.detail;
    if (!d || this.failures.has("step")) return this.placeholder("step");
    const names = d.class_names;
    return html`<div class="panel summary" data-testid="repr-summary" style="margin-bottom:10px">
      <span><strong>${d.attribute}</strong> at step ${d.step}</span>
      <span>H(Z) <strong data-testid="repr-entropy">${formatValue(d.entropy)}</strong> nats</span>
      ${d.train_entropy !== null ? html`<span>training-set H ${formatValue(d.train_entropy)}</span>` : nothing}
      <span>n <strong data-testid="repr-n">${formatCount(d.n)}</strong></span>
      <span class="counts" data-testid="repr-class-counts"
        >${d.class_counts.map((c, i) => html`<span class="chip">${names[i] ?? `class ${i}`}: ${formatCount(c)}</span>`)}</span
      >
      ${d.same_sample ? nothing : html`<span class="notice">layers were measured on different samples: H(Z) and n are the first layer's</span>`}
    </div>`;
  }

  private renderSeries() {
    const s = this.series;
    if (!s || this.failures.has("series")) return html`<h2>B per step</h2>${this.placeholder("series")}`;
    const width = this.chartWidth();
    const height = CHART_HEIGHT;
    const steps = s.steps;
    // the first and last steps stand clear of the y axis and the edge: the shown step's marker sat on the axis
    const x = scaleLinear()
      .domain([steps[0] ?? 0, steps[steps.length - 1] ?? 1])
      .range([M.left + STEP_INSET, width - M.right - STEP_INSET]);
    if (steps.length === 1) x.domain([steps[0]! - 1, steps[0]! + 1]);
    const y = scaleLinear().domain(biasDomain(s.series)).range([height - M.bottom, M.top]);
    const xs = steps.map((st) => x(st));
    const band = bandEnvelope(s.series, steps.length);
    const stepX = this.step !== null ? x(this.step) : null;
    const keys = stepSlider(steps, this.step, (step) => this.pick(this.run, this.tag, step, this.layer, true), (step) => layersAtStep(s, step));
    return html`<h2>B = I(R;Z) / H(Z) per step, one line per layer</h2>
      <svg width=${width} height=${height} data-testid="repr-series-chart" role="slider" tabindex="0"
        aria-label="B per step and layer; the arrow keys choose the step" aria-valuemin=${keys.min} aria-valuemax=${keys.max}
        aria-valuenow=${keys.now} aria-valuetext=${keys.text} @keydown=${keys.keydown}>
        ${yTicks(y, width)} ${xTicks(x, height, 8)}
        <path data-testid="repr-control-band" d=${stepBandPath(band.low, band.high, xs, y)} fill=${NEUTRAL} fill-opacity="0.25"></path>
        ${[0, 1].map(
          (v) => svg`<line x1=${M.left} x2=${width - M.right} y1=${y(v)} y2=${y(v)} stroke="#5f6368" stroke-dasharray="4 3"></line>`,
        )}
        ${stepX !== null ? svg`<line data-testid="repr-step-marker" x1=${stepX} x2=${stepX} y1=${M.top} y2=${height - M.bottom} stroke="#9aa0a6"></line>` : nothing}
        ${s.series.map((l) => {
          const color = layerColor(s.layers, l.layer);
          return svg`<g>
            <path data-testid="repr-series-line" data-layer=${l.layer} d=${polylinePath(l.bias, xs, y)} fill="none" stroke=${color}
              stroke-width=${l.layer === this.layer ? 3 : 1.8} stroke-linecap="round"></path>
            ${l.bias.map((v, i) =>
              v === null
                ? nothing
                : svg`<circle cx=${xs[i]} cy=${y(v)} r=${l.flags[i]?.length ? 4 : 2.5} fill=${l.flags[i]?.length ? "#fff" : color}
                    stroke=${color} stroke-width="1.5" @click=${() => this.pick(this.run, this.tag, steps[i]!, l.layer)}>
                    <title>${l.layer}, step ${steps[i]}: B = ${formatValue(v)}${seriesBounds(l, i)}${l.flags[i]?.length ? ` (${l.flags[i]!.map(flagText).join(", ")})` : ""}</title>
                  </circle>`,
            )}
          </g>`;
        })}
        <text class="axis-title" x=${(M.left + width - M.right) / 2} y=${height - 4} text-anchor="middle">step</text>
        <text class="axis-title" transform="translate(12,${(M.top + height - M.bottom) / 2}) rotate(-90)" text-anchor="middle">B</text>
      </svg>
      <div class="legend" data-testid="repr-series-legend">
        ${s.layers.map((l) => html`<span style="--swatch:${layerColor(s.layers, l)}">${l}</span>`)}
        <span class="band" style="--swatch:${NEUTRAL}">shuffled-Z control band</span>
        <span class="muted">hollow points carry flags; dashed lines at 0 and 1</span>
      </div>
      ${this.renderSeriesValues(s)}`;
  }

  /** The B per step chart as numbers: its only text version (the chart is a slider, presentational inside). */
  private renderSeriesValues(s: SeriesResponse) {
    return chartAsNumbers(
      "repr-series-values",
      "The chart as numbers",
      html`<table>
        <caption class="visually-hidden">B per step (rows) and layer (columns), with each point's flags</caption>
        <thead><tr><th scope="col">step</th>${s.layers.map((l) => html`<th scope="col">${l}</th>`)}</tr></thead>
        <tbody>
          ${s.steps.map(
            (step, i) => html`<tr><th scope="row">${step}</th>${s.series.map((l) => html`<td>${formatValue(l.bias[i])}${l.flags[i]?.length
              ? html`<span class="muted"> (${l.flags[i]!.map(flagText).join(", ")})</span>`
              : nothing}</td>`)}</tr>`,
          )}
        </tbody>
      </table>`,
    );
  }

  private renderCurve() {
    const c = this.curve;
    // without a layer the curve waits for the step's detail to name one
    if (!c || this.failures.has("curve")) return html`<h2>MINE curve</h2>${this.placeholder("curve", this.layer ? null : "step")}`;
    const width = this.chartWidth();
    const height = CHART_HEIGHT;
    const last = Math.max(c.train_steps[c.train_steps.length - 1] ?? 1, c.heldout_steps[c.heldout_steps.length - 1] ?? 1, 1);
    // records before the classifier bound carry MINE's values in the B fields
    const mineControl = c.bound === undefined ? c.control_mutual_information : (c.mine_control_mutual_information ?? null);
    const mineI = c.bound === undefined ? c.mutual_information : (c.mine_mutual_information ?? null);
    const right = width - CURVE_RIGHT;
    const styles = curveStyles(layerColor(this.series?.layers ?? [c.layer], c.layer));
    const x = scaleLinear().domain([0, last]).range([M.left, right]);
    const curves = [c.train_curve, c.heldout_curve, c.validation_curve];
    const references = [mineControl, c.classifier_mutual_information ?? null, 0];
    // H(Z) far above the curves is named at the top, off the scale, so that the curves keep the height
    const entropyOnScale = c.entropy === null || !Number.isFinite(c.entropy) || onScale(valuesDomain(curves, references), c.entropy);
    const y = scaleLinear()
      .domain(valuesDomain(curves, entropyOnScale ? [c.entropy, ...references] : references))
      .range([height - M.bottom, M.top]);
    // the reference lines' names sit in the right margin, moved apart, never over a curve
    const refs = [
      { v: c.entropy, style: styles.entropy, testid: "repr-curve-entropy",
        label: `H(Z) ${formatValue(c.entropy)}${entropyOnScale ? "" : " \u2191"}`, offScale: !entropyOnScale },
      { v: mineControl, style: styles.control, testid: "repr-curve-control", label: `control ${formatFixed(mineControl, 3)}` },
      { v: c.classifier_mutual_information ?? null, style: styles.classifier, testid: "repr-curve-classifier",
        label: `classifier ${formatValue(c.classifier_mutual_information ?? null)}`, offScale: false },
    ].filter((r): r is typeof r & { v: number } => r.v !== null && Number.isFinite(r.v));
    const labelYs = spreadLabels(refs.map((r) => (r.offScale ? M.top : y(r.v))), 12, M.top, height - M.bottom);
    const hline = (r: (typeof refs)[number], i: number) => r.offScale
      ? svg`<g data-testid=${r.testid} data-off-scale="true">
          <text data-testid="repr-curve-ref-label" x=${right + 8} y=${labelYs[i]!} dy="0.32em" text-anchor="start" class="tick" style="fill:${textColor(r.style.color)}">${r.label}</text></g>`
      : svg`<g data-testid=${r.testid}><line x1=${M.left} x2=${right} y1=${y(r.v)} y2=${y(r.v)} stroke=${r.style.color}
          stroke-width=${r.style.width} stroke-dasharray=${r.style.dash ?? "none"}></line>
        <line x1=${right} x2=${right + 6} y1=${y(r.v)} y2=${labelYs[i]!} stroke=${r.style.color}></line>
        <text data-testid="repr-curve-ref-label" x=${right + 8} y=${labelYs[i]!} dy="0.32em" text-anchor="start" class="tick" style="fill:${textColor(r.style.color)}">${r.label}</text></g>`;
    return html`<h2>MINE curve: ${c.layer}, step ${c.step}</h2>
      <svg width=${width} height=${height} data-testid="repr-curve-chart" role="img" aria-label="MINE curve">
        ${yTicks(y, right + M.right)} ${xTicks(x, height, 6)}
        <path data-testid="repr-curve-train" d=${polylinePath(c.train_curve, c.train_steps.map((s) => x(s)), y)} fill="none"
          stroke=${styles.train.color} stroke-width=${styles.train.width}></path>
        <path data-testid="repr-curve-heldout" d=${polylinePath(c.heldout_curve, c.heldout_steps.map((s) => x(s)), y)} fill="none"
          stroke=${styles.heldout.color} stroke-width=${styles.heldout.width}></path>
        <!-- the validation curve tracks the held-out one closely: drawn over it, wider, so both show -->
        <path data-testid="repr-curve-validation" d=${polylinePath(c.validation_curve, c.heldout_steps.map((s) => x(s)), y)} fill="none"
          stroke=${styles.validation.color} stroke-width=${styles.validation.width} stroke-dasharray=${styles.validation.dash!}></path>
        ${c.validation_curve.map((v, i) =>
          v === null
            ? nothing
            : svg`<circle data-testid="repr-curve-validation-point" cx=${x(c.heldout_steps[i]!)} cy=${y(v)} r="2.6" fill=${styles.validation.color}></circle>`,
        )}
        ${refs.map(hline)}
        ${c.best_step > 0
          ? svg`<line data-testid="repr-curve-best" x1=${x(c.best_step)} x2=${x(c.best_step)} y1=${M.top} y2=${height - M.bottom} stroke="#9aa0a6" stroke-dasharray="2 2"></line>`
          : nothing}
        <text class="axis-title" x=${(M.left + right) / 2} y=${height - 4} text-anchor="middle">MINE iteration</text>
        <text class="axis-title" transform="translate(12,${(M.top + height - M.bottom) / 2}) rotate(-90)" text-anchor="middle">DV bound (nats)</text>
      </svg>
      <div class="legend lines" data-testid="repr-curve-legend">
        <span>${lineSwatch(styles.train)}training batch</span>
        <span>${lineSwatch(styles.heldout)}held-out</span>
        <span>${lineSwatch(styles.validation)}validation (chooses the critic; ${c.layer}'s colour)</span>
        <!-- off the scale H(Z) has no line to show: its name stands at the top, marked by the arrow -->
        <span data-testid="repr-curve-entropy-legend">${entropyOnScale ? html`${lineSwatch(styles.entropy)}H(Z)` : "H(Z) \u2191 above the curves (the axis fits them)"}</span>
        <span>${lineSwatch(styles.control)}shuffled-Z control</span>
        ${c.classifier_mutual_information !== null && c.classifier_mutual_information !== undefined
          ? html`<span>${lineSwatch(styles.classifier)}classifier bound (H(Z) − CE)</span>`
          : nothing}
        <span class="muted" data-testid="repr-curve-kept">kept critic (the one of best validation bound) at iteration ${c.best_step}: MINE I = ${formatValue(mineI)} nats;
          B takes ${boundText(c.bound ?? null)}</span>
      </div>`;
  }

  /** One bound's B with its control band; the value of the one B took is bold, not its band. */
  private boundCell(l: LayerSummary, name: "mine" | "classifier") {
    // records before the classifier bound: B was MINE's
    const value = l.bound === undefined ? (name === "mine" ? l.bias : null) : l[`${name}_bias`];
    const low = l.bound === undefined ? (name === "mine" ? l.control_low : null) : l[`${name}_control_low`];
    const high = l.bound === undefined ? (name === "mine" ? l.control_high : null) : l[`${name}_control_high`];
    const taken = (l.bound ?? "mine") === name && l.bias !== null;
    const label = name === "classifier" && l.classifier ? ` (${l.classifier})` : "";
    return html`<td class="num" data-testid=${`repr-profile-${name}`} data-taken=${taken ? "true" : "false"}><span
        data-testid="repr-profile-value" style=${taken ? "font-weight:700" : ""}>${formatValue(value)}</span><span class="muted">${label}</span>
      ${low !== null && high !== null ? html`<br /><span class="muted band">control <span class="nowrap">[${formatFixed(low, 3)}, ${formatFixed(high, 3)}]</span></span>` : nothing}</td>`;
  }

  private renderProfile() {
    const d = this.detail;
    if (!d || this.failures.has("step")) return html`<h2>Layer profile</h2>${this.placeholder(null, "step")}`;
    const domain = biasDomain(
      d.layers.map((l) => ({ layer: l.layer, bias: [l.bias], mutual_information: [], control_bias: [], control_low: [l.control_low], control_high: [l.control_high], flags: [] })),
    );
    const layers = this.series?.layers ?? d.layers.map((l) => l.layer);
    const pos = (v: number) => barGeometry(v, domain)?.left ?? 0;
    return html`<h2 id="profile-title">Layer profile at step ${d.step}</h2>
      ${sidewaysTable(html`<table data-testid="repr-profile-table" aria-labelledby="profile-title">
        <thead>
          <tr>
            <th scope="col">layer</th>
            <th scope="col" style="width:16%">B (bar; grey tick: control)</th>
            <th scope="col" class="num" title="the larger of the two held-out lower bounds">B</th>
            <th scope="col" class="num" title="MINE's Donsker-Varadhan bound, as B = I/H(Z)">B (MINE)</th>
            <th scope="col" class="num" title="the classifier's Barber-Agakov bound H(Z) − CE, as B = I/H(Z)">B (classifier)</th>
            <th scope="col" class="num">control B (band)</th>
            <th scope="col">flags</th>
          </tr>
        </thead>
        <tbody>
          ${d.layers.map((l) => {
            const g = barGeometry(l.bias, domain);
            const color = layerColor(layers, l.layer);
            return html`<tr
              data-testid="repr-profile-row"
              data-layer=${l.layer}
              class=${l.layer === this.layer ? "selected" : ""}
              aria-current=${l.layer === this.layer ? "true" : nothing}
              @click=${() => this.pick(this.run, this.tag, this.step, l.layer)}
            >
              <th scope="row"><button type="button" class="layer-pick" data-testid="repr-profile-pick"
                style="color:${textColor(color, 4.5, SELECTED_BACKGROUND)}" aria-label=${`Show the MINE curve of ${l.layer}`}>${l.layer}</button></th>
              <td>
                <div class="bar">
                  ${g ? html`<i style="left:${g.left}%;width:${g.width}%;background:${color}"></i>` : nothing}
                  ${l.control_bias !== null ? html`<b style="left:${pos(l.control_bias)}%"></b>` : nothing}
                </div>
              </td>
              <td class="num ${outsideUnit(l.bias) ? "outside" : ""}" title=${`I = ${formatValue(l.mutual_information)} nats`}>
                <span data-testid="repr-profile-bias">${formatValue(l.bias)}</span><br />
                <span class="muted" data-testid="repr-profile-bound">${boundText(l.bound, l.classifier)}</span></td>
              ${this.boundCell(l, "mine")}
              ${this.boundCell(l, "classifier")}
              <td class="num" data-testid="repr-profile-control">
                ${formatFixed(l.control_bias, 3)}
                <span class="muted band"><span class="nowrap">[${formatFixed(l.control_low, 3)}, ${formatFixed(l.control_high, 3)}]</span></span>
              </td>
              <td class="flags">
                ${l.flags.map((f) => html`<span class="chip flag" data-testid="repr-flag" data-flag=${f} title=${flagRemedy(f)}>${flagText(f)}</span> `)}
                ${l.reason ? html`<span class="chip" data-testid="repr-reason">undefined: ${l.reason}</span>` : nothing}
                ${l.loose_reason ? html`<div class="muted" data-testid="repr-loose-reason">${l.loose_reason}</div>` : nothing}
              </td>
            </tr>`;
          })}
        </tbody>
      </table>`)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-representation-view": RepresentationView;
  }
}
