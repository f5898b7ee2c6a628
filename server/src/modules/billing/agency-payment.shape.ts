// An agency's payment for its cafés on the REST wire (docs/product.md#agency-payments): the bodies it
// takes, the zod schema the OpenAPI document shows and the function that writes the snake_case answer, one shape
// for the agency's routes (billing.rest.ts) and the admin's (billing-admin.rest.ts).
import { PAYMENT_METHODS, PAYMENT_SOURCES, PAYMENT_STATUSES, PLAN_IDS, SUBSCRIPTION_STATUSES } from "@sufra/schema";
import { z } from "zod";
import { isoDateTime, named } from "../../http/openapi/operation.ts";
import type { AgencyBilling, AgencyCafeOffer, AgencyPaymentView } from "./billing-agency.ts";

/** The most cafés one payment covers (one charge, one invoice of as many lines). */
const AGENCY_PAY_MAX_CAFES = 50;

/** POST /api/billing/agency/pay, payForCafes: the cafés, and how to pay (left out: the gateway's page offers every method). */
export const agencyPaySchema = z.object({
  cafeIds: z
    .array(z.string({ error: "agencyPayCafesRequired" }), { error: "agencyPayCafesRequired" })
    .min(1, { error: "agencyPayCafesRequired" })
    .max(AGENCY_PAY_MAX_CAFES, { error: "agencyPayTooManyCafes" }),
  source: z.enum(PAYMENT_SOURCES, { error: "paymentSourceInvalid" }).optional(),
});

/** POST /api/admin/agency-payments/:id/transfer, recordAgencyTransfer: the transfer's reference and a note. */
export const agencyTransferSchema = z.object({
  receipt: z.string({ error: "invalidValue" }).trim().max(200, { error: "invalidValue" }).optional(),
  note: z.string({ error: "invalidValue" }).trim().max(1000, { error: "invalidValue" }).optional(),
});

const plan = z.enum(PLAN_IDS);
const fils = z.number().int();

export const restAgencyPaymentSchema = named(
  "AgencyPayment",
  z.object({
    id: z.string(),
    agency_id: z.string(),
    total_fils: fils,
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS).nullable(),
    gateway: z.string().describe('"tap", or "manual": a bank transfer an admin records'),
    receipt: z.string().nullable(),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    paid_at: isoDateTime.nullable(),
    created_at: isoDateTime,
    lines: z.array(
      z.object({
        cafe_id: z.string(),
        company_name: z.string(),
        plan,
        amount_fils: fils,
        status: z.enum(PAYMENT_STATUSES),
        period_start: isoDateTime,
        period_end: isoDateTime,
      }),
    ),
  }),
);

export const restAgencyBillingSchema = named(
  "AgencyBilling",
  z.object({
    cafes: z.array(
      z.object({
        cafe_id: z.string(),
        company_name: z.string(),
        status: z.enum(SUBSCRIPTION_STATUSES),
        plan,
        amount_fils: fils,
        period_start: isoDateTime,
        period_end: isoDateTime,
        blocked_by: z
          .enum(["paid_ahead", "payment_running"])
          .nullable()
          .describe("Why it cannot be paid for now; null: it can."),
      }),
    ),
    gateway_configured: z.boolean(),
    payments: z.array(restAgencyPaymentSchema),
  }),
);

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const restAgencyPayment = (p: AgencyPaymentView): z.output<typeof restAgencyPaymentSchema> => ({
  id: p.id,
  agency_id: p.agencyId,
  total_fils: p.totalFils,
  currency: p.currency,
  status: p.status,
  method: p.method,
  gateway: p.gateway,
  receipt: p.receipt,
  failure_code: p.failureCode,
  failure_message: p.failureMessage,
  paid_at: iso(p.paidAt),
  created_at: p.createdAt.toISOString(),
  lines: p.lines.map((l) => ({
    cafe_id: l.cafeId,
    company_name: l.companyName,
    plan: l.plan,
    amount_fils: l.amountFils,
    status: l.status,
    period_start: l.periodStart.toISOString(),
    period_end: l.periodEnd.toISOString(),
  })),
});

const restOffer = (o: AgencyCafeOffer) => ({
  cafe_id: o.cafeId,
  company_name: o.companyName,
  status: o.status,
  plan: o.plan,
  amount_fils: o.amountFils,
  period_start: o.periodStart.toISOString(),
  period_end: o.periodEnd.toISOString(),
  blocked_by: o.blockedBy,
});

export const restAgencyBilling = (b: AgencyBilling): z.output<typeof restAgencyBillingSchema> => ({
  cafes: b.cafes.map(restOffer),
  gateway_configured: b.gatewayConfigured,
  payments: b.payments.map(restAgencyPayment),
});
