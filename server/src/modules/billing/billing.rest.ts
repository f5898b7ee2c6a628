// REST compatibility for /api/billing (the café's side of docs/product.md#subscriptions-and-billing): thin,
// calls the billing service. Two routes are public by design: the gateway's return (the person's browser
// comes back from Tap's page with no Authorization header; the charge of our own pending payment is read by id
// from Tap, never from the URL, and the path is limited per client address) and the gateway's webhook (Tap's server, signed). The webhook reads its raw body, so http/app.ts
// mounts billingWebhookRouter before the JSON parser.
import express, { Router } from "express";
import type { Payment } from "../../generated/prisma/client.ts";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { restAgencyBilling, restAgencyPayment } from "./agency-payment.shape.ts";
import type { BillingState, ChargeStart } from "./billing.service.ts";

/** Tap's webhook is a charge object of a few KiB; anything larger is not one (PAYLOAD_TOO_LARGE). */
const TAP_WEBHOOK_MAX_BYTES = 64 * 1024;

const restPayment = (p: Payment) => ({
  id: p.id,
  purpose: p.purpose,
  plan: p.plan,
  amount_fils: p.amountFils,
  currency: p.currency,
  status: p.status,
  method: p.method,
  period_start: p.periodStart.toISOString(),
  period_end: p.periodEnd.toISOString(),
  failure_code: p.failureCode,
  failure_message: p.failureMessage,
  receipt: p.receipt,
  paid_at: p.paidAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

const restBilling = (b: BillingState) => ({
  plan: b.plan,
  status: b.status,
  can_manage: b.canManage,
  is_agency: b.isAgency,
  running: b.running,
  rights_lost: b.rightsLost,
  trial_ends_at: iso(b.trialEndsAt),
  period_starts_at: iso(b.periodStartsAt),
  period_ends_at: iso(b.periodEndsAt),
  past_due_since: iso(b.pastDueSince),
  grace_ends_at: iso(b.graceEndsAt),
  next_charge_fils: b.nextChargeFils,
  next_charge_at: iso(b.nextChargeAt),
  payable_now: b.payableNow,
  cancel_at_period_end: b.cancelAtPeriodEnd,
  next_plan: b.nextPlan,
  plans: b.plans.map((p) => ({
    plan: p.plan,
    monthly_fils: p.monthlyFils,
    current: p.current,
    upgrade_now_fils: p.upgradeNowFils,
  })),
  gateway_configured: b.gatewayConfigured,
  sources: b.sources,
  bank_transfer: b.bankTransfer
    ? { bank_name: b.bankTransfer.bankName, iban: b.bankTransfer.iban, beneficiary: b.bankTransfer.beneficiary }
    : null,
  pending_payment: b.pendingPayment ? restPayment(b.pendingPayment) : null,
  payments: b.payments.map(restPayment),
  legal_name: b.legalName,
  billing_address: b.billingAddress,
  cr_number: b.crNumber,
});

const restStart = (s: ChargeStart) => ({ redirect_url: s.redirectUrl, payment: restPayment(s.payment) });

export function billingRouter(services: Services) {
  const r = Router();
  const { billing } = services;
  const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    res.json(restBilling(await billing.billing(await viewer(req))));
  });

  r.post("/pay", async (req, res) => {
    res.status(201).json(restStart(await billing.payNow(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.post("/plan", async (req, res) => {
    const c = await billing.changePlan(await viewer(req), camelBody(req), metaOf(req));
    res.json({
      outcome: c.outcome,
      redirect_url: c.start?.redirectUrl ?? null,
      payment: c.start ? restPayment(c.start.payment) : null,
      billing: restBilling(c.billing),
    });
  });

  r.post("/cancel", async (req, res) => {
    res.json(restBilling(await billing.cancelAtPeriodEnd(await viewer(req), metaOf(req))));
  });

  r.post("/keep", async (req, res) => {
    res.json(restBilling(await billing.keepSubscription(await viewer(req), metaOf(req))));
  });

  r.put("/details", async (req, res) => {
    res.json(restBilling(await billing.updateBillingDetails(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.get("/payments/:id", async (req, res) => {
    res.json(restPayment(await billing.payment(await viewer(req), req.params.id)));
  });

  // an agency paying for its cafés (docs/product.md#agency-payments): its managers only
  r.get("/agency", async (req, res) => {
    res.json(restAgencyBilling(await billing.agencyBilling(await viewer(req))));
  });

  r.post("/agency/pay", async (req, res) => {
    const s = await billing.payForCafes(await viewer(req), camelBody(req), metaOf(req));
    res.status(201).json({ redirect_url: s.redirectUrl, payment: restAgencyPayment(s.payment) });
  });

  r.get("/agency/payments/:id", async (req, res) => {
    res.json(restAgencyPayment(await billing.agencyPayment(await viewer(req), req.params.id)));
  });

  // public: the browser back from the gateway's page. tap_id only says which charge to read from Tap; every
  // other parameter is ignored. The answer is the billing page, told which payment to show.
  r.get("/return", async (req, res) => {
    const back = await billing.returnFromGateway(req.query.tap_id, metaOf(req));
    // an agency's payment for its cafés is shown by its own card (agency_payment=<id>)
    res.redirect(303, back ? `/billing?${back.kind}=${back.id}` : "/billing?payment=unknown");
  });

  return r;
}

/** POST /api/billing/webhooks/tap: Tap's signed webhook, over the raw bytes (any content type; the signature decides). */
export function billingWebhookRouter(services: Services) {
  const r = Router();
  r.post("/", express.raw({ type: () => true, limit: TAP_WEBHOOK_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const got = await services.billing.receiveWebhook(req.headers, body);
    res.json(got);
  });
  return r;
}
