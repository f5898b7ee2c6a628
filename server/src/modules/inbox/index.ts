// The inbox module's face (what guests write: reviews and comments): what other modules may use.
// the inbox in figures, for analytics (its door, its export and its screen)
export { createInboxFiguresService } from "./figures.ts";
export { restInboxFigures } from "./figures.shape.ts";
export type {
  GuestBranchFigures,
  GuestRatingPoint,
  GuestResponseFigures,
  GuestSourceFigures,
  GuestTopicTrend,
  InboxFigures,
  ReviewRequestBranchFigures,
  ReviewRequestFigures,
} from "./figures.ts";
// who answers guests (public replies and private conversations alike)
export { inboxChanged, requireGuestWriter } from "./replies.ts";
