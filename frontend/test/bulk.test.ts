import { describe, expect, it } from "vitest";
import type { Api } from "../src/shell/api.js";
import { fetchResultLabels, TooManyLabels } from "../src/views/association/bulk.js";
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
