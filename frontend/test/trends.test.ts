import { describe, expect, it } from "vitest";
import { atLeastSpan, bandPath, isolatedPoints, linePath, logPosition, logTicks, seriesExtent, stepPositions, zeroLine } from "../src/charts/trends.js";
import { CHANGE_SORT, changeSign, columnTitle, isSignedColumn, tableColumns } from "../src/views/association/columns.js";
import { agreementUrl, tableUrl, topCountsUrl, trendUrl } from "../src/views/association/query.js";
import { correlationColor } from "../src/views/association/paper.js";
import { nextSort } from "../src/views/association/view-state.js";
import { resolved as resolvedState } from "./fixtures.js";

describe("linePath", () => {
  it("spaces the points evenly and puts the domain's top at y = 0", () => {
    expect(linePath([0, 1, 2], 100, 10, [0, 2])).toBe("M0,10L50,5L100,0");
  });
  it("breaks at undefined values and draws a lone point as a dot", () => {
    expect(linePath([0, null, 2, 2], 30, 10, [0, 2])).toBe("M0,10L0,10M20,0L30,0");
    expect(linePath([null, null], 30, 10, [0, 2])).toBe("");
  });
  it("centres a single step and follows given x positions", () => {
    expect(linePath([1], 40, 10, [0, 2])).toBe("M20,5L20,5");
    expect(linePath([0, 2], 40, 10, [0, 2], [5, 35])).toBe("M5,10L35,0");
  });
});

describe("isolatedPoints", () => {
  it("gives the values with no defined neighbour, to be drawn as dots", () => {
    // a missing middle step: two lone ends, which the line alone draws as 1-px specks
    expect(isolatedPoints([0.29, null, 0.012], 56, 18, [0, 0.29])).toEqual([
      { x: 0, y: 0 },
      { x: 56, y: 17.26 },
    ]);
    expect(isolatedPoints([1, 2, null, 3], 30, 10, [0, 4])).toEqual([{ x: 30, y: 2.5 }]);
    expect(isolatedPoints([1, 2, 3], 30, 10, [0, 4])).toEqual([]);
    expect(isolatedPoints([2], 40, 10, [0, 4])).toEqual([{ x: 20, y: 5 }]);
  });
});

describe("bandPath", () => {
  it("closes a polygon over each run where both ends are defined", () => {
    expect(bandPath([0, 0], [2, 2], 10, 10, [0, 2])).toBe("M0,0L10,0L10,10L0,10Z");
    expect(bandPath([0, null, 0], [2, 2, 2], 10, 10, [0, 2])).toBe("M0,0L0,10ZM10,0L10,10Z");
  });
});

describe("axes", () => {
  it("extent of several series ignores undefined values", () => {
    expect(seriesExtent([1, null, -2], null, [0.5])).toEqual([-2, 1]);
    expect(seriesExtent([], [null])).toEqual([-1, 1]);
    expect(seriesExtent([3])).toEqual([2, 4]);
  });
  it("places steps by their numbers, not their order", () => {
    expect(stepPositions([0, 10, 40], 80)).toEqual([0, 20, 80]);
    expect(stepPositions([7], 80)).toEqual([40]);
  });
  it("draws zero only inside the domain", () => {
    expect(zeroLine(10, [-1, 1])).toBe(5);
    expect(zeroLine(10, [0.5, 1])).toBeNull();
  });
  it("puts counts on a log axis", () => {
    expect(logPosition(100, 1, 10000, 80)).toBe(40);
    expect(logPosition(0, 1, 100, 80)).toBe(0);
    expect(logTicks(3, 2500)).toEqual([1, 10, 100, 1000, 10000]);
  });
});

describe("trend column and routes", () => {
  it("adds the trend column after q only when asked", () => {
    expect(tableColumns(["a", "b"], "dp", false, true, true, true).map((c) => c.id)).toEqual(["label", "gap", "q_value", CHANGE_SORT, "dp@a", "dp@b"]);
    expect(tableColumns(["a", "b"], "dp", false, true, true).map((c) => c.id)).not.toContain(CHANGE_SORT);
  });
  it("sorts by the change like a signed column", () => {
    expect(isSignedColumn(CHANGE_SORT)).toBe(true);
    let sort = nextSort({ sort: "gap", order: "desc" }, CHANGE_SORT);
    expect(sort).toEqual({ sort: CHANGE_SORT, order: "desc" });
    sort = nextSort(nextSort(sort, CHANGE_SORT), CHANGE_SORT);
    expect(sort.order).toBe("abs");
    expect(columnTitle(CHANGE_SORT)).toMatch(/first to the last step/);
  });
  it("builds the trend, top_counts and agreement URLs", () => {
    const s = resolvedState({ selected: ["a", "b"] });
    expect(tableUrl(s, 0, 100, true)).toContain("trend=1");
    expect(tableUrl(s, 0, 100)).not.toContain("trend=");
    const trend = new URLSearchParams(trendUrl(s, ["x y", "z"]).split("?")[1]);
    expect(trend.getAll("label")).toEqual(["x y", "z"]);
    expect(trend.get("run")).toBe(s.run);
    expect(topCountsUrl(s, 20)).toMatch(/^top_counts\?.*k=20/);
    expect(agreementUrl(s)).toMatch(/^agreement\?/);
  });
  it("colours correlations from vermillion through white to blue", () => {
    expect(correlationColor(0)).toBe("rgb(255, 255, 255)");
    expect(correlationColor(1)).toBe("rgb(0, 114, 178)");
    expect(correlationColor(-1)).toBe("rgb(213, 94, 0)");
    expect(correlationColor(null)).toBe("#f1f3f4");
  });
});

describe("the sign of a change", () => {
  it("says a direction, not growth", () => {
    expect(changeSign("man", "woman")).toBe("+ : the gap moved towards man, \u2212 : towards woman, whichever way it leaned");
    expect(changeSign("man", "rest")).toContain("towards the rest");
    expect(changeSign("woman", null)).toBe("+ : woman's value rose");
  });
});

describe("a sparkline's scale", () => {
  it("is at least a given span high, about the middle", () => {
    const [low, high] = atLeastSpan([0.1, 0.103], 0.4);
    expect(low).toBeCloseTo(0.1015 - 0.2, 12);
    expect(high).toBeCloseTo(0.1015 + 0.2, 12);
    expect(atLeastSpan([-0.5, 0.5], 0.4)).toEqual([-0.5, 0.5]); // wide enough already
  });
});

describe("lines and bands of every chart across steps (one drawing: trends.ts)", () => {
  it("draws a line at given x through a chart's y scale, broken at gaps", async () => {
    const { stepLinePath } = await import("../src/charts/trends.js");
    expect(stepLinePath([1, 2, null, 4, 5], [0, 10, 20, 30, 40], (v) => 100 - v)).toBe("M0,99L10,98M30,96L40,95");
    expect(stepLinePath([null, null], [0, 10], (v) => v)).toBe("");
  });

  it("draws a band at given x between its edges, broken where undefined", async () => {
    const { stepBandPath } = await import("../src/charts/trends.js");
    const y = (v: number) => 50 - 50 * v;
    expect(stepBandPath([-0.5, null, -0.5], [0.5, null, 0.5], [0, 10, 20], y)).toBe("M0,25L0,75ZM20,25L20,75Z");
    expect(stepBandPath([null], [null], [0], y)).toBe("");
  });
});
