// The reviews module's face: what other modules may use (webhooks send a new review as REST shows it).
export { restReview } from "./reviews.rest.ts";
