// The OpenAPI entry of /api/owner/stats (docs/architecture.md#how-a-request-flows): docs/product.md#data-shapes, camelCase keys.
import { z } from "zod";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const ownerStatsSchema = z.object({
  businessName: z.string(),
  subscriptionPlan: z.string().describe("The plan's name in the caller's language."),
  subscriptionStatus: z.string(),
  daysUntilRenewal: z.number().int().nullable(),
  totalPosts: z.number().int(),
  scheduledPosts: z.number().int(),
  publishedToday: z.number().int(),
  engagementRate: z.number().nullable(),
  teamMembers: z.number().int(),
  platformsConnected: z.array(z.string()).describe("Ids of the connected networks."),
  recentActivity: z.array(
    z.object({ id: z.string(), type: z.string(), description: z.string(), timestamp: isoDateTime }),
  ),
});

export const ownerOperations: RestOperation[] = [
  {
    method: "get",
    path: "/owner/stats",
    tag: "Dashboard",
    access: "business",
    summary: "The business's dashboard figures",
    responses: { 200: { description: "Posts, team, networks and recent activity.", schema: ownerStatsSchema } },
  },
];
