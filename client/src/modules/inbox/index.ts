// The inbox module's face: its text namespace and the link to the unhappy guests waiting, read by the
// dashboard's inbox cards.
export { INBOX_NS } from "./i18n.ts";
export { NEGATIVE_UNANSWERED } from "./model.ts";
