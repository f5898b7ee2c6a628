// REST compatibility for /api/getting-started: thin, calls the getting-started service. snake_case.
import { Router } from "express";
import { viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

export function gettingStartedRouter(services: Services) {
  const r = Router();
  r.get("/", async (req, res) => {
    const g = await services.gettingStarted.get(await viewerOf(services, req, "business"));
    res.json({
      steps: g.steps.map((s) => ({
        key: s.key,
        done: s.done,
        available: s.available,
        operator_needed: s.operatorNeeded,
        route: s.route,
        missing: s.missing,
      })),
      done: g.done,
      total: g.total,
    });
  });
  return r;
}
