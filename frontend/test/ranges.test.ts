import { describe, expect, it } from "vitest";
import {
  addRange,
  formatRangeParam,
  parseBoundInput,
  parseRangeParam,
  removeRange,
} from "../src/views/association/ranges.js";
import { LIMITS } from "./fixtures.js";

describe("range parameters", () => {
  it("formats COLUMN:LOW:HIGH with open bounds left empty", () => {
    expect(formatRangeParam({ column: "gap", low: 0.1, high: null })).toBe("gap:0.1:");
    expect(formatRangeParam({ column: "count", low: null, high: 50 })).toBe("count::50");
    expect(formatRangeParam({ column: "npmi_xy@woman", low: -0.5, high: 1e-7 })).toBe("npmi_xy@woman:-0.5:1e-7");
  });

  it("parses from the right so columns may contain colons", () => {
    expect(parseRangeParam("nPMI@a:b:-1:2")).toEqual({ column: "nPMI@a:b", low: -1, high: 2 });
    expect(parseRangeParam("gap::")).toEqual({ column: "gap", low: null, high: null });
  });

  it("rejects malformed text", () => {
    for (const bad of ["gap", "gap:1", ":1:2", "gap:x:1", "gap:2:1", "gap:1:Infinity"]) {
      expect(parseRangeParam(bad), bad).toBeNull();
    }
  });

  it("round-trips", () => {
    const r = { column: "dp@man", low: 0.25, high: 0.75 };
    expect(parseRangeParam(formatRangeParam(r))).toEqual(r);
  });
});

describe("range list operations", () => {
  it("replaces an existing filter on the same column instead of stacking", () => {
    const a = addRange([], { column: "gap", low: 0, high: null }, LIMITS.max_ranges);
    const b = addRange(a, { column: "count", low: 10, high: null }, LIMITS.max_ranges);
    const c = addRange(b, { column: "gap", low: 0.5, high: 1 }, LIMITS.max_ranges);
    expect(c).toEqual([
      { column: "gap", low: 0.5, high: 1 },
      { column: "count", low: 10, high: null },
    ]);
    expect(a).toHaveLength(1); // inputs untouched
  });

  it("caps the number of filters at the API limit", () => {
    let ranges = [] as ReturnType<typeof addRange>;
    for (let i = 0; i < LIMITS.max_ranges + 5; i++) ranges = addRange(ranges, { column: `c${i}`, low: i, high: null }, LIMITS.max_ranges);
    expect(ranges).toHaveLength(LIMITS.max_ranges);
  });

  it("removes by column", () => {
    const ranges = [
      { column: "gap", low: 0, high: null },
      { column: "count", low: 1, high: null },
    ];
    expect(removeRange(ranges, "gap")).toEqual([{ column: "count", low: 1, high: null }]);
  });

  it("parses typed bounds: empty is open, junk is invalid", () => {
    expect(parseBoundInput("  ")).toBeNull();
    expect(parseBoundInput(" -0.25 ")).toBe(-0.25);
    expect(parseBoundInput("1e3")).toBe(1000);
    expect(parseBoundInput("abc")).toBeUndefined();
    expect(parseBoundInput("Infinity")).toBeUndefined();
  });
});
