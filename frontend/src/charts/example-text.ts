// The text and URI logged beside an example (association samples, DIPDI's
// and sensitivity's top examples): shown as text (Lit escapes it), the URI
// a link only when it is http(s), never fetched by the tab itself.

import { css, html, nothing, type TemplateResult } from "lit";

/**
 * The link target of a logged URI: the URI itself when it is an absolute
 * http(s) URL, else null (javascript:, data:, file:, relative paths and
 * anything unparsable are shown as text, never followed).
 */
export function linkTarget(uri: string | null | undefined): string | null {
  const trimmed = (uri ?? "").trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? trimmed : null;
}

/** An example's URI: a link opening in a new tab (no opener, no referrer) when http(s), else plain text. */
export function uriView(uri: string | null | undefined): TemplateResult | typeof nothing {
  if (!uri) return nothing;
  const href = linkTarget(uri);
  return href
    ? html`<a class="ex-uri" href=${href} target="_blank" rel="noopener noreferrer" title=${uri}>${uri}</a>`
    : html`<span class="ex-uri" title="not an http(s) link">${uri}</span>`;
}

/** An example's logged text and URI, or nothing when neither was logged. */
export function exampleTextView(example: { text?: string | null; uri?: string | null }): TemplateResult | typeof nothing {
  if (!example.text && !example.uri) return nothing;
  return html`<span class="ex-logged" data-testid="example-text"
    >${example.text ? html`<span class="ex-text">${example.text}</span>` : nothing}${uriView(example.uri)}</span
  >`;
}

/** Whether any of the examples has a logged text or URI (a table then shows the column). */
export function hasExampleText(examples: readonly { text?: string | null; uri?: string | null }[]): boolean {
  return examples.some((e) => !!e.text || !!e.uri);
}

export const exampleTextStyles = css`
  .ex-logged {
    display: inline-flex;
    flex-direction: column;
    gap: 1px;
    min-width: 0;
    white-space: normal;
    text-align: left;
    overflow-wrap: anywhere;
  }
  .ex-uri {
    font-size: 11px;
    overflow-wrap: anywhere;
  }
  span.ex-uri {
    color: var(--muted);
  }
`;

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it,
 * else a hidden textarea and execCommand("copy") (older browsers, or a
 * TensorBoard served over plain http on another host). Resolves to whether
 * it worked.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator?.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, insecure context): try the fallback
    }
  }
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  doc.body.appendChild(area);
  area.select();
  try {
    return typeof doc.execCommand === "function" && doc.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
