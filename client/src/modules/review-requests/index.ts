// The review requests' face: the inbox's "Ask for reviews" button and the drawer it opens. Everything else is private.
export { ReviewRequestsButton } from "./ReviewRequestsButton.tsx";
