// The reviews module's face: its text namespace, read by the dashboard's unanswered-reviews card.
export { INBOX_NS } from "./i18n.ts";
