// The business profile's face: the card the settings page embeds. Everything else is private.
export { BusinessProfileCard } from "./BusinessProfileCard.tsx";
