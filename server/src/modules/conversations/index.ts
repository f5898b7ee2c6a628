// The conversations module's face (guests' private messages: Instagram, Facebook Page, WhatsApp): what other
// modules may use. Orders tell the guest through a thread; the inbox's webhook hands Instagram's messages here.
export {
  createConversationsService,
  windowOf,
  type ConversationsService,
  type WindowState,
} from "./conversations.service.ts";
export { campaignRef } from "./receive.ts";
