// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { render } from "lit";
import { lineSwatch } from "../src/charts/line-style.js";

function swatchLine(style: Parameters<typeof lineSwatch>[0]): SVGLineElement {
  const host = document.createElement("div");
  render(lineSwatch(style), host);
  return host.querySelector("line")!;
}

describe("lineSwatch", () => {
  it("draws the line as the chart does: colour, width, dashes and opacity", () => {
    const line = swatchLine({ color: "#202124", width: 1.4, dash: "9 3 2 3", opacity: 0.5 });
    expect(line.getAttribute("stroke")).toBe("#202124");
    expect(line.getAttribute("stroke-width")).toBe("1.4");
    expect(line.getAttribute("stroke-dasharray")).toBe("9 3 2 3");
    expect(line.getAttribute("stroke-opacity")).toBe("0.5");
  });

  it("draws a style without dashes solid and opaque", () => {
    const line = swatchLine({ color: "#5f6368", width: 1.6 });
    expect(line.getAttribute("stroke-dasharray")).toBe("none");
    expect(line.getAttribute("stroke-opacity")).toBe("1");
  });
});
