// The link page's face: the card the settings page embeds. Everything else is private.
export { LinkPageCard } from "./LinkPageCard.tsx";
