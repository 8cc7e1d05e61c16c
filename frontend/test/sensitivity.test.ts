import { describe, expect, it } from "vitest";
import { contrast, overWhite, readableTextOn, type Rgb } from "../src/charts/colors.js";
import { correlationRgb } from "../src/views/association/paper.js";
import { zeroSampleSize, describeReasons, detailOf, exampleFormats, examplesHeading, noExampleReacts, finiteMax, heat, heatAlpha, heatText, labelledSteps, reasonPhrase, rhoUndefinedReason, scatterAxis, U_RGB, V_RGB } from "../src/views/sensitivity/geometry.js";

const hex = (text: string): Rgb => [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16)) as unknown as Rgb;

describe("text on the heat strips' shades", () => {
  it("reaches WCAG AA (4.5:1) on every shade of both scales, as the dark text alone did not", () => {
    // the most sensitive tokens, at full strength: #1f1f1f read 3.18:1 and 4.26:1
    expect(contrast(hex("#1f1f1f"), U_RGB)).toBeLessThan(4.5);
    expect(contrast(hex("#1f1f1f"), V_RGB)).toBeLessThan(4.5);
    for (const rgb of [U_RGB, V_RGB]) {
      for (let k = 0; k <= 1000; k++) {
        const value = k / 1000;
        const shade = overWhite(rgb, Number((heatAlpha(value, 1) ?? 0).toFixed(3)));
        expect(contrast(hex(heatText(value, 1, rgb)), shade)).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(heatText(0, 1, U_RGB)).toBe("#1f1f1f"); // no shade: the theme's text
    expect(heatText(1, 1, U_RGB)).toBe("#ffffff");
  });

  it("reaches it on every colour of the metrics' correlation matrix too", () => {
    for (let k = -1000; k <= 1000; k++) {
      const background = correlationRgb(k / 1000);
      expect(contrast(hex(readableTextOn(background)), background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("sensitivity view geometry", () => {
  it("tells a sample all at P = 0 (logged with bins 0..1) from one that spreads", () => {
    const zeros = [2000, ...Array(39).fill(0)];
    expect(zeroSampleSize(0, zeros)).toBe(2000);
    expect(zeroSampleSize(0.3, [5, 0, 2])).toBeNull();
    expect(zeroSampleSize(null, [0, 0])).toBeNull(); // nothing defined: no histogram to speak of
    expect(zeroSampleSize(0, [0, 0])).toBeNull();
  });

  it("puts every reason code the writer attaches to an undefined P into words", () => {
    // the writer's codes: tb_bias_plugin/measures/sensitivity/sensitivity.py REASON_*
    for (const code of ["no_listed_tokens", "flat_psm", "zero_embedding_weight", "no_tokens"]) expect(reasonPhrase(code)).not.toContain("_");
    expect(reasonPhrase("no_listed_tokens")).toBe("no listed word in the text");
    expect(reasonPhrase("some_new_code")).toBe("some new code"); // a newer writer's code still reads
    expect(describeReasons({ no_tokens: 3, no_listed_tokens: 982, flat_psm: 0 })).toEqual([
      { code: "no_listed_tokens", phrase: "no listed word in the text", count: 982 },
      { code: "no_tokens", phrase: "no real token", count: 3 },
    ]);
  });

  it("finds the largest finite value", () => {
    expect(finiteMax([0.2, null, Number.NaN, 0.5, undefined, Number.POSITIVE_INFINITY])).toBe(0.5);
    expect(finiteMax([])).toBe(0);
  });

  it("shades heat-strip cells in proportion to the example's largest value", () => {
    expect(heat(1, 1, [0, 114, 178])).toBe("rgba(0,114,178,1.000)");
    expect(heat(0.5, 1, [0, 114, 178])).toBe("rgba(0,114,178,0.540)");
    // zero, undefined and negative values are not shaded; a tiny value still shows
    expect(heat(0, 1, [1, 2, 3])).toBe("transparent");
    expect(heat(null, 1, [1, 2, 3])).toBe("transparent");
    expect(heat(0.5, 0, [1, 2, 3])).toBe("transparent");
    expect(heat(1e-9, 1, [1, 2, 3])).toBe("rgba(1,2,3,0.080)");
  });


  it("labels as many steps as fit, always the first and the last", () => {
    expect(labelledSteps(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(labelledSteps(1000, 8)).toEqual([0, 143, 286, 429, 572, 715, 858, 999]);
    // a last step too close to the previous label replaces it
    expect(labelledSteps(11, 5)).toEqual([0, 3, 6, 10]);
    expect(labelledSteps(1, 0)).toEqual([0]);
    expect(labelledSteps(0, 5)).toEqual([]);
  });
});

describe("v comparison axes and rho", () => {
  it("runs an axis from 0 to the largest P, and centres a constant P instead of claiming an end it never reaches", () => {
    expect(scatterAxis([0.02, 0.167, 0])).toEqual({ domain: [0, 0.167], ticks: [0, 0.167], constant: false });
    // mask_gender: P is 0 for every example; the axis read "mask_gender → 1.000" with every point on the y axis
    const zero = scatterAxis([0, 0, 0]);
    expect(zero.constant).toBe(true);
    expect(zero.ticks).toEqual([0]);
    expect((zero.domain[0] + zero.domain[1]) / 2).toBe(0);
    expect(scatterAxis([0.3, 0.3]).domain).toEqual([0, 0.6]);
    expect(scatterAxis([]).ticks).toEqual([]);
  });

  it("says why rho is undefined", () => {
    const points = [0.1, 0.2, 0.3].map((b) => ({ a: 0, b }));
    expect(rhoUndefinedReason({ a: "mask_gender", b: "uniform", rho: null, n: 3, points })).toBe("P under mask_gender is constant: 0.0000 for every example");
    expect(rhoUndefinedReason({ a: "x", b: "y", rho: null, n: 2, points: points.slice(0, 2) })).toBe("fewer than 3 examples where both are defined (2)");
    expect(rhoUndefinedReason({ a: "x", b: "y", rho: null, n: 3, points: points.map(() => ({ a: 1, b: 1 })) })).toBe("P is constant under both choices");
    expect(rhoUndefinedReason({ a: "x", b: "y", rho: 0.4, n: 3, points })).toBeNull();
  });
});

describe("examplesHeading", () => {
  it("does not call examples with P = 0 the most sensitive", () => {
    const zero = [{ P: { mask: 0, uniform: 0.3 } }, { P: { mask: 0, uniform: 0.1 } }];
    expect(examplesHeading("top", 10, zero, "mask")).toBe("No example reacts (the largest P is 0)");
    expect(examplesHeading("top", 10, zero, "uniform")).toBe("Top 10 most sensitive examples");
    expect(examplesHeading("top", 10, [], "mask")).toBe("Top 10 most sensitive examples");
    expect(examplesHeading("sample", 10, zero, "mask")).toBe("Sampled examples, by P");
    expect([noExampleReacts("top", zero, "mask"), noExampleReacts("sample", zero, "mask"), noExampleReacts("top", zero, "uniform")]).toEqual([true, false, false]);
  });
});

describe("number formats of the shown examples", () => {
  it("gives each column one notation: 9.04e-6 never beside 0.0000 (fixed, a value below the decimals said as such)", () => {
    const examples = [
      { P: { mask_gender: 0, uniform: 0.0204 }, feature_sensitivity: [0.0306, 0.0306, 0] },
      { P: { mask_gender: 0, uniform: 2.23e-6 }, feature_sensitivity: [0.0211, 9.04e-6, 0] },
    ];
    const f = exampleFormats(examples, ["mask_gender", "uniform"]);
    expect([f.p("mask_gender")(0), f.p("uniform")(0.0204), f.p("uniform")(2.23e-6)]).toEqual(["0.0000", "0.0204", "<0.0001"]);
    expect([0.0306, 9.04e-6, 0].map(f.feature)).toEqual(["0.0306", "<0.0001", "0.0000"]);
    expect(exampleFormats([{ P: { a: 0.5 }, feature_sensitivity: [0.2, 0] }], ["a"]).feature(0)).toBe("0.0000");
  });
});

describe("what a v choice holds besides P", () => {
  it("is per-token u_t in a text record, per-feature s_i where features are logged, else nothing (P alone)", () => {
    expect(detailOf({ input: "text" }, { features: null })).toBe("tokens");
    expect(detailOf({ input: "tabular" }, { features: [{}, {}] })).toBe("features");
    // tb-bias log --p-column: a tabular record whose choice has no features, so no legend, grid or panel
    expect(detailOf({ input: "tabular" }, { features: null })).toBeNull();
    expect(detailOf({ input: "tabular" }, undefined)).toBeNull();
  });
});
