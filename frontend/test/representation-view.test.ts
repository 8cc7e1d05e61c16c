// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import type { Api } from "../src/shell/api.js";
import type { HashScope } from "../src/shell/url-state.js";
import { html, render } from "lit";
import { scaleLinear } from "d3-scale";
import "../src/views/representation/index.js";
import { yTicks } from "../src/views/representation/view.js";

const SERIES = {
  run: "r",
  tag: "t",
  steps: [0, 5],
  layers: ["l0"],
  series: [{ layer: "l0", bias: [0.1, 0.2], mutual_information: [0.1, 0.2], control_bias: [0, 0], control_low: [0, 0], control_high: [0, 0], flags: [[], []] }],
};

/** Answers the series when `release` is called; the step and the curve never answer (their panels say Loading). */
function fakeApi() {
  const calls: string[] = [];
  let release = () => {};
  const series = new Promise<void>((resolve) => (release = resolve));
  const api: Api = {
    get: async <T>(url: string) => {
      calls.push(url);
      if (url.startsWith("representation/series?")) {
        await series;
        return SERIES as T;
      }
      return new Promise<T>(() => {});
    },
    post: async () => {
      throw new Error("no posts");
    },
  };
  return { api, calls, release: () => release() };
}

/** A hash whose entries the test sets, and whose external change it fires. */
function fakeHash(entries: Record<string, string>) {
  let listener: (() => void) | null = null;
  const scope: HashScope = {
    read: () => ({ ...entries }),
    write: () => true,
    onExternalChange: (l) => {
      listener = l;
      return () => (listener = null);
    },
  };
  const change = (next: Record<string, string>) => {
    entries = next;
    listener?.();
  };
  return { scope, change };
}

async function settle(el: HTMLElement & { updateComplete: Promise<boolean> }) {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
  }
}

async function mount(hash: Record<string, string>, steps: number[]) {
  const fake = fakeApi();
  const { scope, change } = fakeHash(hash);
  const el = document.createElement("tb-bias-representation-view") as HTMLElement & { updateComplete: Promise<boolean> };
  const runs = [{ run: "r", tags: [{ tag: "t", measure: "representation", steps, description: "" }] }];
  Object.assign(el, { api: fake.api, hash: scope, config: null, runs });
  document.body.appendChild(el);
  await settle(el);
  return { el, fake, change };
}

/** The steps the view asked the step route for. */
const askedSteps = (calls: readonly string[]) =>
  calls.filter((c) => c.startsWith("representation?")).map((c) => new URLSearchParams(c.split("?")[1]).get("step"));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("<tb-bias-representation-view> a link's step that is not a whole number", () => {
  it("is not sent (it was NaN): the step shown is the latest, and the link's step is said", async () => {
    // the runs listing names no step yet, so the link's step is not fitted before the series answers
    const { el, fake } = await mount({ run: "r", tag: "t", step: "abc" }, []);
    expect(askedSteps(fake.calls)).toEqual([]);
    fake.release();
    await settle(el);
    expect(askedSteps(fake.calls)).toEqual(["5"]);
    expect(el.shadowRoot!.querySelector('[data-testid="link-notice"]')!.textContent).toContain("Step abc of r/t is not among");
  });

  it("is not sent when pasted while the series loads (1.5 was)", async () => {
    const { el, fake, change } = await mount({ run: "r", tag: "t", step: "0" }, [0, 5]);
    expect(askedSteps(fake.calls)).toEqual(["0"]);
    change({ run: "r", tag: "t", step: "1.5" });
    await settle(el);
    expect(askedSteps(fake.calls)).toEqual(["0"]);
    fake.release();
    await settle(el);
    expect(askedSteps(fake.calls)).toEqual(["0", "5"]);
  });
});

describe("<tb-bias-representation-view> a run switch", () => {
  const LAYERS: Record<string, string[]> = { a: ["fc1"], b: ["enc", "head"] };
  const layerSeries = (layer: string, bias: number[]) => ({ layer, bias, mutual_information: bias, control_bias: [0, 0], control_low: [0, 0], control_high: [0, 0], flags: [[], []] });

  /** Two runs whose records name different layers: the series answers at once, the curve of a layer the run lacks with a 400, the step never. */
  function twoRunsApi() {
    const calls: string[] = [];
    const api: Api = {
      get: async <T>(url: string) => {
        calls.push(url);
        const p = new URLSearchParams(url.split("?")[1]);
        const layers = LAYERS[p.get("run")!]!;
        if (url.startsWith("representation/series?")) return { run: p.get("run"), tag: "t", steps: [0, 5], layers, series: layers.map((l) => layerSeries(l, [0.1, 0.2])) } as T;
        if (url.startsWith("representation/curve?") && !layers.includes(p.get("layer")!)) throw new Error(`400: no layer ${p.get("layer")}`);
        return new Promise<T>(() => {});
      },
      post: async () => {
        throw new Error("no posts");
      },
    };
    return { api, calls };
  }

  async function mountRuns() {
    const fake = twoRunsApi();
    const el = document.createElement("tb-bias-representation-view") as HTMLElement & { updateComplete: Promise<boolean> };
    const runs = ["a", "b"].map((run) => ({ run, tags: [{ tag: "t", measure: "representation", steps: [0, 5], description: "" }] }));
    Object.assign(el, { api: fake.api, hash: fakeHash({ run: "a", tag: "t" }).scope, config: null, runs });
    document.body.appendChild(el);
    await settle(el);
    return { el, fake };
  }

  /** The (run, layer) of each curve the view asked for. */
  const askedCurves = (calls: readonly string[]) =>
    calls.filter((c) => c.startsWith("representation/curve?")).map((c) => new URLSearchParams(c.split("?")[1])).map((p) => `${p.get("run")}/${p.get("layer")}`);

  it("asks no curve of the old run's layer: the new record names its own first", async () => {
    const { el, fake } = await mountRuns();
    expect(askedCurves(fake.calls)).toEqual(["a/fc1"]);
    const picker = el.shadowRoot!.querySelector("tb-bias-picker")!;
    picker.dispatchEvent(new CustomEvent("pick", { detail: { run: "b" } }));
    await settle(el);
    expect(askedCurves(fake.calls)).toEqual(["a/fc1", "b/head"]);
    picker.dispatchEvent(new CustomEvent("pick", { detail: { run: "a" } }));
    await settle(el);
    expect(askedCurves(fake.calls)).toEqual(["a/fc1", "b/head", "a/fc1"]);
  });
});

describe("representation y axis", () => {
  it("labels its ticks distinctly in one notation (MI near 0.003 read 0.00 beside 5.00e-4)", () => {
    const div = document.createElement("div");
    render(html`<svg>${yTicks(scaleLinear().domain([0, 0.0031]).range([200, 0]), 300)}</svg>`, div);
    const texts = [...div.querySelectorAll("text")].map((t) => t.textContent!);
    expect(texts.length).toBeGreaterThan(2);
    expect(texts).toEqual(texts.map((_, i) => (i * 0.0005).toFixed(4)));
  });
});

describe("<tb-bias-representation-view> the B per step chart without the mouse (review)", () => {
  it("says each layer's B at the slider's step, and gives the chart as numbers", async () => {
    const { el, fake } = await mount({ run: "r", tag: "t", step: "0" }, [0, 5]);
    fake.release();
    await settle(el);
    const chart = el.shadowRoot!.querySelector('[data-testid="repr-series-chart"]')!;
    expect(chart.getAttribute("aria-valuetext")).toBe("step 0: l0 0.100");
    const table = el.shadowRoot!.querySelector('[data-testid="repr-series-values"] table')!;
    expect([...table.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent!.trim()).join(" "))).toEqual(["0 0.100", "5 0.200"]);
    expect(table.querySelector("caption")!.textContent).toContain("B per step");
  });
});

describe("<tb-bias-representation-view> the shown step's marker", () => {
  it("stands clear of the y axis at the first step (review: it sat on it)", async () => {
    const { el, fake } = await mount({ run: "r", tag: "t", step: "0" }, [0, 5]);
    fake.release();
    await settle(el);
    const chart = el.shadowRoot!.querySelector('[data-testid="repr-series-chart"]')!;
    const axis = Number(chart.querySelector("line")!.getAttribute("x1"));
    const marker = Number(chart.querySelector('[data-testid="repr-step-marker"]')!.getAttribute("x1"));
    expect(marker).toBeGreaterThan(axis + 5);
  });
});
