// Reads and writes the plugin's view state in TensorBoard's hash, which
// lives in the top window (we run in an iframe). TensorBoard caches the
// parsed hash and refreshes it on `hashchange`, so a write dispatches one.

import { parseHash, pluginEntries, serializeHash, withPluginEntries } from "./hash-state.js";
import { decodeViewState, encodeViewState, type ViewState } from "./view-state.js";

export const PLUGIN_NAME = "tb_bias";
export const PREFIX = `p.${PLUGIN_NAME}.`;

/** The bits of a Window this module uses, so tests can pass a fake. */
export interface HashWindow {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
  addEventListener(type: "hashchange", listener: () => void): void;
  removeEventListener(type: "hashchange", listener: () => void): void;
  dispatchEvent(event: Event): boolean;
}

/** The top TensorBoard window when we can reach it, else our own. */
export function hashWindow(self: Window): HashWindow {
  try {
    const parent = self.parent;
    if (parent && parent !== self) {
      void parent.location.hash; // throws if cross-origin
      return parent;
    }
  } catch {
    // not same-origin: keep state in our own URL
  }
  return self;
}

export function isOwnTab(hash: string): boolean {
  const { tab } = parseHash(hash);
  return tab === null || tab === PLUGIN_NAME;
}

export function readViewState(win: HashWindow): ViewState {
  return decodeViewState(pluginEntries(parseHash(win.location.hash), PREFIX));
}

/** The hash that stores `state`, keeping TensorBoard's tab and keys. */
export function hashFor(currentHash: string, state: ViewState): string {
  return serializeHash(withPluginEntries(parseHash(currentHash), PREFIX, encodeViewState(state), PLUGIN_NAME));
}

/** Writes the state; returns false when the hash already held it. */
export function writeViewState(win: HashWindow, state: ViewState, makeEvent: () => Event): boolean {
  const next = hashFor(win.location.hash, state);
  const current = win.location.hash === "#" ? "" : win.location.hash;
  if (next === current) return false;
  win.history.replaceState(win.history.state, "", `${win.location.pathname}${win.location.search}${next}`);
  win.dispatchEvent(makeEvent());
  return true;
}
