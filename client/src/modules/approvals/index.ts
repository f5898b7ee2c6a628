// The approvals module's face (docs/product.md#agencies-and-approvals): what the posts list, the composer and
// the calendar embed: a post's approval tag and the filter, Send for approval (the link and its sharing), the
// links sent, the composer's approval panel, and the address bar's and calendar's rules. Everything else is private.
export { ApprovalFilter, ApprovalTag } from "./components/ApprovalTag.tsx";
export { ApprovalLinksButton } from "./components/ApprovalLinksButton.tsx";
export { ApprovalPanel } from "./components/ApprovalPanel.tsx";
export { SendForApprovalModal } from "./components/SendForApprovalModal.tsx";
export type { ApprovalRequest } from "./data.ts";
export { APPROVALS_NS } from "./i18n.ts";
export { approvalFilterOf, approvalParamOf, monthOf, weekOf } from "./model.ts";
