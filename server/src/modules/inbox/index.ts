// The inbox module's face (what guests write: reviews and comments): what other modules may use (webhooks send a new review as REST shows it).
export { restGuestItem, restReview } from "./inbox.rest.ts";
// the inbox in figures, for analytics (its door, its export and its screen)
export { createInboxFiguresService, restInboxFigures } from "./figures.ts";
export type {
  GuestBranchFigures,
  GuestRatingPoint,
  GuestResponseFigures,
  GuestSourceFigures,
  GuestTopicTrend,
  InboxFigures,
  InboxFiguresService,
} from "./figures.ts";
