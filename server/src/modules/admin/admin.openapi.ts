// The OpenAPI entry of /api/admin/stats (docs/architecture.md#how-a-request-flows): docs/product.md#data-shapes, camelCase keys.
import { z } from "zod";
import { CLIENT_ACTIONS } from "@sufra/schema";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const count = z.number().int().min(0);
const adminStatsSchema = z.object({
  totalClients: count,
  activeClients: count,
  pendingApprovals: count,
  newSignups: count,
  totalPosts: count,
  todayPosts: count,
  billing: z.object({
    mrrFils: count,
    monthRevenueFils: z.number().int(),
    counts: z.object({ trial: count, active: count, past_due: count, expired: count, cancelled: count }),
  }),
  systemHealth: z.object({
    api: z.string(),
    database: z.string(),
    scheduler: z.string(),
    reasons: z.array(
      z.object({ part: z.string(), code: z.string(), value: z.number().nullable(), limit: z.number().nullable() }),
    ),
  }),
  recentClients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      plan: z.string(),
      status: z.string(),
      lastActive: isoDateTime.nullable(),
      allowedActions: z.array(z.enum(CLIENT_ACTIONS)),
    }),
  ),
});

export const adminOperations: RestOperation[] = [
  {
    method: "get",
    path: "/admin/stats",
    tag: "Admin",
    access: "admin",
    summary: "The admin console's figures",
    responses: { 200: { description: "Businesses, posts and the system's health.", schema: adminStatsSchema } },
  },
];
