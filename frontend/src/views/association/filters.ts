import { LitElement, html, css, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { filterColumns, formatRange, leftOutNote } from "./columns.js";
import { addRange, parseBoundInput, removeRange, type RangeFilter } from "./ranges.js";
import type { TagInfo } from "./types.js";
import type { ResolvedState } from "./view-state.js";
import { checkbox } from "../../charts/inputs.js";
import { baseStyles } from "../../charts/theme.js";
import { emit } from "./events.js";

/** Active range filters as removable chips, and a keyboard way to add one. */
@customElement("tb-bias-filters")
export class Filters extends LitElement {
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  @property({ attribute: false }) maxRanges!: number;
  /** labels each default rule left out of the table (its answer's `left_out`), said beside the rule's switch */
  @property({ attribute: false }) leftOut: Record<string, number> = {};
  @state() private formError = "";
  /** a chip removed from the keyboard: the focus goes to the chip that takes its place once the state shows it */
  private focusChipAt: number | null = null;

  static override styles = [
    baseStyles,
    css`
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 8px;
        min-height: 24px;
        align-items: center;
      }
      .chip {
        display: inline-flex;
        align-items: center;
        gap: 4px;
        background: var(--selected);
        border: 1px solid #b6d3ea;
        border-radius: 12px;
        padding: 1px 2px 1px 8px;
        max-width: 100%;
      }
      .chip span {
        overflow-wrap: anywhere;
      }
      .chip button {
        border: none;
        background: transparent;
        border-radius: 50%;
        width: 20px;
        height: 20px;
        padding: 0;
        line-height: 1;
      }
      .chip button:hover {
        background: #cfe2f3;
      }
      .none {
        color: var(--muted);
      }
      form {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 4px;
      }
      form select {
        grid-column: 1 / -1;
      }
      .options {
        display: grid;
        gap: 4px;
        margin-top: 8px;
      }
      .options label {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .options input[type="number"] {
        width: 6rem;
      }
    `,
  ];

  private change(ranges: RangeFilter[]) {
    this.formError = "";
    emit(this, "state-change", { ranges });
  }

  override willUpdate(changed: PropertyValues<this>) {
    const before = changed.get("state");
    if (before && (before.run !== this.state.run || before.tag !== this.state.tag)) this.formError = ""; // another table
  }

  /** An error is about what was typed: editing the form again takes it away. */
  private removeChip(ranges: RangeFilter[], column: string) {
    this.focusChipAt = ranges.findIndex((r) => r.column === column);
    this.change(removeRange(ranges, column));
  }

  protected override updated(changed: PropertyValues<this>) {
    // the removed chip took the focus with it (to the page's body): the next chip, the one before, or the form
    if (!changed.has("state") || this.focusChipAt === null) return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLElement>('[data-testid="filter-chip-remove"]')];
    const target = buttons[Math.min(this.focusChipAt, buttons.length - 1)] ?? this.renderRoot.querySelector<HTMLElement>('[data-testid="range-column"]');
    this.focusChipAt = null;
    target?.focus();
  }

  private clearError = () => {
    this.formError = "";
  };

  private onAdd(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const column = String(data.get("column") ?? "");
    const low = parseBoundInput(String(data.get("low") ?? ""));
    const high = parseBoundInput(String(data.get("high") ?? ""));
    if (low === undefined || high === undefined) {
      this.formError = "Bounds must be numbers (or empty for no bound).";
    } else if (low === null && high === null) {
      this.formError = "Give a minimum, a maximum or both.";
    } else if (low !== null && high !== null && low > high) {
      this.formError = "The minimum is above the maximum.";
    } else if (!this.state.ranges.some((r) => r.column === column) && this.state.ranges.length >= this.maxRanges) {
      this.formError = `At most ${this.maxRanges} range filters.`;
    } else {
      this.formError = "";
      this.change(addRange(this.state.ranges, { column, low, high }, this.maxRanges));
      form.reset();
    }
  }

  override render() {
    const s = this.state;
    const columns = filterColumns(this.info.identities, s.metric, this.info.kind === "counts", s.x2 !== null);
    return html`
      <div class="chips" role="list" aria-label="Active range filters" data-testid="filter-chips">
        ${s.ranges.length === 0 ? html`<span class="none">No range filters. Brush a plot or add one below.</span>` : nothing}
        ${s.ranges.map(
          (r) => html`
            <span class="chip" role="listitem" data-testid="filter-chip" data-column=${r.column}>
              <span>${formatRange(r)}</span>
              <button
                type="button"
                data-testid="filter-chip-remove"
                aria-label=${`Remove filter ${formatRange(r)}`}
                @click=${() => this.removeChip(s.ranges, r.column)}
              >
                \u00d7
              </button>
            </span>
          `,
        )}
        ${s.ranges.length > 1
          ? html`<button type="button" data-testid="clear-filters" @click=${() => this.change([])}>Clear all</button>`
          : nothing}
      </div>
      <form
        @submit=${this.onAdd}
        @input=${this.clearError}
        @change=${this.clearError}
        aria-label="Add a range filter"
        data-testid="range-form"
      >
        <select name="column" data-testid="range-column" aria-label="Column to filter">
          ${columns.map((c) => html`<option .value=${c.id}>${c.title}</option>`)}
        </select>
        <input name="low" type="text" inputmode="decimal" placeholder="min" aria-label="Minimum (empty: no minimum)" data-testid="range-min" />
        <input name="high" type="text" inputmode="decimal" placeholder="max" aria-label="Maximum (empty: no maximum)" data-testid="range-max" />
        <button type="submit" data-testid="range-add">Add</button>
      </form>
      ${this.formError ? html`<div class="error" role="alert">${this.formError}</div>` : nothing}
      <div class="options">
        <label>
          Min. count C(y)
          <input
            type="number"
            min="0"
            step="1"
            data-testid="min-count-input"
            .value=${String(s.minCount)}
            @change=${(e: Event) => {
              const input = e.target as HTMLInputElement;
              const v = Math.floor(Number(input.value));
              if (input.value !== "" && Number.isFinite(v) && v >= 0) {
                this.formError = "";
                emit(this, "state-change", { minCount: v });
              } else {
                this.formError = `Min. count must be a whole number from 0; kept ${s.minCount}.`;
                input.value = String(s.minCount);
              }
            }}
          />${leftOutNote(this.leftOut, "min_count")}
        </label>
        ${checkbox(
          "include-zero-checkbox",
          s.includeZero,
          (includeZero) => emit(this, "state-change", { includeZero }),
          `Include labels never seen with one of the pair${leftOutNote(this.leftOut, "zero_cooccurrence")}`,
        )}
        ${checkbox(
          "include-identities-checkbox",
          s.includeIdentities,
          (includeIdentities) => emit(this, "state-change", { includeIdentities }),
          `Include the identity labels' own rows${leftOutNote(this.leftOut, "identities")}`,
        )}
        ${checkbox(
          "include-undefined-checkbox",
          s.includeUndefined,
          (includeUndefined) => emit(this, "state-change", { includeUndefined }),
          `Include undefined gaps (ranked last)${leftOutNote(this.leftOut, "undefined")}`,
        )}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-filters": Filters;
  }
}
