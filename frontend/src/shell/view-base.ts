// What every view receives from the shell (MeasureViewElement), declared
// once as reactive properties, and the hash subscription every view needs:
// a view extends this instead of LitElement.

import { LitElement } from "lit";
import { property } from "lit/decorators.js";
import type { Api } from "./api.js";
import type { MeasureViewElement } from "./registry.js";
import type { RunEntry } from "./types.js";
import type { HashScope, HistoryMode } from "./url-state.js";

export abstract class MeasureViewBase extends LitElement implements MeasureViewElement {
  @property({ attribute: false }) api!: Api;
  /** every run, each with only this measure's tags */
  @property({ attribute: false }) runs: RunEntry[] = [];
  /** the measure's `config` from `runs`, unvalidated */
  @property({ attribute: false }) config: unknown = null;
  /** the view's part of the URL hash */
  @property({ attribute: false }) hash!: HashScope;

  /** the scope listened to while connected, and how to stop */
  private hashListener: { scope: HashScope; stop: () => void } | null = null;
  /** the view was connected before */
  private shownBefore = false;
  /** the next write to the hash adds a history entry */
  private pushNext = false;

  constructor() {
    super();
    // a controller, so that a view's own connectedCallback or willUpdate need not call back here;
    // hostUpdate covers a hash given after the element was connected
    this.addController({
      hostConnected: () => {
        this.listenToHash();
        this.catchUp();
      },
      hostUpdate: () => this.listenToHash(),
      hostDisconnected: () => this.stopListening(),
    });
  }

  /**
   * The hash changed from outside the view (back button, pasted link, or
   * another owner's write: the view compares its own entries).
   */
  protected abstract onExternalHashChange(): void;

  /**
   * The user chose what to see (a run, table, step, tab or panel): the view's next write to the hash
   * adds a history entry, so that Back shows what was shown before. Continuous edits (typing, brushing,
   * paging) and states fitted to the data replace the entry.
   */
  protected navigated(): void {
    this.pushNext = true;
  }

  /** How the write about to be made goes into the history (once per `navigated()`). */
  protected historyMode(): HistoryMode {
    const mode = this.pushNext ? "push" : "replace";
    this.pushNext = false;
    return mode;
  }

  private listenToHash(): void {
    if (!this.isConnected || !this.hash || this.hashListener?.scope === this.hash) return;
    this.stopListening();
    const scope = this.hash;
    this.hashListener = {
      scope,
      stop: scope.onExternalChange(() => {
        this.pushNext = false; // Back or a link: what follows fits it, in place
        this.onExternalHashChange();
      }),
    };
  }

  /** Shown again (the switcher, Back to another measure): the element kept its state, which the hash may no longer hold. */
  private catchUp(): void {
    if (this.shownBefore && this.hash) this.onExternalHashChange();
    this.shownBefore = true;
  }

  private stopListening(): void {
    this.hashListener?.stop();
    this.hashListener = null;
  }
}
