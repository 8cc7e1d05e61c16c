import { describe, expect, it } from "vitest";
import { hoverLines } from "../src/views/association/pcp.js";

describe("the selected labels' hover line", () => {
  it("keeps the height of the longest line wrapped in the chart's width (no cut, no jump on hover)", () => {
    // review at 1000 px: "Ice Hockey: man 0.276, woman -0.222, boy …" was cut at about 270 px
    const hockey = "Ice Hockey: man 0.276, woman -0.222, boy -0.087, girl -0.210; gap +0.498";
    expect(hoverLines([hockey], 270, 7.6)).toBe(3);
    expect(hoverLines([hockey, "short"], 1200, 7.6)).toBe(1);
    expect(hoverLines([], 300, 7.6)).toBe(1);
    expect(hoverLines(["x".repeat(50)], 0, 7.6)).toBe(50); // no width yet: one character a line, never a division by 0
  });
});
