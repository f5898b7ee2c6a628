// The team module's face: the upgrade card (team and API keys are Premium features). Everything else is private.
export { UpgradeCard } from "./components/UpgradeCard.tsx";
