// What the matrix panel says of DIPDI: the matrix is one replicate's, while
// a step's `dipdi` is the mean over its replicates.

import { formatCount, formatValue, plural } from "../../charts/format.js";
import type { CompareResponse, StepResponse } from "./types.js";

/** Decimals of DIPDI and its mean discrepancies in every panel: the matrix's footnote, the means, the comparison. */
export const DIPDI_DIGITS = 3;

/** Words for an undefined index's reason code. */
function undefinedNote(reason: string | null): string {
  return reason ? ` (undefined: ${reason})` : "";
}

/**
 * The footnote under the matrix of replicate `d.replicate`: that replicate's
 * own DIPDI and n, then the mean over the replicates when there are several.
 * An older server, which names no replicate's own value, has its mean said
 * to be one.
 */
export function matrixFootnote(d: StepResponse): string {
  const reps = d.replicates ?? [];
  const mean = `DIPDI ${formatValue(d.dipdi, DIPDI_DIGITS)}${undefinedNote(d.reason)}`;
  if (reps.length <= 1) {
    const one = reps[0];
    return one ? `DIPDI ${formatValue(one.dipdi, DIPDI_DIGITS)}${undefinedNote(one.reason)}; n = ${formatCount(one.n)}` : `${mean}; n = ${formatCount(d.n)}`;
  }
  const own = reps.find((r) => r.replicate === d.replicate);
  const meanText = `mean over ${plural(reps.length, "replicate")}: ${mean}`;
  if (!own) return `${meanText}; n = ${formatCount(d.n)}`;
  return `replicate ${own.replicate}: DIPDI ${formatValue(own.dipdi, DIPDI_DIGITS)}${undefinedNote(own.reason)}; n = ${formatCount(own.n)} · ${meanText}`;
}

/** "mean over 8 replicates; " before a panel's other notes when the step has several (subgroups are such means), else "". */
export function meanOver(d: StepResponse): string {
  const count = d.replicates?.length ?? 0;
  return count > 1 ? `mean over ${plural(count, "replicate")}; ` : "";
}

/**
 * The comparison's verdict: a rise is a warning sign when it is beyond the records' uncertainty
 * (`beyond_noise`), or when there is none to weigh it against; within it, it is said to be so.
 */
export function compareVerdict(c: Pick<CompareResponse, "rising" | "beyond_noise">): string {
  if (c.rising === false) return "does not rise in deployment";
  if (!c.rising) return "";
  if (c.beyond_noise === false) return "rises in deployment, within the uncertainty of the two values: not a clear warning sign";
  return c.beyond_noise ? "rises in deployment beyond its uncertainty: a warning sign" : "rises in deployment: a warning sign (no uncertainty to weigh it against)";
}
