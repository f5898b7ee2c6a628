// The campaigns module's face: campaigns group posts under one goal and dates. A post may name a
// campaign only of its own business.
export { assertCampaignOf } from "./campaign-of.ts";
// services.ts hands webhooks the body of a campaign.ended event: the campaign as REST shows it
export { campaignWebhookBody } from "./webhook-body.ts";
