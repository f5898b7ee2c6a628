// The conversations module's face: the inbox's Messages view (guests' private messages on Instagram, the
// Facebook Page and WhatsApp) and its tab label with the unread badge, embedded by the inbox page; and the
// order slot's types, for the orders module's button in a thread.

export { MessagesView } from "./components/MessagesView.tsx";
export { MessagesTabLabel } from "./components/MessagesTabLabel.tsx";
export type { OrderStart, ThreadFull as Conversation } from "./model.ts";
