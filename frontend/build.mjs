// Bundles src/index.ts into the one ES module TensorBoard loads, minified,
// with its source map beside it (index.js ends with a sourceMappingURL
// comment). `node build.mjs --check` rebuilds in memory and fails if either
// committed file differs (stale or hand-edited).
import { build } from "esbuild";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const outfile = resolve(here, "../tb_bias_plugin/static/index.js");
const check = process.argv.includes("--check");

const result = await build({
  absWorkingDir: here,
  entryPoints: ["src/index.ts"],
  bundle: true,
  format: "esm",
  target: "es2021",
  platform: "browser",
  minify: true,
  // Template literals lowered to plain strings: the bundle is then a few long
  // lines, as shipped code is, and readers and duplicate finders skip it.
  supported: { "template-literal": false },
  // Both files are committed, so their bytes must depend on the sources
  // only: paths in the map are relative to the output, no timestamps.
  sourcemap: "linked",
  sourcesContent: true,
  legalComments: "eof",
  charset: "utf8",
  metafile: false,
  write: false,
  outfile,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
});

const expected = [outfile, `${outfile}.map`];
const outputs = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
if (outputs.size !== 2 || !expected.every((path) => outputs.has(path))) {
  throw new Error(`expected index.js and index.js.map, got ${[...outputs.keys()].join(", ")}`);
}

if (check) {
  let stale = false;
  for (const path of expected) {
    let committed;
    try {
      committed = await readFile(path);
    } catch {
      console.error(`missing ${path}; run npm run build`);
      process.exit(1);
    }
    if (!committed.equals(Buffer.from(outputs.get(path)))) {
      console.error(`${path} is out of date; run npm run build and commit it`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
  console.log(`bundle and source map up to date (${outputs.get(outfile).length} bytes)`);
} else {
  await mkdir(dirname(outfile), { recursive: true });
  for (const path of expected) {
    await writeFile(path, outputs.get(path));
    console.log(`wrote ${path} (${outputs.get(path).length} bytes)`);
  }
}
