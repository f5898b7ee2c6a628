// The agencies module's face (docs/product.md#agencies-and-approvals): the agency settings the Team page
// embeds, the gate and the rules that keep a person acting through an agency off the pages the café has not
// opened to it, and the café's approval rule the posts screens read. Everything else is private.
export { AgencySection } from "./components/AgencySection.tsx";
export { AgencyGate } from "./components/AgencyGate.tsx";
export { useAgencyAccess, useApprovalRule } from "./data.ts";
export { agencyMayOpen, mayPublishNow, maySchedule } from "./model.ts";
