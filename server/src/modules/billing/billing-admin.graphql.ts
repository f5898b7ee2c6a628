// The admin's billing at the GraphQL door (docs/product.md#subscriptions-and-billing, "Admin"): the
// payments list, a manual payment, a period extended, a refund. Thin: the rules are in admin.ts.
import { builder } from "../../graphql/builder.ts";
import { clientActions } from "@sufra/schema";
import {
  ClientActionEnum,
  PaymentMethodEnum,
  PaymentStatusEnum,
  PlanEnum,
  SubscriptionStatusEnum,
} from "../../graphql/enums.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import type { AdminPaymentRow, BillingAdmin } from "./admin.ts";
import { PaymentPurposeEnum } from "./billing.graphql.ts";
import { invoicePdfPath } from "./invoices.ts";

const AdminPayment = builder.objectRef<AdminPaymentRow>("AdminPayment").implement({
  description: "A payment of any business, as the admin's payments list shows it. Money in fils (1 KWD = 1000 fils).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The payment's id (a UUID)." }),
    businessId: t.exposeID("businessId", { description: "The business that paid." }),
    businessName: t.string({
      description: "The business's name (its company name).",
      resolve: (p) => p.business.companyName,
    }),
    businessAllowedActions: t.field({
      description:
        "What an admin may do to its business now (extend its period, record a payment...), by the same rule each action checks.",
      type: [ClientActionEnum],
      resolve: (p) => clientActions({ status: p.business.status, subscription: p.business.subscription }),
    }),
    plan: t.expose("plan", { description: "The plan paid for.", type: PlanEnum }),
    amountFils: t.exposeInt("amountFils", { description: "The amount paid, in fils." }),
    refundedFils: t.exposeInt("refundedFils", { description: "How much of it was given back, in fils (0 when none)." }),
    currency: t.exposeString("currency", { description: "The currency: always KWD." }),
    status: t.expose("status", { description: "Where the payment stands.", type: PaymentStatusEnum }),
    method: t.expose("method", {
      description: "How it was paid; null while the gateway has not said.",
      type: PaymentMethodEnum,
      nullable: true,
    }),
    gateway: t.exposeString("gateway", {
      description: 'Who took it: "tap" (Tap Payments) or "manual" (recorded by an admin).',
    }),
    receipt: t.exposeString("receipt", {
      description: "The bank's or network's reference (KNET reference, transfer reference); null when none.",
      nullable: true,
    }),
    note: t.exposeString("note", {
      description: "The admin's note on a recorded payment; null when none.",
      nullable: true,
    }),
    invoiceNumber: t.string({
      description: "Its invoice's number (INV-2026-000001); null before it is paid.",
      nullable: true,
      resolve: (p) => p.invoice?.number ?? null,
    }),
    invoicePdfUrl: t.string({
      description:
        "The path of its invoice's bilingual PDF (/api/billing/invoices/<id>/pdf, GET with the session's Authorization header, as Invoice.pdfUrl); null before it is paid.",
      nullable: true,
      resolve: (p) => (p.invoice ? invoicePdfPath(p.invoice.id) : null),
    }),
    periodStart: t.expose("periodStart", {
      description: "The start of the period it pays for (UTC).",
      type: "DateTime",
    }),
    periodEnd: t.expose("periodEnd", {
      description: "The end of the period it pays for (UTC; the next period starts then).",
      type: "DateTime",
    }),
    paidAt: t.expose("paidAt", {
      description: "When the money was taken or recorded (UTC); null until paid.",
      type: "DateTime",
      nullable: true,
    }),
    createdAt: t.expose("createdAt", {
      description: "When the payment was started or recorded (UTC).",
      type: "DateTime",
    }),
  }),
});

type RefundRow = Awaited<ReturnType<BillingAdmin["refund"]>>["refund"];
const RefundStatusEnum = builder.enumType("RefundStatus", {
  description: "Where a refund stands at the payment gateway.",
  values: {
    PENDING: { value: "pending", description: "The gateway accepted it; the bank has not finished." },
    SUCCEEDED: {
      value: "succeeded",
      description: "The money went back (a manual payment's refund is recorded as succeeded).",
    },
    FAILED: { value: "failed", description: "The gateway could not give the money back." },
  } as const,
});
const AdminRefund = builder.objectRef<RefundRow>("AdminRefund").implement({
  description: "Money given back for a payment; its credit note records it. Money in fils.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The refund's id (a UUID)." }),
    amountFils: t.exposeInt("amountFils", { description: "The amount given back, in fils." }),
    reason: t.exposeString("reason", { description: "Why, as the admin wrote it." }),
    status: t.expose("status", { description: "Where it stands at the gateway.", type: RefundStatusEnum }),
    gatewayRefundId: t.exposeString("gatewayRefundId", {
      description: "The gateway's id for it; null for a manual payment's refund.",
      nullable: true,
    }),
    creditNoteNumber: t.string({
      description: "Its credit note's number (CN-2026-000001); null if none was issued.",
      nullable: true,
      resolve: (r) => r.creditNote?.number ?? null,
    }),
    createdAt: t.expose("createdAt", { description: "When it was made (UTC).", type: "DateTime" }),
  }),
});

const RefundResult = builder.objectRef<Awaited<ReturnType<BillingAdmin["refund"]>>>("RefundResult").implement({
  description: "A refund and the payment it was taken from, as it now is.",
  fields: (t) => ({
    refund: t.field({
      description: "The refund as recorded: its amount, status and credit note.",
      type: AdminRefund,
      resolve: (r) => r.refund,
    }),
    payment: t.field({
      description: "The payment, with its refunded amount and status.",
      type: AdminPayment,
      resolve: (r) => r.payment,
    }),
  }),
});

const ExtendedSubscription = builder.objectRef<Subscription>("ExtendedSubscription").implement({
  description: "A business's subscription after an admin extended its period.",
  fields: (t) => ({
    businessId: t.exposeID("businessId", { description: "The business's id." }),
    plan: t.expose("plan", { description: "The plan subscribed to.", type: PlanEnum }),
    status: t.expose("status", { description: "Its status now.", type: SubscriptionStatusEnum }),
    trialEndsAt: t.expose("trialEndsAt", {
      description: "When the trial ends (UTC); null when not on a trial.",
      type: "DateTime",
      nullable: true,
    }),
    periodStartsAt: t.expose("periodStartsAt", {
      description: "The start of the paid period (UTC); null on a trial.",
      type: "DateTime",
      nullable: true,
    }),
    renewsAt: t.expose("renewsAt", {
      description: "The end of the paid period or of the trial (UTC): the next payment is due then.",
      type: "DateTime",
      nullable: true,
    }),
  }),
});

builder.queryFields((t) => ({
  adminPayments: t.connection(
    {
      description: "Every business's payments, newest first, filtered. Admins only.",
      type: AdminPayment,
      authScopes: { admin: true },
      args: {
        status: t.arg({ description: "Only payments in this status.", type: PaymentStatusEnum }),
        method: t.arg({ description: "Only payments made this way.", type: PaymentMethodEnum }),
        businessId: t.arg.id({ description: "Only this business's payments (its id)." }),
        search: t.arg.string({
          description: "Words in the business's name or legal name (case-insensitive), up to 100 characters.",
        }),
        from: t.arg.string({
          description: "Only payments made on or after this Kuwait day, YYYY-MM-DD (Asia/Kuwait).",
        }),
        to: t.arg.string({ description: "Only payments made on or before this Kuwait day, YYYY-MM-DD (Asia/Kuwait)." }),
      },
      complexity: connectionComplexity,
      resolve: async (_r, a, ctx) => {
        const page = await ctx.services.billingAdmin.payments(ctx.viewer!, {
          status: a.status ?? undefined,
          method: a.method ?? undefined,
          businessId: a.businessId == null ? undefined : String(a.businessId),
          search: a.search ?? undefined,
          from: a.from ?? undefined,
          to: a.to ?? undefined,
          first: a.first ?? undefined,
          after: a.after ?? undefined,
        });
        return { ...idConnection(page, a.after), totalCount: page.totalCount };
      },
    },
    {
      name: "AdminPaymentConnection",
      fields: (c) => ({
        totalCount: c.int({
          description: "How many payments match the filters, on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
}));

builder.mutationFields((t) => ({
  recordManualPayment: t.field({
    description:
      "Records money a business paid outside the gateway (a bank transfer), with its invoice: PERIOD (the default), a paid payment of whole months of a plan, applied to its subscription (active from where the months start); UPGRADE, a higher plan's difference for the rest of the running paid month (the café's Change plan paid by transfer): the plan changes at once (INVALID_STATE without a running paid month or for a lower plan, PLAN_UNCHANGED for the same plan). Admins only.",
    type: AdminPayment,
    authScopes: { admin: true },
    args: {
      businessId: t.arg.id({ required: true, description: "The business that paid." }),
      amountFils: t.arg.int({ required: true, description: "The amount received, in fils (1 to 588000)." }),
      method: t.arg({ required: true, description: "How it came: BANK_TRANSFER or OTHER.", type: PaymentMethodEnum }),
      purpose: t.arg({
        description:
          "What it pays: PERIOD, whole months (the default); UPGRADE, a higher plan for the rest of the paid month (plan required).",
        type: PaymentPurposeEnum,
      }),
      plan: t.arg({
        description:
          "The plan it pays for; default: the plan the next payment buys. Required with UPGRADE: the plan to move to.",
        type: PlanEnum,
      }),
      months: t.arg.int({ description: "How many months it pays, 1 to 12 (default 1; 1 with UPGRADE)." }),
      receipt: t.arg.string({ description: "The transfer's reference, up to 100 characters." }),
      note: t.arg.string({ description: "A note for the record, up to 500 characters." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billingAdmin.recordManualPayment(
        ctx.viewer!,
        String(a.businessId),
        {
          amountFils: a.amountFils,
          method: a.method,
          purpose: a.purpose ?? undefined,
          plan: a.plan ?? undefined,
          months: a.months ?? undefined,
          receipt: a.receipt ?? undefined,
          note: a.note ?? undefined,
        },
        ctx.meta,
      ),
  }),
  extendPeriod: t.field({
    description:
      "Moves the end of a business's trial or paid period by whole days (1 to 90); a past-due subscription whose new end is ahead is active again. Expired and cancelled subscriptions are refused (INVALID_STATE): they come back by a payment or gifted trial days. Admins only.",
    type: ExtendedSubscription,
    authScopes: { admin: true },
    args: {
      businessId: t.arg.id({ required: true, description: "The business's id." }),
      days: t.arg.int({ required: true, description: "Whole days to add, 1 to 90." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billingAdmin.extendPeriod(ctx.viewer!, String(a.businessId), { days: a.days }, ctx.meta),
  }),
  refundPayment: t.field({
    description:
      "Gives back part or all of a paid payment (through the gateway when it was paid there; recorded only for a manual payment), with a credit note. Never more than is left (REFUND_TOO_LARGE); a refusal of the gateway changes nothing (REFUND_REFUSED_BY_GATEWAY). The period is not moved. Admins only.",
    type: RefundResult,
    authScopes: { admin: true },
    args: {
      paymentId: t.arg.id({ required: true, description: "The payment's id." }),
      amountFils: t.arg.int({ required: true, description: "The amount to give back, in fils." }),
      reason: t.arg.string({
        required: true,
        description: "Why, 1 to 500 characters (on the credit note and in the audit log).",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.billingAdmin.refund(
        ctx.viewer!,
        String(a.paymentId),
        { amountFils: a.amountFils, reason: a.reason },
        ctx.meta,
      ),
  }),
}));

builder.subscriptionFields((t) => ({
  adminBillingChanged: t.field({
    type: builder.objectRef<{ businessId: string; reason: string }>("AdminBillingChange").implement({
      description:
        "A business's billing changed (a payment started, paid, failed or refunded; a period extended; the plan or status moved): refetch the payments list.",
      fields: (f) => ({
        businessId: f.exposeID("businessId", { description: "The business whose billing changed." }),
        reason: f.exposeString("reason", {
          description:
            "What changed it: payment_started, payment_received, payment_failed, refund, period_extended, and the lifecycle's changes.",
        }),
      }),
    }),
    authScopes: { admin: true },
    description:
      "Every business's billing changes, live for the admin's payments list, from every server process. Admins only.",
    subscribe: (_r, _a, ctx) => ctx.services.billingAdmin.changes(ctx.viewer!),
    // every open admin console shares one execution of each event (graphql/fanout.ts)
    extensions: { fanOut: "role" },
    resolve: (e) => e,
  }),
}));
