import { describe, expect, it } from "vitest";
import { hiddenLines, hiddenText, rewrittenLines, rewrittenText } from "../src/shell/rewritten-notice.js";
import type { RunEntry } from "../src/shell/types.js";

const tag = (name: string, rewritten_steps?: { step: number; writes: number; shown: number | null }[]) => ({
  tag: name,
  measure: "association",
  steps: [0, 1],
  description: "",
  ...(rewritten_steps ? { rewritten_steps } : {}),
});

describe("rewritten steps", () => {
  it("lists every rewritten step with its run and tag, none from an older server", () => {
    const runs: RunEntry[] = [
      { run: "eval", tags: [tag("gender", [{ step: 0, writes: 2, shown: 2 }]), tag("age")] },
      { run: "old", tags: [tag("gender")] },
    ];
    const lines = rewrittenLines(runs);
    expect(lines.map((l) => [l.run, l.tag, l.rewrite.step])).toEqual([["eval", "gender", 0]]);
    expect(rewrittenText(lines[0]!)).toBe('"eval" / "gender" step 0: written 2 times; the tab shows the last one read');
  });

  it("names which write is shown", () => {
    const text = (writes: number, shown: number | null) =>
      rewrittenText({ run: "r", tag: "t", rewrite: { step: 3, writes, shown } });
    expect(text(2, 1)).toMatch(/shows the first one read$/);
    expect(text(4, 2)).toMatch(/shows the 2nd one read$/);
    expect(text(12, 11)).toMatch(/shows the 11th one read$/);
    expect(text(3, null)).toMatch(/which one the tab shows is not known$/);
  });
});

describe("hidden steps", () => {
  it("names the steps a later write of an earlier step hid, none from an older server", () => {
    const runs: RunEntry[] = [
      { run: "eval", tags: [{ ...tag("gender"), hidden_steps: [3] }, { ...tag("age"), hidden_steps: [] }] },
      { run: "old", tags: [tag("gender")] },
    ];
    const lines = hiddenLines(runs);
    expect(lines.map((l) => [l.run, l.tag, l.steps])).toEqual([["eval", "gender", [3]]]);
    expect(hiddenText(lines[0]!)).toMatch(/^"eval" \/ "gender": step 3 is on disk but not shown: an earlier step was written after/);
    expect(hiddenText({ run: "r", tag: "t", steps: [5, 6, 7, 8, 9, 10, 11, 12] })).toMatch(/: steps 5, 6, 7, 8, 9, 10 and 2 more are on disk/);
  });
});
