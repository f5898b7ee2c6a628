// The billing module's face: the shell's banner for a past-due or stopped subscription, and the note
// other screens show where a stopped subscription may not act (docs/product.md#subscriptions-and-billing).
// The page itself is named by the router only.
export { SubscriptionBanner } from "./components/SubscriptionBanner.tsx";
export { SubscriptionEnded, subscriptionStopped } from "./components/SubscriptionEnded.tsx";
// the admin console links any business's invoices to their PDF with the same download
export { downloadInvoice } from "./invoicePdf.ts";
