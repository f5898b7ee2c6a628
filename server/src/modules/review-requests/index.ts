// The review requests' face (docs/architecture.md#review-requests): printed QR codes and short links to Google's
// review form per picked location. services.ts builds the service from here; its doors are its own files.
export { createReviewRequestsService } from "./review-requests.service.ts";
