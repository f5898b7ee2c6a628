// The billing module's face (docs/product.md#subscriptions-and-billing): subscriptions that get paid, change plan,
// fall due and stop; payments through the gateway or recorded by an admin; invoices. Other modules use only what
// is named here (add names with small edits); services.ts builds billing's services, jobs and doors from its files.
// what a stopped subscription or a plan below Premium may not do (rights.ts), checked by posts, studio, team and the doors
export { assertRunning, requireRunning } from "./rights.ts";
