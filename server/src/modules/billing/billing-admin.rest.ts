// The admin's billing at the REST door (docs/product.md#subscriptions-and-billing, "Admin"): thin, calls admin.ts.
// GET /api/admin/payments, POST /api/admin/clients/:id/payments, POST /api/admin/clients/:id/extend-period,
// POST /api/admin/payments/:id/refund, POST /api/admin/agency-payments/:id/transfer.
import { Router } from "express";
import { clientActions } from "@sufra/schema";
import type { z } from "zod";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import { restPageInfo } from "../../kernel/pagination.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import type { Services } from "../../services.ts";
import type { AdminPaymentRow, BillingAdmin } from "./admin.ts";
import { restAgencyPayment } from "./agency-payment.shape.ts";
import { invoicePdfPath } from "./invoices.ts";
import type {
  restAdminPaymentSchema,
  restAdminRefundSchema,
  restExtendedSubscriptionSchema,
} from "./billing-admin.openapi.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

const restAdminPayment = (p: AdminPaymentRow): z.output<typeof restAdminPaymentSchema> => ({
  id: p.id,
  business_id: p.businessId,
  business_name: p.business.companyName,
  business_allowed_actions: clientActions({ status: p.business.status, subscription: p.business.subscription }),
  plan: p.plan,
  amount_fils: p.amountFils,
  refunded_fils: p.refundedFils,
  currency: p.currency,
  status: p.status,
  method: p.method,
  gateway: p.gateway,
  receipt: p.receipt,
  note: p.note,
  invoice_number: p.invoice?.number ?? null,
  invoice_pdf_url: p.invoice ? invoicePdfPath(p.invoice.id) : null,
  period_start: p.periodStart.toISOString(),
  period_end: p.periodEnd.toISOString(),
  paid_at: iso(p.paidAt),
  created_at: p.createdAt.toISOString(),
});

const restRefund = (
  r: Awaited<ReturnType<BillingAdmin["refund"]>>["refund"],
): z.output<typeof restAdminRefundSchema> => ({
  id: r.id,
  amount_fils: r.amountFils,
  reason: r.reason,
  status: r.status,
  gateway_refund_id: r.gatewayRefundId,
  credit_note_number: r.creditNote?.number ?? null,
  created_at: r.createdAt.toISOString(),
});

const restSubscription = (s: Subscription): z.output<typeof restExtendedSubscriptionSchema> => ({
  business_id: s.businessId,
  plan: s.plan,
  status: s.status,
  trial_ends_at: iso(s.trialEndsAt),
  period_starts_at: iso(s.periodStartsAt),
  renews_at: iso(s.renewsAt),
});

export function billingAdminRouter(services: Services) {
  const r = Router();
  const { billingAdmin } = services;
  const admin = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "admin");

  r.get("/payments", async (req, res) => {
    const q = req.query;
    const page = await billingAdmin.payments(await admin(req), {
      status: q.status,
      method: q.method,
      businessId: q.business_id,
      search: q.search,
      from: q.from,
      to: q.to,
      first: q.first === undefined ? undefined : queryNumber(q.first),
      after: q.after,
    });
    res.json({ payments: page.items.map(restAdminPayment), total: page.totalCount, page_info: restPageInfo(page) });
  });
  r.post("/clients/:id/payments", async (req, res) => {
    const body = camelBody(req);
    const payment = await billingAdmin.recordManualPayment(
      await admin(req),
      req.params.id,
      {
        ...body,
        amountFils: queryNumber(body.amountFils),
        months: body.months === undefined ? undefined : queryNumber(body.months),
      },
      metaOf(req),
    );
    res.status(201).json(restAdminPayment(payment));
  });
  r.post("/clients/:id/extend-period", async (req, res) => {
    const body = camelBody(req);
    res.json(
      restSubscription(
        await billingAdmin.extendPeriod(await admin(req), req.params.id, { days: queryNumber(body.days) }, metaOf(req)),
      ),
    );
  });
  r.post("/payments/:id/refund", async (req, res) => {
    const body = camelBody(req);
    const out = await billingAdmin.refund(
      await admin(req),
      req.params.id,
      { ...body, amountFils: queryNumber(body.amountFils) },
      metaOf(req),
    );
    res.status(201).json({ refund: restRefund(out.refund), payment: restAdminPayment(out.payment) });
  });
  // an agency's bank transfer for its cafés (docs/product.md#agency-payments)
  r.post("/agency-payments/:id/transfer", async (req, res) => {
    const p = await services.billing.recordAgencyTransfer(await admin(req), req.params.id, camelBody(req), metaOf(req));
    res.json(restAgencyPayment(p));
  });
  return r;
}
