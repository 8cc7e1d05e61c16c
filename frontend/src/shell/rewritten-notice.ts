import { html, nothing } from "lit";
import type { RewrittenStep, RunEntry } from "./types.js";

/** One step of one tag written more than once, with where it was logged. */
export interface RewrittenLine {
  run: string;
  tag: string;
  rewrite: RewrittenStep;
}

/** Every rewritten step of the logdir, run by run and tag by tag (absent from older servers: none). */
export function rewrittenLines(runs: readonly RunEntry[]): RewrittenLine[] {
  return runs.flatMap((r) => r.tags.flatMap((t) => (t.rewritten_steps ?? []).map((rewrite) => ({ run: r.run, tag: t.tag, rewrite }))));
}

/** A tag whose later steps TensorBoard dropped when an earlier step was written after them. */
export interface HiddenLine {
  run: string;
  tag: string;
  steps: readonly number[];
}

/** Every tag with steps hidden that way (absent from older servers: none). */
export function hiddenLines(runs: readonly RunEntry[]): HiddenLine[] {
  return runs.flatMap((r) => r.tags.filter((t) => (t.hidden_steps ?? []).length > 0).map((t) => ({ run: r.run, tag: t.tag, steps: t.hidden_steps! })));
}

/** A list of steps, the first few and how many more. */
function stepList(steps: readonly number[]): string {
  const most = 6;
  const shown = steps.slice(0, most).join(", ");
  return steps.length > most ? `${shown} and ${steps.length - most} more` : shown;
}

/** What the tab says of one tag's hidden steps, in words. */
export function hiddenText({ run, tag, steps }: HiddenLine): string {
  const which = steps.length === 1 ? `step ${steps[0]} is` : `steps ${stepList(steps)} are`;
  return (
    `${JSON.stringify(run)} / ${JSON.stringify(tag)}: ${which} on disk but not shown: an earlier step was written after, ` +
    "and TensorBoard's data server then drops a tag's later steps, as for a job restarted from a checkpoint " +
    "(tensorboard --load_fast=false shows them)"
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** What the tab shows of one rewritten step, in words. */
export function rewrittenText({ run, tag, rewrite }: RewrittenLine): string {
  const { step, writes, shown } = rewrite;
  const which =
    shown === null ? "which one the tab shows is not known" : `the tab shows the ${shown === writes ? "last" : shown === 1 ? "first" : ordinal(shown)} one read`;
  return `${JSON.stringify(run)} / ${JSON.stringify(tag)} step ${step}: written ${writes} times; ${which}`;
}

/**
 * Steps logged more than once under the same run, tag and step: TensorBoard
 * keeps one of the writes and drops the others without a word. Folded,
 * beside the unreadable-tables notice.
 */
export function rewrittenNotice(runs: readonly RunEntry[]) {
  const lines = rewrittenLines(runs);
  const hidden = hiddenLines(runs);
  if (lines.length === 0 && hidden.length === 0) return nothing;
  const heads = [];
  if (lines.length > 0) {
    heads.push(lines.length === 1 ? "1 step was written more than once" : `${lines.length} steps were written more than once`);
  }
  if (hidden.length > 0) {
    const n = hidden.reduce((sum, h) => sum + h.steps.length, 0);
    heads.push(n === 1 ? "1 step is hidden by a later write of an earlier one" : `${n} steps are hidden by later writes of earlier ones`);
  }
  return html`<details class="unreadable" data-testid="rewritten">
    <summary>${heads.join("; ")} under the same run and tag: log each under its own run, tag or step</summary>
    <ul>
      ${lines.map((line) => html`<li data-testid="rewritten-step">${rewrittenText(line)}</li>`)}
      ${hidden.map((line) => html`<li data-testid="hidden-steps">${hiddenText(line)}</li>`)}
    </ul>
  </details>`;
}
