// A local stand-in for the WhatsApp Business Platform Cloud API (graph.facebook.com/v23.0), answering the
// endpoints the WhatsApp channel uses with Meta's shapes and error JSON (error.code with
// error_data.details): Embedded Signup's code exchange (a code is good once; the app's id and secret are
// checked), POST /{waba}/subscribed_apps, POST /{phone}/register (a 6-digit PIN, the same one again once
// set), GET /{phone}, POST /{phone}/messages, and the WABA's message_templates (create, list paged).
// It refuses what the Cloud API refuses: a bad or expired token (190), a token without
// whatsapp_business_messaging (10) or whatsapp_business_management (200), a number or WABA the token does
// not reach (100 / 33), a free-form message when the guest last wrote more than 24 hours ago (131047), a
// template that does not exist or is not approved (132001), paused (132015) or disabled (132016), the wrong
// number of body parameters (132000), text over 4,096 characters, more than 3 reply buttons or titles over
// 20 characters (100), a missing messaging_product (100), throughput and pair rate limits (130429, 131056,
// configurable), template names outside ^[a-z0-9_]{1,512}$ and a second template of one name and language
// (100 / 2388024). A linked image is downloaded as Meta does: the send is accepted and a photo that is not
// reachable, not a JPEG or PNG (read from the bytes) or over 5 MB makes the message `failed` with 131053,
// told by the status webhook that statusUpdate() builds. Nothing is delivered by itself: tests build
// webhook bodies (guestWrites, statusUpdate, reviewTemplate) and POST them with deliver(), signed with the
// app secret in X-Hub-Signature-256.
import type http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import { graphError, reply, serveGraph } from "./graph-server.ts";
import { isJpeg } from "./media-facts.ts";

export const WA_MESSAGING = "whatsapp_business_messaging";
export const WA_MANAGEMENT = "whatsapp_business_management";
export type WaScope = typeof WA_MESSAGING | typeof WA_MANAGEMENT;

export type WaEndpoint =
  | "oauth_token"
  | "subscribed_apps"
  | "list_subscribed_apps"
  | "register"
  | "phone_number"
  | "messages"
  | "create_template"
  | "list_templates";

/** A WhatsApp Business Account: where numbers and templates live. */
export interface WaAccount {
  id: string;
  name: string;
  /** app ids subscribed to its webhooks */
  subscribedApps: Set<string>;
}
export interface WaNumber {
  id: string;
  wabaId: string;
  /** as GET /{phone} shows it ("+965 2222 3333"); webhooks carry its digits */
  displayPhone: string;
  verifiedName: string;
  qualityRating: "GREEN" | "YELLOW" | "RED" | "NA";
  codeVerificationStatus: "VERIFIED" | "NOT_VERIFIED" | "EXPIRED";
  registered: boolean;
  /** the two-step verification PIN; null until the first registration sets it */
  pin: string | null;
}
export interface WaToken {
  token: string;
  wabaIds: string[];
  scopes: WaScope[];
  expired: boolean;
}
export interface WaCode {
  wabaId: string;
  phoneNumberId: string;
  scopes: WaScope[];
  used: boolean;
}
type WaTemplateStatus = "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED";
export interface WaTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: WaTemplateStatus;
  body: string;
  examples: string[];
  reason: string | null;
}
/** A message the Cloud API accepted. */
export interface WaSent {
  id: string;
  phoneNumberId: string;
  to: string;
  type: string;
  /** the request body as sent */
  message: Record<string, unknown>;
  at: Date;
  /** a linked photo Meta could not take: the message fails after it was accepted */
  failure?: WaError;
}
export interface WaError {
  code: number;
  title: string;
  details: string;
}

const DAY_MS = 86_400_000;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const isPng = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a;
/** the languages a test may name (Supported languages lists many more) */
const LANGUAGES = new Set(["ar", "en", "en_GB", "en_US", "fr", "hi", "ur", "fa", "tr"]);
const CATEGORIES = new Set(["MARKETING", "UTILITY", "AUTHENTICATION"]);

export class WhatsappFakeState {
  appId = "wa-app-id";
  appSecret = "wa-app-secret";
  configId = "1234567890";
  graphVersion = "v23.0";
  /** set by the server: the fake's base URL */
  url = "";
  accounts = new Map<string, WaAccount>();
  numbers = new Map<string, WaNumber>();
  tokens = new Map<string, WaToken>();
  codes = new Map<string, WaCode>();
  templates = new Map<string, WaTemplate>();
  /** messages accepted, oldest first */
  sent: WaSent[] = [];
  /** when each guest last wrote to each number: `${phoneNumberId}:${waId}` */
  lastGuestMessage = new Map<string, Date>();
  /** the Cloud API's default throughput (80 mps) and pair limit (a burst of 45 within 6 s); tests narrow them */
  limits = { throughputPerSecond: 80, pairBurst: 45, pairWindowMs: 6_000 };
  /** while set, every call answers this Graph throttle, with X-Business-Use-Case-Usage saying how long */
  throttle: { code: 4 | 80007; regainMinutes: number } | null = null;
  /** requests answered, per endpoint */
  calls: Partial<Record<WaEndpoint, number>> = {};
  private seq = 1_689_556_908_129_000;

  nextId(): string {
    return String(++this.seq);
  }
  get graphUrl(): string {
    return `${this.url}/${this.graphVersion}`;
  }
  /** the channel's configuration (Config["platforms"]["whatsapp"]) that points at this fake */
  config(webhookVerifyToken?: string) {
    return {
      appId: this.appId,
      appSecret: this.appSecret,
      configId: this.configId,
      graphUrl: this.graphUrl,
      webhookVerifyToken,
    };
  }

  addAccount(a: { id?: string; name?: string } = {}): WaAccount {
    const account = { id: a.id ?? this.nextId(), name: a.name ?? "Café", subscribedApps: new Set<string>() };
    this.accounts.set(account.id, account);
    return account;
  }
  addNumber(wabaId: string, n: Partial<Omit<WaNumber, "wabaId">> & { displayPhone: string }): WaNumber {
    if (!this.accounts.has(wabaId)) throw new Error(`no WABA ${wabaId}`);
    const number: WaNumber = {
      id: n.id ?? this.nextId(),
      wabaId,
      displayPhone: n.displayPhone,
      verifiedName: n.verifiedName ?? "Café",
      qualityRating: n.qualityRating ?? "GREEN",
      codeVerificationStatus: n.codeVerificationStatus ?? "VERIFIED",
      registered: n.registered ?? false,
      pin: n.pin ?? null,
    };
    this.numbers.set(number.id, number);
    return number;
  }
  /** a code Embedded Signup hands the browser for this WABA and number, good for one exchange */
  issueCode(p: { wabaId: string; phoneNumberId: string; scopes?: WaScope[] }): string {
    const code = `AQ${randomBytes(24).toString("base64url")}`;
    this.codes.set(code, { ...p, scopes: p.scopes ?? [WA_MESSAGING, WA_MANAGEMENT], used: false });
    return code;
  }
  /** a business token reaching these WABAs, without going through Embedded Signup */
  issueToken(p: { wabaIds: string[]; scopes?: WaScope[] }): string {
    const t: WaToken = {
      token: `EAA${randomBytes(20).toString("hex")}`,
      wabaIds: [...p.wabaIds],
      scopes: p.scopes ?? [WA_MESSAGING, WA_MANAGEMENT],
      expired: false,
    };
    this.tokens.set(t.token, t);
    return t.token;
  }
  expireToken(token: string): void {
    this.tokens.get(token)!.expired = true;
  }
  /** a template as if created earlier (in WhatsApp Manager) */
  addTemplate(t: Omit<WaTemplate, "id" | "examples" | "reason"> & { examples?: string[] }): WaTemplate {
    const template = { id: this.nextId(), examples: [], reason: null, ...t };
    this.templates.set(template.id, template);
    return template;
  }
  template(wabaId: string, name: string, language: string): WaTemplate | undefined {
    return [...this.templates.values()].find((t) => t.wabaId === wabaId && t.name === name && t.language === language);
  }

  /**
   * A guest's message to the number, as the `messages` webhook describes it (text, image, a reply button
   * tapped, a Click to WhatsApp ad or post): the webhook body, to deliver(). Opens the guest's 24-hour window.
   */
  guestWrites(p: {
    phoneNumberId: string;
    from: string;
    name?: string;
    text?: string;
    image?: { id?: string; mime?: string; caption?: string };
    buttonReply?: { id: string; title: string };
    referral?: { sourceType: "ad" | "post"; sourceId: string; sourceUrl: string; headline?: string; body?: string };
    at?: Date;
  }): { body: Record<string, unknown>; messageId: string } {
    const number = this.number(p.phoneNumberId);
    const at = p.at ?? new Date();
    const key = `${number.id}:${p.from}`;
    const last = this.lastGuestMessage.get(key);
    if (!last || last < at) this.lastGuestMessage.set(key, at);
    const id = wamid();
    const message: Record<string, unknown> = { from: p.from, id, timestamp: String(Math.floor(at.getTime() / 1000)) };
    if (p.image) {
      message.type = "image";
      message.image = {
        ...(p.image.caption ? { caption: p.image.caption } : {}),
        mime_type: p.image.mime ?? "image/jpeg",
        sha256: randomBytes(32).toString("base64"),
        id: p.image.id ?? this.nextId(),
      };
    } else if (p.buttonReply) {
      const answered = [...this.sent].reverse().find((s) => s.phoneNumberId === number.id && s.to === p.from);
      message.type = "interactive";
      message.context = { from: digits(number.displayPhone), id: answered?.id ?? wamid() };
      message.interactive = { type: "button_reply", button_reply: { ...p.buttonReply } };
    } else {
      message.type = "text";
      message.text = { body: p.text ?? "" };
    }
    if (p.referral)
      message.referral = {
        source_url: p.referral.sourceUrl,
        source_id: p.referral.sourceId,
        source_type: p.referral.sourceType,
        body: p.referral.body ?? "",
        headline: p.referral.headline ?? "",
        media_type: "image",
        image_url: "https://scontent.xx.fbcdn.net/v/t45.1-ad.jpg",
        ctwa_clid: randomBytes(24).toString("base64url"),
      };
    const value = {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: digits(number.displayPhone), phone_number_id: number.id },
      contacts: [{ profile: { name: p.name ?? "Guest" }, wa_id: p.from }],
      messages: [message],
    };
    return { body: webhook(number.wabaId, "messages", value), messageId: id };
  }

  /** The status webhook of a message the number sent; a `failed` one carries the message's failure by default. */
  statusUpdate(p: { messageId: string; status: "sent" | "delivered" | "read" | "failed"; at?: Date; error?: WaError }) {
    const s = this.sent.find((x) => x.id === p.messageId);
    if (!s) throw new Error(`no message ${p.messageId}`);
    const number = this.number(s.phoneNumberId);
    const error = p.error ?? (p.status === "failed" ? s.failure : undefined);
    const status: Record<string, unknown> = {
      id: s.id,
      status: p.status,
      timestamp: String(Math.floor((p.at ?? new Date()).getTime() / 1000)),
      recipient_id: s.to,
    };
    if (error)
      status.errors = [
        {
          code: error.code,
          title: error.title,
          message: error.title,
          error_data: { details: error.details },
          href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
        },
      ];
    return webhook(number.wabaId, "messages", {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: digits(number.displayPhone), phone_number_id: number.id },
      statuses: [status],
    });
  }

  /** Meta's review of a template: its new status, and the message_template_status_update webhook body. */
  reviewTemplate(id: string, status: "APPROVED" | "REJECTED", reason?: string) {
    const t = this.templates.get(id);
    if (!t) throw new Error(`no template ${id}`);
    t.status = status;
    t.reason = status === "REJECTED" ? (reason ?? "INVALID_FORMAT") : null;
    return webhook(t.wabaId, "message_template_status_update", {
      event: status,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
      reason: t.reason ?? "NONE",
      message_template_category: t.category,
    });
  }

  /**
   * POSTs a webhook body to `callbackUrl` as Meta does: JSON signed in X-Hub-Signature-256 with the app
   * secret. `forge`: true signs with another secret, "missing" sends no signature.
   */
  async deliver(
    callbackUrl: string,
    body: unknown,
    opts: { forge?: boolean | "missing" } = {},
  ): Promise<{ status: number; text: string }> {
    const raw = typeof body === "string" ? body : JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (opts.forge !== "missing")
      headers["x-hub-signature-256"] = hubSignature(raw, opts.forge ? `${this.appSecret}-forged` : this.appSecret);
    const r = await fetch(callbackUrl, { method: "POST", headers, body: raw, signal: AbortSignal.timeout(10_000) });
    return { status: r.status, text: await r.text() };
  }

  number(id: string): WaNumber {
    const n = this.numbers.get(id);
    if (!n) throw new Error(`no number ${id}`);
    return n;
  }
}

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body keyed with the app secret */
function hubSignature(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

const wamid = () => `wamid.${randomBytes(30).toString("base64")}`;
const digits = (phone: string) => phone.replace(/\D/g, "");
const webhook = (wabaId: string, field: string, value: Record<string, unknown>) => ({
  object: "whatsapp_business_account",
  entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
});

/** WhatsApp's error envelope: "(#code) title" with error_data.details (WhatsApp error codes page) */
const waErr = (status: number, code: number, title: string, details: string, extra: Record<string, unknown> = {}) =>
  graphError(
    status,
    `(#${code}) ${title}`,
    code,
    { error_data: { messaging_product: "whatsapp", details }, ...extra },
    "OAuthException",
  );
const invalid = (details: string) => waErr(400, 100, "Invalid parameter", details);
const outOfReach = (id: string, method: string) =>
  graphError(
    400,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    100,
    { error_subcode: 33 },
  );

export async function startWhatsappFake(): Promise<{ url: string; state: WhatsappFakeState; close(): Promise<void> }> {
  return serveGraph("whatsapp", new WhatsappFakeState(), handle, "OAuthException");
}

async function readBody(req: http.IncomingMessage): Promise<{ json: Record<string, any> | null }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return { json: null };
  try {
    const parsed = JSON.parse(text);
    return { json: parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null };
  } catch {
    if ((req.headers["content-type"] ?? "").includes("json"))
      throw graphError(400, "(#100) Invalid JSON in request body", 100, {}, "OAuthException");
    return { json: Object.fromEntries(new URLSearchParams(text)) };
  }
}

async function handle(state: WhatsappFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const m = /^\/(v\d+\.\d+)\/(.+)$/.exec(url.pathname);
  if (!m) throw graphError(400, "Unknown path components: the Graph API version is missing", 2500);
  const parts = m[2].split("/").filter(Boolean);
  const method = req.method ?? "GET";
  const { json } = await readBody(req);
  const body = json ?? {};
  const count = (e: WaEndpoint) => (state.calls[e] = (state.calls[e] ?? 0) + 1);

  if (parts.length === 2 && parts[0] === "oauth" && parts[1] === "access_token" && method === "GET") {
    count("oauth_token");
    return reply(res, 200, exchangeCode(state, url.searchParams));
  }

  if (state.throttle) {
    const t = state.throttle;
    res.setHeader(
      "x-business-use-case-usage",
      JSON.stringify({
        [parts[0]]: [
          {
            type: "whatsapp_business_management",
            call_count: 100,
            total_cputime: 10,
            total_time: 10,
            estimated_time_to_regain_access: t.regainMinutes,
          },
        ],
      }),
    );
    if (t.code === 4)
      throw graphError(400, "(#4) Application request limit reached", 4, { is_transient: true }, "OAuthException");
    throw waErr(400, 80007, "Rate limit issues", "The WhatsApp Business Account has reached its rate limit.");
  }

  const token = authenticate(state, req, url);
  const [node, edge] = parts;
  if (parts.length === 2 && edge === "messages" && method === "POST") {
    count("messages");
    return reply(res, 200, await sendMessage(state, token, node, body));
  }
  if (parts.length === 2 && edge === "register" && method === "POST") {
    count("register");
    return reply(res, 200, register(state, token, node, body));
  }
  if (parts.length === 1 && method === "GET" && state.numbers.has(node)) {
    count("phone_number");
    return reply(res, 200, phoneNumber(state, token, node, url.searchParams.get("fields")));
  }
  if (parts.length === 2 && edge === "subscribed_apps") {
    const account = ownAccount(state, token, node, method, WA_MANAGEMENT);
    if (method === "POST") {
      count("subscribed_apps");
      account.subscribedApps.add(state.appId);
      return reply(res, 200, { success: true });
    }
    count("list_subscribed_apps");
    return reply(res, 200, {
      data: [...account.subscribedApps].map((id) => ({ whatsapp_business_api_data: { id, name: "Sufra" } })),
    });
  }
  if (parts.length === 2 && edge === "message_templates") {
    const account = ownAccount(state, token, node, method, WA_MANAGEMENT);
    if (method === "POST") {
      count("create_template");
      return reply(res, 200, createTemplate(state, account, body));
    }
    count("list_templates");
    return reply(res, 200, listTemplates(state, account, url.searchParams));
  }
  throw outOfReach(parts.join("/"), method.toLowerCase());
}

/**
 * GET /oauth/access_token?client_id&client_secret&code: Embedded Signup's code for a business
 * integration system user token. Graph's own refusals: 101 for another app id, 1 for a wrong secret,
 * 100 for an unknown code, 100 / 36009 for a code already used.
 */
function exchangeCode(state: WhatsappFakeState, q: URLSearchParams) {
  const oauth = (message: string, code: number, extra: Record<string, unknown> = {}) =>
    graphError(400, message, code, extra, "OAuthException");
  if (q.get("client_id") !== state.appId) throw oauth("Error validating application. Invalid application ID.", 101);
  if (q.get("client_secret") !== state.appSecret) throw oauth("Error validating client secret.", 1);
  const code = state.codes.get(q.get("code") ?? "");
  if (!code) throw oauth("Invalid verification code format.", 100);
  if (code.used) throw oauth("This authorization code has been used.", 100, { error_subcode: 36009 });
  code.used = true;
  return { access_token: state.issueToken({ wabaIds: [code.wabaId], scopes: code.scopes }), token_type: "bearer" };
}

function authenticate(state: WhatsappFakeState, req: http.IncomingMessage, url: URL): WaToken {
  const header = req.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7).trim() : (url.searchParams.get("access_token") ?? "");
  if (!given) throw graphError(401, "An access token is required to request this resource.", 104, {}, "OAuthException");
  const t = state.tokens.get(given);
  if (!t) throw graphError(401, "Invalid OAuth access token - Cannot parse access token", 190);
  if (t.expired)
    throw graphError(401, "Error validating access token: Session has expired.", 190, { error_subcode: 463 });
  return t;
}

/** The number, when the token reaches its WABA; `scopes`: any one of them will do. */
function ownNumber(state: WhatsappFakeState, t: WaToken, id: string, method: string, scopes: WaScope[]): WaNumber {
  if (!t.scopes.some((s) => scopes.includes(s))) {
    if (scopes.includes(WA_MESSAGING) && scopes.length === 1)
      throw waErr(
        403,
        10,
        "Application does not have permission for this action",
        "Permission is either not granted or has been removed.",
      );
    throw graphError(
      403,
      `Requires ${scopes.join(" or ")} permission`,
      200,
      { error_subcode: 1349176 },
      "OAuthException",
    );
  }
  const n = state.numbers.get(id);
  if (!n || !t.wabaIds.includes(n.wabaId)) throw outOfReach(id, method.toLowerCase());
  return n;
}

function ownAccount(state: WhatsappFakeState, t: WaToken, id: string, method: string, scope: WaScope): WaAccount {
  if (!t.scopes.includes(scope))
    throw graphError(
      403,
      "Your app doesn't have permission to access this WhatsApp Business Account",
      200,
      { error_subcode: 1349174, error_user_title: "Permission Denied", error_user_msg: `Requires ${scope}` },
      "OAuthException",
    );
  const a = state.accounts.get(id);
  if (!a || !t.wabaIds.includes(a.id)) throw outOfReach(id, method.toLowerCase());
  return a;
}

/** POST /{phone}/register {messaging_product, pin}: sets the two-step verification PIN, or must repeat it. */
function register(state: WhatsappFakeState, t: WaToken, id: string, body: Record<string, any>) {
  const n = ownNumber(state, t, id, "post", [WA_MANAGEMENT]);
  if (body.messaging_product !== "whatsapp") throw invalid("The parameter messaging_product is required.");
  const pin = typeof body.pin === "string" ? body.pin : "";
  if (!/^\d{6}$/.test(pin))
    throw graphError(400, "Invalid PIN format. PIN must be exactly 6 digits", 100, {}, "OAuthException");
  if (n.pin !== null && n.pin !== pin)
    throw waErr(400, 133005, "Two step verification PIN Mismatch", "Two-step verification PIN incorrect.");
  n.pin = pin;
  n.registered = true;
  return { success: true };
}

function phoneNumber(state: WhatsappFakeState, t: WaToken, id: string, fields: string | null) {
  const n = ownNumber(state, t, id, "get", [WA_MESSAGING, WA_MANAGEMENT]);
  const all: Record<string, unknown> = {
    display_phone_number: n.displayPhone,
    verified_name: n.verifiedName,
    code_verification_status: n.codeVerificationStatus,
    quality_rating: n.qualityRating,
  };
  const wanted = fields
    ? fields.split(",").map((f) => f.trim())
    : ["display_phone_number", "verified_name", "quality_rating"];
  for (const f of wanted)
    if (!(f in all))
      throw graphError(
        400,
        `(#100) Tried accessing nonexisting field (${f}) on node type (WhatsAppBusinessPhoneNumber)`,
        100,
      );
  return { ...Object.fromEntries(wanted.map((f) => [f, all[f]])), id: n.id };
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((x) => Number(x[1])));

/** POST /{phone}/messages */
async function sendMessage(state: WhatsappFakeState, t: WaToken, id: string, body: Record<string, any>) {
  const n = ownNumber(state, t, id, "post", [WA_MESSAGING]);
  if (body.messaging_product !== "whatsapp") throw invalid("The parameter messaging_product is required.");
  if (body.recipient_type !== undefined && body.recipient_type !== "individual" && body.recipient_type !== "group")
    throw invalid("Param recipient_type must be one of {individual, group}.");
  const to = typeof body.to === "string" ? body.to.replace(/^\+/, "") : "";
  if (!/^\d{6,15}$/.test(to)) throw invalid("The parameter to is required and must be a phone number or WhatsApp id.");
  if (!n.registered)
    throw waErr(
      400,
      133010,
      "Account not registered",
      "Phone number not registered on the WhatsApp Business Platform.",
    );
  const type = String(body.type ?? "text");
  checkContent(type, body);

  const now = Date.now();
  const ours = state.sent.filter((s) => s.phoneNumberId === n.id);
  if (ours.filter((s) => now - s.at.getTime() < 1000).length >= state.limits.throughputPerSecond)
    throw waErr(400, 130429, "Rate limit hit", "Cloud API message throughput has been reached.");
  if (
    ours.filter((s) => s.to === to && now - s.at.getTime() < state.limits.pairWindowMs).length >= state.limits.pairBurst
  )
    throw waErr(
      400,
      131056,
      "(Business Account, Consumer Account) pair rate limit hit",
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
    );

  if (type === "template") checkTemplate(state, n, body.template);
  else {
    const last = state.lastGuestMessage.get(`${n.id}:${to}`);
    if (!last || now - last.getTime() > DAY_MS)
      throw waErr(
        400,
        131047,
        "Re-engagement message",
        "More than 24 hours have passed since the recipient last replied to the sender number.",
      );
  }
  const sent: WaSent = { id: wamid(), phoneNumberId: n.id, to, type, message: body, at: new Date(now) };
  if (type === "image" && typeof body.image?.link === "string") {
    const failure = await fetchPhoto(body.image.link);
    if (failure) sent.failure = failure;
  }
  state.sent.push(sent);
  return { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: to }], messages: [{ id: sent.id }] };
}

/** The message object's own rules (Messages API reference; Interactive reply buttons). */
function checkContent(type: string, body: Record<string, any>): void {
  const max = (v: unknown, n: number, what: string) => {
    if (typeof v === "string" && [...v].length > n)
      throw invalid(`Param ${what} must be at most ${n} characters long.`);
  };
  if (type === "text") {
    if (typeof body.text?.body !== "string" || !body.text.body) throw invalid("Param text['body'] is required.");
    max(body.text.body, 4096, "text['body']");
    if (body.text.preview_url !== undefined && typeof body.text.preview_url !== "boolean")
      throw invalid("Param text['preview_url'] must be a boolean.");
  } else if (type === "image") {
    const image = body.image ?? {};
    if (typeof image.link !== "string" && typeof image.id !== "string")
      throw invalid("Param image must contain either id or link.");
    if (typeof image.link === "string" && !/^https?:\/\//.test(image.link))
      throw invalid("Param image['link'] must be an http or https URL.");
    max(image.caption, 1024, "image['caption']");
  } else if (type === "interactive") {
    const i = body.interactive ?? {};
    if (i.type !== "button") throw invalid("Param interactive['type'] must be one of {button, list, ...}.");
    if (typeof i.body?.text !== "string" || !i.body.text)
      throw invalid("Param interactive['body']['text'] is required.");
    max(i.body.text, 1024, "interactive['body']['text']");
    const buttons = i.action?.buttons;
    if (!Array.isArray(buttons) || buttons.length === 0)
      throw invalid("Param interactive['action']['buttons'] is required.");
    if (buttons.length > 3) throw invalid("Param interactive['action']['buttons'] must contain at most 3 elements.");
    const titles = new Set<string>();
    const ids = new Set<string>();
    buttons.forEach((b: any, k: number) => {
      const at = `interactive['action']['buttons'][${k}]['reply']`;
      if (b?.type !== "reply") throw invalid(`Param interactive['action']['buttons'][${k}]['type'] must be reply.`);
      if (typeof b.reply?.title !== "string" || !b.reply.title) throw invalid(`Param ${at}['title'] is required.`);
      if (typeof b.reply?.id !== "string" || !b.reply.id) throw invalid(`Param ${at}['id'] is required.`);
      max(b.reply.title, 20, `${at}['title']`);
      max(b.reply.id, 256, `${at}['id']`);
      if (titles.has(b.reply.title)) throw invalid("Button titles must be unique.");
      if (ids.has(b.reply.id)) throw invalid("Button ids must be unique.");
      titles.add(b.reply.title);
      ids.add(b.reply.id);
    });
  } else if (type === "template") {
    if (typeof body.template?.name !== "string" || typeof body.template?.language?.code !== "string")
      throw invalid("Param template must contain name and language['code'].");
  } else throw invalid(`Param type must be one of {text, image, interactive, template}, not ${type}.`);
}

/** The template the number's WABA holds, approved, with as many body parameters as it has placeholders. */
function checkTemplate(state: WhatsappFakeState, n: WaNumber, t: Record<string, any>): void {
  const name = String(t.name);
  const language = String(t.language.code);
  const template = state.template(n.wabaId, name, language);
  if (!template || template.status === "PENDING" || template.status === "REJECTED")
    throw waErr(
      404,
      132001,
      "Template name does not exist in the translation",
      `template name (${name}) does not exist in ${language}`,
    );
  if (template.status === "PAUSED")
    throw waErr(
      400,
      132015,
      "Template is Paused",
      "Template is paused due to low quality so it cannot be sent in a template message.",
    );
  if (template.status === "DISABLED")
    throw waErr(
      400,
      132016,
      "Template is disabled",
      "Template has been paused too many times due to low quality and is now permanently disabled.",
    );
  const components: any[] = Array.isArray(t.components) ? t.components : [];
  const bodyParams = components.find((c) => c?.type === "body")?.parameters;
  const given = Array.isArray(bodyParams) ? bodyParams.length : 0;
  const expected = placeholders(template.body).size;
  if (given !== expected)
    throw waErr(
      400,
      132000,
      "Number of parameters does not match the expected number of params",
      `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    );
  for (const p of bodyParams ?? [])
    if (p?.type !== "text" || typeof p.text !== "string" || !p.text.trim())
      throw waErr(
        400,
        132012,
        "Parameter format does not match format in the created template",
        "Variable parameter values formatted incorrectly.",
      );
}

/**
 * Meta downloads a linked photo after accepting the message: one it cannot fetch, that is not a JPEG or
 * PNG (read from the bytes, which must agree with Content-Type) or that is over 5 MB fails with 131053.
 */
async function fetchPhoto(link: string): Promise<WaError | null> {
  const fail = (details: string): WaError => ({ code: 131053, title: "Media upload error", details });
  let r: Response;
  try {
    r = await fetch(link, { signal: AbortSignal.timeout(5_000) });
  } catch {
    return fail("Downloading media from weblink failed: the host could not be reached");
  }
  if (!r.ok) {
    await r.body?.cancel();
    return fail(`Downloading media from weblink failed with http code ${r.status}, status message ${r.statusText}`);
  }
  const type = (r.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const length = Number(r.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > IMAGE_MAX_BYTES) {
    await r.body?.cancel();
    return fail(`Media file size too big. Max file size we currently support: 5MB (got ${length} bytes)`);
  }
  const bytes = Buffer.from(await r.arrayBuffer());
  if (bytes.length > IMAGE_MAX_BYTES)
    return fail(`Media file size too big. Max file size we currently support: 5MB (got ${bytes.length} bytes)`);
  const actual = isJpeg(bytes) ? "image/jpeg" : isPng(bytes) ? "image/png" : null;
  if (!actual || actual !== type) return fail(`Unsupported image type: ${type || "none"} (images must be JPEG or PNG)`);
  return null;
}

/** POST /{waba}/message_templates (Template management: name validation, one template per name and language) */
function createTemplate(state: WhatsappFakeState, account: WaAccount, body: Record<string, any>) {
  const name = typeof body.name === "string" ? body.name : "";
  if (!/^[a-z0-9_]+$/.test(name) || name.length > 512)
    throw invalid(
      "Template name can only contain lowercase alphanumeric characters and underscores, up to 512 characters.",
    );
  const language = typeof body.language === "string" ? body.language : "";
  if (!LANGUAGES.has(language))
    throw invalid(`Param language must be a supported language code, not ${language || "none"}.`);
  const category = String(body.category ?? "");
  if (!CATEGORIES.has(category)) throw invalid("Param category must be one of {MARKETING, UTILITY, AUTHENTICATION}.");
  const components: any[] = Array.isArray(body.components) ? body.components : [];
  const b = components.find((c) => String(c?.type).toUpperCase() === "BODY");
  const text = typeof b?.text === "string" ? b.text : "";
  if (!text) throw invalid("Param components must contain a BODY component with text.");
  if ([...text].length > 1024) throw invalid("Param components[BODY]['text'] must be at most 1024 characters long.");
  const numbers = [...placeholders(text)].sort((x, y) => x - y);
  if (numbers.some((x, k) => x !== k + 1))
    throw invalid("Template placeholders must be numbered {{1}}, {{2}}, ... in order.");
  const examples: unknown = b.example?.body_text?.[0];
  const given = Array.isArray(examples) ? examples : [];
  if (given.length !== numbers.length || given.some((e) => typeof e !== "string" || !e))
    throw invalid(`Param example['body_text'] must hold one example for each of the ${numbers.length} variables.`);
  if (state.template(account.id, name, language))
    throw graphError(
      400,
      "Invalid parameter",
      100,
      {
        error_subcode: 2388024,
        is_transient: false,
        error_user_title: "Content in This Language Already Exists",
        error_user_msg: `There is already ${language} content for this template. You can create a new template and try again.`,
      },
      "OAuthException",
    );
  const t = state.addTemplate({
    wabaId: account.id,
    name,
    language,
    category,
    status: "PENDING",
    body: text,
    examples: given as string[],
  });
  return { id: t.id, status: t.status, category: t.category };
}

/** GET /{waba}/message_templates?fields&limit&after: newest last, cursor paged */
function listTemplates(state: WhatsappFakeState, account: WaAccount, q: URLSearchParams) {
  const all = [...state.templates.values()].filter((t) => t.wabaId === account.id);
  const limit = Math.min(Math.max(Number(q.get("limit") ?? 25) || 25, 1), 100);
  const start = q.get("after") ? Number(Buffer.from(q.get("after")!, "base64url").toString()) : 0;
  const fields = (q.get("fields") ?? "name,language,status,category,components").split(",").map((f) => f.trim());
  const known = new Set(["id", "name", "language", "status", "category", "rejected_reason", "components"]);
  for (const f of fields)
    if (!known.has(f))
      throw graphError(
        400,
        `(#100) Tried accessing nonexisting field (${f}) on node type (WhatsAppMessageTemplate)`,
        100,
      );
  const page = all.slice(start, start + limit).map((t) => {
    const full: Record<string, unknown> = {
      name: t.name,
      language: t.language,
      status: t.status,
      category: t.category,
      rejected_reason: t.status === "REJECTED" ? (t.reason ?? "INVALID_FORMAT") : "NONE",
      components: [
        { type: "BODY", text: t.body, ...(t.examples.length ? { example: { body_text: [t.examples] } } : {}) },
      ],
    };
    return { ...Object.fromEntries(fields.filter((f) => f !== "id").map((f) => [f, full[f]])), id: t.id };
  });
  const cursor = (n: number) => Buffer.from(String(n)).toString("base64url");
  const more = start + limit < all.length;
  return {
    data: page,
    paging: {
      cursors: { before: cursor(start), after: cursor(start + page.length) },
      ...(more
        ? { next: `${state.graphUrl}/${account.id}/message_templates?after=${cursor(start + page.length)}` }
        : {}),
    },
  };
}
