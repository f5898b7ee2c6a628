// GET /api/admin/stats (SPEC §7): the admin statistics of SPEC §3, plus pendingApprovals and newSignups.
import { Router } from "express";
import { viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

export function adminRouter(services: Services) {
  const r = Router();
  r.get("/stats", async (req, res) => {
    res.json(await services.admin.stats(await viewerOf(services, req, "admin")));
  });
  return r;
}
