// Billing from the café's side (docs/product.md#subscriptions-and-billing, "Paying" and "Plan changes"):
// what the plan costs and when, "Pay now" through the gateway, the return from its page and its signed
// webhook, plan changes, cancelling at the period's end, the name and address invoices carry. Owners and
// the account holder manage; the business's other people read. Three parts at their seams, sharing one
// context (billing-context.ts; docs/architecture.md#payment-rules): pay and settle (billing-pay.ts), plan
// changes (billing-plans.ts), the page's state (billing-state.ts); and an agency paying for its cafés in one payment
// (billing-agency.ts), whose charges pay and settle hands it.
import type { Deps } from "../../deps.ts";
import { createAgencyPayments } from "./billing-agency.ts";
import { billingContext, type BillingOptions } from "./billing-context.ts";
import { createPayAndSettle } from "./billing-pay.ts";
import { createPlanChanges } from "./billing-plans.ts";
import { createBillingReads } from "./billing-state.ts";

export type { AgencyBilling, AgencyCafeOffer, AgencyChargeStart, AgencyPaymentView } from "./billing-agency.ts";
export type { ChargeStart } from "./billing-pay.ts";
export type { PlanChangeOutcome } from "./billing-plans.ts";
export type { BillingState, PlanOffer } from "./billing-state.ts";

export function createBillingService(deps: Deps, opts: BillingOptions) {
  const ctx = billingContext(deps, opts);
  const reads = createBillingReads(ctx);
  const { agencyCharges, ...agency } = createAgencyPayments(ctx);
  ctx.agencyCharges = agencyCharges;
  return {
    billing: reads.billing,
    payment: reads.payment,
    ...createPayAndSettle(ctx),
    ...createPlanChanges(ctx),
    ...agency,
    subscribe: reads.subscribe,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
