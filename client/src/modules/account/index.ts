// The account module's face: the top bar embeds the business switcher (docs/architecture.md#memberships).
export { BusinessSwitcher } from "./components/BusinessSwitcher.tsx";
