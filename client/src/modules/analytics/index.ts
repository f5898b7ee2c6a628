// The analytics module's face: the change arrow (the dashboard's figures) and its text namespace, which
// the dashboard's content card reads (content types, the "simulated" tag). Everything else is private.
export { Change } from "./components/Change.tsx";
export { ANALYTICS_NS } from "./i18n.ts";
