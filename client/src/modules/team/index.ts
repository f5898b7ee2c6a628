// The team module's face: the upgrade card and the page frame (team and API keys are Premium features).
// Everything else is private.
export { PremiumPage } from "./components/PremiumPage.tsx";
export { UpgradeCard } from "./components/UpgradeCard.tsx";
