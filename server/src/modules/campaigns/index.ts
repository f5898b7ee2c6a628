// The campaigns module's face: campaigns group posts under one goal and dates. A post may name a
// campaign only of its own business.
export { assertCampaignOf } from "./campaign-of.ts";
// ... a campaign as GraphQL shows it, declared in graphql/refs.ts so the orders' door adds its figures to it
export type { CampaignView } from "./campaign-view.ts";
export type { CampaignDetail } from "./campaigns.service.ts";
