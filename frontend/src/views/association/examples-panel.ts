import { LitElement, html, css, nothing, unsafeCSS, type PropertyValues } from "lit";
import { deepActiveElement } from "../../charts/focus.js";
import { customElement, property, state } from "lit/decorators.js";
import { identityTextColor } from "../../charts/colors.js";
import { copyText, exampleTextStyles, exampleTextView } from "../../charts/example-text.js";
import { formatCount } from "../../charts/format.js";
import { baseStyles } from "../../charts/theme.js";
import { ApiError, errorMessage, type Api } from "../../shell/api.js";
import { LatestRequest } from "../../shell/latest.js";
import {
  cutNotice,
  exampleSides,
  examplesUrl,
  idsText,
  sampleCount,
  type ExamplesAnswer,
  type ExamplesQuery,
} from "./examples.js";

/** How long "Copied 4 ids" stays beside the button. */
export const COPIED_MS = 4000;
import { identityLabel, identityText, NO_PARTS, partsStyles, type IdentityParts } from "./identities.js";

/** Sent (bubbling) when the user closes the panel. */
export const CLOSE_EXAMPLES = "examples-close";

/**
 * The sampled examples behind one label's row: for each identity of the
 * pair (y with x1, y with x2), side by side, their ids, logged text and
 * links, the sample's size beside C(x, y), and a button copying the ids.
 */
@customElement("tb-bias-examples-panel")
export class ExamplesPanel extends LitElement {
  @property({ attribute: false }) api!: Api;
  @property({ attribute: false }) query!: ExamplesQuery;
  @property({ attribute: false }) label = "";
  /** the tag's identities, in order (their colours) */
  @property({ attribute: false }) identities: readonly string[] = [];
  @property({ attribute: false }) identityParts: IdentityParts = NO_PARTS;
  /** opened by the user (not restored from the URL): it scrolls into view and takes the focus */
  @property({ attribute: false }) takeFocus = true;

  @state() private answers: ExamplesAnswer[] | null = null;
  @state() private error: unknown = null;
  /** which side's ids were just copied, and how it went */
  @state() private copied: { side: number; text: string } | null = null;
  private key = "";
  private readonly request = new LatestRequest(this);
  /** what had the focus when the panel took it (the row's Examples button): closing gives it back */
  private opener: HTMLElement | null = null;

  static override styles = [
    baseStyles,
    partsStyles,
    exampleTextStyles,
    css`
      :host {
        display: block;
      }
      section:focus {
        outline: none;
      }
      section:focus-visible {
        outline: 2px solid var(--focus);
      }
      /* beside the selected labels the panel scrolls in its own height: its title and Close stay */
      header {
        display: flex;
        align-items: baseline;
        gap: 8px;
        margin-bottom: 6px;
        position: sticky;
        top: 0;
        z-index: 1;
        background: var(--panel, #fff);
      }
      header h2 {
        margin: 0;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      header .where {
        color: var(--muted);
        font-size: 12px;
      }
      header .close {
        margin-left: auto;
        flex: none;
      }
      /* the pair's two sides side by side, as the guide says, however narrow the panel (beside the
         selected labels' chart at 1000 px it is about 400 px: 16rem each stacked them, the second
         side scrolled out of sight); a lone side takes the whole width */
      .sides {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(16rem, calc(50% - 5px)), 1fr));
        gap: 10px;
      }
      .side {
        min-width: 0;
        border: 1px solid var(--border);
        border-radius: 4px;
        padding: 6px 8px;
      }
      .side h3 {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 4px 8px;
        margin: 0 0 4px;
        font-size: 13px;
      }
      .side .count {
        color: var(--muted);
        font-weight: normal;
        font-size: 12px;
      }
      .side .bar {
        display: flex;
        align-items: center;
        gap: 8px;
        margin-bottom: 4px;
        font-size: 12px;
        color: var(--muted);
      }
      /* "Copied 4 ids" fades before it goes, COPIED_MS after the copy */
      .copy-status:not(:empty) {
        animation: fade ${unsafeCSS(COPIED_MS)}ms ease-in forwards;
      }
      @keyframes fade {
        75% {
          opacity: 1;
        }
        100% {
          opacity: 0;
        }
      }
      .cut {
        margin: 0 0 4px;
        font-size: 12px;
        color: #8a5300;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        max-height: 16rem;
        overflow-y: auto;
      }
      li {
        display: flex;
        flex-direction: column;
        gap: 1px;
        padding: 4px 0;
        border-top: 1px solid #eef0f2;
      }
      li:first-child {
        border-top: none;
      }
      code.id {
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      .none {
        color: var(--muted);
        font-size: 12px;
        margin: 4px 0;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has("query") && !changed.has("label") && !changed.has("api")) return;
    const urls = this.urls();
    const key = urls.join("\n");
    if (key !== this.key) this.load(urls, key);
  }

  protected override updated(changed: PropertyValues<this>) {
    // a newly opened panel (or another label's) is brought into view and takes the focus, so keyboard
    // and screen-reader users land on it; happy-dom and old browsers may lack scrollIntoView
    if (changed.has("label") && this.takeFocus) {
      this.opener = deepActiveElement();
      this.scrollIntoView?.({ block: "nearest" });
      this.renderRoot.querySelector<HTMLElement>("section")?.focus({ preventScroll: true });
    }
  }

  private urls(): string[] {
    return exampleSides(this.query).map((x) => examplesUrl(this.query, this.label, x));
  }

  private load(urls: string[], key: string) {
    this.key = key;
    this.answers = null;
    this.error = null;
    this.copied = null;
    this.request.run(
      (signal) => Promise.all(urls.map((url) => this.api.get<ExamplesAnswer>(url, signal))),
      (answers) => (this.answers = answers),
      (error) => (this.error = error),
    );
  }

  private close() {
    this.dispatchEvent(new CustomEvent(CLOSE_EXAMPLES, { bubbles: true, composed: true }));
    // a row scrolled away (or re-rendered) took its button with it: then the focus stays where it falls
    if (this.opener?.isConnected) this.opener.focus();
    this.opener = null;
  }

  private readonly onKeydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation(); // the panel's Escape: no handler above it acts on the same key
    this.close();
  };

  private async copy(side: number, answer: ExamplesAnswer) {
    const ok = await copyText(idsText(answer.examples));
    const n = answer.examples.length;
    const copied = { side, text: ok ? `Copied ${formatCount(n)} id${n === 1 ? "" : "s"}` : "Cannot copy here: select the ids below" };
    this.copied = copied;
    // done, it fades (it stayed for good beside the button); what to do instead stays
    if (ok) setTimeout(() => this.copied === copied && (this.copied = null), COPIED_MS);
  }

  private sideTitle(identity: string | null, x1: string | undefined) {
    if (identity === null) return html`<span>any identity</span>`;
    // An example of the rest has some other identity; it may have x1 as well.
    if (identity === "rest") return html`<span>the rest</span> <span class="count">(another identity than ${identityLabel(x1 ?? "", this.identityParts)}, with or without it)</span>`;
    return html`<span style=${`color:${identityTextColor(this.identities, identity)}`}>${identityLabel(identity, this.identityParts)}</span>`;
  }

  private renderSide(answer: ExamplesAnswer, side: number) {
    const x = answer.identity;
    const other = x === "rest" ? `an identity other than ${identityText(answer.x1 ?? "", this.identityParts)}` : x === null ? "" : identityText(x, this.identityParts);
    const withWhat = x === null ? `examples with \u201c${this.label}\u201d` : `examples with \u201c${this.label}\u201d and ${other}`;
    // the count as the panel writes it ("4 of 313\u2013666 examples"), then what it counts
    const bounds = answer.cooccurrence === null && answer.cooccurrence_range ? "; an example may have several of the other identities, so their number is no less than the largest one's count and no more than their sum" : "";
    const counted = `${sampleCount(answer)}: the sample (k = ${answer.per_cell}) of the ${withWhat}${bounds}`;
    return html`<div class="side" data-testid="examples-side" data-identity=${x ?? ""} aria-label=${withWhat}>
      <h3>${this.sideTitle(x, answer.x1)}
        <span class="count" data-testid="examples-count" title=${counted}
          >${sampleCount(answer)}</span></h3>
      ${answer.cut ? html`<p class="cut" role="note" data-testid="examples-cut">${cutNotice(answer)}</p>` : nothing}
      <div class="bar">
        <button type="button" data-testid="copy-ids" aria-label=${`Copy ids of ${x === null ? "any identity" : x === "rest" ? "the rest" : identityText(x, this.identityParts)}`}
          ?disabled=${answer.examples.length === 0} @click=${() => this.copy(side, answer)}>Copy ids</button>
        <span role="status" class="copy-status" data-testid="copy-status">${this.copied?.side === side ? this.copied.text : ""}</span>
      </div>
      ${answer.examples.length
        ? html`<ol>
            ${answer.examples.map(
              (e) => html`<li data-testid="example" data-id=${e.id}><code class="id">${e.id}</code>${exampleTextView(e)}</li>`,
            )}
          </ol>`
        : html`<p class="none" data-testid="examples-none">No example of this cell was counted.</p>`}
    </div>`;
  }

  private renderError(error: unknown) {
    // a 400 says what the table cannot give (e.g. it was logged without ids): retrying will not change it
    const final = error instanceof ApiError && error.status === 400;
    return html`<div class="error" role="alert" data-testid="examples-error">
      ${errorMessage(error)}
      ${final ? nothing : html`<button type="button" @click=${() => this.load(this.urls(), this.key)}>Retry</button>`}
    </div>`;
  }

  override render() {
    const a = this.answers?.[0];
    return html`<section class="panel" role="region" tabindex="-1" @keydown=${this.onKeydown} aria-label=${`Examples of ${this.label}`} data-testid="examples-panel" data-label=${this.label}>
      <header>
        <h2>Examples of \u201c${this.label}\u201d</h2>
        ${a ? html`<span class="where">step ${a.step} \u00b7 threshold ${a.threshold} \u00b7 up to ${a.per_cell} a cell</span>` : nothing}
        <button type="button" class="close" data-testid="examples-close" aria-label="Close the examples" @click=${() => this.close()}>\u00d7</button>
      </header>
      ${this.error !== null
        ? this.renderError(this.error)
        : this.answers === null
          ? html`<p class="loading" data-testid="examples-loading">Loading examples\u2026</p>`
          : html`<div class="sides">${this.answers.map((answer, i) => this.renderSide(answer, i))}</div>`}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "tb-bias-examples-panel": ExamplesPanel;
  }
}
