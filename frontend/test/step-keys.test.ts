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
    const keys = stepSlider(steps, 10, (step) => chosen.push(step), (step) => `step ${step}`);
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

describe("a steps chart as a slider (review: it said only 'step 10', and Page keys did nothing)", () => {
  const many = Array.from({ length: 50 }, (_, i) => i * 2);

  it("jumps a tenth of the steps on PageUp and PageDown, held at the ends", () => {
    expect(stepAfterKey(many, 20, "PageUp")).toBe(30);
    expect(stepAfterKey(many, 20, "PageDown")).toBe(10);
    expect(stepAfterKey(many, 94, "PageUp")).toBe(98);
    expect(stepAfterKey(many, 98, "PageUp")).toBeNull();
    expect(stepAfterKey([0, 1, 2], 1, "PageDown")).toBe(0);
  });

  it("says the values at the step it is on, not only the step", () => {
    const keys = stepSlider(steps(), 5, () => {}, (step) => `step ${step}, DIPDI 0.${step}`);
    expect(keys.text).toBe("step 5, DIPDI 0.5");
    let prevented = false;
    keys.keydown({ key: "PageDown", preventDefault: () => (prevented = true) } as unknown as KeyboardEvent);
    expect(prevented).toBe(true);
  });

  function steps() {
    return [0, 5, 10, 20];
  }
});

describe("the DIPDI curve's slider", () => {
  it("says DIPDI and its significance at the step", async () => {
    const { dipdiAtStep } = await import("../src/views/discrepancy/view.js");
    const step = (s: number, dipdi: number, stars: string) =>
      ({ step: s, dipdi, uncertainty: { kind: "replicates", replicates: 8, low: null, high: null, stars } }) as unknown as Parameters<typeof dipdiAtStep>[0][number];
    const steps = [step(0, 0.01, ""), step(10, 3.2256, "**")];
    expect(dipdiAtStep(steps, 10)).toBe("step 10, DIPDI 3.226 (p < 0.01)");
    expect(dipdiAtStep(steps, 0)).toBe("step 0, DIPDI 0.010");
  });
});
