// Who may call what: one expectation per REST route and per GraphQL root field, from docs/product.md#routes, #roles and the
// README's API table. The authorization matrix fails on any path or field missing here.
import type { CallerName } from "./world.ts";

/**
 * public: anyone (a bad token is ignored or explained, never a 5xx).
 * signedIn: any signed-in caller (admin, owner, client; on GraphQL an API key too: it acts as a client).
 * person: a person's session only (never an API key).
 * business: the people of a business (owner or client) and, on GraphQL, the business's API key; admins have no business.
 * businessPerson: the people of a business, not its API key (the key changes no settings, team or accounts).
 * manager: an owner or the business's account holder (team and keys, Premium).
 * admin: Sufra's staff.
 * analytics: the people (and key) of the business named by client_id; admins for any business.
 * billing: the people who pay for a business (an owner or its account holder, from their own session) and admins (any business).
 * agencyManager: an owner or the account holder of an agency business, from their own session (an agency paying for its
 *   cafés). The world has no agency, so every caller is refused; tests/agency-billing.test.ts checks its managers pass.
 */
export type Policy =
  | "public"
  | "signedIn"
  | "person"
  | "business"
  | "businessPerson"
  | "manager"
  | "admin"
  | "analytics"
  | "billing"
  | "agencyManager";

export interface Rule {
  policy: Policy;
  /** a path outside /api that belongs to the GraphQL door, where API keys are accepted */
  door?: "graphql";
  /** ids of A travel only in the body (bulk paths): another tenant's call may answer, but must change nothing of A's */
  crossBody?: boolean;
}

const r = (policy: Policy, crossBody = false): Rule => ({ policy, crossBody });

/** REST never takes API keys (README: keys are for /graphql): every key is refused there. */
export const REST_RULES: Record<string, Rule> = {
  "POST /api/auth/login": r("public"),
  "POST /api/auth/register": r("public"),
  "POST /api/auth/refresh": r("public"),
  "POST /api/auth/logout": r("public"),
  "GET /api/auth/me": r("signedIn"),
  // one's own memberships: anyone signed in may list theirs (an admin has none); choosing one names it
  "GET /api/auth/businesses": r("person"),
  "POST /api/auth/businesses/:id/use": r("businessPerson"),
  "PUT /api/auth/profile": r("signedIn"),
  "POST /api/auth/change-password": r("signedIn"),
  "POST /api/auth/forgot-password": r("public"),
  "POST /api/auth/reset-password": r("public"),
  "POST /api/auth/verify-email": r("public"),
  "POST /api/auth/resend-verification": r("public"),
  "GET /api/admin/clients": r("admin"),
  "GET /api/admin/clients/:id": r("admin"),
  "POST /api/admin/clients/:id/approve": r("admin"),
  "POST /api/admin/clients/:id/reject": r("admin"),
  "POST /api/admin/clients/:id/gift-trial-days": r("admin"),
  "POST /api/admin/clients/:id/suspend": r("admin"),
  "POST /api/admin/clients/:id/reactivate": r("admin"),
  "GET /api/admin/payments": r("admin"),
  "POST /api/admin/clients/:id/payments": r("admin"),
  "POST /api/admin/clients/:id/extend-period": r("admin"),
  "POST /api/admin/payments/:id/refund": r("admin"),
  "GET /api/health": r("public"),
  "GET /api/openapi.json": r("public"), // the REST contract (OpenAPI 3.1): no secret, any caller may read it
  "GET /api/admin/stats": r("admin"),
  "GET /api/owner/stats": r("business"),
  "GET /api/notifications": r("signedIn"),
  "POST /api/notifications/read": r("signedIn", true),
  "GET /api/translations/list": r("public"),
  "PUT /api/translations/bulk": r("admin"),
  "GET /api/translations/export": r("admin"),
  "GET /api/team": r("business"),
  "POST /api/team/invitations/lookup": r("public"),
  "POST /api/team/invitations/accept": r("public"),
  // the approval page: the signed token in the path is the permission (a forged one opens nothing, 404)
  "GET /a/:token": r("public"),
  "POST /a/:token/posts/:postId": r("public"),
  "POST /a/:token/mail": r("public"),
  "POST /api/team/invitations": r("manager"),
  "DELETE /api/team/invitations/:id": r("manager"),
  "DELETE /api/team/members/:id": r("manager"),
  "GET /api/api-keys": r("business"),
  "POST /api/api-keys": r("manager"),
  "DELETE /api/api-keys/:id": r("manager"),
  "POST /api/posts/media": r("business"),
  "GET /api/posts/media": r("business"),
  "GET /api/posts/media/:id": r("business"),
  "PATCH /api/posts/media/:id": r("business"),
  "DELETE /api/posts/media/:id": r("business"),
  "POST /api/posts/media/:id/enhance": r("business"),
  "POST /api/posts/generate": r("business"),
  "POST /api/planner/preview": r("business"),
  "POST /api/planner/plans": r("business"),
  "GET /api/planner/plans": r("business"),
  "GET /api/planner/plans/:id": r("business"),
  "POST /api/planner/plans/:id/approve": r("business"),
  "POST /api/posts/hashtags/suggest": r("business"),
  "GET /api/posts": r("business"),
  "POST /api/posts": r("business"),
  "GET /api/posts/drafts": r("business"),
  "POST /api/posts/drafts": r("business"),
  "POST /api/posts/preview": r("business"),
  "GET /api/posts/calendar": r("business"),
  "POST /api/posts/bulk/delete": r("business", true),
  "POST /api/posts/bulk/schedule": r("business", true),
  "POST /api/posts/targets/:id/confirm": r("business"),
  "POST /api/posts/targets/:id/retry": r("business"),
  "GET /api/posts/:id": r("business"),
  "PUT /api/posts/:id": r("business"),
  "DELETE /api/posts/:id": r("business"),
  "POST /api/posts/:id/schedule": r("business"),
  "POST /api/posts/:id/unschedule": r("business"),
  "POST /api/posts/:id/publish": r("business"),
  "POST /api/posts/:id/duplicate": r("business"),
  "GET /api/platforms": r("business"),
  "POST /api/platforms/:platform/connect": r("business"),
  "GET /api/platforms/:platform/callback": r("public"), // the network sends the person back; the single-use state names the business
  "DELETE /api/platforms/:platform": r("business"),
  "POST /api/platforms/practice": r("business"),
  "GET /api/calendar/prayer-times": r("signedIn"),
  "GET /api/calendar/holidays": r("signedIn"),
  "GET /api/calendar/upcoming": r("signedIn"),
  "GET /api/calendar/holiday-overrides": r("admin"),
  // opening hours (docs/architecture.md#menus-and-hours): the business's people read and prepare; its managers confirm
  // special hours and send to Google
  "GET /api/opening-hours": r("business"),
  "PUT /api/opening-hours/weekly": r("businessPerson"),
  "PUT /api/opening-hours/locations/:id": r("businessPerson"),
  "GET /api/opening-hours/locations/:id/google": r("businessPerson"),
  "POST /api/opening-hours/locations/:id/send": r("manager"),
  "POST /api/opening-hours/special/propose": r("businessPerson"),
  "POST /api/opening-hours/special/confirm": r("manager", true),
  "POST /api/opening-hours/special": r("businessPerson"),
  "PUT /api/opening-hours/special/:id": r("businessPerson"),
  "DELETE /api/opening-hours/special/:id": r("businessPerson"),
  "POST /api/opening-hours/special/:id/draft-post": r("businessPerson"),
  "PUT /api/calendar/holiday-overrides": r("admin"),
  "DELETE /api/calendar/holiday-overrides/:id": r("admin"),
  "GET /api/templates": r("business"),
  "POST /api/templates/:id/apply": r("business"),
  "POST /api/templates": r("business"),
  "PUT /api/templates/:id": r("business"),
  "DELETE /api/templates/:id": r("business"),
  "GET /api/reviews": r("business"),
  "GET /api/reviews/stats": r("business"),
  "POST /api/reviews": r("business"),
  "POST /api/reviews/import": r("business"),
  "GET /api/reviews/:id": r("business"),
  "POST /api/reviews/:id/suggest-reply": r("business"),
  "PUT /api/reviews/:id/reply": r("business"),
  "POST /api/reviews/:id/approve": r("business"),
  "POST /api/reviews/:id/replied": r("business"),
  "DELETE /api/reviews/:id": r("business"),
  // Instagram's webhook: Meta calls it; the handshake's verify token and the body's signature, not a session, admit it
  "GET /api/webhooks/instagram": r("public"),
  "POST /api/webhooks/instagram": r("public"),
  // Messenger's and WhatsApp's webhooks: Meta's handshake and signed deliveries (a forged one is a 403)
  "GET /api/webhooks/facebook": r("public"),
  "POST /api/webhooks/facebook": r("public"),
  "GET /api/webhooks/whatsapp": r("public"),
  "POST /api/webhooks/whatsapp": r("public"),
  "GET /api/competitors": r("business"),
  "POST /api/competitors": r("business"),
  "GET /api/competitors/benchmark": r("business"),
  "GET /api/competitors/import/template": r("business"),
  "POST /api/competitors/import": r("business"),
  "GET /api/competitors/discovery": r("business"),
  "POST /api/competitors/discovery/connect": r("business"),
  "GET /api/competitors/discovery/callback": r("public"), // as the platforms' callback
  "DELETE /api/competitors/discovery": r("business"),
  "GET /api/competitors/:id": r("business"),
  "PUT /api/competitors/:id": r("business"),
  "DELETE /api/competitors/:id": r("business"),
  "GET /api/competitors/:id/snapshots": r("business"),
  "POST /api/competitors/:id/snapshots": r("business"),
  "DELETE /api/competitors/:id/snapshots/:day": r("business"),
  "POST /api/competitors/:id/fetch": r("business"),
  "GET /api/insights/posting-times": r("business"),
  "GET /api/analytics/overview": r("analytics"),
  "GET /api/analytics/engagement": r("analytics"),
  "GET /api/analytics/platforms/:platform": r("analytics"),
  "GET /api/analytics/top-posts": r("analytics"),
  "GET /api/analytics/content": r("analytics"),
  "GET /api/analytics/audience": r("analytics"),
  "GET /api/analytics/realtime": r("analytics"),
  "GET /api/analytics/export": r("analytics"),
  "GET /api/analytics/guests": r("analytics"),
  "GET /api/campaigns": r("business"),
  "POST /api/campaigns": r("business"),
  "GET /api/campaigns/:id": r("business"),
  "PUT /api/campaigns/:id": r("business"),
  "DELETE /api/campaigns/:id": r("business"),
  "POST /api/campaigns/:id/posts": r("business"),
  "POST /api/campaigns/:id/posts/detach": r("business"),
  "DELETE /api/campaigns/:id/posts/:postId": r("business"),
  "GET /api/business-profile": r("business"),
  "PUT /api/business-profile": r("business"),
  "GET /api/business-profile/voice": r("business"),
  "PUT /api/business-profile/voice": r("business"),
  "POST /api/business-profile/menu": r("business"),
  "POST /api/business-profile/menu/import": r("business"),
  "PUT /api/business-profile/menu/order": r("business", true),
  "PUT /api/business-profile/menu/:id": r("business"),
  "DELETE /api/business-profile/menu/:id": r("business"),
  "GET /api/getting-started": r("business"),
  "GET /api/ai/capabilities": r("business"),
  "GET /api/ai/usage": r("business"),
  // the billing page: every person of the business reads it; owners and the account holder pay and change the plan
  "GET /api/billing": r("business"),
  "POST /api/billing/pay": r("manager"),
  "POST /api/billing/plan": r("manager"),
  "POST /api/billing/cancel": r("manager"),
  "POST /api/billing/keep": r("manager"),
  "PUT /api/billing/details": r("manager"),
  "GET /api/billing/payments/:id": r("business"),
  // an agency paying for its cafés in one payment: its managers only; an admin records its bank transfer
  "GET /api/billing/agency": r("agencyManager"),
  "POST /api/billing/agency/pay": r("agencyManager"),
  "GET /api/billing/agency/payments/:id": r("agencyManager"),
  "POST /api/admin/agency-payments/:id/transfer": r("admin"),
  // public by design: the person's browser comes back from Tap's page without our Authorization header; the
  // charge it names is read by id from Tap (the URL's parameters are never believed) and only a payment's id leaks
  // back into the redirect, which a stranger cannot read (the payment needs its business's session)
  "GET /api/billing/return": r("public"),
  // public by design: Tap's servers post it with no session; its hashstring signature (Tap's secret key) is the
  // credential, checked before anything is read, and the charge is read again by id from Tap
  "POST /api/billing/webhooks/tap": r("public"),
  // public by design, per café: Tap's servers post a café's charges and refunds with no session; the hashstring
  // signature with that café's own Tap key is the credential, checked before anything is read (a forged one: 403)
  "POST /api/orders/webhooks/tap/:businessId": r("public"),
  // the guest's page back from Tap (no account): the order's own charge is read by id from Tap; it shows the café, the
  // number, the total and whether it is paid, nothing of the guest
  "GET /o/:id": r("public"),
  // the café's link page (docs/architecture.md#link-page): public once published, built from public fields only;
  // its settings, publishing and preview are the café's people's, from their own session
  "GET /l/:slug": r("public"),
  "GET /api/link-page": r("businessPerson"),
  "PUT /api/link-page": r("businessPerson"),
  "POST /api/link-page/publish": r("businessPerson"),
  "POST /api/link-page/unpublish": r("businessPerson"),
  "POST /api/link-page/preview": r("businessPerson"),
  // a short link (short-links.rest.ts): anyone who has the link; it counts a click and redirects, nothing of the
  // visitor is stored and an unknown code opens nothing (404)
  "GET /r/:code": r("public"),
  // invoices: the people who pay (owners, the account holder) and admins; other members see the plan only
  "GET /api/billing/invoices": r("billing"),
  "GET /api/billing/invoices/:id/pdf": r("billing"),
  // review requests (docs/architecture.md#review-requests): whoever sees the business's Google locations
  "GET /api/review-requests": r("business"),
  "GET /api/review-requests/:locationId": r("business"),
  "GET /api/review-requests/:locationId/qr.png": r("business"),
  "GET /api/review-requests/:locationId/qr.pdf": r("business"),
  // a Google location's menu beside Sufra's, and the send (docs/product.md#one-menu-and-one-link): who edits the profile
  "GET /api/google-menu/:locationId": r("businessPerson"),
  "POST /api/google-menu/:locationId/send": r("businessPerson"),
  "GET /api/ai/settings": r("admin"),
  "PUT /api/ai/settings": r("admin"),
  "POST /api/ai/settings/test": r("admin"),
  "GET /media/:id/:variant": r("public"), // signed URLs: the signature, not a session, opens a file
  // the printed schema, to whoever may introspect (by default: signed in or an API key)
  "GET /graphql/schema.graphql": { policy: "signedIn", door: "graphql" },
  // the GraphiQL playground page: static and public; what it may read is decided per request by the key pasted in it
  "GET /graphql": { policy: "public", door: "graphql" },
};

export const GRAPHQL_RULES: Record<string, Rule> = {
  "Query.invitation": r("public"),
  "Query.myBusinesses": r("person"),
  "Query.adminPayments": r("admin"),
  "Query.adminStats": r("admin"),
  "Query.aiSettings": r("admin"),
  "Query.aiCapabilities": r("business"),
  "Query.aiUsage": r("business"),
  "Query.planPreview": r("business"),
  "Query.contentPlan": r("business"),
  "Query.contentPlans": r("business"),
  "Query.analyticsAudience": r("analytics"),
  "Query.analyticsContent": r("analytics"),
  "Query.analyticsEngagement": r("analytics"),
  "Query.analyticsExport": r("analytics"),
  "Query.analyticsGuests": r("analytics"),
  "Query.analyticsOverview": r("analytics"),
  "Query.analyticsPlatform": r("analytics"),
  // agencies and approvals (docs/architecture.md#agencies): a person of the business reads; its managers decide
  "Query.agencies": r("businessPerson"),
  "Query.adminAgencies": r("admin"),
  "Query.approvalLinks": r("businessPerson"),
  "Query.postApprovalHistory": r("businessPerson"),
  "Mutation.setAgency": r("manager"),
  "Mutation.setApprovalRule": r("manager"),
  "Mutation.requestAgencyLink": r("manager"),
  "Mutation.acceptAgencyLink": r("manager"),
  "Mutation.endAgencyLink": r("manager"),
  "Mutation.setAgencyAccess": r("manager"),
  "Mutation.sendForApproval": r("businessPerson"),
  "Mutation.revokeApprovalLink": r("businessPerson"),
  "Mutation.mailApprovalLink": r("businessPerson"),
  "Mutation.decidePost": r("manager"),
  "Query.analyticsRealtime": r("analytics"),
  "Query.analyticsTopPosts": r("analytics"),
  "Query.apiKeys": r("businessPerson"),
  "Query.businessProfile": r("business"),
  "Query.businessVoice": r("business"),
  "Query.calendarPosts": r("business"),
  "Query.campaign": r("business"),
  "Query.campaigns": r("business"),
  "Query.client": r("admin"),
  "Query.clientDashboard": r("business"),
  "Query.gettingStarted": r("business"),
  "Query.clients": r("admin"),
  "Query.competitor": r("business"),
  "Query.competitorBenchmark": r("business"),
  "Query.competitorDiscovery": r("business"),
  "Query.competitors": r("business"),
  "Query.contentTemplates": r("business"),
  "Query.drafts": r("business"),
  "Query.health": r("public"),
  "Query.holidayOverrides": r("admin"),
  "Query.kuwaitHolidays": r("signedIn"),
  "Query.openingHours": r("business"),
  "Query.googleHoursDiff": r("businessPerson"),
  "Query.me": r("signedIn"),
  "Query.media": r("business"),
  "Query.mediaLibrary": r("business"),
  "Query.notifications": r("person"),
  "Query.ownerStats": r("business"),
  "Query.platformConnections": r("business"),
  "Query.googleLocations": r("business"),
  "Query.facebookPages": r("business"),
  "Query.tiktokCreatorInfo": r("business"),
  "Query.post": r("business"),
  "Query.postPreview": r("business"),
  "Query.postingInsights": r("business"),
  "Query.posts": r("business"),
  "Query.prayerTimes": r("signedIn"),
  "Query.review": r("business"),
  "Query.reviewStats": r("business"),
  "Query.reviews": r("business"),
  "Query.inbox": r("business"),
  // conversations (docs/product.md#conversations): read by the business's people and key; writing to a guest as a
  // public reply is (the world's cafés keep the team from answering); WhatsApp, templates and guests' data: managers
  "Query.conversations": r("business"),
  "Query.conversation": r("business"),
  "Query.conversationsUnread": r("business"),
  "Query.conversationFigures": r("business"),
  "Query.savedReplies": r("business"),
  "Query.whatsappNumbers": r("business"),
  "Query.whatsappTemplates": r("business"),
  "Query.whatsappSignup": r("businessPerson"),
  "Query.guestRetentionDays": r("business"),
  "Mutation.sendConversationMessage": r("manager"),
  "Mutation.suggestConversationAnswer": r("business"),
  "Mutation.markConversationRead": r("business"),
  "Mutation.assignConversation": r("business"),
  "Mutation.setConversationStatus": r("business"),
  "Mutation.addConversationNote": r("business"),
  "Mutation.saveSavedReply": r("business"),
  "Mutation.removeSavedReply": r("business"),
  "Mutation.connectWhatsapp": r("manager"),
  "Mutation.disconnectWhatsapp": r("manager"),
  "Mutation.saveWhatsappTemplate": r("manager"),
  "Mutation.submitWhatsappTemplate": r("manager"),
  "Mutation.refreshWhatsappTemplates": r("business"),
  "Mutation.exportGuestData": r("manager"),
  "Mutation.deleteGuestData": r("manager"),
  "Mutation.setGuestRetentionDays": r("manager"),
  "Query.inboxItem": r("business"),
  "Query.inboxSummary": r("business"),
  "Query.inboxSettings": r("business"),
  "Query.invoices": r("billing"),
  "Query.billing": r("businessPerson"),
  "Query.billingPayment": r("businessPerson"),
  "Query.agencyBilling": r("agencyManager"),
  "Query.agencyPayment": r("agencyManager"),
  "Query.team": r("businessPerson"),
  "Query.templateAccess": r("business"),
  "Query.translations": r("public"),
  "Query.unreadNotificationsCount": r("person"),
  "Query.upcomingOccasions": r("signedIn"),
  // webhooks: the business's people read them; an API key may not (docs/product.md#webhooks)
  "Query.webhookEndpoint": r("businessPerson"),
  "Query.webhooks": r("businessPerson"),
  "Mutation.acceptInvitation": r("public"),
  "Mutation.addMenuItem": r("businessPerson"),
  "Mutation.addPracticeAccounts": r("businessPerson"),
  "Mutation.applyTemplate": r("business"),
  "Mutation.approveClient": r("admin"),
  "Mutation.approveReviewReply": r("business"),
  "Mutation.attachPostsToCampaign": r("business"),
  "Mutation.changePassword": r("person"),
  "Mutation.useBusiness": r("businessPerson"),
  "Mutation.confirmPostTarget": r("business"),
  "Mutation.connectCompetitorDiscovery": r("businessPerson"),
  "Mutation.connectPlatform": r("businessPerson"),
  "Mutation.chooseFacebookPage": r("businessPerson"),
  "Mutation.pickGoogleLocations": r("businessPerson"),
  "Mutation.refreshGoogleLocations": r("businessPerson"),
  "Mutation.createApiKey": r("manager"),
  "Mutation.createCampaign": r("business"),
  "Mutation.createCompetitor": r("business"),
  "Mutation.createPost": r("business"),
  "Mutation.createReview": r("business"),
  "Mutation.createWebhookEndpoint": r("manager"),
  "Mutation.deleteCampaign": r("business"),
  "Mutation.deleteCompetitor": r("business"),
  "Mutation.deleteCompetitorSnapshot": r("business"),
  "Mutation.deleteContentTemplate": r("business"),
  "Mutation.setMediaMenuItem": r("business"),
  "Mutation.deleteMedia": r("business"),
  "Mutation.deletePost": r("business"),
  "Mutation.deletePosts": r("business", true),
  "Mutation.duplicatePost": r("business"),
  "Mutation.deleteReview": r("business"),
  "Mutation.deleteWebhookEndpoint": r("manager"),
  "Mutation.detachPostsFromCampaign": r("business"),
  "Mutation.disconnectCompetitorDiscovery": r("businessPerson"),
  "Mutation.disconnectPlatform": r("businessPerson"),
  "Mutation.enhanceMedia": r("business"),
  "Mutation.fetchCompetitorFromInstagram": r("business"),
  "Mutation.forgotPassword": r("public"),
  "Mutation.generatePost": r("business"),
  "Mutation.planMonth": r("business"),
  "Mutation.approvePlan": r("business"),
  "Mutation.giftTrialDays": r("admin"),
  "Mutation.extendPeriod": r("admin"),
  "Mutation.importCompetitors": r("business"),
  "Mutation.importMenu": r("businessPerson"),
  "Mutation.importReviews": r("business"),
  "Mutation.inviteTeamMember": r("manager"),
  "Mutation.login": r("public"),
  "Mutation.logout": r("public"),
  "Mutation.markAllNotificationsRead": r("person"),
  "Mutation.markNotificationsRead": r("person", true),
  "Mutation.markReviewReplied": r("business"),
  "Mutation.publishPost": r("business"),
  "Mutation.reactivateClient": r("admin"),
  "Mutation.recordManualPayment": r("admin"),
  "Mutation.refundPayment": r("admin"),
  "Mutation.refreshToken": r("public"),
  "Mutation.register": r("public"),
  "Mutation.rejectClient": r("admin"),
  "Mutation.removeHolidayOverride": r("admin"),
  "Mutation.updateWeeklyHours": r("businessPerson"),
  "Mutation.updateLocationHours": r("businessPerson"),
  "Mutation.proposeSpecialHours": r("businessPerson"),
  "Mutation.createSpecialHours": r("businessPerson"),
  "Mutation.updateSpecialHours": r("businessPerson"),
  "Mutation.confirmSpecialHours": r("manager"),
  "Mutation.deleteSpecialHours": r("businessPerson"),
  "Mutation.sendHoursToGoogle": r("manager"),
  "Mutation.draftSpecialHoursPost": r("businessPerson"),
  "Mutation.removeMenuItem": r("businessPerson"),
  "Mutation.removeTeamMember": r("manager"),
  "Mutation.reorderMenu": r("businessPerson", true),
  "Mutation.reschedulePosts": r("business", true),
  "Mutation.resendVerification": r("public"),
  "Mutation.resetPassword": r("public"),
  "Mutation.retryPostTarget": r("business"),
  "Mutation.revokeApiKey": r("manager"),
  "Mutation.revokeInvitation": r("manager"),
  "Mutation.redeliverWebhook": r("manager"),
  "Mutation.rotateWebhookSecret": r("manager"),
  "Mutation.sendTestWebhook": r("manager"),
  "Mutation.saveCompetitorSnapshot": r("business"),
  "Mutation.saveContentTemplate": r("business"),
  "Mutation.schedulePost": r("business"),
  "Mutation.setHolidayOverride": r("admin"),
  "Mutation.setPostCampaign": r("business"),
  "Mutation.suggestHashtags": r("business"),
  "Mutation.suggestReviewReply": r("business"),
  "Mutation.suspendClient": r("admin"),
  "Mutation.testAiSettings": r("admin"),
  "Mutation.unschedulePost": r("business"),
  "Mutation.updateAiSettings": r("admin"),
  "Mutation.updateBusinessProfile": r("businessPerson"),
  "Mutation.updateLinkPage": r("businessPerson"),
  "Mutation.publishLinkPage": r("businessPerson"),
  "Mutation.updateBusinessVoice": r("businessPerson"),
  "Mutation.updateCampaign": r("business"),
  "Mutation.updateCompetitor": r("business"),
  "Mutation.updateMenuItem": r("businessPerson"),
  "Mutation.updatePost": r("business"),
  "Mutation.updateProfile": r("person"),
  "Mutation.updateReviewReply": r("business"),
  "Mutation.suggestInboxReply": r("business"),
  "Mutation.updateInboxReply": r("business"),
  "Mutation.approveInboxReply": r("business"),
  "Mutation.markInboxHandled": r("business"),
  "Mutation.suggestInboxReplies": r("business"),
  "Mutation.approveInboxReplies": r("business", true),
  // a public answer is a person's act: owners and the account holder (the whole team once allowed), never a key
  "Mutation.sendInboxReply": r("manager"),
  "Mutation.sendInboxReplies": r("manager", true),
  "Mutation.deleteInboxReply": r("manager"),
  "Mutation.hideInboxComment": r("manager"),
  "Mutation.sendPrivateReply": r("manager"),
  "Mutation.setInboxSettings": r("manager"),
  "Mutation.syncInbox": r("business"),
  "Mutation.updateTranslations": r("admin"),
  "Mutation.updateWebhookEndpoint": r("manager"),
  "Mutation.verifyEmail": r("public"),
  // guests' orders (docs/product.md#orders): read by the business's people and key; built and sent by those who answer
  // guests (the world's cafés keep the team from answering: managers), never a key; money and the Tap key: managers
  "Query.orders": r("business"),
  "Query.reviewRequests": r("business"),
  "Query.linkPage": r("businessPerson"),
  "Query.linkPagePreview": r("businessPerson"),
  "Query.order": r("business"),
  // the menu on Google: the people who edit the profile, never a key (it reads and writes with the Google connection)
  "Query.googleMenuDiff": r("businessPerson"),
  "Mutation.sendMenuToGoogle": r("businessPerson"),
  "Query.tapAccount": r("business"),
  "Mutation.createOrder": r("manager"),
  "Mutation.updateOrder": r("manager"),
  "Mutation.sendOrderPaymentLink": r("manager"),
  "Mutation.cancelOrder": r("manager"),
  "Mutation.refundOrder": r("manager"),
  "Mutation.setTapAccount": r("manager"),
  "Mutation.clearTapAccount": r("manager"),
  "Mutation.payNow": r("manager"),
  "Mutation.payForCafes": r("agencyManager"),
  "Mutation.recordAgencyTransfer": r("admin"),
  "Mutation.changePlan": r("manager"),
  "Mutation.cancelSubscription": r("manager"),
  "Mutation.keepSubscription": r("manager"),
  "Mutation.updateBillingDetails": r("manager"),
  "Subscription.billingChanged": r("businessPerson"),
  "Subscription.adminStatsUpdated": r("admin"),
  "Subscription.adminBillingChanged": r("admin"),
  "Subscription.webhookDeliveryUpdated": r("businessPerson"),
  "Subscription.analyticsRealtime": r("analytics"),
  "Subscription.clientEvents": r("admin"),
  "Subscription.notificationAdded": r("person"),
  "Subscription.inboxChanged": r("business"),
  "Subscription.postChanged": r("business"),
};

const PEOPLE_A: CallerName[] = ["holderA", "ownerA", "memberA"];

/**
 * Whether a caller may pass the door of a rule. `door` rest: API keys are never accepted.
 * clientB counts as a business person here; whether it touches A's rows is decided by the caller of this.
 * memberBF (a person of B and F naming A in x-sufra-business) passes no door but the public ones; nor does
 * agencyEndedA (a person of agency G, whose access to A its owner ended, naming A).
 */
export function mayCall(policy: Policy, caller: CallerName, door: "rest" | "graphql"): boolean {
  const person = [...PEOPLE_A, "clientB", "admin"].includes(caller);
  const businessPerson = [...PEOPLE_A, "clientB"].includes(caller);
  const key = caller === "keyA" && door === "graphql"; // revoked and ex-Premium keys are never accepted
  switch (policy) {
    case "public":
      return true;
    case "signedIn":
      return person || key;
    case "person":
      return person;
    case "business":
      return businessPerson || key;
    case "businessPerson":
      return businessPerson;
    case "manager":
      return caller === "holderA" || caller === "ownerA" || caller === "clientB"; // B manages its own business
    case "admin":
      return caller === "admin";
    case "analytics":
      return businessPerson || key || caller === "admin";
    case "billing":
      return caller === "holderA" || caller === "ownerA" || caller === "clientB" || caller === "admin";
    case "agencyManager":
      return false; // no business of the world is an agency
  }
}
