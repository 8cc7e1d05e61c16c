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
  if (lines.length === 0) return nothing;
  const head =
    lines.length === 1 ? "1 step was written more than once" : `${lines.length} steps were written more than once`;
  return html`<details class="unreadable" data-testid="rewritten">
    <summary>${head} under the same run and tag: log each under its own run, tag or step</summary>
    <ul>
      ${lines.map((line) => html`<li data-testid="rewritten-step">${rewrittenText(line)}</li>`)}
    </ul>
  </details>`;
}
