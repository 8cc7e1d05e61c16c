// The examples behind a label's row (issue 24): which cells the Examples
// panel asks the `examples` route for, and how it words their counts.

import { formatCount } from "../../charts/format.js";
import { formatExpectedCount } from "./identities.js";

/** One example of a cell's sample, as the `examples` route answers it. */
export interface SampledExample {
  id: string;
  text: string;
  uri: string;
}

/** The `examples` route's answer (docs/http_api.md). */
export interface ExamplesAnswer {
  run: string;
  tag: string;
  step: number;
  threshold: number;
  label: string;
  /** an identity, "rest" (another identity than `x1`, with or without it), or null (the label alone) */
  identity: string | null;
  /** with identity "rest": the identity the rest is of */
  x1?: string;
  examples: SampledExample[];
  /** null for "the rest" when its samples cannot tell how many examples it has (see `cooccurrence_range`) */
  cooccurrence: number | null;
  /** "the rest" only: bounds of its number of examples (the largest other C(x, y), their sum) */
  cooccurrence_range?: [number, number];
  sampled: number;
  per_cell: number;
  cut: boolean;
}

/** The table the panel reads, and the pair its row is ranked by. */
export interface ExamplesQuery {
  run: string;
  tag: string;
  step: number | null;
  threshold: number | null;
  x1: string | null;
  x2: string | null;
}

/**
 * The cells shown side by side for label y: y with x1, and y with x2 (with
 * "rest": y with any identity but x1); with one identity, y alone (the
 * route's label-alone cell, identity null) beside y with x1.
 */
export function exampleSides(q: Pick<ExamplesQuery, "x1" | "x2">): (string | null)[] {
  const sides: (string | null)[] = [];
  if (q.x1 !== null) sides.push(q.x1);
  sides.push(q.x2 !== null && (q.x2 !== "rest" || q.x1 !== null) ? q.x2 : null);
  return sides;
}

/** The `examples` URL of label y with `identity` (null: y alone). */
export function examplesUrl(q: ExamplesQuery, label: string, identity: string | null): string {
  const p = new URLSearchParams([
    ["run", q.run],
    ["tag", q.tag],
  ]);
  if (q.step !== null) p.set("step", String(q.step));
  if (q.threshold !== null) p.set("threshold", String(q.threshold));
  p.set("label", label);
  if (identity !== null) p.set("identity", identity);
  if (identity === "rest" && q.x1 !== null) p.set("x1", q.x1);
  return `examples?${p.toString()}`;
}

/**
 * "8 of 1,204 examples" (an expected count with its decimals): the sample's size beside the cell's count;
 * "8 of 27\u201360 examples" for a rest whose samples cannot tell how many it has (an example can have several
 * identities: between the largest other identity's count and their sum); "of at least 8" from a server without the range.
 */
export function sampleCount(answer: Pick<ExamplesAnswer, "sampled" | "cooccurrence" | "cooccurrence_range">): string {
  const c = answer.cooccurrence;
  const count = (v: number) => (Number.isInteger(v) ? formatCount(v) : formatExpectedCount(v));
  if (c !== null) return `${formatCount(answer.sampled)} of ${count(c)} examples`;
  const range = answer.cooccurrence_range;
  if (!range) return `${formatCount(answer.sampled)} of at least ${formatCount(answer.sampled)} examples`;
  const [low, high] = range;
  return `${formatCount(answer.sampled)} of ${low === high ? count(low) : `${count(low)}\u2013${count(high)}`} examples`;
}

/** What the panel says of a cut cell: the record's byte budget kept fewer than k of its examples. */
export function cutNotice(answer: Pick<ExamplesAnswer, "sampled" | "per_cell" | "cooccurrence">): string {
  const c = answer.cooccurrence;
  const wanted = c === null ? answer.per_cell : Math.min(answer.per_cell, Math.floor(c));
  return `Cut: the record's size budget kept ${formatCount(answer.sampled)} of the ${formatCount(wanted)} sampled examples.`;
}

/** The ids of the examples, one a line (what the copy button puts on the clipboard). */
export function idsText(examples: readonly SampledExample[]): string {
  return examples.map((e) => e.id).join("\n");
}
