import { html, css, nothing, type PropertyValues } from "lit";
import { customElement, state } from "lit/decorators.js";
import { formatCount, plural } from "../../charts/format.js";
import { tabList, tabStyles } from "../../charts/tabs.js";
import { baseStyles } from "../../charts/theme.js";
import { WidthController } from "../../charts/resize.js";
import { errorMessage, isRefusedParameter } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import { RELOAD_EVENT, type ReloadRequest } from "../../shell/registry.js";
import { bulkNothingToDo, fetchResultLabels, labelsToChange, TooManyLabels, type BulkAsk } from "./bulk.js";
import { mergeParts, NO_PARTS, type IdentityParts } from "./identities.js";
import { parseConfig, type AssociationConfig } from "./config.js";
import { type AppEvents, type BulkKind } from "./events.js";
import {
  applyFlagOp,
  emptyFlags,
  flagLookup,
  isNoop,
  loadFlags,
  saveFlagOp,
  type FlagLookup,
  type FlagOp,
} from "./flags.js";
import { distributionUrl, labelRowsUrls } from "./query.js";
import type { DistributionResponse, FlagsState, MeasureRuns, RunInfo, TableResponse, TableRow, TagInfo } from "./types.js";
import {
  decodeViewState,
  defaultViewState,
  droppedChoices,
  isNavigation,
  queryKey,
  encodeViewState,
  resolveState,
  toggleSelected,
  type MainView,
  type SelectedPlot,
  type Resolution,
  type ResolvedState,
  type ViewState,
} from "./view-state.js";
import "./compare.js";
import "./controls.js";
import { CLOSE_EXAMPLES } from "./examples-panel.js";
import "./distributions.js";
import "./filters.js";
import "./pcp.js";
import "./paper.js";
import "./table.js";
import "./trend.js";
import { MeasureViewBase } from "../../shell/view-base.js";
import { dismissibleNotice, dismissibleNoticeStyles, joinNotice } from "../../shell/link-notices.js";

const VIEW_TABS = [
  { id: "table", title: "Ranked labels" },
  { id: "compare", title: "Compare runs / steps" },
  { id: "paper", title: "Metrics" },
];

/** Longest wait of the distribution request for the table's rows (see refreshDistribution). */
const DISTRIBUTION_WAIT_MS = 250;

type Listener<K extends keyof AppEvents> = (event: CustomEvent<AppEvents[K]>) => void;

/** Which table's label the Examples panel shows: it is checked again when any of these changes. */
function examplesKey(s: ResolvedState): string {
  return JSON.stringify([s.run, s.tag, s.step, s.examples]);
}

const FLAGS_LOADING = "The flags of this table are still loading; try again in a moment.";

/**
 * The label-association view: owns its state (mirrored in its part of the
 * URL), the flags, distributions and selected rows of the shown table.
 */
@customElement("tb-bias-association-view")
export class AssociationView extends MeasureViewBase {
  /** a new view was applied: write the URL and refresh shared data after rendering it */
  private effectsPending = false;
  private stateRead = false;
  /** State read from the URL, whose run, table, step or sort the logdir may not have: said once resolved. */
  private linkUnchecked = false;
  /** `noticeText` says what a link asked that is not shown: it goes at the reader's first pick */
  private noticeFromLink = false;

  @state() private view: ViewState = defaultViewState();
  @state() private resolution: Resolution | null = null;
  @state() private reloading = false;
  private cfg: AssociationConfig | null = null;
  private measureRuns: MeasureRuns | null = null;

  @state() private flags: FlagsState | null = null;
  @state() private lookup: FlagLookup = { flagged: new Set(), hidden: new Set() };
  @state() private noticeText = "";
  /** The notice above the view; one set here is the view's own (flags, bulk actions), which a pick keeps. */
  private get notice(): string {
    return this.noticeText;
  }
  private set notice(text: string) {
    this.noticeText = text;
    this.noticeFromLink = false;
  }
  @state() private rowsRevision = 0;
  private confirmedFlags: FlagsState | null = null;
  private pendingFlagOps = 0;
  private rowsChangedByFlags = false;
  private flagChain: Promise<void> = Promise.resolve();

  @state() private distribution: DistributionResponse | null = null;
  @state() private distributionLoading = false;
  @state() private distributionError = "";
  /** a typed search the table's route refused: no distribution is asked for it */
  @state() private refusedSearch: string | null = null;
  private distributionKey = "";
  private readonly distributionRequest = new LatestRequest(this);
  /** a distribution request waiting for the table's rows to arrive first */
  private distributionWaiting: { url: string; timer: ReturnType<typeof setTimeout> } | null = null;

  @state() private selectedRows: TableRow[] = [];
  @state() private selectedMissing: string[] = [];
  @state() private selectedLoading = false;
  @state() private selectedError = "";
  private selectedKey = "";
  private readonly selectedRequest = new LatestRequest(this);

  @state() private hovered: string | null = null;
  /**
   * The last table (examplesKey) known to hold the Examples panel's label:
   * the panel of a label from the URL opens once the table says it has it;
   * on another run, tag or step it stays open while that table is asked,
   * and closes (leaving the URL) if it does not have the label.
   */
  @state() private examplesFound: { key: string; label: string; clicked: boolean } | null = null;
  private examplesChecking = "";
  private readonly examplesRequest = new LatestRequest(this);
  /** the controls folded to a strip (the table takes the tab's width) or not, as the reader chose; null: folded in a narrow tab */
  @state() private asideChoice: boolean | null = null;
  private readonly width = new WidthController(this, 1200);
  /** A tab narrower than this (a 1000 px window at 200% zoom) has no room for the controls beside the table (WCAG 1.4.10). */
  static readonly NARROW_PX = 600;
  private get narrow(): boolean {
    return this.width.width < AssociationView.NARROW_PX;
  }
  private get asideFolded(): boolean {
    return this.asideChoice ?? this.narrow;
  }
  /** the shown step's own description, from its table or compare answer; null until one arrives */
  @state() private stepDescription: { key: string; text: string } | null = null;
  @state() private bulkBusy = false;
  /** a flag or hide of every label of the result, waiting for the user's answer */
  @state() private bulkAsk: BulkAsk | null = null;
  /** the parts of every intersectional identity the answers so far have named (for pickers, headers, plots) */
  @state() private identityParts: IdentityParts = NO_PARTS;
  /** what the default rules left out of the latest table page (said in the filters) */
  @state() private leftOut: Record<string, number> = {};
  private reloads = 0;
  private readonly tableLayout = new ResizeObserver(() => this.renderRoot.querySelector("tb-bias-table")?.keepFocusInView());
  private tableLayoutBoxes: Element[] = [];

  static override styles = [
    baseStyles,
    tabStyles,
    css`
      :host {
        display: block;
        height: 100%;
        min-height: 0;
        background: var(--bg);
      }
      /* the controls take 300 px of a narrow tab (at 1000 px 360 px left the table 618 px and one
         identity's column cut), the metric's name whole, up to 360 px; folded, a strip */
      .app {
        display: grid;
        grid-template-columns: clamp(300px, 28%, 360px) minmax(0, 1fr);
        height: 100%;
      }
      .app.folded {
        grid-template-columns: auto minmax(0, 1fr);
      }
      /* a narrow tab with the controls open: one column that scrolls, the controls above the table */
      .app.stacked {
        display: block;
        overflow-y: auto;
      }
      .app.stacked > aside {
        overflow: visible;
        border-right: none;
        border-bottom: 1px solid var(--border);
      }
      .app.stacked > main {
        overflow: visible;
      }
      aside.folded {
        padding: 10px 4px;
      }
      .fold {
        flex: none;
        padding: 2px 7px;
      }
      .title .buttons {
        display: flex;
        gap: 6px;
      }
      aside {
        overflow-y: auto;
        padding: 10px;
        border-right: 1px solid var(--border);
      }
      aside,
      .aside-content {
        display: flex;
        flex-direction: column;
        gap: 10px;
      }
      .aside-content[hidden] {
        display: none;
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
      /* the selected labels beside the Examples panel: stacked, the two left the table two rows at
         1000 x 1000 */
      .panels {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 10px;
        flex: none;
      }
      /* the Examples panel, whose two sides sit side by side, takes three fifths of the row; the chart
         two (its axes need less) */
      .panels.beside {
        grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
      }
      /* the examples scroll within 300 px, or beside a chart within the chart's height (260 px at least) */
      .panels > tb-bias-examples-panel {
        max-height: 300px;
        overflow: auto;
      }
      .panels.beside > tb-bias-examples-panel {
        contain: size;
        min-height: 260px;
        max-height: none;
      }
      /* narrow (200 % zoom): the chart above the panel, each the pane's width; beside, the panel's two
         sides were 77 px each and broke words */
      @media (max-width: 760px) {
        .panels.beside {
          grid-template-columns: minmax(0, 1fr);
        }
        .panels.beside > tb-bias-examples-panel {
          contain: none;
          min-height: 0;
          max-height: 300px;
        }
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
    `,
    dismissibleNoticeStyles,
  ];

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener("state-change", this.onStateChange as EventListener);
    this.addEventListener("flag-op", this.onFlagOp as EventListener);
    this.addEventListener("bulk-op", this.onBulkOp as EventListener);
    this.addEventListener("bulk-answer", this.onBulkAnswer as EventListener);
    this.addEventListener("hover-label", this.onHover as EventListener);
    this.addEventListener("rows-loaded", this.onRowsLoaded as EventListener);
    this.addEventListener("show-examples", this.onShowExamples as EventListener);
    this.addEventListener("search-refused", this.onSearchRefused as EventListener);
    this.addEventListener(CLOSE_EXAMPLES, () => this.userChange({ examples: null }));
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.stopWaitingForRows();
    this.tableLayout.disconnect();
    this.tableLayoutBoxes = [];
  }

  /** Watches the panels above the table and the table: when either changes size the table keeps its focused row in view. */
  private observeTableLayout() {
    const boxes = [...this.renderRoot.querySelectorAll('[data-testid="top-panels"], tb-bias-table')];
    if (boxes.length === this.tableLayoutBoxes.length && boxes.every((box, i) => box === this.tableLayoutBoxes[i])) return;
    this.tableLayout.disconnect();
    for (const box of boxes) this.tableLayout.observe(box);
    this.tableLayoutBoxes = boxes;
  }

  /** New runs or config from the shell: fit the state to them. */
  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has("runs") && !changed.has("config") && !changed.has("hash")) return;
    this.cfg = parseConfig(this.config);
    const cfg = this.cfg;
    if (!cfg) return;
    this.measureRuns = { runs: this.runs as RunInfo[], metrics: cfg.metrics };
    if (changed.has("runs")) this.reloading = false;
    if (!this.stateRead && this.hash) {
      this.stateRead = true;
      this.linkUnchecked = true;
      this.view = decodeViewState(this.hash.read(), cfg.limits.max_selected);
    }
    this.applyView(this.view);
  }

  // --- state -------------------------------------------------------------

  protected override onExternalHashChange(): void {
    const cfg = this.cfg;
    if (!cfg) return;
    const next = decodeViewState(this.hash.read(), cfg.limits.max_selected);
    const encode = (v: ViewState) => JSON.stringify(encodeViewState(v, cfg.default_metric));
    if (encode(next) === encode(this.view)) return;
    this.linkUnchecked = true;
    this.applyView(next);
  }

  private readonly onStateChange: Listener<"state-change"> = (event) => {
    event.stopPropagation();
    // it spoke of what the link asked, which no longer decides what is shown
    if (this.noticeFromLink) this.notice = "";
    this.userChange(event.detail);
  };

  private readonly onHover: Listener<"hover-label"> = (event) => {
    event.stopPropagation();
    this.hovered = event.detail;
  };

  private readonly onShowExamples: Listener<"show-examples"> = (event) => {
    event.stopPropagation();
    this.userChange({ examples: event.detail });
    const s = this.resolution?.state;
    if (s?.examples !== event.detail) return;
    // its row is on screen: no need to ask
    this.examplesRequest.abort();
    this.examplesChecking = "";
    this.examplesFound = { key: examplesKey(s), label: event.detail, clicked: true };
  };

  /**
   * A link's search the server refuses (a bad pattern) is dropped, said once: the table shows instead of
   * failing. A typed one stays in the box, said beside it: the distributions wait for a search the table takes.
   */
  private readonly onSearchRefused: Listener<"search-refused"> = (event) => {
    event.stopPropagation();
    const { q, message, typed } = event.detail;
    if (this.view.q !== q) return;
    if (typed) return this.holdDistribution(q);
    this.addNotice(`The search \u201c${q}\u201d in the link was refused (${message}); the table is shown without it.`);
    this.applyView({ ...this.view, q: "" });
  };

  /** Says what was dropped from a link after what the notice already says (one link can hold several bad values). */
  private addNotice(text: string) {
    this.noticeText = joinNotice(this.noticeText, text);
    this.noticeFromLink = true;
  }

  private readonly onRowsLoaded: Listener<"rows-loaded"> = (event) => {
    event.stopPropagation();
    const s = this.resolution?.state;
    const loaded = event.detail;
    if (loaded && s && loaded.description !== null) this.stepDescription = { key: this.stepKey(s), text: loaded.description };
    if (loaded) this.identityParts = mergeParts(this.identityParts, loaded.identityParts);
    if (loaded?.leftOut) this.leftOut = loaded.leftOut; // the ranked table's (compare says none)
    const waiting = this.distributionWaiting;
    if (waiting) {
      this.stopWaitingForRows();
      this.fetchDistribution(waiting.url);
    }
  };

  /** A change the user made: a move (a tab, table, step, the Examples panel) gets its own history entry. */
  private userChange(patch: Partial<ViewState>) {
    if (isNavigation(this.view, patch)) this.navigated();
    this.applyView({ ...this.view, ...patch });
  }

  private applyView(view: ViewState) {
    const previousTag = this.resolution?.state.tag ?? null;
    if (!this.measureRuns || !this.cfg) {
      this.view = view;
      return;
    }
    this.resolution = resolveState(view, this.measureRuns, this.cfg);
    // a question about the result goes with it (a tick of a row's box or the Examples panel keeps it)
    if (this.bulkAsk && (!this.resolution || queryKey(this.resolution.state) !== this.bulkAsk.key)) this.bulkAsk = null;
    this.view = this.resolution ? this.resolution.state : view;
    if (this.resolution && this.linkUnchecked) {
      // Only a link's choices are said: a pick in the tab that another table lacks (its tag, step or sort
      // column) is simply not kept, as any picker does.
      this.linkUnchecked = false;
      for (const text of droppedChoices(view, this.resolution.state)) this.addNotice(text);
      const dropped = this.resolution.droppedSort;
      if (dropped !== null) {
        this.addNotice(`The link's sort \u201c${dropped}\u201d is not a column of this table; ranked by the default, ${this.view.sort}, instead.`);
      }
    }
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
    this.observeTableLayout();
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
      this.checkExamples();
    });
  }

  private writeUrl() {
    if (this.cfg) this.hash?.write(encodeViewState(this.view, this.cfg.default_metric), this.historyMode());
  }

  // --- data ----------------------------------------------------------------

  /** Asks the shell for the runs again (new steps and tables); every request of the view is repeated. */
  private reload() {
    this.reloads++;
    this.rowsRevision++;
    this.flags = null;
    const request: ReloadRequest = { settled: null };
    this.dispatchEvent(new CustomEvent(RELOAD_EVENT, { detail: request, bubbles: true, composed: true }));
    if (!request.settled) return;
    this.reloading = true;
    void request.settled.then(() => {
      this.reloading = false;
      // The same runs as before still mean fresh data: refetch what the view shows.
      if (this.resolution) this.applyView(this.view);
    });
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
    if (s.q !== "" && s.q === this.refusedSearch) return this.holdDistribution(s.q); // refused again, as the table is
    this.distributionRequest.abort();
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

  /** No distribution for a refused search: the table says why, once; the panel says it waits. */
  private holdDistribution(q: string) {
    this.refusedSearch = q;
    this.stopWaitingForRows();
    this.distributionRequest.abort();
    this.distribution = null;
    this.distributionError = "";
    this.distributionLoading = false;
  }

  private stopWaitingForRows() {
    if (this.distributionWaiting) clearTimeout(this.distributionWaiting.timer);
    this.distributionWaiting = null;
  }

  private fetchDistribution(url: string) {
    this.distributionLoading = true;
    this.distributionRequest.run(
      (signal) => this.api.get<DistributionResponse>(url, signal),
      (data) => {
        this.distribution = data;
        this.distributionError = "";
        this.distributionLoading = false;
      },
      (error) => {
        const q = this.resolution?.state.q ?? "";
        // asked before the table's answer refused the search: said by the table alone
        if (q !== "" && isRefusedParameter(error, "q")) return this.holdDistribution(q);
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
      this.selectedRequest.abort();
      this.selectedRows = [];
      this.selectedMissing = [];
      this.selectedLoading = false;
      this.selectedError = "";
      return;
    }
    const urls = labelRowsUrls(s, s.selected, this.cfg!.limits.max_labels);
    const key = `${urls.join("\n")}#${this.reloads}`;
    if (!force && key === this.selectedKey) return;
    this.selectedKey = key;
    this.selectedLoading = true;
    const wanted = s.selected;
    this.selectedRequest.run(
      (signal) => Promise.all(urls.map((url) => this.api.get<TableResponse>(url, signal))),
      (pages) => {
        const byLabel = new Map<string, TableRow>();
        for (const page of pages) {
          for (const row of page.rows) byLabel.set(row.label, row);
          this.identityParts = mergeParts(this.identityParts, page.identity_parts);
        }
        this.selectedRows = wanted.flatMap((label) => byLabel.get(label) ?? []);
        this.selectedMissing = wanted.filter((label) => !byLabel.has(label));
        this.selectedError = "";
        this.selectedLoading = false;
      },
      (error) => {
        this.selectedError = errorMessage(error);
        this.selectedLoading = false;
      },
    );
  }

  /** Asks whether the shown table has the Examples panel's label (whatever the filters); drops the panel if not. */
  private checkExamples() {
    const s = this.resolution?.state;
    if (!s || s.examples === null) {
      this.examplesRequest.abort();
      this.examplesChecking = "";
      return;
    }
    const key = examplesKey(s);
    if (key === this.examplesFound?.key || key === this.examplesChecking) return;
    this.examplesChecking = key;
    const label = s.examples;
    const url = labelRowsUrls(s, [label], 1)[0]!;
    const found = () => {
      this.examplesChecking = "";
      // a panel restored from the URL leaves the focus where the page load put it
      this.examplesFound = { key, label, clicked: this.examplesFound?.label === label && this.examplesFound.clicked };
    };
    this.examplesRequest.run(
      (signal) => this.api.get<TableResponse>(url, signal),
      (page) => {
        if (page.rows.some((r) => r.label === label)) return found();
        this.examplesChecking = "";
        this.applyView({ ...this.view, examples: null });
      },
      found, // the panel asks the examples route itself, and says what went wrong
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
      // beside a link's notice, not over it: both stay until closed
      this.notice = joinNotice(this.noticeText, `Cannot load flags: ${errorMessage(error)}`);
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
      this.notice = FLAGS_LOADING;
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

  private readonly onBulkAnswer: Listener<"bulk-answer"> = (event) => {
    event.stopPropagation();
    const ask = this.bulkAsk;
    this.bulkAsk = null;
    if (ask?.labels && event.detail.confirmed) this.flagOp({ kind: ask.kind, labels: ask.labels, on: ask.on });
  };

  private async bulkOp(kind: BulkKind, on: boolean) {
    const s = this.resolution?.state;
    const limits = this.cfg?.limits;
    if (!s || !limits || this.bulkBusy) return;
    this.bulkBusy = true;
    // the result read is the one asked about: a change of it meanwhile drops the action, any other keeps it
    const key = queryKey(s);
    const sameResult = () => this.resolution !== null && queryKey(this.resolution.state) === key;
    try {
      if (kind === "selected") {
        const max = limits.max_selected;
        const { labels, total } = await fetchResultLabels(this.api, s, max, limits.max_limit, true);
        if (!sameResult()) return;
        this.applyView({ ...this.view, selected: toggleSelected(this.view.selected, labels, on, max) });
        if (total > max) this.notice = `Selected the first ${formatCount(max)} of ${formatCount(total)} labels.`;
      } else {
        // Unhiding must see the hidden rows of the result. Asked with the labels it changes, counted (and
        // refused past the cap) before asking, not after.
        if (!this.flags || this.flags.tag !== s.tag) {
          this.notice = FLAGS_LOADING;
          return;
        }
        const scope = kind === "hidden" && !on ? { ...s, showHidden: true } : s;
        const pending: BulkAsk = { kind, on, key, labels: null, total: null };
        this.bulkAsk = pending;
        const { labels, total } = await fetchResultLabels(this.api, scope, limits.bulk_cap, limits.max_limit);
        if (this.bulkAsk !== pending) return; // cancelled, or the result changed, while it was read
        const change = labelsToChange(labels, this.lookup, kind, on);
        if (change.length === 0) {
          this.bulkAsk = null;
          this.notice = bulkNothingToDo(kind, on, total);
        } else this.bulkAsk = { ...pending, labels: change, total };
      }
    } catch (error) {
      this.bulkAsk = null;
      this.notice =
        error instanceof TooManyLabels
          ? `The result has ${plural(error.total, "label")}; narrow the filters to at most ${formatCount(error.cap)} to change them all at once.`
          : errorMessage(error);
    } finally {
      this.bulkBusy = false;
    }
  }

  // --- view ----------------------------------------------------------------

  /** Switch of the selected labels' panel between identities (parallel coordinates) and steps (trend chart). */
  private plotSwitch() {
    return tabList({
      host: this,
      label: "Selected labels across",
      testidPrefix: "selected-plot-",
      className: "small",
      tabs: [
        { id: "identities", title: "Across identities" },
        { id: "steps", title: "Across steps" },
      ],
      selected: this.view.across,
      // a setting of the panel, kept in the URL as the others (it was lost on a reload)
      onSelect: (id) => this.userChange({ across: id as SelectedPlot }),
    });
  }

  private stepKey(s: { run: string; tag: string; step: number | null }): string {
    return JSON.stringify([s.run, s.tag, s.step]);
  }

  /**
   * The tag's info with the shown step's own description, and none until it
   * has arrived: the runs listing's is the first step's, not the shown one's.
   */
  private infoOfStep(info: TagInfo, s: { run: string; tag: string; step: number | null }): TagInfo {
    const own = this.stepDescription;
    return { ...info, description: own && own.key === this.stepKey(s) ? own.text : "" };
  }

  override render() {
    const cfg = this.cfg;
    if (!cfg || !this.measureRuns) {
      return html`<div class="error centered" role="alert" data-testid="error-message">
        The backend sent no usable settings for label associations; upgrade tb-bias and reload.
      </div>`;
    }
    if (!this.resolution) {
      return html`<p class="centered">No association tables logged.</p>`;
    }
    const { state: s, info } = this.resolution;
    return html`
      <div class="app ${this.asideFolded ? "folded" : this.narrow ? "stacked" : ""}">
        ${this.renderAside(s, info, cfg)}
        <main>
          ${this.renderNotice()}
          ${tabList({
            host: this,
            label: "Views",
            testidPrefix: "view-",
            tabs: VIEW_TABS,
            selected: s.view,
            onSelect: (view) => this.userChange({ view: view as MainView }),
          })}
          ${s.view === "table"
            ? this.renderTableTab(s, info, cfg)
            : s.view === "paper"
              ? html`<tb-bias-paper role="tabpanel" aria-label="Metrics" .api=${this.api} .state=${s} .metricNames=${cfg.metrics}></tb-bias-paper>`
              : this.renderCompareTab(s, info, cfg)}
        </main>
      </div>
    `;
  }

  /** The gap bars' domain: the distribution's, until it has arrived. */
  private get gapDomain(): [number, number] {
    return this.distribution?.gap?.domain ?? [-2, 2];
  }

  /**
   * Folds the controls to a strip, so the table takes the tab's width, and unfolds them: one button in
   * both states (in one place of one template), so the focus stays on it.
   */
  private foldButton() {
    const folded = this.asideFolded;
    const what = "the controls, filters and distributions";
    return html`<button type="button" class="fold" data-testid="aside-toggle" aria-expanded=${folded ? "false" : "true"}
      aria-controls="aside-content" aria-label=${folded ? `Show ${what}` : `Hide ${what}`}
      title=${folded ? `Show ${what}` : `Hide ${what}: the table takes the width`}
      @click=${() => (this.asideChoice = !folded)}>${folded ? "\u00bb" : "\u00ab"}</button>`;
  }

  /** The left column: title and reload, the table's controls, the filters and the distributions. */
  private renderAside(s: ResolvedState, info: TagInfo, cfg: AssociationConfig) {
    const folded = this.asideFolded;
    return html`<aside class=${folded ? "folded" : ""} aria-label="Controls and filters">
      <div class="title">
        ${folded ? nothing : html`<h1>Label associations</h1>`}
        <span class="buttons">
          ${folded
            ? nothing
            : html`<button type="button" data-testid="reload-button" aria-busy=${this.reloading}
                @click=${() => this.reload()} title="Fetch new steps and data">
                ${this.reloading ? "Reloading\u2026" : "Reload"}
              </button>`}
          ${this.foldButton()}
        </span>
      </div>
      <div id="aside-content" class="aside-content" ?hidden=${folded}>${folded ? nothing : this.asideContent(s, info, cfg)}</div>
    </aside>`;
  }

  /** The unfolded controls: the table's data, the filters and the distributions. */
  private asideContent(s: ResolvedState, info: TagInfo, cfg: AssociationConfig) {
    return html`
      <section class="panel" aria-labelledby="controls-title">
        <h2 id="controls-title">Data</h2>
        <tb-bias-controls
          .runs=${this.measureRuns}
          .state=${s}
          .info=${this.infoOfStep(info, s)}
          .identityParts=${this.identityParts}
        ></tb-bias-controls>
      </section>
      <section class="panel" aria-labelledby="filters-title">
        <h2 id="filters-title">Filters</h2>
        <tb-bias-filters .state=${s} .info=${info} .maxRanges=${cfg.limits.max_ranges} .leftOut=${this.leftOut}></tb-bias-filters>
      </section>
      <section class="panel">
        <tb-bias-distributions
          .data=${this.distribution}
          .state=${s}
          .info=${info}
          .identityParts=${this.identityParts}
          .maxRanges=${cfg.limits.max_ranges}
          .loading=${this.distributionLoading}
          .error=${this.distributionError}
          .searchRefused=${s.q !== "" && s.q === this.refusedSearch}
        ></tb-bias-distributions>
      </section>
    `;
  }

  private renderNotice() {
    return dismissibleNotice(this.notice, () => (this.notice = ""));
  }

  /** The "Ranked labels" tab: the selected labels' panel, the Examples panel and the table. */
  private renderTableTab(s: ResolvedState, info: TagInfo, cfg: AssociationConfig) {
    const valueDomain = this.distribution?.domain ?? null;
    const examples = s.examples !== null && this.examplesFound?.label === s.examples;
    // beside the selected labels' chart; under the one-line hint when none is selected (its sides keep their width)
    return html`<div class="panels ${examples && s.selected.length > 0 ? "beside" : ""}" data-testid="top-panels">
      <section class="panel" role="tabpanel" aria-label="Selected labels">${this.renderSelected(s, info)}</section>
      ${!examples
        ? nothing
        : html`<tb-bias-examples-panel
            .api=${this.api}
            .query=${s}
            .label=${s.examples}
            .takeFocus=${this.examplesFound?.clicked ?? false}
            .identities=${info.identities}
            .identityParts=${this.identityParts}
          ></tb-bias-examples-panel>`}
      </div>
      <tb-bias-table
        role="tabpanel"
        aria-label="Ranked labels"
        .api=${this.api}
        .state=${s}
        .info=${info}
        .flags=${this.lookup}
        .selected=${new Set(s.selected)}
        .hovered=${this.hovered}
        .revision=${this.rowsRevision}
        .valueDomain=${valueDomain ?? [-1, 1]}
        .gapDomain=${this.gapDomain}
        .busy=${this.bulkBusy}
        .bulkAsk=${this.bulkAsk}
        .limits=${cfg.limits}
        .identityParts=${this.identityParts}
      ></tb-bias-table>
    `;
  }

  /** The selected labels across identities (parallel coordinates) or across steps (trend chart). */
  private renderSelected(s: ResolvedState, info: TagInfo) {
    if (info.steps.length > 1 && s.across === "steps") {
      return html`<tb-bias-trend .api=${this.api} .state=${s} .info=${info} .hovered=${this.hovered} .switcher=${this.plotSwitch()}></tb-bias-trend>`;
    }
    return html`<tb-bias-pcp
      .rows=${this.selectedRows}
      .identityParts=${this.identityParts}
      .missing=${this.selectedMissing}
      .state=${s}
      .info=${info}
      .hovered=${this.hovered}
      .loading=${this.selectedLoading}
      .error=${this.selectedError}
      .switcher=${info.steps.length > 1 ? this.plotSwitch() : nothing}
    ></tb-bias-pcp>`;
  }

  private renderCompareTab(s: ResolvedState, info: TagInfo, cfg: AssociationConfig) {
    return html`<tb-bias-compare
      role="tabpanel"
      aria-label="Compare"
      .api=${this.api}
      .runs=${this.measureRuns}
      .limits=${cfg.limits}
      .state=${s}
      .info=${info}
      .flags=${this.lookup}
      .gapDomain=${this.gapDomain}
    ></tb-bias-compare>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-association-view": AssociationView;
  }
}
