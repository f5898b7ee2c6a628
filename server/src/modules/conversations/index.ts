// The conversations module's face (guests' private messages: Instagram, Facebook Page, WhatsApp): what other
// modules may use. A campaign's chat links carry its ref, by which a conversation is counted to it.
export { campaignRef } from "./receive.ts";
