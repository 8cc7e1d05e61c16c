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
