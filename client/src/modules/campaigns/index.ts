// The campaigns module's face: the campaign pieces the composer and the schedule embed, and the
// occasion names the composer converts. Everything else is private.
export { gqlOccasion, occasionKey } from "./components/bits.tsx";
export { CampaignFilter, PostCampaignAction } from "./components/CalendarCampaign.tsx";
export { PostCampaignFields } from "./components/PostCampaignFields.tsx";
export { CAMPAIGNS_NS } from "./i18n.ts";
