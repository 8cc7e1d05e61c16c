// @vitest-environment happy-dom
// The accessibility and keyboard review (WCAG 2.2): what colour, opacity, a mouse or a title alone said
// is said in text too, and tables and controls have names.
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));

import type { Api } from "../src/shell/api.js";
import { ApiError } from "../src/shell/api.js";
import type { CompareResponse, CompareRow } from "../src/views/association/types.js";
import "../src/views/association/index.js";
import { countsTag, LIMITS, resolved, row, runsFixture } from "./fixtures.js";

afterEach(() => {
  document.body.innerHTML = "";
});

async function mount<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>): Promise<HTMLElementTagNameMap[K]> {
  const el = document.createElement(tag);
  Object.assign(el, props);
  document.body.appendChild(el);
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

function fakeApi(routes: Record<string, (url: string) => unknown>): Api {
  return {
    get: async <T>(url: string) => {
      const handler = routes[url.split("?")[0]!];
      if (!handler) throw new ApiError(404, `no route ${url}`);
      return handler(url) as T;
    },
    post: async () => {
      throw new ApiError(405, "read only");
    },
  };
}

function compareRow(label: string, q: number): CompareRow {
  return { label, gap_a: 0.1, gap_b: 0.3, delta: 0.2, delta_low: 0.05, delta_high: 0.35, p_value: q / 2, q_value: q, count_a: 10, count_b: 12, flagged: false };
}

describe("compare rows", () => {
  async function mountCompare(rows: CompareRow[]) {
    const answer: CompareResponse = {
      a: { run: "run_a", tag: "gender", step: 2 }, b: { run: "run_a", tag: "gender", step: 1 }, metric: "npmi_xy", x1: "man", x2: "woman",
      sort: "bound", order: "desc", offset: 0, limit: 100, total: rows.length, only_in_a: 0, only_in_b: 0, delta_sign: "a - b", rows,
    };
    const el = await mount("tb-bias-compare", {
      api: fakeApi({ compare: () => answer }), runs: runsFixture(), limits: LIMITS, state: resolved(), info: countsTag(),
    });
    await vi.waitFor(() => expect(el.shadowRoot!.querySelectorAll("[data-testid=compare-row]").length).toBe(rows.length));
    return [...el.shadowRoot!.querySelectorAll<HTMLElement>("[data-testid=compare-row]")];
  }

  it("say in text which changes are not significant, and their interval and q, not only by opacity and a title", async () => {
    const [significant, not] = await mountCompare([compareRow("Beard", 0.01), compareRow("Tree", 0.2)]);
    const text = (r: HTMLElement) => r.textContent!.replace(/\s+/g, " ");
    expect(text(not!)).toContain("q > 0.05");
    expect(text(significant!)).not.toContain("q > 0.05");
    for (const [r, q] of [[significant!, "0.010"], [not!, "0.200"]] as const) {
      expect(text(r)).toContain("[0.050, 0.350]");
      expect(r.querySelector("[data-testid=cell-delta-q]")!.textContent).toContain(q);
    }
  });
});

describe("ranked table row toggles", () => {
  it("tell a flagged label by the flag's shape (filled, not only a colour) and keep their names, aria-pressed saying the state", async () => {
    const rows = [row("Beard"), row("Tree")];
    const el = await mount("tb-bias-table", {
      api: fakeApi({ table: () => ({ total: rows.length, num_examples: 100, rows }) }),
      limits: LIMITS, state: resolved(), info: countsTag(),
      flags: { flagged: new Set(["Tree"]), hidden: new Set(["Tree"]) },
    });
    await vi.waitFor(() => expect(el.shadowRoot!.querySelectorAll("[data-testid=table-row]").length).toBe(2));
    const button = (label: string, kind: string) => el.shadowRoot!.querySelector(`[data-label="${label}"] [data-testid=${kind}-button]`)!;
    expect([button("Beard", "flag").getAttribute("aria-label"), button("Tree", "flag").getAttribute("aria-label")]).toEqual(["Flag Beard", "Flag Tree"]);
    expect([button("Beard", "hide").getAttribute("aria-label"), button("Tree", "hide").getAttribute("aria-label")]).toEqual(["Hide Beard", "Hide Tree"]);
    expect([button("Beard", "flag").getAttribute("aria-pressed"), button("Tree", "flag").getAttribute("aria-pressed")]).toEqual(["false", "true"]);
    const shape = (label: string) => button(label, "flag").querySelector("svg")!.getAttribute("data-shape");
    expect([shape("Beard"), shape("Tree")]).toEqual(["outline", "filled"]);
  });
});

describe("selected labels' plot", () => {
  it("tells a gap towards one identity from one towards the other by dashes too, and its legend draws them as lines", async () => {
    const el = await mount("tb-bias-pcp", {
      rows: [row("Beard", { gap: 0.4 }), row("Dress", { gap: -0.3 })],
      state: resolved({ selected: ["Beard", "Dress"] }),
      info: countsTag(),
    });
    const dash = (e: Element) => e.getAttribute("stroke-dasharray") ?? "none";
    const lines = [...el.shadowRoot!.querySelectorAll("[data-testid=pcp-line]")];
    expect(dash(lines[0]!)).toBe("none");
    expect(dash(lines[1]!)).not.toBe("none");
    const swatches = [...el.shadowRoot!.querySelectorAll(".legend [data-testid=line-swatch] line")];
    expect(swatches.map(dash)).toEqual(["none", dash(lines[1]!)]);
    // the hint names the keyboard's way too: a focused table row shows its values
    expect(el.shadowRoot!.querySelector("[data-testid=pcp-hover-label]")!.textContent).toMatch(/focus/);
  });
});
