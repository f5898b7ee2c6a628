// Billing notices (docs/product.md#subscriptions-and-billing): work in progress, the body lands next.
import type { Tx } from "../../db/prisma.ts";
import type { Mailer } from "../../mail/mailer.ts";

export type BillingNoticeType =
  | "trial_ending"
  | "trial_ended"
  | "payment_due"
  | "payment_overdue"
  | "subscription_expired"
  | "payment_received"
  | "payment_failed"
  | "plan_changed"
  | "team_read_only";

export async function billingNotice(
  _tx: Tx,
  _mailer: Mailer,
  _businessId: string,
  _type: BillingNoticeType,
  _data: Record<string, unknown> = {},
  _now: Date = new Date(),
): Promise<{ mailIds: string[] }> {
  return { mailIds: [] };
}
