// Loaded with `node --import` into a benchmarked server process: on SIGUSR2 it writes the process's
// memory (process.memoryUsage and V8's heap spaces, bytes) as one JSON line to SUFRA_MEMORY_PROBE, so
// a benchmark can read the heap as well as the resident set without touching the server's code.
import { appendFileSync } from "node:fs";
import v8 from "node:v8";

const out = process.env.SUFRA_MEMORY_PROBE;
if (out) {
  process.on("SIGUSR2", () => {
    if (process.env.SUFRA_MEMORY_PROBE_GC === "1" && globalThis.gc) globalThis.gc();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    appendFileSync(out, JSON.stringify({ at: Date.now(), ...process.memoryUsage(), spaces }) + "\n");
  });
}
