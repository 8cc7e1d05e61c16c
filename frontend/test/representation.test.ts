import { describe, expect, it } from "vitest";
import { bandEnvelope, biasDomain, integerTicks, onScale, outsideUnit, valuesDomain } from "../src/views/representation/geometry.js";
import { FLAG_TEXT, flagRemedy, flagText } from "../src/views/representation/types.js";
import type { LayerSeries } from "../src/views/representation/types.js";

function layer(name: string, bias: (number | null)[], low: (number | null)[], high: (number | null)[]): LayerSeries {
  return { layer: name, bias, mutual_information: [], control_bias: [], control_low: low, control_high: high, flags: bias.map(() => []) };
}

describe("representation geometry", () => {
  it("keeps [0, 1] in the B axis and widens it to values outside, never clipping", () => {
    const [lo, hi] = biasDomain([layer("a", [0.2, 1.3], [-0.02, -0.01], [0.02, 0.03]), layer("b", [-0.4, null], [null, null], [null, null])]);
    expect(lo).toBeLessThanOrEqual(-0.4);
    expect(hi).toBeGreaterThanOrEqual(1.3);
    const [lo2, hi2] = biasDomain([layer("a", [0.5], [0.4], [0.6])]);
    expect(lo2).toBeLessThanOrEqual(0);
    expect(hi2).toBeGreaterThanOrEqual(1);
  });

  it("takes the band envelope over layers, step by step, skipping missing bands", () => {
    const env = bandEnvelope([layer("a", [0, 0, 0], [-0.02, null, -0.01], [0.02, null, 0.01]), layer("b", [0, 0, 0], [-0.05, null, 0.0], [0.01, null, 0.04])], 3);
    expect(env.low).toEqual([-0.05, null, -0.01]);
    expect(env.high).toEqual([0.02, null, 0.04]);
  });


  it("marks values outside [0, 1] and names the spec's flags", () => {
    expect([outsideUnit(-0.01), outsideUnit(1.01), outsideUnit(0.5), outsideUnit(null)]).toEqual([true, true, false, false]);
    expect(flagText("not_converged")).toBe("not converged");
    // a chip's words are whole and short (it read "not converged: raise steps=", cut-looking); the tooltip says what to do
    for (const [flag, text] of Object.entries(FLAG_TEXT)) {
      expect(text.length, flag).toBeLessThanOrEqual(34);
      expect(text, flag).not.toMatch(/[=:,(]\s*$/);
    }
    expect(flagRemedy("not_converged")).toContain("steps=");
    for (const flag of Object.keys(FLAG_TEXT)) expect(flagRemedy(flag)).not.toBe("");
    expect(flagRemedy("something_new")).toBe("");
    expect(flagText("something_new")).toBe("something_new");
  });

  it("pads value extents and gives integer step ticks", () => {
    expect(valuesDomain([[null]], [])).toEqual([0, 1]);
    const [lo, hi] = valuesDomain([[0, 0.5]], [0.69]);
    expect(lo).toBeLessThan(0);
    expect(hi).toBeGreaterThan(0.69);
    expect(integerTicks([0, 11], 8)).toEqual([0, 2, 4, 6, 8, 10, 11]);
    expect(integerTicks([0, 9], 6)).toEqual([0, 2, 4, 6, 8, 9]); // the latest step is labelled
    // too close to 1000 to be read beside it: the latest step takes its place
    expect(integerTicks([0, 1003], 6)).toEqual([0, 200, 400, 600, 800, 1003]);
    // review: 5500 was added 500 units after 5000, 15 px apart on a 164 px plot; the room is in pixels now
    expect(integerTicks([0, 5500], 6)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 5500]);
    expect(integerTicks([0, 5500], 6, 5500 * (34 / 164))).toEqual([0, 1000, 2000, 3000, 4000, 5500]);
    expect(integerTicks([0, 5500], 6, 5500 * (34 / 600))).toEqual([0, 1000, 2000, 3000, 4000, 5000, 5500]);
    expect(integerTicks([0, 3000], 6)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000]);
    expect(integerTicks([5, 5], 4)).toEqual([5]);
  });

  it("puts H(Z) on the MINE curve's scale only while the curves keep their height", () => {
    // B = 0.05 of H(Z) = 1.33: on the scale the curves took the bottom 7 %
    expect(onScale([0, 0.1], 1.33)).toBe(false);
    expect(onScale([0, 0.6], 1.33)).toBe(true); // the curves keep 45 %
    expect(onScale([0, 0.5], 0.4)).toBe(true); // below the top: always
    expect(onScale([-0.02, 0.1], 0.25)).toBe(true); // 0.12 of 0.27
    expect(onScale([-0.02, 0.1], 0.3)).toBe(false); // 0.12 of 0.32
  });
});
