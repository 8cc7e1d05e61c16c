// Bundles src/index.ts into the one ES module TensorBoard loads.
// `node build.mjs --check` rebuilds in memory and fails if the committed
// bundle differs (stale or hand-edited).
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
  // The bundle is committed, so its bytes must depend on the sources only.
  sourcemap: false,
  legalComments: "eof",
  charset: "utf8",
  metafile: false,
  write: false,
  outfile,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
});

const [output] = result.outputFiles;
if (result.outputFiles.length !== 1 || !output) {
  throw new Error(`expected one output file, got ${result.outputFiles.length}`);
}
const bytes = output.contents;

if (check) {
  let committed;
  try {
    committed = await readFile(outfile);
  } catch {
    console.error(`missing ${outfile}; run npm run build`);
    process.exit(1);
  }
  if (!committed.equals(Buffer.from(bytes))) {
    console.error(`${outfile} is out of date; run npm run build and commit it`);
    process.exit(1);
  }
  console.log(`bundle up to date (${bytes.length} bytes)`);
} else {
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, bytes);
  console.log(`wrote ${outfile} (${bytes.length} bytes)`);
}
