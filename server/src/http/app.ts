// The Express app: REST under /api, GraphQL at /graphql, the web client for everything else.
import express from "express";
import helmet from "helmet";
import { pickLocale } from "@sufra/schema";
import type { Config } from "../config.ts";
import { requestLocale } from "../graphql/errors.ts";
import { graphqlPlayground } from "../graphql/playground.ts";
import { withRequestMemo } from "../kernel/request-memo.ts";
import type { Logger } from "../kernel/logger.ts";
import { authRouter } from "../modules/auth/auth.rest.ts";
import { clientsRouter } from "../modules/clients/clients.rest.ts";
import { healthRouter } from "../modules/health/health.rest.ts";
import { adminRouter } from "../modules/admin/admin.rest.ts";
import { billingAdminRouter } from "../modules/billing/billing-admin.rest.ts";
import { ownerRouter } from "../modules/owner/owner.rest.ts";
import { notificationsRouter } from "../modules/notifications/notifications.rest.ts";
import { translationsRouter } from "../modules/translations/translations.rest.ts";
import { teamRouter } from "../modules/team/team.rest.ts";
import { approvalPageRouter } from "../modules/approvals/approvals.rest.ts";
import { apiKeysRouter } from "../modules/api-keys/api-keys.rest.ts";
import { mediaFilesRouter, mediaRouter } from "../modules/media/media.rest.ts";
import { postsRouter } from "../modules/posts/posts.rest.ts";
import { platformAccountsRouter } from "../modules/platform-accounts/platform-accounts.rest.ts";
import { calendarRouter } from "../modules/calendar/calendar.rest.ts";
import { openingHoursRouter } from "../modules/opening-hours/opening-hours.rest.ts";
import { plannerRouter } from "../modules/planner/planner.rest.ts";
import { templatesRouter } from "../modules/templates/templates.rest.ts";
import { reviewsRouter } from "../modules/inbox/inbox.rest.ts";
import { competitorsRouter } from "../modules/competitors/competitors.rest.ts";
import { insightsRouter } from "../modules/insights/insights.rest.ts";
import { analyticsRouter } from "../modules/analytics/analytics.rest.ts";
import { campaignsRouter } from "../modules/campaigns/campaigns.rest.ts";
import { businessProfileRouter } from "../modules/business-profile/business-profile.rest.ts";
import { gettingStartedRouter } from "../modules/getting-started/getting-started.rest.ts";
import { invoicesRouter } from "../modules/billing/invoices.rest.ts";
import { billingRouter, billingWebhookRouter } from "../modules/billing/billing.rest.ts";
import { aiRouter, studioRouter } from "../modules/studio/studio.rest.ts";
import { instagramWebhookRouter } from "../modules/inbox/instagram-webhook.rest.ts";
import { channelWebhookRouter } from "../modules/conversations/conversations.rest.ts";
import { instagramWebhookOperations } from "../modules/inbox/instagram-webhook.openapi.ts";
import { orderPageRouter, ordersWebhookRouter } from "../modules/orders/orders.rest.ts";
import { shortLinksRouter } from "../modules/short-links/short-links.rest.ts";
import { reviewRequestsRouter } from "../modules/review-requests/review-requests.rest.ts";
import { reviewRequestsOperations } from "../modules/review-requests/review-requests.openapi.ts";
import { linkPageRouter, linkPageSettingsRouter } from "../modules/link-page/link-page.rest.ts";
import { linkPageOperations } from "../modules/link-page/link-page.openapi.ts";
import { ordersOperations } from "../modules/orders/orders.openapi.ts";
import { googleMenuRouter } from "../modules/google-menu/google-menu.rest.ts";
import { googleMenuOperations } from "../modules/google-menu/google-menu.openapi.ts";
import { conversationsOperations } from "../modules/conversations/conversations.openapi.ts";
import type { Services } from "../services.ts";
import { authOperations } from "../modules/auth/auth.openapi.ts";
import { clientsOperations } from "../modules/clients/clients.openapi.ts";
import { healthOperations } from "../modules/health/health.openapi.ts";
import { adminOperations } from "../modules/admin/admin.openapi.ts";
import { billingAdminOperations } from "../modules/billing/billing-admin.openapi.ts";
import { ownerOperations } from "../modules/owner/owner.openapi.ts";
import { notificationsOperations } from "../modules/notifications/notifications.openapi.ts";
import { translationsOperations } from "../modules/translations/translations.openapi.ts";
import { teamOperations } from "../modules/team/team.openapi.ts";
import { apiKeysOperations } from "../modules/api-keys/api-keys.openapi.ts";
import { mediaOperations } from "../modules/media/media.openapi.ts";
import { studioOperations } from "../modules/studio/studio.openapi.ts";
import { postsOperations } from "../modules/posts/posts.openapi.ts";
import { platformAccountsOperations } from "../modules/platform-accounts/platform-accounts.openapi.ts";
import { calendarOperations } from "../modules/calendar/calendar.openapi.ts";
import { openingHoursOperations } from "../modules/opening-hours/opening-hours.openapi.ts";
import { plannerOperations } from "../modules/planner/planner.openapi.ts";
import { templatesOperations } from "../modules/templates/templates.openapi.ts";
import { reviewsOperations } from "../modules/inbox/inbox.openapi.ts";
import { competitorsOperations } from "../modules/competitors/competitors.openapi.ts";
import { insightsOperations } from "../modules/insights/insights.openapi.ts";
import { analyticsOperations } from "../modules/analytics/analytics.openapi.ts";
import { campaignsOperations } from "../modules/campaigns/campaigns.openapi.ts";
import { businessProfileOperations } from "../modules/business-profile/business-profile.openapi.ts";
import { gettingStartedOperations } from "../modules/getting-started/getting-started.openapi.ts";
import { invoicesOperations } from "../modules/billing/invoices.openapi.ts";
import { billingOperations } from "../modules/billing/billing.openapi.ts";
import { openApiDocument, openApiOperations } from "./openapi/document.ts";
import type { RestOperation } from "./openapi/operation.ts";
import { errorHandler, notFound } from "./errors.ts";
import { refuseUnreadablePaths } from "./paths.ts";
import { requestIds } from "./request-id.ts";
import { serveClient } from "./static-client.ts";
import { readOnlyMembers } from "./read-only.ts";

const BODY_LIMIT = "1mb";

/**
 * Every REST route's OpenAPI entry, module by module, as the routers below are mounted: GET /api/openapi.json.
 * A route without its entry fails server/tests/openapi-contract.test.ts (docs/architecture.md#how-a-request-flows).
 */
export const REST_OPERATIONS: RestOperation[] = [
  ...openApiOperations,
  ...authOperations,
  ...clientsOperations,
  ...healthOperations,
  ...adminOperations,
  ...billingAdminOperations,
  ...ownerOperations,
  ...notificationsOperations,
  ...translationsOperations,
  ...teamOperations,
  ...apiKeysOperations,
  ...mediaOperations,
  ...studioOperations,
  ...postsOperations,
  ...platformAccountsOperations,
  ...calendarOperations,
  ...openingHoursOperations,
  ...plannerOperations,
  ...templatesOperations,
  ...reviewsOperations,
  ...competitorsOperations,
  ...insightsOperations,
  ...analyticsOperations,
  ...campaignsOperations,
  ...businessProfileOperations,
  ...gettingStartedOperations,
  ...billingOperations,
  ...invoicesOperations,
  ...instagramWebhookOperations,
  ...conversationsOperations,
  ...ordersOperations,
  ...googleMenuOperations,
  ...reviewRequestsOperations,
  ...linkPageOperations,
];

export function createApp(opts: {
  config: Config;
  services: Services;
  logger: Logger;
  graphql: express.RequestHandler;
  graphqlSchema: express.RequestHandler;
}) {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For names the client only when the direct caller is a configured proxy (TRUST_PROXY);
  // otherwise any caller could pick its apparent address and escape the per-IP limits
  app.set("trust proxy", opts.config.trustProxy);
  const metaSdk = Boolean(opts.config.platforms.whatsapp.configId && opts.config.platforms.whatsapp.appId);
  app.use(requestIds(opts.logger)); // first: every later line of the request carries its id
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "img-src": ["'self'", "data:", "blob:"],
          "connect-src": ["'self'", "ws:", "wss:", ...(metaSdk ? ["https://*.facebook.com"] : [])],
          // WhatsApp's Embedded Signup runs Meta's JavaScript SDK and its popup, only where it is set up
          ...(metaSdk
            ? {
                "script-src": ["'self'", "https://connect.facebook.net"],
                "frame-src": ["'self'", "https://www.facebook.com", "https://web.facebook.com"],
              }
            : {}),
        },
      },
    }),
  );
  app.use(refuseUnreadablePaths);

  // Instagram's webhook reads its raw body (the signature is over the bytes): before the JSON parser below
  app.use("/api/webhooks/instagram", instagramWebhookRouter(opts.services));
  // Messenger's and WhatsApp's webhooks (conversations.rest.ts): the same raw-body rule
  app.use("/api/webhooks/facebook", channelWebhookRouter(opts.services, "facebook"));
  app.use("/api/webhooks/whatsapp", channelWebhookRouter(opts.services, "whatsapp"));
  // Tap's webhook too: its signature is checked over the body as sent (billing.rest.ts)
  app.use("/api/billing/webhooks/tap", billingWebhookRouter(opts.services));
  // and each café's own Tap account's webhook for its guests' orders (orders.rest.ts), signed with the café's key
  app.use("/api/orders/webhooks/tap", ordersWebhookRouter(opts.services));
  const json = express.json({ limit: BODY_LIMIT });
  const api = express.Router();
  api.use(json);
  api.get("/openapi.json", openApiDocument(REST_OPERATIONS)); // the REST contract, public (http/openapi/document.ts)
  // a team member of a business below Premium may only read (http/read-only.ts)
  api.use(readOnlyMembers(opts.services));
  api.use("/auth", authRouter(opts.services));
  api.use("/admin/clients", clientsRouter(opts.services));
  api.use("/health", healthRouter(opts.services));
  api.use("/admin", adminRouter(opts.services)); // /api/admin/stats
  api.use("/admin", billingAdminRouter(opts.services)); // /api/admin/payments, /api/admin/clients/:id/payments and extend-period
  api.use("/owner", ownerRouter(opts.services)); // /api/owner/stats
  api.use("/notifications", notificationsRouter(opts.services));
  api.use("/translations", translationsRouter(opts.services));
  api.use("/team", teamRouter(opts.services)); // members and invitations
  api.use("/api-keys", apiKeysRouter(opts.services));
  api.use("/posts/media", mediaRouter(opts.services));
  // the media router (POST /api/posts/media ...) must be mounted before this one, or /posts/:id takes its paths
  api.use("/posts", studioRouter(opts.services)); // generate, hashtags/suggest (the AI studio)
  api.use("/posts", postsRouter(opts.services));
  api.use("/platforms", platformAccountsRouter(opts.services)); // connect, callback, disconnect
  api.use("/calendar", calendarRouter(opts.services)); // prayer times, holidays, corrections
  api.use("/opening-hours", openingHoursRouter(opts.services)); // the week, special hours, Google's hours
  api.use("/planner", plannerRouter(opts.services)); // plan my month / Ramadan, approve proposals
  api.use("/templates", templatesRouter(opts.services)); // the templates library, the business's own
  api.use("/reviews", reviewsRouter(opts.services)); // customer reviews, CSV import, reply suggestions
  api.use("/competitors", competitorsRouter(opts.services)); // competitors, their dated figures, the benchmark
  api.use("/insights", insightsRouter(opts.services)); // best posting hours
  api.use("/analytics", analyticsRouter(opts.services)); // overview (client_id, Kuwait date range)
  api.use("/campaigns", campaignsRouter(opts.services)); // campaigns, their posts and roll-up
  api.use("/business-profile", businessProfileRouter(opts.services)); // what the AI writer composes from
  api.use("/getting-started", gettingStartedRouter(opts.services)); // a new business's first steps
  api.use("/billing/invoices", invoicesRouter(opts.services)); // the business's invoices and credit notes, their PDFs
  api.use("/billing", billingRouter(opts.services)); // the subscription, pay now, the gateway's return, plan changes
  api.use("/ai", aiRouter(opts.services)); // AI posts this month, the writer settings
  api.use("/google-menu", googleMenuRouter(opts.services)); // a Google location's menu beside Sufra's, and the send
  api.use("/link-page", linkPageSettingsRouter(opts.services)); // the café's link page: settings, publish, preview
  api.use("/review-requests", reviewRequestsRouter(opts.services)); // QR codes and short links to Google's review form
  api.use(notFound);
  // a REST request gets its own memo too (kernel/request-memo.ts), as a GraphQL one does
  app.use("/api", (_req, _res, next) => withRequestMemo(next), api);
  // the approval page of a signed link (approvals.rest.ts): no account, no app bundle
  app.use("/a", approvalPageRouter(opts.services));
  // a guest back from Tap's page (orders.rest.ts): the order's state, read from Tap by id; no account, no script
  app.use("/o", orderPageRouter(opts.services));
  // a short link (short-links.rest.ts): counted, then on to its destination; no account
  app.use("/r", shortLinksRouter(opts.services));
  // the café's link-in-bio page (link-page.rest.ts): public once published; no account, no script
  app.use("/l", linkPageRouter(opts.services));
  // signed public file URLs (networks fetch media by URL; <img> sends no Authorization)
  app.use("/media", mediaFilesRouter(opts.services));

  // the printed schema, for those who may read it (graphql/introspection.ts); before Apollo, which would take the path
  app.get("/graphql/schema.graphql", opts.graphqlSchema);
  // a browser opening /graphql gets the playground (GraphiQL); operations go on to Apollo
  app.get("/graphql", graphqlPlayground(opts.config.clientDist));
  app.use(
    "/graphql",
    json,
    (req, _res, next) => requestLocale.run(pickLocale(req.get("accept-language")), () => withRequestMemo(next)),
    opts.graphql,
  );

  serveClient(app, opts.config.clientDist);
  // what is left (a missing asset, an unknown /graphql/... or /media/... path) is a plain 404 in the catalogue's words
  app.use(notFound);
  app.use(errorHandler(opts.logger));
  return app;
}
