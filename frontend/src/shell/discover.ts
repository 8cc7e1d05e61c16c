import type { ViewLoader } from "./registry.js";

/**
 * esbuild bundles every file this pattern can name (every
 * `views/<anything>/index.ts`), so a new view folder is picked up by the
 * next build without an edit here; an id with no folder rejects.
 */
export const loadView: ViewLoader = async (measure) => import("../views/" + measure + "/index.ts");
