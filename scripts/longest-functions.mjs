#!/usr/bin/env node
// The longest function (declaration, expression, arrow or method) of each server service, in lines from
// its first line to its last: the figure the house watches so that no service grows back into one closure
// (docs/architecture.md#a-service-in-parts). A service's factory counts like any function, and a service
// is its *.service.ts with the files of its own folder that it imports (its parts), followed onwards.
// Usage: node scripts/longest-functions.mjs [modules directory, default server/src/modules]
//        node scripts/longest-functions.mjs --json
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(fileURLToPath(import.meta.url), "../..");
const asJson = process.argv.includes("--json");
const dir = resolve(root, process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "server/src/modules");

/** Every *.service.ts under `dir`, one module folder deep as the modules are. */
function serviceFiles(d) {
  return readdirSync(d)
    .flatMap((name) => {
      const p = join(d, name);
      if (statSync(p).isDirectory()) return serviceFiles(p);
      return name.endsWith(".service.ts") ? [p] : [];
    })
    .sort();
}

/** A factory (createXService, createXPart): the closure a service is; the other column leaves these out. */
const FACTORY = /^create[A-Z]/;

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  // `const x = () => ...`, `x: function () ...`
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name)) return p.name.text;
  return "(anonymous)";
}

/** The service file and the files of its folder it imports, directly or through one another. */
function partsOf(file) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const f = queue.shift();
    const sf = ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const s of sf.statements) {
      if (!ts.isImportDeclaration(s) && !ts.isExportDeclaration(s)) continue;
      const spec = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : "";
      if (!/^\.\/[^/]+\.ts$/.test(spec)) continue;
      const p = join(f, "..", spec);
      if (!seen.has(p)) (seen.add(p), queue.push(p));
    }
  }
  return [...seen];
}

function longestIn(file) {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let best = { name: "(none)", lines: 0, line: 0, at: relative(root, file) };
  let inner = best;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      const found = { name: nameOf(node), lines, line: start + 1, at: relative(root, file) };
      if (lines > best.lines) best = found;
      if (lines > inner.lines && !FACTORY.test(found.name)) inner = found;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0), best, inner };
}

function longest(file) {
  const own = longestIn(file);
  const parts = partsOf(file).map(longestIn);
  const best = parts.reduce((a, b) => (b.best.lines > a.best.lines ? b : a)).best;
  const inner = parts.reduce((a, b) => (b.inner.lines > a.inner.lines ? b : a)).inner;
  return {
    file: relative(dir, file),
    fileLines: own.lines,
    partsLines: parts.reduce((n, p) => n + p.lines, 0),
    parts: parts.length,
    ownLongest: own.best,
    longest: best,
    longestInner: inner,
  };
}

const rows = serviceFiles(dir).map(longest);
if (asJson) console.log(JSON.stringify(rows, null, 2));
else {
  const w = Math.max(...rows.map((r) => r.file.length));
  const fn = (b) => `${b.name} ${b.lines} (${b.at.split("/").pop()}:${b.line})`;
  console.log(
    `${"service".padEnd(w)}  lines  files  longest function: in the file | with its parts | with its parts, factories left out`,
  );
  for (const r of rows)
    console.log(
      `${r.file.padEnd(w)}  ${String(r.fileLines).padStart(5)}  ${String(r.parts).padStart(5)}  ${fn(r.ownLongest)} | ${fn(r.longest)} | ${fn(r.longestInner)}`,
    );
}
