// Intersectional identities (issue 14): an identity such as
// `sex=f & age=60+`, counted as its own identity, is shown with its parts.
// The parts come from the backend (`identity_parts` of the table and
// compare answers, docs/http_api.md); a name it does not list there, even
// one with " & " in it, is a single identity. Also the formatting of
// expected counts (tables whose identities were probabilities).

import { css, html, type TemplateResult } from "lit";
import { pairTitle, UNDEFINED_TEXT } from "../../charts/format.js";

/** Identity name -> its parts, for the intersections only. */
export type IdentityParts = Readonly<Record<string, readonly string[]>>;

export const NO_PARTS: IdentityParts = Object.freeze({});

/** Joins the parts of an intersection when shown as text. */
export const INTERSECTION_SIGN = "\u2229";

/** The parts of an intersectional identity; null for a single identity. */
export function parts(name: string, identityParts: IdentityParts): readonly string[] | null {
  if (!Object.prototype.hasOwnProperty.call(identityParts, name)) return null;
  const p = identityParts[name];
  return Array.isArray(p) && p.length >= 2 ? p : null;
}

/** "sex=f ∩ age=60+" for an intersection, the name itself otherwise: for places that take text only (options, SVG). */
export function identityText(name: string, identityParts: IdentityParts): string {
  return parts(name, identityParts)?.join(` ${INTERSECTION_SIGN} `) ?? name;
}

/**
 * An identity's name as lines for a narrow place (a plot's axis title): an
 * intersection one part a line, "∩ " before all but the first; each line
 * cut to `maxChars` with "…" (the full name belongs in a tooltip).
 */
export function identityLines(name: string, identityParts: IdentityParts, maxChars: number): string[] {
  const p = parts(name, identityParts);
  const lines = p ? p.map((part, i) => (i === 0 ? part : `${INTERSECTION_SIGN} ${part}`)) : [name];
  const n = Math.max(2, Math.floor(maxChars));
  return lines.map((line) => ([...line].length <= n ? line : `${[...line].slice(0, n - 1).join("")}\u2026`));
}

/** Axis titles laid out over a row of axes: each title's lines, and its row (0 or 1). */
export interface AxisTitles {
  lines: string[][];
  row: number[];
  /** 1, or 2 when the titles alternate between two rows */
  rows: number;
}

/**
 * Titles for axes at `axisX` (ascending) in a plot `width` wide. Each title
 * is centred on its axis and cut to the gap between axes; when one would be
 * cut, every other title moves down a row, which gives each up to two gaps
 * (as far as the plot's edges allow, never less than one gap).
 */
export function axisTitles(
  names: readonly string[],
  identityParts: IdentityParts,
  axisX: readonly number[],
  width: number,
  charPx: number,
): AxisTitles {
  const gap = axisX.length > 1 ? axisX[1]! - axisX[0]! : width;
  const room = (i: number, span: number) =>
    (Math.max(gap, Math.min(span, 2 * axisX[i]!, 2 * (width - axisX[i]!))) - 8) / charPx;
  const layout = (span: number) => names.map((name, i) => identityLines(name, identityParts, room(i, span)));
  const one = layout(gap);
  const full = names.map((name) => identityLines(name, identityParts, Infinity));
  const cut = one.some((lines, i) => lines.join("\n") !== full[i]!.join("\n"));
  if (!cut || names.length < 3) return { lines: one, row: names.map(() => 0), rows: 1 };
  return { lines: layout(2 * gap), row: names.map((_, i) => i % 2), rows: 2 };
}

/** pairTitle with intersections as text: "sex=f ∩ age=60+ vs. the rest". */
export function pairText(x1: string | null, x2: string | null, identityParts: IdentityParts): string {
  const text = (x: string | null) => (x === null || x === "rest" ? x : identityText(x, identityParts));
  return pairTitle(text(x1), text(x2));
}

/** "intersection of sex=f and age=60+" ("a, b and c" for three); "" for a single identity. */
export function intersectionTitle(name: string, identityParts: IdentityParts): string {
  const p = parts(name, identityParts);
  if (!p) return "";
  return `intersection of ${p.slice(0, -1).join(", ")} and ${p[p.length - 1]}`;
}

/** The identities in their order, singles first, then the intersections (for grouped pickers). */
export function groupIdentities(
  names: readonly string[],
  identityParts: IdentityParts,
): { singles: string[]; intersections: string[] } {
  const singles: string[] = [];
  const intersections: string[] = [];
  for (const name of names) (parts(name, identityParts) ? intersections : singles).push(name);
  return { singles, intersections };
}

/**
 * `known` with the intersections of a new answer added; `known` itself when
 * the answer adds nothing, so that an unchanged map does not re-render.
 * A name's parts depend on the name alone, so answers of any table merge.
 */
export function mergeParts(known: IdentityParts, served: IdentityParts | null | undefined): IdentityParts {
  if (!served) return known;
  const added = Object.entries(served).filter(
    ([name, p]) => Array.isArray(p) && p.length >= 2 && parts(name, known)?.join("\u0000") !== p.join("\u0000"),
  );
  return added.length === 0 ? known : Object.freeze({ ...known, ...Object.fromEntries(added) });
}

/**
 * An identity for HTML: an intersection as its parts in small chips joined
 * by "∩" (with a tooltip naming them), a single identity as its name.
 */
export function identityLabel(name: string, identityParts: IdentityParts): TemplateResult | string {
  const p = parts(name, identityParts);
  if (!p) return name;
  return html`<span
    class="parts"
    data-testid="identity-parts"
    data-identity=${name}
    title=${intersectionTitle(name, identityParts)}
    >${p.map((part, i) => html`${i > 0 ? html`<span class="cap">${INTERSECTION_SIGN}</span>` : ""}<span class="part">${part}</span>`)}</span
  >`;
}

/** Styles of identityLabel's chips, for the components that show them. */
export const partsStyles = css`
  .parts {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px 3px;
    min-width: 0;
    vertical-align: middle;
  }
  .parts .part {
    border: 1px solid var(--border);
    border-radius: 8px;
    padding: 0 5px;
    background: #fff;
    font-size: 11px;
    font-weight: 500;
    line-height: 15px;
    white-space: nowrap;
  }
  .parts .cap {
    color: var(--muted);
    font-size: 11px;
    font-weight: 600;
  }
`;

const expected = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An expected count (a sum of probabilities) with two decimals: "12.37", "1,204.50"; an em dash when undefined. */
export function formatExpectedCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNDEFINED_TEXT;
  return expected.format(value);
}

/** The note shown by tables of expected counts. */
export const EXPECTED_COUNTS_NOTE = "Expected counts: identities were given as probabilities";
