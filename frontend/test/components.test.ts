// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));

import type { Api } from "../src/shell/api.js";
import { ApiError } from "../src/shell/api.js";
import type { RunsResponse } from "../src/shell/types.js";
import type { ViewState } from "../src/views/association/view-state.js";
import "../src/shell/app.js";
import "../src/views/association/index.js";
import { INCOMPLETE_SEARCH_DELAY_MS, rowAfterKey, SEARCH_DELAY_MS } from "../src/views/association/table.js";
import { countsTag, deepElements, LIMITS, resolved, row, runsFixture, runsResponse } from "./fixtures.js";
import { baseStyles } from "../src/charts/theme.js";

const HOSTILE = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script>"];

afterEach(() => {
  document.body.innerHTML = "";
});

async function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
): Promise<HTMLElementTagNameMap[K]> {
  const el = document.createElement(tag);
  Object.assign(el, props);
  document.body.appendChild(el);
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

function all(el: Element, selector: string): Element[] {
  return [...(el.shadowRoot?.querySelectorAll(selector) ?? [])];
}


function stateChanges(el: Element): Array<Partial<ViewState>> {
  const seen: Array<Partial<ViewState>> = [];
  el.addEventListener("state-change", (e) => seen.push((e as CustomEvent<Partial<ViewState>>).detail));
  return seen;
}

describe("parallel coordinates", () => {
  it("draws one path per selected label and renders hostile names as text only", async () => {
    const el = await mount("tb-bias-pcp", {
      rows: [row(HOSTILE[0]!), row(HOSTILE[1]!, { values: { man: null, woman: 0.2 }, gap: null })],
      state: resolved({ selected: HOSTILE }),
      info: countsTag(),
      hovered: HOSTILE[1]!,
    });
    const lines = all(el, "[data-testid=pcp-line]");
    expect(lines.map((l) => l.getAttribute("data-label"))).toEqual(HOSTILE);
    expect(lines[1]!.getAttribute("class")).toContain("hovered");
    expect(lines[0]!.getAttribute("class")).toContain("dim");
    expect(el.shadowRoot!.querySelector("[data-testid=pcp-hover-label]")!.textContent).toContain(HOSTILE[1]);
    expect(deepElements(el.shadowRoot!).filter((e) => ["IMG", "SCRIPT"].includes(e.tagName))).toHaveLength(0);
  });

  it("reports hovering a line, for the table to highlight the row", async () => {
    const el = await mount("tb-bias-pcp", {
      rows: [row("a"), row("b")],
      state: resolved({ selected: ["a", "b"] }),
      info: countsTag(),
    });
    const hovers: Array<string | null> = [];
    el.addEventListener("hover-label", (e) => hovers.push((e as CustomEvent<string | null>).detail));
    const hits = all(el, "path.hit");
    hits[1]!.dispatchEvent(new Event("mouseenter"));
    hits[1]!.dispatchEvent(new Event("mouseleave"));
    expect(hovers).toEqual(["b", null]);
  });

  it("explains what to do when nothing is selected", async () => {
    const el = await mount("tb-bias-pcp", { rows: [], state: resolved(), info: countsTag() });
    expect(all(el, "[data-testid=pcp-empty]")).toHaveLength(1);
    expect(all(el, "[data-testid=pcp-line]")).toHaveLength(0);
  });
});

describe("filters", () => {
  it("shows removable chips and adds a range from typed bounds", async () => {
    const state = resolved({ ranges: [{ column: "gap", low: 0.1, high: null }, { column: "count", low: 5, high: 9 }] });
    const el = await mount("tb-bias-filters", { state, info: countsTag(), maxRanges: LIMITS.max_ranges });
    const changes = stateChanges(el);
    const chips = all(el, "[data-testid=filter-chip]");
    expect(chips.map((c) => c.getAttribute("data-column"))).toEqual(["gap", "count"]);
    (chips[0]!.querySelector("button") as HTMLButtonElement).click();
    expect(changes.pop()).toEqual({ ranges: [{ column: "count", low: 5, high: 9 }] });

    const root = el.shadowRoot!;
    (root.querySelector("[data-testid=range-column]") as HTMLSelectElement).value = "npmi_xy@woman";
    (root.querySelector("[data-testid=range-min]") as HTMLInputElement).value = "0.2";
    (root.querySelector("[data-testid=range-add]") as HTMLButtonElement).click();
    expect(changes.pop()).toEqual({
      ranges: [...state.ranges, { column: "npmi_xy@woman", low: 0.2, high: null }],
    });
  });

  it("refuses bad bounds with a message instead of a request", async () => {
    const el = await mount("tb-bias-filters", { state: resolved(), info: countsTag(), maxRanges: LIMITS.max_ranges });
    const changes = stateChanges(el);
    const root = el.shadowRoot!;
    (root.querySelector("[data-testid=range-min]") as HTMLInputElement).value = "2";
    (root.querySelector("[data-testid=range-max]") as HTMLInputElement).value = "1";
    (root.querySelector("[data-testid=range-add]") as HTMLButtonElement).click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(changes).toHaveLength(0);
    expect(root.querySelector("[role=alert]")!.textContent).toContain("minimum is above the maximum");
  });
});

describe("controls", () => {
  it("offers the ten metrics and one-vs-rest, and reports changes", async () => {
    const el = await mount("tb-bias-controls", { runs: runsFixture(), state: resolved(), info: countsTag() });
    const changes = stateChanges(el);
    const root = el.shadowRoot!;
    const metric = root.querySelector("[data-testid=metric-select]") as HTMLSelectElement;
    expect([...metric.options].map((o) => o.value)).toHaveLength(10);
    expect(metric.value).toBe("npmi_xy");
    // the option says the name alone (name and id were cut at 1000 px); the id beside the label, both in the tooltip
    expect(metric.selectedOptions[0]!.textContent).toBe("nPMI normalised by p(x,y)");
    expect(root.querySelector("[data-testid=metric-id]")!.textContent).toBe("npmi_xy");
    expect(metric.title).toBe("nPMI normalised by p(x,y) (npmi_xy)");
    expect(metric.selectedOptions[0]!.getAttribute("aria-label")).toBe(metric.title);
    const x2 = root.querySelector("[data-testid=x2-select]") as HTMLSelectElement;
    expect([...x2.options].map((o) => o.value)).toEqual(["man", "rest"]);
    metric.value = "pmi";
    metric.dispatchEvent(new Event("change"));
    expect(changes.pop()).toEqual({ metric: "pmi" });
    const x1 = root.querySelector("[data-testid=x1-select]") as HTMLSelectElement;
    x1.value = "man"; // the other side: swap instead of an invalid pair
    x1.dispatchEvent(new Event("change"));
    expect(changes.pop()).toEqual({ x1: "man", x2: "woman" });
  });
});

function fakeApi(routes: Record<string, (url: string) => unknown>): Api & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    get: async <T>(url: string) => {
      urls.push(url);
      const route = url.split("?")[0]!;
      const handler = routes[route];
      if (!handler) throw new ApiError(404, `no route ${route}`);
      return handler(url) as T;
    },
    post: async () => {
      throw new ApiError(405, "read only");
    },
  };
}

async function mountApp(api: Api) {
  const app = document.createElement("tb-bias-app");
  app.api = api;
  document.body.appendChild(app);
  await vi.waitFor(() => {
    const root = app.shadowRoot;
    if (!root?.querySelector("*") || root.querySelector("[data-testid=loading]")) throw new Error("still loading");
  });
  await app.updateComplete;
  return app;
}

/** The association view the app mounted (it owns the tab's state and events). */
async function associationView(app: HTMLElement): Promise<HTMLElement> {
  await vi.waitFor(() => {
    if (!app.shadowRoot?.querySelector("tb-bias-association-view")) throw new Error("no view yet");
  });
  return app.shadowRoot!.querySelector("tb-bias-association-view")!;
}

describe("panel headings", () => {
  it("are one style in every view, in sentence case (two views set theirs in capitals, two not)", () => {
    const css = baseStyles.cssText.replace(/\s+/g, " ");
    expect(css).toMatch(/h2, h3 \{ font-size: 13px; font-weight: 600;/);
    expect(css).not.toContain("uppercase");
  });
});

describe("app", () => {
  it("says how to log a first record when nothing is logged, naming no measure", async () => {
    const empty: RunsResponse = { runs: [], measures: [] };
    const app = await mountApp(fakeApi({ runs: () => empty }));
    const panel = deepElements(app.shadowRoot!).find((e) => e.getAttribute("data-testid") === "empty-state");
    expect(panel).toBeDefined();
    const text = panel!.textContent!;
    expect(text).toContain("No tb-bias data logged yet");
    expect(text).toContain("docs/guides/");
    expect(text).toContain("python -m tb_bias_plugin.demo --logdir demo_logs");
    // the shell is every measure's: a measure's snippet here was an edit outside its slice
    expect(text).not.toMatch(/association|discrepancy|sensitivity|representation/i);
  });

  it("says a link's measure that has no view here, and shows the first measure", async () => {
    window.location.hash = "#tb_bias&p.tb_bias.measure=bogus";
    try {
      const app = await mountApp(fakeApi({ runs: () => runsResponse(), flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }) }));
      await associationView(app);
      await app.updateComplete;
      // the words follow their live region a frame later, so that they are announced
      await vi.waitFor(() =>
        expect(app.shadowRoot!.querySelector("[data-testid=link-notice]")?.textContent).toContain(
          "Measure \u201cbogus\u201d is not logged here (or this tab has no view of it); showing",
        ),
      );
      // a pick in the switcher is the reader's: the link's notice goes
      (app.shadowRoot!.querySelector("[data-testid=measure-association]") as HTMLButtonElement).click();
      await app.updateComplete;
      expect(app.shadowRoot!.querySelector("[data-testid=link-notice]")).toBeNull();
    } finally {
      window.location.hash = "";
    }
  });

  it("shows the backend's error message", async () => {
    const api = fakeApi({});
    api.get = async () => {
      throw new ApiError(500, "internal error; see the TensorBoard log");
    };
    const app = await mountApp(api);
    const error = app.shadowRoot!.querySelector("[data-testid=error-message]");
    expect(error!.textContent).toContain("internal error; see the TensorBoard log");
  });

  it("loads a table, distribution and flags for the state in the URL", async () => {
    window.location.hash = "#tb_bias&p.tb_bias.metric=dp&p.tb_bias.q=hair";
    const api = fakeApi({
      runs: () => runsResponse(),
      flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      distribution: () => ({ metric: "dp", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
      table: () => ({ total: 0, rows: [] }),
    });
    const app = await mountApp(api);
    await vi.waitFor(() => expect(api.urls.some((u) => u.startsWith("table?"))).toBe(true));
    const table = api.urls.find((u) => u.startsWith("table?"))!;
    const p = new URLSearchParams(table.split("?")[1]);
    expect(p.get("metric")).toBe("dp");
    expect(p.get("q")).toBe("hair");
    expect(p.get("run")).toBe("model_a");
    expect(api.urls).toContain("flags?tag=gender");
    // The resolved state is written back, keeping the tab.
    expect(window.location.hash.startsWith("#tb_bias&")).toBe(true);
    expect(window.location.hash).toContain("p.tb_bias.run=model_a");
    app.remove();
  });
});

describe("selected labels across identities", () => {
  it("scales the axis to the selected labels' values, not the whole table's range", async () => {
    window.location.hash = '#tb_bias&p.tb_bias.metric=ttest&p.tb_bias.sel=["Nurse","Tie"]';
    const selected = {
      Nurse: row("Nurse", { values: { man: 0.0081, woman: 0.0121 }, gap: -0.004 }),
      Tie: row("Tie", { values: { man: 0.0118, woman: 0.0092 }, gap: 0.0026 }),
    };
    const api = fakeApi({
      runs: () => runsResponse(),
      flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      // the whole table's ttest values reach 30: an axis to that range drew every selected line flat on 0
      distribution: () => ({ metric: "ttest", domain: [-5, 30], bin_edges: [-5, 30], identities: [], gap: null, total: 2 }),
      table: (url) => {
        const labels = new URLSearchParams(url.split("?")[1]).getAll("label") as (keyof typeof selected)[];
        const rows = labels.length ? labels.map((l) => selected[l]) : Object.values(selected);
        return { total: rows.length, rows };
      },
    });
    const app = await mountApp(api);
    const view = await associationView(app);
    const pcp = () => view.shadowRoot!.querySelector("tb-bias-pcp")!;
    await vi.waitFor(() => expect(pcp().shadowRoot!.querySelectorAll("[data-testid=pcp-line]").length).toBe(2));
    await vi.waitFor(() => expect(api.urls.some((u) => u.startsWith("distribution?"))).toBe(true));
    await new Promise((r) => setTimeout(r, 300)); // the distribution's domain has arrived
    await pcp().updateComplete;
    const ys = [...pcp().shadowRoot!.querySelectorAll("[data-testid=pcp-line]")].flatMap((p) =>
      (p.getAttribute("d")!.match(/-?\d+(\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 1),
    );
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(60); // of about 170 px
    app.remove();
  });
});

describe("a link with values the table cannot take", () => {
  it("drops a bad sort and a refused search, says so once, and shows the table", async () => {
    window.location.hash = "#tb_bias&p.tb_bias.sort=zzz&p.tb_bias.q=((";
    const api = fakeApi({
      runs: () => runsResponse(),
      flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      distribution: () => ({ metric: "npmi_xy", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
      table: (url) => {
        const p = new URLSearchParams(url.split("?")[1]);
        if (p.get("sort") === "zzz") throw new ApiError(400, "unknown column 'zzz'");
        if (p.get("q") === "((") {
          const error = "invalid RE2 pattern '((': missing ): ((";
          throw new ApiError(400, error, { error, parameter: "q" });
        }
        return { total: 1, rows: [row("Nurse")] };
      },
    });
    const app = await mountApp(api);
    const view = await associationView(app);
    await vi.waitFor(() => expect(window.location.hash).not.toContain("p.tb_bias.q="));
    await vi.waitFor(() => expect(view.shadowRoot!.querySelector("[data-testid=notice]")?.textContent).toContain("refused"));
    const notice = view.shadowRoot!.querySelector("[data-testid=notice]")!.textContent!;
    expect(notice).toContain("sort \u201czzz\u201d");
    expect(notice).toContain("invalid RE2 pattern");
    expect(window.location.hash).not.toContain("p.tb_bias.sort=");
    const tables = api.urls.filter((u) => u.startsWith("table?"));
    expect(tables.some((u) => u.includes("sort=zzz"))).toBe(false); // never sent
    expect(tables.filter((u) => new URLSearchParams(u.split("?")[1]).get("q") === "((")).toHaveLength(1); // refused once, not again
    await vi.waitFor(() => expect(api.urls.filter((u) => u.startsWith("table?")).some((u) => !u.includes("q="))).toBe(true));
    app.remove();
  });

  it("keeps a link's search when the table is refused for another parameter (review)", async () => {
    window.location.hash = "#tb_bias&p.tb_bias.q=Nurse&p.tb_bias.min_count=5";
    const api = fakeApi({
      runs: () => runsResponse(),
      flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      distribution: () => ({ metric: "npmi_xy", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
      table: () => {
        throw new ApiError(400, "min_count needs counts, which this table does not have");
      },
    });
    const app = await mountApp(api);
    const view = await associationView(app);
    await vi.waitFor(() => expect(api.urls.some((u) => u.startsWith("table?"))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.hash).toContain("p.tb_bias.q=Nurse");
    expect(view.shadowRoot!.querySelector("[data-testid=notice]")?.textContent ?? "").not.toContain("Nurse");
    app.remove();
  });
});

describe("association step description", () => {
  it("shows none beside the selected step until its own answer has come (the listing's is the first step's)", async () => {
    window.location.hash = "#tb_bias";
    const runs = runsResponse();
    runs.runs = runs.runs.map((r) => ({ ...r, tags: r.tags.map((t) => ({ ...t, description: "written at step 0" })) }));
    let fail = true;
    const api = fakeApi({
      runs: () => runs,
      flags: () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      distribution: () => ({ metric: "npmi_xy", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
      table: () => {
        if (fail) throw new ApiError(500, "table broke");
        return { total: 0, rows: [], description: "step two's own" };
      },
    });
    const app = await mountApp(api);
    const texts = () =>
      deepElements(app.shadowRoot!)
        .filter((e) => e.tagName === "TB-BIAS-DESCRIPTION")
        .map((e) => (e as HTMLElement & { text: string }).text);
    const retry = () => deepElements(app.shadowRoot!).find((e) => e.getAttribute("data-testid") === "retry") as HTMLButtonElement | undefined;
    await vi.waitFor(() => expect(retry()).toBeDefined());
    expect(texts()).toEqual([]);
    fail = false;
    retry()!.click();
    await vi.waitFor(() => expect(texts()).toEqual(["step two's own"]));
    app.remove();
  });
});

describe("app flags across a table switch", () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  function switchingApi(flagsOf: Record<string, () => Promise<unknown>>) {
    const posts: Array<{ tag: string; flagged: string[] }> = [];
    const api = fakeApi({
      runs: () => runsResponse(),
      distribution: () => ({ metric: "dp", domain: [0, 1], bin_edges: [0, 1], identities: [], gap: null, total: 0 }),
      table: () => ({ total: 0, rows: [] }),
    });
    const get = api.get;
    api.get = async <T>(url: string, signal?: AbortSignal) => {
      const tag = url.startsWith("flags?") ? new URLSearchParams(url.split("?")[1]).get("tag")! : null;
      if (tag !== null) {
        api.urls.push(url);
        return (await flagsOf[tag]!()) as T;
      }
      return get<T>(url, signal);
    };
    api.post = async <T>(_url: string, body: unknown) => {
      const b = body as { tag: string; flagged: string[]; hidden: string[]; version: number };
      posts.push({ tag: b.tag, flagged: b.flagged });
      return { tag: b.tag, flagged: b.flagged, hidden: b.hidden, version: b.version + 1 } as T;
    };
    return { api, posts };
  }

  const flagOp = (view: Element, label: string) =>
    view.dispatchEvent(new CustomEvent("flag-op", { detail: { kind: "flagged", labels: [label], on: true } }));
  const switchTo = (view: Element) =>
    view.dispatchEvent(new CustomEvent("state-change", { detail: { run: "old_model", tag: "_npmi_" } }));
  const notice = (view: Element) => view.shadowRoot!.querySelector("[data-testid=notice]")?.textContent ?? "";

  it("does not save a flag meant for the new table to the previous one", async () => {
    window.location.hash = "#tb_bias";
    const npmiFlags = deferred<unknown>();
    const { api, posts } = switchingApi({
      gender: async () => ({ tag: "gender", flagged: [], hidden: [], version: 0 }),
      _npmi_: () => npmiFlags.promise,
    });
    const app = await mountApp(api);
    const view = await associationView(app);
    await vi.waitFor(() => expect(api.urls).toContain("flags?tag=gender"));
    await new Promise((r) => setTimeout(r, 0));
    switchTo(view);
    await (view as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    flagOp(view, "LabelOfTheNpmiTable");
    await (view as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    await vi.waitFor(() => expect(notice(view)).toContain("still loading")); // a frame after its live region
    expect(posts).toEqual([]);
    npmiFlags.resolve({ tag: "_npmi_", flagged: [], hidden: [], version: 3 });
    await new Promise((r) => setTimeout(r, 0));
    flagOp(view, "LabelOfTheNpmiTable");
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts).toEqual([{ tag: "_npmi_", flagged: ["LabelOfTheNpmiTable"] }]);
    app.remove();
  });

  it("says a flags error beside a link's notice, not over it (the link's words were lost)", async () => {
    window.location.hash = "#tb_bias&p.tb_bias.run=nope";
    const { api } = switchingApi({ gender: async () => Promise.reject(new ApiError(503, "gone")) });
    const app = await mountApp(api);
    const view = await associationView(app);
    await vi.waitFor(() => expect(notice(view)).toContain("Cannot load flags: gone"));
    expect(notice(view)).toContain("Run \u201cnope\u201d has no table here");
    app.remove();
  });

  it("ignores a late flags error of the previous table", async () => {
    window.location.hash = "#tb_bias";
    const genderFlags = deferred<unknown>();
    const { api, posts } = switchingApi({
      gender: () => genderFlags.promise,
      _npmi_: async () => ({ tag: "_npmi_", flagged: ["kept"], hidden: [], version: 3 }),
    });
    const app = await mountApp(api);
    const view = await associationView(app);
    switchTo(view);
    await vi.waitFor(() => expect(api.urls.some((u) => u.startsWith("table?run=old_model"))).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    genderFlags.reject(new ApiError(503, "gone"));
    await new Promise((r) => setTimeout(r, 0));
    expect(notice(view)).not.toContain("Cannot load flags");
    flagOp(view, "new");
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts).toEqual([{ tag: "_npmi_", flagged: ["kept", "new"] }]);
    app.remove();
  });
});

describe("ranked table", () => {
  function tableRoutes(rows = [row(HOSTILE[0]!), row(HOSTILE[1]!), row("Long Hair")]) {
    return fakeApi({
      table: (url) => {
        const p = new URLSearchParams(url.split("?")[1]);
        const offset = Number(p.get("offset"));
        return { total: rows.length, num_examples: 100, rows: rows.slice(offset, offset + Number(p.get("limit"))) };
      },
    });
  }

  async function mountTable(api: Api, extra: Record<string, unknown> = {}) {
    const el = await mount("tb-bias-table", {
      api,
      limits: LIMITS,
      state: resolved({ selected: ["Long Hair"] }),
      info: countsTag(),
      flags: { flagged: new Set([HOSTILE[1]!]), hidden: new Set<string>() },
      selected: new Set(["Long Hair"]),
      ...extra,
    });
    await vi.waitFor(() => expect(all(el, "[data-testid=table-row]").length).toBeGreaterThan(0));
    return el;
  }

  it("draws a sparkline's lone steps as dots (a missing middle step left two specks)", async () => {
    const trend = [row("Long Hair", { trend: [0.29, null, 0.012], change: -0.278 })];
    const el = await mountTable(tableRoutes(trend));
    const cell = el.shadowRoot!.querySelector("[data-testid=cell-trend]")!;
    const dots = [...cell.querySelectorAll("circle")];
    expect(dots).toHaveLength(2);
    for (const dot of dots) {
      expect(dot.namespaceURI).toBe("http://www.w3.org/2000/svg");
      expect(Number(dot.getAttribute("r"))).toBeGreaterThanOrEqual(2);
    }
  });

  it("says over which labels a trend's q is taken, and that a search does not change it", async () => {
    const el = await mountTable(tableRoutes([row("Long Hair", { trend: [0.2, 0.1], change: -0.1, change_q: 0.046 })]));
    const cell = el.shadowRoot!.querySelector("[data-testid=cell-trend]")!;
    expect(cell.getAttribute("title")).toMatch(/q = 0\.046 \(Benjamini\u2013Hochberg over every label tested: a search or range does not change it\)$/);
  });

  it("says on hover the range a row's sparkline spans, each row having its own scale (a +0.004 change looked like a peak)", async () => {
    const el = await mountTable(tableRoutes([row("Long Hair", { trend: [0.2, 0.1], change: -0.1 })]));
    const title = el.shadowRoot!.querySelector("[data-testid=cell-trend]")!.getAttribute("title")!;
    // at least a twentieth of the gap's range [-2, 2] high, about the values' middle
    expect(title).toContain("+0.200 \u2192 +0.100 over 2 steps (the line's height spans +0.050 to +0.250, this row's own scale); change");
  });

  it("draws a sparkline's zero line as SVG (made by html``, it was an HTML element the browser never drew)", async () => {
    const el = await mountTable(tableRoutes([row("Long Hair", { trend: [0.2, -0.1, 0.1], change: -0.1 })]));
    const zero = el.shadowRoot!.querySelector("[data-testid=cell-trend] line.zero")!;
    expect(zero.namespaceURI).toBe("http://www.w3.org/2000/svg");
  });

  it("gives the Tab key to one row's controls, and Up and Down move between rows (walk-through: 4 tab stops a row)", async () => {
    const el = await mountTable(tableRoutes());
    const rows = () => all(el, "[data-testid=table-row]");
    const tabStops = () => rows().map((r) => [...r.querySelectorAll("input, button")].map((c) => c.getAttribute("tabindex")));
    expect(tabStops()).toEqual([["0", "0", "0", "0"], ["-1", "-1", "-1", "-1"], ["-1", "-1", "-1", "-1"]]);
    const hide = (i: number) => rows()[i]!.querySelector<HTMLButtonElement>("[data-testid=hide-button]")!;
    hide(0).focus();
    const press = (key: string) =>
      el.shadowRoot!.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, composed: true, cancelable: true }));
    press("ArrowDown");
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(hide(1)));
    expect(tabStops()[1]).toEqual(["0", "0", "0", "0"]);
    expect(tabStops()[0]).toEqual(["-1", "-1", "-1", "-1"]);
    press("ArrowDown");
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(hide(2)));
    press("ArrowDown"); // the last row: stays
    await new Promise((r) => setTimeout(r, 50));
    expect(el.shadowRoot!.activeElement).toBe(hide(2));
    press("ArrowUp");
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(hide(1)));
    // a click (focus) on another row's control gives it the Tab key
    rows()[0]!.querySelector<HTMLInputElement>("[data-testid=select-checkbox]")!.focus();
    await vi.waitFor(() => expect(tabStops()[0]).toEqual(["0", "0", "0", "0"]));
    // End and Home (review: they scrolled the focused row away and the focus fell to the page)
    press("End");
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(rows()[2]!.querySelector("[data-testid=select-checkbox]")));
    press("Home");
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(rows()[0]!.querySelector("[data-testid=select-checkbox]")));
  });

  it("moves a key's row within the table: a row, a page, the ends", () => {
    expect(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", "a"].map((k) => rowAfterKey(k, 5, 30, 10))).toEqual([4, 6, 0, 15, 0, 30, null]);
    expect([rowAfterKey("ArrowUp", 0, 30, 10), rowAfterKey("PageDown", 25, 30, 10), rowAfterKey("End", 0, -1, 10)]).toEqual([0, 30, null]);
  });

  it("renders rows with hostile labels as text and runs nothing", async () => {
    const el = await mountTable(tableRoutes());
    const rows = all(el, "[data-testid=table-row]");
    expect(rows.map((r) => r.getAttribute("data-label"))).toEqual([...HOSTILE, "Long Hair"]);
    expect(rows.map((r) => r.querySelector("[data-testid=cell-label]")!.textContent)).toEqual([...HOSTILE, "Long Hair"]);
    expect(deepElements(el.shadowRoot!).filter((e) => ["IMG", "SCRIPT"].includes(e.tagName))).toHaveLength(0);
    expect(el.shadowRoot!.querySelector("[data-testid=table-total]")!.textContent).toContain("3 of 2,000 labels");
    expect(el.shadowRoot!.querySelector("[data-testid=ranked-table]")!.getAttribute("data-total")).toBe("3");
  });

  it("shows flag and selection state and reports row actions", async () => {
    const el = await mountTable(tableRoutes());
    const rows = all(el, "[data-testid=table-row]");
    const flagButtons = rows.map((r) => r.querySelector("[data-testid=flag-button]")!);
    expect(flagButtons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true", "false"]);
    expect(flagButtons[0]!.getAttribute("aria-label")).toBe(`Flag ${HOSTILE[0]}`);
    const ops: unknown[] = [];
    el.addEventListener("flag-op", (e) => ops.push((e as CustomEvent).detail));
    (flagButtons[1] as HTMLButtonElement).click();
    (rows[0]!.querySelector("[data-testid=hide-button]") as HTMLButtonElement).click();
    expect(ops).toEqual([
      { kind: "flagged", labels: [HOSTILE[1]], on: false },
      { kind: "hidden", labels: [HOSTILE[0]], on: true },
    ]);

    const changes = stateChanges(el);
    const box = rows[0]!.querySelector("[data-testid=select-checkbox]") as HTMLInputElement;
    expect((rows[2]!.querySelector("[data-testid=select-checkbox]") as HTMLInputElement).checked).toBe(true);
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    expect(changes.pop()).toEqual({ selected: ["Long Hair", HOSTILE[0]] });
  });

  it("marks the row whose examples the Examples panel shows (it was not told from the others)", async () => {
    const el = await mountTable(tableRoutes(), { state: resolved({ selected: ["Long Hair"], examples: "Long Hair" }) });
    const rows = all(el, "[data-testid=table-row]");
    expect(rows.map((r) => r.classList.contains("examined"))).toEqual(rows.map((r) => r.getAttribute("data-label") === "Long Hair"));
    expect(rows.filter((r) => r.getAttribute("aria-current") === "true").map((r) => r.getAttribute("data-label"))).toEqual(["Long Hair"]);
  });

  it("highlights the hovered label's row and reports hovering rows", async () => {
    const el = await mountTable(tableRoutes(), { hovered: "Long Hair" });
    const rows = all(el, "[data-testid=table-row]");
    expect(rows.map((r) => r.classList.contains("hovered"))).toEqual([false, false, true]);
    const hovers: Array<string | null> = [];
    el.addEventListener("hover-label", (e) => hovers.push((e as CustomEvent<string | null>).detail));
    rows[0]!.dispatchEvent(new Event("mouseenter"));
    expect(hovers).toEqual([HOSTILE[0]]);
  });

  it("sorts from the headers and links the CSV downloads", async () => {
    const el = await mountTable(tableRoutes());
    const changes = stateChanges(el);
    const root = el.shadowRoot!;
    const gap = root.querySelector("[data-testid=sort-header-gap]")!;
    expect(gap.closest("[role=columnheader]")!.getAttribute("aria-sort")).toBe("descending");
    (gap as HTMLButtonElement).click();
    expect(changes.pop()).toEqual({ sort: "gap", order: "asc" });
    (root.querySelector("[data-testid='sort-header-npmi_xy@woman']") as HTMLButtonElement).click();
    expect(changes.pop()).toEqual({ sort: "npmi_xy@woman", order: "desc" });
    expect(root.querySelector("[data-testid=csv-link]")!.getAttribute("href")).toMatch(/^csv\?run=model_a&/);
    expect(root.querySelector("[data-testid=flagged-csv-link]")!.getAttribute("href")).toContain("flagged_only=1");
  });

  it("sends a search soon, once per burst of keystrokes", async () => {
    const el = await mountTable(tableRoutes());
    const changes = stateChanges(el);
    const input = el.shadowRoot!.querySelector("[data-testid=search-input]") as HTMLInputElement;
    vi.useFakeTimers();
    try {
      for (const text of ["h", "ha", "hai", "hair"]) {
        input.value = text;
        input.dispatchEvent(new Event("input"));
        vi.advanceTimersByTime(SEARCH_DELAY_MS - 5);
      }
      expect(changes).toHaveLength(0); // each keystroke came before the previous one's delay ran out
      vi.advanceTimersByTime(5);
      expect(changes).toEqual([{ q: "hair" }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a half-typed pattern only after a longer pause", async () => {
    const el = await mountTable(tableRoutes());
    const changes = stateChanges(el);
    const input = el.shadowRoot!.querySelector("[data-testid=search-input]") as HTMLInputElement;
    vi.useFakeTimers();
    try {
      input.value = "ha";
      input.dispatchEvent(new Event("input"));
      input.value = "hai(r";
      input.dispatchEvent(new Event("input"));
      vi.advanceTimersByTime(INCOMPLETE_SEARCH_DELAY_MS - 1);
      expect(changes).toHaveLength(0); // "ha" was superseded, "hai(r" does not parse yet
      vi.advanceTimersByTime(1);
      expect(changes).toEqual([{ q: "hai(r" }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says why a search pattern is refused beside the box, with no Retry", async () => {
    const api = fakeApi({
      table: () => {
        throw new ApiError(400, "parameter 'q': missing ): hai(r", { error: "parameter 'q': missing ): hai(r", parameter: "q" });
      },
    });
    const el = await mount("tb-bias-table", { api, limits: LIMITS, state: resolved({ q: "hai(r" }), info: countsTag() });
    await vi.waitFor(() =>
      expect(el.shadowRoot!.querySelector("[data-testid=search-error]")?.textContent).toContain("missing ): hai(r"),
    );
    expect(el.shadowRoot!.querySelector("[data-testid=error-message]")).toBeNull();
    expect([...el.shadowRoot!.querySelectorAll("button")].some((b) => b.textContent?.includes("Retry"))).toBe(false);
    expect(el.shadowRoot!.querySelector("[data-testid=search-input]")?.getAttribute("aria-invalid")).toBe("true");
  });

  it("offers Retry when the server failed, not the request", async () => {
    const api = fakeApi({
      table: () => {
        throw new ApiError(500, "internal error");
      },
    });
    const el = await mount("tb-bias-table", { api, limits: LIMITS, state: resolved({ q: "hair" }), info: countsTag() });
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector("[data-testid=error-message]")?.textContent).toContain("internal error"));
    expect(el.shadowRoot!.querySelector("[data-testid=error-message] button")?.textContent).toContain("Retry");
    expect(el.shadowRoot!.querySelector("[data-testid=search-error]")).toBeNull();
  });
});
