// The insights module's face: the best-times card (dashboard), the suggested-time chips (composer) and the
// posting times' reasons in words (planner).
export { BestTimesCard } from "./BestTimesCard.tsx";
export { SuggestedTimeChips } from "./SuggestedTimeChips.tsx";
export { useReasonText } from "./data.ts";
