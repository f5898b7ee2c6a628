// What the parts of the café's billing share (docs/architecture.md#payment-rules): the deps, the gateway (null:
// payments by bank transfer), the webhooks, the gateway's addresses, and what follows a commit. Built once by
// createBillingService and handed to its parts: pay and settle (billing-pay.ts), plan changes
// (billing-plans.ts), the page's state (billing-state.ts).
import type { PlanId } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import type { Charge, PaymentGateway, Refund as GatewayRefund } from "../../payments/types.ts";
import type { accessOf } from "../team/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

export interface BillingOptions {
  gateway: PaymentGateway | null;
  webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
  /** a refund's signed webhook (the admin's refunds, admin.ts settleRefund): its id and status are what Tap signs */
  onRefund?: (refund: GatewayRefund) => Promise<unknown>;
}

export interface BillingContext extends BillingOptions {
  deps: Deps;
  /** where Tap sends the person back (GET /api/billing/return) */
  returnUrl: string;
  /** where Tap posts a charge's changes */
  webhookUrl: string;
  /** After a commit: the mails written in it, the webhook deliveries recorded in it. */
  afterCommit(mailIds: string[], deliveries: string[]): Promise<void>;
  /**
   * An agency's payments for its cafés (billing-agency.ts), set by createBillingService: the charges whose
   * reference is none of the cafés' own payments, settled the same way (pay and settle asks these).
   */
  agencyCharges?: AgencyCharges;
}

/** What pay and settle asks of an agency's payments (billing-agency.ts). */
export interface AgencyCharges {
  /** settles the agency payment a charge read by id names (null: none of ours) */
  settle(charge: Charge, eventKey?: string): Promise<{ id: string; duplicate: boolean } | null>;
  /** the gateway's return naming a charge: the agency payment it belongs to, settled if pending (null: none of ours) */
  returned(chargeId: string): Promise<string | null>;
  /** the sweep of the agency payments pending longer than the gateway's page: how many it settled */
  settlePending(now: Date): Promise<number>;
}

export function billingContext(deps: Deps, opts: BillingOptions): BillingContext {
  const publicUrl = deps.config.payments.publicUrl;
  return {
    ...opts,
    deps,
    returnUrl: `${publicUrl}/api/billing/return`,
    webhookUrl: `${publicUrl}/api/billing/webhooks/tap`,
    async afterCommit(mailIds, deliveries) {
      if (mailIds.length) await deps.mailer.deliver(mailIds);
      if (deliveries.length && opts.webhooks) await opts.webhooks.dispatch(deliveries);
    },
  };
}

/** Who the viewer is in their business (the team's access: the business, its subscription, whether they manage). */
export type Access = Awaited<ReturnType<typeof accessOf>>;

/** The plan the next period payment buys: a waiting downgrade, or the plan. */
export const planToBuy = (sub: Subscription): PlanId => (sub.nextPlan ?? sub.plan) as PlanId;
