// REST compatibility for /api/owner: thin, calls the owner service. GET /api/owner/stats answers in
// The owner stats of docs/product.md#data-shapes, with its camelCase keys; the plan's name and the descriptions are in the caller's
// language (Accept-Language).
import { PLANS } from "@sufra/schema";
import { Router } from "express";
import { metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { activityDescription } from "./owner.service.ts";

export function ownerRouter(services: Services) {
  const r = Router();

  r.get("/stats", async (req, res) => {
    const s = await services.owner.stats(await viewerOf(services, req));
    const { locale } = metaOf(req);
    res.json({
      businessName: s.businessName,
      subscriptionPlan: PLANS[s.subscriptionPlan].name[locale],
      subscriptionStatus: s.subscriptionStatus,
      daysUntilRenewal: s.daysUntilRenewal,
      totalPosts: s.totalPosts,
      scheduledPosts: s.scheduledPosts,
      publishedToday: s.publishedToday,
      engagementRate: s.engagementRate,
      teamMembers: s.teamMembers,
      platformsConnected: s.platformsConnected,
      recentActivity: s.recentActivity.map((a) => ({
        id: a.id,
        type: a.type,
        description: activityDescription(a, locale),
        timestamp: a.timestamp.toISOString(),
      })),
    });
  });

  return r;
}
