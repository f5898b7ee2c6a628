// Billing's notices (docs/product.md#subscriptions-and-billing): what the lifecycle's reminders, a
// payment's outcome and a plan's change tell a business. Each is a notification in the app (written by
// the notifications module, inside the caller's transaction) and an e-mail in the person's language
// (the outbox), to the business's owners and its account holder; team_read_only goes to the members it
// concerns. Once per subscription, type and Kuwait day (a payment's notices: once per payment): the
// notification's dedupe key is the guard, and a mail is queued only beside a notification this call
// inserted, so two processes sending the same notice at once send it once.
import { kuwaitDate, pickLocale, PLAN_IDS, type NotificationData, type PlanId } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { BillingNoticeVars } from "../../mail/templates.ts";
import { notifyIn, type Draft } from "../notifications/index.ts";
import { managersOf, peopleOf } from "../team/index.ts";

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

/** What a notice may carry; each type reads the facts its text needs (money in fils, instants as Date or ISO strings). */
export interface BillingNoticeData {
  paymentId?: string;
  amountFils?: number;
  plan?: string;
  previousPlan?: string;
  /** trial_ending, trial_ended */
  trialEndsAt?: Date | string | null;
  /** payment_due; payment_received: the end of the month paid for (periodEnd is read too) */
  periodEndsAt?: Date | string | null;
  periodEnd?: Date | string | null;
  /** payment_overdue */
  graceEndsAt?: Date | string | null;
  /** subscription_expired: expired or cancelled */
  status?: string;
  /** payment_failed: the gateway's words */
  reason?: string | null;
  /** team_read_only: the people told (the business's owners and account holder otherwise) */
  userIds?: string[];
}

/** What the notice needs beyond the transaction: the outbox, and the public address its mails link to. */
export interface NoticeDeps {
  mailer: Mailer;
  /** e.g. https://sufra.example: mails link to `${publicUrl}/billing`; without it they name the Billing page only */
  publicUrl?: string;
  /** no payment gateway: the mails say to pay by bank transfer, not with KNET or a card */
  byTransfer?: boolean;
}

const iso = (v: Date | string | null | undefined) => (v == null ? null : typeof v === "string" ? v : v.toISOString());
const date = (v: Date | string | null | undefined) => (v == null ? null : new Date(v));
const planOf = (p: string | null | undefined): PlanId | null =>
  (PLAN_IDS as readonly string[]).includes(p ?? "") ? (p as PlanId) : null;

/**
 * Tells a business's owners and account holder (team_read_only: `data.userIds`) of a billing event: one
 * notification each and one mail each in their language, unless the same notice was already sent
 * today (Kuwait day of `now`) for this subscription, or for this payment. Answers the outbox ids to
 * deliver after the commit (`mailer.deliver(mailIds)`).
 */
export async function billingNotice(
  tx: Tx,
  deps: NoticeDeps,
  businessId: string,
  type: BillingNoticeType,
  data: BillingNoticeData = {},
  now: Date = new Date(),
): Promise<{ mailIds: string[]; notified: string[] }> {
  const { mailer, publicUrl } = deps;
  const business = await tx.business.findUnique({
    where: { id: businessId },
    select: {
      id: true,
      companyName: true,
      subscription: { select: { id: true, plan: true } },
    },
  });
  if (!business) return { mailIds: [], notified: [] };
  // the account holder is the business's earliest person, as the team module decides; owners are named by role
  const everyone = await peopleOf(tx, businessId);
  const people = data.userIds ? everyone.filter((u) => data.userIds!.includes(u.id)) : managersOf(everyone);
  if (!people.length) return { mailIds: [], notified: [] };

  const base = { businessId, companyName: business.companyName };
  const plan = data.plan ?? business.subscription?.plan ?? "basic";
  const periodEndsAt = iso(data.periodEndsAt ?? data.periodEnd);
  const payload = ((): NotificationData[BillingNoticeType] => {
    switch (type) {
      case "trial_ending":
      case "trial_ended":
        return { ...base, trialEndsAt: iso(data.trialEndsAt) ?? now.toISOString() };
      case "payment_due":
        return { ...base, plan, amountFils: data.amountFils ?? 0, periodEndsAt: periodEndsAt ?? now.toISOString() };
      case "payment_overdue":
        return {
          ...base,
          plan,
          amountFils: data.amountFils ?? 0,
          graceEndsAt: iso(data.graceEndsAt) ?? now.toISOString(),
        };
      case "subscription_expired":
        return { ...base, status: data.status ?? "expired" };
      case "payment_received":
        return { ...base, paymentId: data.paymentId ?? "", plan, amountFils: data.amountFils ?? 0, periodEndsAt };
      case "payment_failed":
        return {
          ...base,
          paymentId: data.paymentId ?? "",
          amountFils: data.amountFils ?? 0,
          reason: data.reason ?? null,
        };
      case "plan_changed":
        return { ...base, plan, previousPlan: data.previousPlan ?? plan };
      case "team_read_only":
        return { ...base, plan };
    }
  })();

  // once per payment for a payment's notices; otherwise once per subscription, type and Kuwait day
  const scope =
    (type === "payment_received" || type === "payment_failed") && data.paymentId
      ? `payment:${data.paymentId}`
      : `${business.subscription?.id ?? businessId}:${kuwaitDate(now)}`;
  const drafts = people.map((u): Draft => ({
    userId: u.id,
    type,
    data: payload,
    dedupeKey: `billing:${type}:${scope}:${u.id}`,
  }));
  const inserted = new Set((await notifyIn(tx, drafts)).map((n) => n.userId));

  const when = date(
    type === "trial_ending" || type === "trial_ended"
      ? data.trialEndsAt
      : type === "payment_overdue"
        ? data.graceEndsAt
        : periodEndsAt,
  );
  const mailIds: string[] = [];
  // a payment's receipt is its invoice's mail (invoices.ts), with the PDF: one mail per payment
  if (type === "payment_received") return { mailIds, notified: [...inserted] };
  for (const u of people) {
    if (!inserted.has(u.id)) continue;
    const vars: BillingNoticeVars = {
      type,
      name: u.name,
      companyName: business.companyName,
      plan: planOf(plan),
      previousPlan: planOf(data.previousPlan),
      amountFils: data.amountFils ?? null,
      date: when,
      status: data.status ?? null,
      reason: data.reason ?? null,
      url: publicUrl ? `${publicUrl}/billing` : "",
      byTransfer: !!deps.byTransfer,
    };
    mailIds.push(await mailer.queue(tx, u.email, "billingNotice", vars, pickLocale(u.locale)));
  }
  return { mailIds, notified: [...inserted] };
}
