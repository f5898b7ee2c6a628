// `npm run build -w server`: src/ to dist/ for `node dist/main.js`, one file at a time with swc (the same
// transform the server's tests run under). Types are checked by `npm run typecheck`, not here: tsc's build
// type-checked everything a second time beside the type check and took ~35 s of CI on two cores; swc takes
// ~3 s. dist/ mirrors src/ at the same depth, so paths read relative to a module (prisma/migrations,
// schema/translations.json, client/dist) are the same from either. See docs/architecture.md#rules-of-the-house.
import { transformFile } from "@swc/core";
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");
const out = path.join(root, "dist");

const files = (await readdir(src, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts"))
  .map((e) => path.join(e.parentPath, e.name));

// a file removed from src/ must not linger in dist/ and be loaded by an old import
await rm(out, { recursive: true, force: true });
const t0 = performance.now();
await Promise.all(
  files.map(async (file) => {
    const target = path.join(out, path.relative(src, file)).replace(/\.ts$/, ".js");
    const { code, map } = await transformFile(file, {
      swcrc: false,
      jsc: { parser: { syntax: "typescript" }, target: "es2023", rewriteRelativeImportExtensions: true },
      module: { type: "es6" },
      sourceMaps: true,
      sourceFileName: path.relative(path.dirname(target), file),
    });
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    await writeFile(`${target}.map`, map ?? "");
  }),
);
// data a module reads beside itself (the reader's weights, ai/reader/weights.bin.gz) goes along as it is
const assets = (await readdir(src, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile() && e.name.endsWith(".bin.gz"))
  .map((e) => path.join(e.parentPath, e.name));
await Promise.all(
  assets.map(async (file) => {
    const target = path.join(out, path.relative(src, file));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
  }),
);
console.log(
  `server: ${files.length} files and ${assets.length} data files to dist/ in ${Math.round(performance.now() - t0)} ms`,
);
