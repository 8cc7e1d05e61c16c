// What a shared link asked for that the logdir lacks, said in words: every
// view replaces such a value by a default (a run, a table, a step...), and a
// reader who is not told sees other numbers than the sender did.

import { css, html, LitElement, nothing, type ReactiveController, type ReactiveControllerHost } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { deepActiveElement } from "../charts/focus.js";
import { parseStep } from "./hash-state.js";

/** `what`: what the view shows of a run ("table" for label associations, "DIPDI record"...). */
export function runMissing(asked: string, shown: string | null, what = "table"): string {
  return `Run \u201c${asked}\u201d has no ${what} here; showing ${shown ?? "none"}.`;
}

export function tagMissing(run: string | null, asked: string, shown: string | null): string {
  return `Run ${run} has no table \u201c${asked}\u201d; showing ${shown ?? "none"}.`;
}

/** `fallback` names the step shown instead ("the latest", "the first logged"). */
export function stepMissing(asked: string | number, run: string | null, tag: string | null, fallback: string): string {
  return `Step ${asked} of ${run}/${tag} is not among the steps TensorBoard kept; showing ${fallback}.`;
}

/** Whether two sets of hash entries are the same, whatever their order. */
export function sameEntries(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** One more thing said after what a notice says already (one link can hold several bad values). */
export function joinNotice(current: string, text: string): string {
  return current && current !== text && !current.includes(text) ? `${current} ${text}` : current || text;
}

/** A notice the reader closes (its styles: `dismissibleNoticeStyles`). */
export function dismissibleNotice(text: string, dismiss: () => void, testId = "notice") {
  if (!text) return nothing;
  return html`<tb-bias-notice .text=${text} .testId=${testId} .dismiss=${dismiss}></tb-bias-notice>`;
}

/** Where the focus goes when a notice's × is pressed: the selected tab, else the first control of the notice's view. */
function afterNotice(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? root.querySelector<HTMLElement>("select, button, input");
}

/**
 * A dismissible notice in a live region that is on the page before its words (a region filled in the
 * render that adds it is not announced): the words follow a frame later. Rendered in its host's shadow
 * root (its styles are the host's). Closed, it gives the focus to its view, not to the page's body.
 */
@customElement("tb-bias-notice")
export class DismissibleNotice extends LitElement {
  @property({ attribute: false }) text = "";
  @property({ attribute: false }) testId = "notice";
  @property({ attribute: false }) dismiss: () => void = () => {};
  @state() private shown = false;

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback() {
    super.connectedCallback();
    requestAnimationFrame(() => setTimeout(() => (this.shown = true), 0));
  }

  private readonly close = async () => {
    const root = this.getRootNode() as ParentNode & { host?: Element & { updateComplete?: Promise<unknown> } };
    this.dismiss();
    await root.host?.updateComplete;
    if (deepActiveElement() === null) afterNotice(root)?.focus();
  };

  override render() {
    return html`<div role="status" class="notice-region">${this.shown
      ? html`<div class="notice dismissible" data-testid=${this.testId}>
          <span>${this.text}</span>
          <button type="button" aria-label="Dismiss" @click=${this.close}>\u00d7</button>
        </div>`
      : nothing}</div>`;
  }
}

export const dismissibleNoticeStyles = css`
  tb-bias-notice {
    display: block;
  }
  .notice.dismissible {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    align-items: center;
  }
  .notice.dismissible button {
    flex: none;
  }
`;

/**
 * A link's entries, each checked once, when the view knows what it shows in
 * its place (a run at once, a step or a layer when its listing answers): a
 * value replaced is said. Only state read from the URL is checked, never a
 * pick in the view (a picker simply does not keep what another table lacks).
 */
export class LinkNotices implements ReactiveController {
  private asked = new Map<string, string>();
  text = "";

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** The link's entries of `keys`, to be checked; a new link replaces the old one's entries and notice. */
  read(entries: Readonly<Record<string, string>>, keys: readonly string[]): void {
    this.asked = new Map();
    if (this.text) {
      this.text = "";
      this.host.requestUpdate();
    }
    for (const key of keys) {
      const value = entries[key];
      if (value !== undefined && value !== "") this.asked.set(key, value);
    }
  }

  /**
   * Checks the link's `key` against the value shown, once: says `words(asked)`
   * when they differ. When `rest` and the value was replaced, the link's other
   * entries are dropped unchecked (a step of another run means nothing here).
   */
  check(key: string, shown: string | number | null, words: (asked: string) => string, rest = false): void {
    const asked = this.asked.get(key);
    if (asked === undefined) return;
    this.asked.delete(key);
    // a number as written in the link ("05") and as shown (5) are the same
    if (asked === String(shown ?? "") || (typeof shown === "number" && parseStep(asked) === shown)) return;
    if (rest) this.asked.clear();
    this.say(words(asked));
  }

  /**
   * The reader picked something in the view: the link's notice is about what the link asked,
   * which no longer decides what is shown, so it goes, with the link's entries not yet checked.
   */
  dismiss(): void {
    this.asked.clear();
    if (!this.text) return;
    this.text = "";
    this.host.requestUpdate();
  }

  say(text: string): void {
    this.text = joinNotice(this.text, text);
    this.host.requestUpdate();
  }

  render() {
    return dismissibleNotice(this.text, () => {
      this.text = "";
      this.host.requestUpdate();
    }, "link-notice");
  }
}
