// Every label of the current filtered result, for "flag / hide / select
// all": the API has no bulk operation, so page through `table`.

import type { Api } from "../../shell/api.js";
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
