// The translations module's face: the tab the admin console embeds. Everything else is private.
export { default as TranslationsTab } from "./TranslationsTab.tsx";
