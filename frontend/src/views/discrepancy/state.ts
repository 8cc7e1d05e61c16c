// The DIPDI view's state that a reload or a shared link restores, and its
// URL encoding: string values under `p.tb_bias.discrepancy.*` (the shell's
// HashScope adds the prefix).

import { parseStep, textEntry } from "../../shell/hash-state.js";
import type { RunEntry } from "../../shell/types.js";

/** A pairing's wire name, one of those the route's config serves (`pairings`). */
export type Pairing = string;

/** The pairings the discrepancy route's config serves; none when it names none. */
export function configPairings(config: unknown): string[] {
  const pairings = (config as { pairings?: unknown } | null)?.pairings;
  return Array.isArray(pairings) ? pairings.filter((p): p is string => typeof p === "string") : [];
}

/** A pairing as a reader sees it (the wire name `all_pairs` has an underscore); an unknown one as sent. */
export function pairingWords(pairing: string): string {
  return pairing === "all_pairs" ? "all pairs" : pairing;
}

export interface DipdiState {
  run: string | null;
  tag: string | null;
  /** null: the first logged step */
  step: number | null;
  /** the run compared with `run` (development vs deployment) */
  run2: string | null;
  /** null: the pairing the record was logged with */
  pairing: Pairing | null;
  /** which of `run` and `run2` the user named the development run; null: not named (see roles) */
  dev: string | null;
  /** the replicate id whose matrix, subgroups and examples are shown; null: the record's first */
  replicate: number | null;
}

/** The state in the hash entries; anything malformed (a pairing not among `pairings`) falls back to its default. */
export function decodeState(entries: Readonly<Record<string, string>>, pairings: readonly string[]): DipdiState {
  const pairing = entries["pairing"];
  return {
    run: textEntry(entries["run"]),
    tag: textEntry(entries["tag"]),
    step: parseStep(entries["step"]),
    run2: textEntry(entries["run2"]),
    pairing: pairing !== undefined && pairings.includes(pairing) ? pairing : null,
    dev: textEntry(entries["dev"]),
    replicate: parseStep(entries["replicate"]),
  };
}

/** The hash entries of a state; defaults (null) are left out. */
export function encodeState(state: DipdiState): Record<string, string> {
  const out: Record<string, string> = {};
  if (state.run !== null) out["run"] = state.run;
  if (state.tag !== null) out["tag"] = state.tag;
  if (state.step !== null) out["step"] = String(state.step);
  if (state.run2 !== null) out["run2"] = state.run2;
  if (state.pairing !== null) out["pairing"] = state.pairing;
  if (state.dev !== null) out["dev"] = state.dev;
  if (state.replicate !== null) out["replicate"] = String(state.replicate);
  return out;
}

export function sameState(a: DipdiState, b: DipdiState): boolean {
  return JSON.stringify(encodeState(a)) === JSON.stringify(encodeState(b));
}

/** The discrepancy ("abs", "jsd"...) a run logged `tag` with, as the runs listing says; null if it does not. */
function discrepancyOf(entry: RunEntry, tag: string | null): string | null {
  const found: unknown = entry.tags.find((t) => t.tag === tag);
  const kind = found && typeof found === "object" ? (found as { discrepancy?: unknown }).discrepancy : undefined;
  return typeof kind === "string" ? kind : null;
}

/**
 * The other runs that log `tag` and whether the compare route can set each against `run`:
 * only with the same discrepancy (ΔDIPDI of `abs` against `jsd` means nothing, and the
 * route refuses it), so a run with another is offered as a note, never as the default.
 */
export function comparableRuns(runs: readonly RunEntry[], run: string | null, tag: string | null): { comparable: RunEntry[]; other: { run: string; discrepancy: string | null }[] } {
  const own = runs.find((r) => r.run === run);
  const kind = own ? discrepancyOf(own, tag) : null;
  const withTag = runs.filter((r) => r.run !== run && r.tags.some((t) => t.tag === tag));
  return {
    comparable: withTag.filter((r) => discrepancyOf(r, tag) === kind),
    other: withTag.filter((r) => discrepancyOf(r, tag) !== kind).map((r) => ({ run: r.run, discrepancy: discrepancyOf(r, tag) })),
  };
}

/**
 * The state fitted to the runs that exist: an unknown or unnamed run falls back
 * to the run with a tag that `roles` would call development against each of the
 * others (the natural start), so the view opens on the run its compare panel calls
 * development; when no name tells, the first. An unknown tag falls back to the run's
 * first tag, and the comparison run to another run holding the same tag with the same
 * discrepancy (never the run itself); a development run that is neither of the two is dropped.
 * The step is checked later, against the steps the server lists.
 */
export function fitToRuns(state: DipdiState, runs: readonly RunEntry[]): DipdiState {
  const withTags = runs.filter((r) => r.tags.length > 0);
  // `roles` ranks names development > neither > deployment and keeps the shown run on a
  // tie, so this keeps the first run of the best rank, which `roles` then calls
  // development against whichever run it is compared with
  const development = (best: RunEntry, r: RunEntry) => (roles(best.run, r.run, state.dev).development === r.run ? r : best);
  const first = withTags[0];
  const entry = withTags.find((r) => r.run === state.run) ?? (first && withTags.slice(1).reduce(development, first));
  if (!entry) return { ...state, run: null, tag: null, run2: null };
  const tag = entry.tags.some((t) => t.tag === state.tag) ? state.tag : (entry.tags[0]?.tag ?? null);
  const others = comparableRuns(withTags, entry.run, tag).comparable;
  const run2 = others.some((r) => r.run === state.run2) ? state.run2 : (others[0]?.run ?? null);
  // a development run that is neither of the two names neither (kept, it would come back on a reload as a bad link)
  const dev = state.dev === entry.run || state.dev === run2 ? state.dev : null;
  return { ...state, run: entry.run, tag, run2, dev };
}

/** The step to show: the state's when it is logged, else the first. */
export function fitStep(step: number | null, steps: readonly number[]): number | null {
  return step !== null && steps.includes(step) ? step : (steps[0] ?? null);
}

/** `paired` needs two pools of the same even size (docs/measures/discrepancy.md). */
export function pairingAllowed(pairing: Pairing, mA: number, mB: number): boolean {
  return pairing === "all_pairs" || (mA === mB && mA % 2 === 0 && mA > 0);
}

export interface Roles {
  development: string;
  deployment: string;
  /** whether the user named them (else they are guessed from the run names, or the shown run is development) */
  named: boolean;
}

const DEV_NAME = /dev|train/i;
const DEPLOY_NAME = /deploy|prod|serv|live/i;
/** A run whose name says development and not deployment ("dipdi_development", "train_run"). */
const looksDevelopment = (run: string) => DEV_NAME.test(run) && !DEPLOY_NAME.test(run);
const looksDeployment = (run: string) => DEPLOY_NAME.test(run) && !DEV_NAME.test(run);

/**
 * Which of the two runs is development and which deployment: the user's
 * choice (`dev`, one of them) when given; else, when the names say it
 * (one run's name reads "dev", the other's "deploy"), the names; else the
 * shown run is development. ΔDIPDI is deployment minus development, so
 * its verdict never depends on which run happens to be shown.
 */
export function roles(run: string, run2: string, dev: string | null): Roles {
  if (dev === run || dev === run2) return { development: dev, deployment: dev === run ? run2 : run, named: true };
  if ((looksDevelopment(run2) && !looksDevelopment(run)) || (looksDeployment(run) && !looksDeployment(run2))) {
    return { development: run2, deployment: run, named: false };
  }
  return { development: run, deployment: run2, named: false };
}
