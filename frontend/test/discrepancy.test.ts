import { describe, expect, it } from "vitest";
import { barSpan, heatColor, isUsed, logPosition, outputText, stepChart } from "../src/views/discrepancy/geometry.js";

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
  it("draws bars from zero in both directions", () => {
    expect(barSpan(1, [-1, 1], 100)).toEqual({ x: 50, width: 50 });
    expect(barSpan(-0.5, [-1, 1], 100)).toEqual({ x: 25, width: 25 });
    expect(barSpan(null, [-1, 1], 100)).toBeNull();
  });
  it("shows a number or the top class of a vector", () => {
    expect(outputText(41.234)).toBe("41.23");
    expect(outputText([0.1, 0.7, 0.2])).toBe("c1 0.70");
    expect(outputText("x")).toBe("\u2014");
  });
});
