import { Router } from "express";
import type { Services } from "../../services.ts";

export function healthRouter(services: Services) {
  const r = Router();
  r.get("/", async (_req, res) => {
    const h = await services.health.check();
    res.status(h.database === "down" ? 503 : 200).json(h);
  });
  return r;
}
