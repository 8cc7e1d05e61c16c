import { LitElement, html, css, nothing, unsafeCSS, type PropertyValues } from "lit";
import { customElement, property } from "lit/decorators.js";
import { styleMap } from "lit/directives/style-map.js";
import { flow } from "@lit-labs/virtualizer/layouts/flow.js";
import type { Api } from "../../shell/api.js";
import { requestFailure } from "../../shell/request-failure.js";
import { barGeometry } from "../../charts/bars.js";
import { gapColor } from "../../charts/colors.js";
import type { Limits } from "./config.js";
import type { FlagLookup } from "./flags.js";
import { formatCount, formatTotal } from "../../charts/format.js";
import { columnDigits, formatFixed, formatInterval, formatQ, formatStatement } from "../../charts/intervals.js";
import { DEFAULT_Q_MAX, Q_SCOPE } from "./columns.js";
import { compareUrl } from "./query.js";
import type { CompareResponse, CompareRow, MeasureRuns, TagInfo } from "./types.js";
import { compareKind, compareRankingWords, compareTarget, findTag, nextCompareSort, queryKey, type CompareSort, type ResolvedState, type ViewState } from "./view-state.js";
import { flagIcon } from "../../charts/icons.js";
import { PagedRows, syncScrollLeft, virtualRows } from "../../charts/paged-rows.js";
import { SidewaysCue, sidewaysCueStyles } from "../../charts/sideways-cue.js";
import { sortHeader } from "../../charts/sort-header.js";
import { tableStyles } from "../../charts/table-styles.js";
import { baseStyles } from "../../charts/theme.js";
import { emit } from "./events.js";
import type { Pick } from "../../shell/picker.js";
import "../../shell/picker.js";
import { EXPECTED_COUNTS_NOTE, NO_PARTS, pairText } from "./identities.js";

const LAYOUT = flow();
const TEMPLATE = "minmax(9rem, 2fr) repeat(3, minmax(7rem, 1fr)) minmax(8rem, 1fr) minmax(5rem, 0.7fr) repeat(2, minmax(4.5rem, 0.7fr)) 2.5rem";
/** The narrowest the rows can be (TEMPLATE's minimums): in a narrower box they scroll sideways, the label staying. */
const MIN_WIDTH_REM = 9 + 3 * 7 + 8 + 5 + 2 * 4.5 + 2.5;

interface CompareColumn {
  id: CompareSort | "delta_interval" | "delta_q" | "count_a" | "count_b";
  title: string;
  sortable: boolean;
}

/** The same table at two runs or steps, joined by label, ranked by the change in gap. */
@customElement("tb-bias-compare")
export class Compare extends LitElement {
  @property({ attribute: false }) api!: Api;
  @property({ attribute: false }) runs!: MeasureRuns;
  @property({ attribute: false }) state!: ResolvedState;
  @property({ attribute: false }) info!: TagInfo;
  @property({ attribute: false }) flags: FlagLookup = { flagged: new Set(), hidden: new Set() };
  @property({ attribute: false }) gapDomain: [number, number] = [-2, 2];
  @property({ attribute: false }) limits!: Limits;
  private meta: CompareResponse | null = null;
  private readonly rows = new PagedRows<CompareRow>(this, () => ({ pageSize: this.limits.page_size, maxRequest: this.limits.max_limit }));

  static override styles = [
    baseStyles,
    tableStyles,
    sidewaysCueStyles,
    css`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
        margin-bottom: 6px;
      }
      .table-b {
        display: inline-flex;
        gap: 8px;
        align-items: center;
      }
      .summary {
        color: var(--muted);
        margin-bottom: 6px;
      }
      .table {
        --cols: ${unsafeCSS(TEMPLATE)};
      }
      .header {
        border-bottom: 1px solid var(--border);
      }
      .row {
        min-width: ${unsafeCSS(MIN_WIDTH_REM)}rem;
        background: #fff;
      }
      /* the label stays in view while the rows scroll sideways */
      .row > :first-child {
        position: sticky;
        left: 0;
        z-index: 1;
        background: inherit;
        align-self: stretch;
        display: flex;
        align-items: center;
        box-shadow: 1px 0 0 #eef0f2;
      }
      .header-viewport {
        overflow: hidden;
        flex: none;
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
      .bar .whisker {
        position: absolute;
        top: 4px;
        height: 2px;
        background: #3c4043;
      }
      /* not significant: faded bars, grey text that keeps 4.5:1, and "ns" beside q */
      .row.muted .valuecell .bar {
        opacity: 0.5;
      }
      .row.muted .num {
        color: var(--muted);
      }
      .flag {
        color: #d55e00;
        text-align: center;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has("state") || changed.has("api") || changed.has("runs")) {
      const s = this.state;
      const b = compareTarget(s, this.runs);
      const key = JSON.stringify([queryKey(s), b, s.compareSort, s.compareOrder]);
      const changedKey = this.rows.setQuery(
        key,
        async (offset, limit, signal) => {
          const page = await this.api.get<CompareResponse>(compareUrl(s, b, offset, limit), signal);
          if (!signal.aborted) {
            this.meta = page;
            emit(this, "rows-loaded", { description: page.description ?? null, identityParts: page.identity_parts ?? NO_PARTS });
          }
          return { rows: page.rows, total: page.total };
        },
        { keepRows: false, fromTop: true },
      );
      if (changedKey) {
        this.meta = null;
        const scroller = this.renderRoot.querySelector("lit-virtualizer");
        if (scroller) scroller.scrollTop = 0;
      }
    }
  }

  /** The compared pair, intersections with their parts joined by "∩". */
  private pair(): string {
    return pairText(this.state.x1, this.state.x2, this.meta?.identity_parts ?? NO_PARTS);
  }

  private change(patch: Partial<ViewState>) {
    emit(this, "state-change", patch);
  }

  private bar(value: number | null, color: string, low?: number | null, high?: number | null) {
    const g = barGeometry(value, this.gapDomain);
    const lo = this.gapDomain[0];
    const span = this.gapDomain[1] - lo;
    const at = (v: number | null | undefined, edge: number) =>
      v === null || v === undefined || !(span > 0) ? edge : Math.min(100, Math.max(0, ((v - lo) / span) * 100));
    const w = low !== undefined && value !== null ? [at(low, 0), at(high, 100)] : null;
    return html`<div class="bar" aria-hidden="true">
      ${g ? html`<div class="fill" style=${styleMap({ left: `${g.left}%`, width: `${g.width}%`, background: color })}></div>` : nothing}
      ${w ? html`<div class="whisker" data-testid="delta-whisker" style=${styleMap({ left: `${w[0]}%`, width: `${Math.max(w[1]! - w[0]!, 0.4)}%` })}></div>` : nothing}
    </div>`;
  }

  private renderRow(index: number) {
    const row = this.rows.cache.get(index);
    if (!row) {
      return html`<div class="row" role="row" aria-rowindex=${index + 2} data-testid="compare-row-placeholder">
        <div role="cell" class="cell" style="color:var(--muted)">Loading\u2026</div>
      </div>`;
    }
    const s = this.state;
    const ids = this.info.identities;
    const flagged = this.flags.flagged.has(row.label);
    const digits = columnDigits(this.gapDomain);
    const gapCell = (v: number | null, testid: string, low?: number | null, high?: number | null) =>
      html`<div
        role="cell"
        class="cell valuecell"
        data-testid=${testid}
        title=${low !== undefined ? `${formatFixed(v, digits, true)}, ${Math.round(s.level * 100)}% interval ${formatInterval(low, high, digits)}; ${formatStatement("p", row.p_value)}, ${formatStatement("q", row.q_value)} ${Q_SCOPE}` : ""}
      >
        ${this.bar(v, gapColor(ids, s.x1, s.x2, v), low, high)}<span class="num">${formatFixed(v, digits, true)}</span>
      </div>`;
    const muted = row.q_value != null && row.q_value > (s.qMax ?? DEFAULT_Q_MAX);
    return html`<div
      class="row data ${this.rows.cache.isStale(index) ? "stale" : ""} ${muted ? "muted" : ""}"
      role="row"
      aria-rowindex=${index + 2}
      data-testid="compare-row"
      data-label=${row.label}
    >
      <div role="rowheader" class="cell" title=${row.label}>${row.label}</div>
      ${gapCell(row.gap_a, "cell-gap-a")} ${gapCell(row.gap_b, "cell-gap-b")}
      ${row.delta_low !== undefined ? gapCell(row.delta, "cell-delta", row.delta_low ?? null, row.delta_high ?? null) : gapCell(row.delta, "cell-delta")}
      ${this.deltaStatistics(row, digits, muted)}
      <div role="cell" class="cell num">${formatCount(row.count_a)}</div>
      <div role="cell" class="cell num">${formatCount(row.count_b)}</div>
      <div role="cell" class="cell flag">${flagged ? html`<span role="img" aria-label="flagged" title="flagged">${flagIcon}</span>` : nothing}</div>
    </div>`;
  }

  /** Δ's interval and q as text, which the whisker and the fading only draw (and a title only a mouse reaches). */
  private deltaStatistics(row: CompareRow, digits: number, muted: boolean) {
    const known = row.delta_low !== undefined;
    return html`<div role="cell" class="cell num" data-testid="cell-delta-interval">${known ? formatInterval(row.delta_low, row.delta_high, digits) : "\u2014"}</div>
      <div role="cell" class="cell num" data-testid="cell-delta-q">${known ? formatQ(row.q_value) : "\u2014"}${muted
        ? html`<span aria-hidden="true"> ns</span><span class="visually-hidden"> (q > ${this.state.qMax ?? DEFAULT_Q_MAX}: not significant)</span>`
        : nothing}</div>`;
  }

  /** The sort the rows have: the answer's (the default ranks by |\u0394| where no interval is known), else the state's. */
  private ranking(): { sort: CompareSort; order: CompareResponse["order"] } {
    const meta = this.meta;
    return meta ? { sort: meta.sort as CompareSort, order: meta.order } : { sort: this.state.compareSort, order: this.state.compareOrder };
  }

  private header() {
    const s = this.state;
    const ranking = this.ranking();
    const columns: CompareColumn[] = [
      { id: "label", title: "Label", sortable: true },
      { id: "gap_a", title: "Gap A", sortable: true },
      { id: "gap_b", title: "Gap B", sortable: true },
      { id: "delta", title: this.meta?.delta_sign === "a - b" ? "\u0394 = A \u2212 B" : "\u0394 = B \u2212 A", sortable: true },
      { id: "delta_interval", title: `\u0394 ${Math.round(s.level * 100)}% interval`, sortable: false },
      { id: "delta_q", title: "q of \u0394", sortable: false },
      { id: "count_a", title: "Count A", sortable: false },
      { id: "count_b", title: "Count B", sortable: false },
    ];
    return html`<div class="row header" role="row" aria-rowindex="1">
      ${columns.map((c) => {
        if (!c.sortable) return html`<div role="columnheader" class="cell num" title=${c.id === "delta_q" ? `q of \u0394 ${Q_SCOPE}` : nothing}>${c.title}</div>`;
        const id = c.id as CompareSort;
        // the default ranks by the end of \u0394's interval nearest 0: the \u0394 column's arrow, with that word
        const bound = id === "delta" && ranking.sort === "bound";
        return sortHeader({
          testid: `compare-sort-header-${id}`,
          content: c.title,
          title: c.title,
          active: ranking.sort === id || bound,
          order: ranking.order,
          note: bound ? `${Math.round(s.level * 100)}% bound` : undefined,
          onSort: () => this.change(nextCompareSort(s, id)),
        });
      })}
      <div role="columnheader" class="cell"><span class="visually-hidden">Flagged</span></div>
    </div>`;
  }

  /** The header and the rows scroll sideways together, whichever moved. */
  private readonly onRowsScroll = (event: Event) => {
    syncScrollLeft(event.currentTarget as Element, this.renderRoot.querySelector(".header-viewport"));
  };
  private readonly onHeaderScroll = (event: Event) => {
    syncScrollLeft(event.currentTarget as Element, this.renderRoot.querySelector("lit-virtualizer"));
  };
  /** a shade at the right edge while columns are hidden there; it follows the header's and rows' scrolls itself, so nothing here calls it */
  readonly sidewaysCue = new SidewaysCue(this);

  /** How Δ is signed between two steps of a table (nothing between two tables, or one table with itself). */
  private deltaNote(meta: CompareResponse) {
    if (compareKind(meta.a, meta.b) !== "steps") return nothing;
    return html` \u00b7 <strong data-testid="delta-sign">\u0394 = ${meta.delta_sign === "a - b" ? "A \u2212 B" : "B \u2212 A"}: later minus earlier step</strong>`;
  }

  /** B is A itself: every Δ is 0, which the column would show without a word. */
  private sameTableWarning(meta: CompareResponse | null) {
    if (!meta || compareKind(meta.a, meta.b) !== "same") return nothing;
    return html`<div class="notice" role="status" data-testid="compare-same">
      A and B are the same table (${meta.a.run} / ${meta.a.tag}, step ${meta.a.step}): every \u0394 is 0. Pick another run, table or step
      for B.
    </div>`;
  }

  /** Table B's run, table or step, from its picker (a new run or table starts at its latest step). */
  private pickB(pick: Pick, run2: string, tag2: string) {
    if ("run" in pick) this.change({ run2: pick.run, tag2, step2: null });
    else if ("tag" in pick) this.change({ run2, tag2: pick.tag, step2: null });
    else this.change({ run2, tag2, step2: pick.step });
  }

  override render() {
    const s = this.state;
    const b = compareTarget(s, this.runs);
    const run2 = b.run;
    const tag2 = b.tag;
    const info2 = findTag(this.runs, run2, tag2);
    const cache = this.rows.cache;
    const total = cache.total;
    const meta = this.meta;
    const stepA = s.step === null ? "latest" : `step ${s.step}`;
    return html`
      <div class="pickers" role="group" aria-label="Table B">
        <span>A: <strong>${s.run}</strong> / ${s.tag}, ${stepA} (set in the controls)</span>
        <span class="table-b"
          >B:
          <tb-bias-picker
          testidPrefix="compare-"
          tagLabel="Table"
          latest
          .runs=${this.runs.runs}
          .run=${run2}
          .tag=${tag2}
          .step=${b.step}
          .steps=${info2?.steps ?? []}
          @pick=${(e: CustomEvent<Pick>) => this.pickB(e.detail, run2, tag2)}
          ></tb-bias-picker
        ></span>
      </div>
      <div class="summary" data-testid="compare-summary" aria-live="polite">
        Gap ${s.metric}, ${this.pair()}.
        ${total !== null ? html`${formatTotal(total, null)} ${total === 1 ? "passes" : "pass"} the filters` : nothing}
        ${meta ? html` (labels in only one table: ${formatCount(meta.only_in_a)} in A, ${formatCount(meta.only_in_b)} in B)` : nothing}
        ${meta ? html` \u00b7 A = ${meta.a.run} step ${meta.a.step}, B = ${meta.b.run} step ${meta.b.step}` : nothing}
        ${meta ? this.deltaNote(meta) : nothing}
        ${meta ? html` \u00b7 <span data-testid="compare-ranking">${compareRankingWords(this.ranking().sort, this.ranking().order, s.level)}</span>` : nothing}
        ${meta?.rows.some((r) => r.delta_low !== undefined && r.delta_low !== null)
          ? html` (whiskers: ${Math.round(s.level * 100)}% intervals; faded, "ns": q > ${s.qMax ?? DEFAULT_Q_MAX})`
          : nothing}
        ${meta?.expected_counts ? html` \u00b7 <span data-testid="expected-counts-note">${EXPECTED_COUNTS_NOTE}</span>` : nothing}
      </div>
      ${this.sameTableWarning(meta)}
      ${cache.error ? requestFailure({ error: cache.error, retry: () => this.rows.retry() }) : nothing}
      <div
        class="table"
        role="table"
        aria-label="Gap changes between table A and table B"
        aria-rowcount=${(total ?? 0) + 1}
        aria-busy=${this.rows.loading}
        data-testid="compare-table"
        data-total=${total ?? ""}
        data-loading=${this.rows.loading}
      >
        <div class="header-viewport" data-testid="compare-header" @scroll=${this.onHeaderScroll}>
          ${this.header()}
        </div>
        ${total === null && this.rows.loading ? html`<div class="empty loading" data-testid="loading">Loading\u2026</div>` : nothing}
        ${total === 0 ? html`<div class="empty" data-testid="compare-empty">No labels match the current filters in both tables.</div>` : nothing}
        ${virtualRows(this.rows, LAYOUT, (i) => this.renderRow(i), this.onRowsScroll)}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-compare": Compare;
  }
}
