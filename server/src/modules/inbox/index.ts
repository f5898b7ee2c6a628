// The inbox module's face (what guests write: reviews and comments): what other modules may use (webhooks send a new review as REST shows it).
export { restReview } from "./inbox.rest.ts";
