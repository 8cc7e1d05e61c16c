import { describe, expect, it } from "vitest";
import { columnDigits, formatFixed, formatInterval, formatQ, formatStatement, whiskerStyle } from "../src/charts/intervals.js";
import { parseMarkdown } from "../src/shell/markdown.js";

describe("whiskerStyle", () => {
  it("places an interval as fractions of the bar span", () => {
    // [-0.5, 0.5] on [-1, 1]: starts at a quarter, half the span wide: place = 0.25 / (1 - 0.5)
    expect(whiskerStyle(-0.5, 0.5, [-1, 1])).toBe("--wp:0.5;--ww:0.5");
  });
  it("runs an unbounded end to the edge and clips to the domain", () => {
    expect(whiskerStyle(null, 0, [-1, 1])).toBe("--wp:0;--ww:0.5");
    expect(whiskerStyle(-5, 5, [-1, 1])).toBe("--wp:0;--ww:1");
  });
  it("draws nothing without an interval", () => {
    expect(whiskerStyle(null, null, [-1, 1])).toBe("");
    expect(whiskerStyle(0, 1, [1, 1])).toBe("");
  });
});

describe("one number format per column", () => {
  it("picks decimals from the column's largest magnitude, never exponents", () => {
    expect(columnDigits([-0.8, 0.5])).toBe(3);
    expect(columnDigits([-0.00084, 0.0002])).toBe(6);
    const digits = columnDigits([-0.000842, 0.31]);
    expect([formatFixed(-0.000842, digits), formatFixed(0.31, digits)]).toEqual(["-0.001", "0.310"]);
  });
  it("signs positive values on request and drops the sign of a rounded zero", () => {
    expect(formatFixed(0.25, 3, true)).toBe("+0.250");
    expect(formatFixed(-0.0001, 3, true)).toBe("0.000");
    expect(formatFixed(null, 3)).toBe("\u2014");
  });
  it("formats q-values and intervals", () => {
    expect([formatQ(0.0004), formatQ(0.0512), formatQ(null)]).toEqual(["<0.001", "0.051", "\u2014"]);
    expect(formatInterval(-0.12, null)).toBe("[-0.120, \u221e]");
    expect([formatStatement("p", 0.0004), formatStatement("q", 0.0512), formatStatement("q", null)]).toEqual(["p < 0.001", "q = 0.051", "q undefined"]);
  });
});

describe("parseMarkdown", () => {
  it("keeps markup characters as text and recognises emphasis", () => {
    expect(parseMarkdown("**Synthetic demo data** with <b>tags</b>\n\nsecond `x`")).toEqual([
      [
        { kind: "strong", text: "Synthetic demo data" },
        { kind: "text", text: " with <b>tags</b>" },
      ],
      [
        { kind: "text", text: "second " },
        { kind: "code", text: "x" },
      ],
    ]);
  });
});

describe("one span fraction for bars and whiskers", () => {
  it("places a value in its span, held within the ends, and rounds it for a style", async () => {
    const { fraction, spanFraction } = await import("../src/charts/bars.js");
    expect([spanFraction(0, -1, 1), spanFraction(5, -1, 1), spanFraction(-5, -1, 1)]).toEqual([0.5, 1, 0]);
    expect(fraction(1 / 3)).toBe("0.3333");
  });
});
