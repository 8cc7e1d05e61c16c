import { describe, expect, it } from "vitest";
import { formatTicks, formatTotal, plural } from "../src/charts/format.js";
import { roles } from "../src/views/discrepancy/state.js";

describe("plurals", () => {
  it("uses the singular for one, the plural otherwise", () => {
    expect(plural(1, "label")).toBe("1 label");
    expect(plural(0, "label")).toBe("0 labels");
    expect(plural(2000, "label")).toBe("2,000 labels");
    expect(plural(1, "identity", "identities")).toBe("1 identity");
    expect(plural(3, "identity", "identities")).toBe("3 identities");
    expect(plural(1, "event file")).toBe("1 event file");
  });
  it("says '1 of 5 labels': the noun follows the whole", () => {
    expect(formatTotal(1, 5)).toBe("1 of 5 labels");
    expect(formatTotal(1, null)).toBe("1 label");
    expect(formatTotal(1, 1)).toBe("1 of 1 label");
  });
});

describe("formatTicks", () => {
  it("gives each tick the decimals its spacing needs, so none repeats", () => {
    expect(formatTicks([0, 0.05, 0.1, 0.15, 0.2])).toEqual(["0.00", "0.05", "0.10", "0.15", "0.20"]);
    expect(formatTicks([-0.2, -0.1, 0, 0.1, 0.2])).toEqual(["-0.2", "-0.1", "0.0", "0.1", "0.2"]);
    expect(formatTicks([0, 5, 10])).toEqual(["0", "5", "10"]);
    expect(formatTicks([0, 0.25, 0.5])).toEqual(["0.00", "0.25", "0.50"]);
    const texts = formatTicks([0.06, 0.08, 0.1, 0.12, 0.14]);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe("DIPDI roles", () => {
  it("follows the user's naming whichever run is shown", () => {
    expect(roles("a", "b", "b")).toEqual({ development: "b", deployment: "a", named: true });
    expect(roles("b", "a", "b")).toEqual({ development: "b", deployment: "a", named: true });
  });
  it("reads the run names when nobody named the runs", () => {
    expect(roles("dipdi_deployment", "dipdi_development", null)).toMatchObject({ development: "dipdi_development", deployment: "dipdi_deployment", named: false });
    expect(roles("dipdi_development", "dipdi_deployment", null)).toMatchObject({ development: "dipdi_development" });
    expect(roles("model_x", "model_y", null)).toMatchObject({ development: "model_x", deployment: "model_y" });
    // a stale name (neither run) is ignored
    expect(roles("model_x", "model_y", "other")).toMatchObject({ development: "model_x", named: false });
  });
});

import { spreadLabels } from "../src/views/representation/geometry.js";

describe("spreadLabels", () => {
  it("keeps labels apart by the gap, in their order, inside the box", () => {
    const out = spreadLabels([100, 102, 50, 101], 12, 0, 200);
    expect(out[2]).toBe(50);
    const sorted = [...out].sort((a, b) => a - b);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k]! - sorted[k - 1]!).toBeGreaterThanOrEqual(12 - 1e-9);
    expect(out[0]).toBeLessThan(out[1]!);
    expect(out[1]).toBeGreaterThan(out[3]!);
  });
  it("moves a crowd at the bottom up rather than past the box", () => {
    const out = spreadLabels([198, 199, 200], 10, 0, 200);
    expect(out).toEqual([180, 190, 200]);
  });
  it("leaves labels far apart where they are", () => {
    expect(spreadLabels([10, 60, 120], 12, 0, 200)).toEqual([10, 60, 120]);
  });
});

import { logLegend, matrixLayout, MAX_LABEL_CHARS, MIN_CELL, MIN_LABEL_CHARS, modelLabel } from "../src/views/discrepancy/geometry.js";

/** The matrix's `available` width in the view at a 1000 and a 1600 px window (chartWidth(0.45)). */
const AT_1000 = 408;
const AT_1600 = 678;
const pools = (a: string, b: string, m = 4) => [...Array.from({ length: m }, (_, i) => `${a}${i + 1}`), ...Array.from({ length: m }, (_, i) => `${b}${i + 1}`)];

describe("DIPDI matrix labels", () => {
  it("cuts long model names in the middle, so a pool's numbered models stay apart, and keeps short ones whole", () => {
    expect(modelLabel("A1", 12)).toBe("A1");
    const long = "resnet50_seed_17_finetuned";
    expect(modelLabel(long, 12)).toHaveLength(12);
    expect(modelLabel(long, 12)).toBe("resne\u2026etuned");
    expect(modelLabel(long, 24)).toBe("resnet50_se\u202617_finetuned");
    expect(modelLabel("development_1", 12)).not.toBe(modelLabel("development_2", 12));
  });
  it("leaves room for the longest shown name and never lets turned labels overlap", () => {
    const short = matrixLayout(["A1", "A2", "B1", "B2"], 400);
    const long = matrixLayout(["development_1", "development_2", "deployment_1", "deployment_2"], 400);
    expect(long.left).toBeGreaterThan(short.left);
    expect(long.top).toBeGreaterThan(short.top);
    for (const n of [4, 16, 64]) {
      const layout = matrixLayout(Array.from({ length: n }, (_, i) => `model_${i}`), 300);
      expect(layout.cell * Math.SQRT1_2).toBeGreaterThanOrEqual(11); // a line of 11 px text between neighbours
    }
  });
  it("keeps short names whole with the largest cells, as before", () => {
    const layout = matrixLayout(pools("A", "B"), AT_1000);
    expect(layout.chars).toBe(2);
    expect(layout.cell).toBe(34);
    expect(layout.left).toBeLessThan(30);
    expect(layout.width).toBeLessThanOrEqual(AT_1000);
  });
  it("widens the labels for names past 12 characters ('sees gender, large1' was cut to 'sees \u2026large1')", () => {
    const models = pools("sees gender, large", "blind-to-age-v2");
    for (const available of [AT_1000, AT_1600]) {
      const layout = matrixLayout(models, available);
      expect(models.map((m) => modelLabel(m, layout.chars))).toEqual(models);
      expect(layout.left).toBeGreaterThan(19 * 7); // 19 characters of 11 px text
      expect(layout.width).toBeLessThanOrEqual(available); // no sideways scroll
      expect(layout.cell).toBeGreaterThanOrEqual(MIN_CELL);
    }
  });
  it("cuts names past MAX_LABEL_CHARS (or what the width leaves), never below MIN_LABEL_CHARS", () => {
    const models = pools("a model trained on every balanced example, seed ", "a model blind to age, trained with seed ");
    const wide = matrixLayout(models, AT_1600);
    expect(wide.chars).toBe(MAX_LABEL_CHARS);
    const shown = models.map((m) => modelLabel(m, wide.chars));
    expect(shown.every((t) => t.length === MAX_LABEL_CHARS && t.includes("\u2026"))).toBe(true);
    expect(new Set(shown).size).toBe(models.length);
    expect(wide.width).toBeLessThanOrEqual(AT_1600);
    const narrow = matrixLayout(models, AT_1000);
    expect(narrow.chars).toBeGreaterThan(MIN_LABEL_CHARS);
    expect(narrow.chars).toBeLessThan(MAX_LABEL_CHARS);
    expect(narrow.width).toBeLessThanOrEqual(AT_1000);
    expect(narrow.cell).toBeGreaterThanOrEqual(MIN_CELL);
    // the view's narrowest chart: the old 12 characters, the grid scrolling sideways
    expect(matrixLayout(models, 260).chars).toBe(MIN_LABEL_CHARS);
  });
  it("gives the colour scale's ends: the smallest and largest positive discrepancies", () => {
    expect(logLegend([0, null, 0.5, 8, 2])).toEqual({ low: 0.5, high: 8, mid: 2 });
    expect(logLegend([0, null])).toBeNull();
  });
});
