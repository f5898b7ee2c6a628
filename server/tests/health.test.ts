// /api/health measures: the database by a round trip, the scheduler by its heartbeat job.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import pg from "pg";
import { createHealthService } from "../src/modules/health/health.service.ts";
import { call, gql, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

describe("health", () => {
  test("healthy once the scheduler's heartbeat has run, over REST and GraphQL", async () => {
    let body: any;
    for (let i = 0; i < 50; i++) {
      body = (await call(app.base, "GET", "/api/health")).body;
      if (body.scheduler === "healthy") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(body).toMatchObject({ status: "healthy", api: "healthy", database: "healthy", scheduler: "healthy" });
    expect(body.measurements.database_round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(body.measurements.last_heartbeat_at)).toBeLessThan(5_000);
    const g = await gql(app.base, "{ health { status database scheduler } }");
    expect(g.data.health).toEqual({ status: "HEALTHY", database: "HEALTHY", scheduler: "HEALTHY" });
  });

  test("an unreachable database is down, and so is the scheduler that lives in it", async () => {
    const pool = new pg.Pool({ connectionString: "postgresql://nobody:x@127.0.0.1:1/none", connectionTimeoutMillis: 500 });
    pool.on("error", () => {});
    const health = createHealthService({ pool, heartbeatMs: 1_000 });
    const r = await health.check();
    expect(r).toMatchObject({ status: "down", api: "healthy", database: "down", scheduler: "down" });
    health.close();
    await pool.end();
  });
});
