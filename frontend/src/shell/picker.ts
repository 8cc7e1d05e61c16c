// The run, tag and step pickers every view shows, and the step's
// description: one element each, one testid scheme (run-select,
// tag-select, step-select, description), so the four views read alike.

import { LitElement, html, css, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { live } from "lit/directives/live.js";
import { baseStyles } from "../charts/theme.js";
import { renderMarkdown } from "./markdown.js";
import type { RunEntry } from "./types.js";

/** What a picker's `pick` event carries: the one choice that changed (step null: "latest"). */
export type Pick = { run: string } | { tag: string } | { step: number | null };

export const PICK_EVENT = "pick";

/**
 * Run, tag and step selects. `layout="grid"` lays them out as label/select
 * pairs in the parent's two-column grid (the host takes no box of its
 * own); `inline` puts them in a row. Fires `pick` (bubbling, composed) with
 * a Pick; the view decides what follows (the run's first tag, a step).
 */
@customElement("tb-bias-picker")
export class Picker extends LitElement {
  /** every run; those without tags are left out */
  @property({ attribute: false }) runs: readonly RunEntry[] = [];
  @property() run = "";
  @property() tag = "";
  @property({ attribute: false }) step: number | null = null;
  @property({ attribute: false }) steps: readonly number[] = [];
  /** offer "latest" (step null), which follows new steps as they are logged */
  @property({ type: Boolean }) latest = false;
  /** what a tag is in this view ("Tag", "Table", "Attribute") */
  @property() tagLabel = "Tag";
  @property({ reflect: true }) layout: "grid" | "inline" = "inline";
  /** put before each testid, for a second picker on the page ("compare-": compare-run-select) */
  @property() testidPrefix = "";

  static override styles = [
    baseStyles,
    css`
      :host([layout="grid"]) {
        display: contents;
      }
      :host([layout="inline"]) {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
      }
      label {
        color: var(--muted);
      }
      :host([layout="inline"]) .pair {
        display: inline-flex;
        gap: 6px;
        align-items: center;
      }
      :host([layout="grid"]) .pair {
        display: contents;
      }
      :host([layout="grid"]) select {
        width: 100%;
      }
      select {
        max-width: 24rem;
      }
    `,
  ];

  private emit(pick: Pick) {
    this.dispatchEvent(new CustomEvent<Pick>(PICK_EVENT, { detail: pick, bubbles: true, composed: true }));
  }

  private value(event: Event): string {
    return (event.target as HTMLSelectElement).value;
  }

  override render() {
    const runs = this.runs.filter((r) => r.tags.length > 0);
    const tags = runs.find((r) => r.run === this.run)?.tags ?? [];
    const last = this.steps.length ? this.steps[this.steps.length - 1] : undefined;
    return html`
      <span class="pair"
        ><label for="run">Run</label>
        <select id="run" data-testid=${`${this.testidPrefix}run-select`} @change=${(e: Event) => this.emit({ run: this.value(e) })}>
          ${runs.map((r) => html`<option .value=${r.run} .selected=${live(r.run === this.run)}>${r.run}</option>`)}
        </select></span
      >
      <span class="pair"
        ><label for="tag">${this.tagLabel}</label>
        <select id="tag" data-testid=${`${this.testidPrefix}tag-select`} @change=${(e: Event) => this.emit({ tag: this.value(e) })}>
          ${tags.map((t) => html`<option .value=${t.tag} .selected=${live(t.tag === this.tag)}>${t.tag}</option>`)}
        </select></span
      >
      <span class="pair"
        ><label for="step">Step</label>
        <select
          id="step"
          data-testid=${`${this.testidPrefix}step-select`}
          @change=${(e: Event) => {
            const v = this.value(e);
            this.emit({ step: v === "" ? null : Number(v) });
          }}
        >
          ${this.latest
            ? html`<option value="" .selected=${live(this.step === null)}>latest${last === undefined ? "" : ` (${last})`}</option>`
            : nothing}
          ${this.steps.map((s) => html`<option .value=${String(s)} .selected=${live(s === this.step)}>${s}</option>`)}
        </select></span
      >
    `;
  }
}

/** The step's description (a small Markdown subset), or nothing when it has none. */
@customElement("tb-bias-description")
export class Description extends LitElement {
  @property() text = "";

  static override styles = [
    baseStyles,
    css`
      :host {
        color: var(--muted);
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      :host([hidden]) {
        display: none;
      }
      p {
        margin: 0 0 4px;
      }
      p:last-child {
        margin-bottom: 0;
      }
    `,
  ];

  override render() {
    return this.text ? html`<div data-testid="description">${renderMarkdown(this.text)}</div>` : nothing;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-picker": Picker;
    "tb-bias-description": Description;
  }
}
