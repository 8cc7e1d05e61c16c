// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, type Api } from "../src/shell/api.js";
import type { HashScope } from "../src/shell/url-state.js";
import "../src/views/sensitivity/index.js";
import type { SensitivityView } from "../src/views/sensitivity/view.js";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

function stats(mean: number) {
  return { mean, median: mean, p90: mean * 2, max: mean * 3, coverage: 1, n: 4, n_defined: 4 };
}

function choice(name: string, mean: number) {
  return {
    name, kind: name, words: name === "word_list" ? ["he"] : [], indices: [], ...stats(mean), reasons: {},
    histogram: { edges: [0, 0.5, 1], counts: [3, 1] }, quantiles: {}, by_group: [{ ...stats(mean), group: "f" }],
    by_class: [], class_rows: null, features: null, token_types: [{ token: "he", mean: 0.4, count: 2 }],
  };
}

const RESPONSES: Record<string, unknown> = {
  sensitivity_steps: { run: "r", tag: "t", steps: [0, 1], choices: [{ name: "uniform", mean: [0.1, 0.2], median: [0.1, 0.2], p90: [0.1, 0.2], max: [0.1, 0.2], coverage: [1, 1] }, { name: "word_list", mean: [0.2, 0.5], median: [0.1, 0.2], p90: [0.1, 0.2], max: [0.1, 0.2], coverage: [1, 1] }] },
  sensitivity: { run: "r", tag: "t", step: 1, input: "text", num_examples: 4, class_names: [], feature_names: [], w: [], has_groups: true, has_classes: false, top_k: 2, sample_size: 4, retained: 4, sampled: 4, choices: [choice("uniform", 0.2), choice("word_list", 0.5)], note: "compare only between models that share an input space" },
  sensitivity_examples: { run: "r", tag: "t", step: 1, input: "text", choice: "word_list", source: "top", total: 1, feature_names: [], examples: [{ index: 0, id: "e0", group: "f", pred_class: null, class_name: null, pred_prob: null, P: { uniform: 0.2, word_list: 0.5 }, reason: null, in_sample: true, tokens: ["he", HOSTILE, "ran"], token_sensitivity: [0.3, 0.1, 0.2], token_weight: [1, 0, 0] }] },
  sensitivity_compare: { a: "word_list", b: "uniform", rho: 0.8, n: 4, sampled: 4, points: [{ id: "e0", a: 0.5, b: 0.2, group: "f" }, { id: "e1", a: 0.1, b: 0.05, group: "m" }] },
};

/** An Api whose GETs `answer(route, url)` gives, or RESPONSES' where it gives undefined. */
function routeApi(answer: (route: string, url: string) => unknown = () => undefined): Api {
  return {
    get: async <T>(url: string) => {
      const route = url.split("?")[0]!;
      const given = await answer(route, url);
      return (given === undefined ? RESPONSES[route] : given) as T;
    },
    post: async () => {
      throw new Error("no posts");
    },
  };
}

function fakeApi(calls: string[]): Api {
  return routeApi((_, url) => void calls.push(url));
}

function fakeHash(): HashScope & { written: Record<string, string>[] } {
  const written: Record<string, string>[] = [];
  return { written, read: () => ({}), write: (e) => (written.push(e), true), onExternalChange: () => () => undefined };
}

afterEach(() => {
  document.body.innerHTML = "";
});

async function settle(el: SensitivityView) {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
  }
}

/** The view of run "r", tag "t" (steps 0 and 1), on the page once its requests have settled. */
async function mount(api: Api, hash: HashScope = fakeHash(), description = ""): Promise<SensitivityView> {
  const el = document.createElement("tb-bias-sensitivity-view") as SensitivityView;
  Object.assign(el, { api, hash, config: null, runs: [{ run: "r", tags: [{ tag: "t", measure: "sensitivity", steps: [0, 1], description }] }] });
  document.body.appendChild(el);
  await settle(el);
  return el;
}

describe("<tb-bias-sensitivity-view>", () => {
  it("loads every route and renders statistics, strips and the comparison", async () => {
    const calls: string[] = [];
    const hash = fakeHash();
    const el = await mount(fakeApi(calls), hash);
    const root = el.shadowRoot!;
    expect(calls.map((c) => c.split("?")[0])).toEqual(["sensitivity_steps", "sensitivity", "sensitivity_examples", "sensitivity_compare"]);
    expect(calls[2]).toContain("choice=word_list"); // the first informed choice by default
    expect(calls[2]).not.toContain("limit="); // as many as the server's default_examples, not a copy of it
    expect(root.querySelectorAll('[data-testid="sens-summary-row"]').length).toBe(2);
    expect(root.querySelectorAll('[data-testid="sens-hist"]').length).toBe(2);
    expect(root.querySelectorAll('[data-testid="sens-steps-line"]').length).toBe(2);
    expect(root.querySelector('[data-testid="sens-rho"]')!.textContent).toBe("0.800");
    expect(root.querySelectorAll('[data-testid="sens-point"]').length).toBe(2);
    const u = [...root.querySelectorAll('[data-testid="sens-strip-u"] .tok')];
    const v = [...root.querySelectorAll('[data-testid="sens-strip-v"] .tok')];
    expect(u.map((t) => t.textContent)).toEqual(["he", HOSTILE, "ran"]); // a token is text, never markup
    expect(root.querySelector("img")).toBeNull();
    expect((v[0] as HTMLElement).style.background.replace(/ /g, "")).toContain("rgba(213,94,0,1");
    expect((v[1] as HTMLElement).style.background).toBe("transparent");
    expect(root.querySelector('[data-testid="sens-note"]')!.textContent).toContain("input space");
    expect(hash.written[hash.written.length - 1]).toMatchObject({ run: "r", tag: "t", step: "1", a: "word_list", b: "uniform" });
  });

  it("says in words why P is undefined, keeping the count and the writer's code as a tooltip", async () => {
    const detail = RESPONSES.sensitivity as { choices: ReturnType<typeof choice>[] };
    const reasons = { ...detail, choices: [choice("uniform", 0.2), { ...choice("word_list", 0.5), reasons: { no_listed_tokens: 982, no_tokens: 3 } }] };
    const api = routeApi((route) => (route === "sensitivity" ? reasons : undefined));
    const el = await mount(api);
    const cells = [...el.shadowRoot!.querySelectorAll('[data-testid="sens-summary-row"] td:last-child')];
    expect(cells.map((c) => c.textContent!.replace(/\s+/g, " ").trim())).toEqual(["\u2014", "no listed word in the text: 982, no real token: 3"]);
    expect([...cells[1]!.querySelectorAll("[title]")].map((s) => s.getAttribute("title"))).toEqual(["no_listed_tokens", "no_tokens"]);
  });

  it("draws a sample all at P = 0 as one spike at 0, not bins up to the logged 1.000 (the tabular demo's mask_gender)", async () => {
    const detail = RESPONSES.sensitivity as { choices: ReturnType<typeof choice>[] };
    const edges = Array.from({ length: 41 }, (_, i) => i / 40); // what the writer logs for an all-zero sample
    const zero = { ...choice("mask_gender", 0), median: 0, p90: 0, max: 0, histogram: { edges, counts: [2000, ...Array(39).fill(0)] } };
    const answer = { ...detail, choices: [choice("uniform", 0.2), zero] };
    const api = routeApi((route) => (route === "sensitivity" ? answer : undefined));
    const el = await mount(api);
    const hist = el.shadowRoot!.querySelector('[data-testid="sens-hist"][data-choice="mask_gender"]')!;
    const labels = [...hist.querySelectorAll("text")].map((t) => t.textContent!.trim());
    expect(labels).not.toContain("1.000"); // no axis up to the logged edge
    expect(labels).toContain("all 2,000 at P = 0");
    expect(hist.querySelectorAll("rect").length).toBe(1);
  });

  it("asks for the step's detail without waiting for the steps' series (no request chain)", async () => {
    const calls: string[] = [];
    const never = new Promise<never>(() => undefined);
    const api = routeApi((route, url) => (calls.push(url), route === "sensitivity_steps" ? never : undefined));
    const el = await mount(api, fakeHash(), "tag text");
    expect(calls.map((c) => c.split("?")[0])).toEqual(["sensitivity_steps", "sensitivity", "sensitivity_examples", "sensitivity_compare"]);
    expect(calls[1]).toContain("step=1"); // the listing's last step
    expect(el.shadowRoot!.querySelectorAll('[data-testid="sens-summary-row"]').length).toBe(2);
  });

  it("says which request failed where its answer would show, with a Retry, and keeps the v-choice pickers", async () => {
    const broken = new Set(["sensitivity", "sensitivity_steps"]);
    const api = routeApi((route) => {
      if (broken.has(route)) throw new ApiError(500, `${route} broke`, { error: `${route} broke` });
    });
    const el = await mount(api);
    const root = el.shadowRoot!;
    const failure = (route: string) => root.querySelector(`[data-testid="error-message"][data-request="${route}"]`);
    expect(failure("sensitivity")!.textContent).toContain("sensitivity failed (HTTP 500): sensitivity broke");
    expect(failure("sensitivity_steps")!.textContent).toContain("sensitivity_steps failed (HTTP 500): sensitivity_steps broke");
    expect(root.querySelector('[data-testid="loading"]')).toBeNull(); // no placeholder waits forever
    // no answer named the v choices: their pickers are disabled, not empty boxes that open onto nothing
    for (const id of ["sens-a-select", "sens-b-select"])
      expect((root.querySelector(`[data-testid="${id}"]`) as HTMLSelectElement).disabled).toBe(true);
    // Retry asks again: the steps' answer names the choices, the detail's fills the view
    broken.clear();
    (failure("sensitivity_steps")!.querySelector("button") as HTMLButtonElement).click();
    await settle(el);
    const options = [...root.querySelectorAll('[data-testid="sens-a-select"] option')].map((o) => o.textContent);
    expect(options).toEqual(["uniform", "word_list"]);
    expect((root.querySelector('[data-testid="sens-a-select"]') as HTMLSelectElement).disabled).toBe(false);
    expect(failure("sensitivity")).not.toBeNull(); // the steps' answer clears no other failure
    (failure("sensitivity")!.querySelector("button") as HTMLButtonElement).click();
    await settle(el);
    expect(root.querySelectorAll('[data-testid="error-message"]').length).toBe(0);
    expect(root.querySelectorAll('[data-testid="sens-summary-row"]').length).toBe(2);
  });

  it("shows no description beside a step until that step's own answer has come (the listing's is the first step's)", async () => {
    let fail = true;
    const api = routeApi((route) => {
      if (route === "sensitivity" && fail) throw new ApiError(500, "broke", { error: "broke" });
      return route === "sensitivity" ? { ...(RESPONSES[route] as object), description: "step one's own" } : undefined;
    });
    const el = await mount(api, fakeHash(), "written at step 0");
    const description = () => (el.shadowRoot!.querySelector("tb-bias-description") as HTMLElement & { text: string }).text;
    expect(description()).toBe("");
    fail = false;
    (el.shadowRoot!.querySelector('[data-request="sensitivity"] button') as HTMLButtonElement).click();
    await settle(el);
    expect(description()).toBe("step one's own");
  });
});

describe("<tb-bias-sensitivity-view> v comparison with a constant P", () => {
  it("says why rho is undefined, centres the constant axis and keeps the axis names clear of the points", async () => {
    const constant = { a: "mask_gender", b: "uniform", rho: null, n: 4, sampled: 4, points: [0.02, 0.05, 0.1, 0.167].map((b, i) => ({ id: `e${i}`, a: 0, b, group: null })) };
    const el = await mount(routeApi((route) => (route === "sensitivity_compare" ? constant : undefined)));
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-testid="sens-rho"]')!.textContent).toBe("\u2014");
    expect(root.querySelector('[data-testid="sens-rho-reason"]')!.textContent).toContain("P under mask_gender is constant");
    const xTicks = [...root.querySelectorAll('[data-testid="sens-scatter-x-tick"]')].map((t) => t.textContent);
    expect(xTicks).toEqual(["0.000"]); // not an end at 1.000 that no P reaches
    const svg = root.querySelector('[data-testid="sens-scatter"]')!;
    const width = Number(svg.getAttribute("width"));
    const xs = [...root.querySelectorAll('[data-testid="sens-point"]')].map((p) => Number(p.getAttribute("cx")));
    for (const x of xs) expect(x).toBeCloseTo((46 + width - 10) / 2); // in the middle, not on the y axis
    const ys = [...root.querySelectorAll('[data-testid="sens-point"]')].map((p) => Number(p.getAttribute("cy")));
    const nameY = Number(root.querySelector('[data-testid="sens-scatter-y-name"]')!.getAttribute("y"));
    expect(nameY).toBeLessThan(Math.min(...ys) - 6); // above every point
  });
});

describe("<tb-bias-sensitivity-view> example numbers", () => {
  /** A tabular step of three features whose one example has these per-feature values. */
  async function mountTabular(sensitivity: (number | null)[], P: Record<string, number>): Promise<SensitivityView> {
    const detail = { ...(RESPONSES["sensitivity"] as Record<string, unknown>), input: "tabular", feature_names: ["education", "hair", "gender"] };
    const examples = {
      ...(RESPONSES["sensitivity_examples"] as Record<string, unknown>),
      input: "tabular",
      feature_names: ["education", "hair", "gender"],
      examples: [{ index: 0, id: "a0", group: "m", pred_class: null, class_name: null, pred_prob: null, P, reason: null, in_sample: true,
        feature_sensitivity: sensitivity, feature_weight: [0, 0, 1] }],
    };
    return mount(routeApi((route) => (route === "sensitivity" ? detail : route === "sensitivity_examples" ? examples : undefined)));
  }

  it("writes an example's per-feature values in one notation (9.04e-6 sat beside 0.0000)", async () => {
    const el = await mountTabular([0.0306, 9.04e-6, 0], { uniform: 2.23e-6, word_list: 0.001 });
    const texts = [...el.shadowRoot!.querySelectorAll('[data-testid="sens-example-feature-value"]')].map((t) => t.textContent!.trim());
    expect(texts).toEqual(["0.0306", "<0.0001", "0.0000"]);
  });

  it("says why a feature forward mode did not differentiate has no value (a walk-through: a bare dash)", async () => {
    const el = await mountTabular([null, null, 0.2], { uniform: 0.1, word_list: 0.1 });
    const values = [...el.shadowRoot!.querySelectorAll('[data-testid="sens-example-feature-value"]')];
    expect(values.map((v) => v.getAttribute("title"))).toEqual([expect.stringMatching(/^not computed: .*forward mode/), expect.stringMatching(/^not computed/), null]);
  });
});

describe("<tb-bias-sensitivity-view> a link's values the logdir lacks (walk-through: replaced silently)", () => {
  const notice = (el: SensitivityView) => el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent?.trim() ?? null;
  const linked = (entries: Record<string, string>): HashScope => ({ read: () => entries, write: () => true, onExternalChange: () => () => undefined });

  it("says a tag, step, v choice or statistic it replaced", async () => {
    expect(notice(await mount(fakeApi([]), linked({ run: "r", tag: "gone" })))).toMatch(/^Run r has no table \u201cgone\u201d; showing t\./);
    const el = await mount(fakeApi([]), linked({ run: "r", tag: "t", step: "9", a: "mask_x", b: "word_list", stat: "mode" }));
    const text = notice(el)!;
    expect(text).toContain("Step 9 of r/t is not among the steps TensorBoard kept; showing the latest.");
    expect(text).toContain("The v choice \u201cmask_x\u201d is not logged in this table; showing word_list.");
    // b asked word_list, which a now shows: compared with itself
    expect(text).toContain("The v choice \u201cword_list\u201d cannot be compared with itself; comparing with uniform.");
    expect(text).toContain("Statistic \u201cmode\u201d is not one of mean, median, p90, max, coverage; showing mean.");
  });

  it("says nothing of a link it keeps whole, nor of defaults", async () => {
    expect(notice(await mount(fakeApi([]), linked({ run: "r", tag: "t", step: "0", a: "word_list", b: "uniform", stat: "max", source: "sample" })))).toBeNull();
    expect(notice(await mount(fakeApi([])))).toBeNull();
  });
});

describe("<tb-bias-sensitivity-view> the v comparison's points as numbers (walk-through: ids only on hover)", () => {
  it("lists every point's id, group and both values, highest P under a first", async () => {
    const el = await mount(fakeApi([]));
    const rows = [...el.shadowRoot!.querySelectorAll('[data-testid="sens-scatter-values"] tbody tr')].map((tr) =>
      [...tr.querySelectorAll("th, td")].map((td) => td.textContent!.trim()),
    );
    expect(rows).toEqual([
      ["e0", "f", "0.5000", "0.2000"],
      ["e1", "m", "0.1000", "0.0500"],
    ]);
    expect(el.shadowRoot!.querySelector('[data-testid="sens-scatter-values"] summary')!.textContent).toBe("The 2 points as numbers");
  });
});

describe("<tb-bias-sensitivity-view> link values checked on their own (review)", () => {
  const notice = (el: SensitivityView) => el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent ?? "";
  const linked = (entries: Record<string, string>): HashScope => ({ read: () => entries, write: () => true, onExternalChange: () => () => undefined });

  it("says a bad statistic though the run was replaced too", async () => {
    const text = notice(await mount(fakeApi([]), linked({ run: "gone", stat: "mode" })));
    expect(text).toContain("Run \u201cgone\u201d has no sensitivity record here; showing r.");
    expect(text).toContain("Statistic \u201cmode\u201d is not one of");
  });

  it("checks a v choice against the step's own choices, not every step's", async () => {
    // mask_x is logged at another step only: the steps' answer names it, the step's detail does not
    const steps = RESPONSES["sensitivity_steps"] as { choices: { name: string }[] };
    const api = routeApi((route) =>
      route === "sensitivity_steps" ? { ...steps, choices: [...steps.choices, { ...steps.choices[0]!, name: "mask_x" }] } : undefined,
    );
    const el = await mount(api, linked({ run: "r", tag: "t", a: "mask_x" }));
    expect(notice(el)).toContain("The v choice \u201cmask_x\u201d is not logged in this table; showing word_list.");
  });
});

describe("<tb-bias-sensitivity-view> a link pasted later or the back button (review: neither applied nor said)", () => {
  it("shows the pasted state, says its bad values, and ignores writes to other parts of the hash", async () => {
    let entries: Record<string, string> = {};
    let listener: (() => void) | null = null;
    const hash: HashScope = {
      read: () => entries,
      write: (e) => ((entries = { ...e }), true),
      onExternalChange: (f) => ((listener = f), () => (listener = null)),
    };
    const calls: string[] = [];
    const el = await mount(fakeApi(calls), hash);
    const asked = () => calls.filter((c) => c.startsWith("sensitivity?")).map((c) => new URLSearchParams(c.split("?")[1]).get("step"));
    expect(asked()).toEqual(["1"]);
    // the shell or another view wrote its own part: ours is as written, nothing is asked again
    listener!();
    await settle(el);
    expect(asked()).toEqual(["1"]);
    entries = { run: "r", tag: "t", step: "0", stat: "max", a: "gone" };
    listener!();
    await settle(el);
    expect(asked()).toEqual(["1", "0"]);
    expect((el.shadowRoot!.querySelector("[data-testid=sens-stat-select]") as HTMLSelectElement).value).toBe("max");
    expect(el.shadowRoot!.querySelector('[data-testid="link-notice"]')?.textContent).toContain("The v choice \u201cgone\u201d is not logged");
  });
});

describe("<tb-bias-sensitivity-view> a choice under which no example reacts", () => {
  it("lists no example when top-K's largest P is 0, and says why (a walk-through: ten arbitrary examples were listed)", async () => {
    const detail = { ...(RESPONSES["sensitivity"] as Record<string, unknown>) };
    const base = RESPONSES["sensitivity_examples"] as { examples: { P: Record<string, number> }[] } & Record<string, unknown>;
    const zero = { ...base, examples: base.examples.map((e) => ({ ...e, P: Object.fromEntries(Object.keys(e.P).map((k) => [k, 0])) })) };
    const el = await mount(routeApi((route) => (route === "sensitivity" ? detail : route === "sensitivity_examples" ? zero : undefined)));
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-testid="sens-examples-heading"]')!.textContent).toBe("No example reacts (the largest P is 0)");
    expect(root.querySelector('[data-testid="sens-examples-none"]')!.textContent).toMatch(/^P is 0 for every example under \S+, so none is listed/);
    expect(root.querySelectorAll('[data-testid="sens-example-p"]')).toHaveLength(0);
  });
});

describe("<tb-bias-sensitivity-view> the v comparison in one notation", () => {
  it("writes each axis' ends and each column of the points in one notation (0.000 sat beside 4.00e-4)", async () => {
    const points = [
      { id: "e0", a: 0.0004, b: 0.3, group: null },
      { id: "e1", a: 0.0001, b: 0.00002, group: null },
    ];
    const compare = { a: "mask_gender", b: "uniform", rho: 1, n: 2, sampled: 2, points };
    const el = await mount(routeApi((route) => (route === "sensitivity_compare" ? compare : undefined)));
    const root = el.shadowRoot!;
    expect([...root.querySelectorAll('[data-testid="sens-scatter-x-tick"]')].map((t) => t.textContent)).toEqual(["0", "4.00e-4"]);
    const rows = [...root.querySelectorAll('[data-testid="sens-scatter-values"] tbody tr')].map((tr) => [...tr.querySelectorAll("td")].slice(1).map((td) => td.textContent!.trim()));
    expect(rows).toEqual([
      ["0.0004", "0.3000"],
      ["0.0001", "<0.0001"],
    ]);
  });
});

describe("<tb-bias-sensitivity-view> the steps chart without the mouse (review)", () => {
  it("says each v choice's value at the slider's step, and gives the chart as numbers", async () => {
    const el = await mount(routeApi());
    const chart = el.shadowRoot!.querySelector('[data-testid="sens-steps-chart"]')!;
    expect(chart.getAttribute("aria-valuetext")).toBe("step 1, mean: uniform 0.2000, word_list 0.5000");
    const rows = [...el.shadowRoot!.querySelectorAll('[data-testid="sens-steps-values"] tbody tr')];
    expect(rows.map((r) => [...r.children].map((c) => c.textContent!.trim()).join(" "))).toEqual(["0 0.1000 0.2000", "1 0.2000 0.5000"]);
  });
});

describe("<tb-bias-sensitivity-view> the steps chart's legend", () => {
  it("draws each v choice as its line, of the line's width (equal squares for lines of different widths)", async () => {
    const el = await mount(routeApi());
    const widths = (selector: string) => [...el.shadowRoot!.querySelectorAll(selector)].map((l) => l.getAttribute("stroke-width"));
    const lines = widths('[data-testid="sens-steps-line"]');
    expect(new Set(lines).size).toBe(2);
    expect(widths('[data-testid="sens-steps-legend"] [data-testid="line-swatch"] line')).toEqual(lines);
  });
});
