// Imports every module's GraphQL types into the one builder, then builds the schema.
import { builder } from "./builder.ts";
import "../modules/auth/auth.graphql.ts";
import "../modules/clients/clients.graphql.ts";
import "../modules/health/health.graphql.ts";
import "../modules/admin/admin.graphql.ts";
import "../modules/owner/owner.graphql.ts";
import "../modules/notifications/notifications.graphql.ts";
import "../modules/translations/translations.graphql.ts";
import "../modules/team/team.graphql.ts";
import "../modules/api-keys/api-keys.graphql.ts";
import "../modules/posts/posts.graphql.ts";
import "../modules/platform-accounts/platform-accounts.graphql.ts";
import "../modules/media/media.graphql.ts";
import "../modules/calendar/calendar.graphql.ts";
import "../modules/templates/templates.graphql.ts";
import "../modules/inbox/inbox.graphql.ts";
import "../modules/competitors/competitors.graphql.ts";
import "../modules/insights/insights.graphql.ts";
import "../modules/analytics/analytics.graphql.ts";
import "../modules/analytics/analytics-live.graphql.ts";
import "../modules/analytics/dashboard.graphql.ts";
import "../modules/campaigns/campaigns.graphql.ts";
import "../modules/business-profile/business-profile.graphql.ts";
import "../modules/studio/studio.graphql.ts";
import "../modules/getting-started/getting-started.graphql.ts";
import "../modules/webhooks/webhooks.graphql.ts";

export const schema = builder.toSchema({ sortSchema: true });
