// The billing module's face (docs/product.md#subscriptions-and-billing): subscriptions that get paid, change plan,
// fall due and stop; payments through the gateway or recorded by an admin; invoices. Other modules use only what
// is named here (add names with small edits).
export type { BillingService, BillingState } from "./billing.service.ts";
// invoices and credit notes (invoices.ts): the business's list and PDFs; issuing happens inside billing's own transactions
export type { InvoicesService, InvoiceSummary } from "./invoices.ts";
// what a stopped subscription or a plan below Premium may not do (rights.ts), checked by posts, studio, team and the doors
export { assertRunning, isReadOnlyMember, requireRunning, requireWriter } from "./rights.ts";
// the lifecycle's job and the release of held posts (lifecycle.ts); billing's notices (notices.ts)
export type { Lifecycle } from "./lifecycle.ts";
// services.ts hands webhooks the body of a subscription.changed event
export { subscriptionWebhookBody } from "./webhook-body.ts";
