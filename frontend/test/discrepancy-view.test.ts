// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, type Api } from "../src/shell/api.js";
import type { HashScope } from "../src/shell/url-state.js";
import "../src/views/discrepancy/index.js";
import type { DiscrepancyView } from "../src/views/discrepancy/view.js";

const HEAD = { run: "dev", tag: "t", discrepancy: "abs", pairing: "paired", pool_names: ["A", "B"], m_a: 2, m_b: 1, models: ["a0", "a1", "b0"] };
const UNCERTAINTY = { kind: "none", replicates: 1, low: null, high: null };
const SUMMARY = { dipdi: 0.5, reason: null, n: 10, between: 1, within_a: 0.5, within_b: 0.5, uncertainty: UNCERTAINTY };

/** e_k of the k-th kept example; a test may set its own. */
let excessOf = (k: number) => 20 - k;

function top(k: number) {
  return { id: `ex${k}`, group: "g", excess: excessOf(k), outputs: [1, 2] };
}

const RESPONSES: Record<string, unknown> = {
  discrepancy_steps: { ...HEAD, steps: [{ step: 0, ...SUMMARY }, { step: 5, ...SUMMARY }] },
  discrepancy: {
    ...HEAD, ...SUMMARY, step: 5, replicate: 0, description: "step five",
    matrix: [[0, 1, 1], [1, 0, 2], [1, 2, 0]], used_pairs: { between: [[0, 2]], within_a: [[0, 1]], within_b: [] }, groups: [{ group: "g", dipdi: 0.4, n: 40, reason: null, small: false }],
  },
  discrepancy_compare: { a: { ...HEAD, step: 5, ...SUMMARY }, b: { ...HEAD, run: "dep", step: 5, ...SUMMARY, dipdi: 0.9 }, delta: 0.4, rising: true },
};

/** 20 examples kept: the answer gives the first `limit`. */
function examplesAnswer(url: string) {
  const limit = Number(new URLSearchParams(url.split("?")[1]).get("limit"));
  const kept = Array.from({ length: 20 }, (_, k) => top(k));
  return { ...HEAD, step: 5, replicate: 0, top_total: 20, top: kept.slice(0, limit), histogram: { edges: [0, 1, 2], counts: [3, 4] }, note: null };
}

const RUNS = ["dev", "dep"].map((run) => ({ run, tags: [{ tag: "t", measure: "discrepancy", steps: [0, 5], description: "tag level" }] }));

/** An API whose routes in `failing` answer 500 with a JSON message naming the route, until `heal` is called. */
function fakeApi(failing: string[]) {
  const calls: string[] = [];
  const broken = new Set(failing);
  const api: Api = {
    get: async <T>(url: string) => {
      calls.push(url);
      const route = url.split("?")[0]!;
      if (broken.has(route)) throw new ApiError(500, `${route} broke`, { error: `${route} broke` });
      if (route === "discrepancy_examples") return examplesAnswer(url) as T;
      return RESPONSES[route] as T;
    },
    post: async () => {
      throw new Error("no posts");
    },
  };
  return { api, calls, heal: (route: string) => broken.delete(route) };
}

function fakeHash(): HashScope {
  return { read: () => ({ run: "dev", tag: "t", step: "5", run2: "dep" }), write: () => true, onExternalChange: () => () => undefined };
}

afterEach(() => {
  document.body.innerHTML = "";
});

async function settle(el: DiscrepancyView) {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
  }
}

async function mount(failing: string[], config: unknown = null) {
  const fake = fakeApi(failing);
  const el = document.createElement("tb-bias-discrepancy-view") as DiscrepancyView;
  Object.assign(el, { api: fake.api, hash: fakeHash(), config, runs: RUNS });
  document.body.appendChild(el);
  await settle(el);
  const panel = (testid: string) => el.shadowRoot!.querySelector(`[data-testid="${testid}"]`) as HTMLElement;
  return { el, fake, panel };
}

describe("<tb-bias-discrepancy-view> failures", () => {
  it("says in the example panels that discrepancy_examples failed, and still draws the matrix and subgroups", async () => {
    const { el, fake, panel } = await mount(["discrepancy_examples"]);
    const error = panel("dipdi-histogram").querySelector('[data-testid="error-message"][data-request="discrepancy_examples"]')!;
    expect(error.textContent).toContain("discrepancy_examples failed (HTTP 500): discrepancy_examples broke");
    expect(panel("dipdi-top").textContent).toContain("discrepancy_examples failed");
    expect(panel("dipdi-matrix").querySelectorAll('[data-testid="heat-cell-used"]').length).toBeGreaterThan(0);
    expect(panel("dipdi-groups").querySelectorAll('[data-testid="group-bar"]').length).toBe(1);
    expect(el.shadowRoot!.querySelector('[data-testid="loading"]')).toBeNull();
    // Retry asks again and shows what it answers
    fake.heal("discrepancy_examples");
    (error.querySelector("button") as HTMLButtonElement).click();
    await settle(el);
    expect(panel("dipdi-top").querySelectorAll('[data-testid="top-row"]').length).toBe(15);
    expect(el.shadowRoot!.querySelector('[data-testid="error-message"][data-request="discrepancy_examples"]')).toBeNull();
  });

  it("names each failed request in its own panel: the steps' answer clears none, the last failure hides none", async () => {
    const { el, panel } = await mount(["discrepancy", "discrepancy_compare"]);
    expect(panel("dipdi-matrix").textContent).toContain("discrepancy failed (HTTP 500): discrepancy broke");
    expect(panel("dipdi-groups").textContent).toContain("discrepancy failed");
    expect(panel("dipdi-compare").textContent).toContain("discrepancy_compare failed (HTTP 500): discrepancy_compare broke");
    expect(panel("dipdi-matrix").textContent).not.toContain("compare");
    // the parts that answered are shown
    expect(panel("dipdi-steps").querySelector('[data-testid="dipdi-curve"]')).not.toBeNull();
    expect(panel("dipdi-top").querySelectorAll('[data-testid="top-row"]').length).toBe(15);
    expect(el.shadowRoot!.querySelector('[data-testid="loading"]')).toBeNull();
  });

  it("says the steps failed where the curve would be, with a Retry", async () => {
    const { panel } = await mount(["discrepancy_steps"]);
    const error = panel("dipdi-steps").querySelector('[data-testid="error-message"][data-request="discrepancy_steps"]')!;
    expect(error.textContent).toContain("discrepancy_steps failed (HTTP 500)");
    expect(error.querySelector("button")!.textContent).toBe("Retry");
    expect(panel("dipdi-matrix").querySelectorAll('[data-testid="heat-cell-used"]').length).toBeGreaterThan(0);
  });

  it("shows every kept top example on asking, and the first 15 again", async () => {
    const { el, fake, panel } = await mount([]);
    const rows = () => panel("dipdi-top").querySelectorAll('[data-testid="top-row"]').length;
    const button = () => panel("dipdi-top").querySelector('[data-testid="top-show-all"]') as HTMLButtonElement;
    expect(rows()).toBe(15);
    expect(panel("dipdi-top").textContent).toContain("15 of 20 kept");
    expect(button().textContent!.trim()).toBe("Show all 20");
    button().click();
    await settle(el);
    expect(rows()).toBe(20);
    expect(fake.calls.filter((c) => c.startsWith("discrepancy_examples")).pop()).toContain("limit=1000");
    expect(button().textContent!.trim()).toBe("Show the top 15");
    button().click();
    await settle(el);
    expect(rows()).toBe(15);
  });
});

describe("<tb-bias-discrepancy-view> subgroups", () => {
  it("writes the subgroups' DIPDI in one notation with DIPDI's 3 decimals (the demo's step 50: 0.08 beside -2.72e-3)", async () => {
    const detail = RESPONSES["discrepancy"] as { groups: unknown[] };
    const groups = detail.groups;
    detail.groups = [
      { group: "men", dipdi: 0.0827, n: 300, reason: null, small: false },
      { group: "women", dipdi: -0.00272, n: 300, reason: null, small: false },
    ];
    try {
      const { panel } = await mount([]);
      const texts = [...panel("dipdi-groups").querySelectorAll('[data-testid="group-bar"]')].map((e) => /(\S+)\s+n=/.exec(e.textContent!)?.[1]);
      expect(texts).toEqual(["0.083", "-0.003"]);
      // a zero line in each bar's row; women's small negative bar ends on it, men's starts from it
      const rows = [...panel("dipdi-groups").querySelectorAll('[data-testid="group-bar"]')];
      const geometry = rows.map((r) => {
        const rect = r.querySelector("rect")!;
        const zero = r.querySelector('[data-testid="group-zero"]');
        return { x: Number(rect.getAttribute("x")), right: Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")), zero: zero && Number(zero.getAttribute("x1")) };
      });
      const [men, women] = geometry;
      expect(women!.zero).not.toBeNull();
      expect(women!.right).toBeCloseTo(women!.zero!);
      expect(women!.x).toBeLessThan(women!.zero! - 3);
      expect(men!.x).toBeCloseTo(men!.zero!);
    } finally {
      detail.groups = groups;
    }
  });
});

describe("<tb-bias-discrepancy-view> the server's limits", () => {
  it("greys the subgroups the server marks small and names its min_group_n (the view kept its own 30)", async () => {
    const detail = RESPONSES["discrepancy"] as { groups: unknown[] };
    const groups = detail.groups;
    detail.groups = [
      { group: "big", dipdi: 0.1, n: 40, reason: null, small: true },
      { group: "few", dipdi: 0.2, n: 10, reason: null, small: false },
    ];
    try {
      const limits = { min_group_n: 50, min_replicates_for_stars: 8, max_top: 1000 };
      const { panel } = await mount([], { limits });
      const row = (group: string) => panel("dipdi-groups").querySelector(`[data-group="${group}"]`) as HTMLElement;
      // review: a small group was told by opacity 0.45 alone (its text 2.6:1): a word says it, the text keeps its contrast
      expect(row("big").textContent).toContain("small");
      expect(row("few").textContent).not.toContain("small");
      expect([row("big").style.opacity, row("few").style.opacity]).toEqual(["", ""]);
      expect(panel("dipdi-groups").querySelector("h3")!.textContent).toContain("n < 50 greyed and marked small");
      // each bar's drawing is hidden: its value is in the text beside it
      expect([...panel("dipdi-groups").querySelectorAll("svg")].map((g) => g.getAttribute("aria-hidden"))).toEqual(["true", "true"]);
      expect(panel("dipdi-steps").querySelector("h3")!.textContent).toContain("needs ≥ 8 replicates");
    } finally {
      detail.groups = groups;
    }
  });

  it("names the bootstrap's confidence as the server's config gives it", async () => {
    const steps = RESPONSES["discrepancy_steps"] as { steps: Record<string, unknown>[] };
    const saved = steps.steps;
    const bootstrap = { kind: "bootstrap", replicates: 1, low: 0.1, high: 0.9, covers: "test-set sampling only" };
    steps.steps = saved.map((s) => ({ ...s, uncertainty: bootstrap }));
    try {
      const { panel } = await mount([], { limits: { bootstrap_confidence: 0.9 } });
      expect(panel("dipdi-steps").querySelector("h3")!.textContent).toContain("band: bootstrap 90% CI (test-set sampling only)");
    } finally {
      steps.steps = saved;
    }
  });
});

describe("<tb-bias-discrepancy-view> matrix of one replicate", () => {
  it("gives under the matrix the DIPDI of the replicate it shows, not only the mean over replicates", async () => {
    const detail = RESPONSES["discrepancy"] as Record<string, unknown>;
    detail["replicates"] = [
      { replicate: 0, dipdi: 0.4, reason: null, n: 10 },
      { replicate: 1, dipdi: 0.6, reason: null, n: 10 },
    ];
    try {
      const { panel } = await mount([]);
      const matrix = panel("dipdi-matrix").textContent!.replace(/\s+/g, " ");
      expect(matrix).toContain("replicate 0: DIPDI 0.400");
      expect(matrix).toContain("mean over 2 replicates: DIPDI 0.500");
      expect(panel("dipdi-groups").textContent).toContain("mean over 2 replicates");
    } finally {
      delete detail["replicates"];
    }
  });
});

describe("<tb-bias-discrepancy-view> mean discrepancies", () => {
  it("writes each column in one notation, DIPDI with the 3 decimals it has elsewhere (8.30e-3 sat among 2-decimal values)", async () => {
    const steps = RESPONSES["discrepancy_steps"] as { steps: Record<string, unknown>[] };
    const saved = steps.steps;
    steps.steps = [
      { step: 0, ...SUMMARY, dipdi: 3.955 },
      { step: 5, ...SUMMARY, dipdi: 0.0083 },
    ];
    try {
      const { panel } = await mount([]);
      const cells = [...panel("dipdi-means").querySelectorAll('[data-testid="means-dipdi"]')].map((c) => c.textContent!.trim());
      expect(cells).toEqual(["3.955", "0.008"]);
    } finally {
      steps.steps = saved;
    }
  });
});

describe("<tb-bias-discrepancy-view> a link's values the logdir lacks (walk-through: replaced silently)", () => {
  async function mountWith(entries: Record<string, string>, pairings = ["paired", "all_pairs"]) {
    const el = document.createElement("tb-bias-discrepancy-view") as DiscrepancyView;
    const hash: HashScope = { read: () => entries, write: () => true, onExternalChange: () => () => undefined };
    // the route's config names its pairings (as the shell passes it)
    Object.assign(el, { api: fakeApi([]).api, hash, config: { pairings }, runs: RUNS });
    document.body.appendChild(el);
    await settle(el);
    return el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent?.trim() ?? null;
  }

  it("says a run, step, comparison run, development run or pairing it replaced", async () => {
    expect(await mountWith({ run: "gone", tag: "t", step: "7" })).toMatch(/^Run \u201cgone\u201d has no DIPDI record here; showing dev\.\s*\u00d7$/);
    expect(await mountWith({ run: "dev", tag: "t", step: "7" })).toMatch(/^Step 7 of dev\/t is not among the steps TensorBoard kept; showing the first logged\./);
    const several = await mountWith({ run: "dev", tag: "t", run2: "elsewhere", pairing: "odd", dev: "nobody" });
    expect(several).toContain("Run \u201celsewhere\u201d cannot be compared with dev/t here");
    expect(several).toContain("comparing with dep.");
    expect(several).toContain("Pairing \u201codd\u201d is not one of paired, all pairs");
    expect(several).toContain("names run \u201cnobody\u201d as development");
  });

  it("takes the pairings the route's config serves, not a list of its own", async () => {
    expect(await mountWith({ run: "dev", tag: "t", pairing: "all_pairs" }, ["paired"])).toContain("Pairing \u201call_pairs\u201d is not one of paired;");
    expect(await mountWith({ run: "dev", tag: "t", pairing: "odd" }, ["paired", "odd"])).toBeNull();
  });

  it("says nothing of a link it keeps whole", async () => {
    expect(await mountWith({ run: "dev", tag: "t", step: "5", run2: "dep", pairing: "all_pairs", dev: "dep" })).toBeNull();
    expect(await mountWith({})).toBeNull();
  });
});

describe("<tb-bias-discrepancy-view> the matrix as numbers (walk-through: values only on hover)", () => {
  it("gives every off-diagonal value, the pairs the pairing uses in bold", async () => {
    const { panel } = await mount([]);
    const table = panel("matrix-values");
    const cells = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerHTML.replace(/<!--.*?-->/g, "").trim()));
    const used = '<b>1.000</b><span class="visually-hidden"> (used)</span>';
    expect(cells).toEqual([
      ["\u2014", used, used],
      [used, "\u2014", "2.000"],
      [used, "2.000", "\u2014"],
    ]);
    expect([...table.querySelectorAll("thead th")].map((th) => th.textContent!.trim())).toEqual(["row vs column", "a0", "a1", "b0"]);
    expect(panel("matrix-bold-note").textContent).toContain("Bold (outlined above): the pairs the paired estimator uses");
    expect(panel("matrix-outline-note").textContent).toContain("outlined: the pairs the paired estimator uses");
  });

  it("sets no pair apart when the pairing uses every pair (all pairs): the legend says so", async () => {
    const detail = RESPONSES["discrepancy"] as { pairing: string; used_pairs: unknown };
    const saved = [detail.pairing, detail.used_pairs] as const;
    detail.pairing = "all_pairs";
    detail.used_pairs = { between: [[0, 2], [1, 2]], within_a: [[0, 1]], within_b: [] };
    try {
      const { panel } = await mount([]);
      expect(panel("matrix-values").querySelectorAll("tbody b")).toHaveLength(0);
      expect(panel("dipdi-matrix").querySelectorAll('[data-testid="heat-cell-used"]')).toHaveLength(0);
      expect(panel("matrix-bold-note").textContent).toBe("Under all pairs every pair of models enters DIPDI: none is set apart.");
      expect(panel("matrix-outline-note").textContent).toBe("(log colour; all pairs: every pair enters DIPDI)");
    } finally {
      [detail.pairing, detail.used_pairs] = saved;
    }
  });

  it("writes the matrix in one notation (0.050 sat beside 4.00e-4): fixed, a value below its decimals said as such", async () => {
    const detail = RESPONSES["discrepancy"] as { matrix: number[][] };
    const saved = detail.matrix;
    detail.matrix = [[0, 0.05], [0.0004, 0]];
    try {
      const { panel } = await mount([]);
      const cells = [...panel("matrix-values").querySelectorAll("tbody td")].map((td) => td.textContent!.replace(" (used)", "").trim());
      expect(cells).toEqual(["\u2014", "0.050", "<0.001", "\u2014"]);
    } finally {
      detail.matrix = saved;
    }
  });
});

describe("<tb-bias-discrepancy-view> links pasted later (review)", () => {
  /** A hash scope whose entries a test changes, then calls the view back as a pasted link would. */
  function pastedHash(first: Record<string, string>) {
    let entries = first;
    let listener: (() => void) | null = null;
    const written: Record<string, string>[] = [];
    const hash: HashScope = {
      read: () => entries,
      write: (e) => {
        entries = { ...e };
        written.push(entries);
        return true;
      },
      onExternalChange: (f) => {
        listener = f;
        return () => (listener = null);
      },
    };
    return { hash, written, paste: (e: Record<string, string>) => ((entries = e), listener?.()) };
  }

  async function mountPasted(first: Record<string, string>) {
    const pasted = pastedHash(first);
    const el = document.createElement("tb-bias-discrepancy-view") as DiscrepancyView;
    Object.assign(el, { api: fakeApi([]).api, hash: pasted.hash, config: null, runs: RUNS });
    document.body.appendChild(el);
    await settle(el);
    const notice = () => el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent?.replace("\u00d7", "").trim() ?? null;
    return { el, ...pasted, notice };
  }

  it("replaces the notice of an earlier link instead of adding to it", async () => {
    const { el, paste, notice } = await mountPasted({ run: "gone", tag: "t" });
    expect(notice()).toBe("Run \u201cgone\u201d has no DIPDI record here; showing dev.");
    paste({ run: "dep", tag: "t", step: "77" });
    await settle(el);
    expect(notice()).toBe("Step 77 of dep/t is not among the steps TensorBoard kept; showing the first logged.");
  });

  it("says a pasted link's bad value that fits to what is shown, and writes what is shown", async () => {
    const { el, paste, notice, written } = await mountPasted({ run: "dev", tag: "t", step: "5", run2: "dep" });
    expect(notice()).toBeNull();
    paste({ run: "gone", tag: "t", step: "5", run2: "dep" });
    await settle(el);
    expect(notice()).toBe("Run \u201cgone\u201d has no DIPDI record here; showing dev.");
    expect(written[written.length - 1]).toMatchObject({ run: "dev", tag: "t", step: "5", run2: "dep" });
  });

  it("writes no development run that is neither of the two (a reload of it warned of a bad link)", async () => {
    const named = await mountPasted({ run: "dev", tag: "t", step: "5", run2: "dep", dev: "dep" });
    expect(named.notice()).toBeNull();
    expect(named.written[named.written.length - 1]?.["dev"]).toBe("dep");
    named.el.remove();
    const stale = await mountPasted({ run: "dev", tag: "t", step: "5", run2: "dep", dev: "third" });
    expect(stale.notice()).toContain("names run \u201cthird\u201d as development");
    expect(stale.written[stale.written.length - 1]).not.toHaveProperty("dev");
  });
});

describe("<tb-bias-discrepancy-view> a link's replicate", () => {
  async function mountWith(entries: Record<string, string>) {
    const detail = RESPONSES["discrepancy"] as Record<string, unknown>;
    detail["replicates"] = [
      { replicate: 0, dipdi: 0.4, reason: null, n: 10 },
      { replicate: 1, dipdi: 0.6, reason: null, n: 10 },
    ];
    try {
      const fake = fakeApi([]);
      // the detail of the replicate asked for, as the route answers
      const get = fake.api.get;
      const api: Api = { ...fake.api, get: async <T>(url: string) => {
        const body = await get<Record<string, unknown>>(url);
        const replicate = /[?&]replicate=(\d+)/.exec(url)?.[1];
        return (url.startsWith("discrepancy?") ? { ...body, replicate: Number(replicate ?? 0) } : body) as T;
      } };
      const el = document.createElement("tb-bias-discrepancy-view") as DiscrepancyView;
      const hash: HashScope = { read: () => entries, write: () => true, onExternalChange: () => () => undefined };
      Object.assign(el, { api, hash, config: null, runs: RUNS });
      document.body.appendChild(el);
      await settle(el);
      await settle(el);
      const notice = el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent?.trim() ?? null;
      return { calls: fake.calls.filter((c) => /^discrepancy(_examples)?\?/.test(c)), notice };
    } finally {
      delete detail["replicates"];
    }
  }

  it("is looked for among the step's replicates before it is asked for (review: an unknown one cost two 400s)", async () => {
    const unknown = await mountWith({ run: "dev", tag: "t", step: "5", replicate: "7" });
    expect(unknown.calls.some((c) => c.includes("replicate="))).toBe(false);
    expect(unknown.notice).toMatch(/^Replicate 7 is not logged at step 5 of dev\/t; showing replicate 0\./);
    const known = await mountWith({ run: "dev", tag: "t", step: "5", replicate: "1" });
    // the step's detail is asked once without it, then the detail and examples of replicate 1, never examples first
    const asked = known.calls.map((c) => c.split("?")[0] + (c.includes("replicate=1") ? "@1" : ""));
    expect(asked).toEqual(["discrepancy", "discrepancy@1", "discrepancy_examples@1"]);
    expect(known.notice).toBeNull();
  });
});

describe("<tb-bias-discrepancy-view> numbers in one notation", () => {
  it("labels the curve's y axis with distinct ticks in one notation (DIPDI near 0.07 read 0.1, 0.1, 5.00e-2, 0.0)", async () => {
    const steps = RESPONSES["discrepancy_steps"] as { steps: Record<string, unknown>[] };
    const saved = steps.steps;
    const band = (low: number, high: number) => ({ kind: "bootstrap", replicates: 1, low, high, covers: "test-set sampling only" });
    steps.steps = [
      { ...saved[0], step: 0, dipdi: 0.068, uncertainty: band(0.01, 0.13) },
      { ...saved[1], step: 5, dipdi: 0.071, uncertainty: band(0.02, 0.12) },
    ];
    try {
      const { panel } = await mount([]);
      const ticks = [...panel("dipdi-steps").querySelectorAll('svg[data-testid="dipdi-curve"] text[text-anchor="end"]')].map((t) => t.textContent);
      expect(ticks.length).toBeGreaterThan(2);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks.every((t) => /^-?\d+\.\d\d$/.test(t!))).toBe(true);
      expect(ticks).toContain("0.00");
    } finally {
      steps.steps = saved;
    }
  });

  it("writes the top examples' e_k in one notation, with the 3 decimals DIPDI has (0.01 sat beside 9.42e-3)", async () => {
    const excess = [0.06, 0.03, 0.0112, 0.00942, 0.00473, 0.00354, 0.00244, 0];
    excessOf = (k) => excess[k % excess.length]!;
    try {
      const { panel } = await mount([]);
      const cells = [...panel("dipdi-top").querySelectorAll('[data-testid="top-row"]')].slice(0, excess.length).map((r) => r.querySelectorAll("th, td")[2]!.textContent);
      expect(cells).toEqual(["0.060", "0.030", "0.011", "0.009", "0.005", "0.004", "0.002", "0.000"]);
    } finally {
      excessOf = (k) => 20 - k;
    }
  });
});

describe("<tb-bias-discrepancy-view> the excess histogram", () => {
  it("is a named image (its svg was unnamed)", async () => {
    const { panel } = await mount([]);
    const chart = panel("dipdi-histogram").querySelector('[data-testid="excess-histogram"]')!;
    expect(chart.getAttribute("role")).toBe("img");
    expect(chart.getAttribute("aria-label")).toMatch(/^Histogram of the per-example excess discrepancy/);
  });
});
