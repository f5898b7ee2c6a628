// Cold start and idle memory: the server run through tsx (`npm run dev`'s way) against the compiled
// build (`node dist/main.js`, `npm start` and the Docker image). Both start on the same embedded
// database, already initialised by a first start, so the figure is the server's own start-up:
// process spawn -> /api/health answers 200. Idle memory is the process's resident set
// (/proc/<pid>/status VmRSS) after 10 s of idling. Runs alternate (tsx, compiled, tsx, ...) so a
// busy machine weighs on both alike; medians are printed.
//
//   npm run bench:start            (builds @sufra/schema and the server first)
//   BENCH_RUNS=5 BENCH_IDLE_MS=10000
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const modes = { tsx: ["--import", "tsx", "src/main.ts"], compiled: ["dist/main.js"] } as const;
type Mode = keyof typeof modes;

if (!existsSync(path.join(serverDir, "dist/main.js"))) {
  console.error(
    "no server/dist/main.js: run `npm run build -w schema && npm run build -w server` first (npm run bench:start does)",
  );
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-bench-start-"));
chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as user postgres

async function start(mode: Mode, measureIdle: boolean): Promise<{ startMs: number; rssMb: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    DEMO_PASSWORD: "Bench#Pass2026",
    ADMIN_PASSWORD: "Bench#Admin2026",
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...modes[mode]], { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode}: the server exited: ${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 180_000) throw new Error(`${mode}: no answer in 180 s: ${output}`);
      await sleep(20);
    }
    const startMs = performance.now() - t0;
    let rss = Number.NaN;
    if (measureIdle) {
      await sleep(idleMs);
      rss = rssMb(child.pid!);
    }
    return { startMs, rssMb: rss };
  } finally {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([gone, sleep(15_000)]);
  }
}

try {
  // the first start initialises the database (initdb, migrations, seed); it is not counted
  await start("compiled", false);
  const results: Record<Mode, { startMs: number[]; rssMb: number[] }> = {
    tsx: { startMs: [], rssMb: [] },
    compiled: { startMs: [], rssMb: [] },
  };
  for (let i = 0; i < runs; i++) {
    for (const mode of ["tsx", "compiled"] as const) {
      const r = await start(mode, true);
      results[mode].startMs.push(r.startMs);
      results[mode].rssMb.push(r.rssMb);
      console.log(
        `run ${i + 1} ${mode.padEnd(8)} start ${Math.round(r.startMs)} ms, idle RSS ${r.rssMb.toFixed(1)} MB`,
      );
    }
  }
  const m = (mode: Mode) => ({ start: median(results[mode].startMs), rss: median(results[mode].rssMb) });
  const t = m("tsx");
  const c = m("compiled");
  console.log(`\nmedian of ${runs} (cold start: spawn -> /api/health 200; idle RSS after ${idleMs / 1000} s)`);
  console.log(`tsx       start ${Math.round(t.start)} ms, idle RSS ${t.rss.toFixed(1)} MB`);
  console.log(`compiled  start ${Math.round(c.start)} ms, idle RSS ${c.rss.toFixed(1)} MB`);
  console.log(`compiled/tsx: start ${(c.start / t.start).toFixed(2)}, idle RSS ${(c.rss / t.rss).toFixed(2)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
