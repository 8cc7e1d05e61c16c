// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../src/shell/api.js";
import { disagreementsByJump, topKChoice, topKOptions, topKWords, type PaperViews } from "../src/views/association/paper.js";
import type { AgreementResponse, TopCountsResponse } from "../src/views/association/types.js";
import { METRIC_IDS, resolved } from "./fixtures.js";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The demo's agreement of npmi_xy with nine other metrics: each moves a label by `jumps[k]`. */
/** The view mounted on answers from `answer(url)`, once the part `ready` (a data-testid) is drawn. */
async function mounted(answer: (url: string) => unknown, ready: string): Promise<PaperViews> {
  const api: Api = {
    get: async <T>(url: string) => answer(url) as T,
    post: async () => {
      throw new Error("no posts");
    },
  };
  await import("../src/views/association/paper.js");
  const el = document.createElement("tb-bias-paper") as PaperViews;
  Object.assign(el, { api, state: resolved() });
  document.body.appendChild(el);
  await vi.waitFor(() => {
    if (!el.shadowRoot?.querySelector(`[data-testid="${ready}"]`)) throw new Error("not yet");
  });
  return el;
}

function agreement(jumps: number[]): AgreementResponse {
  const others = METRIC_IDS.slice(1);
  return {
    by: "gap",
    metrics: METRIC_IDS,
    n: 1851,
    matrix: METRIC_IDS.map((_, i) => METRIC_IDS.map((_, j) => (i === j ? 1 : 0.9 + j / 100))),
    disagreements: others.map((metric, k) => ({
      metric,
      rows: [{ index: k, label: `label${k}`, percentile: 0.5, other_percentile: 0.5 - jumps[k]! }],
    })),
  } as unknown as AgreementResponse;
}

describe("where the current metric disagrees most", () => {
  it("keeps every other metric, the largest jumps first, each with its rho", () => {
    const jumps = [0.1, 0.1, 0.1, 0.4, 0.4, 0.4, 0.05, 0.2, 0.3];
    const order = disagreementsByJump(agreement(jumps), "npmi_xy");
    expect(order).toHaveLength(9);
    expect(order.map((d) => d.metric)).toEqual(["dp", "sdc", "ji", "ttest", "tau_b", "npmi_y", "pmi", "pmi2", "llr"]);
    expect(order[0]!.jump).toBeCloseTo(0.4);
    expect(order.find((d) => d.metric === "llr")!.rho).toBeCloseTo(0.97);
  });

  it("lists no label whose shown percentiles are equal (a walk-through: '100% -> 100%' under full agreement)", () => {
    const jumps = [0, 0.004, 0.1, 0, 0, 0, 0, 0, 0];
    const order = disagreementsByJump(agreement(jumps), "npmi_xy");
    expect(order[0]!.rows).toHaveLength(1);
    expect(order.slice(1).every((d) => d.rows.length === 0)).toBe(true);  // 50% -> 49.6% also reads 50% -> 50%
  });

  it("lists all nine other metrics in the Metrics tab (the first six only, before)", async () => {
    const data = agreement([0.1, 0.1, 0.1, 0.4, 0.4, 0.4, 0.05, 0.2, 0.3]);
    const el = await mounted((url) => (url.startsWith("agreement") ? data : { metrics: [], all_counts: null }), "disagreements");
    const listed = [...el.shadowRoot!.querySelectorAll('[data-testid="disagreement-metric"]')].map((e) => e.getAttribute("data-metric"));
    expect(listed).toHaveLength(9);
    expect(listed).toEqual(expect.arrayContaining(["llr", "tau_b", "ttest"]));
  });
});

/** A top_counts answer: each of `metrics` ranked `ranked[i]` labels, of a table of `numLabels`. */
function topCounts(k: number, numLabels: number, ranked: number[]): TopCountsResponse {
  const metrics = ranked.map((n, i) => ({
    metric: METRIC_IDS[i]!,
    labels: Array.from({ length: n }, (_, j) => `label${j}`),
    counts: Array.from({ length: n }, () => 10),
    quantiles: { min: 10, q1: 10, median: 10, q3: 10, max: 10 },
  }));
  return { k, order: "desc", by: "gap", all_counts: null, all_n: Math.max(...ranked), num_labels: numLabels, metrics } as unknown as TopCountsResponse;
}

describe("how many top labels the Metrics tab offers and says it shows", () => {
  it("offers every k of a large table, and none past a small one's labels but one 'all N'", () => {
    expect(topKOptions(null)).toEqual([{ value: 20, text: "top 20" }, { value: 100, text: "top 100" }, { value: 500, text: "top 500" }]);
    expect(topKOptions(2056).map((o) => o.text)).toEqual(["top 20", "top 100", "top 500"]);
    expect(topKOptions(300)).toEqual([{ value: 20, text: "top 20" }, { value: 100, text: "top 100" }, { value: 500, text: "all 300" }]);
    expect(topKOptions(100).map((o) => o.text)).toEqual(["top 20", "all 100"]); // the top 100 of 100 are all of them
    expect(topKOptions(3)).toEqual([{ value: 20, text: "all 3" }]);
  });
  it("selects the 'all' option for any k the table cannot fill, and k itself otherwise", () => {
    expect(topKChoice(100, 3)).toBe(20);
    expect(topKChoice(500, 300)).toBe(500);
    expect(topKChoice(100, 300)).toBe(100);
    expect(topKChoice(100, null)).toBe(100);
  });
  it("says 'top k' while k labels are ranked, else how many all the labels are", () => {
    expect(topKWords(null, 100, "gap")).toBe("each metric's top 100 labels by gap");
    expect(topKWords(topCounts(100, 2056, [100, 100]), 100, "gap")).toBe("each metric's top 100 labels by gap");
    expect(topKWords(topCounts(100, 3, [3, 3]), 100, "gap")).toBe("all 3 labels that pass the filters, as each metric ranks them by gap");
    // a metric undefined on some labels ranks fewer
    expect(topKWords(topCounts(100, 40, [30, 25]), 100, "gap")).toBe("all up to 30 labels that pass the filters, as each metric ranks them by gap");
    expect(topKWords(topCounts(20, 40, [20, 12]), 20, "gap")).toBe("each metric's top 20 labels by gap");
  });
  it("reads 'all 3', not 'Top 100', over a table of 3 labels", async () => {
    const el = await mounted(
      (url) => (url.startsWith("agreement") ? agreement([0, 0, 0, 0, 0, 0, 0, 0, 0]) : topCounts(100, 3, [3, 3, 3])),
      "topk-chart",
    );
    await el.updateComplete;
    const select = el.shadowRoot!.querySelector('[data-testid="topk-k"]') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["all 3"]);
    expect(select.disabled).toBe(true);
    const words = el.shadowRoot!.querySelector('[data-testid="topk-words"]')!.textContent!.replace(/\s+/g, " ");
    expect(words).toContain("C(y) of all 3 labels that pass the filters");
    expect(words).not.toContain("100");
    // "How common are each metric's top labels?" (walk-through): the verb agrees
    expect(el.shadowRoot!.querySelector("#topk-title")!.textContent).toBe("How common are the top labels of each metric?");
  });
});
