// The review requests' face (docs/architecture.md#review-requests): printed QR codes and short links to Google's
// review form per picked location. services.ts builds the service; its doors are its own files.
export type { ReviewRequest, ReviewRequestsService } from "./review-requests.service.ts";
