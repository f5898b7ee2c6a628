#!/usr/bin/env node
// The house's figures in one table (docs/architecture.md#tools), so that a checkout can be compared with another:
//
//   npm run figures:house                        this checkout
//   npm run figures:house -- --root ../before    another checkout (read with this checkout's tools and configs)
//   add --json for one JSON object, --skip knip,cycles,duplicates to leave the slow ones out
//
// What each figure counts:
// - network files: production files (schema/src, server/src, client/src; not tests, test mocks or generated
//   files; .ts, .tsx, .css and .graphql) outside the network's pack that name the network. A pack is
//   schema/src/networks/<n>*, server/src/networks/<n>/, client/src/networks/<n>/ and
//   server/tests/fakes/<n>-server.ts. A file names a network when it matches, case-insensitively,
//   instagram, facebook, tiktok, snapchat or google; X is named by "twitter" (its platform value and GraphQL
//   enum, TWITTER) or by a capital X standing alone as a word ("X", Platform.X, "Connect X"), never by a
//   lower-case x, which is a variable or a unit. Also counted: those naming it in code (comments aside), and of
//   them those beyond the registry (files directly in the three networks/ folders, which list every network).
// - door exports: names that server/src/modules/*/index.ts export from a *.graphql.ts, *.rest.ts or
//   *.openapi.ts file (re-exports through `export *` are followed one level).
// - type loop: the largest strongly connected set of files when type-only imports count as edges
//   (dependency-cruiser's graph with this checkout's .dependency-cruiser.cjs options); the runtime loop is the
//   same with type-only edges left out (check:borders keeps it at 1, no cycle).
// - duplicate pairs: the duplicate gate's jscpd count (scripts/duplicate-gate.mjs, .jscpd.json), and the
//   same with tests counted.
// - dead code: knip's unused files, exports and types (knip.jsonc), run with --include files,exports,types.
// - longest function per service (server/src/**/*.service.ts with the parts of its folder it imports): in lines
//   (usually the service's closure) and the longest function inside another function.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { findDuplicates } from "./duplicate-gate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
/** A root development dependency's folder (their package.json files are not exported to require.resolve). */
const packageDir = (name) => join(repo, "node_modules", name);

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const root = resolve(option("--root") ?? repo);
const skip = new Set((option("--skip") ?? "").split(",").filter(Boolean));
const asJson = args.includes("--json");

const posix = (p) => p.split(sep).join("/");

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(posix(relative(root, full)));
  }
  return out;
}

// --- files naming each network outside its pack ---------------------------------------------------------------

const NETWORKS = {
  instagram: { pack: ["instagram"], names: /instagram/i },
  facebook: { pack: ["facebook"], names: /facebook/i },
  tiktok: { pack: ["tiktok"], names: /tiktok/i },
  snapchat: { pack: ["snapchat"], names: /snapchat/i },
  google: { pack: ["google"], names: /google/i },
  x: { pack: ["x", "twitter"], names: /twitter|(?<![\w$])X(?![\w$])/ },
};

const isTestOrGenerated = (f) =>
  /\.test\.tsx?$|(^|\/)testMocks\.tsx?$|\.d\.ts$/.test(f) ||
  /^client\/src\/graphql\/|^server\/src\/generated\/|(^|\/)__mocks__\//.test(f);

function inPack(file, packNames) {
  return packNames.some(
    (n) =>
      file.startsWith(`schema/src/networks/${n}`) ||
      file.startsWith(`server/src/networks/${n}/`) ||
      file.startsWith(`client/src/networks/${n}/`) ||
      file === `server/tests/fakes/${n}-server.ts`,
  );
}

/** The registry's own files list every network by design: the three networks/ folders' files outside any pack. */
const isRegistry = (file) => /^(schema|server|client)\/src\/networks\/[^/]+$/.test(file);

/** A file's text without its comments: a network named only in a comment is a note, not a dependency. */
function withoutComments(file, text) {
  if (/\.css$/.test(file)) return text.replace(/\/\*[\s\S]*?\*\//g, "");
  if (/\.graphql$/.test(file)) return text.replace(/#.*$/gm, "");
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  let out = "";
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if (t !== ts.SyntaxKind.SingleLineCommentTrivia && t !== ts.SyntaxKind.MultiLineCommentTrivia)
      out += scanner.getTokenText();
  }
  return out;
}

function networkFiles() {
  const files = ["schema/src", "server/src", "client/src"]
    .flatMap((d) => walk(join(root, d)))
    .filter((f) => /\.(tsx?|css|graphql)$/.test(f) && !isTestOrGenerated(f));
  const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), "utf8")]));
  const code = new Map(files.map((f) => [f, withoutComments(f, texts.get(f))]));
  const result = {};
  for (const [network, { pack, names }] of Object.entries(NETWORKS)) {
    const naming = files.filter((f) => names.test(texts.get(f)));
    const inCode = naming.filter((f) => !inPack(f, pack) && names.test(code.get(f)));
    result[network] = {
      outside: naming.filter((f) => !inPack(f, pack)).length,
      inCode: inCode.length,
      beyondRegistry: inCode.filter((f) => !isRegistry(f)).length,
      all: naming.length,
    };
  }
  return { files: files.length, byNetwork: result };
}

// --- door exports from server faces ----------------------------------------------------------------------------

const DOOR = /\.(graphql|rest|openapi)\.ts$/;

function exportedNames(file, depth = 0) {
  if (!existsSync(file)) return [];
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const names = [];
  for (const st of source.statements) {
    if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null;
      const target = from?.startsWith(".") ? resolve(dirname(file), from) : null;
      if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) names.push({ name: el.name.text, from: target ?? file });
      } else if (!st.exportClause && target && depth < 1) {
        for (const n of exportedNames(target, depth + 1)) names.push({ name: n.name, from: target });
      }
    } else if (ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) names.push({ name: d.name.text, from: file });
        }
      } else if (st.name && ts.isIdentifier(st.name)) names.push({ name: st.name.text, from: file });
    }
  }
  return names;
}

function doorExports() {
  const modules = join(root, "server/src/modules");
  let total = 0;
  const doors = [];
  for (const m of existsSync(modules) ? readdirSync(modules).sort() : []) {
    const face = join(modules, m, "index.ts");
    for (const { name, from } of exportedNames(face)) {
      total += 1;
      if (DOOR.test(from)) doors.push(`${m}.${name} (${posix(relative(join(modules, m), from))})`);
    }
  }
  return { total, doors: doors.length, names: doors };
}

// --- the largest import loop -----------------------------------------------------------------------------------

function largestLoops() {
  const bin = join(packageDir("dependency-cruiser"), "bin/dependency-cruise.mjs");
  const config = existsSync(join(root, ".dependency-cruiser.cjs"))
    ? join(root, ".dependency-cruiser.cjs")
    : join(repo, ".dependency-cruiser.cjs");
  const run = spawnSync(
    process.execPath,
    [bin, "schema/src", "server/src", "client/src", "--config", config, "--output-type", "json"],
    { cwd: root, encoding: "utf8", maxBuffer: 512 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  const { modules } = JSON.parse(run.stdout);
  const largest = (withTypes) => {
    const edges = new Map(
      modules.map((m) => [
        m.source,
        m.dependencies
          .filter((d) => withTypes || !d.dependencyTypes.some((t) => t === "type-only" || t === "type-import"))
          .map((d) => d.resolved),
      ]),
    );
    return tarjan(edges);
  };
  const typed = largest(true);
  const runtime = largest(false);
  return { withTypes: typed.length, runtime: runtime.length, files: typed };
}

/** The largest strongly connected component of a directed graph (Tarjan, iterative). */
function tarjan(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let best = [];
  for (const start of edges.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const next = edges.get(v) ?? [];
      if (i < next.length) {
        frame[1] += 1;
        const w = next[i];
        if (!edges.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
      } else {
        work.pop();
        if (work.length) {
          const u = work[work.length - 1][0];
          low.set(u, Math.min(low.get(u), low.get(v)));
        }
        if (low.get(v) === idx.get(v)) {
          const component = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            component.push(w);
          } while (w !== v);
          if (component.length > best.length) best = component;
        }
      }
    }
  }
  return best.sort();
}

// --- dead code (knip) ------------------------------------------------------------------------------------------

function deadCode() {
  const bin = join(packageDir("knip"), "bin/knip.js");
  const run = spawnSync(
    process.execPath,
    [
      bin,
      "--directory",
      root,
      "--config",
      join(repo, "knip.jsonc"),
      "--include",
      "files,exports,types",
      "--reporter",
      "json",
      "--no-progress",
      "--no-exit-code",
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const json = run.stdout.slice(run.stdout.indexOf("{"));
  if (!json) throw new Error(`knip failed: ${run.stderr}`);
  const report = JSON.parse(json);
  let exports = 0;
  let types = 0;
  let files = report.files?.length ?? 0;
  for (const issue of report.issues ?? []) {
    exports += (issue.exports ?? []).length;
    types += (issue.types ?? []).length;
    if (issue.files === true || (Array.isArray(issue.files) && issue.files.length)) files += 0;
  }
  if (!report.files) files = (report.issues ?? []).filter((i) => i.files?.length || i.files === true).length;
  return { files, exports, types };
}

// --- the longest function per service file ---------------------------------------------------------------------

function longestFunctions() {
  const files = walk(join(root, "server/src"))
    .filter((f) => /\.service\.ts$/.test(f))
    .sort();
  // A service made of parts (docs/architecture.md#a-service-in-parts) counts with the files of its folder it
  // imports, doors and wire shapes aside: a split that only moved a closure next door would otherwise look short.
  const partsOf = (file) => {
    const seen = new Set([file]);
    const queue = [file];
    while (queue.length) {
      const text = readFileSync(join(root, queue.shift()), "utf8");
      for (const m of text.matchAll(/from "\.\/([^"/]+\.ts)"/g)) {
        const part = join(dirname(file), m[1]);
        if (seen.has(part) || /\.(graphql|rest|openapi|shape)\.ts$/.test(part)) continue;
        seen.add(part);
        queue.push(part);
      }
    }
    return [...seen];
  };
  return files.map((file) => {
    let longest = { lines: 0, name: "" };
    let inner = { lines: 0, name: "" };
    for (const part of partsOf(file)) {
      const source = ts.createSourceFile(part, readFileSync(join(root, part), "utf8"), ts.ScriptTarget.Latest, true);
      const where = part === file ? "" : ` in ${basename(part)}`;
      const visit = (node, depth) => {
        const fn =
          ts.isFunctionDeclaration(node) ||
          ts.isFunctionExpression(node) ||
          ts.isArrowFunction(node) ||
          ts.isMethodDeclaration(node) ||
          ts.isGetAccessor(node) ||
          ts.isSetAccessor(node);
        if (fn) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const found = { lines: end - start + 1, name: functionName(node) + where };
          if (found.lines > longest.lines) longest = found;
          if (depth > 0 && found.lines > inner.lines) inner = found;
        }
        ts.forEachChild(node, (child) => visit(child, fn ? depth + 1 : depth));
      };
      visit(source, 0);
    }
    const lines = readFileSync(join(root, file), "utf8").split("\n").length;
    return { file, lines, longest, inner };
  });
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name)) return p.name.text;
  if (p && ts.isCallExpression(p)) {
    const callee = p.expression.getText().slice(0, 40);
    return `(argument of ${callee})`;
  }
  return "(anonymous)";
}

// --- the table -------------------------------------------------------------------------------------------------

function timed(name, fn) {
  if (skip.has(name)) return { skipped: true };
  const t0 = Date.now();
  try {
    return { ...fn(), seconds: Number(((Date.now() - t0) / 1000).toFixed(1)) };
  } catch (error) {
    return { error: String(error.message ?? error).split("\n")[0] };
  }
}

const figures = {
  root,
  networks: timed("networks", networkFiles),
  faces: timed("faces", doorExports),
  loops: timed("cycles", largestLoops),
  duplicates: timed("duplicates", () => {
    const gate = findDuplicates(root);
    return { pairs: gate.pairs.length, duplicatedLines: gate.duplicatedLines };
  }),
  dead: timed("knip", deadCode),
  services: timed("services", () => ({ files: longestFunctions() })),
};

if (asJson) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  const rows = [];
  const row = (figure, value) => rows.push([figure, String(value)]);
  const fail = (f) => (f.skipped ? "skipped" : f.error ? `error: ${f.error}` : null);
  const n = figures.networks;
  for (const [network, c] of Object.entries(n.byNetwork ?? {})) {
    row(
      `files naming ${network} outside its pack`,
      fail(n) ??
        `${c.outside} (of ${c.all} naming it; ${c.inCode} outside it in code, comments aside, ${c.beyondRegistry} of them beyond the registry)`,
    );
  }
  row(
    "door exports from server faces",
    fail(figures.faces) ?? `${figures.faces.doors} of ${figures.faces.total} names`,
  );
  row(
    "largest import loop, type-only imports counted",
    fail(figures.loops) ?? `${figures.loops.withTypes} files (runtime imports only: ${figures.loops.runtime})`,
  );
  row(
    "duplicate pairs (jscpd gate)",
    fail(figures.duplicates) ?? `${figures.duplicates.pairs} pairs, ${figures.duplicates.duplicatedLines} lines`,
  );
  row(
    "dead code (knip)",
    fail(figures.dead) ??
      `${figures.dead.files} unused files, ${figures.dead.exports} unused exports, ${figures.dead.types} unused types`,
  );
  if (figures.services.files) {
    for (const s of figures.services.files) {
      row(
        `longest function in ${s.file.replace(/^server\/src\/modules\//, "")}`,
        `${s.longest.lines} lines ${s.longest.name} (inner: ${s.inner.lines} ${s.inner.name}; file ${s.lines})`,
      );
    }
  } else row("longest function per service", fail(figures.services));
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`House figures for ${root}\n`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  const times = ["networks", "faces", "loops", "duplicates", "dead", "services"]
    .map((k) => `${k} ${figures[k].seconds ?? "-"} s`)
    .join(", ");
  console.log(`\n(${times})`);
}
