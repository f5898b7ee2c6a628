// `npm run test:e2e`: the browser suite with ONE server (and its embedded PostgreSQL) and ONE
// chromium for every file, instead of one of each per file (starting a server and seeding its demo
// café took most of a file's time). The files still run one at a time under `node --test`, each in
// its own browser context; support.mjs picks the shared pair up from the environment. Arguments
// name the files to run (default: every e2e/*.test.mjs).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, SHARED_BASE, SHARED_BROWSER, SHARED_DATA, startServer } from "./support.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(here)
      .filter((f) => f.endsWith(".test.mjs"))
      .sort()
      .map((f) => path.join(here, f));

const t0 = Date.now();
const [server, chrome] = await Promise.all([startServer(), chromium.launchServer(CHROMIUM)]);
console.log(`# shared server and chromium ready in ${Math.round((Date.now() - t0) / 1000)} s`);

const child = spawn(process.execPath, ["--test", "--test-concurrency=1", ...files], {
  stdio: "inherit",
  env: {
    ...process.env,
    [SHARED_BASE]: server.base,
    [SHARED_BROWSER]: chrome.wsEndpoint(),
    [SHARED_DATA]: server.dataDir,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
await Promise.allSettled([chrome.close(), server.stop()]);
process.exit(code);
