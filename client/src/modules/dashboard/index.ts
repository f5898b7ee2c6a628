// The dashboard module's face: its text namespace, whose coming-occasion sentences the studio reuses
// (one text for an admin to edit). Everything else is private; the pages are loaded by the router.
export { DASHBOARD_NS } from "./i18n.ts";
