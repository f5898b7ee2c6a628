// The OpenAPI entries of the admin's billing routes (docs/architecture.md#how-a-request-flows): the payments list,
// a manual payment, a period extended, a refund. Money in fils.
import { z } from "zod";
import {
  adminPaymentsQuerySchema,
  CLIENT_ACTIONS,
  extendPeriodSchema,
  manualPaymentSchema,
  refundSchema,
} from "@sufra/schema";
import { isoDateTime, named, pageInfo, type RestOperation } from "../../http/openapi/operation.ts";
import { agencyTransferSchema, restAgencyPaymentSchema } from "./agency-payment.shape.ts";

export const restAdminPaymentSchema = named(
  "AdminPayment",
  z.object({
    id: z.string(),
    business_id: z.string(),
    business_name: z.string(),
    business_allowed_actions: z
      .array(z.enum(CLIENT_ACTIONS))
      .describe("What an admin may do to its business now (extend_period, record_payment...)."),
    plan: z.string(),
    amount_fils: z.number().int(),
    refunded_fils: z.number().int(),
    currency: z.string(),
    status: z.string(),
    method: z.string().nullable(),
    gateway: z.string(),
    receipt: z.string().nullable(),
    note: z.string().nullable(),
    invoice_number: z.string().nullable(),
    invoice_pdf_url: z
      .string()
      .nullable()
      .describe("The path of its invoice's PDF (GET /api/billing/invoices/{id}/pdf); null before it is paid."),
    period_start: isoDateTime,
    period_end: isoDateTime,
    paid_at: isoDateTime.nullable(),
    created_at: isoDateTime,
  }),
);

export const restAdminRefundSchema = z.object({
  id: z.string(),
  amount_fils: z.number().int(),
  reason: z.string(),
  status: z.string(),
  gateway_refund_id: z.string().nullable(),
  credit_note_number: z.string().nullable(),
  created_at: isoDateTime,
});

export const restExtendedSubscriptionSchema = z.object({
  business_id: z.string(),
  plan: z.string(),
  status: z.string(),
  trial_ends_at: isoDateTime.nullable(),
  period_starts_at: isoDateTime.nullable(),
  renews_at: isoDateTime.nullable(),
});

const tag = "Admin: billing";

export const billingAdminOperations: RestOperation[] = [
  {
    method: "get",
    path: "/admin/payments",
    tag,
    access: "admin",
    summary: "Every business's payments, newest first, filtered",
    query: adminPaymentsQuerySchema,
    responses: {
      200: {
        description: "A page of payments.",
        schema: z.object({ payments: z.array(restAdminPaymentSchema), total: z.number().int(), page_info: pageInfo }),
      },
    },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/payments",
    tag,
    access: "admin",
    summary: "Record a payment made outside the gateway (a bank transfer)",
    body: manualPaymentSchema,
    responses: {
      201: { description: "The payment, paid and applied, with its invoice.", schema: restAdminPaymentSchema },
    },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/extend-period",
    tag,
    access: "admin",
    summary: "Move the end of a trial or paid period by 1 to 90 days",
    body: extendPeriodSchema,
    responses: { 200: { description: "The subscription, extended.", schema: restExtendedSubscriptionSchema } },
  },
  {
    method: "post",
    path: "/admin/payments/{id}/refund",
    tag,
    access: "admin",
    summary: "Give back part or all of a payment, with a credit note",
    body: refundSchema,
    responses: {
      201: {
        description: "The refund and the payment as it now is.",
        schema: z.object({ refund: restAdminRefundSchema, payment: restAdminPaymentSchema }),
      },
    },
  },
  {
    method: "post",
    path: "/admin/agency-payments/{id}/transfer",
    tag,
    access: "admin",
    summary: "Record an agency's bank transfer for its cafés",
    description:
      "The agency's payment made without a gateway (its id is the transfer's reference): paid, each café's month applied as by its own payment, one invoice to the agency. Recorded again, nothing changes. 409 INVALID_STATE for a payment through the gateway.",
    body: agencyTransferSchema,
    responses: { 200: { description: "The agency's payment, paid and applied.", schema: restAgencyPaymentSchema } },
  },
];
