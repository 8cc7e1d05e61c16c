import { LitElement, html, css, nothing } from "lit";
import { customElement, state } from "lit/decorators.js";
import { tabList, tabStyles } from "../charts/tabs.js";
import { baseStyles } from "../charts/theme.js";
import { plural } from "../charts/format.js";
import { createApi, errorMessage, type Api } from "./api.js";
import { loadView } from "./discover.js";
import { LatestRequest } from "./latest.js";
import { findViews, RELOAD_EVENT, viewHashPrefix, type MeasureView, type MeasureViewElement, type ReloadRequest, type ViewLoader } from "./registry.js";
import { runsOfMeasure, type RunsResponse, type UnreadableTag } from "./types.js";
import { EXTERNAL_EVENTS, hashScope, hashWindow, isOwnTab, MEASURE_KEY, readEntries, shellKeys, writeEntries, type HashScope, type HashWindow } from "./url-state.js";
import "./empty-state.js";
import { rewrittenNotice } from "./rewritten-notice.js";
import { dismissibleNoticeStyles, LinkNotices } from "./link-notices.js";

export const RUNS_URL = "runs";

/**
 * The Bias tab's frame: lists the runs, offers the measures present in the
 * logdir (those this frontend has a view for) and mounts the selected
 * measure's view, which owns everything inside it.
 */
@customElement("tb-bias-app")
export class BiasApp extends LitElement {
  api: Api = createApi();
  /** tests replace it to stand in view modules */
  loadView: ViewLoader = loadView;
  private hashWin: HashWindow = hashWindow(window);
  private readonly runsRequest = new LatestRequest(this);
  private scopes = new Map<string, HashScope>();
  /** one element per measure, kept while switching so a view keeps its own state */
  private elements = new Map<string, MeasureViewElement>();

  @state() private runs: RunsResponse | null = null;
  @state() private views: MeasureView[] = [];
  @state() private runsError = "";
  @state() private measure: string | null = readEntries(this.hashWin.location.hash, shellKeys)[MEASURE_KEY] ?? null;
  /** a link's measure the logdir lacks (`measure=bogus`) is said, as a view says a link's bad run or step */
  private readonly links = new LinkNotices(this);

  static override styles = [
    baseStyles,
    tabStyles,
    dismissibleNoticeStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        height: 100%;
        background: var(--bg);
      }
      .switcher {
        padding: 0 10px;
        background: var(--panel);
        flex: none;
      }
      .switcher button {
        padding: 4px 10px;
      }
      .view {
        flex: 1;
        min-height: 0;
      }
      .view > * {
        height: 100%;
      }
      .centered {
        padding: 24px;
      }
      .link-notice {
        flex: none;
        margin: 4px 10px 0;
      }
      .unreadable {
        flex: none;
        margin: 4px 10px;
        padding: 4px 8px;
        border-left: 3px solid var(--warn, #b35c00);
        background: var(--panel);
        font-size: 12px;
      }
      .unreadable ul {
        /* opened, the list must not take the view's room */
        max-height: 25vh;
        overflow: auto;
        margin: 4px 0;
      }
      .unreadable li {
        overflow-wrap: anywhere;
      }
    `,
  ];

  override connectedCallback() {
    super.connectedCallback();
    for (const type of EXTERNAL_EVENTS) this.hashWin.addEventListener(type, this.onHashChange);
    this.addEventListener(RELOAD_EVENT, this.onReload);
    this.links.read({ [MEASURE_KEY]: this.measure ?? "" }, [MEASURE_KEY]);
    void this.loadRuns();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    for (const type of EXTERNAL_EVENTS) this.hashWin.removeEventListener(type, this.onHashChange);
  }

  private readonly onHashChange = () => {
    if (!isOwnTab(this.hashWin.location.hash)) return;
    const wanted = readEntries(this.hashWin.location.hash, shellKeys)[MEASURE_KEY] ?? null;
    if (wanted === this.measure) return;
    this.measure = wanted;
    this.links.read({ [MEASURE_KEY]: wanted ?? "" }, [MEASURE_KEY]);
    this.checkLink();
  };

  /** A link's measure, once the views are known: one without a view here is said, with what is shown instead. */
  private checkLink(): void {
    const shown = this.current();
    if (!shown || !this.runs) return;
    const title = this.runs.measures.find((m) => m.measure === shown.measure)?.title || shown.title;
    this.links.check(MEASURE_KEY, shown.measure, (asked) => `Measure \u201c${asked}\u201d is not logged here (or this tab has no view of it); showing ${title}.`);
  }

  private readonly onReload = (event: Event) => {
    event.stopPropagation();
    const detail = (event as CustomEvent<ReloadRequest | null>).detail;
    const settled = this.loadRuns();
    if (detail) detail.settled = settled;
  };

  private loadRuns(): Promise<void> {
    this.runsError = "";
    return new Promise((done) =>
      this.runsRequest.run(
        async (signal) => {
          const runs = await this.api.get<RunsResponse>(RUNS_URL, signal);
          const measures = (runs.measures ?? []).map((m) => m.measure);
          return { runs, views: await findViews(measures, this.loadView) };
        },
        ({ runs, views }) => {
          this.runs = runs;
          this.views = views;
          this.checkLink();
          done();
        },
        (error) => {
          this.runsError = errorMessage(error);
          done();
        },
      ),
    );
  }

  private current(): MeasureView | null {
    return this.views.find((v) => v.measure === this.measure) ?? this.views[0] ?? null;
  }

  private select(measure: string) {
    this.links.dismiss();
    this.measure = measure;
    // The first measure is the default: links to it stay as they were before the switcher.
    const entries: Record<string, string> = measure === this.views[0]?.measure ? {} : { [MEASURE_KEY]: measure };
    try {
      // a history entry: Back shows the measure before (it left TensorBoard when every write replaced)
      writeEntries(this.hashWin, shellKeys, entries, () => new HashChangeEvent("hashchange"), "", "push");
    } catch {
      // a parent that refuses history writes: the switch still works
    }
  }

  /** The view's element, created once and given fresh data on every render. */
  private element(view: MeasureView, runs: RunsResponse): MeasureViewElement {
    let el = this.elements.get(view.measure);
    if (!el) {
      el = document.createElement(view.element) as MeasureViewElement;
      this.elements.set(view.measure, el);
    }
    let scope = this.scopes.get(view.measure);
    if (!scope) {
      scope = hashScope(this.hashWin, viewHashPrefix(view));
      this.scopes.set(view.measure, scope);
    }
    const info = runs.measures.find((m) => m.measure === view.measure);
    el.api = this.api;
    el.hash = scope;
    el.config = info?.config ?? null;
    el.runs = runsOfMeasure(runs.runs, view.measure);
    return el;
  }

  override render() {
    const runs = this.runs;
    if (!runs) {
      return html`<div class="centered">
        ${this.runsError
          ? html`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${() => void this.loadRuns()}>Retry</button>
            </div>`
          : html`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;
    }
    const view = this.current();
    if (!view) {
      return html`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${() => void this.loadRuns()}>Reload</button>
        </div>`;
    }
    return html`
      ${tabList({
        host: this,
        label: "Measures",
        testid: "measure-switcher",
        className: "switcher",
        testidPrefix: "measure-",
        tabs: this.views.map((v) => ({
          id: v.measure,
          title: runs.measures.find((m) => m.measure === v.measure)?.title || v.title,
        })),
        selected: view.measure,
        onSelect: (measure) => this.select(measure),
      })}
      ${this.runsError ? html`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>` : nothing}
      ${this.links.text ? html`<div class="link-notice">${this.links.render()}</div>` : nothing}
      ${unreadableNotice(runs.unreadable ?? [])} ${rewrittenNotice(runs.runs)}
      <div class="view" role="tabpanel" aria-label=${view.title}>${this.element(view, runs)}</div>
    `;
  }
}

/** Tables that exist but cannot be read: named, with the reason, folded. */
function unreadableNotice(unreadable: readonly UnreadableTag[]) {
  if (unreadable.length === 0) return nothing;
  const name = (u: UnreadableTag) =>
    u.run === null ? "" : `${JSON.stringify(u.run)}${u.tag === null ? "" : ` / ${JSON.stringify(u.tag)}`}: `;
  return html`<details class="unreadable" data-testid="unreadable">
    <summary>${plural(unreadable.length, "logged table")} cannot be read</summary>
    <ul>
      ${unreadable.map((u) => html`<li>${name(u)}${u.error}</li>`)}
    </ul>
  </details>`;
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-app": BiasApp;
  }
}
