// The plugin's state in TensorBoard's hash, which lives in the top window
// (we run in an iframe). Keys are prefixed `p.tb_bias.`; the shell owns
// `measure`, each view owns its own keys through a HashScope. TensorBoard
// caches the parsed hash and refreshes it on `hashchange`, so a write
// dispatches one. A deliberate move (another measure, tab, run, table or
// step) adds a history entry, so Back returns to what was shown; every
// other write (typing, brushing, a state fitted to the data) replaces it.

import { parseHash, pluginEntries, serializeHash, withPluginEntries } from "./hash-state.js";

export const PLUGIN_NAME = "tb_bias";
export const PREFIX = `p.${PLUGIN_NAME}.`;
/** The shell's one key: which measure's view is shown. */
export const MEASURE_KEY = "measure";

/** The bits of a Window this module uses, so tests can pass a fake. */
export interface HashWindow {
  location: { hash: string; pathname: string; search: string };
  history: {
    state: unknown;
    replaceState(data: unknown, unused: string, url?: string): void;
    pushState(data: unknown, unused: string, url?: string): void;
  };
  addEventListener(type: "hashchange" | "popstate", listener: () => void): void;
  removeEventListener(type: "hashchange" | "popstate", listener: () => void): void;
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

/** How a write goes into the browser's history: a new entry (Back returns to the one before) or in place. */
export type HistoryMode = "push" | "replace";

/** The events that say the hash changed under us: a pasted link (hashchange), Back and Forward (popstate too). */
export const EXTERNAL_EVENTS = ["hashchange", "popstate"] as const;

/** Which of the plugin's keys (prefix stripped) an owner reads and writes. */
export type KeyOwner = (key: string) => boolean;

/**
 * The keys of a view. A view's keys are `<measure>.<key>`; the association
 * view, which predates the switcher, keeps its plain keys so that old
 * links still open the same view (`prefix` "").
 */
export function viewKeys(prefix: string): KeyOwner {
  return prefix === "" ? (key) => key !== MEASURE_KEY && !key.includes(".") : (key) => key.startsWith(prefix);
}

export const shellKeys: KeyOwner = (key) => key === MEASURE_KEY;

/** The owner's entries, keys without the owner's prefix. */
export function readEntries(hash: string, owns: KeyOwner, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(pluginEntries(parseHash(hash), PREFIX))) {
    if (owns(key)) out[key.slice(prefix.length)] = value;
  }
  return out;
}

/** The hash that stores `entries` for the owner, keeping TensorBoard's tab, its keys and other owners' keys. */
export function hashFor(currentHash: string, owns: KeyOwner, entries: Record<string, string>, prefix = ""): string {
  const parsed = parseHash(currentHash);
  const others = pluginEntries(parsed, PREFIX);
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(others)) if (!owns(key)) kept[key] = value;
  for (const [key, value] of Object.entries(entries)) kept[prefix + key] = value;
  return serializeHash(withPluginEntries(parsed, PREFIX, kept, PLUGIN_NAME));
}

/** Writes the owner's entries; returns false when the hash already held them. */
export function writeEntries(
  win: HashWindow,
  owns: KeyOwner,
  entries: Record<string, string>,
  makeEvent: () => Event,
  prefix = "",
  mode: HistoryMode = "replace",
): boolean {
  const next = hashFor(win.location.hash, owns, entries, prefix);
  const current = win.location.hash === "#" ? "" : win.location.hash;
  if (next === current) return false;
  const url = `${win.location.pathname}${win.location.search}${next}`;
  // TensorBoard's own history state is kept on either entry
  if (mode === "push") win.history.pushState(win.history.state, "", url);
  else win.history.replaceState(win.history.state, "", url);
  win.dispatchEvent(makeEvent());
  return true;
}

/** A view's part of the hash: what the shell hands each view. */
export interface HashScope {
  /** the view's entries, keys without its prefix */
  read(): Record<string, string>;
  /** replaces the view's entries (`push`: in a new history entry); false when the hash held them already */
  write(entries: Record<string, string>, mode?: HistoryMode): boolean;
  /** calls back when the hash changed from outside (back button, pasted link); returns an unsubscribe */
  onExternalChange(listener: () => void): () => void;
}

export function hashScope(win: HashWindow, prefix: string): HashScope {
  const owns = viewKeys(prefix);
  let writing = false;
  return {
    read: () => readEntries(win.location.hash, owns, prefix),
    write(entries, mode = "replace") {
      writing = true;
      try {
        return writeEntries(win, owns, entries, () => new HashChangeEvent("hashchange"), prefix, mode);
      } catch {
        return false; // a parent that refuses history writes: links just won't restore the view
      } finally {
        writing = false;
      }
    },
    onExternalChange(listener) {
      const handler = () => {
        if (!writing && isOwnTab(win.location.hash)) listener();
      };
      // Back and Forward fire both: a view compares its entries, so the second call finds nothing new
      for (const type of EXTERNAL_EVENTS) win.addEventListener(type, handler);
      return () => EXTERNAL_EVENTS.forEach((type) => win.removeEventListener(type, handler));
    },
  };
}
