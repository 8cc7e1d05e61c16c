import { describe, expect, it } from "vitest";
import type { Api } from "../src/shell/api.js";
import { bulkNothingToDo, bulkQuestion, fetchResultLabels, labelsToChange, TooManyLabels } from "../src/views/association/bulk.js";
import { LIMITS, resolved, row } from "./fixtures.js";

function tableApi(total: number, seen: string[] = []): Api {
  return {
    get: async <T>(url: string) => {
      seen.push(url);
      const p = new URLSearchParams(url.slice(url.indexOf("?") + 1));
      const offset = Number(p.get("offset"));
      const limit = Number(p.get("limit"));
      const rows = [];
      for (let i = offset; i < Math.min(total, offset + limit); i++) rows.push(row(`l${i}`));
      return { total, rows } as T;
    },
    post: async () => {
      throw new Error("no");
    },
  };
}

describe("fetchResultLabels", () => {
  it("pages through the whole filtered result in table order", async () => {
    const seen: string[] = [];
    const { labels, total } = await fetchResultLabels(tableApi(2500, seen), resolved({ q: "x" }), 10_000, LIMITS.max_limit);
    expect(total).toBe(2500);
    expect(labels).toHaveLength(2500);
    expect(labels[0]).toBe("l0");
    expect(labels[2499]).toBe("l2499");
    expect(seen).toHaveLength(3);
    for (const url of seen) {
      const p = new URLSearchParams(url.split("?")[1]);
      expect(p.get("q")).toBe("x");
      expect(Number(p.get("limit"))).toBeLessThanOrEqual(LIMITS.max_limit);
    }
  });

  it("refuses results above the cap, or truncates on request", async () => {
    await expect(fetchResultLabels(tableApi(5000), resolved(), 1000, LIMITS.max_limit)).rejects.toBeInstanceOf(TooManyLabels);
    const { labels, total } = await fetchResultLabels(tableApi(5000), resolved(), 1500, LIMITS.max_limit, true);
    expect(total).toBe(5000);
    expect(labels).toEqual(Array.from({ length: 1500 }, (_, i) => `l${i}`));
  });

  it("handles an empty result", async () => {
    expect(await fetchResultLabels(tableApi(0), resolved(), 10, LIMITS.max_limit)).toEqual({ labels: [], total: 0 });
  });
});

describe("a bulk flag or hide asks with the labels it changes", () => {
  const lookup = { flagged: new Set(["a"]), hidden: new Set(["b", "c"]) };
  const labels = ["a", "b", "c", "d"];

  it("leaves out the labels already so", () => {
    expect(labelsToChange(labels, lookup, "flagged", true)).toEqual(["b", "c", "d"]);
    expect(labelsToChange(labels, lookup, "flagged", false)).toEqual(["a"]);
    // review: "Unhide all" counted the rows on screen, which leave out exactly the hidden labels it unhides
    expect(labelsToChange(labels, lookup, "hidden", false)).toEqual(["b", "c"]);
  });

  it("says how many of the result change, and why the others do not", () => {
    expect(bulkQuestion({ kind: "flagged", on: true, labels: ["x", "y"], total: 2 }, "gender")).toBe(
      "Flag all 2 labels of the result? Saved for tag gender, in every run.",
    );
    expect(bulkQuestion({ kind: "hidden", on: false, labels: ["b", "c"], total: 1200 }, "gender")).toBe(
      "Unhide 2 labels of the result's 1,200 (the others are not hidden)? Saved for tag gender, in every run.",
    );
    expect(bulkQuestion({ kind: "flagged", on: true, labels: ["d"], total: 4 }, "t")).toBe(
      "Flag 1 label of the result's 4 (the others are flagged already)? Saved for tag t, in every run.",
    );
    expect(bulkQuestion({ kind: "hidden", on: true, labels: ["d"], total: 1 }, "t")).toBe(
      "Hide the result's one label? Saved for tag t, in every run.",
    );
  });

  it("says when nothing would change instead of asking", () => {
    expect(bulkNothingToDo("flagged", true, 3)).toBe("All 3 labels of the result are flagged already.");
    expect(bulkNothingToDo("hidden", true, 1)).toBe("The result's one label is hidden already.");
    expect(bulkNothingToDo("hidden", false, 40)).toBe("No label of the result is hidden.");
  });
});
