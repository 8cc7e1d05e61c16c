// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));

import type { Api } from "../src/shell/api.js";
import "../src/views/association/table.js";
import { countsTag, LIMITS, resolved, row } from "./fixtures.js";

const LABELS = ['<b onmouseover="x">Nurse</b>', "Long Hair"];

const api: Api = {
  get: async <T>(url: string) => {
    const p = new URLSearchParams(url.split("?")[1]);
    const offset = Number(p.get("offset"));
    const rows = LABELS.map((l) => row(l)).slice(offset, offset + Number(p.get("limit")));
    return { total: LABELS.length, num_examples: 10, rows } as T;
  },
  post: async <T>() => ({}) as T,
};

afterEach(() => {
  document.body.innerHTML = "";
});

async function table(kind: "counts" | "precomputed", examplesPerCell?: number) {
  const el = document.createElement("tb-bias-table");
  Object.assign(el, { api, limits: LIMITS, state: resolved(), info: countsTag({ kind, examples_per_cell: examplesPerCell }) });
  document.body.appendChild(el);
  await el.updateComplete;
  await vi.waitFor(() => expect(el.shadowRoot!.querySelectorAll("[data-testid=table-row]").length).toBe(2));
  return el;
}

describe("the Examples button of a row", () => {
  it("asks the view to open the panel of that row's label", async () => {
    const el = await table("counts");
    const asked: string[] = [];
    el.addEventListener("show-examples", (e) => asked.push((e as CustomEvent<string>).detail));
    const rows = [...el.shadowRoot!.querySelectorAll<HTMLElement>("[data-testid=table-row]")];
    const button = rows[0]!.querySelector<HTMLButtonElement>("[data-testid=examples-button]")!;
    expect(button.getAttribute("aria-label")).toBe(`Examples of ${LABELS[0]}`);
    button.click();
    rows[1]!.querySelector<HTMLButtonElement>("[data-testid=examples-button]")!.click();
    expect(asked).toEqual(LABELS);
  });

  it("is disabled, saying how to log ids, for a table logged without them", async () => {
    const el = await table("counts", 0);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>("[data-testid=examples-button]")!;
    expect(button.disabled).toBe(true);
    expect(button.title).toContain("example_ids=");
    expect((await table("counts", 8)).shadowRoot!.querySelector<HTMLButtonElement>("[data-testid=examples-button]")!.disabled).toBe(false);
  });

  it("is not offered by a table of precomputed values (it has no examples)", async () => {
    const el = await table("precomputed");
    expect(el.shadowRoot!.querySelectorAll("[data-testid=examples-button]").length).toBe(0);
  });
});
