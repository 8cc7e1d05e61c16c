import { describe, expect, it } from "vitest";
import { scaleLinear } from "d3-scale";
import { binCentres, dotLanes, histogramBars, laneSpacing, maxOf, polylinePath, valueExtent, violinPath } from "../src/charts/plots.js";

const x = scaleLinear().domain([-1, 1]).range([0, 200]);

function numbers(path: string): number[] {
  return (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
}

describe("plots", () => {
  it("computes bin centres and maxima ignoring nulls", () => {
    expect(binCentres([0, 1, 3])).toEqual([0.5, 2]);
    expect(maxOf([1, null, 4, Number.NaN])).toBe(4);
  });

  it("draws a violin inside its row, symmetric about the centre line", () => {
    const path = violinPath([0.1, 1, 0.5, null], [-1, -0.5, 0, 0.5, 1], x, 20, 15, 1);
    expect(path.startsWith("M")).toBe(true);
    const ys = numbers(path).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(5 - 1e-6);
    expect(Math.max(...ys)).toBeLessThanOrEqual(35 + 1e-6);
    const xs = numbers(path).filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBeCloseTo(0, 6);
    expect(Math.max(...xs)).toBeCloseTo(200, 6);
  });

  it("draws no violin without density", () => {
    expect(violinPath([0, 0], [-1, 0, 1], x, 20, 15, 0)).toBe("");
  });

  it("stands histogram bars on the baseline, tallest at full height, skipping empty bins", () => {
    const bars = histogramBars([2, 0, 4], [-1, -0.5, 0, 0.5], x, 40, 30, 4);
    expect(bars).toHaveLength(2);
    expect(bars[1]).toMatchObject({ y: 10, height: 30, count: 4, low: 0, high: 0.5 });
    expect(bars[0]!.y + bars[0]!.height).toBe(40);
  });

  it("breaks a polyline at undefined values and keeps lone points visible", () => {
    const y = scaleLinear().domain([-1, 1]).range([100, 0]);
    expect(polylinePath([1, 0, -1], [0, 50, 100], y)).toBe("M0,0L50,50L100,100");
    const broken = polylinePath([1, null, -1], [0, 50, 100], y);
    expect(broken).toBe("M0,0L0,0M100,100L100,100");
    expect(polylinePath([null, null], [0, 1], y)).toBe("");
  });

  it("scales an axis to the values, with zero where it leaves them half the axis or more", () => {
    expect(valueExtent([0.2, 0.5, null])).toEqual([0, 0.5]);
    expect(valueExtent([-2, -1])).toEqual([-2, 0]);
    expect(valueExtent([-0.3, 0.4])).toEqual([-0.3, 0.4]);
    expect(valueExtent([])).toEqual([-1, 1]);
    // far from zero: zero would squeeze them flat
    expect(valueExtent([100, 101])).toEqual([100, 101]);
    expect(valueExtent([0.01])).toEqual([0, 0.015]);
    expect(valueExtent([0])).toEqual([-1, 1]);
  });

  it("lays dots in lanes so that none overlaps another, and squeezes the lanes into the row", () => {
    // apart: all on the centre line; in any order of the input
    expect(dotLanes([50, 10, 30], 3)).toEqual([0, 0, 0]);
    // three at one place: centre, then above, then below
    expect(dotLanes([20, 20, 20, 40], 3)).toEqual([0, -1, 1, 0]);
    // 6 px apart is clear for a radius of 3, 5 px is not
    expect(dotLanes([0, 6], 3)).toEqual([0, 0]);
    expect(dotLanes([0, 5], 3)).toEqual([0, -1]);
    // no two dots in one lane overlap, for a crowd of 20
    const xs = Array.from({ length: 20 }, (_, i) => (i * 37) % 50);
    const lanes = dotLanes(xs, 3);
    for (let i = 0; i < xs.length; i++)
      for (let j = i + 1; j < xs.length; j++)
        if (lanes[i] === lanes[j]) expect(Math.abs(xs[i]! - xs[j]!)).toBeGreaterThanOrEqual(6);
    // twenty equal values: twenty lanes, squeezed into the row's half-height of 23 px
    const same = dotLanes(new Array<number>(20).fill(100), 3);
    expect(new Set(same).size).toBe(20);
    expect(Math.max(...same.map(Math.abs))).toBe(10);
    const spacing = laneSpacing(same, 3, 23);
    expect(spacing).toBeCloseTo(2, 12);
    for (const lane of same) expect(Math.abs(lane * spacing) + 3).toBeLessThanOrEqual(23);
    // lanes that fit keep a diameter apart
    expect(laneSpacing([0, -1, 1], 3, 23)).toBe(6);
    expect(laneSpacing([0, 0], 3, 23)).toBe(6);
  });

});
