// Each pack's part of its account card in Settings, the registry's third half (docs/architecture.md#in-the-client):
// a page that shows the connected accounts loads these without the composer's sections and previews.
export { FacebookPages, useFacebookPages } from "./facebook/FacebookPages.tsx";
export { GoogleLocations } from "./google/GoogleLocations.tsx";
export { TikTokPosting } from "./tiktok/TikTokPosting.tsx";
