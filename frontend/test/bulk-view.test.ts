// @vitest-environment happy-dom
// The association view's flag / hide of every label while the result's labels are read (review): a change
// that leaves the result as it was keeps the question, and a Cancel pressed before the count arrives holds.
import { afterEach, describe, expect, it, vi } from "vitest";
vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));
import type { Api } from "../src/shell/api.js";
import { ApiError } from "../src/shell/api.js";
import "../src/shell/app.js";
import "../src/views/association/index.js";
import { deepElements, row, runsResponse } from "./fixtures.js";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The tab on a fake server whose read of every label of the result waits for `release`. */
async function mount() {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const api: Api = {
    get: async <T>(url: string) => {
      const [route, query] = url.split("?") as [string, string | undefined];
      if (route === "runs") return runsResponse() as T;
      if (route === "flags") return { tag: "gender", flagged: [], hidden: [], version: 0 } as T;
      if (route === "distribution") return { metric: "npmi_xy", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 2 } as T;
      if (route === "table") {
        if (new URLSearchParams(query).get("limit") === "1000") await gate; // the bulk read
        return { total: 2, rows: [row("Nurse"), row("Tie")] } as T;
      }
      throw new ApiError(404, route);
    },
    post: async () => {
      throw new ApiError(405, "read only");
    },
  };
  window.location.hash = "#tb_bias";
  const app = document.createElement("tb-bias-app");
  app.api = api;
  document.body.appendChild(app);
  await vi.waitFor(() => {
    if (!app.shadowRoot?.querySelector("tb-bias-association-view")) throw new Error("no view yet");
  });
  const view = app.shadowRoot!.querySelector("tb-bias-association-view")!;
  const find = (testid: string) => deepElements(app.shadowRoot!).find((e) => e.getAttribute("data-testid") === testid);
  const text = (testid: string) => find(testid)?.textContent?.trim() ?? null;
  const flagButton = () => find("flag-all-button") as HTMLButtonElement | undefined;
  // the table is shown, its flags loaded: the bar's buttons are enabled
  await vi.waitFor(() => expect(flagButton()?.disabled).toBe(false), { timeout: 5000 });
  /** Waits until the read of the labels has ended (the bar's buttons are enabled again). */
  const settled = () => vi.waitFor(() => expect(flagButton()?.disabled).toBe(false), { timeout: 5000 });
  const table = () => deepElements(app.shadowRoot!).find((e) => e.tagName === "TB-BIAS-TABLE")!;
  return { view, release: () => release(), text, settled, find, table };
}

describe("hiding every label while the result's labels are read", () => {
  it("asks once they are counted, though a row was ticked meanwhile (the question was dropped without a word)", async () => {
    const { view, release, text } = await mount();
    view.dispatchEvent(new CustomEvent("bulk-op", { detail: { kind: "hidden", on: true } }));
    await vi.waitFor(() => expect(text("bulk-confirm-text")).toBe("Counting the labels of the result\u2026"));
    view.dispatchEvent(new CustomEvent("state-change", { detail: { selected: ["Nurse"] } }));
    release();
    await vi.waitFor(() =>
      expect(text("bulk-confirm-text")).toBe("Hide all 2 labels of the result? Saved for tag gender, in every run."),
    );
  });

  it("keeps a Cancel given before the count arrives (the question came anyway)", async () => {
    const { view, release, text, settled } = await mount();
    view.dispatchEvent(new CustomEvent("bulk-op", { detail: { kind: "hidden", on: true } }));
    await vi.waitFor(() => expect(text("bulk-confirm-text")).not.toBeNull());
    view.dispatchEvent(new CustomEvent("bulk-answer", { detail: { confirmed: false } }));
    release();
    await settled();
    expect(text("bulk-confirm-text")).toBeNull();
  });

  it("drops the question when the result itself changes", async () => {
    const { view, release, text, settled } = await mount();
    view.dispatchEvent(new CustomEvent("bulk-op", { detail: { kind: "hidden", on: true } }));
    await vi.waitFor(() => expect(text("bulk-confirm-text")).not.toBeNull());
    view.dispatchEvent(new CustomEvent("state-change", { detail: { q: "Nur" } }));
    release();
    await settled();
    expect(text("bulk-confirm-text")).toBeNull();
  });
});

describe("the focus after the question closes (review: it was taken from where the user had put it)", () => {
  it("stays in the search box when typing there drops the question", async () => {
    const { find, table, text, release } = await mount();
    release(); // the labels are counted at once: the question is asked
    (find("flag-all-button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(text("bulk-confirm-text")).toMatch(/^Flag all 2 labels/));
    const input = find("search-input") as HTMLInputElement;
    input.focus();
    input.value = "Nur";
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    await vi.waitFor(() => expect(text("bulk-confirm-text")).toBeNull(), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(table().shadowRoot!.activeElement).toBe(input);
  });

  /** Flag all, then Cancel while the result's labels are still read (the fake server holds them). */
  async function cancelWhileCounting({ find, text }: Awaited<ReturnType<typeof mount>>, focusCancel: boolean) {
    (find("flag-all-button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(find("bulk-cancel-button")).toBeTruthy());
    const cancel = find("bulk-cancel-button") as HTMLButtonElement;
    if (focusCancel) cancel.focus();
    cancel.click();
    await vi.waitFor(() => expect(text("bulk-confirm-text")).toBeNull());
  }

  it("stays in the search box clicked after a Cancel given while the labels were read", async () => {
    const mounted = await mount();
    const { find, table, release, settled } = mounted;
    await cancelWhileCounting(mounted, false);
    const input = find("search-input") as HTMLInputElement;
    input.focus();
    release();
    await settled();
    await new Promise((r) => setTimeout(r, 100));
    expect(table().shadowRoot!.activeElement).toBe(input);
  });

  it("goes back to the asking button when the question's own button had it", async () => {
    const mounted = await mount();
    const { find, table, release, settled } = mounted;
    await cancelWhileCounting(mounted, true);
    release();
    await settled();
    await vi.waitFor(() => expect(table().shadowRoot!.activeElement).toBe(find("flag-all-button")));
  });
});
