import { describe, expect, it } from "vitest";
import { barGeometry, barStyle } from "../src/charts/bars.js";
import { contrastOnWhite, gapColor, identityColor, identityTextColor, labelColor, lineColor, NEUTRAL, OKABE_ITO, textColor } from "../src/charts/colors.js";
import { ACTIONS_REM, activeFilters, LABEL_MIN_REM, columnTitle, filterColumns, formatRange, gridTemplate, leftOutNote, SELECT_REM, stickyCount, tableColumns, tableMinWidth } from "../src/views/association/columns.js";
import { scaleLinear } from "d3-scale";
import {
  asciiTickFormat,
  axisFormat,
  columnFormat,
  distinctDigits,
  formatCount,
  formatSigned,
  formatTotal,
  formatValue,
  pairTitle,
  UNDEFINED_TEXT,
} from "../src/charts/format.js";

describe("an empty result's filters", () => {
  it("are named, in words", () => {
    const none = { q: "", ranges: [], minCount: 0, flaggedOnly: false, qMax: null };
    expect(activeFilters(none)).toEqual([]);
    expect(activeFilters({ q: "hat", ranges: [{ column: "gap", low: 5, high: null }], minCount: 3, flaggedOnly: true, qMax: 0.05 })).toEqual([
      "the search \u201chat\u201d",
      "gap \u2265 5",
      "C(y) \u2265 3",
      "flagged only",
      "q \u2264 0.05",
    ]);
  });
});

describe("axis ticks", () => {
  it("write negative numbers with the ASCII minus the tables use (d3 writes U+2212)", () => {
    const scale = scaleLinear().domain([-1, 1]);
    const format = asciiTickFormat(scale, 5);
    expect(scale.ticks(5).map(format)).toEqual(["-1.0", "-0.5", "0.0", "0.5", "1.0"]);
    expect(scale.tickFormat(5)(-0.5)).toBe("\u22120.5"); // what it replaces
  });
});

describe("counts", () => {
  it("keep the decimals of a count that is not whole", () => {
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(0.02)).toBe("0.02"); // an old nPMI plugin count divided by N, read as 0 before
    expect(formatCount(1234.5)).toBe("1,234.5"); // a median of counts
    expect(formatCount(0.0012)).toBe("0.0012");
    // review: toPrecision kept trailing zeros and wrote exponents early
    expect([0.005, 0.0001, 0.0099999, 1.5e-7, 1e-7].map(formatCount)).toEqual(["0.005", "0.0001", "0.01", "1.5e-7", "1e-7"]);
  });
});

describe("number formatting", () => {
  it("gives a legend as many decimals as its different values need", () => {
    // the PyTorch example's matrix legend read 0.03 0.04 0.04
    expect(distinctDigits([0.034, 0.0378, 0.0421])).toBe(3);
    expect(distinctDigits([0.1, 0.5, 2])).toBe(2);
    expect(distinctDigits([0.5, 0.5, 0.5])).toBe(2);
    expect(distinctDigits([1, 1 + 1e-12])).toBe(6);
  });

  it("shows undefined values as a dash", () => {
    expect(formatValue(null)).toBe(UNDEFINED_TEXT);
    expect(formatValue(Number.NaN)).toBe(UNDEFINED_TEXT);
    expect(formatSigned(null)).toBe(UNDEFINED_TEXT);
    expect(formatCount(null)).toBe(UNDEFINED_TEXT);
  });

  it("uses fixed decimals, exponents for tiny or huge values, and no negative zero", () => {
    expect(formatValue(0.34812)).toBe("0.348");
    expect(formatValue(-0.0001)).toBe("-1.00e-4");
    expect(formatValue(-0.0004, 3)).toBe("-4.00e-4");
    expect(formatValue(-0.00001, 1)).toBe("-1.00e-5");
    expect(formatValue(2_500_000)).toBe("2.50e+6");
    expect(formatValue(0)).toBe("0.000");
    expect(formatValue(-0.0004999, 2)).toBe("-5.00e-4");
  });

  it("signs gaps", () => {
    expect(formatSigned(0.348)).toBe("+0.348");
    expect(formatSigned(-0.091)).toBe("-0.091");
    expect(formatSigned(0)).toBe("0.000");
  });

  it("groups counts", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatTotal(14, 2000)).toBe("14 of 2,000 labels");
    expect(formatTotal(1, null)).toBe("1 label");
    expect(formatTotal(null, 5)).toBe("");
  });

  it("describes filters and pairs for people", () => {
    expect(columnTitle("npmi_xy@woman")).toBe("npmi_xy (woman)");
    expect(columnTitle("q_value")).toBe("q (Benjamini\u2013Hochberg q-value of the gap)"); // was the wire name q_value
    // review: `column in SPOKEN` matched Object's own names, so a link's range on "constructor" showed a function
    expect(columnTitle("constructor")).toBe("constructor");
    expect(columnTitle("toString")).toBe("toString");
    expect(formatRange({ column: "gap", low: 0.1, high: 0.5 })).toBe("0.1 \u2264 gap \u2264 0.5");
    expect(formatRange({ column: "count", low: 50, high: null })).toBe("count \u2265 50");
    expect(formatRange({ column: "dp@man", low: null, high: 0.2 })).toBe("dp (man) \u2264 0.2");
    expect(pairTitle("woman", "rest")).toBe("woman vs. the rest");
    expect(pairTitle("woman", "man")).toBe("woman vs. man");
    expect(pairTitle("woman", null)).toBe("woman");
  });
});

describe("bars", () => {
  it("grows from zero on a signed axis", () => {
    expect(barGeometry(0.5, [-1, 1])).toEqual({ left: 50, width: 25, negative: false });
    expect(barGeometry(-1, [-1, 1])).toEqual({ left: 0, width: 50, negative: true });
  });

  it("grows from the start of an all-positive axis and clamps outliers", () => {
    expect(barGeometry(0.25, [0, 1])).toEqual({ left: 0, width: 25, negative: false });
    expect(barGeometry(3, [-1, 1])).toEqual({ left: 50, width: 50, negative: false });
  });

  it("draws nothing for undefined values or an empty axis", () => {
    expect(barGeometry(null, [-1, 1])).toBeNull();
    expect(barGeometry(1, [1, 1])).toBeNull();
  });

  it("places a bar drawn as a cell background", () => {
    // fill from 50% to 75% of the span: width 0.25 placed at 0.5 / (1 - 0.25)
    expect(barStyle(0.5, [-1, 1], "#0072B2")).toBe("--o:0.5;--p:0.6667;--w:0.25;--c:#0072B2");
    // fill from 0 to 50%: placed at 0
    expect(barStyle(-1, [-1, 1], "#D55E00")).toBe("--o:0.5;--p:0;--w:0.5;--c:#D55E00");
    // the whole span: placed at 0
    expect(barStyle(5, [0, 1], "red")).toBe("--o:0;--p:0;--w:1;--c:red");
  });

  it("draws only the zero line for undefined or zero values, nothing on an empty axis", () => {
    expect(barStyle(null, [-1, 1], "red")).toBe("--o:0.5");
    expect(barStyle(0, [-1, 1], "red")).toBe("--o:0.5");
    expect(barStyle(0.5, [1, 1], "red")).toBe("");
  });
});

describe("colours", () => {
  it("uses Okabe-Ito per identity and grey for 'rest' or unknown", () => {
    expect(identityColor(["man", "woman"], "man")).toBe(OKABE_ITO[0]);
    expect(identityColor(["man", "woman"], "woman")).toBe(OKABE_ITO[1]);
    expect(identityColor(["man", "woman"], "rest")).toBe(NEUTRAL);
    expect(identityColor(["man"], "x")).toBe(NEUTRAL);
  });

  it("darkens identity colours used as text to WCAG AA contrast on white, and only as much as needed", () => {
    expect(contrastOnWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastOnWhite("#ffffff")).toBeCloseTo(1, 5);
    for (const colour of OKABE_ITO) {
      const text = textColor(colour);
      expect(contrastOnWhite(text)).toBeGreaterThanOrEqual(4.5);
      if (contrastOnWhite(colour) >= 4.5) expect(text).toBe(colour.toLowerCase());
    }
    expect(contrastOnWhite("#F0E442")).toBeLessThan(2); // yellow as it is: unreadable as text
    expect(textColor("#F0E442")).not.toBe("#000000"); // still a yellow hue, darkened
    expect(identityTextColor(["a", "b", "c", "d", "e"], "e")).toBe(textColor("#E69F00"));
  });

  it("darkens identity colours drawn as lines to the 3:1 of non-text contrast, and only as much as needed", () => {
    for (const colour of OKABE_ITO) {
      const line = lineColor(colour);
      expect(contrastOnWhite(line)).toBeGreaterThanOrEqual(3);
      if (contrastOnWhite(colour) >= 3) expect(line).toBe(colour.toLowerCase());
      else expect(contrastOnWhite(line)).toBeLessThan(contrastOnWhite(textColor(colour))); // lighter than its text
    }
    expect(lineColor("#F0E442")).not.toBe("#f0e442"); // the yellow of a line across a white plot
    expect(lineColor("#0072B2")).toBe("#0072b2");
    for (let i = 0; i < 8; i++) expect(contrastOnWhite(labelColor(i))).toBeGreaterThanOrEqual(3); // the trend's lines
  });

  it("colours a gap by the identity it leans towards", () => {
    const ids = ["man", "woman"];
    expect(gapColor(ids, "woman", "man", 0.3)).toBe(OKABE_ITO[1]);
    expect(gapColor(ids, "woman", "man", -0.3)).toBe(OKABE_ITO[0]);
    expect(gapColor(ids, "woman", "man", null)).toBe(NEUTRAL);
  });
});

describe("columns", () => {
  it("lists label, gap, C(y) on request, one value per identity, and C(x, y) on request", () => {
    expect(tableColumns(["man", "woman"], "pmi", false).map((c) => c.id)).toEqual(["label", "gap", "pmi@man", "pmi@woman"]);
    expect(tableColumns(["man", "woman"], "pmi", true).map((c) => c.id)).toEqual([
      "label",
      "gap",
      "count", // C(y) right after the columns that stay, in view however many identities follow
      "pmi@man",
      "pmi@woman",
      "count@man",
      "count@woman",
    ]);
  });

  it("has no gap column with a single identity (nothing to compare)", () => {
    expect(tableColumns(["woman"], "dp", false, false).map((c) => c.id)).toEqual(["label", "dp@woman"]);
    expect(filterColumns(["woman"], "dp", true, false).map((c) => c.id)).toEqual(["dp@woman", "count", "count@woman"]);
  });

  it("offers range filters on API column names", () => {
    expect(filterColumns(["a"], "dp", true).map((c) => c.id)).toEqual(["gap", "dp@a", "count", "count@a"]);
    expect(filterColumns(["a"], "nPMI", false).map((c) => c.id)).toEqual(["gap", "nPMI@a"]);
  });

  it("makes a grid with one sticky track for select, actions, label, gap and q, then a track per column", () => {
    const template = gridTemplate(tableColumns(["a", "b"], "dp", false));
    // the track's width is rounded to 0.01 rem (three row actions: 5.375 rem)
    const rem = (x: number) => Math.round(x * 100) / 100;
    expect(template.startsWith(`minmax(${rem(SELECT_REM + ACTIONS_REM + LABEL_MIN_REM + 6.5)}rem, 3.2fr)`)).toBe(true);
    expect(template.split(" ").filter((t) => t.startsWith("minmax")).length).toBe(3);
    const withQ = tableColumns(["a", "b"], "dp", false, true, true);
    expect(stickyCount(withQ)).toBe(3); // label, gap, q stay in view
    expect(gridTemplate(withQ).startsWith(`minmax(${rem(SELECT_REM + ACTIONS_REM + LABEL_MIN_REM + 6.5 + 4)}rem, 3.8fr)`)).toBe(true);
    expect(stickyCount(tableColumns(["a"], "dp", false, false))).toBe(1); // one identity: no gap, only the label
  });

  it("gives the narrowest width of the rows, past which they scroll sideways", () => {
    // select + actions + label + gap 6.5 + 2 values 6.5
    expect(tableMinWidth(tableColumns(["a", "b"], "dp", false))).toBe(SELECT_REM + ACTIONS_REM + LABEL_MIN_REM + 3 * 6.5);
    // counts are 8 rem: "C(woman, y)" was cut at 4.5 (issue 10)
    expect(tableMinWidth(tableColumns(["a", "b"], "dp", true))).toBe(SELECT_REM + ACTIONS_REM + LABEL_MIN_REM + 3 * 6.5 + 3 * 8);
    // with intervals, a q column of 4 rem follows the gap
    expect(tableColumns(["a", "b"], "dp", false, true, true).map((c) => c.id)).toEqual(["label", "gap", "q_value", "dp@a", "dp@b"]);
    expect(tableMinWidth(tableColumns(["a", "b"], "dp", false, true, true))).toBe(SELECT_REM + ACTIONS_REM + LABEL_MIN_REM + 3 * 6.5 + 4);
  });

  it("fits two identities with the gap and q in the 618 px a 1000 px window leaves the table (they needed 642)", () => {
    expect(tableMinWidth(tableColumns(["man", "woman"], "npmi_xy", false, true, true)) * 16).toBeLessThanOrEqual(618 - 8);
  });
});

describe("a column's one notation", () => {
  it("keeps fixed decimals while every value fits them", () => {
    const f = columnFormat([0.5, 0.0123, null], 4);
    expect([f(0.5), f(0.0123), f(null)]).toEqual(["0.5000", "0.0123", UNDEFINED_TEXT]);
  });

  it("gives every value an exponent when most need one", () => {
    const f = columnFormat([0.001, 3.21e-4, 5e-5, 0, Number.NaN], 3);
    expect([f(0.001), f(3.21e-4), f(0), f(Number.NaN)]).toEqual(["1.00e-3", "3.21e-4", "0", UNDEFINED_TEXT]);
  });

  it("stays in fixed decimals when only a few values are too small for them, said as below the last decimal", () => {
    // sensitivity's points: one P of 3e-5 turned 0.1380 and 0.0651 into 1.38e-1 and 6.51e-2
    const p = columnFormat([0.138, 0.0651, 0.0412, 3e-5], 4);
    expect([0.138, 0.0651, 0.0412, 3e-5, -2e-6].map(p)).toEqual(["0.1380", "0.0651", "0.0412", "<0.0001", ">-0.0001"]);
    // half and half stays fixed; zeros and undefined values do not count
    const half = columnFormat([0.5, 2e-4, 0, null, Number.NaN], 3);
    expect([half(0.5), half(2e-4), half(0), half(null)]).toEqual(["0.500", "<0.001", "0.000", UNDEFINED_TEXT]);
    // a value past a million among small ones is the one in an exponent
    const big = columnFormat([3.889, 0.412, 2.5e6], 3);
    expect([big(3.889), big(2.5e6)]).toEqual(["3.889", "2.50e+6"]);
  });
});

describe("an axis' one notation", () => {
  it("gives every tick an exponent once one needs it: ends read as one scale", () => {
    const f = axisFormat([0, 4e-4], 3);
    expect([f(0), f(4e-4)]).toEqual(["0", "4.00e-4"]);
    const g = axisFormat([0, 0.3], 3);
    expect([g(0), g(0.3)]).toEqual(["0.000", "0.300"]);
  });
});

describe("leftOutNote", () => {
  it("says how many labels a rule left out, and nothing when none was", () => {
    const leftOut = { identities: 1, zero_cooccurrence: 1200, undefined: 0 };
    expect(leftOutNote(leftOut, "zero_cooccurrence")).toBe(" (1,200 left out)");
    expect(leftOutNote(leftOut, "identities")).toBe(" (1 left out)");
    expect(leftOutNote(leftOut, "undefined")).toBe("");
    expect(leftOutNote(leftOut, "min_count")).toBe("");
    expect(leftOutNote(undefined, "identities")).toBe("");
  });
});
