// The orders' two public doors (docs/product.md#orders): Tap's webhook per café, POST
// /api/orders/webhooks/tap/:businessId (Tap's servers, no session: the hashstring signature with the café's own key
// is the credential, checked over the raw bytes, so http/app.ts mounts it before the JSON parser), and the guest's
// return page, GET /o/:id (the guest's browser back from Tap's page: the order's charge is read by id from Tap,
// the URL's parameters are never believed, and the page is limited per client address). Thin: the service decides.
import express, { Router, type Request, type Response } from "express";
import { pickLocale, type Locale } from "@sufra/schema";
import type { Services } from "../../services.ts";
import { missingOrderPage, orderPage, type OrderPageState } from "./orders.page.ts";

/** Tap's webhook is a charge or refund object of a few KiB; anything larger is not one (PAYLOAD_TOO_LARGE). */
const TAP_WEBHOOK_MAX_BYTES = 64 * 1024;

/** POST /api/orders/webhooks/tap/:businessId: 403 when the signature does not check with that café's key. */
export function ordersWebhookRouter(services: Services) {
  const r = Router();
  r.post("/:businessId", express.raw({ type: () => true, limit: TAP_WEBHOOK_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await services.orders.receiveWebhook(req.params.businessId, req.headers, body));
  });
  return r;
}

type Returned = NonNullable<Awaited<ReturnType<Services["orders"]["returnedOrder"]>>>;

/** What the page says: paid, refunded, waiting for payment, the last attempt failed, cancelled, or not sent yet. */
const stateOf = (o: Returned): OrderPageState =>
  o.status === "paid"
    ? "paid"
    : o.status === "refunded"
      ? "refunded"
      : o.status === "awaiting_payment"
        ? "waiting"
        : o.status === "cancelled"
          ? "cancelled"
          : o.chargeStatus
            ? "failed"
            : "open";

/** GET /o/:id: the guest's return page, server-rendered, no script. */
export function orderPageRouter(services: Services) {
  const r = Router();
  const localeOf = (req: Request, fallback: string | null | undefined): Locale =>
    req.query.lang === "en" || req.query.lang === "ar"
      ? req.query.lang
      : fallback === "en" || fallback === "ar"
        ? fallback
        : pickLocale(req.get("accept-language"));
  const noStore = (res: Response) =>
    // an order's state changes with Tap's answer; the page is kept by no cache and sends no referrer
    res.set({ "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" });

  r.get("/:id", async (req, res) => {
    noStore(res);
    const o = await services.orders.returnedOrder(req.params.id, req.query.tap_id, { ip: req.ip ?? "unknown" });
    if (!o)
      return void res
        .status(404)
        .type("html")
        .send(missingOrderPage(localeOf(req, null)));
    const view = {
      number: o.number,
      totalFils: o.totalFils,
      state: stateOf(o),
      cafe: { name: o.business.companyName, nameAr: o.business.nameAr },
    };
    const self = `/o/${encodeURIComponent(o.id)}`;
    res
      .status(200)
      .type("html")
      .send(orderPage(view, localeOf(req, o.conversation?.language), self));
  });
  return r;
}
