// The agencies module's face (docs/architecture.md#agencies): posts ask whether a café's posts need approval.
// approvals: whether the person is their agency's lead (the optional first step)
export { isAgencyLead, needsApproval } from "./agencies.service.ts";
// billing: the cafés an agency serves now, the ones it may pay for
export { servedCafes } from "./served.ts";
