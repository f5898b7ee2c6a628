// The campaigns module's face: campaigns group posts under one goal and dates. A post may name a
// campaign only of its own business.
export { assertCampaignOf } from "./campaign-of.ts";
