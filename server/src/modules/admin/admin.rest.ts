// GET /api/admin/stats (docs/product.md#rest-compatibility): the admin statistics of docs/product.md#data-shapes, plus pendingApprovals and newSignups.
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
