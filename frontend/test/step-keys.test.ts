import { describe, expect, it } from "vitest";
import { stepAfterKey, stepSlider } from "../src/charts/inputs.js";

describe("a chart's step from the keyboard", () => {
  const steps = [0, 5, 10, 20];

  it("moves to the step before or after, or to either end", () => {
    expect(stepAfterKey(steps, 5, "ArrowRight")).toBe(10);
    expect(stepAfterKey(steps, 5, "ArrowUp")).toBe(10);
    expect(stepAfterKey(steps, 5, "ArrowLeft")).toBe(0);
    expect(stepAfterKey(steps, 10, "Home")).toBe(0);
    expect(stepAfterKey(steps, 5, "End")).toBe(20);
  });

  it("stays at the ends and ignores other keys", () => {
    expect(stepAfterKey(steps, 20, "ArrowRight")).toBeNull();
    expect(stepAfterKey(steps, 0, "ArrowLeft")).toBeNull();
    expect(stepAfterKey(steps, 0, "Home")).toBeNull();
    expect(stepAfterKey(steps, 5, "Enter")).toBeNull();
    expect(stepAfterKey([], null, "ArrowLeft")).toBeNull();
  });

  it("starts from the last step when none (or one not listed) is shown", () => {
    expect(stepAfterKey(steps, null, "ArrowLeft")).toBe(10);
    expect(stepAfterKey(steps, 7, "Home")).toBe(0);
  });

  it("keeps the page from scrolling on its keys only, and chooses the step", () => {
    const chosen: number[] = [];
    const keys = stepSlider(steps, 10, (step) => chosen.push(step));
    expect([keys.min, keys.max, keys.now]).toEqual([0, 20, 10]);
    const press = (key: string) => {
      let prevented = false;
      keys.keydown({ key, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent);
      return prevented;
    };
    expect(press("ArrowRight")).toBe(true);
    expect(press("Tab")).toBe(false);
    expect(chosen).toEqual([20]);
  });
});
