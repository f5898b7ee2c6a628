// A local stand-in for Tap Payments' API v2, the parts Sufra uses (docs/architecture.md#the-rooms,
// payments/): create a charge (POST /v2/charges), retrieve it (GET /v2/charges/{id}), list charges
// (POST /v2/charges/list), create and retrieve a refund (POST /v2/refunds, GET /v2/refunds/{id}), the
// hosted payment page a person is sent to (transaction.url, here GET /pay/{id}), the return to
// redirect.url with ?tap_id=, and the webhook posted to post.url with its `hashstring` header
// (HMAC-SHA256, hex, with the secret key over x_id..x_amount..x_currency..x_gateway_reference..
// x_payment_reference..x_status..x_created, the amount written with the currency's decimals).
// It answers in Tap's shapes (the charge and refund objects; errors as { errors: [{ code, description }] }
// with Tap's codes) and refuses what Tap documents it refuses: no or malformed Bearer key (2107), an
// unknown key (2104), a publishable key (2106), an amount that is not positive, below 0.100 or with more
// decimals than the currency has (1117), an unsupported currency (1118/1119), KNET in anything but KWD,
// a missing or invalid redirect.url (1110/1111), a customer without a first name or contact (1130-1139),
// save_card without the feature (1108), an unknown charge (1144, 404), a refund above what is left of
// the captured amount (1161) or of a charge not captured (1143). A repeated reference.idempotent within
// 24 hours answers the first response and makes nothing. ABANDONED and INITIATED charges post no
// webhook (Tap posts captured or failed ones only); a post that fails is retried twice. Tests steer it
// through the returned controls (complete, failNext, webhookDefaults, ...).
import type http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import { serveFake, type ServedFake } from "./serve.ts";

type TapEndpoint = "create_charge" | "retrieve_charge" | "list_charges" | "create_refund" | "retrieve_refund";
/** an HTTP status answered with Tap's error body, or the connection's fate */
type TapFailure = number | "lost" | "reset" | "hang";
type TapChargeStatus =
  | "INITIATED"
  | "CAPTURED"
  | "DECLINED"
  | "ABANDONED"
  | "CANCELLED"
  | "FAILED"
  | "RESTRICTED"
  | "VOID"
  | "TIMEDOUT"
  | "UNKNOWN";
type TapRefundStatus =
  "PENDING" | "REFUNDED" | "IN_PROGRESS" | "CANCELLED" | "FAILED" | "DECLINED" | "RESTRICTED" | "TIMEDOUT" | "UNKNOWN";
type WebhookMode = "once" | "twice" | "none" | "forged";
type PaidWith = "KNET" | "VISA" | "MASTERCARD" | "AMEX" | "APPLE_PAY";

/** Tap's charge object, as it answers and posts it (only the fields Sufra may read are typed). */
interface TapCharge {
  id: string;
  object: "charge";
  live_mode: boolean;
  api_version: "V2";
  status: TapChargeStatus;
  amount: number;
  currency: string;
  threeDSecure: boolean;
  save_card: boolean;
  description: string;
  metadata: Record<string, string>;
  transaction: {
    timezone: string;
    created: string;
    url?: string;
    expiry: { period: number; type: "MINUTE" };
    asynchronous: boolean;
    amount: number;
    currency: string;
  };
  reference: {
    track: string;
    payment: string;
    gateway?: string;
    transaction?: string;
    order?: string;
    idempotent?: string;
  };
  response: { code: string; message: string };
  receipt: { id?: string; email: boolean; sms: boolean };
  customer: Record<string, unknown>;
  merchant: { country: string; currency: string; id: string };
  source: {
    object: string;
    id: string;
    type?: string;
    payment_type?: string;
    payment_method?: string;
    channel?: string;
  };
  redirect: { status: string; url: string };
  post?: { status: string; url: string; attempt?: number };
  activities: {
    id: string;
    object: "activity";
    created: number;
    status: string;
    currency: string;
    amount: number;
    remarks: string;
  }[];
  [k: string]: unknown;
}

interface TapRefund {
  id: string;
  object: "refund";
  api_version: "V2";
  live_mode: boolean;
  amount: number;
  charge_id: string;
  created: string;
  currency: string;
  status: TapRefundStatus;
  reason: string;
  description?: string;
  reference: { merchant?: string; gateway: string; payment: string; idempotent?: string };
  response: { code: string; message: string };
  metadata: Record<string, string>;
  post?: { status: string; url: string; attempt?: number };
}

interface TapWebhookSent {
  kind: "charge" | "refund";
  id: string;
  status: string;
  url: string;
  body: string;
  hashstring: string;
  forged: boolean;
  attempt: number;
  /** the receiver's HTTP status, or null when it could not be reached */
  answer: number | null;
  error?: string;
  at: number;
}

interface TapRequest {
  method: string;
  path: string;
  body: any;
}

interface TapFakeState {
  url: string;
  secretKey: string;
  publishableKey: string;
  merchantId: string;
  charges: Map<string, TapCharge>;
  refunds: Map<string, TapRefund>;
  requests: TapRequest[];
  webhooksSent: TapWebhookSent[];
  /** what the payment page's buttons do about the webhook */
  webhookDefaults: { mode: WebhookMode; delayMs: number };
  /** the method a src_all charge is paid with from the page */
  pageMethod: PaidWith;
  /** the status a new refund answers with (REFUNDED at once, or PENDING until completeRefund) */
  refundOutcome: "REFUNDED" | "PENDING";
  /** pause between a failed webhook post and its retry (Tap retries twice) */
  webhookRetryMs: number;
  /** the environment pointing Sufra at this stand-in */
  env: Record<string, string>;
}

export interface TapFake extends ServedFake<TapFakeState> {
  charges: Map<string, TapCharge>;
  refunds: Map<string, TapRefund>;
  webhooksSent: TapWebhookSent[];
  /** The person finishes on Tap's page: the charge takes `status`, the webhook goes (per opts), and the browser is sent to redirectUrl. */
  complete(
    chargeId: string,
    status?: Exclude<TapChargeStatus, "INITIATED">,
    opts?: { method?: PaidWith; webhook?: WebhookMode; delayMs?: number },
  ): { redirectUrl: string; charge: TapCharge };
  /** complete(id, "CAPTURED") without a webhook */
  capture(chargeId: string): TapCharge;
  /** A pending refund ends; its webhook goes to its post.url, if any. */
  completeRefund(
    refundId: string,
    status: "REFUNDED" | "FAILED" | "DECLINED",
    opts?: { webhook?: WebhookMode },
  ): TapRefund;
  /** (Re)posts a charge's or refund's current state to its post.url (or `to`). */
  sendWebhook(id: string, opts?: { forged?: boolean; to?: string }): Promise<TapWebhookSent>;
  /** the next `times` calls of an endpoint fail this way */
  failNext(endpoint: TapEndpoint, failure: TapFailure, times?: number): void;
  /** charges made (idempotent repeats not counted) */
  createCount(): number;
  /** resolves when every scheduled webhook has been delivered or given up */
  settled(): Promise<void>;
  /** The hashstring Tap computes for a charge or refund object with this key (default: the secret key). */
  hashstring(obj: TapCharge | TapRefund, key?: string): string;
}

/** ISO 4217 decimals of the currencies Tap lists (Tap's webhook page: KWD, BHD, OMR 3; the others 2). */
const DECIMALS: Record<string, number> = {
  KWD: 3,
  BHD: 3,
  OMR: 3,
  AED: 2,
  SAR: 2,
  QAR: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  EGP: 2,
  JOD: 3,
};
/** sources bound to one currency (Tap: "src_kw.knet with currency 'KWD' only", and the like) */
const SOURCE_CURRENCY: Record<string, string> = {
  "src_kw.knet": "KWD",
  "src_sa.mada": "SAR",
  "src_bh.benefit": "BHD",
  "src_om.omannet": "OMR",
  "src_eg.fawry": "EGP",
  "src_qa.qpay": "QAR",
  "src_sa.stcpay": "SAR",
};
const SOURCES = new Set([
  "src_all",
  "src_card",
  "src_apple_pay",
  "src_google_pay",
  "src_benefitpay",
  ...Object.keys(SOURCE_CURRENCY),
]);

/** Tap's response codes for charges (reference: charge response codes) */
const CHARGE_CODES: Record<TapChargeStatus, { code: string; message: string }> = {
  INITIATED: { code: "100", message: "Initiated" },
  CAPTURED: { code: "000", message: "Captured" },
  ABANDONED: { code: "301", message: "Abandoned" },
  CANCELLED: { code: "302", message: "Cancelled" },
  FAILED: { code: "401", message: "Failed" },
  DECLINED: { code: "501", message: "Declined" },
  VOID: { code: "601", message: "Void" },
  RESTRICTED: { code: "701", message: "Restricted" },
  TIMEDOUT: { code: "801", message: "Timed Out" },
  UNKNOWN: { code: "901", message: "Unknown" },
};
const REFUND_CODES: Partial<Record<TapRefundStatus, { code: string; message: string }>> = {
  REFUNDED: { code: "000", message: "Refunded" },
  PENDING: { code: "100", message: "Pending" },
  FAILED: { code: "401", message: "Failed" },
  DECLINED: { code: "501", message: "Declined" },
};

const ERRORS: Record<string, string> = {
  "1102": "Request values are empty",
  "1103": "Required inputs are invalid",
  "1108": "Save card features are not enabled",
  "1110": "Redirect URL is missing",
  "1111": "Redirect URL is invalid",
  "1117": "Amount is invalid",
  "1118": "Currency code is invalid",
  "1119": "Currency code not supported",
  "1121": "The 'description' should be less than 1000 characters",
  "1122": "Merchant order reference length should be less than 100 characters",
  "1123": "Merchant transaction reference length should be less than 100 characters",
  "1124": "Source id is missing",
  "1125": "Source id is invalid",
  "1127": "The metadata key length should be less than 250 characters",
  "1128": "Metadata value length should be less than 1000 characters",
  "1129": "Customer id or Customer information is required",
  "1130": "Customer's first name is required",
  "1131": "Customer's first name length should be less than 150 characters",
  "1136": "Phone number country code is invalid",
  "1137": "Phone number is invalid",
  "1138": "Email Address is invalid",
  "1139": "Customer phone number or email address is required",
  "1142": "Charge id is missing",
  "1143": "Charge id is invalid",
  "1144": "Charge id not found",
  "1149": "Currency code is not matching with existing currency code",
  "1156": "Refund reason is missing",
  "1157": "Refund reason length should be less than 250 characters",
  "1159": "Refund id is invalid",
  "1160": "Refund not found",
  "1161": "Requested refund amount exceeds",
  "1164": "Merchant id is invalid",
  "2100": "Invalid JSON request",
  "2101": "The server is currently unavailable (overloaded or down)",
  "2102": "Request not found",
  "2104": "Invalid API Key",
  "2106": "Please use the secret key, the public key given",
  "2107": "Authorization Required",
  "9999": "Internal server error",
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description = ERRORS[code] ?? code,
  ) {
    super(description);
  }
}

const IDEMPOTENCY_MS = 24 * 3_600_000;

/** A Tap-like id: prefix, "TS", then time-ish and random characters. */
const tapId = (prefix: string) =>
  `${prefix}_TS${String(Date.now()).slice(-10)}${randomBytes(6).toString("hex").slice(0, 9)}`;
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");

/** integer minor units -> the currency's decimal notation ("15.000") */
function formatMinor(minor: number, decimals: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (decimals === 0) return `${sign}${abs}`;
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(decimals, "0")}`;
}

/** A JSON amount in minor units, or null when it is not a number with at most `decimals` decimals. */
function toMinor(amount: unknown, decimals: number): number | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return null;
  const minor = Math.round(amount * 10 ** decimals);
  return minor / 10 ** decimals === amount ? minor : null;
}

function tapHash(obj: TapCharge | TapRefund, key: string): string {
  const d = DECIMALS[obj.currency] ?? 2;
  const amount = formatMinor(Math.round(obj.amount * 10 ** d), d);
  const created = obj.object === "refund" ? obj.created : obj.transaction.created;
  const text =
    `x_id${obj.id}x_amount${amount}x_currency${obj.currency}` +
    `x_gateway_reference${obj.reference.gateway ?? ""}x_payment_reference${obj.reference.payment ?? ""}` +
    `x_status${obj.status}x_created${created}`;
  return createHmac("sha256", key).update(text).digest("hex");
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTapFake(
  opts: { secretKey?: string; publishableKey?: string; merchantId?: string } = {},
): Promise<TapFake> {
  const failures = new Map<TapEndpoint, { failure: TapFailure; times: number }>();
  /** reference.idempotent -> the first answer and when it was given */
  const idempotent = new Map<string, { body: string; at: number; chargeId?: string; refundId?: string }>();
  const pending = new Set<Promise<unknown>>();
  let created = 0;

  const state: TapFakeState = {
    url: "",
    secretKey: opts.secretKey ?? `sk_test_${randomBytes(12).toString("base64url")}`,
    publishableKey: opts.publishableKey ?? `pk_test_${randomBytes(12).toString("base64url")}`,
    merchantId: opts.merchantId ?? "28011997",
    charges: new Map(),
    refunds: new Map(),
    requests: [],
    webhooksSent: [],
    webhookDefaults: { mode: "once", delayMs: 0 },
    pageMethod: "KNET",
    refundOutcome: "REFUNDED",
    webhookRetryMs: 20,
    env: {},
  };

  const send = (res: http.ServerResponse, status: number, body: string | object) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, status: number, code: string, description?: string) =>
    send(res, status, { errors: [{ code, description: description ?? ERRORS[code] ?? code }] });

  // ---- webhooks -------------------------------------------------------------------------------

  async function deliver(
    kind: "charge" | "refund",
    obj: TapCharge | TapRefund,
    forged: boolean,
    to?: string,
  ): Promise<TapWebhookSent> {
    const url = to ?? obj.post?.url;
    if (!url) throw new Error(`${obj.id} has no post.url`);
    const body = JSON.stringify({ ...obj, method: "POST" });
    const hashstring = tapHash(obj, forged ? `sk_test_${randomBytes(12).toString("base64url")}` : state.secretKey);
    let sent!: TapWebhookSent;
    // Tap: "There will be two more retry attempts before the status of the POST is updated as ERROR"
    for (let attempt = 1; attempt <= 3; attempt++) {
      sent = {
        kind,
        id: obj.id,
        status: obj.status,
        url,
        body,
        hashstring,
        forged,
        attempt,
        answer: null,
        at: Date.now(),
      };
      try {
        const r = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", hashstring },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        sent.answer = r.status;
        await r.arrayBuffer().catch(() => undefined);
      } catch (err) {
        sent.error = String((err as Error)?.cause ?? err);
      }
      state.webhooksSent.push(sent);
      if (sent.answer !== null && sent.answer >= 200 && sent.answer < 300) break;
      if (attempt < 3) await new Promise((r) => setTimeout(r, state.webhookRetryMs));
    }
    if (obj.post && !to) {
      obj.post.attempt = sent.attempt;
      obj.post.status = sent.answer !== null && sent.answer < 300 ? "SUCCESS" : "ERROR";
    }
    return sent;
  }

  function schedule(kind: "charge" | "refund", obj: TapCharge | TapRefund, mode: WebhookMode, delayMs: number) {
    if (mode === "none" || !obj.post?.url) return;
    const p = (async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      await deliver(kind, obj, mode === "forged");
      if (mode === "twice") await deliver(kind, obj, false);
    })().catch(() => undefined);
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  // ---- the person on Tap's page ------------------------------------------------------------------

  function complete(
    chargeId: string,
    status: Exclude<TapChargeStatus, "INITIATED"> = "CAPTURED",
    o: { method?: PaidWith; webhook?: WebhookMode; delayMs?: number } = {},
  ) {
    const c = state.charges.get(chargeId);
    if (!c) throw new Error(`no charge ${chargeId}`);
    if (c.status !== "INITIATED") throw new Error(`charge ${chargeId} is ${c.status}, not INITIATED`);
    c.status = status;
    c.response = { ...CHARGE_CODES[status] };
    const now = Date.now();
    if (status !== "ABANDONED") {
      const method =
        o.method ??
        (c.source.id === "src_kw.knet"
          ? "KNET"
          : c.source.id === "src_apple_pay"
            ? "APPLE_PAY"
            : c.source.id === "src_card"
              ? "VISA"
              : state.pageMethod);
      if (method === "KNET")
        c.source = {
          object: "source",
          id: "src_kw.knet",
          type: "CARD_NOT_PRESENT",
          payment_type: "DEBIT",
          payment_method: "KNET",
          channel: "INTERNET",
        };
      else if (method === "APPLE_PAY")
        c.source = {
          object: "source",
          id: "src_apple_pay",
          type: "CARD_NOT_PRESENT",
          payment_type: "CREDIT",
          payment_method: "APPLE_PAY",
          channel: "INTERNET",
        };
      else
        c.source = {
          object: "token",
          id: `tok_${randomBytes(10).toString("hex")}`,
          type: "CARD_NOT_PRESENT",
          payment_type: "CREDIT",
          payment_method: method,
          channel: "INTERNET",
        };
      c.reference.gateway = digits(15);
      c.redirect.status = "SUCCESS";
    }
    if (status === "CAPTURED") c.receipt.id = digits(18);
    c.activities.push({
      id: tapId("activity"),
      object: "activity",
      created: now,
      status,
      currency: c.currency,
      amount: c.amount,
      remarks: `charge - ${status.toLowerCase()}`,
    });
    // Tap posts captured or failed charges only: "if the transaction status is INITIATED or ABANDONED no data will be posted"
    if (status !== "ABANDONED")
      schedule("charge", c, o.webhook ?? state.webhookDefaults.mode, o.delayMs ?? state.webhookDefaults.delayMs);
    const back = new URL(c.redirect.url);
    back.searchParams.set("tap_id", c.id);
    return { redirectUrl: back.toString(), charge: c };
  }

  function completeRefund(
    refundId: string,
    status: "REFUNDED" | "FAILED" | "DECLINED",
    o: { webhook?: WebhookMode } = {},
  ) {
    const r = state.refunds.get(refundId);
    if (!r) throw new Error(`no refund ${refundId}`);
    if (r.status !== "PENDING" && r.status !== "IN_PROGRESS") throw new Error(`refund ${refundId} is ${r.status}`);
    r.status = status;
    r.response = { ...(REFUND_CODES[status] ?? { code: "401", message: status }) };
    schedule("refund", r, o.webhook ?? state.webhookDefaults.mode, 0);
    return r;
  }

  function payPage(c: TapCharge): string {
    const d = DECIMALS[c.currency] ?? 2;
    const amount = formatMinor(Math.round(c.amount * 10 ** d), d);
    const title = c.source.id === "src_kw.knet" ? "KNET" : c.source.id === "src_apple_pay" ? "Apple Pay" : "Tap";
    const open = c.status === "INITIATED";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} payment</title></head><body>
<main><h1>${title} payment</h1><p data-testid="amount">${amount} ${escapeHtml(c.currency)}</p><p>${escapeHtml(c.description)}</p>
${
  open
    ? `<form method="post" action="/pay/${encodeURIComponent(c.id)}">
<button type="submit" name="status" value="CAPTURED">Pay</button>
<button type="submit" name="status" value="DECLINED">Decline</button>
<button type="submit" name="status" value="CANCELLED">Cancel</button>
</form>`
    : `<p data-testid="finished">This payment is ${escapeHtml(c.status)}.</p>`
}</main></body></html>`;
  }

  // ---- the API ------------------------------------------------------------------------------------

  function authenticate(req: http.IncomingMessage) {
    const header = String(req.headers.authorization ?? "");
    // Tap: "Authorization: Bearer YOUR_SECRET_KEY"; other formats fail authentication
    const m = /^Bearer ([^\s"]+)$/.exec(header);
    if (!m) throw new Refusal(401, "2107");
    if (m[1] === state.publishableKey || m[1].startsWith("pk_")) throw new Refusal(401, "2106");
    if (m[1] !== state.secretKey) throw new Refusal(401, "2104");
  }

  function checkUrl(u: unknown, missing: string, invalid: string): string {
    if (typeof u !== "string" || !u) throw new Refusal(400, missing);
    try {
      const p = new URL(u);
      if (p.protocol !== "http:" && p.protocol !== "https:") throw new Error();
    } catch {
      throw new Refusal(400, invalid);
    }
    return u;
  }

  function checkMetadata(m: unknown): Record<string, string> {
    if (m === undefined || m === null) return {};
    if (typeof m !== "object" || Array.isArray(m)) throw new Refusal(400, "1103");
    for (const [k, v] of Object.entries(m)) {
      if (k.length >= 250) throw new Refusal(400, "1127");
      if (String(v).length >= 1000) throw new Refusal(400, "1128");
    }
    return m as Record<string, string>;
  }

  function remembered(key: unknown): string | null {
    if (typeof key !== "string" || !key) return null;
    const hit = idempotent.get(key);
    return hit && Date.now() - hit.at < IDEMPOTENCY_MS ? hit.body : null;
  }

  function createCharge(b: any): TapCharge {
    if (!b || typeof b !== "object") throw new Refusal(400, "1102");
    const currency = b.currency;
    if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) throw new Refusal(400, "1118");
    if (!(currency in DECIMALS)) throw new Refusal(400, "1119");
    const decimals = DECIMALS[currency];
    const minor = toMinor(b.amount, decimals);
    // "The minimum amount is $0.100 for any charge currency"
    if (minor === null || minor <= 0 || minor / 10 ** decimals < 0.1) throw new Refusal(400, "1117");
    const sourceId = b.source?.id;
    if (typeof sourceId !== "string" || !sourceId) throw new Refusal(400, "1124");
    if (!SOURCES.has(sourceId)) throw new Refusal(400, "1125");
    if (SOURCE_CURRENCY[sourceId] && SOURCE_CURRENCY[sourceId] !== currency)
      throw new Refusal(
        400,
        "1119",
        `Currency code not supported: ${sourceId} takes ${SOURCE_CURRENCY[sourceId]} only`,
      );
    const redirect = checkUrl(b.redirect?.url, "1110", "1111");
    const post = b.post?.url === undefined ? undefined : checkUrl(b.post.url, "1103", "1103");
    if (b.save_card === true) throw new Refusal(400, "1108");
    if (b.threeDSecure === false && sourceId === "src_card")
      throw new Refusal(400, "1109", "Non-3D secure transactions are not allowed");
    if (b.description !== undefined && (typeof b.description !== "string" || b.description.length >= 1000))
      throw new Refusal(400, "1121");
    const ref = b.reference ?? {};
    if (ref.order !== undefined && String(ref.order).length >= 100) throw new Refusal(400, "1122");
    if (ref.transaction !== undefined && String(ref.transaction).length >= 100) throw new Refusal(400, "1123");
    const metadata = checkMetadata(b.metadata);
    if (b.merchant?.id !== undefined && b.merchant.id !== "" && String(b.merchant.id) !== state.merchantId)
      throw new Refusal(400, "1164");
    const cu = b.customer;
    if (!cu || typeof cu !== "object") throw new Refusal(400, "1129");
    if (!cu.id) {
      if (typeof cu.first_name !== "string" || !cu.first_name.trim()) throw new Refusal(400, "1130");
      if (cu.first_name.length >= 150) throw new Refusal(400, "1131");
      if (!cu.email && !cu.phone) throw new Refusal(400, "1139");
      if (cu.email !== undefined && (typeof cu.email !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cu.email)))
        throw new Refusal(400, "1138");
      if (cu.phone !== undefined) {
        if (!/^\d{1,3}$/.test(String(cu.phone.country_code ?? ""))) throw new Refusal(400, "1136");
        if (!/^\d{4,15}$/.test(String(cu.phone.number ?? ""))) throw new Refusal(400, "1137");
      }
    }
    const amount = minor / 10 ** decimals;
    const createdAt = Date.now();
    const id = tapId("chg");
    const source: TapCharge["source"] =
      sourceId === "src_kw.knet"
        ? {
            object: "source",
            id: sourceId,
            type: "CARD_NOT_PRESENT",
            payment_type: "DEBIT",
            payment_method: "KNET",
            channel: "INTERNET",
          }
        : { object: "source", id: sourceId };
    const c: TapCharge = {
      id,
      object: "charge",
      live_mode: false,
      customer_initiated: b.customer_initiated ?? true,
      api_version: "V2",
      method: "POST",
      status: "INITIATED",
      amount,
      currency,
      threeDSecure: b.threeDSecure ?? true,
      card_threeDSecure: false,
      save_card: false,
      merchant_id: "",
      product: "GOSELL",
      statement_descriptor: b.statement_descriptor ?? "",
      description: b.description ?? "",
      metadata,
      transaction: {
        timezone: "UTC+03:00",
        created: String(createdAt),
        url: `${state.url}/pay/${id}`,
        expiry: { period: 30, type: "MINUTE" },
        asynchronous: false,
        amount,
        currency,
      },
      reference: {
        track: tapId("tck"),
        payment: digits(19),
        ...(ref.transaction !== undefined ? { transaction: String(ref.transaction) } : {}),
        ...(ref.order !== undefined ? { order: String(ref.order) } : {}),
        ...(ref.idempotent !== undefined ? { idempotent: String(ref.idempotent) } : {}),
      },
      response: { ...CHARGE_CODES.INITIATED },
      receipt: { email: b.receipt?.email ?? false, sms: b.receipt?.sms ?? false },
      customer: { id: cu.id ?? tapId("cus"), ...cu },
      merchant: { country: "KW", currency: "KWD", id: state.merchantId },
      source,
      redirect: { status: "PENDING", url: redirect },
      ...(post ? { post: { status: "PENDING", url: post } } : {}),
      activities: [
        {
          id: tapId("activity"),
          object: "activity",
          created: createdAt,
          status: "INITIATED",
          currency,
          amount,
          remarks: "charge - created",
        },
      ],
    };
    state.charges.set(id, c);
    created++;
    return c;
  }

  function createRefund(b: any): TapRefund {
    if (!b || typeof b !== "object") throw new Refusal(400, "1102");
    if (typeof b.charge_id !== "string" || !b.charge_id) throw new Refusal(400, "1142");
    const c = state.charges.get(b.charge_id);
    if (!c) throw new Refusal(404, "1144");
    if (typeof b.currency !== "string" || !/^[A-Z]{3}$/.test(b.currency)) throw new Refusal(400, "1118");
    if (b.currency !== c.currency) throw new Refusal(400, "1149");
    if (typeof b.reason !== "string" || !b.reason.trim()) throw new Refusal(400, "1156");
    if (b.reason.length >= 250) throw new Refusal(400, "1157");
    const decimals = DECIMALS[c.currency] ?? 2;
    const minor = toMinor(b.amount, decimals);
    if (minor === null || minor <= 0) throw new Refusal(400, "1117");
    // refunds are for "transactions that have been successfully charged"
    if (c.status !== "CAPTURED")
      throw new Refusal(400, "1143", `Charge id is invalid: the charge is ${c.status}, not CAPTURED`);
    const captured = Math.round(c.amount * 10 ** decimals);
    const refunded = [...state.refunds.values()]
      .filter(
        (r) =>
          r.charge_id === c.id && !["FAILED", "DECLINED", "CANCELLED", "RESTRICTED", "TIMEDOUT"].includes(r.status),
      )
      .reduce((sum, r) => sum + Math.round(r.amount * 10 ** decimals), 0);
    if (refunded + minor > captured) throw new Refusal(400, "1161");
    const post = b.post?.url === undefined ? undefined : checkUrl(b.post.url, "1103", "1103");
    const status = state.refundOutcome;
    const r: TapRefund = {
      id: tapId("re"),
      object: "refund",
      api_version: "V2",
      live_mode: false,
      amount: minor / 10 ** decimals,
      charge_id: c.id,
      created: String(Date.now()),
      currency: c.currency,
      status,
      reason: b.reason,
      ...(b.description !== undefined ? { description: String(b.description) } : {}),
      reference: {
        ...(b.reference?.merchant !== undefined ? { merchant: String(b.reference.merchant) } : {}),
        gateway: digits(15),
        payment: digits(19),
        ...(b.reference?.idempotent !== undefined ? { idempotent: String(b.reference.idempotent) } : {}),
      },
      response: { ...REFUND_CODES[status]! },
      metadata: checkMetadata(b.metadata),
      ...(post ? { post: { status: "PENDING", url: post } } : {}),
    };
    state.refunds.set(r.id, r);
    // a refund done at once is posted at once; a pending one when it ends (completeRefund)
    if (status === "REFUNDED") schedule("refund", r, state.webhookDefaults.mode, state.webhookDefaults.delayMs);
    return r;
  }

  function listCharges(b: any) {
    const filter = b ?? {};
    const limit = Math.min(Number(filter.limit ?? 25) || 25, 50);
    let all = [...state.charges.values()].sort((x, y) => Number(y.transaction.created) - Number(x.transaction.created));
    if (filter.order === "chronological") all.reverse();
    if (filter.reference?.transaction)
      all = all.filter((c) => c.reference.transaction === filter.reference.transaction);
    if (filter.reference?.order) all = all.filter((c) => c.reference.order === filter.reference.order);
    if (filter.status) all = all.filter((c) => c.status === filter.status);
    const from = Number(filter.period?.date?.from ?? 0);
    const to = Number(filter.period?.date?.to ?? Number.MAX_SAFE_INTEGER);
    all = all.filter((c) => Number(c.transaction.created) >= from && Number(c.transaction.created) <= to);
    if (filter.starting_after) {
      const i = all.findIndex((c) => c.id === filter.starting_after);
      all = i >= 0 ? all.slice(i + 1) : [];
    }
    const page = all.slice(0, limit);
    return {
      object: "list",
      live_mode: false,
      api_version: "V2",
      count: page.length,
      has_more: all.length > limit,
      charges: page,
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", state.url);
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");

    // the hosted payment page (transaction.url)
    const pay = /^\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const c = state.charges.get(decodeURIComponent(pay[1]));
      if (!c)
        return void res
          .writeHead(404, { "content-type": "text/html; charset=utf-8" })
          .end("<!doctype html><p>Payment not found.</p>");
      if (req.method === "GET")
        return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(payPage(c));
      if (req.method !== "POST") return void res.writeHead(405).end();
      const status = new URLSearchParams(raw).get("status");
      if (c.status !== "INITIATED")
        return void res.writeHead(409, { "content-type": "text/html; charset=utf-8" }).end(payPage(c));
      if (status !== "CAPTURED" && status !== "DECLINED" && status !== "CANCELLED")
        return void res.writeHead(400).end();
      const { redirectUrl } = complete(c.id, status);
      return void res.writeHead(303, { location: redirectUrl }).end();
    }

    const chargeId = /^\/v2\/charges\/([^/]+)$/.exec(path)?.[1];
    const refundId = /^\/v2\/refunds\/([^/]+)$/.exec(path)?.[1];
    const endpoint: TapEndpoint | null =
      path === "/v2/charges" && req.method === "POST"
        ? "create_charge"
        : path === "/v2/charges/list" && req.method === "POST"
          ? "list_charges"
          : chargeId && req.method === "GET"
            ? "retrieve_charge"
            : path === "/v2/refunds" && req.method === "POST"
              ? "create_refund"
              : refundId && req.method === "GET"
                ? "retrieve_refund"
                : null;
    if (!endpoint) return refuse(res, 404, "2102");

    let body: any = {};
    if (raw.length && req.method === "POST") {
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(res, 400, "2100");
      }
    }
    state.requests.push({ method: req.method ?? "", path, body });

    const failure = failures.get(endpoint);
    let lose = false;
    if (failure && failure.times > 0) {
      failure.times--;
      if (failure.failure === "hang") return; // never answers; close() ends the connection
      if (failure.failure === "reset") return void req.socket.destroy();
      if (failure.failure === "lost") lose = true;
      else {
        const status = failure.failure;
        const code = status === 401 ? "2104" : status === 503 ? "2101" : status >= 500 ? "9999" : String(status);
        return refuse(res, status, code, status === 429 ? "Too Many Requests" : undefined);
      }
    }

    try {
      authenticate(req);
      let answer: string;
      if (endpoint === "create_charge") {
        answer = remembered(body?.reference?.idempotent) ?? "";
        if (!answer) {
          const c = createCharge(body);
          answer = JSON.stringify(c);
          if (c.reference.idempotent)
            idempotent.set(c.reference.idempotent, { body: answer, at: Date.now(), chargeId: c.id });
        }
      } else if (endpoint === "retrieve_charge") {
        const c = state.charges.get(decodeURIComponent(chargeId!));
        if (!c) throw new Refusal(404, "1144");
        answer = JSON.stringify({ ...c, method: "GET" });
      } else if (endpoint === "list_charges") {
        answer = JSON.stringify(listCharges(body));
      } else if (endpoint === "create_refund") {
        const key = body?.reference?.idempotent ? `refund:${body.reference.idempotent}` : null;
        answer = remembered(key) ?? "";
        if (!answer) {
          const r = createRefund(body);
          answer = JSON.stringify(r);
          if (key) idempotent.set(key, { body: answer, at: Date.now(), refundId: r.id });
        }
      } else {
        const r = state.refunds.get(decodeURIComponent(refundId!));
        if (!r) throw new Refusal(404, "1160");
        answer = JSON.stringify(r);
      }
      // Tap did it, but the answer never reaches the caller
      if (lose) return void req.socket.destroy();
      return send(res, 200, answer);
    } catch (err) {
      if (err instanceof Refusal) return refuse(res, err.status, err.code, err.description);
      throw err;
    }
  }

  const served = await serveFake(state, handle, (err, res) => {
    if (!res.headersSent) refuse(res, 500, "9999", String(err));
  });
  state.env = {
    PAYMENT_GATEWAY: "tap",
    PAYMENT_SECRET_KEY: state.secretKey,
    PAYMENT_API_URL: served.url,
    PAYMENT_MERCHANT_ID: state.merchantId,
  };

  return Object.assign(served, {
    charges: state.charges,
    refunds: state.refunds,
    webhooksSent: state.webhooksSent,
    complete,
    capture: (chargeId: string) => complete(chargeId, "CAPTURED", { webhook: "none" }).charge,
    completeRefund,
    sendWebhook: (id: string, o: { forged?: boolean; to?: string } = {}) => {
      const c = state.charges.get(id);
      const r = state.refunds.get(id);
      if (!c && !r) throw new Error(`no charge or refund ${id}`);
      return deliver(c ? "charge" : "refund", (c ?? r)!, o.forged ?? false, o.to);
    },
    failNext: (endpoint: TapEndpoint, failure: TapFailure, times = 1) =>
      void failures.set(endpoint, { failure, times }),
    createCount: () => created,
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    hashstring: (obj: TapCharge | TapRefund, key?: string) => tapHash(obj, key ?? state.secretKey),
  });
}
