import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { findViews, isMeasureView, viewHashPrefix } from "../src/shell/registry.js";

const TOY = `import type { MeasureView } from "../../shell/registry.js";
export const view: MeasureView = { measure: "toy", title: "Toy", element: "tb-bias-toy-view" };
`;

describe("view registry", () => {
  it("keeps the measures that have a well-formed view, in the backend's order", async () => {
    const modules: Record<string, unknown> = {
      association: { view: { measure: "association", title: "Label associations", element: "tb-bias-association-view", hashPrefix: "" } },
      toy: { view: { measure: "toy", title: "Toy", element: "tb-bias-toy-view" } },
      wrong: { view: { measure: "other", title: "x", element: "tb-bias-x" } },
    };
    const load = async (measure: string) => {
      if (!(measure in modules)) throw new Error(`Module not found in bundle: ${measure}`);
      return modules[measure];
    };
    const views = await findViews(["toy", "unknown_measure", "association", "wrong", "../evil"], load);
    expect(views.map((v) => v.measure)).toEqual(["toy", "association"]);
    expect(views.map(viewHashPrefix)).toEqual(["toy.", ""]);
    expect(isMeasureView({ measure: "a", title: "A", element: "noDash" })).toBe(false);
  });

  it("finds the real association view through the discovery import", async () => {
    const { loadView } = await import("../src/shell/discover.js");
    const views = await findViews(["association", "not_a_view"], loadView);
    expect(views).toEqual([expect.objectContaining({ measure: "association", element: "tb-bias-association-view" })]);
  });

  // The shipped discovery is esbuild's glob import; bundle a copy of src
  // with a toy view folder added and no other edit, and check it is in.
  it("bundles a new views/<measure>/index.ts without any other edit", async () => {
    const here = resolve(__dirname, "..");
    const tmp = await mkdtemp(join(here, ".registry-test-"));
    try {
      await cp(join(here, "src"), join(tmp, "src"), { recursive: true });
      await mkdir(join(tmp, "src/views/toy"));
      await writeFile(join(tmp, "src/views/toy/index.ts"), TOY);
      const result = await build({
        absWorkingDir: here,
        entryPoints: [join(tmp, "src/shell/discover.ts")],
        bundle: true,
        format: "esm",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.some((p) => p.endsWith("src/views/toy/index.ts"))).toBe(true);
      expect(inputs.some((p) => p.endsWith("src/views/association/index.ts"))).toBe(true);
      expect(result.outputFiles[0]!.text).toContain("tb-bias-toy-view");
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }, 30_000);
});
