// A small, safe Markdown subset for table descriptions (paragraphs, **bold**,
// *italic*, `code`), rendered as Lit templates: every character of the
// description stays text, so nothing in it can become markup or script.

import { html, type TemplateResult } from "lit";

export type Span = { kind: "text" | "strong" | "em" | "code"; text: string };

const TOKEN = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/;

/** Inline spans of one paragraph. */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  for (const part of text.split(TOKEN)) {
    if (!part) continue;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) spans.push({ kind: "strong", text: part.slice(2, -2) });
    else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) spans.push({ kind: "code", text: part.slice(1, -1) });
    else if ((part.startsWith("*") && part.endsWith("*")) || (part.startsWith("_") && part.endsWith("_"))) {
      spans.push(part.length > 2 ? { kind: "em", text: part.slice(1, -1) } : { kind: "text", text: part });
    } else spans.push({ kind: "text", text: part });
  }
  return spans;
}

/** Paragraphs (separated by blank lines), each a list of spans. */
export function parseMarkdown(text: string): Span[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter((p) => p.length > 0)
    .map(parseInline);
}

function span(s: Span): TemplateResult {
  switch (s.kind) {
    case "strong":
      return html`<strong>${s.text}</strong>`;
    case "em":
      return html`<em>${s.text}</em>`;
    case "code":
      return html`<code>${s.text}</code>`;
    default:
      return html`${s.text}`;
  }
}

export function renderMarkdown(text: string): TemplateResult {
  return html`${parseMarkdown(text).map((p) => html`<p>${p.map(span)}</p>`)}`;
}
