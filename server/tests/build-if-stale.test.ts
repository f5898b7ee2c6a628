// `npm start` builds a workspace only when what it is built from changed since its last build
// (scripts/build-if-stale.mjs); `npm run build` stays the full build. Checked on small trees of its own:
// the script itself run in a copy of the workspaces' layout whose builds are quick stand-ins.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "@jest/globals";
// @ts-expect-error a plain ES module script, without declarations
import { staleReason, WORKSPACES } from "../../scripts/build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-stale-"));
const stamps = path.join(dir, "stamps");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (rel: string, text = "x", at?: Date) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
  if (at) utimesSync(path.join(dir, rel), at, at);
};
const ago = (s: number) => new Date(Date.now() - s * 1000);
const client = (WORKSPACES as { name: string }[]).find((w) => w.name === "client")!;
const server = (WORKSPACES as { name: string }[]).find((w) => w.name === "server")!;

describe("npm start's build", () => {
  test("npm start builds through the stale check; npm run build stays the full build", () => {
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
    expect(scripts.start).toBe("node scripts/build-if-stale.mjs && npm run start -w server");
    expect(scripts.build).toBe("npm run build -w schema && npm run build -w server && npm run build -w client");
  });

  test("a workspace is built when its output is missing, never built here, or older than a source", () => {
    write("client/src/main.tsx", "x", ago(100));
    write("schema/src/index.ts", "x", ago(100));
    write("package-lock.json", "{}", ago(100));
    for (const d of ["client/src", "schema/src", "client", "schema"]) utimesSync(path.join(dir, d), ago(100), ago(100));
    expect(staleReason(client, dir, stamps)).toBe("no client/dist/playground.html");
    write("client/dist/playground.html", "<html>", ago(50));
    expect(staleReason(client, dir, stamps)).toBe("not built by npm start before");
    write("stamps/client", "", ago(50));
    expect(staleReason(client, dir, stamps)).toBeNull();
    // a source saved after the build began; the schema's sources are the client's too (Vite bundles them)
    write("schema/src/index.ts", "y");
    expect(staleReason(client, dir, stamps)).toBe("sources changed");
    utimesSync(path.join(dir, "schema/src/index.ts"), ago(100), ago(100));
    expect(staleReason(client, dir, stamps)).toBeNull();
    // new dependencies
    write("package-lock.json", "{ }");
    expect(staleReason(client, dir, stamps)).toBe("sources changed");
  });

  test("removing a source file counts; tests and generated GraphQL documents do not", () => {
    write("server/src/main.ts", "x", ago(100));
    write("server/src/gone.ts", "x", ago(100));
    write("server/dist/main.js", "x", ago(50));
    write("package-lock.json", "{}", ago(100));
    write("stamps/server", "", ago(50));
    utimesSync(path.join(dir, "server/src"), ago(100), ago(100));
    utimesSync(path.join(dir, "server"), ago(100), ago(100));
    expect(staleReason(server, dir, stamps)).toBeNull();
    rmSync(path.join(dir, "server/src/gone.ts"));
    expect(staleReason(server, dir, stamps)).toBe("sources changed");

    write("client/src/graphql/graphql.ts", "generated", ago(100));
    write("client/src/app/App.test.tsx", "x", ago(100));
    write("package-lock.json", "{}", ago(100));
    write("schema/src/index.ts", "x", ago(100));
    for (const d of ["client/src/graphql", "client/src/app", "client/src", "client", "schema/src", "schema"])
      utimesSync(path.join(dir, d), ago(100), ago(100));
    write("stamps/client", "", ago(50));
    expect(staleReason(client, dir, stamps)).toBeNull();
    write("client/src/graphql/graphql.ts", "generated again"); // `npm run typecheck` runs codegen
    write("client/src/app/App.test.tsx", "y");
    expect(staleReason(client, dir, stamps)).toBeNull();
  });

  test("run twice: the first start builds each workspace with one line each, the second builds nothing; a change rebuilds its own", async () => {
    const tree = mkdtempSync(path.join(os.tmpdir(), "sufra-start-"));
    try {
      const at = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
        writeFileSync(path.join(tree, rel), text);
        utimesSync(path.join(tree, rel), ago(100), ago(100));
      };
      mkdirSync(path.join(tree, "scripts"));
      copyFileSync(path.join(root, "scripts/build-if-stale.mjs"), path.join(tree, "scripts/build-if-stale.mjs"));
      at("package.json", JSON.stringify({ name: "tree", private: true, workspaces: ["schema", "server", "client"] }));
      at("package-lock.json", "{}");
      // each stand-in build writes the output the script looks for, notes that it ran, and talks as much as Vite does
      const build = (ws: string, output: string) =>
        `node -e "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/${output}','');fs.appendFileSync('../builds.txt','${ws}\\n');for(let i=0;i<700;i++)console.log('dist/assets/chunk-'+i+'.js 1.00 kB')"`;
      at("schema/package.json", JSON.stringify({ name: "@t/schema", scripts: { build: build("schema", "index.js") } }));
      at("server/package.json", JSON.stringify({ name: "@t/server", scripts: { build: build("server", "main.js") } }));
      at(
        "client/package.json",
        JSON.stringify({ name: "@t/client", scripts: { build: build("client", "playground.html") } }),
      );
      at("schema/src/index.ts", "export const a = 1;");
      at("server/src/main.ts", "export {};");
      at("client/src/main.tsx", "export {};");
      const start = () =>
        new Promise<{ code: number; out: string }>((resolve) =>
          execFile(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: tree }, (e, stdout, stderr) =>
            resolve({ code: e ? Number(e.code ?? 1) : 0, out: stdout + stderr }),
          ),
        );
      const builds = () => readFileSync(path.join(tree, "builds.txt"), "utf8").trim().split("\n");

      const first = await start();
      expect(first.code).toBe(0);
      expect(first.out.trim().split("\n")).toEqual([
        expect.stringMatching(/^schema: building \(no schema\/dist\/index\.js\) \.\.\. built in \d+\.\d s$/),
        expect.stringMatching(/^server: building \(no server\/dist\/main\.js\) \.\.\. built in /),
        expect.stringMatching(/^client: building \(no client\/dist\/playground\.html\) \.\.\. built in /),
      ]);
      expect(builds()).toEqual(["schema", "server", "client"]);

      const second = await start();
      expect(second.out.trim().split("\n")).toEqual(["schema: up to date", "server: up to date", "client: up to date"]);
      expect(builds()).toHaveLength(3);

      // the schema's sources are the client's too; the server takes the schema's build, not its sources
      writeFileSync(path.join(tree, "schema/src/index.ts"), "export const a = 2;");
      const third = await start();
      expect(third.out).toContain("server: up to date");
      expect(builds()).toEqual(["schema", "server", "client", "schema", "client"]);

      // a failed build stops the start, showing what it said
      writeFileSync(
        path.join(tree, "server/package.json"),
        JSON.stringify({
          name: "@t/server",
          scripts: { build: "node -e \"console.error('server: src/main.ts: unexpected token');process.exit(2)\"" },
        }),
      );
      const failed = await start();
      expect(failed.code).not.toBe(0);
      expect(failed.out).toContain("server: src/main.ts: unexpected token");
      expect(failed.out).toContain("server: building (sources changed) ... failed");
      expect(failed.out).toContain("server: the build failed");
      expect(failed.out).not.toContain("client:");
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }, 60_000);
});
