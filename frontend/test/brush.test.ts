import { describe, expect, it } from "vitest";
import { boundsToPixels, pixelDecimals, pixelsToBounds, pixelToValue, valueToPixel } from "../src/charts/brush.js";

const domain = [-1, 1] as const;
const range = [10, 210] as const; // 200 px for 2 units: 0.01 per pixel

describe("brush mapping", () => {
  it("maps pixels to values and back", () => {
    expect(pixelToValue(110, domain, range)).toBe(0);
    expect(valueToPixel(0.5, domain, range)).toBe(160);
    expect(pixelToValue(valueToPixel(0.37, domain, range), domain, range)).toBeCloseTo(0.37, 12);
  });

  it("rounds to one pixel's precision", () => {
    expect(pixelDecimals(domain, range)).toBe(2);
    expect(pixelDecimals([0, 100_000], [0, 300])).toBe(0);
    expect(pixelsToBounds([123.4567, 170.1234], domain, range)).toEqual({ low: 0.13, high: 0.6 });
  });

  it("accepts a selection dragged right to left", () => {
    expect(pixelsToBounds([170, 120], domain, range)).toEqual({ low: 0.1, high: 0.6 });
  });

  it("leaves a bound open when the brush reaches that end of the axis", () => {
    expect(pixelsToBounds([160, 210], domain, range)).toEqual({ low: 0.5, high: null });
    expect(pixelsToBounds([10.5, 60], domain, range)).toEqual({ low: null, high: -0.5 });
    expect(pixelsToBounds([0, 500], domain, range)).toEqual({ low: null, high: null });
  });

  it("handles a reversed pixel range (a vertical axis)", () => {
    const vertical = [200, 0] as const;
    expect(pixelsToBounds([50, 100], [0, 1], vertical)).toEqual({ low: 0.5, high: 0.75 });
  });

  it("draws a filter's extent, open bounds reaching the ends, clamped to the axis", () => {
    expect(boundsToPixels({ low: 0.5, high: null }, domain, range)).toEqual([160, 210]);
    expect(boundsToPixels({ low: null, high: 5 }, domain, range)).toEqual([10, 210]);
    expect(boundsToPixels({ low: 0, high: 0.5 }, [0, 1], [200, 0])).toEqual([100, 200]);
  });
});
