// @vitest-environment happy-dom
// The open Examples panel lives in the URL (issue 24): a reload or a shared
// link reopens it once the table is known to hold its label; closing it, or
// a table without the label, takes it out of the URL.
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));

import { ApiError, type Api } from "../src/shell/api.js";
import type { RunsResponse } from "../src/shell/types.js";
import "../src/shell/app.js";
import "../src/views/association/index.js";
import { CLOSE_EXAMPLES } from "../src/views/association/examples-panel.js";
import { countsTag, row, runsResponse } from "./fixtures.js";

/** The labels of the table at each step: "Nurse" is not in step 1's. */
const LABELS: Record<string, string[]> = { "0": ["Nurse", "Beard"], "1": ["Beard"], "2": ["Nurse", "Beard"] };

function runs(): RunsResponse {
  const r = runsResponse();
  r.runs = [{ run: "model_a", tags: [countsTag({ examples_per_cell: 8 })] }];
  return r;
}

function fakeApi() {
  const urls: string[] = [];
  const api: Api = {
    get: async <T>(url: string) => {
      urls.push(url);
      const [route, query] = url.split("?") as [string, string | undefined];
      const p = new URLSearchParams(query);
      const labels = LABELS[p.get("step") ?? "2"]!;
      const answers: Record<string, () => unknown> = {
        runs: () => runs(),
        flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
        distribution: () => ({ metric: "npmi_xy", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
        // with label=: those of them the table has, whatever the filters
        table: () => {
          const asked = p.getAll("label");
          const rows = (asked.length ? labels.filter((l) => asked.includes(l)) : labels).map((l) => row(l));
          return { total: rows.length, num_examples: 100, rows };
        },
        examples: () => ({
          run: "model_a", tag: "gender", step: Number(p.get("step") ?? 2), threshold: 0.5, label: p.get("label"),
          identity: p.get("identity"), examples: [{ id: `${p.get("identity")}-1`, text: "a caption", uri: "" }],
          cooccurrence: 3, sampled: 1, per_cell: 8, cut: false,
        }),
      };
      const answer = answers[route];
      if (!answer) throw new ApiError(404, `no route ${route}`);
      return answer() as T;
    },
    post: async () => {
      throw new ApiError(405, "read only");
    },
  };
  return { api, urls };
}

afterEach(() => {
  document.body.innerHTML = "";
  window.location.hash = "";
});

async function mountView(hash: string) {
  window.location.hash = hash;
  const { api, urls } = fakeApi();
  const app = document.createElement("tb-bias-app");
  app.api = api;
  document.body.appendChild(app);
  let view!: HTMLElement;
  await vi.waitFor(() => {
    const found = app.shadowRoot?.querySelector("tb-bias-association-view");
    if (!found) throw new Error("no view yet");
    view = found;
  });
  await vi.waitFor(() => expect(urls.some((u) => u.startsWith("table?"))).toBe(true));
  return { view, urls };
}

const panelOf = (view: HTMLElement) => view.shadowRoot!.querySelector("tb-bias-examples-panel");
const hashEntry = (key: string) => new URLSearchParams(window.location.hash.slice(1)).get(`p.tb_bias.${key}`);
const checks = (urls: string[]) => urls.filter((u) => u.startsWith("table?") && u.includes("label="));

describe("the Examples panel in the URL", () => {
  it("reopens from a link once the table is known to hold the label, with its captions", async () => {
    const { view, urls } = await mountView("#tb_bias&p.tb_bias.step=0&p.tb_bias.examples=Nurse");
    await vi.waitFor(() => expect(panelOf(view)?.label).toBe("Nurse"));
    expect(checks(urls)).toHaveLength(1);
    expect(new URLSearchParams(checks(urls)[0]!.split("?")[1]).getAll("label")).toEqual(["Nurse"]);
    const panel = panelOf(view)!;
    await vi.waitFor(() => expect(panel.shadowRoot!.querySelectorAll("[data-testid=example]").length).toBe(2));
    expect(panel.shadowRoot!.textContent).toContain("a caption");
    expect(hashEntry("examples")).toBe("Nurse");
    expect(panel.shadowRoot!.activeElement).toBeNull(); // restored, not asked for: the focus stays put
  });

  it("leaves the URL when closed, and comes back into it when a row's button opens it", async () => {
    const { view, urls } = await mountView("#tb_bias&p.tb_bias.step=0&p.tb_bias.examples=Nurse");
    await vi.waitFor(() => expect(panelOf(view)).not.toBeNull());
    panelOf(view)!.dispatchEvent(new CustomEvent(CLOSE_EXAMPLES, { bubbles: true, composed: true }));
    await vi.waitFor(() => expect(hashEntry("examples")).toBeNull());
    expect(panelOf(view)).toBeNull();
    expect(hashEntry("step")).toBe("0"); // the rest of the state stays
    const before = checks(urls).length;
    view.shadowRoot!.querySelector("tb-bias-table")!.dispatchEvent(
      new CustomEvent("show-examples", { detail: "Beard", bubbles: true, composed: true }),
    );
    await vi.waitFor(() => expect(hashEntry("examples")).toBe("Beard"));
    expect(panelOf(view)!.label).toBe("Beard");
    await panelOf(view)!.updateComplete;
    expect(panelOf(view)!.shadowRoot!.activeElement?.getAttribute("data-testid")).toBe("examples-panel"); // opened by the user: focused
    await new Promise((r) => setTimeout(r, 0));
    expect(checks(urls).length).toBe(before); // the row was on screen: nothing to ask
  });

  it("stays open on a step that has the label and closes on one that does not", async () => {
    const { view, urls } = await mountView("#tb_bias&p.tb_bias.step=0&p.tb_bias.examples=Nurse");
    await vi.waitFor(() => expect(panelOf(view)).not.toBeNull());
    const go = (step: number) =>
      view.shadowRoot!.querySelector("tb-bias-table")!.dispatchEvent(
        new CustomEvent("state-change", { detail: { step }, bubbles: true, composed: true }),
      );
    go(2);
    await vi.waitFor(() => expect(checks(urls).some((u) => u.includes("step=2"))).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(panelOf(view)?.label).toBe("Nurse");
    expect(hashEntry("examples")).toBe("Nurse");
    go(1);
    await vi.waitFor(() => expect(hashEntry("examples")).toBeNull());
    expect(hashEntry("step")).toBe("1");
    expect(panelOf(view)).toBeNull();
  });

  it("does not open from a link when the table lacks the label, and takes it out of the URL", async () => {
    const { view, urls } = await mountView("#tb_bias&p.tb_bias.step=1&p.tb_bias.examples=Nurse");
    await vi.waitFor(() => expect(hashEntry("examples")).toBeNull());
    expect(checks(urls)).toHaveLength(1);
    expect(panelOf(view)).toBeNull();
    expect(urls.some((u) => u.startsWith("examples?"))).toBe(false);
  });
});
