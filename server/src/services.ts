import type { Deps } from "./deps.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createClientsService } from "./modules/clients/clients.service.ts";
import { createHealthService } from "./modules/health/health.service.ts";
import { createAdminService } from "./modules/admin/admin.service.ts";
import { createOwnerService } from "./modules/owner/owner.service.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createTranslationsService } from "./modules/translations/translations.service.ts";
import { createTeamService } from "./modules/team/team.service.ts";
import { createAgenciesService } from "./modules/agencies/agencies.service.ts";
import { createApprovalsService } from "./modules/approvals/approvals.service.ts";
import { createApiKeysService } from "./modules/api-keys/api-keys.service.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { createPlatformAccountsService } from "./modules/platform-accounts/platform-accounts.service.ts";
import { createPublishingService } from "./modules/publishing/publishing.service.ts";
import { createPostsService } from "./modules/posts/posts.service.ts";
import { createCalendarService } from "./modules/calendar/calendar.service.ts";
import { createInsightsService } from "./modules/insights/insights.service.ts";
import { createPlannerService } from "./modules/planner/planner.service.ts";
import { createAnalyticsService } from "./modules/analytics/analytics.service.ts";
import { createAudienceService } from "./modules/analytics/audience.ts";
import { createRealtimeService } from "./modules/analytics/realtime.ts";
import { createBusinessProfileService } from "./modules/business-profile/business-profile.service.ts";
import { createStudioService } from "./modules/studio/studio.service.ts";
import { createReviewsService } from "./modules/inbox/inbox.service.ts";
import { createInboxFiguresService } from "./modules/inbox/index.ts";
import { createTemplatesService } from "./modules/templates/templates.service.ts";
import { createCompetitorsService } from "./modules/competitors/competitors.service.ts";
import { createDiscoveryConnectionService } from "./modules/competitors/discovery-connection.service.ts";
import { createCampaignsService } from "./modules/campaigns/campaigns.service.ts";
import { createGettingStartedService } from "./modules/getting-started/getting-started.service.ts";
import { createWebhooksService } from "./modules/webhooks/webhooks.service.ts";
import { postWebhookBody } from "./modules/posts/webhook-body.ts";
import { guestItemWebhookBody } from "./modules/inbox/webhook-body.ts";
import { campaignWebhookBody } from "./modules/campaigns/webhook-body.ts";
import { subscriptionWebhookBody } from "./modules/billing/webhook-body.ts";
import { createInvoicesService } from "./modules/billing/invoices.ts";
import { createLifecycle } from "./modules/billing/lifecycle.ts";
import { createBillingAdmin } from "./modules/billing/admin.ts";
import { createBillingService } from "./modules/billing/billing.service.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { createTapGateway } from "./payments/tap.ts";
import { createInboxSync } from "./modules/inbox/sync.ts";
import { createDemoGuests } from "./networks/demo-guests.ts";
import { createGoogleAdapter as createGoogleGuests } from "./networks/google/adapter.ts";
import { createInstagramGuests } from "./networks/instagram/guests.ts";
import { createChannels } from "./channels/index.ts";
import { createConversationsService } from "./modules/conversations/conversations.service.ts";
import { createWhatsapp } from "./modules/conversations/whatsapp.ts";
import { createGuestsData } from "./modules/conversations/guests-data.ts";
import { createShortLinksService } from "./modules/short-links/short-links.service.ts";
import { createOpeningHoursService } from "./modules/opening-hours/index.ts";
import { createGoogleHours } from "./networks/google/hours.ts";
import { holidayOverrideInputs } from "./modules/calendar/index.ts";
import { createGoogleMenuService } from "./modules/google-menu/index.ts";
import { createGoogleMenus } from "./networks/google/menus.ts";
import { createLinkPageService } from "./modules/link-page/link-page.service.ts";
import { createReviewRequestsService } from "./modules/review-requests/index.ts";

export function createServices(deps: Deps, opts: { heartbeatMs: number; healthWatchMs?: number }) {
  const health = createHealthService({ pool: deps.pool, heartbeatMs: opts.heartbeatMs });
  const notifications = createNotificationsService(deps);
  // outbound webhooks: the modules whose changes are events record them in their own transactions through it, and
  // each owner writes its objects' bodies (docs/architecture.md#borders)
  const webhooks = createWebhooksService(deps, notifications, {
    post: postWebhookBody,
    guestItem: guestItemWebhookBody,
    campaign: campaignWebhookBody,
    subscription: subscriptionWebhookBody,
  });
  const media = createMediaService(deps);
  // the payment gateway (Tap), or none: the billing page then says how to pay by bank transfer and an admin records it
  const payments = deps.config.payments.gateway;
  const gateway = payments
    ? createTapGateway({ secretKey: payments.secretKey, baseUrl: payments.apiUrl, merchantId: payments.merchantId })
    : null;
  const billingAdmin = createBillingAdmin(deps, { gateway, webhooks });
  // the café's side of billing: the page, "Pay now", the gateway's return and webhook, plan changes
  const billing = createBillingService(deps, {
    gateway,
    webhooks,
    onRefund: (refund) => billingAdmin.settleRefund(refund),
  });
  const platformAccounts = createPlatformAccountsService(deps, notifications);
  // analytics owns metrics collection and its daily rows: publishing and posts only hand it the days that changed
  const analytics = createAnalyticsService(deps, platformAccounts);
  // /r/<code> (modules/short-links): publishing puts a caption's links through it; the link page and review requests too
  const shortLinks = createShortLinksService(deps);
  const publishing = createPublishingService(
    deps,
    platformAccounts,
    media,
    notifications,
    { refreshDays: analytics.refreshDays, figuresDue: analytics.figuresDue },
    webhooks,
    shortLinks,
  );
  // the writer is given the post's photos (their menu items, and small JPEGs for a model that sees)
  const studio = createStudioService(deps, { photos: (businessId, ids) => media.forWriter(businessId, ids) });
  const calendar = createCalendarService(deps);
  const competitorDiscovery = createDiscoveryConnectionService(deps, notifications);
  // billing's lifecycle: the hourly job's transitions and reminders, and the held posts of a business that pays again
  const lifecycle = createLifecycle(deps, { publishing, webhooks });
  // guests' items arrive by themselves: Google reviews and Instagram comments, read every minute and by Instagram's webhook
  // (a network this server has no app for is not read)
  const googleGuests = createGoogleGuests(deps.config.platforms.google);
  const ig = deps.config.platforms.instagram;
  const instagramGuests = createInstagramGuests(ig);
  // review replies come from the writer in force (built in, or the admins' model); guests' messages are
  // read by the reader in force the same way (docs/architecture.md#the-reader)
  // the inbox answers guests through the networks' answering side, with the accounts' tokens
  const reviews = createReviewsService(deps, {
    replyToReview: studio.replyToReview,
    readGuests: studio.readGuests,
    webhooks,
    accounts: platformAccounts,
    networks: () => ({ google: googleGuests, instagram: instagramGuests }),
  });
  const inboxSync = createInboxSync(deps, {
    platformAccounts,
    notifications,
    webhooks,
    draftReplies: reviews.draftReplies,
    readGuests: studio.readGuests,
    google: googleGuests.configured() ? googleGuests : null,
    instagram: ig.appId && ig.appSecret ? instagramGuests : null,
    demo: createDemoGuests(),
  });
  // after a connect or reconnect: the posts that waited for the account go out, and an Instagram account is
  // subscribed to the comments webhook (Instagram sends an account's comments only once it is)
  // guests' private messages (Instagram, Facebook Page, WhatsApp): each channel's adapter from the configuration
  const channels = createChannels(deps.config);
  const conversations = createConversationsService(deps, {
    channels,
    accountAccess: (accountId) => platformAccounts.access(accountId),
    mediaForSend: async (businessId, mediaId) => {
      const [m] = await media.ofBusiness(businessId, [mediaId]);
      return m && m.kind === "image"
        ? { url: media.urls(m, { absolute: true }).url, mime: m.mime, bytes: m.bytes }
        : null;
    },
  });
  const insights = createInsightsService(deps, calendar);
  const posts = createPostsService(deps, publishing, media, { recountDays: analytics.recountDays }, webhooks);
  platformAccounts.setOnReconnected(async (accountId) => {
    await publishing.resumeAccount(accountId);
    await inboxSync.subscribeComments(accountId);
    // then the messaging webhook, which keeps the comments' field (Meta replaces the list on each subscribe)
    await conversations.subscribeAccount(accountId);
  });
  return {
    auth: createAuthService(deps),
    clients: createClientsService(deps, webhooks),
    health,
    admin: createAdminService(deps, health, {
      healthWatchMs: opts.healthWatchMs,
      billingFigures: billingAdmin.figures,
    }),
    billing,
    // the admin's side of billing: manual payments, periods extended, refunds, the payments list, the figures
    billingAdmin,
    owner: createOwnerService(deps),
    notifications,
    media,
    platformAccounts,
    publishing,
    lifecycle,
    posts,
    translations: createTranslationsService(deps),
    team: createTeamService(deps),
    agencies: createAgenciesService(deps),
    approvals: createApprovalsService(deps, posts, media),
    apiKeys: createApiKeysService(deps),
    calendar,
    insights,
    // plan my month / Ramadan: proposals from the calendar, the menu, the best times, the writer and the library, approved into posts
    planner: createPlannerService(deps, { calendar, insights, studio, media, platformAccounts, posts }),
    // figures by business and Kuwait day (metric_daily), collected by its metrics job; start() backfills the rows once
    analytics,
    // analytics' audience (daily readings per account) and last-24-hours view, under the same tenancy rule
    audience: createAudienceService(deps, analytics, platformAccounts),
    realtime: createRealtimeService(deps, analytics),
    // the inbox in figures (answers, response times, ratings, topics), under analytics' tenancy and range rule
    inboxFigures: createInboxFiguresService(deps, analytics),
    // the café's voice shows what the studio learned from its published posts and edits of AI drafts
    businessProfile: createBusinessProfileService(deps, { learnVoice: studio.learnedVoice }),
    studio,
    reviews,
    // the inbox's sync (modules/inbox/sync.ts): the job, a person's sync now, Instagram's webhook, the adapter of an item
    inboxSync,
    // guests' private messages in threads, their answers and figures (modules/conversations)
    conversations,
    // the café's WhatsApp number (Embedded Signup) and its templates
    whatsapp: createWhatsapp(deps, { channel: () => channels.whatsapp }),
    // a guest's data exported or erased on request, and the retention the café chose
    guestsData: createGuestsData(deps, { now: () => new Date() }),
    templates: createTemplatesService(deps),
    // competitors' dated figures (by hand, CSV, Instagram business discovery through the business's Facebook sign-in)
    competitors: createCompetitorsService(deps, competitorDiscovery),
    // that optional Facebook sign-in (Instagram offers business discovery only with Facebook Login)
    competitorDiscovery,
    // a goal over Kuwait days, with its posts rolled up
    campaigns: createCampaignsService(deps, { webhooks }),
    // guests' orders paid through the café's own Tap account (at PAYMENT_API_URL); the guest hears of their order in
    // its conversation: the link sent there, paid, failed, cancelled and refunds shown to the team
    orders: createOrdersService(deps, { tell: (order, news) => conversations.tellOrder(order, news) }),
    // /r/<code>: link-page buttons, caption links and review requests, clicks counted by day (modules/short-links)
    shortLinks,
    // printed QR codes and short links to Google's review form, per picked location (modules/review-requests)
    reviewRequests: createReviewRequestsService(deps, { shortLinks }),
    // the café's public link-in-bio page /l/<slug>, its settings and the Settings preview (modules/link-page)
    linkPage: createLinkPageService(deps, { media, shortLinks }),
    // a Google location's menu beside the business profile's, sent on the person's confirmation (modules/google-menu);
    // a dish's photo goes as the file Google takes, at its signed public URL, which Google fetches
    googleMenu: createGoogleMenuService(deps, {
      access: (accountId) => platformAccounts.access(accountId),
      markReconnectNeeded: (account, reason) => platformAccounts.markReconnectNeeded(account, reason),
      menus: createGoogleMenus(deps.config.platforms.google),
      photoUrl: async (businessId, mediaId) =>
        (await media.forPublish(businessId, [mediaId], "google").catch(() => []))[0]?.url ?? null,
    }),
    // the café's week, its branches' weeks, special hours proposed from the Kuwait calendar and confirmed by its
    // managers, Google's hours beside Sufra's and sent on a manager's confirmation (modules/opening-hours)
    openingHours: createOpeningHoursService(deps, {
      platformAccounts,
      posts,
      google: createGoogleHours(deps.config.platforms.google),
      overrides: holidayOverrideInputs,
    }),
    // a new business's first steps, from what it has done
    gettingStarted: createGettingStartedService(deps, platformAccounts),
    // endpoints, the event outbox and its deliveries (Premium)
    webhooks,
    // the business's invoices and credit notes (issued by billing's payments and refunds) and their PDFs
    invoices: createInvoicesService(deps),
    /** events to listen to (subscriptions); services publish through deps.pubsub */
    events: deps.pubsub,
  };
}
export type Services = ReturnType<typeof createServices>;
