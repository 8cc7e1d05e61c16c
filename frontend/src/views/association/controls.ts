import { LitElement, html, css, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import type { MeasureRuns, TagInfo } from "./types.js";
import { LEVELS, type ResolvedState, type ViewState } from "./view-state.js";
import type { Pick } from "../../shell/picker.js";
import "../../shell/picker.js";
import { DEFAULT_Q_MAX } from "./columns.js";
import { baseStyles } from "../../charts/theme.js";
import { emit } from "./events.js";
import { groupIdentities, identityText, intersectionTitle, NO_PARTS, type IdentityParts } from "./identities.js";

/** Which table to read and which numbers to compute from it. */
@customElement("tb-bias-controls")
export class Controls extends LitElement {
  @property({ attribute: false }) runs!: MeasureRuns;
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  /** the parts of intersectional identities, to show them and group them after the single identities */
  @property({ attribute: false }) identityParts: IdentityParts = NO_PARTS;

  static override styles = [
    baseStyles,
    css`
      .grid {
        display: grid;
        grid-template-columns: 5.5rem 1fr;
        gap: 6px 8px;
        align-items: center;
      }
      label {
        color: var(--muted);
      }
      select,
      input {
        width: 100%;
      }
      .pair {
        display: flex;
        gap: 4px;
        align-items: center;
      }
      .pair select {
        flex: 1;
      }
      /* the metric's names are the longest options: their own row, the panel's whole width; the option
         says the name alone ("nPMI normalised by p(x,y)", whole at 1000 px, where the name and the id
         were cut to "... (npmi_xy"), and the id the table's headings use sits beside the label */
      .stacked {
        grid-column: 1 / -1;
      }
      label.stacked {
        margin-bottom: -4px;
      }
      .metric-label {
        display: flex;
        justify-content: space-between;
        gap: 8px;
      }
      .metric-id {
        font-family: ui-monospace, monospace;
        font-size: 12px;
      }
      .description {
        grid-column: 1 / -1;
        color: var(--muted);
        font-size: 12px;
        margin: 0;
        overflow-wrap: anywhere;
      }
      .inline {
        display: flex;
        align-items: center;
        gap: 6px;
        white-space: nowrap;
      }
      .inline input {
        width: auto;
        margin: 0;
      }
    `,
  ];

  private change(patch: Partial<ViewState>) {
    emit(this, "state-change", patch);
  }

  private value(event: Event): string {
    return (event.target as HTMLSelectElement | HTMLInputElement).value;
  }

  private onX1(event: Event) {
    const x1 = this.value(event);
    // Picking the other side's identity swaps the pair instead of erroring.
    const x2 = x1 === this.state.x2 ? this.state.x1 : this.state.x2;
    this.change({ x1, x2 });
  }

  private onSmoothing(event: Event) {
    const input = event.target as HTMLInputElement;
    const value = Number(input.value);
    if (input.value.trim() === "" || !Number.isFinite(value) || value < 0) {
      // said, not put back without a word
      input.setCustomValidity(`Smoothing is a number from 0 (0: none); kept ${this.state.smoothing}.`);
      input.reportValidity();
      input.value = String(this.state.smoothing);
      return;
    }
    input.setCustomValidity("");
    this.change({ smoothing: value });
  }

  /**
   * The options of an identity picker: the single identities, then the
   * intersections (their parts joined by "∩") in their own group.
   */
  private identityOptions(names: readonly string[], chosen: string | null) {
    const p = this.identityParts;
    const option = (x: string) => html`<option
      .value=${x}
      .selected=${live(x === chosen)}
      title=${intersectionTitle(x, p) || nothing}
    >${identityText(x, p)}</option>`;
    const { singles, intersections } = groupIdentities(names, p);
    if (intersections.length === 0) return singles.map(option);
    return html`${singles.length
        ? html`<optgroup label="Single identities" data-testid="single-identities">${singles.map(option)}</optgroup>`
        : nothing}<optgroup label="Intersections" data-testid="intersections">${intersections.map(option)}</optgroup>`;
  }

  /** Counts tables only: the score threshold the counts were taken at. */
  private thresholdField() {
    const s = this.state;
    const thresholds = this.info.thresholds;
    return html`<label for="threshold">Threshold</label>
      <select
        id="threshold"
        data-testid="threshold-select"
        ?disabled=${thresholds.length < 2}
        @change=${(e: Event) => this.change({ threshold: Number(this.value(e)) })}
      >
        ${thresholds.map(
          (t, i) => html`<option .value=${String(t)} .selected=${live(s.threshold === null ? i === 0 : t === s.threshold)}>${t}</option>`,
        )}
      </select>`;
  }

  /** Counts tables only: additive smoothing of the two-by-two counts. */
  private smoothingField() {
    return html`<label for="smoothing">Smoothing</label>
      <input
        id="smoothing"
        data-testid="smoothing-input"
        type="number"
        min="0"
        step="0.5"
        .value=${String(this.state.smoothing)}
        aria-describedby="smoothing-help"
        @input=${(e: Event) => (e.target as HTMLInputElement).setCustomValidity("")}
        @change=${this.onSmoothing}
      />
      <span id="smoothing-help" class="visually-hidden">
        Additive smoothing added to each cell of the two-by-two counts; 0 for none
      </span>`;
  }

  private significanceFields() {
    const s = this.state;
    return html`<label for="level">Interval</label>
      <select
        id="level"
        data-testid="level-select"
        @change=${(e: Event) => this.change({ level: Number(this.value(e)) })}
      >
        ${LEVELS.map((l) => html`<option .value=${String(l)} .selected=${live(l === s.level)}>${Math.round(l * 100)}%</option>`)}
      </select>
      <label for="significant">Significant</label>
      <label class="inline">
        <input
          id="significant"
          type="checkbox"
          data-testid="significant-only"
          .checked=${s.qMax !== null}
          @change=${(e: Event) => this.change({ qMax: (e.target as HTMLInputElement).checked ? DEFAULT_Q_MAX : null })}
        />
        only q ≤ ${DEFAULT_Q_MAX}
      </label>`;
  }

  override render() {
    const s = this.state;
    const info = this.info;
    const counts = info.kind === "counts";
    const names = this.runs.metrics;
    const others = info.identities.filter((x) => x !== s.x1);
    return html`
      <div class="grid" role="group" aria-label="Table and metric">
        <tb-bias-picker
          layout="grid"
          tagLabel="Table"
          latest
          .runs=${this.runs.runs}
          .run=${s.run}
          .tag=${s.tag}
          .step=${s.step}
          .steps=${info.steps}
          @pick=${(e: CustomEvent<Pick>) => {
            e.stopPropagation();
            this.change(e.detail);
          }}
        ></tb-bias-picker>
        ${info.description
          ? html`<tb-bias-description class="description" .text=${info.description}></tb-bias-description>`
          : nothing}

        ${counts ? this.thresholdField() : nothing}

        <label for="metric" class="stacked metric-label"
          >Metric<span class="metric-id" data-testid="metric-id" aria-hidden="true">${s.metric}</span></label
        >
        <select
          id="metric"
          class="stacked"
          data-testid="metric-select"
          title=${metricText(s.metric, names)}
          @change=${(e: Event) => this.change({ metric: this.value(e) })}
        >
          ${info.metrics.map((m) => html`<option .value=${m} .selected=${live(m === s.metric)} aria-label=${metricText(m, names)}>${names[m] ?? m}</option>`)}
        </select>

        <label for="x1">Identity</label>
        <select id="x1" data-testid="x1-select" @change=${this.onX1}>
          ${this.identityOptions(info.identities, s.x1)}
        </select>

        <label for="x2">versus</label>
        <div class="pair">
          <select
            id="x2"
            data-testid="x2-select"
            ?disabled=${others.length === 0}
            @change=${(e: Event) => this.change({ x2: this.value(e) })}
          >
            ${others.length === 0 ? html`<option value="">(only one identity)</option>` : nothing}
            ${this.identityOptions(others, s.x2)}
            ${others.length > 0
              ? html`<option value="rest" .selected=${live(s.x2 === "rest")}>the rest (one-vs-rest)</option>`
              : nothing}
          </select>
          <button
            type="button"
            data-testid="swap-pair"
            aria-label="Swap the two identities"
            title="Swap"
            ?disabled=${s.x2 === null || s.x2 === "rest"}
            @click=${() => this.change({ x1: s.x2, x2: s.x1 })}
          >
            \u21c4
          </button>
        </div>

        ${counts ? this.smoothingField() : nothing} ${counts ? this.significanceFields() : nothing}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-controls": Controls;
  }
}

/**
 * A metric's name and id, as the select's tooltip and each option's accessible name say it (the option
 * shows the name alone, and the label the chosen metric's id): the name first, the column id after it.
 */
function metricText(metric: string, names: Record<string, string>): string {
  return names[metric] ? `${names[metric]} (${metric})` : metric;
}
