// The insights module's face: the best-times card (dashboard) and the suggested-time chips (composer).
export { BestTimesCard } from "./BestTimesCard.tsx";
export { SuggestedTimeChips } from "./SuggestedTimeChips.tsx";
