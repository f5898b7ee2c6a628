// The posts module's face: what the schedule embeds (thumbnail, network link, duplicate) and the posts
// text namespace those pieces speak. Everything else is private; pages are loaded by the router.
export { NetworkLink, PostThumb, thumbAlt, useDuplicatePost } from "./components/PostExtras.tsx";
export { POSTS_NS } from "./i18n.ts";
