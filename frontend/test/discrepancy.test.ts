// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { groupBars, heatColor, isUsed, logPosition, outputText, stepChart } from "../src/views/discrepancy/geometry.js";
import { compareVerdict, matrixFootnote, meanOver } from "../src/views/discrepancy/replicates.js";
import type { StepResponse } from "../src/views/discrepancy/types.js";

describe("DIPDI step chart", () => {
  const points = [
    { step: 0, dipdi: 4, low: 3.5, high: 4.5, stars: "**" },
    { step: 25, dipdi: 2, low: 1.5, high: 2.5, stars: "*" },
    { step: 50, dipdi: null, low: null, high: null, stars: "" },
  ];
  it("maps steps left to right and larger values higher, skipping undefined ones", () => {
    const c = stepChart(points, 400, 200);
    expect(c.points.map((p) => p.step)).toEqual([0, 25]);
    expect(c.points[0]!.x).toBeLessThan(c.points[1]!.x);
    expect(c.points[0]!.y).toBeLessThan(c.points[1]!.y);
    expect(c.points[0]!.y).toBeLessThan(c.zeroY);
    expect(c.line.startsWith("M")).toBe(true);
    expect(c.band).toContain("Z");
    expect(c.points[0]!.stars).toBe("**");
  });
  it("draws an interval the band cannot show as an error bar: a single step, or one between steps without", () => {
    // one step: the band has no width, and the chart's title promised its interval
    const one = stepChart([{ step: 3, dipdi: -0.3, low: -0.42, high: -0.18, stars: "" }], 300, 200);
    expect(one.whiskers).toHaveLength(1);
    const [w] = one.whiskers;
    expect(w!.x).toBeCloseTo(one.points[0]!.x);
    expect(w!.y0).toBeGreaterThan(one.points[0]!.y); // low is drawn below the point, high above
    expect(w!.y1).toBeLessThan(one.points[0]!.y);
    // the band shows steps 0 and 25 together; step 75's interval stands alone
    const gap = [...points, { step: 75, dipdi: 1, low: 0.5, high: 1.5, stars: "" }];
    expect(stepChart(gap, 400, 200).whiskers.map((x) => x.x)).toEqual([stepChart(gap, 400, 200).points[2]!.x]);
    expect(stepChart(points, 400, 200).whiskers).toEqual([]);
  });
  it("labels its y ticks distinctly in one notation, with the decimals the tick step needs", () => {
    const near = stepChart([{ step: 0, dipdi: 0.07, low: 0.01, high: 0.13, stars: "" }, { step: 5, dipdi: 0.072, low: 0.02, high: 0.12, stars: "" }], 400, 200);
    expect(near.yTicks.map((t) => t.text)).toEqual(near.yTicks.map((t) => t.value.toFixed(2)));
    expect(near.yTicks.map((t) => t.text)).toContain("0.00");
    const both = stepChart([{ step: 0, dipdi: -0.09, low: null, high: null, stars: "" }, { step: 5, dipdi: 0.09, low: null, high: null, stars: "" }], 400, 200);
    const texts = both.yTicks.map((t) => t.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.every((t) => /^-?\d\.\d\d$/.test(t))).toBe(true);
  });
  it("keeps zero inside the axis even for negative values", () => {
    const c = stepChart([{ step: 1, dipdi: -0.2, low: -0.4, high: 0, stars: "" }], 300, 200);
    expect(c.zeroY).toBeGreaterThanOrEqual(18);
    expect(c.zeroY).toBeLessThanOrEqual(176);
  });
});

describe("matrix colours", () => {
  it("places values on a log scale over the positive ones", () => {
    const values = [1, 10, 100, 0, null];
    expect(logPosition(1, values)).toBe(0);
    expect(logPosition(10, values)).toBeCloseTo(0.5);
    expect(logPosition(100, values)).toBe(1);
    expect(logPosition(0, values)).toBeNull();
    expect(heatColor(null)).toBe("#e0e0e0");
    expect(heatColor(0)).not.toBe(heatColor(1));
  });
  it("finds used pairs in either order", () => {
    expect(isUsed(2, 0, [[0, 2]])).toBe(true);
    expect(isUsed(1, 0, [[0, 2]])).toBe(false);
  });
});

describe("bars and outputs", () => {
  it("draws bars from a zero line in both directions, on one scale", () => {
    const g = groupBars([1, -0.5, null, 0], 150);
    expect(g.zeroX).toBeCloseTo(50);
    const round = (b: { x: number; width: number } | null) => b && { x: +b.x.toFixed(6), width: +b.width.toFixed(6) };
    expect(g.bars.map(round)).toEqual([{ x: 50, width: 100 }, { x: 0, width: 50 }, null, { x: 50, width: 0 }]);
  });
  it("puts a small negative value left of the zero line, not as a short positive bar", () => {
    // the demo's dipdi_development at step 50: women -0.0027 beside men 0.08
    const g = groupBars([-0.0027, 0.08], 300);
    const [women, men] = g.bars;
    expect(g.zeroX).toBeGreaterThanOrEqual(5); // room for the negative bar left of zero
    expect(women!.x + women!.width).toBeCloseTo(g.zeroX); // ends at the line...
    expect(women!.x).toBeLessThanOrEqual(g.zeroX - 4); // ...and is visibly long
    expect(women!.x).toBeGreaterThanOrEqual(0);
    expect(men!.x).toBeCloseTo(g.zeroX);
    expect(men!.x + men!.width).toBeCloseTo(300);
    // a tiny negative still gets its room and a visible bar
    const tiny = groupBars([-1e-6, 0.08], 300);
    expect(tiny.zeroX).toBeGreaterThanOrEqual(5);
    expect(tiny.bars[0]!.width).toBe(4);
    expect(tiny.bars[0]!.x).toBeCloseTo(tiny.zeroX - 4);
    // all positive: zero at the left edge
    expect(groupBars([0.1, 0.2], 100).zeroX).toBe(0);
  });
  it("keeps a short bar of either sign inside the chart, beside a long one of the other sign", () => {
    // a long negative bar pushed zero to x = 299.4 of 300: the 4 px positive bar ran past the right edge
    for (const values of [[-0.05, 1e-4], [0.05, -1e-4]]) {
      const g = groupBars(values, 300);
      for (const bar of g.bars) {
        expect(bar!.width).toBeGreaterThanOrEqual(4);
        expect(bar!.x).toBeGreaterThanOrEqual(0);
        expect(bar!.x + bar!.width).toBeLessThanOrEqual(300);
      }
      // each bar on its own side of the line
      const negative = g.bars[values.findIndex((v) => v < 0)]!;
      const positive = g.bars[values.findIndex((v) => v > 0)]!;
      expect(negative.x + negative.width).toBeCloseTo(g.zeroX);
      expect(positive.x).toBeCloseTo(g.zeroX);
    }
    // all negative: zero at the right edge, no room kept for absent positive bars
    expect(groupBars([-0.1, -0.2], 100).zeroX).toBeCloseTo(100);
  });
  it("shows a number or the top class of a vector", () => {
    expect(outputText(41.234)).toBe("41.23");
    expect(outputText([0.1, 0.7, 0.2])).toBe("c1 0.70");
    expect(outputText("x")).toBe("\u2014");
  });
});

import { hashScope, type HashWindow } from "../src/shell/url-state.js";
import { comparableRuns, decodeState, encodeState, fitStep, fitToRuns, pairingAllowed, roles, type DipdiState } from "../src/views/discrepancy/state.js";
/** The pairings the discrepancy route's config serves. */
const SERVED = ["paired", "all_pairs"];

class HashOnlyWindow implements HashWindow {
  location = { hash: "", pathname: "/", search: "" };
  history = {
    state: null as unknown,
    replaceState: (_data: unknown, _unused: string, url?: string) => {
      this.location.hash = url ? url.slice(url.indexOf("#")) : "";
    },
    pushState: (_data: unknown, _unused: string, url?: string) => this.history.replaceState(_data, _unused, url),
  };
  addEventListener() {}
  removeEventListener() {}
  dispatchEvent() {
    return true;
  }
}

const tag = (name: string) => ({ tag: name, measure: "discrepancy", steps: [0, 50], description: "" });
/** Nothing named: what an empty hash decodes to. */
const NONE: DipdiState = { run: null, tag: null, step: null, run2: null, pairing: null, dev: null, replicate: null };
const RUNS = [
  { run: "dipdi_development", tags: [tag("age_regressor"), tag("other")] },
  { run: "dipdi_deployment", tags: [tag("age_regressor")] },
  { run: "no_dipdi", tags: [] },
];

describe("DIPDI view state in the URL hash", () => {
  const state: DipdiState = {
    run: "dev & test/1",
    tag: "age=regressor#2",
    step: -3,
    run2: "déploiement",
    pairing: "all_pairs",
    dev: "déploiement",
    replicate: 3,
  };

  it("round-trips through the shell's hash scope, odd characters included", () => {
    // the scope notifies TensorBoard with a HashChangeEvent, which Node lacks
    vi.stubGlobal("HashChangeEvent", class extends Event {});
    const win = new HashOnlyWindow();
    win.location.hash = "#tb_bias&p.tb_bias.measure=discrepancy&p.tb_bias.q=keep";
    const scope = hashScope(win, "discrepancy.");
    expect(scope.write(encodeState(state))).toBe(true);
    expect(win.location.hash).toContain("p.tb_bias.discrepancy.pairing=all_pairs");
    expect(win.location.hash).toContain("p.tb_bias.q=keep"); // another view's key is kept
    expect(win.location.hash).toContain("p.tb_bias.measure=discrepancy");
    expect(decodeState(hashScope(win, "discrepancy.").read(), SERVED)).toEqual(state);
    expect(scope.write(encodeState(state))).toBe(false); // nothing changed
    vi.unstubAllGlobals();
  });

  it("leaves defaults out and decodes an empty hash to the defaults", () => {
    expect(decodeState({}, SERVED)).toEqual(NONE);
    expect(encodeState(NONE)).toEqual({});
    expect(encodeState({ ...NONE, step: 0 })).toEqual({ step: "0" });
  });

  it("drops malformed values instead of failing", () => {
    const bad = decodeState({ step: "1.5", pairing: "some", run: "", run2: "x", replicate: "first" }, SERVED);
    expect(bad).toEqual({ ...NONE, run2: "x" });
    expect(decodeState({ step: "99999999999999999999" }, SERVED).step).toBeNull();
    expect(decodeState({ step: "12abc" }, SERVED).step).toBeNull();
  });

  it("fits a restored state to the runs that exist", () => {
    const restored = decodeState({ run: "dipdi_deployment", tag: "age_regressor", run2: "dipdi_development", step: "50" }, SERVED);
    expect(fitToRuns(restored, RUNS)).toEqual(restored);
    // unknown run and tag: the first run with a tag, its first tag, and another run as comparison
    expect(fitToRuns({ ...NONE, run: "gone", tag: "gone" }, RUNS)).toMatchObject({
      run: "dipdi_development",
      tag: "age_regressor",
      run2: "dipdi_deployment",
    });
    // never compare a run with itself; no comparison when no other run has the tag
    expect(fitToRuns({ ...restored, run2: "dipdi_deployment" }, RUNS).run2).toBe("dipdi_development");
    expect(fitToRuns({ ...NONE, run: "dipdi_development", tag: "other" }, RUNS).run2).toBeNull();
    expect(fitToRuns(restored, [])).toMatchObject({ run: null, tag: null, run2: null });
    // review: a development run left behind by another pick came back on a reload as a bad link's
    expect(fitToRuns({ ...restored, dev: "dipdi_deployment" }, RUNS).dev).toBe("dipdi_deployment");
    expect(fitToRuns({ ...restored, dev: "gone" }, RUNS).dev).toBeNull();
  });

  it("compares only runs that logged the tag with the same discrepancy", () => {
    // a PyTorch run logged jsd beside the demo's abs: the compare route refuses the pair (HTTP 400)
    const kind = (discrepancy: string) => ({ ...tag("age_regressor"), discrepancy });
    const dev = { run: "dipdi_development", tags: [kind("abs")] };
    const deployment = { run: "deployment", tags: [kind("abs")] };
    const torch = { run: "a_torch_run", tags: [kind("jsd")] };
    const runs = [dev, deployment, torch];
    expect(comparableRuns(runs, "dipdi_development", "age_regressor")).toEqual({
      comparable: [deployment],
      other: [{ run: "a_torch_run", discrepancy: "jsd" }],
    });
    // the guessed comparison skips the run listed first when its discrepancy differs
    expect(fitToRuns({ ...NONE, run: "dipdi_development" }, [dev, torch, deployment]).run2).toBe("deployment");
    expect(fitToRuns({ ...NONE, run: "a_torch_run" }, runs).run2).toBeNull();
  });

  it("opens on the run whose name says development, unless the hash names a run", () => {
    // the server lists runs alphabetically: deployment before development
    const listed = [RUNS[1]!, RUNS[0]!, RUNS[2]!];
    expect(fitToRuns(NONE, listed)).toMatchObject({ run: "dipdi_development", run2: "dipdi_deployment" });
    expect(fitToRuns({ ...NONE, run: "gone" }, listed).run).toBe("dipdi_development");
    expect(fitToRuns({ ...NONE, run: "dipdi_deployment" }, listed).run).toBe("dipdi_deployment");
    // names that say nothing: the first run, as before
    const plain = [{ run: "b_run", tags: [tag("t")] }, { run: "a_run", tags: [tag("t")] }];
    expect(fitToRuns(NONE, plain).run).toBe("b_run");
  });

  it("opens on the run the compare panel calls development", () => {
    // only the deployment name tells here: the panel calls b_baseline development
    const opened = (names: string[]) => {
      const fitted = fitToRuns(NONE, names.map((run) => ({ run, tags: [tag("t")] })));
      return { run: fitted.run, development: roles(fitted.run!, fitted.run2!, fitted.dev).development };
    };
    expect(opened(["a_prod", "b_baseline"])).toEqual({ run: "b_baseline", development: "b_baseline" });
    expect(opened(["dipdi_deployment", "dipdi_development"])).toEqual({ run: "dipdi_development", development: "dipdi_development" });
    // a development name beats a plain one, wherever it is listed
    expect(opened(["a_prod", "b_baseline", "c_train"])).toEqual({ run: "c_train", development: "c_train" });
    // names that say nothing: the first run
    expect(opened(["model_y", "model_x"])).toEqual({ run: "model_y", development: "model_y" });
    // a run named in the hash still wins
    const named = fitToRuns({ ...NONE, run: "a_prod" }, [{ run: "a_prod", tags: [tag("t")] }, { run: "b_baseline", tags: [tag("t")] }]);
    expect(named).toMatchObject({ run: "a_prod", run2: "b_baseline" });
  });

  it("keeps a logged step and otherwise shows the first", () => {
    expect(fitStep(50, [0, 10, 50])).toBe(50);
    expect(fitStep(7, [0, 10, 50])).toBe(0);
    expect(fitStep(null, [10, 50])).toBe(10);
    expect(fitStep(3, [])).toBeNull();
  });

  it("offers paired only for two pools of the same even size", () => {
    expect(pairingAllowed("paired", 4, 4)).toBe(true);
    expect(pairingAllowed("paired", 3, 3)).toBe(false);
    expect(pairingAllowed("paired", 4, 2)).toBe(false);
    expect(pairingAllowed("all_pairs", 3, 1)).toBe(true);
  });
});

describe("<tb-bias-discrepancy-view> requests", () => {
  it("asks for the step's detail and the comparison without waiting for the steps' summaries", async () => {
    await import("../src/views/discrepancy/index.js");
    const head = { run: "dipdi_deployment", tag: "age_regressor", discrepancy: "abs", pairing: "paired", pool_names: ["A", "B"], m_a: 1, m_b: 1, models: ["A1", "B1"] };
    const summary = { step: 0, dipdi: 1, reason: null, n: 4, between: 2, within_a: 1, within_b: 1, uncertainty: { kind: "none", replicates: 1, low: null, high: null } };
    const answers: Record<string, unknown> = {
      discrepancy: { ...head, ...summary, replicate: 0, description: "step text", matrix: [[0, 2], [2, 0]], used_pairs: { between: [[0, 1]], within_a: [], within_b: [] }, groups: [] },
      discrepancy_examples: { ...head, step: 0, replicate: 0, top_total: 0, top: [], histogram: null, note: "none" },
      discrepancy_compare: { a: { ...head, ...summary, run: "dipdi_development" }, b: { ...head, ...summary }, delta: 0.5, rising: true },
    };
    const calls: string[] = [];
    const api = {
      get: async <T>(url: string): Promise<T> => {
        calls.push(url);
        if (url.startsWith("discrepancy_steps")) return new Promise<T>(() => undefined);
        return answers[url.split("?")[0]!] as T;
      },
      post: async <T>(): Promise<T> => {
        throw new Error("no posts");
      },
    };
    const hash = { read: () => ({ run: "dipdi_deployment" }), write: () => true, onExternalChange: () => () => undefined };
    const el = document.createElement("tb-bias-discrepancy-view") as HTMLElement & { updateComplete: Promise<boolean> };
    Object.assign(el, { api, hash, config: null, runs: RUNS });
    document.body.appendChild(el);
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await el.updateComplete;
    }
    expect(calls.map((c) => c.split("?")[0]).sort()).toEqual(["discrepancy", "discrepancy_compare", "discrepancy_examples", "discrepancy_steps"]);
    // development is named by the runs' names, whichever is shown: it goes first
    const compare = new URLSearchParams(calls.find((c) => c.startsWith("discrepancy_compare"))!.split("?")[1]);
    expect([compare.get("run"), compare.get("run2")]).toEqual(["dipdi_development", "dipdi_deployment"]);
    expect(el.shadowRoot!.querySelector("tb-bias-description")!.shadowRoot!.textContent).toContain("step text");
    el.remove();
  });
});

describe("DIPDI of the replicate the matrix shows", () => {
  const step = (replicates: { replicate: number; dipdi: number | null; reason: string | null; n: number }[] | undefined, replicate = 0) =>
    ({ dipdi: 3.889, reason: null, n: 600, replicate, replicates }) as unknown as StepResponse;

  it("gives the shown replicate's own value, the mean over every replicate beside it", () => {
    const reps = [
      { replicate: 0, dipdi: 3.763, reason: null, n: 600 },
      { replicate: 1, dipdi: 4.015, reason: null, n: 600 },
    ];
    expect(matrixFootnote(step(reps))).toBe("replicate 0: DIPDI 3.763; n = 600 · mean over 2 replicates: DIPDI 3.889");
    expect(matrixFootnote(step(reps, 1))).toMatch(/^replicate 1: DIPDI 4\.015;/);
    expect(meanOver(step(reps))).toBe("mean over 2 replicates; ");
  });

  it("says a single replicate's value plainly, and an older server's value as the mean it is", () => {
    expect(matrixFootnote(step([{ replicate: 0, dipdi: null, reason: "empty", n: 0 }]))).toBe("DIPDI \u2014 (undefined: empty); n = 0");
    expect(matrixFootnote(step(undefined))).toBe("DIPDI 3.889; n = 600");
    expect(meanOver(step(undefined))).toBe("");
  });
});

describe("the comparison's verdict", () => {
  it("calls a rise a warning sign only beyond the uncertainty, or where there is none", () => {
    expect(compareVerdict({ rising: true, beyond_noise: true })).toBe("rises in deployment beyond its uncertainty: a warning sign");
    expect(compareVerdict({ rising: true, beyond_noise: false })).toContain("not a clear warning sign");
    expect(compareVerdict({ rising: true, beyond_noise: null })).toContain("no uncertainty to weigh it against");
    expect(compareVerdict({ rising: true })).toContain("no uncertainty to weigh it against"); // an older server
    expect(compareVerdict({ rising: false, beyond_noise: true })).toBe("does not rise in deployment");
    expect(compareVerdict({ rising: null, beyond_noise: null })).toBe("");
  });
});
