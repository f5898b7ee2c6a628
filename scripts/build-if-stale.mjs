// `npm start`'s build: each workspace (schema, server, client with its playground) is built only when a
// file it is built from is newer than its last build here, and each says one line (built in N s, or up
// to date) instead of the builders' listings (Vite's lists every file it writes, and their twins); a failed
// build prints its whole output. `npm run build`
// stays the full build with the listings (CI builds each workspace itself).
//
// A build's stamp is kept in node_modules/.cache/sufra-build/ with the time the build began, so a file
// saved during a build counts as newer; `npm ci` empties node_modules, and so the next start builds all.
// Directories count by their own time too: removing or renaming a file changes its directory's.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamps = path.join(root, "node_modules", ".cache", "sufra-build");

/** Tests and generated GraphQL documents (made from schema.graphql and the .graphql files, both inputs) do not change a build. */
const ignored = (rel) =>
  /\.test\.tsx?$/.test(rel) || rel === "client/src/graphql" || rel.startsWith("client/src/graphql/");

/** What each workspace is built from, and a file its build leaves (missing: build it again). */
export const WORKSPACES = [
  {
    name: "schema",
    inputs: ["schema/src", "schema/package.json", "schema/tsconfig.json", "schema/tsconfig.build.json"],
    output: "schema/dist/index.js",
  },
  {
    name: "server",
    inputs: ["server/src", "server/scripts/build.mjs", "server/package.json"],
    output: "server/dist/main.js",
  },
  {
    name: "client",
    // the client bundles @sufra/schema's sources and generates its GraphQL types from schema.graphql
    inputs: [
      "client/src",
      "client/index.html",
      "client/playground.html",
      "client/vite.config.ts",
      "client/vite.playground.config.ts",
      "client/tsconfig.json",
      "client/package.json",
      "client/public",
      "schema/src",
      "schema/schema.graphql",
      "codegen.ts",
    ],
    output: "client/dist/playground.html",
  },
];
const SHARED_INPUTS = ["package-lock.json"];

/** The newest modification time (ms) among the inputs, files and directories alike; 0 when none exist. */
export function newestInput(inputs, base = root) {
  let newest = 0;
  const visit = (abs, rel) => {
    if (ignored(rel)) return;
    let st;
    try {
      st = statSync(abs);
    } catch {
      return; // an optional input (client/public) that is not there
    }
    newest = Math.max(newest, st.mtimeMs);
    if (st.isDirectory()) for (const e of readdirSync(abs)) visit(path.join(abs, e), `${rel}/${e}`);
  };
  for (const i of inputs) visit(path.join(base, i), i);
  return newest;
}

/** Why a workspace needs building, or null when its last build here is newer than all it is built from. */
export function staleReason(ws, base = root, stampDir = stamps) {
  if (!existsSync(path.join(base, ws.output))) return `no ${ws.output}`;
  const stamp = path.join(stampDir, ws.name);
  if (!existsSync(stamp)) return "not built by npm start before";
  const builtAt = statSync(stamp).mtimeMs;
  return newestInput([...ws.inputs, ...SHARED_INPUTS], base) > builtAt ? "sources changed" : null;
}

function run(ws) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build", "-w", ws.name], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main() {
  mkdirSync(stamps, { recursive: true });
  for (const ws of WORKSPACES) {
    const why = staleReason(ws);
    if (!why) {
      console.log(`${ws.name}: up to date`);
      continue;
    }
    // one line, begun now and ended when the build is: the client's takes a minute on a busy machine
    process.stdout.write(`${ws.name}: building (${why}) ... `);
    const began = new Date();
    const t0 = performance.now();
    const { code, output } = await run(ws);
    if (code !== 0) {
      process.stdout.write("failed\n");
      process.stderr.write(output);
      console.error(`${ws.name}: the build failed (exit ${code}); its output is above`);
      process.exit(code);
    }
    const stamp = path.join(stamps, ws.name);
    writeFileSync(stamp, `${began.toISOString()}\n`);
    utimesSync(stamp, began, began);
    console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.filename === process.argv[1]) await main();
