// GraphQL object types that doors of several modules show (docs/architecture.md#borders): each is declared here by
// name and shape and implemented by its owner's door (`PostRef.implement(...)` in posts.graphql.ts), so another
// module's door uses the type without importing that door, and no module's face carries a door. Enums several doors
// use are in enums.ts.
import type { Media } from "../generated/prisma/client.ts";
import type { Person } from "../modules/auth/index.ts";
import type { CampaignDetail, CampaignView } from "../modules/campaigns/index.ts";
import type { HealthReason } from "../modules/health/index.ts";
import type { OrderRecord } from "../modules/orders/index.ts";
import type { PostRecord } from "../modules/posts/index.ts";
import type { AiUsage } from "../modules/studio/index.ts";
import { builder } from "./builder.ts";

/** A person as seen in a business (auth.graphql.ts); the admin's client shows its people. */
export const UserRef = builder.objectRef<Person>("User");
/** A post with its targets (posts.graphql.ts); campaigns and the dashboard list posts. */
export const PostRef = builder.objectRef<PostRecord>("Post");
/** A file of the media library (media.graphql.ts); posts and the planner show their photos. */
export const MediaRef = builder.objectRef<Media>("Media");
/** The month's AI posts against the allowance (studio.graphql.ts); the planner shows the same usage. */
export const AiUsageRef = builder.objectRef<AiUsage>("AiUsage");
/** Why a part of Sufra is not healthy (health.graphql.ts); the admin console shows the same reasons. */
export const HealthReasonRef = builder.objectRef<HealthReason>("HealthReason");
/** A campaign (campaigns.graphql.ts); the orders' door adds the orders counted to it. */
export const CampaignRef = builder.objectRef<CampaignView & Partial<Pick<CampaignDetail, "rollup" | "posts">>>(
  "Campaign",
);
/** A guest's order (orders.graphql.ts); the conversations' door shows the orders of a thread. */
export const OrderRef = builder.objectRef<OrderRecord>("Order");
