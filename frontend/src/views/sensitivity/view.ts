import { html, css, nothing, svg, type PropertyValues, type TemplateResult } from "lit";
import { customElement, state } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import { scaleLinear } from "d3-scale";
import { OKABE_ITO } from "../../charts/colors.js";
import { exampleTextStyles, exampleTextView } from "../../charts/example-text.js";
import { axisFormat, columnFormat, formatCount, formatTicks, formatValue } from "../../charts/format.js";
import { histogramBars } from "../../charts/plots.js";
import { stepSlider } from "../../charts/inputs.js";
import { WidthController } from "../../charts/resize.js";
import { PLAIN_TABLE, SidewaysCue, sidewaysCueStyles, sidewaysTable } from "../../charts/sideways-cue.js";
import { chartAsNumbers } from "../../charts/values-table.js";
import { lineSwatch, type LineStyle } from "../../charts/line-style.js";
import { stepLinePath } from "../../charts/trends.js";
import { routeUrl } from "../../shell/api.js";
import { baseStyles } from "../../charts/theme.js";
import { parseStep } from "../../shell/hash-state.js";
import { LatestRequest } from "../../shell/latest.js";
import { dismissibleNoticeStyles, LinkNotices, runMissing, sameEntries, stepMissing, tagMissing } from "../../shell/link-notices.js";
import { PartFailures } from "../../shell/part-failures.js";
import { requestFailure } from "../../shell/request-failure.js";
import type { RunEntry } from "../../shell/types.js";
import {
  zeroSampleSize,
  describeReasons,
  detailOf,
  exampleFormats,
  examplesHeading,
  noExampleReacts,
  finiteMax,
  heat,
  heatText,
  labelledSteps,
  reasonPhrase,
  rhoUndefinedReason,
  scatterAxis,
  U_RGB,
  V_RGB,
} from "./geometry.js";
import type { Rgb } from "../../charts/colors.js";
import type { Choice, CompareResponse, Example, ExamplesResponse, StatName, StepResponse, StepsResponse } from "./types.js";
import { MeasureViewBase } from "../../shell/view-base.js";
import type { Pick } from "../../shell/picker.js";
import "../../shell/picker.js";

/** Why a feature has no s_i: forward mode differentiates along v's support only (docs/measures/sensitivity.md). */
const NOT_COMPUTED = "not computed: P was taken in forward mode, which differentiates only the features v weights";
/** A feature's mean over the examples: also undefined where every example's P is. */
const NO_MEAN = "no value: forward mode did not differentiate this feature, or no example's P is defined";

/** The view's requests, each failing on its own, and the route each asks. */
type Part = "steps" | "detail" | "examples" | "compare";
const ROUTE: Record<Part, string> = {
  steps: "sensitivity_steps",
  detail: "sensitivity",
  examples: "sensitivity_examples",
  compare: "sensitivity_compare",
};

const STATS: StatName[] = ["mean", "median", "p90", "max", "coverage"];

function colorOf(names: readonly string[], name: string): string {
  const i = names.indexOf(name);
  return OKABE_ITO[(i < 0 ? 0 : i) % OKABE_ITO.length]!;
}

function describeChoice(c: Choice, featureNames: readonly string[]): string {
  if (c.words.length) return `${c.kind}: ${c.words.join(", ")}`;
  if (c.indices.length) return `${c.kind}: ${c.indices.map((i) => featureNames[i] ?? String(i)).join(", ")}`;
  return c.kind || c.name;
}

/** The prediction-sensitivity view: distributions of P per v choice, steps, v comparison, examples. */
/**
 * The steps chart's line of the k-th of n v choices: each thinner than the one drawn before it, so that
 * choices of equal values (coverage 1 for several) show as nested strokes, not as the last one alone:
 * 2 px more each, at most 8 px in all.
 */
export function stepsLineStyle(color: string, k: number, n: number): LineStyle {
  const under = n > 1 ? ((n - 1 - k) / (n - 1)) * Math.min(6, 2 * (n - 1)) : 0;
  return { color, width: 2 + under };
}

@customElement("tb-bias-sensitivity-view")
export class SensitivityView extends MeasureViewBase {

  @state() private run = "";
  @state() private tag = "";
  @state() private step: number | null = null;
  @state() private choiceA = "";
  @state() private choiceB = "";
  @state() private stat: StatName = "mean";
  @state() private source: "top" | "sample" = "top";
  @state() private steps: StepsResponse | null = null;
  @state() private detail: StepResponse | null = null;
  @state() private examples: ExamplesResponse | null = null;
  @state() private compare: CompareResponse | null = null;
  @state() private compareNote = "";
  private readonly size = new WidthController(this, 900);
  private readonly stepsRequest = new LatestRequest(this);
  private readonly detailRequest = new LatestRequest(this);
  private readonly examplesRequest = new LatestRequest(this);
  private readonly compareRequest = new LatestRequest(this);
  private readonly failures = new PartFailures<Part>(this);
  private readonly links = new LinkNotices(this);
  /** the tables say when columns lie past their right edge, as the ranked tables do */
  readonly sidewaysCue = new SidewaysCue(this, PLAIN_TABLE);
  private restored = false;
  private seenEntries: Record<string, string> = {};

  static override styles = [
    baseStyles,
    exampleTextStyles,
    dismissibleNoticeStyles,
    sidewaysCueStyles,
    css`
      :host { padding: 12px 16px; overflow: auto; }
      details.values { margin-top: 4px; }
      details.values summary { cursor: pointer; color: var(--muted); }
      .values-scroll { max-height: 240px; overflow: auto; }
      .values-scroll thead th { position: sticky; top: 0; background: var(--panel, #fff); }
      details.values td, details.values th { padding: 1px 8px; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
      details.values td:first-child, details.values th:first-child { text-align: left; }
      details.values tbody th { font-weight: normal; }
      .example .ex-logged { font-size: 12px; margin-bottom: 3px; }
      .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-bottom: 10px; }
      .controls label { display: inline-flex; gap: 6px; align-items: center; color: var(--muted); }
      .grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; margin-bottom: 12px; }
      section { background: var(--panel); border: 1px solid var(--border); border-radius: 4px; padding: 8px 10px; min-width: 0; margin-bottom: 12px; }
      .grid section { margin-bottom: 0; }
      .muted { color: var(--muted); }
      .note { color: var(--muted); font-size: 12px; margin: 0 0 8px; }
      table.stats { border-collapse: collapse; font-size: 12px; }
      table.stats th, table.stats td { padding: 2px 8px; text-align: right; border-bottom: 1px solid var(--border); white-space: nowrap; }
      table.stats th:first-child, table.stats td:first-child { text-align: left; }
      .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
      svg { display: block; overflow: visible; }
      svg text { font-size: 11px; fill: var(--muted); }
      .hists { display: flex; flex-wrap: wrap; gap: 10px; }
      .hist h4 { margin: 0; font-size: 12px; font-weight: 600; }
      .example { border-top: 1px solid var(--border); padding: 6px 0; }
      .example:first-of-type { border-top: none; }
      .meta { font-size: 12px; color: var(--muted); margin-bottom: 3px; }
      .meta b { color: var(--fg); }
      .strips { display: grid; grid-template-columns: 11rem auto; gap: 2px 8px; align-items: center; overflow-x: auto; }
      .strip-label { font-size: 11px; color: var(--muted); white-space: nowrap; }
      .strip { display: flex; gap: 2px; }
      .tok { padding: 1px 4px; border-radius: 3px; font-family: ui-monospace, monospace; font-size: 12px; white-space: pre; border: 1px solid #e8eaed; min-width: 1.2em; text-align: center; }
      .legend { display: flex; gap: 12px; font-size: 11px; color: var(--muted); margin: 2px 0 6px; flex-wrap: wrap; }
      .feat { display: grid; grid-template-columns: 9rem 1fr max-content; gap: 2px 8px; align-items: center; font-size: 12px; }
      .bar { height: 10px; border-radius: 2px; }
      .bartrack { background: #f1f3f4; border-radius: 2px; }
      .rho { font-size: 15px; font-weight: 600; }
      .empty { color: var(--muted); font-style: italic; }
      .grid.stacked { grid-template-columns: 1fr; }
      tb-bias-description { display: block; margin: -4px 0 8px; }
    `,
  ];

  /** A pasted link or the back button changed our part of the hash (every other write calls back too). */
  protected override onExternalHashChange(): void {
    const entries = this.hash.read();
    // our part as last read or written: another part's change (the shell's, another view's) is none of
    // ours, and a pick whose answer has not come yet (the hash is written then) must not be undone
    if (sameEntries(entries, this.seenEntries)) return;
    this.restore(entries);
    this.fitRunAndTag();
    this.loadAll();
  }

  /** The state a link or a reload holds; each value is checked once the view knows what it shows. */
  private restore(h: Readonly<Record<string, string>>): void {
    this.seenEntries = { ...h };
    this.links.read(h, ["run", "tag", "step", "a", "b", "stat", "source"]);
    this.run = h["run"] ?? "";
    this.tag = h["tag"] ?? "";
    this.step = parseStep(h["step"]);
    this.choiceA = h["a"] ?? "";
    this.choiceB = h["b"] ?? "";
    this.stat = STATS.includes(h["stat"] as StatName) ? (h["stat"] as StatName) : "mean";
    this.source = h["source"] === "sample" ? "sample" : "top";
  }

  /** The run and tag shown: the state's when they exist, else the first; a link's replaced values said. */
  private fitRunAndTag(): void {
    const runs = this.tagRuns;
    if (!runs.some((r) => r.run === this.run)) this.run = runs[0]?.run ?? "";
    const tags = runs.find((r) => r.run === this.run)?.tags ?? [];
    if (!tags.some((t) => t.tag === this.tag)) this.tag = tags[0]?.tag ?? "";
    const { run, tag } = this;
    if (!runs.length) return;
    // first what does not depend on the run, whose replacement drops the link's other values
    this.links.check("stat", this.stat, (asked) => `Statistic \u201c${asked}\u201d is not one of ${STATS.join(", ")}; showing ${this.stat}.`);
    this.links.check("source", this.source, (asked) => `Examples \u201c${asked}\u201d are neither top nor sample; showing ${this.source}.`);
    this.links.check("run", run, (asked) => runMissing(asked, run, "sensitivity record"), true);
    this.links.check("tag", tag, (asked) => tagMissing(run, asked, tag), true);
  }

  private get tagRuns(): RunEntry[] {
    return this.runs.filter((r) => r.tags.length > 0);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("runs")) {
      if (!this.restored && this.hash) {
        this.restored = true;
        this.restore(this.hash.read());
      }
      this.fitRunAndTag();
      this.loadAll();
    }
  }

  /** A link's step, once the steps are known (from the runs listing or the steps route). */
  private checkLinkStep(): void {
    if (this.step !== null) this.links.check("step", this.step, (asked) => stepMissing(asked, this.run, this.tag, "the latest"));
  }

  /** The steps the runs listing names for the shown tag. */
  private listedSteps(): number[] {
    return this.tagRuns.find((r) => r.run === this.run)?.tags.find((t) => t.tag === this.tag)?.steps ?? [];
  }

  /**
   * The steps' series and the step's detail, at once: the runs listing
   * already names the steps, so the detail need not wait for the series.
   */
  private loadAll(): void {
    const listed = this.listedSteps();
    if (listed.length && (this.step === null || !listed.includes(this.step))) this.step = listed[listed.length - 1]!;
    if (listed.length) this.checkLinkStep();
    this.loadSteps();
    if (listed.length) this.loadDetail();
  }

  /** The view's state as hash entries. */
  private hashEntries(): Record<string, string> {
    const entries: Record<string, string> = { run: this.run, tag: this.tag, stat: this.stat };
    if (this.step !== null) entries["step"] = String(this.step);
    if (this.choiceA) entries["a"] = this.choiceA;
    if (this.choiceB) entries["b"] = this.choiceB;
    if (this.source !== "top") entries["source"] = this.source;
    return entries;
  }

  private saveHash(): void {
    if (!this.hash) return;
    this.seenEntries = this.hashEntries();
    try {
      this.hash.write(this.seenEntries, this.historyMode());
    } catch {
      // a parent that refuses history writes: the view still works
    }
  }

  private loadSteps(): void {
    if (!this.run || !this.tag) return;
    this.failures.clear("steps");
    this.stepsRequest.run(
      (signal) => this.api.get<StepsResponse>(routeUrl("sensitivity_steps", { run: this.run, tag: this.tag }), signal),
      (data) => {
        this.steps = data;
        // the pickers name the logged choices even if the step's detail fails (a link's are checked
        // against the step's own, in the detail: these are every step's)
        if (!this.detail) this.fitChoices(data.choices.map((c) => c.name), false);
        if (this.step === null || !data.steps.includes(this.step)) {
          // a step the listing did not know (or no listing): fetch its detail now
          this.step = data.steps[data.steps.length - 1] ?? null;
          this.loadDetail();
        }
        this.checkLinkStep();
      },
      (e) => this.failures.set("steps", e),
    );
  }

  /** Keeps the chosen v choices if logged, else the first informed one against uniform. */
  private fitChoices(names: readonly string[], stepOwn = true): void {
    if (!names.includes(this.choiceA)) this.choiceA = names.find((n) => n !== "uniform") ?? names[0] ?? "";
    if (!names.includes(this.choiceB) || this.choiceB === this.choiceA)
      this.choiceB = names.includes("uniform") && this.choiceA !== "uniform" ? "uniform" : names.find((n) => n !== this.choiceA) ?? "";
    if (!stepOwn) return;
    const missing = (shown: string) => (asked: string) =>
      names.includes(asked)
        ? `The v choice \u201c${asked}\u201d cannot be compared with itself; comparing with ${shown || "none"}.`
        : `The v choice \u201c${asked}\u201d is not logged in this table; showing ${shown || "none"}.`;
    this.links.check("a", this.choiceA, missing(this.choiceA));
    this.links.check("b", this.choiceB, missing(this.choiceB));
  }

  private loadDetail(): void {
    if (this.step === null) return;
    const url = routeUrl("sensitivity", { run: this.run, tag: this.tag, step: this.step });
    this.failures.clear("detail");
    this.detailRequest.run(
      (signal) => this.api.get<StepResponse>(url, signal),
      (detail) => {
        this.detail = detail;
        this.fitChoices(detail.choices.map((c) => c.name));
        this.saveHash();
        this.loadExamples();
        this.loadCompare();
      },
      (e) => {
        // the examples and comparison shown were the previous step's
        this.examples = null;
        this.compare = null;
        this.failures.set("detail", e);
      },
    );
  }

  private loadExamples(): void {
    if (this.step === null || !this.choiceA) return;
    // no limit: the route's default_examples (config.limits) is how many the view lists
    const url = routeUrl("sensitivity_examples", { run: this.run, tag: this.tag, step: this.step, choice: this.choiceA, source: this.source });
    this.failures.clear("examples");
    this.examplesRequest.run(
      (signal) => this.api.get<ExamplesResponse>(url, signal),
      (data) => (this.examples = data),
      (e) => this.failures.set("examples", e),
    );
  }

  /** A part's failure, said where its content would be, with a Retry that asks again; null if it did not fail. */
  private failure(part: Part): TemplateResult | null {
    if (!this.failures.has(part)) return null;
    const retry = { steps: () => this.loadSteps(), detail: () => this.loadDetail(), examples: () => this.loadExamples(), compare: () => this.loadCompare() }[part];
    return requestFailure({ error: this.failures.get(part), request: ROUTE[part], retry });
  }

  private loadCompare(): void {
    this.failures.clear("compare");
    if (this.step === null || !this.choiceA || !this.choiceB) {
      this.compare = null;
      this.compareNote = "Log two or more v choices to compare them.";
      return;
    }
    const url = routeUrl("sensitivity_compare", { run: this.run, tag: this.tag, step: this.step, a: this.choiceA, b: this.choiceB });
    this.compareRequest.run(
      (signal) => this.api.get<CompareResponse>(url, signal),
      (data) => {
        this.compare = data;
        this.compareNote = "";
      },
      (e) => {
        this.compare = null;
        this.failures.set("compare", e);
      },
    );
  }

  // -- controls ------------------------------------------------------------------

  private onPick(pick: Pick): void {
    this.links.dismiss();
    this.navigated();
    if ("run" in pick) {
      this.run = pick.run;
      const t = this.tagRuns.find((r) => r.run === this.run)?.tags ?? [];
      if (!t.some((x) => x.tag === this.tag)) this.tag = t[0]?.tag ?? "";
      this.loadAll();
    } else if ("tag" in pick) {
      this.tag = pick.tag;
      this.loadAll();
    } else if (pick.step !== null) {
      this.step = pick.step;
      this.loadDetail();
    }
  }

  /** A step chosen on the chart: a history entry for a click, in place for the arrow keys' walk. */
  private pickStep(step: number, walk = false): void {
    if (step === this.step) return;
    this.links.dismiss();
    if (!walk) this.navigated();
    this.step = step;
    this.loadDetail();
  }

  private renderControls(): TemplateResult {
    const names = (this.detail ?? this.steps)?.choices.map((c) => c.name) ?? [];
    return html`<div class="controls">
      <tb-bias-picker
        .runs=${this.tagRuns}
        .run=${this.run}
        .tag=${this.tag}
        .step=${this.step}
        .steps=${this.steps?.steps ?? this.listedSteps()}
        @pick=${(e: CustomEvent<Pick>) => this.onPick(e.detail)}
      ></tb-bias-picker>
      <label>v choice <select data-testid="sens-a-select" ?disabled=${names.length === 0} @change=${(e: Event) => { this.links.dismiss(); this.choiceA = (e.target as HTMLSelectElement).value; if (this.choiceB === this.choiceA) this.choiceB = names.find((n) => n !== this.choiceA) ?? ""; this.saveHash(); this.loadExamples(); this.loadCompare(); }}>
        ${names.map((n) => html`<option .value=${n} .selected=${live(n === this.choiceA)}>${n}</option>`)}
      </select></label>
      ${names.length === 1
        ? // one logged choice (P from a file): nothing to compare it with, said rather than an empty dropdown
          html`<span class="muted" data-testid="sens-b-none">compared with: no other v choice logged</span>`
        : html`<label>compared with <select data-testid="sens-b-select" ?disabled=${names.length < 2} @change=${(e: Event) => { this.links.dismiss(); this.choiceB = (e.target as HTMLSelectElement).value; this.saveHash(); this.loadCompare(); }}>
            ${names.filter((n) => n !== this.choiceA).map((n) => html`<option .value=${n} .selected=${live(n === this.choiceB)}>${n}</option>`)}
          </select></label>`}
    </div>`;
  }

  // -- sections --------------------------------------------------------------------

  private renderSummary(d: StepResponse): TemplateResult {
    const names = d.choices.map((c) => c.name);
    const [mean, median, p90, max] = (["mean", "median", "p90", "max"] as const).map((k) => columnFormat(d.choices.map((c) => c[k]), 4));
    return html`<section data-testid="sens-summary">
      <h3 id="sens-summary-title">P per v choice at step ${d.step} <span class="muted">(${formatCount(d.num_examples)} examples)</span></h3>
      ${sidewaysTable(html`<table class="stats" aria-labelledby="sens-summary-title">
        <thead><tr>${["v choice", "mean", "median", "p90", "max", "coverage", "undefined"].map((t) => html`<th scope="col">${t}</th>`)}</tr></thead>
        <tbody>
          ${d.choices.map(
            (c) => html`<tr data-testid="sens-summary-row" data-choice=${c.name} title=${describeChoice(c, d.feature_names)}>
              <th scope="row"><span class="swatch" style="background:${colorOf(names, c.name)}"></span>${c.name}</th>
              <td data-testid="sens-mean">${mean!(c.mean)}</td>
              <td>${median!(c.median)}</td>
              <td>${p90!(c.p90)}</td>
              <td>${max!(c.max)}</td>
              <td>${c.coverage === null ? "\u2014" : `${(c.coverage * 100).toFixed(1)}%`}</td>
              <td class="muted" data-testid="sens-undefined">${this.renderReasons(c.reasons)}</td>
            </tr>`,
          )}
        </tbody>
      </table>`)}
    </section>`;
  }

  private renderReasons(reasons: Readonly<Record<string, number>>): TemplateResult | string {
    const rows = describeReasons(reasons);
    if (rows.length === 0) return "\u2014";
    return html`${rows.map((r, i) => html`${i > 0 ? ", " : ""}<span class="reason" title=${r.code}>${r.phrase}: ${formatCount(r.count)}</span>`)}`;
  }

  private renderHistograms(d: StepResponse): TemplateResult {
    const names = d.choices.map((c) => c.name);
    // as many a row as fit at 230 px, spread evenly over the rows they need (3 + 2, not 4 + 1)
    const fit = Math.max(1, Math.min(d.choices.length, Math.floor((this.size.width - 40) / 230)));
    const rows = Math.max(1, Math.ceil(d.choices.length / fit));
    const perRow = Math.max(1, Math.ceil(d.choices.length / rows));
    const w = Math.max(180, Math.floor((this.size.width - 40) / perRow) - 12);
    const h = 110;
    return html`<section>
      <h3>Distribution of P over examples, step ${d.step}</h3>
      <div class="hists">
        ${d.choices.map((c) => {
          const color = colorOf(names, c.name);
          return html`<div class="hist">
            <h4><span class="swatch" style="background:${color}"></span>${c.name}</h4>
            <svg width=${w} height=${h} data-testid="sens-hist" data-choice=${c.name} role="img" aria-label=${`histogram of P under ${c.name}`}>
              ${this.renderHistogramBody(c, color, w, h)}
            </svg>
          </div>`;
        })}
      </div>
    </section>`;
  }

  /** One v choice's bars, axis and labels; a sample all at 0 is one spike at 0, not bins up to 1. */
  private renderHistogramBody(c: Choice, color: string, w: number, h: number) {
    const m = { l: 34, r: 8, t: 6, b: 20 };
    const axis = svg`<line x1=${m.l} x2=${w - m.r} y1=${h - m.b} y2=${h - m.b} stroke="#9aa0a6"></line>`;
    const zeros = zeroSampleSize(c.max, c.histogram.counts);
    if (zeros !== null) {
      return svg`<rect data-testid="sens-hist-zero" x=${m.l} y=${m.t} width="4" height=${h - m.t - m.b} fill=${color} opacity="0.8"><title>P = 0: ${zeros}</title></rect>
        ${axis}
        <text x=${m.l} y=${h - 6} text-anchor="start">0</text>
        <text x=${(m.l + w - m.r) / 2} y=${(m.t + h - m.b) / 2 + 4} text-anchor="middle" fill="#5f6368">all ${formatCount(zeros)} at P = 0</text>
        <text x=${m.l - 4} y=${m.t + 8} text-anchor="end">${zeros}</text>`;
    }
    const edges = c.histogram.edges.map((e) => e ?? 0);
    const hi = edges[edges.length - 1] ?? 1;
    const x = scaleLinear().domain([0, hi]).range([m.l, w - m.r]);
    const ends = axisFormat([0, hi], 3); // the axis' two ends in one notation
    const maxCount = Math.max(0, ...c.histogram.counts);
    const bars = histogramBars(c.histogram.counts, edges, x, h - m.b, h - m.t - m.b, maxCount);
    const median = c.median;
    return svg`${bars.map((b) => svg`<rect x=${b.x} y=${b.y} width=${b.width} height=${b.height} fill=${color} opacity="0.8"><title>${formatValue(b.low, 4)}–${formatValue(b.high, 4)}: ${b.count}</title></rect>`)}
      ${axis}
      ${median !== null ? svg`<line x1=${x(median)} x2=${x(median)} y1=${m.t} y2=${h - m.b} stroke="#1f1f1f" stroke-dasharray="3,2"><title>median ${formatValue(median, 4)}</title></line>` : nothing}
      ${[0, hi].map((t) => svg`<text x=${x(t)} y=${h - 6} text-anchor=${t === 0 ? "start" : "end"}>${ends(t)}</text>`)}
      <text x=${m.l - 4} y=${m.t + 8} text-anchor="end">${maxCount}</text>`;
  }

  private renderSteps(): TemplateResult {
    const s = this.steps;
    const failure = this.failure("steps");
    if (failure || !s) return html`<section><h3>Over steps</h3>${failure ?? html`<p class="loading" data-testid="loading">Loading\u2026</p>`}</section>`;
    if (s.steps.length === 0) return html`<section><h3>Over steps</h3><p class="empty">No steps.</p></section>`;
    const names = s.choices.map((c) => c.name);
    const w = this.panelWidth();
    const h = 200;
    const m = { l: 46, r: 10, t: 8, b: 26 };
    const values = s.choices.flatMap((c) => c[this.stat]);
    const hi = this.stat === "coverage" ? 1 : finiteMax(values) || 1;
    // the first and last steps' points (up to 6 px wide) clear the y labels and the edge
    const inset = 10;
    const x = (i: number) =>
      s.steps.length === 1 ? (m.l + w - m.r) / 2 : m.l + inset + (i / (s.steps.length - 1)) * (w - m.l - m.r - 2 * inset);
    const y = scaleLinear().domain([0, hi]).nice(4).range([h - m.b, m.t]);
    const yTicks = y.ticks(4);
    const yTexts = formatTicks(yTicks);
    // a step number is about 8 px a digit wide, and wants a gap beside it
    const room = Math.floor((w - m.l - m.r) / (8 * String(s.steps[s.steps.length - 1]).length + 16));
    // as DIPDI's and representation's curves: a point's click or the arrow keys choose the step
    const styles = s.choices.map((c, k) => stepsLineStyle(colorOf(names, c.name), k, s.choices.length));
    const keys = stepSlider(s.steps, this.step, (step) => this.pickStep(step, true), (step) => {
      const i = s.steps.indexOf(step);
      return `step ${step}, ${this.stat}: ${s.choices.map((c) => `${c.name} ${formatValue(c[this.stat][i], 4)}`).join(", ")}`;
    });
    return html`<section data-testid="sens-steps">
      <div class="heading-row"><h3 id="sens-steps-title">Over steps:</h3>
        <select data-testid="sens-stat-select" aria-label="statistic" @change=${(e: Event) => { this.links.dismiss(); this.stat = (e.target as HTMLSelectElement).value as StatName; this.saveHash(); }}>
          ${STATS.map((st) => html`<option .value=${st} .selected=${live(st === this.stat)}>${st}</option>`)}
        </select>
      </div>
      <svg width=${w} height=${h} data-testid="sens-steps-chart" role="slider" tabindex="0"
        aria-label=${`${this.stat} of P per v choice over steps; the arrow keys choose the step`} aria-valuemin=${keys.min}
        aria-valuemax=${keys.max} aria-valuenow=${keys.now} aria-valuetext=${keys.text} @keydown=${keys.keydown}>
        ${yTicks.map((t, i) => svg`<line x1=${m.l} x2=${w - m.r} y1=${y(t)} y2=${y(t)} stroke="#eceff1"></line><text x=${m.l - 4} y=${y(t) + 4} text-anchor="end">${yTexts[i]}</text>`)}
        ${labelledSteps(s.steps.length, room).map((i) => svg`<text data-testid="sens-steps-tick" x=${x(i)} y=${h - 8} text-anchor="middle">${s.steps[i]}</text>`)}
        ${this.step !== null && s.steps.includes(this.step) ? svg`<line x1=${x(s.steps.indexOf(this.step))} x2=${x(s.steps.indexOf(this.step))} y1=${m.t} y2=${h - m.b} stroke="#9aa0a6" stroke-dasharray="2,2"></line>` : nothing}
        ${s.choices.map((c, k) => {
          const { color, width: lineWidth } = styles[k]!;
          const under = lineWidth - 2;
          return svg`<path data-testid="sens-steps-line" data-choice=${c.name} d=${stepLinePath(c[this.stat], s.steps.map((_, i) => x(i)), (v) => y(v))} fill="none" stroke=${color} stroke-width=${lineWidth}></path>
            ${c[this.stat].map((v, i) => (v === null ? nothing : svg`<circle cx=${x(i)} cy=${y(v)} r=${3 + under / 2} fill=${color} style="cursor:pointer"
              data-testid="sens-steps-point" data-step=${s.steps[i]} @click=${() => this.pickStep(s.steps[i]!)}><title>${c.name}, step ${s.steps[i]}: ${formatValue(v, 4)}</title></circle>`))}`;
        })}
      </svg>
      <div class="legend" data-testid="sens-steps-legend">${s.choices.map((c, k) => html`<span>${lineSwatch(styles[k]!)}${c.name}</span>`)}</div>
      <div class="muted" data-testid="sens-steps-axes">click a point, or use the arrow keys, to inspect that step \u00b7 step (x) \u00b7 ${this.stat === "coverage" ? "share of the examples where P is defined" : `${this.stat} of P over the examples`} (y)${s.choices.length > 1 ? "; each line is drawn wider than the next, so equal lines stay visible" : ""}</div>
      ${this.renderStepsValues(s)}
    </section>`;
  }

  /** The steps chart as numbers (the chart is a slider, presentational inside; its points say their values on hover only). */
  private renderStepsValues(s: StepsResponse) {
    const formats = s.choices.map((c) => columnFormat(c[this.stat], 4));
    return chartAsNumbers(
      "sens-steps-values",
      "The chart as numbers",
      html`<table>
        <caption class="visually-hidden">${this.stat} of P per step (rows) and v choice (columns)</caption>
        <thead><tr><th scope="col">step</th>${s.choices.map((c) => html`<th scope="col">${c.name}</th>`)}</tr></thead>
        <tbody>${s.steps.map((step, i) => html`<tr><th scope="row">${step}</th>${s.choices.map((c, k) => html`<td>${formats[k]!(c[this.stat][i])}</td>`)}</tr>`)}</tbody>
      </table>`,
    );
  }

  private renderScatter(): TemplateResult {
    const c = this.compare;
    const w = this.panelWidth();
    const h = 200;
    // the axis names sit outside the plot (above it, below the ticks): no point covers them
    const m = { l: 46, r: 10, t: 22, b: 34 };
    if (!c || this.failures.has("compare")) {
      // the comparison is asked once the step's detail names the choices
      const why = this.failure("compare") ?? (this.failures.has("detail") ? html`<p class="empty">Not shown: ${ROUTE.detail} failed.</p>` : null);
      return html`<section data-testid="sens-scatter-section"><h3>v comparison</h3>${why ?? html`<p class="empty">${this.compareNote || "Loading\u2026"}</p>`}</section>`;
    }
    const ax = scatterAxis(c.points.map((p) => p.a));
    const ay = scatterAxis(c.points.map((p) => p.b));
    const x = scaleLinear().domain(ax.domain).range([m.l, w - m.r]);
    const y = scaleLinear().domain(ay.domain).range([h - m.b, m.t]);
    const why = rhoUndefinedReason(c);
    // an axis' two ends in one notation (0.000 beside 4.00e-4 read as two scales)
    const [xTick, yTick] = [axisFormat(ax.ticks, 3), axisFormat(ay.ticks, 3)];
    return html`<section data-testid="sens-scatter-section">
      <h3>v comparison: P under <b>${c.a}</b> vs <b>${c.b}</b></h3>
      <div>Spearman's ρ = <span class="rho" data-testid="sens-rho">${formatValue(c.rho, 3)}</span>
        ${why ? html`<span class="muted" data-testid="sens-rho-reason">(undefined: ${why})</span>` : nothing}
        <span class="muted">on ${c.n} of the ${c.sampled} sampled examples where both are defined</span></div>
      <svg width=${w} height=${h} data-testid="sens-scatter" role="img" aria-label=${`P under ${c.a} against P under ${c.b}`}>
        <line x1=${m.l} x2=${w - m.r} y1=${h - m.b} y2=${h - m.b} stroke="#9aa0a6"></line>
        <line x1=${m.l} x2=${m.l} y1=${m.t} y2=${h - m.b} stroke="#9aa0a6"></line>
        ${c.points.map((p) => svg`<circle data-testid="sens-point" cx=${x(p.a)} cy=${y(p.b)} r="2.5" fill="#0072B2" fill-opacity="0.5"><title>${p.id}: ${formatValue(p.a, 4)}, ${formatValue(p.b, 4)}</title></circle>`)}
        ${ax.ticks.map((t) => svg`<text data-testid="sens-scatter-x-tick" x=${x(t)} y=${h - m.b + 13} text-anchor=${ax.constant ? "middle" : x(t) <= m.l ? "start" : "end"}>${xTick(t)}</text>`)}
        ${ay.ticks.map((t) => svg`<text data-testid="sens-scatter-y-tick" x=${m.l - 4} y=${y(t) + 4} text-anchor="end">${yTick(t)}</text>`)}
        <text x=${w - m.r} y=${h - 2} text-anchor="end">P under ${c.a} →</text>
        <text data-testid="sens-scatter-y-name" x=${m.l} y=${m.t - 8}>↑ P under ${c.b}</text>
      </svg>
      ${this.renderScatterValues(c)}
    </section>`;
  }

  /** The points' ids and values, which the plot gives only on hover: a table a keyboard or a screen reader reaches. */
  private renderScatterValues(c: CompareResponse) {
    if (!c.points.length) return nothing;
    const byA = [...c.points].sort((p, q) => q.a - p.a);
    const [fa, fb] = [columnFormat(byA.map((p) => p.a), 4), columnFormat(byA.map((p) => p.b), 4)];
    return html`<details class="values" data-testid="sens-scatter-values">
      <summary>The ${c.points.length} points as numbers</summary>
      <div class="sideways"><div class="values-scroll sideways-scroll"><table>
        <caption class="visually-hidden">P under ${c.a} and under ${c.b} of each sampled example, highest P under ${c.a} first</caption>
        <thead><tr><th scope="col">example</th><th scope="col">group</th><th scope="col">P under ${c.a}</th><th scope="col">P under ${c.b}</th></tr></thead>
        <tbody>
          ${byA.map((p) => html`<tr><th scope="row">${p.id}</th><td>${p.group ?? ""}</td><td>${fa(p.a)}</td><td>${fb(p.b)}</td></tr>`)}
        </tbody>
      </table></div></div>
    </details>`;
  }

  private renderExample(ex: Example, d: ExamplesResponse, names: readonly string[], formats: ReturnType<typeof exampleFormats>): TemplateResult {
    const p = ex.P[d.choice] ?? null;
    const meta = html`<div class="meta">
      <b>${ex.id}</b> · P under ${d.choice} = <b data-testid="sens-example-p">${formats.p(d.choice)(p)}</b>
      ${names.filter((n) => n !== d.choice).map((n) => html` · ${n} ${formats.p(n)(ex.P[n] ?? null)}`)}
      ${ex.class_name !== null ? html` · predicted <b>${ex.class_name}</b>${ex.pred_prob !== null ? ` (probability ${formatValue(ex.pred_prob, 3)})` : ""}` : nothing}
      ${ex.group ? html` · group ${ex.group}` : nothing}
      ${ex.reason ? html` · <i title=${ex.reason}>undefined: ${reasonPhrase(ex.reason)}</i>` : nothing}
    </div>${exampleTextView(ex)}`;
    if (d.input === "text") {
      const tokens = ex.tokens ?? [];
      const u = ex.token_sensitivity ?? [];
      const v = ex.token_weight ?? [];
      const uMax = finiteMax(u);
      const vMax = finiteMax(v);
      const strip = (values: readonly (number | null)[], max: number, rgb: Rgb, testid: string, what: string) =>
        html`<div class="strip" data-testid=${testid}>
          ${tokens.map((t, i) => html`<span class="tok" data-value=${String(values[i] ?? "")} style="background:${heat(values[i], max, rgb)};color:${heatText(values[i], max, rgb)}" title=${`${t}: ${what} ${formatValue(values[i] ?? null, 4)}`}>${t}</span>`)}
        </div>`;
      return html`<div class="example" data-testid="sens-example" data-id=${ex.id}>
        ${meta}
        <div class="strips">
          <span class="strip-label">model sensitivity u<sub>t</sub></span>${strip(u, uMax, U_RGB, "sens-strip-u", "u_t")}
          <span class="strip-label">protected weight V<sub>t</sub></span>${strip(v, vMax, V_RGB, "sens-strip-v", "V_t")}
        </div>
      </div>`;
    }
    // P alone (from a file): no s_i to draw, so no empty grid under the example's line
    if (!ex.feature_sensitivity) return html`<div class="example" data-testid="sens-example" data-id=${ex.id}>${meta}</div>`;
    const s = ex.feature_sensitivity;
    const v = ex.feature_weight ?? [];
    const sMax = finiteMax(s);
    return html`<div class="example" data-testid="sens-example" data-id=${ex.id}>
      ${meta}
      <div class="feat" data-testid="sens-example-features">
        ${s.map((value, i) => html`<span title=${value === null ? NOT_COMPUTED : `v = ${formatValue(v[i] ?? null, 3)}`}>${d.feature_names[i] ?? i}${(v[i] ?? 0) > 0 ? html` <span style="color:#D55E00">●</span>` : nothing}</span>
          <div class="bartrack"><div class="bar" style="width:${sMax > 0 && value !== null ? (value / sMax) * 100 : 0}%;background:#0072B2"></div></div>
          <span data-testid="sens-example-feature-value" title=${value === null ? NOT_COMPUTED : nothing}>${formats.feature(value)}</span>`)}
      </div>
    </div>`;
  }

  private renderExampleList(ex: ExamplesResponse, names: readonly string[]): TemplateResult[] {
    const formats = exampleFormats(ex.examples, names);
    return ex.examples.map((e) => this.renderExample(e, ex, names, formats));
  }

  private renderExamples(d: StepResponse): TemplateResult {
    // the answer for what is picked: the one before a switch of choice or source is not read meanwhile
    const ex = this.examples && this.examples.choice === this.choiceA && this.examples.source === this.source ? this.examples : null;
    const names = d.choices.map((c) => c.name);
    return html`<section data-testid="sens-examples">
      <div class="heading-row"><h3><span data-testid="sens-examples-heading">${examplesHeading(this.source, d.top_k, ex?.examples ?? [], this.choiceA)}</span> under <b>${this.choiceA}</b></h3>
        <select data-testid="sens-source-select" aria-label="which examples" @change=${(e: Event) => { this.links.dismiss(); this.source = (e.target as HTMLSelectElement).value as "top" | "sample"; this.saveHash(); this.loadExamples(); }}>
          <option value="top" .selected=${live(this.source === "top")}>top-K</option>
          <option value="sample" .selected=${live(this.source === "sample")}>uniform sample</option>
        </select>
      </div>
      ${d.input === "text"
        ? html`<div class="legend">
            <span><span class="swatch" style="background:rgb(${U_RGB.join(",")})"></span>u<sub>t</sub> = Σ<sub>d</sub> s<sub>t,d</sub>: how much the prediction reacts to the token</span>
            <span><span class="swatch" style="background:rgb(${V_RGB.join(",")})"></span>V<sub>t</sub> = Σ<sub>d</sub> v<sub>t,d</sub>: the protected weight v puts on it</span>
            <span>(shades scale to each example's largest value)</span>
          </div>`
        : detailOf(d, d.choices.find((c) => c.name === this.choiceA)) === "features"
          ? html`<div class="legend"><span>bars: per-feature sensitivity s<sub>i</sub>; <span style="color:#D55E00">●</span> features v weights</span>
              ${d.choices.find((c) => c.name === this.choiceA)?.kind === "proxy_adjusted"
                ? html`<span data-testid="sens-proxy-note">under proxy_adjusted a protected feature's s<sub>i</sub> is its total effect, through the features that stand in for it: large even where the model never reads it</span>`
                : nothing}</div>`
          : nothing}
      ${this.failure("examples") ?? (ex
        ? noExampleReacts(this.source, ex.examples, this.choiceA)
          ? html`<p class="empty" data-testid="sens-examples-none">P is 0 for every example under ${this.choiceA}, so none is listed; the uniform sample shows some.</p>`
          : ex.examples.length
            ? this.renderExampleList(ex, names)
            : html`<p class="empty">No example kept.</p>`
        : html`<p class="loading" data-testid="loading">Loading\u2026</p>`)}
    </section>`;
  }

  private renderBreakdowns(d: StepResponse): TemplateResult {
    const c = d.choices.find((x) => x.name === this.choiceA) ?? d.choices[0];
    if (!c) return html``;
    const features = c.features;
    const fMax = finiteMax((features ?? []).map((f) => f.sensitivity));
    // one notation down each column (columnFormat), as in every table of the view
    const fValue = columnFormat((features ?? []).map((f) => f.sensitivity), 4);
    const fContribution = columnFormat((features ?? []).map((f) => f.contribution), 4);
    const tMean = columnFormat(c.token_types.slice(0, 15).map((t) => t.mean), 4);
    const [gMean, gMedian, gP90] = (["mean", "median", "p90"] as const).map((k) => columnFormat(c.by_group.map((g) => g[k]), 4));
    const kMean = columnFormat(c.by_class.map((k) => k.mean), 4);
    const kRow = columnFormat(c.by_class.map((k) => c.class_rows?.[k.pred_class]?.mean ?? null), 4);
    // P alone has neither per-feature nor per-token detail: its groups take the whole row
    const detail = detailOf(d, c);
    return html`<div class="grid ${this.stacked || detail === null ? "stacked" : ""}">
      <section data-testid="sens-breakdowns">
        <h3>Per group and per predicted class, <b>${c.name}</b></h3>
        ${c.by_group.length
          ? sidewaysTable(html`<table class="stats" data-testid="sens-groups">
              <caption class="visually-hidden">P per group, ${c.name}</caption>
              <thead><tr>${["group", "mean P", "median", "p90", "coverage", "n"].map((t) => html`<th scope="col">${t}</th>`)}</tr></thead>
              <tbody>${c.by_group.map((g) => html`<tr><th scope="row">${g.group}</th><td>${gMean!(g.mean)}</td><td>${gMedian!(g.median)}</td><td>${gP90!(g.p90)}</td><td>${g.coverage === null ? "\u2014" : `${(g.coverage * 100).toFixed(1)}%`}</td><td>${formatCount(g.n)}</td></tr>`)}</tbody>
            </table>`)
          : html`<p class="empty">No groups were logged.</p>`}
        ${c.by_class.length
          ? sidewaysTable(html`<table class="stats" data-testid="sens-classes" style="margin-top:8px">
              <caption class="visually-hidden">P per predicted class, ${c.name}</caption>
              <thead><tr><th scope="col">predicted class</th><th scope="col">mean P</th><th scope="col">n</th><th scope="col" title="the class's row of |J| v, (|J| v)_k, averaged over every example, not only those predicted as the class; two softmax classes have mirror-image rows of J, so their two values are equal">(|J| v)<sub>k</sub>, all examples</th></tr></thead>
              <tbody>${c.by_class.map((k) => html`<tr><th scope="row">${k.class_name ?? k.pred_class}</th><td>${kMean(k.mean)}</td><td>${formatCount(k.n)}</td><td>${kRow(c.class_rows?.[k.pred_class]?.mean ?? null)}</td></tr>`)}</tbody>
            </table>`)
          : nothing}
      </section>
      ${detail === null ? nothing : html`<section>
        ${features
          ? html`<h3>Per feature, <b>${c.name}</b>: mean s<sub>i</sub> (bar and number; in brackets mean s<sub>i</sub>·v<sub>i</sub> where v weights the feature)</h3>
              <div class="feat" data-testid="sens-features">
                ${features.map((f) => html`<span>${f.name}</span>
                  <div class="bartrack"><div class="bar" data-testid="sens-feature-bar" data-value=${f.sensitivity ?? ""}
                    style="width:${fMax > 0 && f.sensitivity !== null ? (f.sensitivity / fMax) * 100 : 0}%;background:#0072B2"></div></div>
                  <span data-testid="sens-feature-value" title=${f.sensitivity === null ? NO_MEAN : `mean s_i ${fValue(f.sensitivity)}; mean contribution s_i·v_i ${fContribution(f.contribution)}`}
                    >${fValue(f.sensitivity)}${(f.contribution ?? 0) > 0
                      ? html` <span class="muted" data-testid="sens-feature-contribution">(·v ${fContribution(f.contribution)})</span>`
                      : nothing}</span>`)}
              </div>`
          : html`<h3>Token types by mean u<sub>t</sub>, <b>${c.name}</b></h3>
              ${c.token_types.length
                ? sidewaysTable(html`<table class="stats" data-testid="sens-token-types">
                    <caption class="visually-hidden">Token types by mean u, ${c.name}</caption>
                    <thead><tr><th scope="col">token</th><th scope="col">mean u<sub>t</sub></th><th scope="col">occurrences</th></tr></thead>
                    <tbody>${c.token_types.slice(0, 15).map((t) => html`<tr><th scope="row">${t.token}</th><td>${tMean(t.mean)}</td><td>${formatCount(t.count)}</td></tr>`)}</tbody>
                  </table>`)
                : html`<p class="empty">No token strings were logged.</p>`}`}
      </section>`}
    </div>`;
  }

  /** The shown step's own description; none until it arrives (the runs listing's is the first step's). */
  private description(): string {
    const d = this.detail;
    return d && d.run === this.run && d.tag === this.tag && d.step === this.step ? (d.description ?? "") : "";
  }

  /** Below this content width the paired panels stack. */
  private get stacked(): boolean {
    return this.size.width < 880;
  }

  /** Inner width of a panel: the whole row when stacked, else half of it (gap 12, padding and border 22). */
  private panelWidth(): number {
    const whole = this.stacked || this.oneChoice();
    return Math.max(240, Math.floor(whole ? this.size.width - 22 : (this.size.width - 12) / 2 - 22));
  }

  /** The step logged one v choice: no comparison panel, the steps chart takes the row. */
  private oneChoice(): boolean {
    return this.detail !== null && this.detail.choices.length < 2;
  }

  override render() {
    if (this.tagRuns.length === 0) return html`<p class="empty">No prediction-sensitivity records in this logdir.</p>`;
    const d = this.detail;
    return html`
      ${this.links.render()}
      ${this.renderControls()}
      <tb-bias-description .text=${this.description()}></tb-bias-description>
      <p class="note" data-testid="sens-note">
        P = wᵀ|J|v: how strongly the predicted probabilities react to the features v weights (lower is fairer);
        each v choice is one logged way of saying which part of the input is protected (a mask of features, a word list...).
        ${d?.note ?? "Compare values only between models that share an input space."}
      </p>
      ${d && !this.failures.has("detail")
        ? html`${this.renderSummary(d)}
            ${this.oneChoice()
              ? // one choice: nothing to compare (the controls say so); the steps take the row
                html`<div class="grid stacked">${this.renderSteps()}</div>`
              : html`<div class="grid ${this.stacked ? "stacked" : ""}">${this.renderSteps()}${this.renderScatter()}</div>`}
            ${this.renderHistograms(d)}
            ${this.renderExamples(d)}
            ${this.renderBreakdowns(d)}`
        : this.failures.has("detail")
          ? html`<section data-testid="sens-summary"><h3>P per v choice at step ${this.step ?? "\u2014"}</h3>${this.failure("detail")}</section>
              <div class="grid ${this.stacked ? "stacked" : ""}">${this.renderSteps()}${this.renderScatter()}</div>`
          : html`<p class="loading" data-testid="loading">Loading\u2026</p>`}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-sensitivity-view": SensitivityView;
  }
}
