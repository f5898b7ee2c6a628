// The public site's face: its header, footer and page hook, which the legal pages share. Nothing here
// may load antd, Apollo or the shell (LandingPage.test.tsx); the landing page itself is loaded by the router.
export { SiteFooter } from "./SiteFooter.tsx";
export { SiteHeader } from "./SiteHeader.tsx";
export { SUPPORT_EMAIL } from "./i18n.ts";
export { usePublicPage } from "./usePublicPage.ts";
