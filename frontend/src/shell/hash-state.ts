// TensorBoard keeps its state in the top window's hash as
// `#tab&key=value&...` (both sides URI-encoded; an item without `=` is the
// tab). Plugin state lives under keys prefixed `p.<plugin>.`. These helpers
// are pure so the round trip can be tested without a browser.

export interface ParsedHash {
  tab: string | null;
  /** TensorBoard's and plugins' key/value pairs, in hash order. */
  entries: Array<[string, string]>;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape: keep it verbatim rather than lose it
  }
}

export function parseHash(hash: string): ParsedHash {
  const body = hash.startsWith("#") ? hash.slice(1) : hash;
  const parsed: ParsedHash = { tab: null, entries: [] };
  for (const item of body.split("&")) {
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq < 0) {
      parsed.tab ??= decode(item);
    } else {
      parsed.entries.push([decode(item.slice(0, eq)), decode(item.slice(eq + 1))]);
    }
  }
  return parsed;
}

export function serializeHash(parsed: ParsedHash): string {
  const items: string[] = [];
  if (parsed.tab !== null && parsed.tab !== "") items.push(encodeURIComponent(parsed.tab));
  for (const [key, value] of parsed.entries) {
    items.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  return items.length ? `#${items.join("&")}` : "";
}

/** The plugin's own entries, with the prefix stripped. */
export function pluginEntries(parsed: ParsedHash, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of parsed.entries) {
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  }
  return out;
}

/**
 * Replaces every prefixed entry with `state` (keys without prefix), keeping
 * the tab and everybody else's entries. A missing tab becomes `tab` so that a
 * reload opens this plugin again.
 */
export function withPluginEntries(
  parsed: ParsedHash,
  prefix: string,
  state: Record<string, string>,
  tab: string,
): ParsedHash {
  const others = parsed.entries.filter(([key]) => !key.startsWith(prefix));
  const ours = Object.entries(state).map(([key, value]): [string, string] => [prefix + key, value]);
  return { tab: parsed.tab ?? tab, entries: [...others, ...ours] };
}

/** A text entry of the hash: absent or empty means unset (null). */
export function textEntry(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value;
}

/**
 * A step (or another int64 id, such as a replicate) as a hash entry holds it:
 * an optional minus and digits, within the safe integers; else null. Every
 * view reads steps with this, so a link's `abc`, `1.5` or 20-digit step is
 * dropped alike rather than sent (the server refuses it with a 400).
 */
export function parseStep(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
