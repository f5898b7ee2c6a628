// The public site's face: the reading pages' frame (PublicPage: header, footer, column, contents), which
// the legal pages and the developer documentation share, and its parts. Nothing here
// may load antd, Apollo or the shell (LandingPage.test.tsx); the landing page itself is loaded by the router.
export { PublicPage, PublicSection } from "./PublicPage.tsx";
export { SUPPORT_EMAIL } from "./i18n.ts";
