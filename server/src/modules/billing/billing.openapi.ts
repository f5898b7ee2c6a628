// The OpenAPI entries of /api/billing, the café's side (docs/architecture.md#how-a-request-flows): the same zod
// rules the billing service validates with; answers as billing.rest.ts writes them. Money in integer fils.
import { z } from "zod";
import {
  billingDetailsSchema,
  changePlanSchema,
  PAYMENT_METHODS,
  PAYMENT_SOURCES,
  PAYMENT_STATUSES,
  payNowSchema,
  PLAN_IDS,
  RUNNING_RIGHTS,
  SUBSCRIPTION_STATUSES,
} from "@sufra/schema";
import { isoDateTime, named, redirect, type RestOperation } from "../../http/openapi/operation.ts";
import { agencyPaySchema, restAgencyBillingSchema, restAgencyPaymentSchema } from "./agency-payment.shape.ts";

const tag = "Billing";
const plan = z.enum(PLAN_IDS);
const fils = z.number().int();

const restPaymentSchema = named(
  "BillingPayment",
  z.object({
    id: z.string(),
    purpose: z.enum(["period", "upgrade"]),
    plan,
    amount_fils: fils,
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS).nullable(),
    period_start: isoDateTime,
    period_end: isoDateTime,
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    receipt: z.string().nullable(),
    paid_at: isoDateTime.nullable(),
    created_at: isoDateTime,
  }),
);

const restBillingSchema = named(
  "Billing",
  z.object({
    plan,
    status: z.enum(SUBSCRIPTION_STATUSES),
    can_manage: z.boolean(),
    is_agency: z.boolean().describe("The business is an agency: its managers may pay for the cafés it serves."),
    running: z.boolean(),
    rights_lost: z.array(z.enum(RUNNING_RIGHTS)),
    trial_ends_at: isoDateTime.nullable(),
    period_starts_at: isoDateTime.nullable(),
    period_ends_at: isoDateTime.nullable(),
    past_due_since: isoDateTime.nullable(),
    grace_ends_at: isoDateTime.nullable(),
    next_charge_fils: fils.nullable(),
    next_charge_at: isoDateTime.nullable(),
    payable_now: z.boolean(),
    cancel_at_period_end: z.boolean(),
    next_plan: plan.nullable(),
    plans: z.array(z.object({ plan, monthly_fils: fils, current: z.boolean(), upgrade_now_fils: fils.nullable() })),
    gateway_configured: z.boolean(),
    sources: z.array(z.enum(PAYMENT_SOURCES)),
    bank_transfer: z
      .object({ bank_name: z.string().nullable(), iban: z.string().nullable(), beneficiary: z.string().nullable() })
      .nullable(),
    pending_payment: restPaymentSchema.nullable(),
    payments: z.array(restPaymentSchema),
    legal_name: z.string(),
    billing_address: z.string(),
    cr_number: z
      .string()
      .nullable()
      .describe("The commercial registration number invoices carry; null when not given."),
  }),
);

const billingAnswer = { 200: { description: "The billing page now.", schema: restBillingSchema } };

export const billingOperations: RestOperation[] = [
  {
    method: "get",
    path: "/billing",
    tag,
    access: "business",
    summary: "The subscription, next charge, ways to pay and payments",
    description: "Any person of the business; can_manage says who may act. Money in fils (1 KWD = 1000 fils).",
    responses: billingAnswer,
  },
  {
    method: "post",
    path: "/billing/pay",
    tag,
    access: "manager",
    summary: "Pay a month through the gateway",
    description:
      "Starts a payment of the plan's month and answers the gateway's page (redirect_url). 409 NOTHING_TO_PAY more than 7 days before the paid month's end; 503 PAYMENTS_NOT_CONFIGURED without a gateway; 503 PAYMENT_GATEWAY_UNAVAILABLE (nothing charged).",
    body: payNowSchema,
    responses: {
      201: {
        description: "The pending payment and where to send the person.",
        schema: z.object({ redirect_url: z.string(), payment: restPaymentSchema }),
      },
    },
    extraErrors: [503],
  },
  {
    method: "post",
    path: "/billing/plan",
    tag,
    access: "manager",
    summary: "Choose a plan",
    description:
      "A trial or past due: at once; expired or cancelled: the plan the next payment buys; a paid month: an upgrade once its prorated difference is paid (outcome payment_required, with redirect_url to the gateway's page; without a gateway redirect_url is null and the difference is paid by bank transfer, which an admin records), a downgrade at the month's end (scheduled); the current plan again drops a waiting downgrade (cleared). 409 PLAN_UNCHANGED.",
    body: changePlanSchema,
    responses: {
      200: {
        description: "What it did, and the billing page after it.",
        schema: z.object({
          outcome: z.enum(["changed", "scheduled", "payment_required", "cleared"]),
          redirect_url: z.string().nullable(),
          payment: restPaymentSchema.nullable(),
          billing: restBillingSchema,
        }),
      },
    },
    extraErrors: [503],
  },
  {
    method: "post",
    path: "/billing/cancel",
    tag,
    access: "manager",
    summary: "Cancel at the period's end",
    description: "Active subscriptions only (409 INVALID_STATE otherwise).",
    responses: billingAnswer,
  },
  {
    method: "post",
    path: "/billing/keep",
    tag,
    access: "manager",
    summary: "Keep the subscription (take back a cancellation)",
    responses: billingAnswer,
  },
  {
    method: "put",
    path: "/billing/details",
    tag,
    access: "manager",
    summary: "The legal name, address and commercial registration number invoices carry",
    body: billingDetailsSchema,
    responses: billingAnswer,
  },
  {
    method: "get",
    path: "/billing/payments/{id}",
    tag,
    access: "business",
    summary: "One payment of the business",
    responses: { 200: { description: "The payment.", schema: restPaymentSchema } },
  },
  {
    method: "get",
    path: "/billing/agency",
    tag,
    access: "manager",
    summary: "An agency's cafés to pay for, with what each month costs",
    description:
      "The cafés the agency serves now (an active link), each with the plan its next payment buys, its month's price in fils and why it cannot be paid for now (blocked_by), and the agency's latest payments for them. The owners and the account holder of an agency only (403 AGENCY_BILLING_ONLY).",
    responses: { 200: { description: "The agency's cafés and payments.", schema: restAgencyBillingSchema } },
  },
  {
    method: "post",
    path: "/billing/agency/pay",
    tag,
    access: "manager",
    summary: "Pay a month of several cafés in one payment",
    description:
      "One payment (one charge, one invoice to the agency listing each café) for a month of each chosen café; each café's subscription is then extended as by its own payment. 403 AGENCY_BILLING_ONLY unless an owner or the account holder of an agency; 409 AGENCY_CAFE_NOT_SERVED for a café the agency does not serve now; 409 AGENCY_CAFE_PAYMENT_RUNNING for a café whose month is paid ahead or whose payment is under way. Without a gateway redirect_url is null: the agency transfers the total with the payment's id as reference, and an admin records it.",
    body: agencyPaySchema,
    responses: {
      201: {
        description: "The pending payment and where to send the person.",
        schema: z.object({ redirect_url: z.string().nullable(), payment: restAgencyPaymentSchema }),
      },
    },
    extraErrors: [503],
  },
  {
    method: "get",
    path: "/billing/agency/payments/{id}",
    tag,
    access: "manager",
    summary: "One of the agency's payments for its cafés",
    responses: { 200: { description: "The payment and its cafés.", schema: restAgencyPaymentSchema } },
  },
  {
    method: "get",
    path: "/billing/return",
    tag,
    access: "public",
    summary: "Where the gateway sends the person back",
    description:
      "No session: when tap_id names the charge of one of Sufra's pending payments, that charge is read by id from the gateway (the URL's other parameters are ignored) and settled; an id Sufra did not make never reaches the gateway. The browser is sent to /billing?payment=<id> (an agency's payment for its cafés: agency_payment=<id>; or payment=unknown). Limited per client address like sign-in (429 RATE_LIMITED).",
    query: z.object({ tapId: z.string().optional() }),
    responses: { 303: redirect("The web client's billing page, naming the payment to show.") },
  },
  {
    method: "post",
    path: "/billing/webhooks/tap",
    tag,
    access: "public",
    summary: "Tap's webhook: a charge's outcome",
    description:
      "Tap's charge object, signed in the hashstring header over its fields; a missing or wrong signature is refused with 401 and changes nothing, a body over 64 KiB with 400 PAYLOAD_TOO_LARGE; 404 when this server has no payment gateway. The charge is read again by id from Tap and applied once.",
    responses: {
      200: {
        description: "Received (duplicate: this charge and status had been handled before).",
        schema: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      },
    },
    extraErrors: [401, 404, 503],
  },
];
