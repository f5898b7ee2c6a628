#!/usr/bin/env node
// Comments and docs cite files that exist in this repository (docs/product.md, docs/architecture.md),
// never planning documents kept elsewhere or issue numbers, which a reader of the tree cannot open.
// Fails, naming each file and line, when one is found, or when a docs/<name>.md#<section> does not exist. `node scripts/check-citations.mjs [root]`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const root = resolve(process.argv[2] ?? join(self, "..", ".."));

const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  "generated",
  ".git",
  ".data",
  "test-artifacts",
  "coverage",
  "graphql-generated",
]);
const TEXT =
  /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css|md|prisma|graphql|json|ya?ml|sh|sql|html|conf)$|(^|\/)(Dockerfile|run)$/;
// package-lock.json and the generated client types are not written by people
const SKIP_FILES = new Set(["package-lock.json", "client/src/graphql/graphql.ts", "client/src/graphql/gql.ts"]);

const RULES = [
  { re: /\bSPEC\b(?!_)/, why: "cites the outside specification; cite a section of docs/product.md instead" },
  {
    re: /\b(ARCHITECTURE|DESIGN)\.md\b/,
    why: "cites an outside document; cite a section of docs/architecture.md or docs/product.md instead",
  },
  { re: /\b[Ii]ssues? #?\d+/, why: "cites an issue number; say why in the comment itself" },
];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(path);
    } else if (entry.isFile() && TEXT.test(entry.name) && path !== self) yield path;
  }
}

// docs/<name>.md#<section>: the file exists under docs/ and has a heading with that anchor (GitHub's slugs)
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/\s/g, "-");
const anchors = new Map();
function sectionsOf(name) {
  if (!anchors.has(name)) {
    let text = null;
    try {
      text = readFileSync(join(root, "docs", `${name}.md`), "utf8");
    } catch {
      /* no such doc */
    }
    // a heading's slug, or an explicit <a id="..."> (for a heading whose slug is not plain ASCII)
    anchors.set(
      name,
      text === null
        ? null
        : new Set([
            ...[...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1])),
            ...[...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]),
          ]),
    );
  }
  return anchors.get(name);
}
function brokenDocLinks(line) {
  const broken = [];
  for (const m of line.matchAll(/\bdocs\/([\w-]+)\.md((?:#[\w-]+)?(?:, #[\w-]+)*)/g)) {
    const sections = sectionsOf(m[1]);
    if (!sections) broken.push(`docs/${m[1]}.md does not exist`);
    else
      for (const a of m[2].matchAll(/#([\w-]+)/g))
        if (!sections.has(a[1])) broken.push(`docs/${m[1]}.md has no section #${a[1]}`);
  }
  return broken;
}

const found = [];
for (const path of files(root)) {
  const rel = relative(root, path).split("\\").join("/");
  if (SKIP_FILES.has(rel) || SKIP_FILES.has(rel.split("/").pop()) || statSync(path).size > 2_000_000) continue;
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      for (const rule of RULES)
        if (rule.re.test(line)) found.push(`${rel}:${i + 1}: ${rule.why}\n    ${line.trim().slice(0, 160)}`);
      for (const why of brokenDocLinks(line)) found.push(`${rel}:${i + 1}: ${why}\n    ${line.trim().slice(0, 160)}`);
    });
}

if (found.length) {
  console.error(found.join("\n"));
  console.error(
    `\n${found.length} citation(s) of files outside the repository, of missing sections or of issue numbers. Comments cite docs/product.md#<section> or docs/architecture.md#<section>, and say why without an issue number.`,
  );
  process.exit(1);
}
console.log("No citations of files outside the repository, of missing doc sections or of issue numbers.");
