// What the parts of the café's billing share (docs/architecture.md#payment-rules): the deps, the gateway (null:
// payments by bank transfer), the webhooks, the gateway's addresses, and what follows a commit. Built once by
// createBillingService and handed to its parts: pay and settle (billing-pay.ts), plan changes
// (billing-plans.ts), the page's state (billing-state.ts).
import type { PlanId } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import type { PaymentGateway, Refund as GatewayRefund } from "../../payments/types.ts";
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
