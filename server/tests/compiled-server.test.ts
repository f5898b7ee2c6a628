// The compiled server (`npm start`, the Docker image): @sufra/schema and the server built with tsc,
// then `node dist/main.js` on its own embedded database. It must find from dist/ what it reads
// beside its code (the migrations, schema/translations.json, the embedded Postgres binaries) and
// load @sufra/schema as JavaScript. One test: it builds and starts a whole server.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "@jest/globals";

const root = path.resolve(import.meta.dirname, "../..");
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe("compiled server", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-compiled-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as user postgres
  let child: ReturnType<typeof spawn> | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 20_000);

  test("node dist/main.js starts on the embedded database, migrates, seeds the texts and answers /api/health", async () => {
    // incremental: nothing to do when CI has just built (its build step), seconds after a small change
    for (const ws of ["schema", "server"])
      execFileSync("npm", ["run", "build", "-w", ws], { cwd: root, stdio: "pipe" });

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      DEMO_DATA: "false",
      NODE_ENV: "production",
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS; // no loader: plain Node
    child = spawn(process.execPath, ["dist/main.js"], {
      cwd: path.join(root, "server"),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 150_000;
    let health: Response | undefined;
    while (!health) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}): ${output}`);
      if (Date.now() > deadline) throw new Error(`the compiled server did not answer in 150 s: ${output}`);
      health = await fetch(`${base}/api/health`).then(
        (r) => (r.status === 200 ? r : undefined),
        () => undefined,
      );
      if (!health) await new Promise((r) => setTimeout(r, 250));
    }
    // the API may say "degraded" from a busy event loop just after start; the database and jobs run
    expect(await health.json()).toMatchObject({ database: "healthy", scheduler: "healthy" });

    // the client's texts were seeded from schema/translations.json, found from dist/
    const list = (await (await fetch(`${base}/api/translations/list`)).json()) as {
      categories: { name: string; translations: unknown[] }[];
    };
    expect(list.categories.length).toBeGreaterThan(0);
    expect(list.categories.some((c) => c.translations.length > 0)).toBe(true);
  }, 400_000);
});
