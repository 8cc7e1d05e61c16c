// What every view receives from the shell (MeasureViewElement), declared
// once as reactive properties, and the hash subscription every view needs:
// a view extends this instead of LitElement.

import { LitElement } from "lit";
import { property } from "lit/decorators.js";
import type { Api } from "./api.js";
import type { MeasureViewElement } from "./registry.js";
import type { RunEntry } from "./types.js";
import type { HashScope } from "./url-state.js";

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

  constructor() {
    super();
    // a controller, so that a view's own connectedCallback or willUpdate need not call back here;
    // hostUpdate covers a hash given after the element was connected
    this.addController({
      hostConnected: () => this.listenToHash(),
      hostUpdate: () => this.listenToHash(),
      hostDisconnected: () => this.stopListening(),
    });
  }

  /**
   * The hash changed from outside the view (back button, pasted link, or
   * another owner's write: the view compares its own entries).
   */
  protected abstract onExternalHashChange(): void;

  private listenToHash(): void {
    if (!this.isConnected || !this.hash || this.hashListener?.scope === this.hash) return;
    this.stopListening();
    const scope = this.hash;
    this.hashListener = { scope, stop: scope.onExternalChange(() => this.onExternalHashChange()) };
  }

  private stopListening(): void {
    this.hashListener?.stop();
    this.hashListener = null;
  }
}
