import { LitElement, html, css, nothing, svg, unsafeCSS, type PropertyValues } from "lit";
import { deepActiveElement } from "../../charts/focus.js";
import { customElement, property, state } from "lit/decorators.js";
import { styleMap } from "lit/directives/style-map.js";
import { FlowLayout } from "@lit-labs/virtualizer/layouts/flow.js";
import type { Api } from "../../shell/api.js";
import { errorMessage, isRefusedParameter } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import { requestFailure } from "../../shell/request-failure.js";
import { barStyle } from "../../charts/bars.js";
import { gapColor, identityColor, identityTextColor } from "../../charts/colors.js";
import { ACTIONS_REM, activeFilters, DEFAULT_Q_MAX, CHANGE_SORT, noFilters, changeSign, columnTitle, gridTemplate, Q_SCOPE, SELECT_REM, stickyCount, stickyFlex, tableColumns, tableMinWidth, type Column } from "./columns.js";
import type { Limits } from "./config.js";
import { debounce } from "../../charts/debounce.js";
import type { FlagLookup } from "./flags.js";
import { formatCount, formatTotal, plural } from "../../charts/format.js";
import { columnDigits, formatFixed, formatInterval, formatQ, formatStatement, whiskerStyle } from "../../charts/intervals.js";
import { csvUrl, defaultRuleProbeUrls, flaggedCsvUrl, looksLikeCompletePattern, tableUrl } from "./query.js";
import type { TableResponse, TableRow, TagInfo } from "./types.js";
import { nextSort, queryKey, toggleSelected, type ResolvedState } from "./view-state.js";
import { examplesIcon, eyeOffIcon, flagIcon, flagOutlineIcon } from "../../charts/icons.js";
import { PagedRows, syncScrollLeft, virtualRows } from "../../charts/paged-rows.js";
import { moreColumns, SidewaysCue, sidewaysCueStyles } from "../../charts/sideways-cue.js";
import { checkbox } from "../../charts/inputs.js";
import { sortHeader } from "../../charts/sort-header.js";
import { tableStyles } from "../../charts/table-styles.js";
import { baseStyles } from "../../charts/theme.js";
import { atLeastSpan, isolatedPoints, linePath, seriesExtent, zeroLine } from "../../charts/trends.js";
import { bulkQuestion, bulkVerb, type BulkAsk } from "./bulk.js";
import { emit, type BulkKind } from "./events.js";
import {
  EXPECTED_COUNTS_NOTE,
  formatExpectedCount,
  identityLabel,
  identityText,
  intersectionTitle,
  NO_PARTS,
  pairText,
  partsStyles,
  type IdentityParts,
} from "./identities.js";


const ROW_HEIGHT = 30;
/** A row's controls, which Up and Down move between rows and only one row's take the Tab key. */
const ROW_CONTROLS = new Set(["select-checkbox", "flag-button", "hide-button", "examples-button"]);

/** The virtualizer's handle on a row by index (absent from the tests' stand-in). */
type LitVirtualizer = HTMLElement & { element?(index: number): { scrollIntoView(options?: ScrollIntoViewOptions): void } | undefined };

function rowIndex(row: Element): number {
  return Number(row.getAttribute("aria-rowindex")) - 2;
}

/**
 * The row a key moves the focus to from row `at` (Up, Down, a page of `page` rows, Home, End), held
 * within 0 and `last`; null for any other key.
 */
export function rowAfterKey(key: string, at: number, last: number, page: number): number | null {
  const moves: Record<string, number> = { ArrowUp: at - 1, ArrowDown: at + 1, PageUp: at - page, PageDown: at + page, Home: 0, End: last };
  const to = moves[key];
  return to === undefined || last < 0 ? null : Math.min(Math.max(to, 0), last);
}
/**
 * Pause after a keystroke before a (complete-looking) search is sent: it
 * merges bursts (key repeat, input methods), not ordinary typing; the
 * backend answers a search of 100k labels in tens of milliseconds and the
 * table keeps showing the previous rows until the new ones arrive.
 */
export const SEARCH_DELAY_MS = 25;
/**
 * Pause before a search that does not parse is sent anyway (the backend says what is wrong): long enough
 * that a slow typist's half-typed "hai(" is not refused at every key.
 */
export const INCOMPLETE_SEARCH_DELAY_MS = 900;

/**
 * The virtualizer's flow layout for our fixed-height rows: it starts from
 * the right row height instead of guessing 100px and correcting, and keeps
 * four rows (about one mouse-wheel step) rendered beyond each edge of the
 * view instead of 1000px, so a jump (a new filter, scrolling to the end)
 * builds a half to a third as many row elements (each has a cell per identity).
 */
class RowLayout extends FlowLayout {
  constructor(...args: ConstructorParameters<typeof FlowLayout>) {
    super(...args);
    this._overhang = 4 * ROW_HEIGHT;
    this._itemSize = { width: 100, height: ROW_HEIGHT };
  }
}

const LAYOUT = { type: RowLayout };

function gapFormula(x1: string | null, x2: string | null, identityParts: IdentityParts): string {
  if (x1 === null || x2 === null) return "none (one identity)";
  const one = identityText(x1, identityParts);
  return x2 === "rest" ? `${one} \u2212 mean of the rest` : `${one} \u2212 ${identityText(x2, identityParts)}`;
}

/** Why a table logged without example ids offers no examples, and how to get them. */
export const NO_EXAMPLES = "Logged without example ids: pass example_ids= (or --id-column) when logging the table to see the examples behind each row";

/** The ranked labels: virtualised, paged from `table`, with flag/hide/select per row and in bulk. */
/** `gender=female` with a line break allowed after each "=" (never inside the attribute's name or value). */
function breakAfterEquals(text: string) {
  const parts = text.split("=");
  return html`${parts.map((part, i) => (i < parts.length - 1 ? html`${part}=<wbr />` : part))}`;
}

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
  /** a flag or hide of every label of the result, asked by the view with the labels it changes */
  @property({ attribute: false }) bulkAsk: BulkAsk | null = null;
  @property({ attribute: false }) limits!: Limits;
  /** the parts of intersectional identities (from the view, which collects them from every answer) */
  @property({ attribute: false }) identityParts: IdentityParts = NO_PARTS;
  /** What is typed in the search box and not yet sent; not reactive: typing must not re-render the rows. */
  private draft: string | null = null;
  private lastEmittedQ: string | null = null;
  private meta: TableResponse | null = null;
  private readonly rows = new PagedRows<TableRow>(this, () => ({ pageSize: this.limits.page_size, maxRequest: this.limits.max_limit }));
  // A search the browser's RegExp accepts goes out after a short pause (a
  // burst of keystrokes is one request); one it rejects, usually half-typed
  // like "hai(", waits until typing stops and then shows the backend's error.
  private readonly sendSearch = (q: string) => {
    this.lastEmittedQ = q;
    emit(this, "state-change", { q });
  };
  private readonly searchSoon = debounce(this.sendSearch, SEARCH_DELAY_MS);
  private readonly searchWhenIdle = debounce(this.sendSearch, INCOMPLETE_SEARCH_DELAY_MS);
  /** for an empty result without filters of the user's: how many rows each default rule left out */
  @state() private emptyWhy: { key: string; zero: number | null; identities: number | null } | null = null;
  private readonly emptyProbe = new LatestRequest(this);
  /** the row whose controls take the Tab key (`onRowKeydown`) */
  @state() private activeRow = 0;
  /** the columns past the rows' right edge (names), and whether the rows are scrolled sideways: the more-columns button */
  @state() private columnsPast: readonly string[] = [];
  @state() private scrolledSideways = false;
  /** the row the keys are moving the focus to, until it gets there */
  private movingTo: number | null = null;
  /** The row control that has (or had, until the virtualizer dropped its row) the focus; see keepFocusInView. */
  private rowFocus: { index: number; control: string } | null = null;

  static override styles = [
    baseStyles,
    tableStyles,
    sidewaysCueStyles,
    partsStyles,
    css`
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
        white-space: nowrap;
      }
      /* the summary is read whole: where the actions do not fit beside it, they wrap below */
      .bulk .total {
        flex: 0 1 auto;
        white-space: normal;
      }
      /* the actions wrap below the summary first, and split across lines only where they alone do not fit
         (200 % zoom: the row overflowed its pane) */
      .bulk .actions-group {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
      }
      .bulk .actions-group[hidden] {
        display: none;
      }
      .bulk .confirm {
        color: var(--text, #1f1f1f);
        white-space: normal;
      }
      .bulk button {
        padding: 1px 6px;
        flex: none;
      }
      /* the columns past the table's right edge, named above its right end (a shade alone was missed) */
      .bulk button.more-columns {
        margin-left: auto;
        color: var(--accent);
        font-weight: 600;
        white-space: nowrap;
      }
      .trendcell {
        display: flex;
        align-items: center;
        gap: 4px;
      }
      .trendcell svg {
        flex: none;
        overflow: visible;
      }
      .trendcell path {
        fill: none;
        stroke: var(--accent);
        stroke-width: 1.5;
        stroke-linecap: round;
        stroke-linejoin: round;
      }
      /* a step with no defined neighbour: a dot (about 4 px across once the cell scales the sparkline), not a speck of the line */
      .trendcell circle.dot {
        fill: var(--accent);
      }
      .trendcell line.zero {
        stroke: var(--border);
      }
      .trendcell .change {
        font-variant-numeric: tabular-nums;
        color: var(--muted);
      }
      .trendcell .change.significant {
        color: var(--fg);
        font-weight: 600;
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
      .row {
        min-width: var(--min-width);
        height: 30px; /* ROW_HEIGHT */
        padding-right: 4px;
        background: #fff;
      }
      /* Select, actions and label: one block that stays in view while the
         rows scroll sideways (one sticky element per row keeps painting cheap). */
      .lead {
        position: sticky;
        left: 0;
        align-self: stretch;
        display: flex;
        align-items: center;
        min-width: 0;
        background: inherit;
        box-shadow: 1px 0 0 #eef0f2;
        /* above the cells scrolled under it: faded cells (opacity) paint
           as their own layers, after the lead in the row's order */
        z-index: 1;
      }
      .lead > .select {
        flex: none;
        width: var(--select-width);
        display: flex;
        justify-content: center;
        padding: 0;
      }
      .lead > .actions {
        flex: none;
        width: var(--actions-width);
        padding: 0 2px;
      }
      .lead > .label {
        flex: ${unsafeCSS(stickyFlex({ id: "label", title: "", kind: "label", identity: null }))};
      }
      .lead > .k-gap {
        flex: ${unsafeCSS(stickyFlex({ id: "gap", title: "", kind: "gap", identity: null }))};
      }
      .lead > .k-q {
        flex: ${unsafeCSS(stickyFlex({ id: "q_value", title: "", kind: "q", identity: null }))};
      }
      .header-viewport {
        overflow: hidden;
        flex: none;
        border-bottom: 1px solid var(--border);
      }
      /* Rows the virtualizer keeps outside the visible part (its overhang)
         are not styled, laid out or painted until they scroll into view. */
      lit-virtualizer > .row {
        content-visibility: auto;
        contain-intrinsic-size: auto 30px;
      }
      .header {
        border-bottom: none;
      }
      /* rows are ROW_HEIGHT; the header grows to its tallest title (an
         intersection's chips take two lines), never cut top and bottom */
      .row.header {
        height: auto;
        min-height: 34px;
        padding-top: 2px;
        padding-bottom: 2px;
      }
      .header button {
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
      /* a count's header ends where its right-aligned numbers end: in a wide
         column, or one half scrolled under the label, they stay together */
      .header .k-count,
      .header .k-count button {
        display: flex;
        justify-content: flex-end;
      }
      .header .k-count button span.t {
        text-align: right;
      }
      /* an intersection's chips wrap onto a second line rather than being cut */
      .header button span.t.wrap {
        white-space: normal;
        padding: 2px 0;
      }
      .center {
        display: flex;
        justify-content: center;
      }
      /* A value and its bar, drawn as the cell's background (see barStyle):
         the zero line, the fill and the track, left of the number. */
      .valuecell {
        --r: 4rem; /* room for the number */
        --span: calc(100% - var(--r));
        text-align: right;
        font-variant-numeric: tabular-nums;
        background-origin: content-box;
        background-clip: content-box;
        /* top layer: the interval whisker (see whiskerStyle) */
        background-image:
          linear-gradient(#3c4043, #3c4043),
          linear-gradient(#9aa0a6, #9aa0a6),
          linear-gradient(var(--c, transparent), var(--c, transparent)),
          linear-gradient(#f1f3f4, #f1f3f4);
        background-repeat: no-repeat;
        background-size:
          calc(var(--ww, 0) * var(--span)) 2px,
          1px 14px,
          calc(var(--w, 0) * var(--span)) 10px,
          var(--span) 10px;
        background-position:
          calc(var(--wp, 0) * var(--span)) 50%,
          calc(var(--o, -1) * var(--span)) 50%,
          calc(var(--p, 0) * var(--span)) 50%,
          0 50%;
      }
      /* not significant at the current q: still readable, visibly quieter */
      .row.muted .valuecell,
      .row.muted .num {
        opacity: 0.5;
      }
      .row.hovered {
        background: var(--hover);
      }
      .row.selected {
        background: var(--selected);
      }
      .row.selected.hovered {
        background: #f6e7c1;
      }
      /* the Examples panel's label: framed over its cells, sticky ones included */
      .row.examined::after {
        content: "";
        position: absolute;
        inset: 0;
        border: 2px solid var(--accent);
        pointer-events: none;
        z-index: 3;
      }
      .row.hidden-label .label {
        color: var(--muted);
        font-style: italic;
      }
      .placeholder {
        color: var(--muted);
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-start;
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
      /* a hidden label's button is filled, not only darker (WCAG 1.4.1), as a set flag is */
      .actions button[aria-pressed="true"].hide {
        color: #fff;
        background: #1f1f1f;
        border-radius: 3px;
      }
      .status {
        min-height: 18px;
      }
      /* a bad search pattern: the user's input to fix, said beside the box */
      .search-error {
        margin: -4px 0 6px;
        color: var(--danger);
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      .sort-note {
        margin: 0 0 6px;
        color: var(--muted);
        font-size: 12px;
      }
      .empty button {
        margin: 6px 8px 0 0;
      }
      .expected {
        display: flex;
        gap: 6px;
        align-items: center;
        margin: 0 0 6px;
        color: var(--muted);
        font-size: 12px;
      }
      .expected .badge {
        flex: none;
        width: 16px;
        height: 16px;
        border-radius: 50%;
        background: #e8f0fe;
        color: #1a56c4;
        font-weight: 700;
        text-align: center;
        line-height: 16px;
      }
    `,
  ];

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.searchSoon.cancel();
    this.searchWhenIdle.cancel();
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
      // The rows on screen stay (dimmed) until the new query's first page
      // replaces them: no flash of an empty table, and the row elements are
      // updated in place instead of being rebuilt.
      const changedKey = this.rows.setQuery(
        key,
        async (offset, limit, signal) => {
          let loaded: TableResponse | null = null;
          try {
            const page = await this.api.get<TableResponse>(tableUrl(s, offset, limit, this.hasTrend()), signal);
            if (!signal.aborted) {
              this.meta = page;
              loaded = page;
            }
            return { rows: page.rows, total: page.total };
          } catch (error) {
            // a refused search from a link (not typed here): the view drops it; a typed one is said beside the box
            if (!signal.aborted && isRefusedParameter(error, "q") && s.q !== "") {
              emit(this, "search-refused", { q: s.q, message: errorMessage(error), typed: s.q === this.lastEmittedQ });
            }
            throw error;
          } finally {
            if (!signal.aborted) {
              emit(
                this,
                "rows-loaded",
                loaded && {
                  description: loaded.description ?? null,
                  identityParts: loaded.identity_parts ?? NO_PARTS,
                  leftOut: loaded.left_out ?? {},
                },
              );
            }
          }
        },
        { keepRows: true, fromTop: !sameRows },
      );
      if (changedKey && !sameRows) {
        const scroller = this.renderRoot.querySelector("lit-virtualizer");
        if (scroller) scroller.scrollTop = 0;
        // a row that goes with the old result never gets its mouse-leave: its hover would stay
        if (this.hovered !== null) emit(this, "hover-label", null);
      }
    }
  }

  /** The leading columns inside the sticky block (label, gap, q); at least the label. */
  private sticky(columns: readonly Column[]): number {
    return Math.max(1, stickyCount(columns));
  }

  /** The trend column is shown (and asked for) when the tag has more than one step. */
  private hasTrend(): boolean {
    return this.info.steps.length > 1;
  }

  private columns(): Column[] {
    return tableColumns(
      this.info.identities,
      this.state.metric,
      this.state.showCounts,
      this.state.x2 !== null,
      this.info.kind === "counts",
      this.hasTrend(),
    );
  }

  private onSearch(event: Event) {
    const value = (event.target as HTMLInputElement).value;
    this.draft = value;
    if (looksLikeCompletePattern(value)) {
      this.searchWhenIdle.cancel();
      this.searchSoon(value);
    } else {
      this.searchSoon.cancel();
      this.searchWhenIdle(value);
    }
  }

  private change(patch: Partial<ResolvedState>) {
    emit(this, "state-change", patch);
  }

  /** the bulk button whose question is open: it takes the focus back once answered */
  private bulkOpener: string | null = null;

  private bulk(kind: BulkKind, on: boolean, opener: string | null = null) {
    this.bulkOpener = opener;
    emit(this, "bulk-op", { kind, on });
  }

  /** What a flag or hide of every label asks before it is saved: how many labels it changes, and where it is kept. */
  private bulkConfirm(ask: BulkAsk) {
    const verb = bulkVerb(ask.kind, ask.on);
    const answer = (confirmed: boolean) => emit(this, "bulk-answer", { confirmed });
    const { labels, total } = ask;
    // shown at once, counting first: Escape or Cancel pressed before the count arrives is not lost
    return html`<span class="actions-group confirm" role="alertdialog" aria-label=${`${verb} every label of the result`}
        data-testid="bulk-confirm" @keydown=${(e: KeyboardEvent) => e.key === "Escape" && answer(false)}>
      <span data-testid="bulk-confirm-text"
        >${labels === null || total === null ? "Counting the labels of the result\u2026" : bulkQuestion({ ...ask, labels, total }, this.state.tag)}</span>
      ${labels === null
        ? nothing
        : html`<button type="button" data-testid="bulk-confirm-button" @click=${() => answer(true)}>${verb} ${formatCount(labels.length)}</button>`}
      <button type="button" data-testid="bulk-cancel-button" @click=${() => answer(false)}>Cancel</button>
    </span>`;
  }



  private sortHeader(column: Column) {
    const s = this.state;
    const active = s.sort === column.id;
    const gap = column.kind === "gap";
    const trend = column.kind === "trend";
    const p = this.identityParts;
    const pair = pairText(s.x1, s.x2, p);
    const of = column.identity === null ? "" : intersectionTitle(column.identity, p);
    // an intersection shows its parts as chips (which wrap); a single identity its name
    // an attribute's identity ("gender=female", as tb-bias log --identity-column names it) may break after
    // its "=", so a narrow column shows "gender=" over "female", not "gender=fe…" (its tooltip says it whole)
    const breakable = !of && column.identity !== null && column.title.includes("=");
    const content = of
      ? column.kind === "count" ? html`C(${identityLabel(column.identity!, p)}, y)` : identityLabel(column.identity!, p)
      : breakable ? breakAfterEquals(column.title) : column.title;
    return sortHeader({
      testid: `sort-header-${column.id}`,
      className: column.kind === "label" ? "cell label" : ["gap", "q", "count"].includes(column.kind) ? `cell k-${column.kind}` : "cell",
      title: gap
        ? `gap of ${s.metric}: ${pair}`
        : trend
          ? `${s.x2 === null ? "value" : "gap"} at every step, and its change from the first to the last step (${changeSign(s.x1, s.x2)}); sorts by the ${columnTitle(CHANGE_SORT)}`
          : `${columnTitle(column.id)}${of ? `, the ${of}` : ""}`,
      ariaLabel: gap ? `Gap, ${pair}` : columnTitle(column.id),
      content: html`<span
        class=${of || breakable ? "t wrap" : "t"}
        style=${styleMap({ color: column.kind === "value" ? identityTextColor(this.info.identities, column.identity) : "" })}
        >${content}</span
      >`,
      active,
      order: s.order,
      onSort: () => this.change(nextSort(s, column.id)),
    });
  }

  /** One cell; `row` is undefined while its page loads (same markup, so the DOM is reused). */
  private cell(row: TableRow | undefined, column: Column) {
    const s = this.state;
    const identities = this.info.identities;
    switch (column.kind) {
      case "label":
        return html`<div role="rowheader" class="cell label" data-testid="cell-label" title=${row ? row.label : ""}
          >${row ? row.label : "Loading\u2026"}</div
        >`;
      case "value": {
        const v = row ? (row.values[column.identity ?? ""] ?? null) : null;
        const bounds = row?.bounds?.[column.identity ?? ""] ?? null;
        const digits = columnDigits(this.valueDomain);
        return html`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-value"
          data-identity=${column.identity ?? ""}
          title=${bounds ? `${formatFixed(v, digits)} ${formatInterval(bounds[0], bounds[1], digits)} at ${Math.round(s.level * 100)}%` : ""}
          style=${[barStyle(v, this.valueDomain, identityColor(identities, column.identity)), bounds ? whiskerStyle(bounds[0], bounds[1], this.valueDomain) : ""].filter(Boolean).join(";")}
        >${row ? formatFixed(v, digits) : ""}</div>`;
      }
      case "gap": {
        const gap = row ? row.gap : null;
        const digits = columnDigits(this.gapDomain);
        const interval = row && row.gap_low !== undefined ? ([row.gap_low ?? null, row.gap_high ?? null] as const) : null;
        return html`<div
          role="cell"
          class="cell valuecell k-gap"
          data-testid="cell-gap"
          data-low=${interval?.[0] ?? ""}
          data-high=${interval?.[1] ?? ""}
          title=${interval ? `gap ${formatFixed(gap, digits, true)}, ${Math.round(s.level * 100)}% interval ${formatInterval(interval[0], interval[1], digits)}` : ""}
          style=${[barStyle(gap, this.gapDomain, gapColor(identities, s.x1, s.x2, gap)), interval ? whiskerStyle(interval[0], interval[1], this.gapDomain) : ""].filter(Boolean).join(";")}
        >${row ? formatFixed(gap, digits, true) : ""}</div>`;
      }
      case "q":
        return html`<div role="cell" class="cell num k-q" data-testid="cell-q" title=${row?.p_value != null ? `${formatStatement("p", row.p_value)}; ${formatStatement("q", row.q_value)} ${Q_SCOPE}` : ""}
          >${row ? formatQ(row.q_value) : ""}</div
        >`;
      case "trend":
        return this.trendCell(row);
      case "count": {
        const n = !row ? null : column.identity === null ? row.count : (row.cooccurrence?.[column.identity] ?? null);
        // C(x, y) of identities given as probabilities: an expected count, shown with its decimals
        const expected = column.identity !== null && this.meta?.expected_counts === true;
        return html`<div role="cell" class="cell num" data-testid="cell-count"
          >${row ? (expected ? formatExpectedCount(n) : formatCount(n)) : ""}</div
        >`;
      }
    }
  }

  /** A sparkline of the gap across steps and the change from the first to the last step. */
  private trendCell(row: TableRow | undefined) {
    const values = row?.trend ?? [];
    // at least a twentieth of the column's range high (the gap's, or with one identity its value's): small
    // changes look small, and ranked ones show
    const [low, high] = this.state.x2 === null ? this.valueDomain : this.gapDomain;
    const domain = atLeastSpan(seriesExtent(values), (high - low) / 20);
    const width = 56;
    const height = 18;
    const zero = zeroLine(height, domain);
    const change = row?.change ?? null;
    const significant = row?.change_q != null && row.change_q <= (this.state.qMax ?? DEFAULT_Q_MAX);
    const digits = columnDigits(this.gapDomain);
    const title = row
      ? `${formatFixed(values[0] ?? null, digits, true)} \u2192 ${formatFixed(values[values.length - 1] ?? null, digits, true)} over ${plural(values.length, "step")} ` +
        // each row's line has its own scale (a shared one flattens most rows): its height is said
        `(the line's height spans ${formatFixed(domain[0], digits, true)} to ${formatFixed(domain[1], digits, true)}, this row's own scale); ` +
        `change ${formatFixed(change, digits, true)} ${formatInterval(row.change_low ?? null, row.change_high ?? null, digits)}; ${formatStatement("p", row.change_p)}, ${formatStatement("q", row.change_q)} ${Q_SCOPE}`
      : "";
    return html`<div role="cell" class="cell trendcell" data-testid="cell-trend" data-points=${values.length} data-change=${change ?? ""} title=${title}>
      <svg width=${width} height=${height} viewBox=${`-2 -2 ${width + 4} ${height + 4}`} aria-hidden="true">
        ${zero === null ? nothing : svg`<line class="zero" x1="0" x2=${width} y1=${zero} y2=${zero}></line>`}
        <path d=${linePath(values, width, height, domain)}></path>
        ${isolatedPoints(values, width, height, domain).map((p) => svg`<circle class="dot" cx=${p.x} cy=${p.y} r="2.4"></circle>`)}
      </svg>
      <span class=${significant ? "change significant" : "change"}>${row ? formatFixed(change, digits, true) : ""}</span>
    </div>`;
  }

  // Row handlers are shared by every row (no closures per row and render);
  // they find the row's label on the row element.
  private rowLabel(event: Event): string | null {
    const rowEl = (event.currentTarget as Element).closest<HTMLElement>("[role=row]");
    return rowEl?.dataset["label"] ?? null;
  }

  private readonly onRowEnter = (event: Event) => {
    const label = this.rowLabel(event);
    if (label !== null) emit(this, "hover-label", label);
    if (event.type !== "focusin") return;
    this.activeRow = rowIndex(event.currentTarget as Element);
    const control = (event.target as Element).getAttribute("data-testid");
    this.rowFocus = control && ROW_CONTROLS.has(control) ? { index: this.activeRow, control } : null;
  };

  /**
   * Focus given to something else forgets the row's control; focus lost to nothing is kept a frame, and
   * forgotten if its control is still drawn there (the reader clicked the page): the virtualizer removes
   * a row that leaves its range, and the focus with it.
   */
  private forgetRowFocus(event: FocusEvent) {
    if (event.relatedTarget !== null) {
      this.rowFocus = null;
      return;
    }
    const left = event.target as Element;
    const held = this.rowFocus;
    requestAnimationFrame(() => {
      const row = left.isConnected ? left.closest("[role=row]") : null;
      if (held === this.rowFocus && row && rowIndex(row) === held?.index) this.rowFocus = null;
    });
  }

  /**
   * The layout moved or shrank the rows (the selected labels' plot opened above them): the row control the
   * reader was on stays focused and on screen (WCAG 2.4.3, 2.4.11), not dropped with its row or pushed
   * below the window.
   */
  keepFocusInView() {
    const held = this.rowFocus;
    const active = deepActiveElement();
    if (!held || !document.hasFocus() || (active !== null && !active.closest("[role=row]"))) return;
    const scroller = this.renderRoot.querySelector("lit-virtualizer") as LitVirtualizer | null;
    scroller?.element?.(held.index)?.scrollIntoView({ block: "nearest" });
    this.activeRow = held.index;
    this.focusRowControl(held.index, held.control, 30, true);
  }

  /**
   * One row's controls take the Tab key at a time (the row last focused; a table of a thousand rows was
   * four thousand tab stops): Up and Down move to the same control of the row above or below.
   */
  private readonly onRowKeydown = (event: KeyboardEvent) => {
    const control = (event.target as Element).closest("[data-testid]")?.getAttribute("data-testid");
    const scroller = this.renderRoot.querySelector("lit-virtualizer") as LitVirtualizer | null;
    const last = (this.rows.total ?? 0) - 1;
    // from the row the last move went to: a held key outruns the focus, which follows a frame or more later
    const next = rowAfterKey(event.key, this.activeRow, last, Math.max(1, Math.floor((scroller?.clientHeight ?? 0) / ROW_HEIGHT) - 1));
    if (!control || !ROW_CONTROLS.has(control) || next === null) return;
    // the rows' scroller would scroll instead, and take the focused row away with it
    event.preventDefault();
    event.stopPropagation();
    if (next === this.activeRow) return;
    this.activeRow = next;
    this.movingTo = next;
    scroller?.element?.(next)?.scrollIntoView({ block: "nearest" });
    this.focusRowControl(next, control, 30);
  };

  /** Focuses a row's control once the row is drawn and its page loaded (a few frames at most). */
  private focusRowControl(index: number, control: string, frames: number, reveal = false) {
    void this.updateComplete.then(() =>
      requestAnimationFrame(() => {
        if (this.activeRow !== index) return; // moved on meanwhile
        const target = this.renderRoot.querySelector<HTMLElement>(`[aria-rowindex="${index + 2}"] [data-testid="${control}"]`);
        if (target && !target.hidden) {
          // the virtualizer scrolled the row into view; the focus would also scroll the rows sideways
          if (deepActiveElement() !== target) target.focus({ preventScroll: true });
          // in view of the page's scroller too (it is in the rows' already)
          if (reveal) target.scrollIntoView({ block: "nearest", inline: "nearest" });
          this.movingTo = null;
        } else if (frames > 0) this.focusRowControl(index, control, frames - 1, reveal);
        else this.movingTo = null;
      }),
    );
  }

  /** Scrolled away from the row that takes the Tab key: the first row drawn takes it, so Tab never skips the rows. */
  private readonly onRowRange = (first: number, last: number) => {
    if (this.movingTo !== null) return; // the keys are taking the focus there
    // a focused row outside the range is about to be taken away (a long scroll): its index is no help then
    const focused = (this.renderRoot as ShadowRoot).activeElement?.closest('[role="row"]');
    const held = focused ? rowIndex(focused) : null;
    if (held !== null && held >= first && held <= last) return;
    if (this.activeRow >= first && this.activeRow <= last && held === null) return;
    // the first row in view, not the first drawn: the virtualizer draws rows above the view too
    const scroller = this.renderRoot.querySelector("lit-virtualizer");
    const inView = Math.ceil((scroller?.scrollTop ?? 0) / ROW_HEIGHT);
    this.activeRow = Math.min(Math.max(inView, first), last);
  };

  private readonly onRowLeave = (event: Event) => {
    if (this.rowLabel(event) !== null) emit(this, "hover-label", null);
    if (event.type === "focusout") this.forgetRowFocus(event as FocusEvent);
  };

  private readonly onSelectChange = (event: Event) => {
    const label = this.rowLabel(event);
    if (label === null) return;
    const on = (event.target as HTMLInputElement).checked;
    this.change({ selected: toggleSelected(this.state.selected, [label], on, this.limits.max_selected) });
  };

  private readonly onFlagClick = (event: Event) => {
    const label = this.rowLabel(event);
    if (label !== null) emit(this, "flag-op", { kind: "flagged", labels: [label], on: !this.flags.flagged.has(label) });
  };

  private readonly onHideClick = (event: Event) => {
    const label = this.rowLabel(event);
    if (label !== null) emit(this, "flag-op", { kind: "hidden", labels: [label], on: !this.flags.hidden.has(label) });
  };

  private readonly onExamplesClick = (event: Event) => {
    const label = this.rowLabel(event);
    if (label !== null) emit(this, "show-examples", label);
  };

  /**
   * A row's flag or hide button (same markup, hidden, while the row loads): its name stays "Flag X", and
   * aria-pressed says whether it is on (a name that flips to "Unflag X" says the state twice, or contradicts it).
   */
  private toggleButton(
    kind: "flag" | "hide",
    verb: string,
    pressed: boolean,
    loading: boolean,
    label: string,
    onClick: (event: Event) => void,
    icon: unknown,
    tab: number,
  ) {
    return html`<button
      type="button"
      class=${kind}
      data-testid=${`${kind}-button`}
      tabindex=${tab}
      ?hidden=${loading}
      aria-pressed=${pressed}
      aria-label=${`${verb} ${label}`}
      title=${verb}
      ?disabled=${this.busy}
      @click=${onClick}
    >
      ${icon}
    </button>`;
  }

  /**
   * The row's action buttons, in order (ROW_ACTIONS of them: the cell's
   * width follows that count); hidden, same markup, while the row loads.
   */
  private rowActions(row: TableRow | undefined, label: string, flagged: boolean, hidden: boolean, tab: number) {
    const loading = row === undefined;
    return [
      this.toggleButton("flag", "Flag", flagged, loading, label, this.onFlagClick, flagged ? flagIcon : flagOutlineIcon, tab),
      this.toggleButton("hide", "Hide", hidden, loading, label, this.onHideClick, eyeOffIcon, tab),
      // tables of precomputed values hold no examples; a table logged without ids says how to get them
      this.info.kind === "counts"
        ? html`<button type="button" data-testid="examples-button" tabindex=${tab} ?hidden=${loading} aria-label=${`Examples of ${label}`}
            ?disabled=${this.info.examples_per_cell === 0}
            title=${this.info.examples_per_cell === 0 ? NO_EXAMPLES : "Examples"} @click=${this.onExamplesClick}>${examplesIcon}</button>`
        : nothing,
    ];
  }

  /**
   * A row; while its page loads, the same markup with empty cells, so that
   * the arriving data only updates text and attributes.
   */
  private renderRow(index: number, columns: Column[]) {
    const row = this.rows.cache.get(index);
    const label = row ? row.label : "";
    const flagged = row !== undefined && this.flags.flagged.has(label);
    const hidden = row !== undefined && this.flags.hidden.has(label);
    const selected = row !== undefined && this.selected.has(label);
    // the row whose examples the panel above shows
    const examined = row !== undefined && this.state.examples === label;
    const tab = index === this.activeRow ? 0 : -1;
    const classes = [
      "row",
      row ? "data" : "placeholder",
      selected ? "selected" : "",
      hidden ? "hidden-label" : "",
      row?.q_value != null && row.q_value > (this.state.qMax ?? DEFAULT_Q_MAX) ? "muted" : "",
      row !== undefined && this.hovered === label ? "hovered" : "",
      examined ? "examined" : "",
      row !== undefined && this.rows.cache.isStale(index) ? "stale" : "",
    ].join(" ");
    return html`<div
      class=${classes}
      role="row"
      aria-rowindex=${index + 2}
      aria-selected=${row ? String(selected) : nothing}
      aria-current=${examined ? "true" : nothing}
      aria-busy=${row ? nothing : "true"}
      data-testid=${row ? "table-row" : "table-row-placeholder"}
      data-label=${row ? label : nothing}
      data-rank=${row ? index + 1 : nothing}
      @mouseenter=${this.onRowEnter}
      @mouseleave=${this.onRowLeave}
      @focusin=${this.onRowEnter}
      @focusout=${this.onRowLeave}
      @keydown=${this.onRowKeydown}
    >
      <div class="lead" role="none">
      <div role="cell" class="cell select">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          tabindex=${tab}
          ?hidden=${!row}
          aria-label=${`Select ${label} for parallel coordinates`}
          .checked=${selected}
          @change=${this.onSelectChange}
        />
      </div>
      <div role="cell" class="cell actions">${this.rowActions(row, label, flagged, hidden, tab)}</div>
      ${columns.slice(0, this.sticky(columns)).map((c) => this.cell(row, c))}
      </div>
      ${columns.slice(this.sticky(columns)).map((c) => this.cell(row, c))}
    </div>`;
  }

  private toolbar() {
    const s = this.state;
    // the server names the file after what it holds (run, tag, step, metric, pair, threshold)
    const csv = csvUrl(s);
    const flaggedCsv = flaggedCsvUrl(s);
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
            aria-invalid=${this.inputError() ? "true" : "false"}
            aria-describedby=${this.inputError() ? "search-error" : nothing}
            @input=${this.onSearch}
            @keydown=${(e: KeyboardEvent) => {
              if (e.key !== "Enter") return;
              this.searchSoon.flush();
              this.searchWhenIdle.flush();
            }}
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
        ${checkbox("counts-toggle", s.showCounts, (showCounts) => this.change({ showCounts }), "Counts", "toggle")}
        ${checkbox("flagged-only-toggle", s.flaggedOnly, (flaggedOnly) => this.change({ flaggedOnly }), "Flagged only", "toggle")}
        ${checkbox("show-hidden-toggle", s.showHidden, (showHidden) => this.change({ showHidden }), "Show hidden", "toggle")}
        <div class="downloads">
          <a href=${csv} download data-testid="csv-link">Download CSV</a>
          <a href=${flaggedCsv} download data-testid="flagged-csv-link">Flagged CSV</a>
        </div>
      </div>
      ${this.inputError() /* under the toolbar, which keeps its layout */
        ? html`<div class="search-error" role="alert" id="search-error" data-testid="search-error">${this.inputError()}</div>`
        : nothing}
    `;
  }

  private summary(total: number | null): string {
    // a refused search shows no label, and says of how many (the count line kept its place)
    const parts = [formatTotal(total ?? (this.inputError() ? 0 : null), this.info.num_labels)];
    if (this.meta?.num_examples) parts.push(`${formatCount(this.meta.num_examples)} examples`);
    parts.push(`${this.state.metric}, gap = ${gapFormula(this.state.x1, this.state.x2, this.identityParts)}`);
    // smoothing changes every value: said where the numbers are read
    if (this.state.smoothing > 0) parts.push(`smoothing ${this.state.smoothing}`);
    return parts.filter((p) => p !== "").join(" \u00b7 ");
  }

  private bulkBar(total: number | null) {
    const none = !total || this.busy || this.inputError() !== "";
    // Unhide stays while hidden labels may match: a result whose rows are all hidden shows none
    const noHidden = none && (total !== 0 || this.busy || this.state.showHidden || this.flags.hidden.size === 0);
    return html`<div class="bulk" role="group" aria-label="Actions on every label of the result">
      <span class="total" data-testid="table-total" aria-live="polite" title=${this.summary(total)}>${this.summary(total)}</span>
      ${this.bulkAsk ? this.bulkConfirm(this.bulkAsk) : nothing}
      <span class="actions-group" ?hidden=${this.bulkAsk !== null}>
      <span aria-hidden="true">\u00b7 all:</span>
      <button type="button" data-testid="flag-all-button" ?disabled=${none} @click=${() => this.bulk("flagged", true, "flag-all-button")}>Flag</button>
      <button type="button" data-testid="unflag-all-button" ?disabled=${none} @click=${() => this.bulk("flagged", false, "unflag-all-button")}>Unflag</button>
      <button type="button" data-testid="hide-all-button" ?disabled=${none} @click=${() => this.bulk("hidden", true, "hide-all-button")}>Hide</button>
      <button type="button" data-testid="unhide-all-button" ?disabled=${noHidden} @click=${() => this.bulk("hidden", false, "unhide-all-button")}>Unhide</button>
      <button type="button" data-testid="select-all-button" ?disabled=${none} @click=${() => this.bulk("selected", true)}>Select</button>
      <button
        type="button"
        data-testid="clear-selection-button"
        ?disabled=${this.state.selected.length === 0}
        @click=${() => this.change({ selected: [] })}
      >
        Clear selection
      </button>
      </span>
      ${this.moreColumnsButton()}
    </div>`;
  }

  /** Above the table's right end: the columns past its edge, named, and a click (or Enter) that scrolls to them, then back. */
  private moreColumnsButton() {
    const more = moreColumns(this.columnsPast, this.scrolledSideways);
    if (more === null) return nothing;
    // named by its text, described by its tooltip (an aria-label equal to the title was read twice)
    return html`<button type="button" class="more-columns" data-testid="more-columns" title=${more.title}
      @click=${this.scrollSideways}>${more.text}</button>`;
  }

  /** The header cells that scroll sideways (after the sticky block), with their columns. */
  private scrollingHeaders(): { cell: Element; column: Column }[] {
    const columns = this.columns();
    const cells = [...this.renderRoot.querySelectorAll('[data-testid="table-header"] .row.header > [role="columnheader"]')];
    return cells.map((cell, i) => ({ cell, column: columns.slice(this.sticky(columns))[i]! })).filter((h) => h.column !== undefined);
  }

  /** The rows' visible right edge, and the sticky block's right edge, in the viewport. */
  private sidewaysEdges(rows: Element): { right: number; lead: number } {
    const box = rows.getBoundingClientRect();
    const lead = this.renderRoot.querySelector('[data-testid="table-header"] .lead')?.getBoundingClientRect().right ?? box.left;
    return { right: box.left + rows.clientWidth, lead };
  }

  /** What the more-columns button says: the columns past the edge, and whether the rows are scrolled. */
  private measureSideways(): void {
    const rows = this.renderRoot.querySelector("lit-virtualizer");
    if (!rows || rows.clientWidth === 0) {
      if (this.columnsPast.length) this.columnsPast = [];
      this.scrolledSideways = false;
      return;
    }
    const { right } = this.sidewaysEdges(rows);
    const p = this.identityParts;
    const past = this.scrollingHeaders()
      .filter((h) => h.cell.getBoundingClientRect().right > right + 1)
      .map(({ column: c }) => (c.identity === null ? c.title : c.kind === "count" ? `C(${identityText(c.identity, p)}, y)` : identityText(c.identity, p)));
    if (past.join("\n") !== this.columnsPast.join("\n")) this.columnsPast = past;
    this.scrolledSideways = rows.scrollLeft > 1;
  }

  /** The first column past the edge brought next to the sticky block; at the end, back to the start. */
  private readonly scrollSideways = () => {
    const rows = this.renderRoot.querySelector("lit-virtualizer");
    if (!rows) return;
    const { right, lead } = this.sidewaysEdges(rows);
    const next = this.scrollingHeaders().find((h) => h.cell.getBoundingClientRect().right > right + 1);
    rows.scrollLeft = next ? rows.scrollLeft + next.cell.getBoundingClientRect().left - lead : 0;
    syncScrollLeft(rows, this.renderRoot.querySelector(".header-viewport"));
    this.measureSideways();
  };

  /** Tables of identities given as probabilities say that their counts are expected counts. */
  private expectedNote() {
    if (this.meta?.expected_counts !== true) return nothing;
    return html`<p
      class="expected"
      role="note"
      data-testid="expected-counts-note"
      title="Each example added its probability of each identity: C(x) and C(x, y) are sums of probabilities, not whole numbers, and every metric and interval is computed from them."
    >
      <span class="badge" aria-hidden="true">\u2248</span>${EXPECTED_COUNTS_NOTE}.
    </p>`;
  }

  override render() {
    const columns = this.columns();
    const template = gridTemplate(columns);
    const cache = this.rows.cache;
    const total = this.rows.total;
    const error = cache.error;
    const loading = this.rows.loading;
    return html`
      ${this.toolbar()} ${this.bulkBar(total)} ${this.expectedNote()}
      ${error && !this.inputError() ? requestFailure({ error, retry: () => this.rows.retry() }) : nothing}
      ${this.sortNote()}
      <div
        class="table"
        role="table"
        aria-label=${`Labels ranked by ${this.state.sort}`}
        aria-rowcount=${(total ?? 0) + 1}
        aria-busy=${loading}
        data-testid="ranked-table"
        data-total=${total ?? ""}
        data-loading=${loading}
        style=${`--cols: ${template}; --min-width: ${tableMinWidth(columns)}rem; --select-width: ${SELECT_REM}rem; --actions-width: ${ACTIONS_REM}rem`}
      >
        <div class="header-viewport" data-testid="table-header" @scroll=${this.onHeaderScroll}>
          <div class="row header" role="row" aria-rowindex="1">
            <div class="lead" role="none">
              <div role="columnheader" class="cell select"><span class="visually-hidden">Selected</span></div>
              <div role="columnheader" class="cell actions" title="Flag, hide or see the examples of a label">
                <span class="visually-hidden">Flag, hide, examples</span>
              </div>
              ${columns.slice(0, this.sticky(columns)).map((c) => this.sortHeader(c))}
            </div>
            ${columns.slice(this.sticky(columns)).map((c) => this.sortHeader(c))}
          </div>
        </div>
        ${total === null && loading ? html`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>` : nothing}
        ${total === null && !loading && this.inputError()
          ? html`<div class="empty" data-testid="table-search-refused">No labels shown: the search pattern was refused (said above). Fix it or clear the search.</div>`
          : nothing}
        ${total === 0 ? this.emptyMessage() : nothing}
        ${virtualRows(this.rows, LAYOUT, (i) => this.renderRow(i, columns), this.onRowsScroll, this.onRowRange)}
      </div>
    `;
  }

  /**
   * A search the server refused (a 4xx naming `q`: a pattern RE2 refuses,
   * one too slow to run): said beside the search box, with no Retry, since
   * asking again cannot help. Any other refusal is said above the table.
   */
  private inputError(): string {
    const error = this.rows.cache.error;
    return isRefusedParameter(error, "q") && this.state.q !== "" ? errorMessage(error) : "";
  }

  /** The trend sort ranks by a bound, not by the number shown, whose sign is a direction: say both where the table is. */
  private sortNote() {
    if (this.state.sort !== CHANGE_SORT) return nothing;
    return html`<p class="sort-note" data-testid="sort-note">
      Ranked by the bound of the ${Math.round(this.state.level * 100)}% interval of the change nearest 0 (a change whose interval
      holds 0 ranks as 0); the number shown is the change itself: ${changeSign(this.state.x1, this.state.x2)}.
    </p>`;
  }

  /** Filters the user set; with none, an empty result comes from a default rule. */
  private hasUserFilters(): boolean {
    return activeFilters(this.state).length > 0;
  }

  protected override updated(changed: PropertyValues<this>) {
    // the confirmation takes the focus, so that Escape cancels it from the keyboard
    if (changed.has("bulkAsk") && this.bulkAsk) {
      (this.renderRoot.querySelector('[data-testid="bulk-cancel-button"]') as HTMLElement | null)?.focus();
    } else if (this.bulkOpener && !this.bulkAsk && (changed.has("bulkAsk") || changed.has("busy"))) {
      // answered: the focus goes back to the button that asked, not to the page's body with the question's
      // buttons; answered while the labels were still read, that button is disabled until they are: then.
      // Focus the user gave elsewhere meanwhile (typing a search, which drops the question; TensorBoard's
      // own page, outside the plugin's frame) stays there.
      if (deepActiveElement() !== null || !document.hasFocus()) {
        this.bulkOpener = null;
        return this.explainEmpty();
      }
      const opener = this.renderRoot.querySelector<HTMLButtonElement>(`[data-testid="${this.bulkOpener}"]`);
      const target = opener && !opener.disabled ? opener : this.busy ? null : this.renderRoot.querySelector<HTMLElement>('[data-testid="search-input"]');
      if (target) {
        target.focus();
        this.bulkOpener = null;
      }
    }
    this.explainEmpty();
  }

  /** An empty result with no filter of the user's: asks which default rule emptied it. */
  private explainEmpty() {
    if (this.rows.total !== 0 || this.hasUserFilters()) return;
    const key = `${queryKey(this.state)}|${this.revision}`;
    if (this.emptyWhy?.key === key) return;
    this.emptyWhy = { key, zero: null, identities: null };
    const urls = defaultRuleProbeUrls(this.state);
    const count = (url: string | null, signal: AbortSignal) =>
      url === null ? Promise.resolve(null) : this.api.get<TableResponse>(url, signal).then((r) => r.total);
    this.emptyProbe.run(
      (signal) => Promise.all([count(urls.zero, signal), count(urls.identities, signal)]),
      ([zero, identities]) => (this.emptyWhy = { key, zero, identities }),
      () => undefined, // the plain message stays
    );
  }

  private emptyMessage() {
    const why = this.emptyWhy;
    const key = `${queryKey(this.state)}|${this.revision}`;
    const known = why && why.key === key && !this.hasUserFilters() ? why : null;
    const rules = [];
    if (known?.zero) {
      rules.push(html`<p data-testid="empty-rule-zero">
          ${plural(known.zero, "label")} never seen with ${this.state.x2 === "rest" ? "some identity" : "one of the pair"} ${known.zero === 1 ? "is" : "are"} left out by
          default (their gap compares an association with nothing).
        </p>
        <button type="button" data-testid="empty-include-zero" @click=${() => this.change({ includeZero: true })}>
          Include labels never seen with the pair
        </button>`);
    }
    if (known?.identities) {
      rules.push(html`<p data-testid="empty-rule-identities">
          ${plural(known.identities, "identity label")} ${known.identities === 1 ? "is" : "are"} left out by default (an identity label's
          association with its own identity is no finding).
        </p>
        <button type="button" data-testid="empty-include-identities" @click=${() => this.change({ includeIdentities: true })}>
          Include the identity labels
        </button>`);
    }
    return html`<div class="empty" data-testid="table-empty">
      ${rules.length
        ? html`<p>No labels to rank: the default rules left none.</p>${rules}`
        : this.hasUserFilters()
          ? this.filteredOut()
          : "No labels to rank in this table."}
    </div>`;
  }

  /** An empty result of the user's filters: which ones, and a way to drop them all. */
  private filteredOut() {
    const s = this.state;
    const noneFlagged = s.flaggedOnly && this.flags.flagged.size === 0;
    return html`<p>No labels match ${activeFilters(s).join(", ")}.${noneFlagged ? " No label of this tag is flagged yet." : ""}</p>
      <button type="button" data-testid="empty-clear-filters"
        @click=${() => emit(this, "state-change", noFilters())}>
        Clear the filters
      </button>`;
  }

  /** The header and the rows scroll sideways together, whichever moved. */
  private readonly onRowsScroll = (event: Event) => {
    syncScrollLeft(event.currentTarget as Element, this.renderRoot.querySelector(".header-viewport"));
  };
  private readonly onHeaderScroll = (event: Event) => {
    syncScrollLeft(event.currentTarget as Element, this.renderRoot.querySelector("lit-virtualizer"));
  };
  /** a shade at the right edge while columns are hidden there; it follows the header's and rows' scrolls itself, so nothing here
   * calls it; after each of its updates the more-columns button is measured */
  readonly sidewaysCue = new SidewaysCue(this, undefined, () => this.measureSideways());
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-table": RankedTable;
  }
}
