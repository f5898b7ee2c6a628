// Tap Payments (API v2) behind the PaymentGateway interface (docs/architecture.md#the-rooms,
// payments/). What it speaks, as Tap documents it (developers.tap.company):
// - POST /v2/charges (reference/create-a-charge, reference/charges): Bearer secret key; amount as a
//   decimal in the currency's notation (KWD: 3 decimals, written from integer fils, never through a
//   float), currency "KWD", threeDSecure, save_card false, description, reference { transaction,
//   order, idempotent }, receipt, customer { first_name, last_name, email, phone { country_code,
//   number } }, source.id (src_kw.knet | src_card | src_apple_pay | src_all), redirect.url, post.url,
//   metadata, merchant.id. The answer's transaction.url is the page the person pays on; its status is
//   INITIATED, then CAPTURED or one of ABANDONED, CANCELLED, FAILED, DECLINED, RESTRICTED, VOID,
//   TIMEDOUT, UNKNOWN (reference/charges "Post Payment Response Details"); response { code, message }
//   says why (reference/charge-response-codes).
// - GET /v2/charges/{id}: the charge again; the person comes back to redirect.url?tap_id={id}
//   (docs/redirect), and only this read decides, never the return parameters.
// - POST /v2/charges/list (reference/list-all-charges): charges by period, status, reference, 50 a page.
// - POST /v2/refunds (docs/refunds, reference/create-a-refund): charge_id, amount, currency, reason,
//   reference { merchant, idempotent }, post.url; status REFUNDED, PENDING, IN_PROGRESS, ... .
// - Idempotency (docs/idempotency): reference.idempotent; the same string within 24 hours answers the
//   original response and makes no second charge or refund. So a create whose answer was lost is sent
//   again with the same reference (or found with findChargeByReference); a new attempt needs a new one.
// - Webhook (docs/webhook, "Validate the webhook (hashstring)"): Tap posts the charge (or refund) to
//   post.url with a `hashstring` header, HMAC-SHA256 (hex) with the secret key over
//   x_id{id}x_amount{amount}x_currency{currency}x_gateway_reference{reference.gateway}
//   x_payment_reference{reference.payment}x_status{status}x_created{created}, the amount written with
//   the currency's decimals (KWD 3) and created = transaction.created (a refund: its created).
//   The hash covers only those fields: what else the body says (reference.transaction, metadata) is
//   not signed, so the billing module finds its payment by the charge id.
// - Errors (reference/charge-response-codes): { errors: [{ code, description }] }; 401 no valid key
//   (2104 invalid key, 2106 publishable key given, 2107 authorization required), 400/402/404/409
//   refused, 429 too many requests, 5xx Tap's side.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  GatewayError,
  type Charge,
  type ChargeState,
  type CreateChargeInput,
  type PaymentGateway,
  type PaymentSource,
  type Refund,
  type WebhookEvent,
} from "./types.ts";

export interface TapConfig {
  /** sk_test_... or sk_live_...; never a publishable pk_ key */
  secretKey: string;
  baseUrl?: string;
  /** Tap's merchant id, when the account has several */
  merchantId?: string;
  /** the longest one call to Tap may take (default 15 s) */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const SOURCE_IDS: Record<PaymentSource, string> = {
  knet: "src_kw.knet",
  card: "src_card",
  apple_pay: "src_apple_pay",
  all: "src_all",
};

/** ISO 4217 minor units of the currencies Tap lists in its hashstring rule */
const DECIMALS: Record<string, number> = {
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  AED: 2,
  SAR: 2,
  QAR: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  EGP: 2,
};
const decimalsOf = (currency: unknown) => DECIMALS[String(currency)] ?? 2;

/** Integer fils as Tap's KWD amount, "15.000" for 15000: integer arithmetic only. */
export function filsToKwd(fils: number): string {
  if (!Number.isSafeInteger(fils) || fils < 0) throw new RangeError(`fils must be a non-negative integer, got ${fils}`);
  return `${Math.floor(fils / 1000)}.${String(fils % 1000).padStart(3, "0")}`;
}

/**
 * A decimal amount as Tap writes it (a JSON number such as 15 or 10.999, or a string) in integer minor
 * units of a currency with `decimals` places; null when it has more places than that, or is not a
 * plain non-negative decimal. Read from the number's shortest decimal spelling, so 10.999 is 10999.
 */
export function decimalToMinor(amount: unknown, decimals: number): number | null {
  const text =
    typeof amount === "number"
      ? Number.isFinite(amount)
        ? String(amount)
        : ""
      : typeof amount === "string"
        ? amount.trim()
        : "";
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) return null;
  const minor = Number(m[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Tap's KWD amount in fils (15 -> 15000, 10.999 -> 10999); null when it is not whole fils. */
export const kwdToFils = (amount: unknown): number | null => decimalToMinor(amount, 3);

/**
 * The hashstring Tap sends with a charge's or refund's webhook (docs/webhook): HMAC-SHA256, hex.
 * Null when the amount is not a decimal amount at all.
 */
export function tapHashstring(obj: any, secretKey: string): string | null {
  const d = decimalsOf(obj?.currency);
  let minor = decimalToMinor(obj?.amount, d);
  // Tap: "Amount should be rounded with standard decimal value"
  if (minor === null && typeof obj?.amount === "number" && Number.isFinite(obj.amount) && obj.amount >= 0)
    minor = Math.round(obj.amount * 10 ** d);
  if (minor === null) return null;
  const unit = 10 ** d;
  const amount = `${Math.floor(minor / unit)}.${String(minor % unit).padStart(d, "0")}`;
  const created =
    obj?.object === "refund" || (obj?.object === undefined && String(obj?.id).startsWith("re_"))
      ? obj?.created
      : obj?.transaction?.created;
  const text =
    `x_id${obj?.id ?? ""}x_amount${amount}x_currency${obj?.currency ?? ""}` +
    `x_gateway_reference${obj?.reference?.gateway ?? ""}x_payment_reference${obj?.reference?.payment ?? ""}` +
    `x_status${obj?.status ?? ""}x_created${created ?? ""}`;
  return createHmac("sha256", secretKey).update(text).digest("hex");
}

/** Tap's charge status -> Sufra's; only CAPTURED is paid, and a word Tap adds later stays pending. */
function chargeState(status: string): ChargeState {
  switch (status) {
    case "CAPTURED":
      return "paid";
    case "ABANDONED":
    case "CANCELLED":
    case "TIMEDOUT":
      return "abandoned";
    case "DECLINED":
    case "FAILED":
    case "RESTRICTED":
    case "VOID":
    case "UNKNOWN":
      return "failed";
    default:
      // INITIATED, IN_PROGRESS and anything new: not decided
      return "pending";
  }
}

function refundState(status: string): Refund["state"] {
  if (status === "REFUNDED") return "succeeded";
  if (status === "PENDING" || status === "IN_PROGRESS" || status === "ACCEPTED" || status === "INITIATED")
    return "pending";
  return "failed";
}

/** How it was paid, when Tap says (source.id, or source.payment_method once a card was used). */
function methodOf(source: any): Charge["method"] {
  const id = String(source?.id ?? "");
  const pm = String(source?.payment_method ?? "").toUpperCase();
  if (id === "src_kw.knet" || pm === "KNET") return "knet";
  if (id === "src_apple_pay" || pm.includes("APPLE")) return "apple_pay";
  if (
    id === "src_card" ||
    id.startsWith("tok_") ||
    ["VISA", "MASTERCARD", "AMEX", "AMERICAN_EXPRESS", "MADA"].includes(pm)
  )
    return "card";
  return null;
}

/** "+965 5000 1234", "96550001234" or an 8-digit Kuwaiti number -> Tap's { country_code, number } */
function phoneOf(phone: string | null | undefined): { country_code: string; number: string } | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/[^\d]/g, "");
  const plus = phone.trim().startsWith("+") || phone.trim().startsWith("00");
  const national = phone.trim().startsWith("00") ? digits.slice(2) : digits;
  if (!plus && digits.length === 8) return { country_code: "965", number: digits };
  for (const cc of ["965", "966", "971", "973", "974", "968"]) {
    if (
      (plus || national.length > 8) &&
      national.startsWith(cc) &&
      national.length - cc.length >= 7 &&
      national.length - cc.length <= 10
    )
      return { country_code: cc, number: national.slice(cc.length) };
  }
  return undefined;
}

const AMOUNT_SLOT = "\u0000amount\u0000";
/** JSON with the amount written as Tap's decimal token (15.000), not a float's spelling */
const jsonWithAmount = (body: Record<string, unknown>, fils: number) =>
  JSON.stringify({ amount: AMOUNT_SLOT, ...body }).replace(JSON.stringify(AMOUNT_SLOT), filsToKwd(fils));

export function createTapGateway(cfg: TapConfig): PaymentGateway {
  if (!cfg.secretKey) throw new Error("Tap needs its secret key");
  if (cfg.secretKey.startsWith("pk_"))
    throw new Error("Tap's publishable key was given where its secret key is needed");
  const base = (cfg.baseUrl ?? "https://api.tap.company").replace(/\/+$/, "");
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  const doFetch = cfg.fetch ?? fetch;

  async function call(method: "GET" | "POST", path: string, body?: string): Promise<any> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${cfg.secretKey}`,
          accept: "application/json",
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const e = err as Error;
      const why =
        e?.name === "TimeoutError" || e?.name === "AbortError"
          ? `no answer within ${timeoutMs} ms`
          : String((e as any)?.cause?.code ?? e?.message ?? e);
      throw new GatewayError(`Tap could not be reached (${method} ${path}): ${why}`, "unreachable");
    }
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) {
      if (!json || typeof json !== "object")
        throw new GatewayError(
          `Tap answered ${method} ${path} with ${res.status} but no JSON`,
          "unreachable",
          res.status,
        );
      return json;
    }
    const first = Array.isArray(json?.errors) ? json.errors[0] : null;
    const code = first?.code != null ? String(first.code) : null;
    const message = `Tap refused ${method} ${path} (${res.status}${code ? ` ${code}` : ""}): ${first?.description ?? text.slice(0, 200)}`;
    if (res.status === 429) throw new GatewayError(message, "rate_limited", 429, code);
    if (res.status >= 500) throw new GatewayError(message, "unreachable", res.status, code);
    throw new GatewayError(message, "refused", res.status, code);
  }

  function toCharge(c: any): Charge {
    if (c?.currency !== "KWD")
      throw new GatewayError(
        `Tap's charge ${c?.id} is in ${c?.currency}, not KWD`,
        "refused",
        null,
        "unexpected_answer",
      );
    const amountFils = kwdToFils(c.amount);
    if (amountFils === null || typeof c.id !== "string")
      throw new GatewayError(
        `Tap's charge ${c?.id} has no readable id or amount (${c?.amount})`,
        "refused",
        null,
        "unexpected_answer",
      );
    const gatewayStatus = String(c.status ?? "UNKNOWN");
    const state = chargeState(gatewayStatus);
    const ended = state === "failed" || state === "abandoned";
    return {
      id: c.id,
      state,
      gatewayStatus,
      amountFils,
      currency: "KWD",
      reference: String(c.reference?.transaction ?? c.reference?.order ?? ""),
      method: methodOf(c.source),
      receipt: state === "paid" ? (c.receipt?.id ?? c.reference?.payment ?? null) : null,
      failure: ended
        ? { code: String(c.response?.code ?? ""), message: String(c.response?.message ?? gatewayStatus) }
        : null,
      redirectUrl: state === "pending" ? (c.transaction?.url ?? null) : null,
    };
  }

  function toRefund(r: any): Refund {
    const amountFils = decimalToMinor(r?.amount, decimalsOf(r?.currency));
    if (amountFils === null || typeof r?.id !== "string")
      throw new GatewayError(
        `Tap's refund ${r?.id} has no readable id or amount (${r?.amount})`,
        "refused",
        null,
        "unexpected_answer",
      );
    const gatewayStatus = String(r.status ?? "UNKNOWN");
    return {
      id: r.id,
      chargeId: String(r.charge_id ?? ""),
      amountFils,
      state: refundState(gatewayStatus),
      gatewayStatus,
    };
  }

  const idPath = (id: string) => encodeURIComponent(id);

  return {
    name: "tap",
    sources: ["knet", "card", "apple_pay", "all"],

    async createCharge(input: CreateChargeInput): Promise<Charge> {
      if (!Number.isSafeInteger(input.amountFils) || input.amountFils <= 0)
        throw new RangeError(`amountFils must be a positive integer, got ${input.amountFils}`);
      const [first, ...rest] = input.customer.name.trim().split(/\s+/);
      const phone = phoneOf(input.customer.phone);
      const body = {
        currency: "KWD",
        customer_initiated: true,
        threeDSecure: true,
        save_card: false,
        description: input.description.slice(0, 999),
        // the same string within 24 hours answers this charge again, never a second one (docs/idempotency)
        reference: { transaction: input.reference, order: input.reference, idempotent: input.reference },
        // Sufra mails its own invoice
        receipt: { email: false, sms: false },
        customer: {
          first_name: (first || input.customer.email).slice(0, 149),
          ...(rest.length ? { last_name: rest.join(" ").slice(0, 149) } : {}),
          email: input.customer.email,
          ...(phone ? { phone } : {}),
        },
        ...(cfg.merchantId ? { merchant: { id: cfg.merchantId } } : {}),
        source: { id: SOURCE_IDS[input.source] },
        redirect: { url: input.returnUrl },
        post: { url: input.webhookUrl },
        metadata: input.metadata ?? {},
      };
      // never retried here: a create whose answer was lost is sent again by the caller with the same
      // reference (Tap answers the first charge) or found with findChargeByReference
      return toCharge(await call("POST", "/v2/charges", jsonWithAmount(body, input.amountFils)));
    },

    async retrieveCharge(id: string): Promise<Charge> {
      return toCharge(await call("GET", `/v2/charges/${idPath(id)}`));
    },

    async findChargeByReference(reference: string): Promise<Charge | null> {
      // idempotent strings live 24 hours; a charge made with this reference is within the last day
      const now = Date.now();
      const found: any[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const list = await call(
          "POST",
          "/v2/charges/list",
          JSON.stringify({
            period: { date: { from: String(now - 25 * 3_600_000), to: String(now + 60_000) } },
            reference: { transaction: reference },
            limit: 50,
            ...(after ? { starting_after: after } : {}),
          }),
        );
        const charges: any[] = Array.isArray(list?.charges) ? list.charges : [];
        found.push(...charges.filter((c) => c?.reference?.transaction === reference));
        if (!list?.has_more || !charges.length) break;
        after = charges[charges.length - 1].id;
      }
      if (!found.length) return null;
      const best =
        found.find((c) => c.status === "CAPTURED") ??
        found.sort((a, b) => Number(b.transaction?.created ?? 0) - Number(a.transaction?.created ?? 0))[0];
      return toCharge(best);
    },

    async refund(input): Promise<Refund> {
      if (!Number.isSafeInteger(input.amountFils) || input.amountFils <= 0)
        throw new RangeError(`amountFils must be a positive integer, got ${input.amountFils}`);
      const body = {
        charge_id: input.chargeId,
        currency: "KWD",
        reason: input.reason.slice(0, 249),
        reference: { merchant: input.reference, idempotent: input.reference },
        ...(input.webhookUrl ? { post: { url: input.webhookUrl } } : {}),
      };
      return toRefund(await call("POST", "/v2/refunds", jsonWithAmount(body, input.amountFils)));
    },

    verifyWebhook(headers, rawBody): WebhookEvent | null {
      const sent = headers.hashstring ?? headers.Hashstring;
      const given = (Array.isArray(sent) ? sent[0] : sent)?.trim().toLowerCase();
      if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
      let body: any;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return null;
      }
      if (!body || typeof body !== "object" || typeof body.id !== "string") return null;
      const expected = tapHashstring(body, cfg.secretKey);
      if (!expected || !timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"))) return null;
      const kind =
        body.object === "refund" || (body.object === undefined && body.id.startsWith("re_"))
          ? "refund"
          : body.object === "charge" || body.id.startsWith("chg_")
            ? "charge"
            : null;
      try {
        if (kind === "charge") return { kind, charge: toCharge(body) };
        if (kind === "refund" && body.currency === "KWD") return { kind, refund: toRefund(body) };
      } catch {
        // signed, but not a KWD charge Sufra could have made
      }
      return null;
    },
  };
}
