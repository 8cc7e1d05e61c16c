// Flagged and hidden labels of a tag. The server keeps them with a version
// number; a write based on a stale version gets 409 and the current lists,
// onto which the user's change is replayed once.

import { ApiError, type Api } from "../../shell/api.js";
import { flagsUrl } from "./query.js";
import type { FlagsState } from "./types.js";

export type FlagKind = "flagged" | "hidden";

export interface FlagOp {
  kind: FlagKind;
  labels: readonly string[];
  on: boolean;
}

export function emptyFlags(tag: string): FlagsState {
  return { tag, flagged: [], hidden: [], version: 0 };
}

/** The lists after an operation; order is kept and new labels go last. */
export function applyFlagOp(state: FlagsState, op: FlagOp): FlagsState {
  const current = state[op.kind];
  let next: string[];
  if (op.on) {
    const have = new Set(current);
    next = [...current];
    for (const label of op.labels) {
      if (!have.has(label)) {
        have.add(label);
        next.push(label);
      }
    }
  } else {
    const drop = new Set(op.labels);
    next = current.filter((label) => !drop.has(label));
  }
  return { ...state, [op.kind]: next };
}

/** Whether an operation would change nothing (saves a request). */
export function isNoop(state: FlagsState, op: FlagOp): boolean {
  const have = new Set(state[op.kind]);
  return op.labels.every((label) => have.has(label) === op.on);
}

export interface FlagLookup {
  flagged: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
}

export function flagLookup(state: FlagsState): FlagLookup {
  return { flagged: new Set(state.flagged), hidden: new Set(state.hidden) };
}

export interface SaveResult {
  state: FlagsState;
  /** true when another client had written first and the change was replayed */
  rebased: boolean;
}

export async function loadFlags(api: Api, tag: string): Promise<FlagsState> {
  return api.get<FlagsState>(flagsUrl(tag));
}

export async function saveFlagOp(api: Api, state: FlagsState, op: FlagOp): Promise<SaveResult> {
  const post = (base: FlagsState) => {
    const next = applyFlagOp(base, op);
    return api.post<FlagsState>("flags", { tag: base.tag, flagged: next.flagged, hidden: next.hidden, version: base.version });
  };
  try {
    return { state: await post(state), rebased: false };
  } catch (error) {
    const current = error instanceof ApiError && error.status === 409 ? (error.body?.current as FlagsState | undefined) : undefined;
    if (!current) throw error;
    try {
      return { state: await post(current), rebased: true };
    } catch (again) {
      if (again instanceof ApiError && again.status === 409) {
        throw new ApiError(409, "flags keep changing elsewhere; reload the page and try again", again.body);
      }
      throw again;
    }
  }
}
