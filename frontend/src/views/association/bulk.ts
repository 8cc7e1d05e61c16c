// Every label of the current filtered result, for "flag / hide / select
// all": the API has no bulk operation, so page through `table`.

import type { Api } from "../../shell/api.js";
import { formatCount, plural } from "../../charts/format.js";
import type { FlagLookup } from "./flags.js";
import { tableUrl } from "./query.js";
import type { TableResponse } from "./types.js";
import type { ResolvedState } from "./view-state.js";

export class TooManyLabels extends Error {
  constructor(
    readonly total: number,
    readonly cap: number,
  ) {
    super(`the filtered result has ${total} labels; narrow it to at most ${cap}`);
    this.name = "TooManyLabels";
  }
}

/**
 * Labels of the filtered result in table order, `page` (the route's largest
 * `limit`) at a time; throws TooManyLabels above `cap` unless `truncate`.
 */
export async function fetchResultLabels(
  api: Api,
  state: ResolvedState,
  cap: number,
  page: number,
  truncate = false,
): Promise<{ labels: string[]; total: number }> {
  const first = await api.get<TableResponse>(tableUrl(state, 0, Math.min(page, cap)));
  const total = first.total;
  if (total > cap && !truncate) throw new TooManyLabels(total, cap);
  const want = Math.min(total, cap);
  const labels = first.rows.map((r) => r.label);
  const offsets: number[] = [];
  for (let offset = labels.length; offset < want; offset += page) offsets.push(offset);
  const pages = await Promise.all(
    offsets.map((offset) => api.get<TableResponse>(tableUrl(state, offset, Math.min(page, want - offset)))),
  );
  for (const page of pages) labels.push(...page.rows.map((r) => r.label));
  return { labels: labels.slice(0, want), total };
}

/** A flag or hide of every label of the result, waiting for the user to confirm it (saved, shared by the tag's runs). */
export interface BulkAsk {
  kind: "flagged" | "hidden";
  on: boolean;
  /** the result asked about (`queryKey`): the question goes when the result changes, not on any change */
  key: string;
  /** the labels of the result whose mark changes (those already so are left out); null while they are read */
  labels: string[] | null;
  /** how many labels the result has (hidden ones included when unhiding); null while they are read */
  total: number | null;
}

/** The labels of `labels` whose `kind` mark is not yet `on`: what flagging (or hiding, unhiding...) them changes. */
export function labelsToChange(labels: readonly string[], lookup: FlagLookup, kind: "flagged" | "hidden", on: boolean): string[] {
  const marked = lookup[kind];
  return labels.filter((label) => marked.has(label) !== on);
}

const VERBS = { flagged: ["Flag", "Unflag"], hidden: ["Hide", "Unhide"] } as const;

/** The verb of a bulk change: "Flag", "Unflag", "Hide" or "Unhide". */
export function bulkVerb(kind: "flagged" | "hidden", on: boolean): string {
  return VERBS[kind][on ? 0 : 1];
}

/** The question asked before a bulk change, with the number of labels it changes (not the rows on screen). */
export function bulkQuestion(ask: Pick<BulkAsk, "kind" | "on"> & { labels: string[]; total: number }, tag: string): string {
  const verb = bulkVerb(ask.kind, ask.on);
  const n = ask.labels.length;
  let which: string;
  if (n === ask.total) which = n === 1 ? "the result's one label" : `all ${plural(n, "label")} of the result`;
  else {
    const others = ask.on ? `${ask.kind} already` : `not ${ask.kind}`;
    which = `${plural(n, "label")} of the result's ${formatCount(ask.total)} (the others are ${others})`;
  }
  return `${verb} ${which}? Saved for tag ${tag}, in every run.`;
}

/** Said instead of asking when a bulk change would change no label. */
export function bulkNothingToDo(kind: "flagged" | "hidden", on: boolean, total: number): string {
  if (!on) return `No label of the result is ${kind}.`;
  return total === 1 ? `The result's one label is ${kind} already.` : `All ${plural(total, "label")} of the result are ${kind} already.`;
}
