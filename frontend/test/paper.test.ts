// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../src/shell/api.js";
import { disagreementsByJump, type PaperViews } from "../src/views/association/paper.js";
import type { AgreementResponse } from "../src/views/association/types.js";
import { METRIC_IDS, resolved } from "./fixtures.js";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The demo's agreement of npmi_xy with nine other metrics: each moves a label by `jumps[k]`. */
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
    const api: Api = {
      get: async <T>(url: string) => (url.startsWith("agreement") ? data : { metrics: [], all_counts: null }) as T,
      post: async () => {
        throw new Error("no posts");
      },
    };
    await import("../src/views/association/paper.js");
    const el = document.createElement("tb-bias-paper") as PaperViews;
    Object.assign(el, { api, state: resolved() });
    document.body.appendChild(el);
    await vi.waitFor(() => {
      if (!el.shadowRoot?.querySelector('[data-testid="disagreements"]')) throw new Error("not yet");
    });
    const listed = [...el.shadowRoot!.querySelectorAll('[data-testid="disagreement-metric"]')].map((e) => e.getAttribute("data-metric"));
    expect(listed).toHaveLength(9);
    expect(listed).toEqual(expect.arrayContaining(["llr", "tau_b", "ttest"]));
  });
});
