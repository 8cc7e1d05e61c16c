import { LitElement, html, css, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { styleMap } from "lit/directives/style-map.js";
import "@lit-labs/virtualizer";
import { flow } from "@lit-labs/virtualizer/layouts/flow.js";
import type { RangeChangedEvent } from "@lit-labs/virtualizer/events.js";
import type { Api } from "../lib/api.js";
import { errorMessage } from "../lib/api.js";
import { barGeometry } from "../lib/bars.js";
import { gapColor, identityColor } from "../lib/colors.js";
import { gridTemplate, tableColumns, type Column } from "../lib/columns.js";
import { flaggedCsvLink, resultCsvLink } from "../lib/csv.js";
import { debounce } from "../lib/debounce.js";
import type { FlagLookup } from "../lib/flags.js";
import { columnTitle, formatCount, formatSigned, formatTotal, formatValue, pairTitle } from "../lib/format.js";
import { tableUrl } from "../lib/query.js";
import type { TableResponse, TableRow, TagInfo } from "../lib/types.js";
import { nextSort, queryKey, toggleSelected, type ResolvedState } from "../lib/view-state.js";
import { eyeOffIcon, flagIcon } from "./icons.js";
import { PagedRows } from "./paged-rows.js";
import { baseStyles, emit, type BulkKind } from "./shared.js";

const LAYOUT = flow();

function gapFormula(x1: string | null, x2: string | null): string {
  if (x1 === null || x2 === null) return "none (one identity)";
  return x2 === "rest" ? `${x1} \u2212 mean of the rest` : `${x1} \u2212 ${x2}`;
}

/** The ranked labels: virtualised, paged from `table`, with flag/hide/select per row and in bulk. */
@customElement("tb-bias-table")
export class RankedTable extends LitElement {
  @property({ attribute: false }) api!: Api;
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  @property({ attribute: false }) flags: FlagLookup = { flagged: new Set(), hidden: new Set() };
  @property({ attribute: false }) selected: ReadonlySet<string> = new Set();
  @property({ attribute: false }) hovered: string | null = null;
  /** bumped by the app when a flag change alters which rows pass */
  @property({ type: Number }) revision = 0;
  @property({ attribute: false }) valueDomain: [number, number] = [-1, 1];
  @property({ attribute: false }) gapDomain: [number, number] = [-2, 2];
  @property({ type: Boolean }) busy = false;
  @state() private draft: string | null = null;
  private lastEmittedQ: string | null = null;
  private meta: TableResponse | null = null;
  private readonly rows = new PagedRows<TableRow>(this);
  private readonly emitSearch = debounce((q: string) => {
    this.lastEmittedQ = q;
    emit(this, "state-change", { q });
  }, 300);

  static override styles = [
    baseStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 12px;
        align-items: center;
        margin-bottom: 6px;
      }
      .search {
        display: flex;
        gap: 6px;
        align-items: center;
        flex: 1 1 16rem;
      }
      .search input[type="search"] {
        flex: 1;
        min-width: 8rem;
      }
      .toggle {
        display: inline-flex;
        gap: 4px;
        align-items: center;
        white-space: nowrap;
      }
      .bulk {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        margin-bottom: 6px;
        color: var(--muted);
      }
      .bulk button {
        padding: 1px 6px;
      }
      .downloads {
        margin-left: auto;
        display: flex;
        gap: 10px;
      }
      .total {
        color: var(--muted);
        white-space: nowrap;
      }
      .table {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 240px;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: #fff;
        overflow: hidden;
      }
      .row {
        display: grid;
        align-items: center;
        width: 100%;
        height: 30px;
        border-bottom: 1px solid #eef0f2;
        padding-right: 4px;
      }
      .header {
        height: auto;
        min-height: 34px;
        background: #f8f9fa;
        border-bottom: 1px solid var(--border);
        font-weight: 600;
      }
      .header button {
        border: none;
        background: transparent;
        padding: 2px 4px;
        text-align: left;
        font-weight: 600;
        width: 100%;
        display: flex;
        gap: 4px;
        align-items: center;
        overflow: hidden;
      }
      .header button span.t {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .arrow {
        color: var(--accent);
        font-size: 11px;
        flex: none;
      }
      lit-virtualizer {
        flex: 1;
        min-height: 0;
      }
      .cell {
        padding: 0 6px;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .num {
        font-variant-numeric: tabular-nums;
        text-align: right;
      }
      .center {
        display: flex;
        justify-content: center;
      }
      .valuecell {
        display: grid;
        grid-template-columns: 1fr 3.6rem;
        gap: 4px;
        align-items: center;
      }
      .bar {
        position: relative;
        height: 10px;
        background: #f1f3f4;
        border-radius: 2px;
      }
      .bar .fill {
        position: absolute;
        top: 0;
        bottom: 0;
        border-radius: 2px;
      }
      .bar .origin {
        position: absolute;
        top: -2px;
        bottom: -2px;
        width: 1px;
        background: #9aa0a6;
      }
      .row.data:hover,
      .row.hovered {
        background: var(--hover);
      }
      .row.selected {
        background: var(--selected);
      }
      .row.selected.hovered {
        background: #f6e7c1;
      }
      .row.hidden-label .label {
        color: var(--muted);
        font-style: italic;
      }
      .row.stale {
        opacity: 0.5;
      }
      .placeholder {
        color: var(--muted);
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-end;
      }
      .actions button {
        border: 1px solid transparent;
        background: transparent;
        width: 26px;
        height: 24px;
        padding: 0;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        color: #767676;
      }
      .actions button:hover {
        border-color: var(--border);
      }
      .actions button[aria-pressed="true"].flag {
        color: #d55e00;
      }
      .actions button[aria-pressed="true"].hide {
        color: #1f1f1f;
      }
      .empty {
        padding: 16px;
        color: var(--muted);
      }
      .status {
        min-height: 18px;
      }
    `,
  ];

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.emitSearch.cancel();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has("state") && this.state.q !== this.lastEmittedQ) {
      this.draft = null; // changed from outside (URL, reset): show it
    }
    if (changed.has("state") || changed.has("revision") || changed.has("api")) {
      const s = this.state;
      const query = `${queryKey(s)}|${s.sort}|${s.order}`;
      const key = `${query}|${this.revision}`;
      const sameRows = this.rows.key !== null && this.rows.key.startsWith(`${query}|`);
      const changedKey = this.rows.setQuery(
        key,
        async (offset, limit, signal) => {
          const page = await this.api.get<TableResponse>(tableUrl(s, offset, limit), signal);
          this.meta = page;
          return { rows: page.rows, total: page.total };
        },
        sameRows,
      );
      if (changedKey && !sameRows) {
        this.meta = null;
        const scroller = this.renderRoot.querySelector("lit-virtualizer");
        if (scroller) scroller.scrollTop = 0;
      }
    }
  }

  private columns(): Column[] {
    return tableColumns(this.info.identities, this.state.metric, this.state.showCounts);
  }

  private onSearch(event: Event) {
    const value = (event.target as HTMLInputElement).value;
    this.draft = value;
    this.emitSearch(value);
  }

  private change(patch: Partial<ResolvedState>) {
    emit(this, "state-change", patch);
  }

  private bulk(kind: BulkKind, on: boolean) {
    emit(this, "bulk-op", { kind, on });
  }

  private sortHeader(column: Column) {
    const s = this.state;
    const active = s.sort === column.id;
    const ariaSort = active ? (s.order === "asc" ? "ascending" : s.order === "desc" ? "descending" : "other") : "none";
    const arrow = active ? (s.order === "asc" ? "\u25b2" : s.order === "desc" ? "\u25bc" : "|\u25bc|") : "";
    const orderText = active ? `, sorted ${s.order === "abs" ? "by absolute value" : ariaSort}` : "";
    const title = column.title;
    return html`<div role="columnheader" class="cell" aria-sort=${ariaSort} title=${column.kind === "gap" ? `gap of ${s.metric}: ${pairTitle(s.x1, s.x2)}` : columnTitle(column.id)}>
      <button
        type="button"
        data-testid=${`sort-header-${column.id}`}
        aria-label=${`${column.kind === "gap" ? `Gap, ${pairTitle(s.x1, s.x2)}` : columnTitle(column.id)}${orderText}. Click to sort.`}
        @click=${() => this.change(nextSort(s, column.id))}
      >
        <span class="t" style=${styleMap({ color: column.kind === "value" ? identityColor(this.info.identities, column.identity) : "" })}
          >${title}</span
        ><span class="arrow" aria-hidden="true">${arrow}</span>
      </button>
    </div>`;
  }

  private bar(value: number | null, domain: [number, number], color: string) {
    const g = barGeometry(value, domain);
    const origin = barGeometry(0, domain);
    return html`<div class="bar" aria-hidden="true">
      ${origin ? html`<div class="origin" style=${styleMap({ left: `${origin.left}%` })}></div>` : nothing}
      ${g ? html`<div class="fill" style=${styleMap({ left: `${g.left}%`, width: `${g.width}%`, background: color })}></div>` : nothing}
    </div>`;
  }

  private cell(row: TableRow, column: Column) {
    const s = this.state;
    const identities = this.info.identities;
    switch (column.kind) {
      case "label":
        return html`<div role="cell" class="cell label" data-testid="cell-label" title=${row.label}>${row.label}</div>`;
      case "value": {
        const v = row.values[column.identity ?? ""] ?? null;
        return html`<div role="cell" class="cell valuecell" data-testid="cell-value" data-identity=${column.identity ?? ""}>
          ${this.bar(v, this.valueDomain, identityColor(identities, column.identity))}
          <span class="num">${formatValue(v)}</span>
        </div>`;
      }
      case "gap":
        return html`<div role="cell" class="cell valuecell" data-testid="cell-gap">
          ${this.bar(row.gap, this.gapDomain, gapColor(identities, s.x1, s.x2, row.gap))}
          <span class="num">${formatSigned(row.gap)}</span>
        </div>`;
      case "count": {
        const n = column.identity === null ? row.count : (row.cooccurrence?.[column.identity] ?? null);
        return html`<div role="cell" class="cell num" data-testid="cell-count">${formatCount(n)}</div>`;
      }
    }
  }

  private renderRow(index: number, columns: Column[], template: string) {
    const row = this.rows.cache.get(index);
    if (!row) {
      return html`<div
        class="row placeholder"
        role="row"
        aria-rowindex=${index + 2}
        data-testid="table-row-placeholder"
        style=${styleMap({ gridTemplateColumns: template })}
      >
        <div role="cell"></div>
        <div role="cell" class="cell">Loading\u2026</div>
      </div>`;
    }
    const flagged = this.flags.flagged.has(row.label);
    const hidden = this.flags.hidden.has(row.label);
    const selected = this.selected.has(row.label);
    const classes = [
      "row",
      "data",
      selected ? "selected" : "",
      hidden ? "hidden-label" : "",
      this.hovered === row.label ? "hovered" : "",
      this.rows.cache.isStale(index) ? "stale" : "",
    ].join(" ");
    const s = this.state;
    return html`<div
      class=${classes}
      role="row"
      aria-rowindex=${index + 2}
      aria-selected=${selected}
      data-testid="table-row"
      data-label=${row.label}
      data-rank=${index + 1}
      style=${styleMap({ gridTemplateColumns: template })}
      @mouseenter=${() => emit(this, "hover-label", row.label)}
      @mouseleave=${() => emit(this, "hover-label", null)}
      @focusin=${() => emit(this, "hover-label", row.label)}
    >
      <div role="cell" class="cell center">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          aria-label=${`Select ${row.label} for parallel coordinates`}
          .checked=${selected}
          @change=${(e: Event) =>
            this.change({ selected: toggleSelected(s.selected, [row.label], (e.target as HTMLInputElement).checked) })}
        />
      </div>
      ${columns.map((c) => this.cell(row, c))}
      <div role="cell" class="cell actions">
        <button
          type="button"
          class="flag"
          data-testid="flag-button"
          aria-pressed=${flagged}
          aria-label=${`${flagged ? "Unflag" : "Flag"} ${row.label}`}
          title=${flagged ? "Unflag" : "Flag"}
          ?disabled=${this.busy}
          @click=${() => emit(this, "flag-op", { kind: "flagged", labels: [row.label], on: !flagged })}
        >
          ${flagIcon}
        </button>
        <button
          type="button"
          class="hide"
          data-testid="hide-button"
          aria-pressed=${hidden}
          aria-label=${`${hidden ? "Unhide" : "Hide"} ${row.label}`}
          title=${hidden ? "Unhide" : "Hide"}
          ?disabled=${this.busy}
          @click=${() => emit(this, "flag-op", { kind: "hidden", labels: [row.label], on: !hidden })}
        >
          ${eyeOffIcon}
        </button>
      </div>
    </div>`;
  }

  private toolbar() {
    const s = this.state;
    const csv = resultCsvLink(s);
    const flaggedCsv = flaggedCsvLink(s);
    return html`
      <div class="toolbar">
        <div class="search" role="search">
          <label class="visually-hidden" for="search">Search labels (regular expression)</label>
          <input
            id="search"
            type="search"
            data-testid="search-input"
            placeholder="Search labels (regular expression)"
            autocomplete="off"
            spellcheck="false"
            .value=${this.draft ?? s.q}
            @input=${this.onSearch}
            @keydown=${(e: KeyboardEvent) => e.key === "Enter" && this.emitSearch.flush()}
          />
          <label class="toggle">
            <input
              type="checkbox"
              data-testid="case-checkbox"
              .checked=${s.caseSensitive}
              @change=${(e: Event) => this.change({ caseSensitive: (e.target as HTMLInputElement).checked })}
            />Aa<span class="visually-hidden">case-sensitive search</span>
          </label>
        </div>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="counts-toggle"
            .checked=${s.showCounts}
            @change=${(e: Event) => this.change({ showCounts: (e.target as HTMLInputElement).checked })}
          />Counts
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="flagged-only-toggle"
            .checked=${s.flaggedOnly}
            @change=${(e: Event) => this.change({ flaggedOnly: (e.target as HTMLInputElement).checked })}
          />Flagged only
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="show-hidden-toggle"
            .checked=${s.showHidden}
            @change=${(e: Event) => this.change({ showHidden: (e.target as HTMLInputElement).checked })}
          />Show hidden
        </label>
        <div class="downloads">
          <a href=${csv.href} download=${csv.filename} data-testid="csv-link">Download CSV</a>
          <a href=${flaggedCsv.href} download=${flaggedCsv.filename} data-testid="flagged-csv-link">Flagged CSV</a>
        </div>
      </div>
    `;
  }

  private summary(total: number | null): string {
    const parts = [formatTotal(total, this.info.num_labels)];
    if (this.meta?.num_examples) parts.push(`${formatCount(this.meta.num_examples)} examples`);
    parts.push(`${this.state.metric}, gap = ${gapFormula(this.state.x1, this.state.x2)}`);
    return parts.filter((p) => p !== "").join(" \u00b7 ");
  }

  private bulkBar(total: number | null) {
    const none = !total || this.busy;
    return html`<div class="bulk" role="group" aria-label="Actions on every label of the result">
      <span class="total" data-testid="table-total" aria-live="polite">${this.summary(total)}</span>
      <span aria-hidden="true">\u00b7 all:</span>
      <button type="button" data-testid="flag-all-button" ?disabled=${none} @click=${() => this.bulk("flagged", true)}>Flag</button>
      <button type="button" data-testid="unflag-all-button" ?disabled=${none} @click=${() => this.bulk("flagged", false)}>Unflag</button>
      <button type="button" data-testid="hide-all-button" ?disabled=${none} @click=${() => this.bulk("hidden", true)}>Hide</button>
      <button type="button" data-testid="unhide-all-button" ?disabled=${none} @click=${() => this.bulk("hidden", false)}>Unhide</button>
      <button type="button" data-testid="select-all-button" ?disabled=${none} @click=${() => this.bulk("selected", true)}>Select</button>
      <button
        type="button"
        data-testid="clear-selection-button"
        ?disabled=${this.state.selected.length === 0}
        @click=${() => this.change({ selected: [] })}
      >
        Clear selection
      </button>
    </div>`;
  }

  override render() {
    const columns = this.columns();
    const template = gridTemplate(columns);
    const cache = this.rows.cache;
    const total = cache.total;
    const error = cache.error;
    const loading = this.rows.loading;
    return html`
      ${this.toolbar()} ${this.bulkBar(total)}
      ${error
        ? html`<div class="error" role="alert" data-testid="error-message">
            ${errorMessage(error)} <button type="button" @click=${() => this.rows.retry()}>Retry</button>
          </div>`
        : nothing}
      <div
        class="table"
        role="table"
        aria-label=${`Labels ranked by ${this.state.sort}`}
        aria-rowcount=${(total ?? 0) + 1}
        aria-busy=${loading}
        data-testid="ranked-table"
        data-total=${total ?? ""}
        data-loading=${loading}
      >
        <div class="row header" role="row" aria-rowindex="1" style=${styleMap({ gridTemplateColumns: template })}>
          <div role="columnheader" class="cell center"><span class="visually-hidden">Selected</span></div>
          ${columns.map((c) => this.sortHeader(c))}
          <div role="columnheader" class="cell" style="text-align:right">Actions</div>
        </div>
        ${total === null && loading ? html`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>` : nothing}
        ${total === 0 ? html`<div class="empty" data-testid="table-empty">No labels match the current filters.</div>` : nothing}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${LAYOUT}
          .items=${this.rows.items}
          .renderItem=${(i: number) => this.renderRow(i, columns, template)}
          @rangeChanged=${(e: RangeChangedEvent) => this.rows.onRange(e.first, e.last)}
        ></lit-virtualizer>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-table": RankedTable;
  }
}
