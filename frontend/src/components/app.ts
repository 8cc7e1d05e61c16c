import { LitElement, html, css, nothing } from "lit";
import { customElement, state } from "lit/decorators.js";
import { createApi, errorMessage, isAbort, type Api } from "../lib/api.js";
import { BULK_PAGE, fetchResultLabels, TooManyLabels } from "../lib/bulk.js";
import {
  applyFlagOp,
  emptyFlags,
  flagLookup,
  isNoop,
  loadFlags,
  saveFlagOp,
  type FlagLookup,
  type FlagOp,
} from "../lib/flags.js";
import { formatCount } from "../lib/format.js";
import { distributionUrl, labelRowsUrls, RUNS_URL } from "../lib/query.js";
import type { DistributionResponse, FlagsState, RunsResponse, TableResponse, TableRow } from "../lib/types.js";
import { hashWindow, isOwnTab, readViewState, writeViewState, type HashWindow } from "../lib/url-sync.js";
import {
  encodeViewState,
  MAX_SELECTED,
  resolveState,
  toggleSelected,
  type Resolution,
  type ViewState,
} from "../lib/view-state.js";
import { baseStyles, type AppEvents, type BulkKind } from "./shared.js";
import "./compare.js";
import "./controls.js";
import "./distributions.js";
import "./empty-state.js";
import "./filters.js";
import "./pcp.js";
import "./table.js";

/** Longest wait of the distribution request for the table's rows (see refreshDistribution). */
const DISTRIBUTION_WAIT_MS = 250;

/** Most labels a bulk flag or hide fetches (ten pages of `table`). */
const BULK_CAP = 10 * BULK_PAGE;

type Listener<K extends keyof AppEvents> = (event: CustomEvent<AppEvents[K]>) => void;

/** Owns the view state (mirrored in the URL), the runs, flags, distributions and selected rows. */
@customElement("tb-bias-app")
export class BiasApp extends LitElement {
  api: Api = createApi();
  private hashWin: HashWindow = hashWindow(window);
  private writing = false;
  /** a new view was applied: write the URL and refresh shared data after rendering it */
  private effectsPending = false;

  @state() private view: ViewState = readViewState(this.hashWin);
  @state() private resolution: Resolution | null = null;
  @state() private runs: RunsResponse | null = null;
  @state() private runsError = "";
  @state() private runsLoading = false;

  @state() private flags: FlagsState | null = null;
  @state() private lookup: FlagLookup = { flagged: new Set(), hidden: new Set() };
  @state() private notice = "";
  @state() private rowsRevision = 0;
  private confirmedFlags: FlagsState | null = null;
  private pendingFlagOps = 0;
  private rowsChangedByFlags = false;
  private flagChain: Promise<void> = Promise.resolve();

  @state() private distribution: DistributionResponse | null = null;
  @state() private distributionLoading = false;
  @state() private distributionError = "";
  private distributionKey = "";
  private runsAbort: AbortController | null = null;
  private distributionAbort: AbortController | null = null;
  /** a distribution request waiting for the table's rows to arrive first */
  private distributionWaiting: { url: string; timer: ReturnType<typeof setTimeout> } | null = null;

  @state() private selectedRows: TableRow[] = [];
  @state() private selectedMissing: string[] = [];
  @state() private selectedLoading = false;
  @state() private selectedError = "";
  private selectedKey = "";
  private selectedAbort: AbortController | null = null;

  @state() private hovered: string | null = null;
  @state() private bulkBusy = false;
  private reloads = 0;

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        height: 100%;
        background: var(--bg);
      }
      .app {
        display: grid;
        grid-template-columns: minmax(300px, 360px) 1fr;
        height: 100%;
      }
      aside {
        overflow-y: auto;
        padding: 10px;
        display: flex;
        flex-direction: column;
        gap: 10px;
        border-right: 1px solid var(--border);
      }
      main {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 10px;
        min-width: 0;
        min-height: 0;
        overflow: auto;
      }
      .title {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      .title h1 {
        font-size: 15px;
        margin: 0;
      }
      .tabs {
        display: flex;
        gap: 2px;
        border-bottom: 1px solid var(--border);
      }
      .tabs button {
        border: none;
        border-bottom: 2px solid transparent;
        border-radius: 0;
        background: transparent;
        padding: 6px 12px;
        font-weight: 600;
        color: var(--muted);
      }
      .tabs button[aria-selected="true"] {
        color: var(--accent);
        border-bottom-color: var(--accent);
      }
      .grow {
        flex: 1;
        min-height: 320px;
      }
      tb-bias-table,
      tb-bias-compare {
        flex: 1;
        min-height: 320px;
      }
      .centered {
        padding: 24px;
      }
      .notice {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        align-items: center;
      }
      .notice button {
        flex: none;
      }
    `,
  ];

  override connectedCallback() {
    super.connectedCallback();
    this.hashWin.addEventListener("hashchange", this.onHashChange);
    this.addEventListener("state-change", this.onStateChange as EventListener);
    this.addEventListener("flag-op", this.onFlagOp as EventListener);
    this.addEventListener("bulk-op", this.onBulkOp as EventListener);
    this.addEventListener("hover-label", this.onHover as EventListener);
    this.addEventListener("rows-loaded", this.onRowsLoaded as EventListener);
    void this.loadRuns();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.hashWin.removeEventListener("hashchange", this.onHashChange);
    this.distributionAbort?.abort();
    this.selectedAbort?.abort();
    this.runsAbort?.abort();
    this.stopWaitingForRows();
  }

  // --- state -------------------------------------------------------------

  private readonly onHashChange = () => {
    if (this.writing || !isOwnTab(this.hashWin.location.hash)) return;
    const next = readViewState(this.hashWin);
    if (JSON.stringify(encodeViewState(next)) !== JSON.stringify(encodeViewState(this.view))) this.applyView(next);
  };

  private readonly onStateChange: Listener<"state-change"> = (event) => {
    event.stopPropagation();
    this.applyView({ ...this.view, ...event.detail });
  };

  private readonly onHover: Listener<"hover-label"> = (event) => {
    event.stopPropagation();
    this.hovered = event.detail;
  };

  private readonly onRowsLoaded: Listener<"rows-loaded"> = (event) => {
    event.stopPropagation();
    const waiting = this.distributionWaiting;
    if (waiting) {
      this.stopWaitingForRows();
      this.fetchDistribution(waiting.url);
    }
  };

  private applyView(view: ViewState) {
    const previousTag = this.resolution?.state.tag ?? null;
    if (!this.runs) {
      this.view = view;
      return;
    }
    this.resolution = resolveState(view, this.runs);
    this.view = this.resolution ? this.resolution.state : view;
    this.effectsPending = true;
    const resolved = this.resolution?.state;
    if (!resolved) return;
    if (resolved.tag !== previousTag) {
      // The old table's flags must neither show on the new table's rows
      // nor take a click meant for it: none until the new ones arrive.
      this.flags = null;
      this.confirmedFlags = null;
      this.lookup = flagLookup(emptyFlags(resolved.tag));
      void this.loadFlagsFor(resolved.tag);
    } else if (this.flags === null) {
      void this.loadFlagsFor(resolved.tag);
    }
  }

  protected override updated() {
    if (!this.effectsPending) return;
    this.effectsPending = false;
    // After this render, the views update (in microtasks queued by it) and
    // the table sends its request first: what the user waits for. Then the
    // URL (TensorBoard reacts to it synchronously) and the other data.
    queueMicrotask(() => {
      if (!this.isConnected) return;
      this.writeUrl();
      this.refreshDistribution(false);
      this.refreshSelected(false);
    });
  }

  private writeUrl() {
    this.writing = true;
    try {
      writeViewState(this.hashWin, this.view, () => new HashChangeEvent("hashchange"));
    } catch {
      // A parent that refuses history writes: the view still works, links just won't restore it.
    } finally {
      this.writing = false;
    }
  }

  // --- data ----------------------------------------------------------------

  private async loadRuns() {
    // Only the latest listing counts: an older answer arriving last must not win.
    this.runsAbort?.abort();
    const abort = new AbortController();
    this.runsAbort = abort;
    this.runsLoading = true;
    this.runsError = "";
    try {
      const runs = await this.api.get<RunsResponse>(RUNS_URL, abort.signal);
      if (abort.signal.aborted) return;
      this.runs = runs;
      this.applyView(this.view);
    } catch (error) {
      if (abort.signal.aborted || isAbort(error)) return;
      this.runsError = errorMessage(error);
    } finally {
      if (!abort.signal.aborted) this.runsLoading = false;
    }
  }

  private reload() {
    this.reloads++;
    this.rowsRevision++;
    this.flags = null;
    void this.loadRuns();
  }

  /**
   * Fetches the distributions for the current filters. While the table is
   * shown, the request waits until the table's rows have arrived (at most
   * DISTRIBUTION_WAIT_MS): both routes filter the whole table, and on the
   * server the second one then reuses the first one's work instead of
   * competing with it for the CPU, so the rows, which the user waits for,
   * come first.
   */
  private refreshDistribution(force: boolean) {
    const s = this.resolution?.state;
    if (!s) return;
    const url = distributionUrl(s);
    const key = `${url}#${this.reloads}`;
    if (!force && key === this.distributionKey) return;
    this.distributionKey = key;
    this.distributionAbort?.abort();
    this.distributionLoading = true;
    this.stopWaitingForRows();
    if (s.view !== "table") {
      this.fetchDistribution(url);
      return;
    }
    const timer = setTimeout(() => {
      this.distributionWaiting = null;
      this.fetchDistribution(url);
    }, DISTRIBUTION_WAIT_MS);
    this.distributionWaiting = { url, timer };
  }

  private stopWaitingForRows() {
    if (this.distributionWaiting) clearTimeout(this.distributionWaiting.timer);
    this.distributionWaiting = null;
  }

  private fetchDistribution(url: string) {
    this.distributionAbort?.abort();
    const abort = new AbortController();
    this.distributionAbort = abort;
    this.distributionLoading = true;
    this.api.get<DistributionResponse>(url, abort.signal).then(
      (data) => {
        if (abort.signal.aborted) return;
        this.distribution = data;
        this.distributionError = "";
        this.distributionLoading = false;
      },
      (error) => {
        if (abort.signal.aborted || isAbort(error)) return;
        this.distribution = null;
        this.distributionError = errorMessage(error);
        this.distributionLoading = false;
      },
    );
  }

  private refreshSelected(force: boolean) {
    const s = this.resolution?.state;
    if (!s) return;
    if (s.selected.length === 0) {
      this.selectedKey = "";
      this.selectedAbort?.abort();
      this.selectedRows = [];
      this.selectedMissing = [];
      this.selectedLoading = false;
      this.selectedError = "";
      return;
    }
    const urls = labelRowsUrls(s, s.selected);
    const key = `${urls.join("\n")}#${this.reloads}`;
    if (!force && key === this.selectedKey) return;
    this.selectedKey = key;
    this.selectedAbort?.abort();
    const abort = new AbortController();
    this.selectedAbort = abort;
    this.selectedLoading = true;
    const wanted = s.selected;
    Promise.all(urls.map((url) => this.api.get<TableResponse>(url, abort.signal))).then(
      (pages) => {
        if (abort.signal.aborted) return;
        const byLabel = new Map<string, TableRow>();
        for (const page of pages) for (const row of page.rows) byLabel.set(row.label, row);
        this.selectedRows = wanted.flatMap((label) => byLabel.get(label) ?? []);
        this.selectedMissing = wanted.filter((label) => !byLabel.has(label));
        this.selectedError = "";
        this.selectedLoading = false;
      },
      (error) => {
        if (abort.signal.aborted || isAbort(error)) return;
        this.selectedError = errorMessage(error);
        this.selectedLoading = false;
      },
    );
  }

  // --- flags ---------------------------------------------------------------

  private async loadFlagsFor(tag: string) {
    try {
      const flags = await loadFlags(this.api, tag);
      if (this.resolution?.state.tag !== tag) return;
      this.setFlags(flags);
      this.confirmedFlags = flags;
    } catch (error) {
      if (this.resolution?.state.tag !== tag) return; // an answer for a table no longer shown
      this.setFlags(emptyFlags(tag));
      this.confirmedFlags = null;
      this.notice = `Cannot load flags: ${errorMessage(error)}`;
    }
  }

  private setFlags(flags: FlagsState) {
    this.flags = flags;
    this.lookup = flagLookup(flags);
  }

  private readonly onFlagOp: Listener<"flag-op"> = (event) => {
    event.stopPropagation();
    this.flagOp(event.detail);
  };

  private flagOp(op: FlagOp) {
    const s = this.resolution?.state;
    if (!s) return;
    if (!this.flags || this.flags.tag !== s.tag) {
      this.notice = "The flags of this table are still loading; try again in a moment.";
      return;
    }
    if (isNoop(this.flags, op)) return;
    const tag = this.flags.tag;
    this.setFlags(applyFlagOp(this.flags, op)); // show it now; the server confirms below
    if ((op.kind === "hidden" && !s.showHidden) || (op.kind === "flagged" && s.flaggedOnly)) {
      this.rowsChangedByFlags = true;
    }
    this.pendingFlagOps++;
    this.flagChain = this.flagChain.then(async () => {
      try {
        // A change made just before switching tables is still saved to its own table.
        const confirmed = this.confirmedFlags;
        const base = confirmed && confirmed.tag === tag ? confirmed : await loadFlags(this.api, tag);
        const result = await saveFlagOp(this.api, base, op);
        if (this.resolution?.state.tag === tag) this.confirmedFlags = result.state;
        if (result.rebased) {
          this.notice = "The flags had been changed elsewhere; your change was applied on top of the latest ones.";
        }
      } catch (error) {
        this.notice = `Could not save the change: ${errorMessage(error)}`;
      } finally {
        this.pendingFlagOps--;
        if (this.pendingFlagOps === 0 && this.confirmedFlags && this.confirmedFlags.tag === this.resolution?.state.tag) {
          this.setFlags(this.confirmedFlags);
          if (this.rowsChangedByFlags) {
            this.rowsChangedByFlags = false;
            this.rowsRevision++;
            this.refreshDistribution(true);
          }
        }
      }
    });
  }

  private readonly onBulkOp: Listener<"bulk-op"> = (event) => {
    event.stopPropagation();
    void this.bulkOp(event.detail.kind, event.detail.on);
  };

  private async bulkOp(kind: BulkKind, on: boolean) {
    const s = this.resolution?.state;
    if (!s || this.bulkBusy) return;
    this.bulkBusy = true;
    try {
      if (kind === "selected") {
        const { labels, total } = await fetchResultLabels(this.api, s, MAX_SELECTED, true);
        this.applyView({ ...this.view, selected: toggleSelected(this.view.selected, labels, on) });
        if (total > MAX_SELECTED) this.notice = `Selected the first ${formatCount(MAX_SELECTED)} of ${formatCount(total)} labels.`;
      } else {
        // Unhiding must see the hidden rows of the result.
        const scope = kind === "hidden" && !on ? { ...s, showHidden: true } : s;
        const { labels } = await fetchResultLabels(this.api, scope, BULK_CAP);
        this.flagOp({ kind, labels, on });
      }
    } catch (error) {
      this.notice =
        error instanceof TooManyLabels
          ? `The result has ${formatCount(error.total)} labels; narrow the filters to at most ${formatCount(error.cap)} to change them all at once.`
          : errorMessage(error);
    } finally {
      this.bulkBusy = false;
    }
  }

  // --- view ----------------------------------------------------------------

  private setTab(view: "table" | "compare") {
    this.applyView({ ...this.view, view });
  }

  private onTabKey(event: KeyboardEvent) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = this.view.view === "table" ? "compare" : "table";
    this.setTab(next);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLButtonElement>(`[data-testid="view-${next}"]`)?.focus(),
    );
  }

  override render() {
    if (!this.runs) {
      return html`<div class="centered">
        ${this.runsError
          ? html`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${() => void this.loadRuns()}>Retry</button>
            </div>`
          : html`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;
    }
    if (!this.resolution) {
      return html`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${() => this.reload()}>Reload</button>
        </div>`;
    }
    const { state: s, info } = this.resolution;
    const selected = new Set(s.selected);
    const valueDomain = this.distribution?.domain ?? null;
    const gapDomain = this.distribution?.gap?.domain ?? ([-2, 2] as [number, number]);
    return html`
      <div class="app">
        <aside aria-label="Controls and filters">
          <div class="title">
            <h1>Label associations</h1>
            <button
              type="button"
              data-testid="reload-button"
              aria-busy=${this.runsLoading}
              @click=${() => this.reload()}
              title="Fetch new steps and data"
            >
              ${this.runsLoading ? "Reloading\u2026" : "Reload"}
            </button>
          </div>
          ${this.runsError ? html`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>` : nothing}
          <section class="panel" aria-labelledby="controls-title">
            <h2 id="controls-title">Data</h2>
            <tb-bias-controls .runs=${this.runs} .state=${s} .info=${info}></tb-bias-controls>
          </section>
          <section class="panel" aria-labelledby="filters-title">
            <h2 id="filters-title">Filters</h2>
            <tb-bias-filters .state=${s} .info=${info}></tb-bias-filters>
          </section>
          <section class="panel">
            <tb-bias-distributions
              .data=${this.distribution}
              .state=${s}
              .info=${info}
              .loading=${this.distributionLoading}
              .error=${this.distributionError}
            ></tb-bias-distributions>
          </section>
        </aside>
        <main>
          ${this.notice
            ? html`<div class="notice" role="status" data-testid="notice">
                <span>${this.notice}</span>
                <button type="button" aria-label="Dismiss" @click=${() => (this.notice = "")}>\u00d7</button>
              </div>`
            : nothing}
          <div class="tabs" role="tablist" aria-label="Views" @keydown=${this.onTabKey}>
            <button
              type="button"
              role="tab"
              data-testid="view-table"
              aria-selected=${s.view === "table"}
              tabindex=${s.view === "table" ? 0 : -1}
              @click=${() => this.setTab("table")}
            >
              Ranked labels
            </button>
            <button
              type="button"
              role="tab"
              data-testid="view-compare"
              aria-selected=${s.view === "compare"}
              tabindex=${s.view === "compare" ? 0 : -1}
              @click=${() => this.setTab("compare")}
            >
              Compare runs / steps
            </button>
          </div>
          ${s.view === "table"
            ? html`
                <section class="panel" role="tabpanel" aria-label="Selected labels">
                  <tb-bias-pcp
                    .rows=${this.selectedRows}
                    .missing=${this.selectedMissing}
                    .state=${s}
                    .info=${info}
                    .hovered=${this.hovered}
                    .valueDomain=${valueDomain}
                    .loading=${this.selectedLoading}
                    .error=${this.selectedError}
                  ></tb-bias-pcp>
                </section>
                <tb-bias-table
                  role="tabpanel"
                  aria-label="Ranked labels"
                  .api=${this.api}
                  .state=${s}
                  .info=${info}
                  .flags=${this.lookup}
                  .selected=${selected}
                  .hovered=${this.hovered}
                  .revision=${this.rowsRevision}
                  .valueDomain=${valueDomain ?? [-1, 1]}
                  .gapDomain=${gapDomain}
                  .busy=${this.bulkBusy}
                ></tb-bias-table>
              `
            : html`<tb-bias-compare
                role="tabpanel"
                aria-label="Compare"
                .api=${this.api}
                .runs=${this.runs}
                .state=${s}
                .info=${info}
                .flags=${this.lookup}
                .gapDomain=${gapDomain}
              ></tb-bias-compare>`}
        </main>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-app": BiasApp;
  }
}
