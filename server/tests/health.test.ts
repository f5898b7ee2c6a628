// /api/health measures: the database by a round trip, the scheduler by its heartbeat job.
import { describe, expect, test } from "@jest/globals";
import type { AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { healthRouter } from "../src/modules/health/health.rest.ts";
import type { Services } from "../src/services.ts";
import { createHealthService } from "../src/modules/health/health.service.ts";
import { call, freshDatabase, gql, startTestApp } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();

describe("health", () => {
  test("healthy once the scheduler's heartbeat has run, over REST and GraphQL", async () => {
    let body: any;
    for (let i = 0; i < 50; i++) {
      body = (await call(app.base, "GET", "/api/health")).body;
      // every part healthy: the heartbeat has run, and a busy moment (event-loop lag) has passed
      if (body.status === "healthy") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(body).toMatchObject({ status: "healthy", api: "healthy", database: "healthy", scheduler: "healthy" });
    expect(body.measurements.database_round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(body.measurements.last_heartbeat_at)).toBeLessThan(5_000);
    const g = await gql(app.base, "{ health { status database scheduler } }");
    expect(g.data.health).toEqual({ status: "HEALTHY", database: "HEALTHY", scheduler: "HEALTHY" });
  });

  test("an unreachable database is down, and so is the scheduler that lives in it", async () => {
    const pool = new pg.Pool({
      connectionString: "postgresql://nobody:x@127.0.0.1:1/none",
      connectionTimeoutMillis: 500,
    });
    pool.on("error", () => {});
    const health = createHealthService({ pool, heartbeatMs: 1_000 });
    const r = await health.check();
    expect(r).toMatchObject({ status: "down", api: "healthy", database: "down", scheduler: "down" });
    // and over HTTP that is a 503, so a load balancer takes the process out
    const server = express()
      .use("/api/health", healthRouter({ health } as unknown as Services))
      .listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "down", database: "down" });
    await new Promise((resolve) => server.close(resolve));
    health.close();
    await pool.end();
  });

  test("the first answer after a first start is not degraded by the start-up's own work (texts and the demo seeded)", async () => {
    // a first start, as `npm start` on a fresh clone has it: the client's texts and the demo café are seeded
    // (one large insert, captions written and photos drawn), stalling the event loop before the server serves
    const url = await freshDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("delete from translations");
    await c.end();
    const started = await startTestApp({ DEMO_DATA: "true" }, url);
    try {
      expect(started.sufra.demo?.created).toBe(true);
      const first = await call(started.base, "GET", "/api/health");
      expect(first.status).toBe(200);
      // the lag a caller waits on, from when the server serves: start-up's is not in it
      expect(first.body.reasons.filter((r: { part: string }) => r.part === "api")).toEqual([]);
      expect(first.body.api).toBe("healthy");
    } finally {
      await started.stop();
    }
  }, 90_000);

  test("the loop's lag counts from when the server serves, and lag after that still counts", async () => {
    const busy = (ms: number) => {
      for (const until = performance.now() + ms; performance.now() < until;);
    };
    const turn = () => new Promise((r) => setTimeout(r, 30));
    const pool = new pg.Pool({
      connectionString: "postgresql://nobody:x@127.0.0.1:1/none",
      connectionTimeoutMillis: 200,
    });
    pool.on("error", () => {});
    const health = createHealthService({ pool, heartbeatMs: 1_000 });
    try {
      // start-up: three stalls of 700 ms, the loop turning between them
      for (let i = 0; i < 3; i++) {
        busy(700);
        await turn();
      }
      health.serving();
      await turn();
      expect((await health.check()).api).toBe("healthy");
      // serving: the same stalls are the API's lag
      for (let i = 0; i < 3; i++) {
        busy(700);
        await turn();
      }
      const r = await health.check();
      expect(r.api).toBe("degraded");
      expect(r.reasons).toContainEqual({ part: "api", code: "event_loop_lag", value: expect.any(Number), limit: 500 });
    } finally {
      health.close();
      await pool.end();
    }
  }, 30_000);
});
