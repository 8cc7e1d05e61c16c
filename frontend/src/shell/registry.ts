// Views are registered by measure id. A measure's view is the folder
// `views/<measure>/`, whose `index.ts` exports `view: MeasureView` and
// defines the custom element it names; discover.ts finds those folders.

import type { Api } from "./api.js";
import type { HashScope } from "./url-state.js";
import type { RunEntry } from "./types.js";

/** What a view module exports as `view`. */
export interface MeasureView {
  /** the measure id tags carry in `runs` (and the folder's name) */
  measure: string;
  /** switcher label when the backend gives none */
  title: string;
  /** the custom element the module defines; it implements MeasureViewElement */
  element: string;
  /**
   * Prefix of the view's keys in the URL hash (after `p.tb_bias.`);
   * default `<measure>.`. Only the association view uses "" (old links).
   */
  hashPrefix?: string;
}

/** The properties the shell sets on a view's element. */
export interface MeasureViewElement extends HTMLElement {
  api: Api;
  /** every run, each with only this measure's tags */
  runs: RunEntry[];
  /** the measure's `config` from `runs`, unvalidated */
  config: unknown;
  /** the view's part of the URL hash */
  hash: HashScope;
}

/**
 * Fired (bubbling, composed) by a view that wants `runs` fetched again,
 * with a ReloadRequest as detail: the shell sets `settled`.
 */
export const RELOAD_EVENT = "tb-bias-reload";

export interface ReloadRequest {
  settled: Promise<void> | null;
}

/** Loads the module of `views/<measure>/index.ts`; rejects if there is none. */
export type ViewLoader = (measure: string) => Promise<unknown>;

const MEASURE_ID = /^[a-z][a-z0-9_]*$/;

export function isMeasureView(value: unknown): value is MeasureView {
  const v = value as Partial<MeasureView> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.measure === "string" &&
    typeof v.title === "string" &&
    typeof v.element === "string" &&
    v.element.includes("-") &&
    (v.hashPrefix === undefined || typeof v.hashPrefix === "string")
  );
}

/**
 * The views of the given measures, in their order; a measure without a
 * view folder (or with a malformed one) is left out, not an error: a newer
 * backend may log measures this frontend cannot show.
 */
export async function findViews(measures: readonly string[], load: ViewLoader): Promise<MeasureView[]> {
  const found = await Promise.all(
    measures.map(async (measure) => {
      if (!MEASURE_ID.test(measure)) return null;
      try {
        const module = (await load(measure)) as { view?: unknown } | null;
        const view = module?.view;
        return isMeasureView(view) && view.measure === measure ? view : null;
      } catch {
        return null;
      }
    }),
  );
  return found.filter((v): v is MeasureView => v !== null);
}

export function viewHashPrefix(view: MeasureView): string {
  return view.hashPrefix ?? `${view.measure}.`;
}
