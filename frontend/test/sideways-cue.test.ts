// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { markMoreToTheRight, moreToTheRight } from "../src/charts/sideways-cue.js";

describe("sideways-scroll cue", () => {
  it("sees columns hidden to the right until the scroller reaches its end", () => {
    expect(moreToTheRight(0, 600, 900)).toBe(true);
    expect(moreToTheRight(298, 600, 900)).toBe(true);
    expect(moreToTheRight(300, 600, 900)).toBe(false);
    expect(moreToTheRight(299.5, 600, 900)).toBe(false); // rounding of a zoomed page
    expect(moreToTheRight(0, 900, 900)).toBe(false); // everything fits
  });

  it("marks the table while the header or the rows hide columns, and clears the mark", () => {
    const table = document.createElement("div");
    const header = { scrollLeft: 0, clientWidth: 600, scrollWidth: 900 };
    const rows = { scrollLeft: 0, clientWidth: 585, scrollWidth: 900 }; // less a vertical scrollbar
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    header.scrollLeft = rows.scrollLeft = 300; // the header's end; the rows have 15 px more
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    rows.scrollLeft = 315;
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(false);
    // not laid out yet (no width): no cue
    markMoreToTheRight(table, [{ scrollLeft: 0, clientWidth: 0, scrollWidth: 0 }, null]);
    expect(table.hasAttribute("data-more-right")).toBe(false);
  });
});
