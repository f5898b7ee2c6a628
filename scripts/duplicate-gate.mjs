#!/usr/bin/env node
// The duplicate gate (docs/architecture.md#tools): jscpd lists the blocks of six or more lines that stand twice
// in the code (the scope and thresholds are in .jscpd.json: production code, scripts and benches; tests and
// generated files are left out). The count may only fall: more pairs than scripts/duplicates-baseline.json
// holds fails, naming the pairs the baseline does not know. `--update` writes a count that has fallen (a
// ratchet); a count that grew is written only with `--update --accept`, a decision the baseline's diff shows.
//
//   node scripts/duplicate-gate.mjs              check against the baseline
//   node scripts/duplicate-gate.mjs --update     lower the baseline to today's count
//   node scripts/duplicate-gate.mjs --root DIR   count another checkout (with this checkout's .jscpd.json)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
const baselineFile = join(repo, "scripts/duplicates-baseline.json");

/** One clone pair as the baseline keeps it: the two files and a hash of the repeated text (line numbers move). */
function pairKey(d) {
  const files = [d.firstFile.name, d.secondFile.name].sort();
  const hash = createHash("sha1").update(d.fragment.replace(/\s+/g, " ")).digest("hex").slice(0, 10);
  return `${files[0]} ~ ${files[1]} #${hash}`;
}

/** Runs jscpd over `root` with .jscpd.json; answers the pairs, their duplicated lines and the lines scanned. */
export function findDuplicates(root = repo) {
  const require = createRequire(join(repo, "package.json"));
  const bin = join(dirname(require.resolve("jscpd/package.json")), "run-jscpd.js");
  const out = mkdtempSync(join(tmpdir(), "jscpd-"));
  try {
    const run = spawnSync(
      process.execPath,
      [bin, "--config", join(repo, ".jscpd.json"), "--reporters", "json", "--output", out, "--no-tips", "."],
      { cwd: root, encoding: "utf8" },
    );
    const report = join(out, "jscpd-report.json");
    if (run.status !== 0 || !existsSync(report)) {
      throw new Error(`jscpd failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    }
    const { duplicates, statistics } = JSON.parse(readFileSync(report, "utf8"));
    const pairs = duplicates.map((d) => ({
      key: pairKey(d),
      where: `${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end} ~ ${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
      lines: d.lines,
    }));
    return { pairs, duplicatedLines: statistics.total.duplicatedLines, lines: statistics.total.lines };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function main(argv) {
  const rootAt = argv.indexOf("--root");
  const root = rootAt >= 0 ? resolve(argv[rootAt + 1]) : repo;
  const update = argv.includes("--update");
  const accept = argv.includes("--accept");
  const t0 = Date.now();
  const found = findDuplicates(root);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  const now = { pairs: found.pairs.length, duplicatedLines: found.duplicatedLines };
  console.log(
    `${now.pairs} duplicate pairs, ${now.duplicatedLines} duplicated lines of ${found.lines} (jscpd, ${seconds} s)`,
  );
  if (rootAt >= 0) return 0;

  const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, "utf8")) : null;
  const known = new Set(baseline?.known ?? []);
  const unknown = found.pairs.filter((p) => !known.has(p.key));
  const write = () => {
    const known = [...new Set(found.pairs.map((p) => p.key))].sort();
    writeFileSync(baselineFile, JSON.stringify({ ...now, known }, null, 2) + "\n");
    console.log(`baseline written: ${now.pairs} pairs, ${now.duplicatedLines} lines (${baselineFile})`);
  };

  if (!baseline) {
    write();
    return 0;
  }
  console.log(`baseline: ${baseline.pairs} pairs, ${baseline.duplicatedLines} lines`);
  const grew = now.pairs > baseline.pairs || now.duplicatedLines > baseline.duplicatedLines;
  if (grew) {
    console.log("\nPairs the baseline does not know (move the shared part to one place both use):");
    for (const p of unknown) console.log(`  ${p.where} (${p.lines} lines)`);
    if (update && accept) {
      write();
      return 0;
    }
    console.log(
      `\nThe duplicates grew: ${baseline.pairs} -> ${now.pairs} pairs, ${baseline.duplicatedLines} -> ${now.duplicatedLines} lines.` +
        "\nWrite each rule once (docs/architecture.md#tools); `--update --accept` raises the baseline on purpose.",
    );
    return 1;
  }
  if (update && (now.pairs < baseline.pairs || now.duplicatedLines < baseline.duplicatedLines || unknown.length)) {
    write();
  } else if (now.pairs < baseline.pairs || now.duplicatedLines < baseline.duplicatedLines) {
    console.log("Fewer than the baseline: run `npm run check:duplicates -- --update` to lower it.");
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
