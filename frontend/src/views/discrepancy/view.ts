import { html, css, nothing, svg, unsafeCSS, type PropertyValues } from "lit";
import { customElement, state } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import { scaleLinear } from "d3-scale";
import { OKABE_ITO, NEUTRAL } from "../../charts/colors.js";
import { exampleTextStyles, exampleTextView, hasExampleText } from "../../charts/example-text.js";
import { columnFormat, distinctDigits, formatCount, formatSigned, formatTicks, formatValue, plural } from "../../charts/format.js";
import { stepSlider } from "../../charts/inputs.js";
import { histogramBars } from "../../charts/plots.js";
import { WidthController } from "../../charts/resize.js";
import { PLAIN_TABLE, SidewaysCue, sidewaysCueStyles } from "../../charts/sideways-cue.js";
import { baseStyles } from "../../charts/theme.js";
import { tableStyles } from "../../charts/table-styles.js";
import { ApiError, errorMessage, routeUrl } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import { dismissibleNoticeStyles, LinkNotices, runMissing, sameEntries, stepMissing, tagMissing } from "../../shell/link-notices.js";
import { PartFailures } from "../../shell/part-failures.js";
import { requestFailure } from "../../shell/request-failure.js";
import type { RunEntry } from "../../shell/types.js";
import { compareVerdict, DIPDI_DIGITS, matrixFootnote, meanOver } from "./replicates.js";
import { groupBars, heatColor, isUsed, logLegend, logPosition, matrixLayout, modelLabel, outputText, stepChart, usedPairsWords, usesEveryPair } from "./geometry.js";
import {
  configPairings,
  comparableRuns,
  decodeState,
  encodeState,
  fitStep,
  fitToRuns,
  pairingAllowed,
  pairingWords,
  roles,
  sameState,
  type DipdiState,
  type Pairing,
} from "./state.js";
import type { CompareResponse, ExamplesResponse, StepResponse, StepsResponse, Summary } from "./types.js";
import { MeasureViewBase } from "../../shell/view-base.js";
import type { Pick } from "../../shell/picker.js";
import "../../shell/picker.js";

const CHART_H = 220;
/** x where the curve's plot starts: its y tick labels end 6 px left of it. */
const CURVE_LEFT = 40;

/**
 * A point's significance mark, above it: centred, except where centring
 * would put it over the y axis's tick labels (a point at the first step):
 * there it starts just left of the point.
 */
function starMark(x: number, y: number, stars: string) {
  const half = stars.length * 4; // a bold 13 px "*" is about 8 px wide
  const start = x - half < CURVE_LEFT;
  return svg`<text class="star" x=${start ? x - 2 : x} y=${y - 9} text-anchor=${start ? "start" : "middle"} data-testid="dipdi-star">${stars}</text>`;
}
/** Width of the mean-discrepancy column beside the curve: its table unwrapped. */
const MEANS_REM = 25;
/** Below this width the curve and the means stack. */
const STACK_BELOW = 1100;
/** Below this width (a 1000 px window at 200% zoom) the matrix and the subgroups stack too: side by side, the matrix scrolled sideways. */
const STACK_ALL_BELOW = 700;
/** Top examples shown before "Show all". */
const TOP_SHOWN = 15;

/** Whether the server refused the `replicate` asked for (one the record does not hold). */
function refusesReplicate(e: unknown): boolean {
  return e instanceof ApiError && e.status === 400 && e.message.includes("'replicate'");
}

/** The view's requests, each failing on its own: one failure leaves the others' panels shown. */
type Part = "steps" | "detail" | "examples" | "compare";
/** The hash entries a link's notice checks (`checkLink`). */
const LINK_KEYS = ["run", "tag", "step", "run2", "dev", "pairing", "replicate"] as const;
/** The route each part asks, named when it fails. */
const ROUTE: Record<Part, string> = {
  steps: "discrepancy_steps",
  detail: "discrepancy",
  examples: "discrepancy_examples",
  compare: "discrepancy_compare",
};

/** `confidence`: the config's bootstrap_confidence (null: not given). */
function bandLabel(s: Summary, confidence: number | null): string {
  const u = s.uncertainty;
  if (u.kind === "replicates") return `mean ± sd of ${plural(u.replicates, "replicate")}`;
  const level = confidence === null ? "" : ` ${Math.round(confidence * 100)}%`;
  if (u.kind === "bootstrap") return `bootstrap${level} CI (${u.covers ?? "test-set sampling only"})`;
  return "no interval";
}

/** The DIPDI view: curve across steps, matrix, subgroups, examples, and development vs deployment. */
/** What the DIPDI curve's slider says at a step: "step 10, DIPDI 3.226 (p < 0.01)". */
export function dipdiAtStep(steps: readonly Summary[], step: number): string {
  const s = steps.find((x) => x.step === step);
  if (!s) return `step ${step}`;
  const stars = s.uncertainty.stars ?? "";
  const p = stars === "**" ? " (p < 0.01)" : stars === "*" ? " (p < 0.05)" : "";
  return `step ${step}, DIPDI ${formatValue(s.dipdi, DIPDI_DIGITS)}${p}`;
}

@customElement("tb-bias-discrepancy-view")
export class DiscrepancyView extends MeasureViewBase {

  @state() private run = "";
  @state() private tag = "";
  @state() private step: number | null = null;
  @state() private run2 = "";
  /** null: as logged */
  @state() private pairing: Pairing | null = null;
  /** the run the user named development (null: not named) */
  @state() private dev: string | null = null;
  /** the replicate id shown; null: the record's first */
  @state() private replicate: number | null = null;
  /** `replicate` came from a link and is not yet known to be one of the step's (`loadDetail`) */
  private replicateUnchecked = false;
  @state() private steps: StepsResponse | null = null;
  @state() private detail: StepResponse | null = null;
  @state() private examples: ExamplesResponse | null = null;
  @state() private compare: CompareResponse | null = null;
  private readonly size = new WidthController(this, 900);
  /** every kept top example, not only the first TOP_SHOWN */
  @state() private showAllTop = false;
  private readonly stepsRequest = new LatestRequest(this);
  private readonly detailRequest = new LatestRequest(this);
  private readonly examplesRequest = new LatestRequest(this);
  private readonly failures = new PartFailures<Part>(this);
  private readonly compareRequest = new LatestRequest(this);
  private readonly links = new LinkNotices(this);
  /** the "as numbers" tables say when columns lie past their right edge, as the ranked tables do */
  readonly sidewaysCue = new SidewaysCue(this, PLAIN_TABLE);
  private stateRead = false;

  static override styles = [
    baseStyles,
    tableStyles,
    sidewaysCueStyles,
    exampleTextStyles,
    dismissibleNoticeStyles,
    css`
      :host { padding: 12px 16px; }
      .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-bottom: 10px; }
      .controls label { display: inline-flex; gap: 6px; align-items: center; color: var(--muted); }
      .grid { display: grid; grid-template-columns: minmax(0, 1fr) ${unsafeCSS(MEANS_REM)}rem; gap: 16px; }
      .grid2 { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; margin-top: 16px; }
      section { background: var(--panel); border: 1px solid var(--border); border-radius: 4px; padding: 8px 10px; min-width: 0; }
      .muted { color: var(--muted); }
      .means td, .means th { padding: 2px 6px; text-align: right; white-space: nowrap; }
      /* pool names are the user's: a long one wraps in its header rather than cut the column off */
      .means th.pool { white-space: normal; overflow-wrap: anywhere; vertical-align: bottom; }
      .means th:first-child, .means td:first-child { text-align: left; }
      svg { display: block; overflow: visible; }
      svg text { font-size: 11px; fill: var(--muted); }
      .star { fill: #a4262c; font-weight: 700; font-size: 13px; }
      table.top { border-collapse: collapse; width: 100%; font-size: 12px; }
      table.top th, table.top td { padding: 2px 6px; border-bottom: 1px solid var(--border); text-align: right; white-space: nowrap; }
      table.top th:first-child, table.top td:first-child, table.top td.group { text-align: left; }
      table.top th.logged, table.top td.logged { text-align: left; min-width: 10rem; max-width: 22rem; }
      .scroll { overflow-x: auto; }
      details.values { margin-top: 6px; }
      details.values summary { cursor: pointer; color: var(--muted); }
      details.values td, details.values th { padding: 1px 6px; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
      /* every kept example can be many: they scroll inside the panel */
      .top-rows { max-height: 40rem; overflow-y: auto; }
      .heading-row button { font-weight: 400; font-size: 12px; }
      .delta { font-size: 16px; font-weight: 600; }
      .rising { color: #a4262c; }
      tb-bias-description { display: block; margin: -4px 0 10px; }
      .intro { margin: 0 0 10px; font-size: 12px; max-width: 70rem; }
      @media (max-width: ${unsafeCSS(STACK_BELOW)}px) { .grid, .grid2.examples { grid-template-columns: 1fr; } }
      @media (max-width: ${unsafeCSS(STACK_ALL_BELOW)}px) { .grid2 { grid-template-columns: 1fr; } }
    `,
  ];

  /** A pasted link or the back button changed our part of the hash. */
  protected override onExternalHashChange(): void {
    const entries = this.hash.read();
    if (sameEntries(entries, encodeState(this.current))) return; // our own write, or another view's
    this.links.read(entries, LINK_KEYS);
    const next = fitToRuns(decodeState(entries, this.pairings), this.tagRuns);
    this.replicateUnchecked = next.replicate !== null;
    if (!sameState(next, this.current)) return this.apply(next, false);
    // a link whose bad values fit to what is shown: said, and the hash holds what is shown again
    this.checkLink();
    this.writeHash();
  }

  private get current(): DipdiState {
    return { run: this.run || null, tag: this.tag || null, step: this.step, run2: this.run2 || null, pairing: this.pairing, dev: this.dev, replicate: this.replicate };
  }

  /** Takes a (fitted) state and fetches what it changed. */
  private apply(next: DipdiState, reloadAll: boolean): void {
    const before = this.current;
    this.run = next.run ?? "";
    this.tag = next.tag ?? "";
    this.step = next.step;
    this.run2 = next.run2 ?? "";
    this.pairing = next.pairing;
    this.dev = next.dev;
    this.replicate = next.replicate;
    // the runs listing names the steps: the step is fitted here, so the
    // detail does not wait for the steps' summaries (no request chain)
    const listed = this.tagRuns.find((r) => r.run === this.run)?.tags.find((t) => t.tag === this.tag)?.steps ?? [];
    if (listed.length) this.step = fitStep(this.step, listed);
    this.checkLink();
    const tableChanged = reloadAll || next.run !== before.run || next.tag !== before.tag || next.pairing !== before.pairing;
    if (tableChanged) this.loadSteps();
    if (tableChanged || this.step !== before.step) {
      this.loadStep();
      this.loadCompare();
    } else if (next.replicate !== before.replicate) {
      this.loadStep();
    } else if (next.run2 !== before.run2 || next.dev !== before.dev) {
      this.loadCompare();
    }
    this.writeHash();
  }

  /** A link's run, table, step, comparison run, development run or pairing the logdir lacks, said (each once). */
  private checkLink(): void {
    if (!this.tagRuns.length) return; // the runs are not listed yet
    const { run, tag } = this;
    // the pairing first: it does not depend on the run, whose replacement drops the link's other values
    this.links.check("pairing", this.pairing, (asked) => `Pairing \u201c${asked}\u201d is not one of ${this.pairings.map(pairingWords).join(", ")}; showing the logged pairing.`);
    this.links.check("run", run, (asked) => runMissing(asked, run, "DIPDI record"), true);
    this.links.check("tag", tag, (asked) => tagMissing(run, asked, tag), true);
    if (this.step !== null) this.links.check("step", this.step, (asked) => stepMissing(asked, run, tag, "the first logged"));
    this.links.check("run2", this.run2, (asked) => `Run \u201c${asked}\u201d cannot be compared with ${run}/${tag} here (no such table with the same discrepancy); comparing with ${this.run2 || "no other run"}.`);
    // fitToRuns drops a development run that is neither of the two
    this.links.check("dev", this.dev, (asked) => `The link names run \u201c${asked}\u201d as development, but it is not one of the two compared; the runs' names decide which is.`);
  }

  private writeHash(): void {
    // after the render that this change causes, as TensorBoard reacts to
    // the hash synchronously
    queueMicrotask(() => {
      if (this.isConnected) this.hash?.write(encodeState(this.current), this.historyMode());
    });
  }

  private get tagRuns(): RunEntry[] {
    return this.runs.filter((r) => r.tags.length > 0);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has("runs") && !changed.has("hash")) return;
    let next = this.current;
    if (!this.stateRead && this.hash) {
      this.stateRead = true;
      const entries = this.hash.read();
      this.links.read(entries, LINK_KEYS);
      next = decodeState(entries, this.pairings);
      this.replicateUnchecked = next.replicate !== null;
    }
    this.apply(fitToRuns(next, this.tagRuns), changed.has("runs"));
  }

  private get pairingParam(): string | undefined {
    return this.pairing ?? undefined;
  }

  private loadSteps(): void {
    if (!this.run || !this.tag) return;
    this.failures.clear("steps");
    this.stepsRequest.run(
      (signal) =>
        this.api.get<StepsResponse>(routeUrl("discrepancy_steps", { run: this.run, tag: this.tag, pairing: this.pairingParam }), signal),
      (data) => {
        this.steps = data;
        const step = fitStep(this.step, data.steps.map((s) => s.step));
        this.links.check("step", step, (asked) => stepMissing(asked, this.run, this.tag, "the first logged"));
        if (step !== this.step) {
          // a step the listing did not know (logged since): fetch its detail
          this.step = step;
          this.writeHash();
          this.loadStep();
          this.loadCompare();
        }
      },
      (e) => {
        if (this.pairing !== null) {
          // e.g. a link asking for `paired` on a run logged with odd pools:
          // fall back to the logged pairing once
          this.links.say(`Pairing \u201c${pairingWords(this.pairing)}\u201d was refused (${errorMessage(e)}); showing the logged pairing.`);
          this.pairing = null;
          this.writeHash();
          this.loadSteps();
          this.loadStep();
          this.loadCompare();
          return;
        }
        this.failures.set("steps", e);
      },
    );
  }

  /** The step's matrix and subgroups, and its examples: asked apart, so either shows if the other fails. */
  private loadStep(): void {
    this.loadDetail();
    this.loadExamples();
  }

  private loadDetail(): void {
    if (this.step === null) return;
    // a link's replicate is looked for among the step's own first (an unknown one would be a 400 in the console)
    const unchecked = this.replicateUnchecked && this.replicate !== null;
    const url = routeUrl("discrepancy", { run: this.run, tag: this.tag, step: this.step, replicate: unchecked ? undefined : this.replicate, pairing: this.pairingParam });
    this.failures.clear("detail");
    this.detailRequest.run(
      (signal) => this.api.get<StepResponse>(url, signal),
      (detail) => {
        if (unchecked) {
          this.replicateUnchecked = false;
          const ids = detail.replicates?.map((r) => r.replicate) ?? [detail.replicate];
          if (this.replicate !== null && ids.includes(this.replicate)) return this.loadStep(); // now asked for
          this.replicate = null;
          this.writeHash();
          this.loadExamples(); // it waited for the check
        }
        this.links.check("replicate", detail.replicate, (asked) => `Replicate ${asked} is not logged at step ${detail.step} of ${this.run}/${this.tag}; showing replicate ${detail.replicate}.`);
        this.detail = detail;
      },
      (e) => {
        if (unchecked) {
          // no detail to check it against: the examples ask for it, and the route's own check stands
          this.replicateUnchecked = false;
          this.loadExamples();
        }
        if (!this.replicateRefused(e)) this.failures.set("detail", e);
      },
    );
  }

  /**
   * A replicate this step lacks (one picked at another step whose replicates differ) falls back to the
   * record's first, said: the error would hide the whole matrix.
   */
  private replicateRefused(e: unknown): boolean {
    if (this.replicate === null || !refusesReplicate(e)) return false;
    this.links.say(`Replicate ${this.replicate} is not logged at step ${this.step} of ${this.run}/${this.tag}; showing the first replicate.`);
    this.replicate = null;
    this.writeHash();
    this.loadStep();
    return true;
  }

  private loadExamples(): void {
    if (this.step === null) return;
    // the excess e_k was computed when logging, with the logged pairing
    if (this.replicateUnchecked && this.replicate !== null) return; // asked once the detail has checked it
    const url = routeUrl("discrepancy_examples", { run: this.run, tag: this.tag, step: this.step, replicate: this.replicate, limit: this.showAllTop ? this.maxTop : TOP_SHOWN });
    this.failures.clear("examples");
    this.examplesRequest.run(
      (signal) => this.api.get<ExamplesResponse>(url, signal),
      (examples) => (this.examples = examples),
      // a refused replicate is said, and both parts asked again (the other part's request, then stale, is dropped)
      (e) => {
        if (!this.replicateRefused(e)) this.failures.set("examples", e);
      },
    );
  }

  /** The pairings the route's config serves (the pairing picker's options, and a link's are checked against them). */
  private get pairings(): string[] {
    return configPairings(this.config);
  }

  /** A number of the config's `limits`, which the server also applies; null when the config lacks it. */
  private limit(key: "max_top" | "min_group_n" | "min_replicates_for_stars" | "bootstrap_confidence"): number | null {
    const value = (this.config as { limits?: Record<string, unknown> } | null)?.limits?.[key];
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }

  /** The most top examples the route gives at once (its config's max_top). */
  private get maxTop(): number {
    const max = this.limit("max_top");
    return max !== null && max >= TOP_SHOWN ? max : 1000;
  }

  private toggleAllTop(): void {
    this.showAllTop = !this.showAllTop;
    this.loadExamples();
  }

  /**
   * What a panel shows while its part has no answer: the part's failure
   * (in the second panel of a part, a pointer to it) or "Loading…".
   */
  private placeholder(part: Part, heading: string | null, second = false) {
    const title = heading ? html`<h3>${heading}</h3>` : nothing;
    if (!this.failures.has(part)) return html`${title}<p class="muted" data-testid="loading">Loading…</p>`;
    if (second) return html`${title}<p class="muted" data-testid="not-shown">Not shown: ${ROUTE[part]} failed.</p>`;
    const retry = { steps: () => this.loadSteps(), detail: () => this.loadDetail(), examples: () => this.loadExamples(), compare: () => this.loadCompare() }[part];
    return html`${title}${requestFailure({ error: this.failures.get(part), request: ROUTE[part], retry })}`;
  }

  /** Whether a part's panels show its failure instead of (maybe older) content. */
  private failed(part: Part): boolean {
    return this.failures.has(part);
  }

  private loadCompare(): void {
    this.failures.clear("compare");
    if (!this.run2 || this.step === null) {
      this.compare = null;
      return;
    }
    // ΔDIPDI is deployment minus development, whichever run is shown
    const { development, deployment } = roles(this.run, this.run2, this.dev);
    const url = routeUrl("discrepancy_compare", { run: development, tag: this.tag, step: this.step, run2: deployment, step2: this.step, pairing: this.pairingParam });
    this.compareRequest.run(
      (signal) => this.api.get<CompareResponse>(url, signal),
      (data) => (this.compare = data),
      (e) => {
        this.compare = null;
        this.failures.set("compare", e);
      },
    );
  }

  private select(kind: "run" | "tag" | "step" | "run2" | "pairing" | "dev" | "replicate", value: string): void {
    this.links.dismiss();
    const cur = this.current;
    let next: DipdiState;
    if (kind === "run") {
      // the run's first tag; never compare a run with itself; another record's replicates differ
      next = { ...cur, run: value, tag: null, run2: cur.run2 === value ? null : cur.run2, replicate: null };
      this.replicateUnchecked = false;
    } else if (kind === "tag") {
      next = { ...cur, tag: value, replicate: null };
      this.replicateUnchecked = false;
    } else if (kind === "replicate") {
      this.replicateUnchecked = false; // one of the shown step's
      next = { ...cur, replicate: Number(value) };
    } else if (kind === "step") {
      next = { ...cur, step: Number(value) };
    } else if (kind === "run2") {
      next = { ...cur, run2: value };
    } else if (kind === "dev") {
      next = { ...cur, dev: value };
    } else {
      next = { ...cur, pairing: this.pairings.includes(value) ? value : null };
    }
    this.apply(fitToRuns(next, this.tagRuns), false);
  }

  override render() {
    const runs = this.tagRuns;
    const tags = runs.find((r) => r.run === this.run)?.tags ?? [];
    return html`
      ${this.links.render()}
      <div class="controls">
        <tb-bias-picker
          .runs=${runs}
          .run=${this.run}
          .tag=${this.tag}
          .step=${this.step}
          .steps=${this.steps?.steps.map((s) => s.step) ?? tags.find((t) => t.tag === this.tag)?.steps ?? []}
          @pick=${(e: CustomEvent<Pick>) => this.onPick(e.detail)}
        ></tb-bias-picker>
        ${this.renderPairing()}
        ${this.steps ? html`<span class="muted">${this.steps.discrepancy}; pools ${this.steps.pool_names[0]} (${this.steps.m_a}) vs ${this.steps.pool_names[1]} (${this.steps.m_b})</span>` : nothing}
      </div>
      <tb-bias-description class="description" .text=${this.description()}></tb-bias-description>
      <p class="muted intro" data-testid="dipdi-intro">
        DIPDI, the disparate prediction discrepancy index: how much more two models disagree on the same unlabelled
        examples when one was trained on one group's data and the other on another group's than when both saw the same
        group, 2 mean<sub>AB</sub> ln N − mean<sub>AA</sub> ln N − mean<sub>BB</sub> ln N (N: a pair's mean discrepancy).
        Above 0: the pools learned something group-specific.${(this.detail?.replicates?.length ?? 0) > 1
          ? ` This run repeated the experiment ${this.detail!.replicates!.length} times on fresh draws (replicates, numbered from 0): the curve, means and subgroups are their mean, the matrix and the per-example panels show the one picked above the matrix.`
          : ""}
      </p>
      <div class="grid">
        <section data-testid="dipdi-steps">${this.renderSteps()}</section>
        <section data-testid="dipdi-means">${this.renderMeans()}</section>
      </div>
      <div class="grid2">
        <section data-testid="dipdi-matrix">${this.renderMatrix()}</section>
        <section data-testid="dipdi-groups">${this.renderGroups()}</section>
      </div>
      <div class="grid2 examples">
        <section data-testid="dipdi-histogram">${this.renderHistogram()}</section>
        <section data-testid="dipdi-top">${this.renderTop()}</section>
      </div>
      <section data-testid="dipdi-compare" style="margin-top:16px">${this.renderCompare(runs)}</section>
    `;
  }

  /** A step clicked on the curve: a move of its own in the history (the arrow keys walk in place). */
  private pickStep(step: number): void {
    this.navigated();
    this.select("step", String(step));
  }

  private onPick(pick: Pick): void {
    this.navigated();
    if ("run" in pick) this.select("run", pick.run);
    else if ("tag" in pick) this.select("tag", pick.tag);
    else if (pick.step !== null) this.select("step", String(pick.step));
  }

  /** The shown step's own description; none until it arrives (the runs listing's is the first step's). */
  private description(): string {
    const d = this.detail;
    return d && d.run === this.run && d.tag === this.tag && d.step === this.step ? (d.description ?? "") : "";
  }

  private renderPairing() {
    const s = this.steps;
    const shown = this.pairing ?? s?.pairing ?? "paired";
    const label = (p: Pairing) => (p === "paired" ? "paired (the paper's)" : pairingWords(p));
    return html`<label title="Which model pairs enter DIPDI; the matrix outlines them">Pairing
      <select data-testid="pairing-select" @change=${(e: Event) => this.select("pairing", (e.target as HTMLSelectElement).value)}>
        ${this.pairings.map(
          (p) => html`<option .value=${p} .selected=${live(p === shown)} ?disabled=${s ? !pairingAllowed(p, s.m_a, s.m_b) : false}>${label(p)}</option>`,
        )}
      </select></label>`;
  }

  private chartWidth(share: number): number {
    return Math.max(260, Math.floor((this.size.width - 60) * share));
  }

  /** A chart's width in a `.grid2` column: half the view's, or the whole once the columns stack below `stackBelow` px. */
  private columnWidth(stackBelow: number): number {
    return this.chartWidth(this.size.width + 32 > stackBelow ? 0.45 : 0.95);
  }

  private renderSteps() {
    const steps = this.steps?.steps ?? [];
    if (!steps.length || this.failed("steps")) return this.placeholder("steps", "DIPDI across steps");
    // this.size.width is the content box; the grid leaves the curve what the
    // means column (MEANS_REM at 16 px), the gap and the panel padding do not take
    const beside = this.size.width + 32 > STACK_BELOW;
    const width = beside ? Math.max(260, Math.floor(this.size.width - 16 - MEANS_REM * 16 - 40)) : this.chartWidth(0.95);
    const chart = stepChart(
      steps.map((s) => ({ step: s.step, dipdi: s.dipdi, low: s.uncertainty.low, high: s.uncertainty.high, stars: s.uncertainty.stars ?? "" })),
      width,
      CHART_H,
    );
    const keys = stepSlider(steps.map((s) => s.step), this.step, (step) => this.select("step", String(step)), (step) => dipdiAtStep(steps, step));
    return html`
      <h3>DIPDI across steps <span class="muted">(band: ${bandLabel(steps[0]!, this.limit("bootstrap_confidence"))}; * p &lt; 0.05, ** p &lt; 0.01 Wilcoxon vs 0, needs ${this.starsNeed()})</span></h3>
      <svg width=${width} height=${CHART_H} data-testid="dipdi-curve" role="slider" tabindex="0"
        aria-label="DIPDI across steps; the arrow keys choose the step" aria-valuemin=${keys.min} aria-valuemax=${keys.max}
        aria-valuenow=${keys.now} aria-valuetext=${keys.text} @keydown=${keys.keydown}>
        ${chart.yTicks.map((t) => svg`<line x1=${CURVE_LEFT} x2=${width - 12} y1=${t.y} y2=${t.y} stroke="#eee"></line><text x=${CURVE_LEFT - 6} y=${t.y + 4} text-anchor="end" data-testid="dipdi-y-tick">${t.text}</text>`)}
        ${chart.xTicks.map((t) => svg`<text x=${t.x} y=${CHART_H - 6} text-anchor="middle">${t.value}</text>`)}
        <line x1=${CURVE_LEFT} x2=${width - 12} y1=${chart.zeroY} y2=${chart.zeroY} stroke="#999" stroke-dasharray="3 3"></line>
        <path d=${chart.band} fill=${OKABE_ITO[0]} fill-opacity="0.18" data-testid="dipdi-band"></path>
        ${chart.whiskers.map(
          (w) => svg`<path d=${`M${w.x - 5},${w.y0}H${w.x + 5}M${w.x},${w.y0}V${w.y1}M${w.x - 5},${w.y1}H${w.x + 5}`}
              stroke=${OKABE_ITO[0]} stroke-opacity="0.6" stroke-width="1.5" fill="none" data-testid="dipdi-whisker"></path>`,
        )}
        <path d=${chart.line} fill="none" stroke=${OKABE_ITO[0]} stroke-width="2" data-testid="dipdi-line"></path>
        ${chart.points.map(
          (p) => svg`<circle cx=${p.x} cy=${p.y} r=${p.step === this.step ? 5 : 3.5} fill=${p.step === this.step ? OKABE_ITO[1] : OKABE_ITO[0]}
              style="cursor:pointer" data-testid="dipdi-point" data-step=${p.step} @click=${() => this.pickStep(p.step)}></circle>
            ${p.stars ? starMark(p.x, p.y, p.stars) : nothing}`,
        )}
      </svg>
      <div class="muted">step (x) · DIPDI in natural-log units (y); click a point, or use the arrow keys, to inspect that step</div>
    `;
  }

  private renderMeans() {
    const steps = this.steps?.steps ?? [];
    if (this.failed("steps")) return this.placeholder("steps", "Mean discrepancies", true);
    if (!steps.length) return nothing;
    // one notation down each column, with the 3 decimals DIPDI has in every panel (8.30e-3 sat among 2-decimal values)
    const [dipdi, between, withinA, withinB] = (["dipdi", "between", "within_a", "within_b"] as const).map((k) =>
      columnFormat(steps.map((s) => s[k]), DIPDI_DIGITS),
    );
    return html`
      <h3 id="means-title">Mean discrepancies</h3>
      <div class="sideways"><div class="scroll sideways-scroll"><table class="means" aria-labelledby="means-title">
        <thead><tr><th scope="col">step</th><th scope="col">DIPDI</th><th scope="col">between</th><th scope="col" class="pool">within ${this.steps!.pool_names[0]}</th><th scope="col" class="pool">within ${this.steps!.pool_names[1]}</th></tr></thead>
        <tbody>${steps.map(
          (s) => html`<tr data-testid="means-row" style=${s.step === this.step ? "font-weight:600" : ""} aria-current=${s.step === this.step ? "true" : nothing}>
            <th scope="row">${s.step}</th><td data-testid="means-dipdi">${dipdi!(s.dipdi)}${s.uncertainty.stars ?? ""}</td>
            <td>${between!(s.between)}</td><td>${withinA!(s.within_a)}</td><td>${withinB!(s.within_b)}</td></tr>`,
        )}</tbody>
      </table></div></div>
      <p class="muted" data-testid="means-note">between and within are means of N; DIPDI takes the means of ln N, so it is not 2 \u00d7 between \u2212 within \u2212 within.
        A rise in DIPDI can come from the between-pool mean rising or the within-pool means falling.</p>
    `;
  }

  /**
   * "replicate 0", or a choice of the step's replicates when it has several: the matrix and the examples are
   * the picked replicate's (each subgroup's DIPDI stays the mean over them).
   */
  private replicatePicker(d: StepResponse) {
    const reps = d.replicates ?? [];
    if (reps.length < 2) return html`<span class="muted">replicate ${d.replicate}</span>`;
    return html`<label class="muted" style="white-space:nowrap">replicate
      <select data-testid="replicate-select" @change=${(e: Event) => this.select("replicate", (e.target as HTMLSelectElement).value)}>
        ${reps.map((r) => html`<option value=${r.replicate} .selected=${live(r.replicate === (this.replicate ?? d.replicate))}>${r.replicate} (DIPDI ${formatValue(r.dipdi, DIPDI_DIGITS)})</option>`)}
      </select></label>`;
  }

  private renderMatrix() {
    const d = this.detail;
    if (!d || this.failed("detail")) return this.placeholder("detail", "Discrepancy matrix N");
    const n = d.models.length;
    const layout = matrixLayout(d.models, this.columnWidth(STACK_ALL_BELOW));
    const { left, top, cell: size } = layout;
    const values = d.matrix.flatMap((row, i) => row.filter((_, j) => j !== i));
    const used = [...d.used_pairs.between, ...d.used_pairs.within_a, ...d.used_pairs.within_b];
    // every pair used (all pairs): nothing is outlined, as nothing is set apart
    const every = usesEveryPair(n, used);
    return html`
      <div class="heading-row"><h3>Discrepancy matrix N, step ${d.step} <span class="muted" data-testid="matrix-outline-note">(log colour; ${usedPairsWords(d.pairing, every).outline})</span></h3>
        ${this.replicatePicker(d)}</div>
      <div class="scroll"><svg width=${layout.width} height=${layout.height} data-testid="dipdi-heatmap" role="img" aria-label="discrepancy matrix">
        ${d.models.map(
          (m, i) => svg`<text data-testid="heat-row-label" x=${left - 4} y=${top + i * size + size / 2 + 4} text-anchor="end">${modelLabel(m, layout.chars)}<title>${m}</title></text>
            <text data-testid="heat-col-label" transform=${`translate(${left + i * size + size / 2 + 3},${top - 4}) rotate(-45)`} text-anchor="start">${modelLabel(m, layout.chars)}<title>${m}</title></text>`,
        )}
        ${d.matrix.map((row, i) =>
          row.map((v, j) => {
            const outlined = !every && i !== j && isUsed(i, j, used);
            return svg`<rect x=${left + j * size} y=${top + i * size} width=${size - 1} height=${size - 1}
              fill=${i === j ? "#fff" : heatColor(logPosition(v, values))} stroke=${outlined ? "#D55E00" : "none"} stroke-width=${outlined ? 2 : 0}
              data-testid=${outlined ? "heat-cell-used" : "heat-cell"}><title>${d.models[i]} vs ${d.models[j]}: ${formatValue(v, 3)}</title></rect>`;
          }),
        )}
        <line x1=${left + d.m_a * size - 0.5} x2=${left + d.m_a * size - 0.5} y1=${top} y2=${top + n * size} stroke="#333"></line>
        <line y1=${top + d.m_a * size - 0.5} y2=${top + d.m_a * size - 0.5} x1=${left} x2=${left + n * size} stroke="#333"></line>
      </svg></div>
      ${this.renderHeatLegend(values)}
      <div class="muted" data-testid="matrix-footnote">${matrixFootnote(d)}</div>
      ${this.renderMatrixValues(d, used, every)}
    `;
  }

  /** The matrix's numbers, which the cells give only on hover: a table a keyboard or a screen reader reaches. */
  private renderMatrixValues(d: StepResponse, used: readonly (readonly number[])[], every: boolean) {
    const format = columnFormat(d.matrix.flat(), 3); // one notation for the whole matrix
    return html`<details class="values" data-testid="matrix-values">
      <summary>The matrix as numbers</summary>
      <div class="sideways"><div class="scroll sideways-scroll"><table>
        <caption class="visually-hidden">Mean discrepancy N of each pair of models at step ${d.step}, replicate ${d.replicate}</caption>
        <thead><tr><th scope="col"><span class="muted">row vs column</span></th>${d.models.map((m) => html`<th scope="col">${m}</th>`)}</tr></thead>
        <tbody>
          ${d.matrix.map(
            (row, i) => html`<tr>
              <th scope="row">${d.models[i]}</th>
              ${row.map((v, j) =>
                i === j
                  ? html`<td class="muted">—</td>`
                  : !every && isUsed(i, j, used)
                    ? html`<td><b>${format(v)}</b><span class="visually-hidden"> (used)</span></td>`
                    : html`<td>${format(v)}</td>`,
              )}
            </tr>`,
          )}
        </tbody>
      </table></div></div>
      <div class="muted" data-testid="matrix-bold-note">${usedPairsWords(d.pairing, every).bold}</div>
    </details>`;
  }

  /** The matrix's colour scale: light to dark over the positive discrepancies, on a log scale. */
  private renderHeatLegend(values: readonly (number | null)[]) {
    const legend = logLegend(values);
    if (!legend) return nothing;
    const width = 160;
    const slices = 24;
    const digits = distinctDigits([legend.low, legend.mid, legend.high]);
    return html`<svg width=${width + 90} height="30" data-testid="heat-legend" role="img" aria-label="colour scale of the matrix">
      ${Array.from({ length: slices }, (_, k) => svg`<rect x=${(k * width) / slices} y="2" width=${width / slices + 0.5} height="10" fill=${heatColor(k / (slices - 1))}></rect>`)}
      <rect x="0" y="2" width=${width} height="10" fill="none" stroke="#ccc"></rect>
      <text x="0" y="25" text-anchor="start" data-testid="heat-legend-low">${formatValue(legend.low, digits)}</text>
      <text x=${width / 2} y="25" text-anchor="middle" data-testid="heat-legend-mid">${formatValue(legend.mid, digits)}</text>
      <text x=${width} y="25" text-anchor="end" data-testid="heat-legend-high">${formatValue(legend.high, digits)}</text>
      <text x=${width + 8} y="11">mean discrepancy (log)</text>
    </svg>`;
  }

  private renderGroups() {
    const d = this.detail;
    if (!d || this.failed("detail")) return this.placeholder("detail", "DIPDI per subgroup", true);
    if (!d.groups.length) return html`<h3>Subgroups</h3><p class="muted">No groups were logged.</p>`;
    const width = this.columnWidth(STACK_ALL_BELOW) - 140;
    const vals = d.groups.map((g) => g.dipdi).filter((v): v is number => v !== null);
    const geometry = groupBars(d.groups.map((g) => g.dipdi), width);
    const format = columnFormat(vals, DIPDI_DIGITS); // one notation down the column, DIPDI's 3 decimals as elsewhere
    return html`
      <h3>DIPDI per subgroup, step ${d.step} <span class="muted">(${meanOver(d)}${this.smallGroups()} greyed and marked small)</span></h3>
      ${d.groups.map((g, i) => {
        const span = geometry.bars[i];
        const small = g.small; // the server's min_group_n decides
        // a small group: a grey bar, grey text (of 4.5:1 and more) and the word, not a fade alone
        return html`<div data-testid="group-bar" data-group=${g.group} class=${small ? "muted" : ""} style="display:flex;align-items:center;gap:8px;margin:4px 0">
          <span style="width:70px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap" title=${g.group}>${g.group}</span>
          <svg width=${width} height="16" aria-hidden="true">${span ? svg`<rect x=${span.x} y="2" width=${span.width} height="12" fill=${small ? NEUTRAL : OKABE_ITO[2]}></rect>` : nothing}
            <line data-testid="group-zero" x1=${Math.max(0.5, geometry.zeroX)} x2=${Math.max(0.5, geometry.zeroX)} y1="0" y2="16" stroke="#5f6368"></line></svg>
          <span style="white-space:nowrap">${format(g.dipdi)} <span class="muted">n=${formatCount(g.n)}${small ? ", small" : ""}</span></span>
        </div>`;
      })}
    `;
  }

  /** Which subgroups are greyed: those the server marks `small`, below its min_group_n. */
  private smallGroups(): string {
    const n = this.limit("min_group_n");
    return n === null ? "small groups" : `n < ${formatCount(n)}`;
  }

  /** How many replicates the server's Wilcoxon marks need (its min_replicates_for_stars). */
  private starsNeed(): string {
    const n = this.limit("min_replicates_for_stars");
    return n === null ? "enough replicates" : `≥ ${n} replicates`;
  }

  private renderHistogram() {
    const e = this.examples;
    if (!e || this.failed("examples")) return this.placeholder("examples", "Per-example excess discrepancy");
    if (!e.histogram) return html`<h3>Excess discrepancy</h3><p class="muted">${e.note ?? "No histogram stored."}</p>`;
    // full width where the examples stack (the table needs the room)
    const width = this.columnWidth(STACK_BELOW);
    const h = 174;
    const m = { left: 46, right: 10, top: 6, bottom: 36 };
    const tick = 4; // tick marks keep the corner's two "0" labels apart
    const edges = e.histogram.edges;
    const maxCount = Math.max(1, ...e.histogram.counts);
    const x = scaleLinear().domain([edges[0]!, edges[edges.length - 1]!]).range([m.left, width - m.right]);
    const y = scaleLinear().domain([0, maxCount]).range([h - m.bottom, m.top]).nice();
    const bars = histogramBars(e.histogram.counts, edges, x, h - m.bottom, h - m.bottom - y(y.domain()[1]!), y.domain()[1]!);
    const xt = x.ticks(6);
    const xText = formatTicks(xt);
    const yt = y.ticks(4).filter((t) => Number.isInteger(t));
    return html`
      <h3>Per-example excess discrepancy e<sub>k</sub>, step ${e.step} <span class="muted">(replicate ${e.replicate}${this.loggedNote(e.pairing)})</span></h3>
      <svg width=${width} height=${h} data-testid="excess-histogram" role="img"
        aria-label=${`Histogram of the per-example excess discrepancy e_k at step ${e.step}: ${formatCount(e.histogram.counts.reduce((a, b) => a + b, 0))} examples from ${formatValue(edges[0], 2)} to ${formatValue(edges[edges.length - 1], 2)}; the top examples below list the largest`}>
        ${yt.map((t) => svg`<line x1=${m.left} x2=${width - m.right} y1=${y(t)} y2=${y(t)} stroke="#eee"></line>
          <line x1=${m.left - tick} x2=${m.left} y1=${y(t)} y2=${y(t)} stroke="#9aa0a6"></line>
          <text data-testid="excess-y-tick" x=${m.left - tick - 3} y=${y(t) + 4} text-anchor="end">${formatCount(t)}</text>`)}
        ${bars.map((b) => svg`<rect x=${b.x} y=${b.y} width=${b.width} height=${b.height} fill=${OKABE_ITO[4]}><title>${formatValue(b.low, 2)} to ${formatValue(b.high, 2)}: ${b.count}</title></rect>`)}
        <line x1=${m.left} x2=${m.left} y1=${m.top} y2=${h - m.bottom} stroke="#9aa0a6"></line>
        <line x1=${m.left} x2=${width - m.right} y1=${h - m.bottom} y2=${h - m.bottom} stroke="#9aa0a6"></line>
        ${xt.map((t, i) => svg`<line x1=${x(t)} x2=${x(t)} y1=${h - m.bottom} y2=${h - m.bottom + tick} stroke="#9aa0a6"></line>
          <text data-testid="excess-x-tick" x=${x(t)} y=${h - m.bottom + tick + 13} text-anchor="middle">${xText[i]}</text>`)}
        <line x1=${x(0)} x2=${x(0)} y1=${m.top} y2=${h - m.bottom} stroke="#999" stroke-dasharray="3 3"></line>
        <text x=${(m.left + width - m.right) / 2} y=${h - 4} text-anchor="middle">e<tspan baseline-shift="sub" font-size="9">k</tspan> (excess discrepancy of the example)</text>
        <text transform=${`translate(11,${(m.top + h - m.bottom) / 2}) rotate(-90)`} text-anchor="middle">examples</text>
      </svg>
      <div class="muted" data-testid="excess-definition">e<sub>k</sub> = mean<sub>AB</sub> d<sub>k</sub> \u2212 \u00bd (mean<sub>AA</sub> d<sub>k</sub> + mean<sub>BB</sub> d<sub>k</sub>), each mean over the model pairs of the pairing it was logged with (${pairingWords(e.pairing)}): how much more the pools disagree across than within on example k (d: the discrepancy of two models' outputs on it)</div>
    `;
  }

  /** e_k is computed when logging: say so when another pairing is shown. */
  private loggedNote(logged: string) {
    return this.pairing !== null && this.pairing !== logged ? html`; e<sub>k</sub> as logged, ${pairingWords(logged)}` : nothing;
  }

  private renderTop() {
    const e = this.examples;
    if (!e || this.failed("examples")) return this.placeholder("examples", "Top examples by excess discrepancy", true);
    const logged = hasExampleText(e.top);
    const excess = columnFormat(e.top.map((t) => t.excess), DIPDI_DIGITS); // one notation down the column
    return html`
      <div class="heading-row"><h3 id="top-title">Top examples by excess discrepancy <span class="muted">(${e.top.length} of ${e.top_total} kept${this.loggedNote(e.pairing)})</span></h3>
        ${this.showAllTop || e.top.length < e.top_total
          ? html`<button type="button" data-testid="top-show-all" aria-pressed=${this.showAllTop ? "true" : "false"} @click=${() => this.toggleAllTop()}>
              ${this.showAllTop ? `Show the top ${TOP_SHOWN}` : `Show all ${formatCount(e.top_total)}`}</button>`
          : nothing}</div>
      <div class="sideways"><div class="scroll top-rows sideways-scroll"><table class="top" data-testid="top-table" aria-labelledby="top-title">
        <thead><tr><th scope="col">id</th>${logged ? html`<th scope="col" class="logged">text</th>` : nothing}<th scope="col">group</th><th scope="col">e<sub>k</sub></th>${e.models.map((m) => html`<th scope="col">${m}</th>`)}</tr></thead>
        <tbody>${e.top.map(
          (t) => html`<tr data-testid="top-row"><th scope="row">${t.id}</th>${logged ? html`<td class="logged">${exampleTextView(t)}</td>` : nothing}<td class="group">${t.group ?? "\u2014"}</td><td>${excess(t.excess)}</td>
            ${t.outputs.map((o) => html`<td>${outputText(o)}</td>`)}</tr>`,
        )}</tbody>
      </table></div></div>
    `;
  }

  private renderCompare(runs: RunEntry[]) {
    const c = this.compare;
    const { comparable: others, other } = comparableRuns(runs, this.run, this.tag);
    const role = this.run2 ? roles(this.run, this.run2, this.dev) : null;
    const kind = this.steps?.discrepancy;
    const otherNote = other.length
      ? html`<p class="muted" data-testid="compare-other-kind">Not comparable with ${kind ? html`<b>${kind}</b>` : "this run's discrepancy"}: ${other.map((o, i) => html`${i ? ", " : ""}${o.run} (${o.discrepancy ?? "unknown"})`)}.</p>`
      : nothing;
    if (others.length === 0) {
      return html`<h3>Development vs deployment</h3>
        <p class="muted" data-testid="compare-none">No other run logs the tag ${this.tag}${other.length ? " with the same discrepancy" : ""}: log the same tag in a second run (say, on deployment data) to compare them.</p>${otherNote}`;
    }
    return html`
      <h3>Development vs deployment at step ${this.step ?? "\u2014"}</h3>
      <div class="controls">
        <label>Compare ${this.run} with <select data-testid="compare-run-select" @change=${(e: Event) => this.select("run2", (e.target as HTMLSelectElement).value)}>
          ${others.map((r) => html`<option .value=${r.run} .selected=${live(r.run === this.run2)}>${r.run}</option>`)}
        </select></label>
        ${role
          ? html`<label title="ΔDIPDI is deployment minus development: name which run is which">Development run
              <select data-testid="compare-dev-select" @change=${(e: Event) => this.select("dev", (e.target as HTMLSelectElement).value)}>
                ${[this.run, this.run2].map((r) => html`<option .value=${r} .selected=${live(r === role.development)}>${r}</option>`)}
              </select></label>
              <span class="muted" data-testid="compare-roles">deployment: <b>${role.deployment}</b>${role.named ? "" : " (guessed from the names; pick the development run to fix it)"}</span>`
          : nothing}
      </div>
      ${this.failed("compare") || (role && !c)
        ? this.placeholder("compare", null)
        : c && role
        ? html`<div style="display:flex;gap:32px;flex-wrap:wrap;align-items:baseline" data-testid="compare-summary">
            ${[
              ["development", c.a],
              ["deployment", c.b],
            ].map(
              ([what, s]) => html`<div data-testid=${`compare-${what as string}`}><div class="muted">${what as string}: ${(s as typeof c.a).run}</div>
                ${this.compareSide(s as typeof c.a)}</div>`,
            )}
            <div><div class="muted">change ΔDIPDI (deployment − development)</div><div class="delta ${c.rising && c.beyond_noise !== false ? "rising" : ""}" data-testid="compare-delta">${formatSigned(c.delta, DIPDI_DIGITS)}</div>
              <div class="muted" data-testid="compare-verdict">${compareVerdict(c)}</div></div>
          </div>`
        : html`<p class="muted">Pick a second run with the same tag.</p>`}
      ${otherNote}
    `;
  }

  private compareSide(s: CompareResponse["a"]) {
    const f = (v: number | null | undefined) => formatValue(v, DIPDI_DIGITS);
    return html`<div>DIPDI <b>${f(s.dipdi)}</b>${s.uncertainty.stars ?? ""}
        <span class="muted">± ${f(s.uncertainty.kind === "replicates" ? s.uncertainty.std ?? null : null)}</span></div>
      <div class="muted">between ${f(s.between)} · within ${f(s.within_a)} / ${f(s.within_b)}</div>`;
  }
}
