// A local stand-in for Meta's private messaging, one server per channel: Instagram messages (Instagram API
// with Instagram Login, graph.instagram.com) or a Facebook Page's Messenger conversations (Graph API), as
// the channel adapters use them (docs/architecture.md#channel-packs): the Send API (POST /{id}/messages),
// the Conversations API (GET /{id}/conversations, /{conversation-id}/messages), the webhook subscription
// (/{id}/subscribed_apps) and signed messaging webhooks. It refuses what Meta refuses, with Meta's codes:
// a wrong or expired token (190), a missing permission (Instagram code 10; Messenger 230 for
// pages_messaging, 200 for the rest), a free-form message to a guest whose last message is older than 24
// hours (code 10, 2534022 on Instagram, 2018278 on Messenger) unless tagged HUMAN_AGENT within 7 days, a
// guest who never wrote (code 100), text over the channel's limit (Instagram counts UTF-8 bytes), a photo
// it cannot fetch or of a type or size the channel does not take (it really downloads the URL), more than
// 13 quick replies, a wrong method, a body without what a send needs, unknown fields and webhook fields,
// and, once a test sets a budget, every send past it (613 with X-Business-Use-Case-Usage). Quick reply
// titles over 20 characters are refused although Meta cuts them: a guest would see a title nobody wrote.
// Tests steer it through `state`: accounts and their scopes, guests' messages (`guestWrites` returns the
// webhook body Meta would send), `deliver` to post a body signed as Meta signs it, `sent`, `failNext`.
import type http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import { CHANNEL_PACKS } from "@sufra/schema";
import { graphError, reply, serveGraph } from "./graph-server.ts";

export type MetaChannel = "instagram" | "facebook";
export type MsgEndpoint = "send" | "conversations" | "conversation" | "messages" | "subscribe" | "subscriptions";
/**
 * 500: Graph's unknown error; "transient": code 2, "retry later"; "news_window": the closed window in the
 * words of Messenger's other row (code 10, "You need News Messaging permission"), which speaks of a permission
 */
type MsgFailure = 500 | "transient" | "news_window";

interface MsgToken {
  token: string;
  accountId: string;
  scopes: string[];
  expired: boolean;
}
interface MsgAccount {
  id: string;
  /** the Instagram username or the Page's name */
  name: string;
}
export interface MsgAttachment {
  type: "image" | "video" | "audio" | "file" | "story_mention";
  url: string;
  mime?: string;
}
/** A message of a conversation, either side's; what the Conversations API lists. */
interface StoredMessage {
  id: string;
  accountId: string;
  guestId: string;
  guestName: string;
  fromBusiness: boolean;
  text: string;
  attachments: MsgAttachment[];
  at: Date;
}
/** A send Meta accepted: the body as the adapter sent it. */
interface SentMessage {
  id: string;
  accountId: string;
  recipientId: string;
  body: Record<string, any>;
  /** how the token came: "bearer" or "param" */
  tokenIn: "bearer" | "param";
  /** Messenger's appsecret_proof, when sent */
  proof: string | null;
  at: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each channel's permissions, webhook fields and refusals, as Meta words them. */
const CHANNELS = {
  instagram: {
    errorType: "IGApiException",
    bucType: "instagram",
    platform: "instagram",
    object: "instagram",
    // Instagram API with Instagram Login: every messaging call needs both
    send: ["instagram_business_basic", "instagram_business_manage_messages"],
    read: ["instagram_business_basic", "instagram_business_manage_messages"],
    subscribe: ["instagram_business_basic"],
    scopes: ["instagram_business_basic", "instagram_business_manage_messages", "instagram_business_manage_comments"],
    /** Instagram Platform, "Webhooks": the fields of an Instagram account with Instagram Login and what each needs */
    fields: {
      comments: "instagram_business_manage_comments",
      live_comments: "instagram_business_manage_comments",
      mentions: "instagram_business_manage_comments",
      message_edit: "instagram_business_manage_messages",
      message_reactions: "instagram_business_manage_messages",
      messages: "instagram_business_manage_messages",
      messaging_handover: "instagram_business_manage_messages",
      messaging_optins: "instagram_business_manage_messages",
      messaging_postbacks: "instagram_business_manage_messages",
      messaging_referral: "instagram_business_manage_messages",
      messaging_seen: "instagram_business_manage_messages",
      standby: "instagram_business_manage_messages",
      story_insights: "instagram_business_manage_insights",
    } as Record<string, string>,
    /** HUMAN_AGENT is the one tag Instagram takes (Message Tags: the others are "not available for Instagram") */
    tags: ["HUMAN_AGENT"],
    window: { status: 403, message: "This message is sent outside of allowed window.", subcode: 2534022 },
    // inferred: Instagram's subcode for an IGSID with no conversation with the account
    stranger: { message: "(#100) No matching user found", subcode: 2534014 },
    /** "You can only get details about the 20 most recent messages in the conversation" (Conversations API) */
    messageDepth: 20,
    conversationPrefix: "aWdfZAG06",
    midPrefix: "aWdfZAG1faXRlbTox",
  },
  facebook: {
    errorType: "OAuthException",
    bucType: "pages",
    platform: "messenger",
    object: "page",
    send: ["pages_messaging"],
    // Conversations API for Messenger: pages_manage_metadata, pages_read_engagement and pages_messaging
    read: ["pages_messaging", "pages_manage_metadata", "pages_read_engagement"],
    // Page Subscribed Apps: pages_manage_metadata, and pages_messaging for the messaging fields
    subscribe: ["pages_manage_metadata"],
    scopes: ["pages_show_list", "pages_messaging", "pages_manage_metadata", "pages_read_engagement"],
    /** Messenger Platform, "Webhook Events Reference", and the Page's feed */
    fields: {
      feed: "pages_manage_metadata",
      message_deliveries: "pages_messaging",
      message_echoes: "pages_messaging",
      message_edits: "pages_messaging",
      message_reactions: "pages_messaging",
      message_reads: "pages_messaging",
      messages: "pages_messaging",
      messaging_account_linking: "pages_messaging",
      messaging_feedback: "pages_messaging",
      messaging_game_plays: "pages_messaging",
      messaging_handovers: "pages_messaging",
      messaging_optins: "pages_messaging",
      messaging_policy_enforcement: "pages_messaging",
      messaging_postbacks: "pages_messaging",
      messaging_referrals: "pages_messaging",
      standby: "pages_messaging",
    } as Record<string, string>,
    // Message Tags: the rest have no window of their own (policy limits what they may say)
    tags: ["HUMAN_AGENT", "ACCOUNT_UPDATE", "CONFIRMED_EVENT_UPDATE", "POST_PURCHASE_UPDATE"],
    window: {
      status: 400,
      message:
        "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
      subcode: 2018278,
    },
    // Messenger Platform, Common Error Codes: 100 / 2018001
    stranger: { message: "(#100) No matching user found", subcode: 2018001 },
    messageDepth: Infinity,
    conversationPrefix: "t_",
    midPrefix: "m_",
  },
} as const;
type Spec = (typeof CHANNELS)[MetaChannel];

export class MetaMessagesState {
  readonly spec: Spec;
  appId: string;
  appSecret: string;
  graphVersion = "v23.0";
  webhookVerifyToken = "sufra-meta-verify-token";
  accounts = new Map<string, MsgAccount>();
  tokens = new Map<string, MsgToken>();
  /** every conversation's messages, both sides, oldest first */
  messages: StoredMessage[] = [];
  /** the sends Meta accepted, oldest first */
  sent: SentMessage[] = [];
  /** the webhook fields each account subscribed this app to */
  subscriptions = new Map<string, string[]>();
  /** photo URLs the stand-in downloaded */
  fetchedUrls: string[] = [];
  calls: Partial<Record<MsgEndpoint, number>> = {};
  failures = new Map<MsgEndpoint, { as: MsgFailure; times: number }>();
  /** sends each account may make before Meta throttles it; null: no budget */
  sendBudget: { perAccount: number; regainMinutes: number } | null = null;
  sendsByAccount = new Map<string, number>();
  private seq = 17_841_400_000_000_000n;
  /** set by the server: its base URL */
  url = "";

  constructor(readonly channel: MetaChannel) {
    this.spec = CHANNELS[channel];
    this.appId = channel === "instagram" ? "990011223344" : "550011223344";
    this.appSecret = `${channel}-app-secret`;
  }

  get limits() {
    return CHANNEL_PACKS[this.channel];
  }
  /** the adapter configuration that points at this stand-in (Messenger's Graph URL carries the version) */
  get config() {
    return {
      appId: this.appId,
      appSecret: this.appSecret,
      authorizeUrl: `${this.url}/oauth/authorize`,
      tokenUrl: `${this.url}/oauth/access_token`,
      graphUrl: this.channel === "facebook" ? `${this.url}/${this.graphVersion}` : this.url,
      graphVersion: this.graphVersion,
      webhookVerifyToken: this.webhookVerifyToken,
    };
  }
  nextId(): string {
    return String(++this.seq);
  }
  /** an account (an Instagram professional account or a Page) with a token holding `scopes` (all by default) */
  addAccount(o: { name: string; id?: string; scopes?: string[] }): { id: string; token: string } {
    const id = o.id ?? this.nextId();
    this.accounts.set(id, { id, name: o.name });
    const token = `${this.channel === "instagram" ? "IGAA" : "EAAB"}${randomBytes(24).toString("hex")}`;
    this.tokens.set(token, { token, accountId: id, scopes: [...(o.scopes ?? this.spec.scopes)], expired: false });
    return { id, token };
  }
  grantScopes(token: string, scopes: string[]): void {
    this.tokens.get(token)!.scopes = [...scopes];
  }
  expireToken(token: string): void {
    this.tokens.get(token)!.expired = true;
  }
  /** the next `times` calls of an endpoint fail */
  failNext(endpoint: MsgEndpoint, as: MsgFailure, times = 1): void {
    this.failures.set(endpoint, { as, times });
  }
  /** from now on each account may send `perAccount` more messages; then 613 for `regainMinutes` (null lifts it) */
  throttleSends(perAccount: number | null, regainMinutes = 15): void {
    this.sendBudget = perAccount === null ? null : { perAccount, regainMinutes };
    this.sendsByAccount.clear();
  }
  conversationId(accountId: string, guestId: string): string {
    return `${this.spec.conversationPrefix}${Buffer.from(`${accountId}:${guestId}`).toString("base64url")}`;
  }
  conversationOf(id: string): { accountId: string; guestId: string } | null {
    if (!id.startsWith(this.spec.conversationPrefix)) return null;
    const [accountId, guestId] = Buffer.from(id.slice(this.spec.conversationPrefix.length), "base64url")
      .toString("utf8")
      .split(":");
    return accountId && guestId && this.accounts.has(accountId) ? { accountId, guestId } : null;
  }
  /** a message id as the channel writes them */
  mid(): string {
    return `${this.spec.midPrefix}${randomBytes(18).toString("base64url")}`;
  }
  /** the guest's last message to the account, where its window starts */
  lastFromGuest(accountId: string, guestId: string): StoredMessage | undefined {
    return this.messages.filter((m) => m.accountId === accountId && m.guestId === guestId && !m.fromBusiness).at(-1);
  }

  // -------------------------------------------------------------------------------- what guests do

  /**
   * A guest's message to the account, stored (the Conversations API lists it, and it opens the window) and
   * answered with the webhook body Meta sends for it. `ref`: the guest came through an m.me / ig.me link
   * (a referral event before the message, as for a link opened in an existing thread); `ad`: through an
   * ad (the referral inside the message); `replyToStory`: an answer to the account's story; `quickReply`:
   * the payload of a quick reply the guest tapped (the text is its title).
   */
  guestWrites(o: {
    account: string;
    guest: string;
    text?: string;
    attachments?: MsgAttachment[];
    replyToStory?: { id: string; url: string };
    replyTo?: string;
    ref?: string;
    ad?: { id: string; ref?: string };
    quickReply?: string;
    at?: Date;
    guestName?: string;
  }): Record<string, unknown> {
    if (!this.accounts.has(o.account)) throw new Error(`no account ${o.account}`);
    const at = o.at ?? new Date();
    const m: StoredMessage = {
      id: this.mid(),
      accountId: o.account,
      guestId: o.guest,
      guestName: o.guestName ?? `guest.${o.guest.slice(-4)}`,
      fromBusiness: false,
      text: o.text ?? "",
      attachments: o.attachments ?? [],
      at,
    };
    this.messages.push(m);
    const message: Record<string, unknown> = { mid: m.id };
    if (m.text) message.text = m.text;
    if (m.attachments.length)
      message.attachments = m.attachments.map((a) => ({ type: a.type, payload: { url: a.url } }));
    if (o.replyToStory) message.reply_to = { story: o.replyToStory };
    else if (o.replyTo) message.reply_to = { mid: o.replyTo };
    if (o.quickReply) message.quick_reply = { payload: o.quickReply };
    if (o.ad)
      message.referral = {
        ...(o.ad.ref ? { ref: o.ad.ref } : {}),
        ad_id: o.ad.id,
        source: "ADS",
        type: "OPEN_THREAD",
        ads_context_data: { ad_title: "Iftar boxes", photo_url: "https://scontent.example/ad.jpg" },
      };
    const items: Record<string, unknown>[] = [];
    if (o.ref) items.push({ ...this.between(o.guest, o.account, at), referral: this.linkReferral(o.ref) });
    items.push({ ...this.between(o.guest, o.account, at), message });
    return this.body(o.account, items);
  }

  /**
   * The guest opens an m.me / ig.me link with `ref`. Messenger: a new thread starts with Get Started, a
   * postback carrying the referral (stored as the guest's message, as Messenger shows it); Instagram: a
   * messaging_referral event, no message.
   */
  guestOpensLink(o: { account: string; guest: string; ref: string; at?: Date }): Record<string, unknown> {
    const at = o.at ?? new Date();
    if (this.channel === "instagram")
      return this.body(o.account, [{ ...this.between(o.guest, o.account, at), referral: this.linkReferral(o.ref) }]);
    const mid = this.mid();
    this.messages.push({
      id: mid,
      accountId: o.account,
      guestId: o.guest,
      guestName: `guest.${o.guest.slice(-4)}`,
      fromBusiness: false,
      text: "Get Started",
      attachments: [],
      at,
    });
    const postback = { mid, title: "Get Started", payload: "GET_STARTED", referral: this.linkReferral(o.ref) };
    return this.body(o.account, [{ ...this.between(o.guest, o.account, at), postback }]);
  }

  /** The guest read the account's messages: Messenger's watermark, Instagram's last message read. */
  guestReads(o: { account: string; guest: string; at?: Date }): Record<string, unknown> {
    const at = o.at ?? new Date();
    const last = this.messages
      .filter((m) => m.accountId === o.account && m.guestId === o.guest && m.fromBusiness)
      .at(-1);
    const read = this.channel === "instagram" ? { mid: last?.id ?? "" } : { watermark: at.getTime() };
    return this.body(o.account, [{ ...this.between(o.guest, o.account, at), read }]);
  }

  /** The echo of a message the account sent (through Sufra or the app): sender is the account. */
  echoOf(messageId: string): Record<string, unknown> {
    const m = this.messages.find((x) => x.id === messageId && x.fromBusiness);
    if (!m) throw new Error(`no message ${messageId} from the account`);
    const message: Record<string, unknown> = { mid: m.id, is_echo: true };
    if (m.text) message.text = m.text;
    if (m.attachments.length)
      message.attachments = m.attachments.map((a) => ({ type: a.type, payload: { url: a.url } }));
    if (this.channel === "facebook") message.app_id = Number(this.appId);
    return this.body(m.accountId, [{ ...this.between(m.accountId, m.guestId, m.at), message }]);
  }

  /**
   * POSTs a webhook body to `url` as Meta does: JSON, X-Hub-Signature-256 of the raw bytes under the app
   * secret. `forge`: signed with another secret; `unsigned`: no signature header.
   */
  async deliver(
    url: string,
    body: unknown,
    o: { forge?: boolean; unsigned?: boolean } = {},
  ): Promise<{ status: number; text: string }> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (!o.unsigned) {
      const secret = o.forge ? `${this.appSecret}-forged` : this.appSecret;
      headers["x-hub-signature-256"] = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
    }
    const r = await fetch(url, { method: "POST", headers, body: raw, signal: AbortSignal.timeout(10_000) });
    return { status: r.status, text: await r.text() };
  }

  private between(sender: string, recipient: string, at: Date) {
    return { sender: { id: sender }, recipient: { id: recipient }, timestamp: at.getTime() };
  }
  private linkReferral(ref: string) {
    // Messenger's m.me links come as SHORTLINK; Instagram's source name for ig.me is inferred
    return { ref, source: this.channel === "instagram" ? "IGME" : "SHORTLINK", type: "OPEN_THREAD" };
  }
  private body(account: string, messaging: Record<string, unknown>[]): Record<string, unknown> {
    return { object: this.spec.object, entry: [{ id: account, time: Date.now(), messaging }] };
  }
}

export async function startMetaMessagesFake(
  channel: MetaChannel,
): Promise<{ url: string; state: MetaMessagesState; close(): Promise<void> }> {
  const state = new MetaMessagesState(channel);
  return serveGraph(`${channel} messages`, state, handle, CHANNELS[channel].errorType);
}

// ------------------------------------------------------------------------------------------------ the server

const err = (state: MetaMessagesState, status: number, message: string, code: number, extra = {}) =>
  graphError(status, message, code, extra, state.spec.errorType);
const unsupported = (state: MetaMessagesState, method: string, id: string) =>
  err(
    state,
    400,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
    100,
    { error_subcode: 33 },
  );

async function readParams(state: MetaMessagesState, req: http.IncomingMessage, url: URL) {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return params;
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    try {
      Object.assign(params, JSON.parse(text));
    } catch {
      throw err(state, 400, "(#100) The request body is not valid JSON", 100);
    }
  } else Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
  return params;
}

async function handle(state: MetaMessagesState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {}); // a client that gave up is not our problem
  const url = new URL(req.url ?? "/", state.url);
  const method = (req.method ?? "GET").toUpperCase();
  const p = await readParams(state, req, url);
  // the version prefix is optional, as on Graph (an unversioned call takes the oldest version)
  const [a = "", b, ...more] = url.pathname
    .replace(/^\/v\d+\.\d+(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const conversation = state.conversationOf(a);
  // an account's edges; an id that is not the token's own is refused once the token is known
  const route: Record<string, Partial<Record<string, MsgEndpoint>>> = conversation
    ? { "": { GET: "conversation" }, messages: { GET: "messages" } }
    : {
        messages: { POST: "send" },
        conversations: { GET: "conversations" },
        subscribed_apps: { POST: "subscribe", GET: "subscriptions", DELETE: "subscriptions" },
      };
  const edge = route[b ?? ""];
  if (more.length || !a || !edge) throw err(state, 400, `Unknown path components: ${url.pathname}`, 2500);
  const endpoint = edge[method];
  if (!endpoint) throw unsupported(state, method, a);
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 500) throw err(state, 500, "An unknown error occurred", 1, { is_transient: true });
    if (failure.as === "news_window")
      throw err(
        state,
        400,
        "(#10) This message is sent outside of allowed window. You need News Messaging permission to be able to send messages to this user.",
        10,
      );
    throw err(state, 400, "An unexpected error has occurred. Please retry your request later.", 2, {
      is_transient: true,
    });
  }

  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const token = authenticate(state, typeof p.access_token === "string" ? p.access_token : bearer);
  if (state.channel === "facebook" && p.appsecret_proof !== undefined) {
    const proof = createHmac("sha256", state.appSecret).update(token.token).digest("hex");
    if (p.appsecret_proof !== proof) throw err(state, 400, "Invalid appsecret_proof provided in the API argument", 100);
  }
  const own = (id: string) => {
    if (id !== "me" && id !== token.accountId) throw unsupported(state, method, id);
    return token.accountId;
  };

  switch (endpoint) {
    case "send": {
      const accountId = own(a);
      const sent = await send(state, token, accountId, p, res);
      sent.tokenIn = typeof p.access_token === "string" ? "param" : "bearer";
      sent.proof = typeof p.appsecret_proof === "string" ? p.appsecret_proof : null;
      return reply(res, 200, { recipient_id: sent.recipientId, message_id: sent.id });
    }
    case "conversations":
      return reply(res, 200, conversations(state, token, own(a), p, url));
    case "conversation":
    case "messages": {
      const c = conversation!;
      own(c.accountId);
      requireScopes(state, token, state.spec.read);
      if (endpoint === "messages") return reply(res, 200, messagesPage(state, c, p, url, String(p.fields ?? "id")));
      const fields = topFields(String(p.fields ?? "id"));
      const out: Record<string, unknown> = { id: a };
      for (const f of fields) {
        const [name, sub] = split(f);
        if (name === "messages") out.messages = messagesPage(state, c, {}, url, sub ?? "id");
        else if (name !== "id") throw nonexisting(state, name, "Conversation");
      }
      return reply(res, 200, out);
    }
    case "subscribe":
      return reply(res, 200, subscribe(state, token, own(a), p));
    case "subscriptions": {
      const accountId = own(a);
      requireScopes(state, token, state.spec.subscribe);
      if (method === "DELETE") {
        state.subscriptions.delete(accountId);
        return reply(res, 200, { success: true });
      }
      const fields = state.subscriptions.get(accountId);
      const app = { id: state.appId, name: "Sufra", subscribed_fields: fields };
      return reply(res, 200, { data: fields ? [app] : [] });
    }
  }
}

function authenticate(state: MetaMessagesState, token: string | undefined): MsgToken {
  if (!token)
    throw err(state, 400, "An active access token must be used to query information about the current user.", 2500);
  const t = state.tokens.get(token);
  if (!t) throw err(state, 400, "Invalid OAuth access token - Cannot parse access token", 190);
  if (t.expired)
    throw err(state, 400, "Error validating access token: Session has expired.", 190, { error_subcode: 463 });
  return t;
}

/**
 * The permissions a call needs. Instagram: "(#10) Application does not have permission for this action";
 * Messenger names the permission: code 230 for pages_messaging, 200 for the others.
 */
function requireScopes(state: MetaMessagesState, token: MsgToken, scopes: readonly string[]): void {
  const lacking = scopes.find((s) => !token.scopes.includes(s));
  if (!lacking) return;
  if (state.channel === "instagram")
    throw err(state, 403, "(#10) Application does not have permission for this action", 10);
  const code = lacking === "pages_messaging" ? 230 : 200;
  throw err(state, 403, `(#${code}) Requires ${lacking} permission to manage the object`, code);
}

/** Form bodies carry recipient and message as JSON text; JSON bodies as objects. */
function jsonParam(state: MetaMessagesState, p: Record<string, unknown>, name: string): Record<string, any> {
  let v = p[name];
  if (v === undefined || v === "") throw err(state, 400, `(#100) The parameter ${name} is required`, 100);
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      throw err(state, 400, `(#100) param ${name} must be a JSON object`, 100);
    }
  }
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw err(state, 400, `(#100) param ${name} must be a JSON object`, 100);
  return v as Record<string, any>;
}

async function send(
  state: MetaMessagesState,
  token: MsgToken,
  accountId: string,
  p: Record<string, unknown>,
  res: http.ServerResponse,
): Promise<SentMessage> {
  const spec = state.spec;
  const limits = state.limits;
  requireScopes(state, token, spec.send);

  // Business Use Case throttling: every answer says how much of the budget is used
  const used = (state.sendsByAccount.get(accountId) ?? 0) + 1;
  state.sendsByAccount.set(accountId, used);
  const budget = state.sendBudget;
  const over = budget !== null && used > budget.perAccount;
  const pct = budget ? Math.min(100, Math.round((used / Math.max(1, budget.perAccount)) * 100)) : 1;
  res.setHeader(
    "x-business-use-case-usage",
    JSON.stringify({
      [accountId]: [
        {
          type: spec.bucType,
          call_count: pct,
          total_cputime: Math.floor(pct / 2),
          total_time: Math.floor(pct / 2),
          estimated_time_to_regain_access: over ? budget!.regainMinutes : 0,
        },
      ],
    }),
  );
  if (over) throw err(state, 400, "(#613) Calls to this api have exceeded the rate limit.", 613);

  const recipient = jsonParam(state, p, "recipient");
  const message = jsonParam(state, p, "message");
  const to = typeof recipient.id === "string" || typeof recipient.id === "number" ? String(recipient.id) : "";
  if (!to) throw err(state, 400, "(#100) param recipient[id] must be a non-empty string", 100);

  // messaging_type: required by Messenger's Send API, optional on Instagram
  const type = p.messaging_type;
  const types = ["RESPONSE", "UPDATE", "MESSAGE_TAG"];
  if (type === undefined && state.channel === "facebook")
    throw err(state, 400, "(#100) The parameter messaging_type is required", 100);
  if (type !== undefined && !types.includes(String(type)))
    throw err(
      state,
      400,
      `(#100) Param messaging_type must be one of {${types.join(", ")}} - got "${String(type)}".`,
      100,
    );
  const tag = p.tag === undefined ? undefined : String(p.tag);
  if (type === "MESSAGE_TAG" && tag === undefined)
    throw err(state, 400, "(#100) Param tag is required when messaging_type is MESSAGE_TAG", 100);
  if (tag !== undefined && type !== "MESSAGE_TAG")
    throw err(state, 400, "(#100) Param tag can only be used with messaging_type MESSAGE_TAG", 100);
  if (tag !== undefined && !(spec.tags as readonly string[]).includes(tag))
    throw err(state, 400, `(#100) Param tag must be one of {${spec.tags.join(", ")}} - got "${tag}".`, 100);

  const text = message.text;
  const attachment = message.attachment;
  if ((text === undefined || text === "") && attachment === undefined)
    throw err(state, 400, "(#100) Message cannot be empty, must provide valid attachment or text", 100);
  if (text !== undefined && attachment !== undefined)
    throw err(state, 400, "(#100) Only one of text or attachment may be set", 100);
  if (text !== undefined) {
    if (typeof text !== "string") throw err(state, 400, "(#100) param message[text] must be a string", 100);
    // Instagram: "UTF-8 and 1000 bytes or less"; Messenger: "UTF-8 and has a 2000 character limit"
    const size = state.channel === "instagram" ? Buffer.byteLength(text, "utf8") : [...text].length;
    if (size > limits.maxText)
      throw err(
        state,
        400,
        `(#100) Length of param message[text] must be less than or equal to ${limits.maxText}`,
        100,
      );
  }
  if (message.quick_replies !== undefined) checkQuickReplies(state, message.quick_replies);

  // the window: from the guest's last message, 24 hours; 7 days for a person's reply tagged HUMAN_AGENT
  const last = state.lastFromGuest(accountId, to);
  if (!last) throw err(state, 400, spec.stranger.message, 100, { error_subcode: spec.stranger.subcode });
  const age = Date.now() - last.at.getTime();
  const limit = tag === "HUMAN_AGENT" ? limits.humanAgentDays! * DAY : tag ? Infinity : limits.windowHours * HOUR;
  if (age > limit)
    throw err(state, spec.window.status, spec.window.message, 10, { error_subcode: spec.window.subcode });

  const attachments: MsgAttachment[] = [];
  if (attachment !== undefined) attachments.push(await checkAttachment(state, attachment));

  const id = state.mid();
  state.messages.push({
    id,
    accountId,
    guestId: to,
    guestName: last.guestName,
    fromBusiness: true,
    text: typeof text === "string" ? text : "",
    attachments,
    at: new Date(),
  });
  const { access_token: _token, appsecret_proof: _proof, ...body } = p;
  const sent: SentMessage = { id, accountId, recipientId: to, body, tokenIn: "bearer", proof: null, at: new Date() };
  state.sent.push(sent);
  return sent;
}

/** Quick replies: at most 13; text ones need a title of at most 20 characters and a payload. */
function checkQuickReplies(state: MetaMessagesState, qrs: unknown): void {
  const { max, maxTitle } = state.limits.choices;
  if (!Array.isArray(qrs) || !qrs.length)
    throw err(state, 400, "(#100) param message[quick_replies] must be a non-empty array", 100);
  if (qrs.length > max) throw err(state, 400, "(#105) param message[quick_replies] has too many elements", 105);
  const kinds = state.channel === "instagram" ? ["text"] : ["text", "user_phone_number", "user_email"];
  for (const [i, q] of qrs.entries()) {
    const kind = String(q?.content_type ?? "");
    if (!kinds.includes(kind))
      throw err(state, 400, `(#100) param message[quick_replies][${i}][content_type] must be one of {${kinds}}`, 100);
    if (kind !== "text") continue;
    if (typeof q.title !== "string" || !q.title.trim())
      throw err(state, 400, `(#100) param message[quick_replies][${i}][title] must be a non-empty string`, 100);
    if ([...q.title].length > maxTitle)
      throw err(
        state,
        400,
        `(#100) param message[quick_replies][${i}][title] is longer than ${maxTitle} characters`,
        100,
      );
    if (typeof q.payload !== "string" && typeof q.payload !== "number")
      throw err(state, 400, `(#100) param message[quick_replies][${i}][payload] is required`, 100);
    if (String(q.payload).length > 1000)
      throw err(state, 400, `(#100) param message[quick_replies][${i}][payload] is longer than 1000 characters`, 100);
  }
}

/**
 * A photo by URL, downloaded as Meta downloads it: unreachable or not 200 is "Failed to fetch the file from
 * the url"; a type the channel does not take is "Upload attachment failure" (Messenger: "the provided media
 * type does not match type of file provided in the URL"); over the size limit (by Content-Length, or by the
 * bytes when it does not say) "Attachment size exceeds allowable limit". The subcodes are Messenger's; the
 * stand-in answers Instagram with the same (inferred).
 */
async function checkAttachment(state: MetaMessagesState, attachment: unknown): Promise<MsgAttachment> {
  const a = (attachment && typeof attachment === "object" ? attachment : {}) as Record<string, any>;
  if (a.type !== "image")
    throw err(state, 400, `(#100) The stand-in sends image attachments only, not ${String(a.type)}`, 100);
  const url = typeof a.payload?.url === "string" ? a.payload.url : "";
  if (!/^https?:\/\//.test(url))
    throw err(state, 400, "(#100) param message[attachment][payload][url] must be a URL", 100);
  const fetchFailed = () =>
    err(state, 400, "(#100) Failed to fetch the file from the url", 100, { error_subcode: 2018008 });
  const { mimes, maxBytes } = state.limits.image;
  let r: Response;
  try {
    r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw fetchFailed();
  }
  state.fetchedUrls.push(url);
  const tooBig = () =>
    err(state, 400, "(#100) Attachment size exceeds allowable limit", 100, { error_subcode: 2018109 });
  const mime = (r.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const declared = Number(r.headers.get("content-length") ?? NaN);
  try {
    if (r.status !== 200) throw fetchFailed();
    if (!mimes.includes(mime))
      throw err(state, 400, "(#100) Upload attachment failure.", 100, { error_subcode: 2018047 });
    if (declared > maxBytes) throw tooBig();
    let bytes = 0;
    for await (const chunk of r.body ?? []) {
      bytes += (chunk as Uint8Array).byteLength;
      if (bytes > maxBytes) throw tooBig();
    }
    if (bytes === 0) throw err(state, 400, "(#100) Upload attachment failure.", 100, { error_subcode: 2018047 });
  } finally {
    await r.body?.cancel().catch(() => {});
  }
  return { type: "image", url, mime };
}

/** Subscribing replaces the account's fields for this app; each field needs its permission. */
function subscribe(state: MetaMessagesState, token: MsgToken, accountId: string, p: Record<string, unknown>) {
  requireScopes(state, token, state.spec.subscribe);
  const known = state.spec.fields;
  const fields = String(p.subscribed_fields ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.length) throw err(state, 400, "(#100) The parameter subscribed_fields is required.", 100);
  for (const f of fields) {
    const needs = known[f];
    if (!needs)
      throw err(
        state,
        400,
        `(#100) Param subscribed_fields must be one of {${Object.keys(known).join(", ")}} - got "${f}".`,
        100,
      );
    if (token.scopes.includes(needs)) continue;
    if (state.channel === "instagram")
      throw err(state, 403, "(#10) Application does not have permission for this action", 10);
    throw err(state, 403, `(#200) To subscribe to the ${f} field, one of these permissions is needed: ${needs}`, 200);
  }
  state.subscriptions.set(accountId, fields);
  return { success: true };
}

// ------------------------------------------------------------------------------------------- conversations

const metaTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");
const nonexisting = (state: MetaMessagesState, field: string, node: string) =>
  err(state, 400, `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`, 100);

/** Splits a Graph fields list at its top-level commas: "id,messages{id,from}" -> ["id", "messages{id,from}"]. */
function topFields(fields: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of fields) {
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    if (ch === "," && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
const split = (f: string): [string, string | undefined] =>
  f.includes("{") ? [f.slice(0, f.indexOf("{")), f.slice(f.indexOf("{") + 1, -1)] : [f, undefined];

/** One page of a list, newest first, from the `after` cursor, with Graph's paging block. */
function pageOf<T>(
  state: MetaMessagesState,
  url: URL,
  p: Record<string, unknown>,
  all: T[],
  max: number,
  json: (x: T) => unknown,
) {
  const limit = Math.max(1, Math.min(Number(p.limit ?? 25) || 25, max));
  const start = typeof p.after === "string" ? Number(Buffer.from(p.after, "base64url").toString("utf8")) || 0 : 0;
  const slice = all.slice(start, start + limit);
  const cursor = (i: number) => Buffer.from(String(i)).toString("base64url");
  const paging: Record<string, unknown> = slice.length
    ? { cursors: { before: cursor(start), after: cursor(start + slice.length) } }
    : {};
  if (start + slice.length < all.length) {
    const next = new URL(url.pathname, state.url);
    for (const [k, v] of Object.entries(p))
      if (k !== "after" && k !== "access_token") next.searchParams.set(k, String(v));
    next.searchParams.set("after", cursor(start + slice.length));
    paging.next = next.toString();
  }
  return { data: slice.map(json), paging };
}

function person(state: MetaMessagesState, m: StoredMessage, business: boolean) {
  const id = business ? m.accountId : m.guestId;
  const name = business ? (state.accounts.get(m.accountId)?.name ?? "") : m.guestName;
  return state.channel === "instagram" ? { username: name, id } : { name, email: `${id}@facebook.com`, id };
}

/** A message with the fields asked for; unknown fields are refused as Graph refuses them. */
function messageJson(state: MetaMessagesState, m: StoredMessage, fields: string): Record<string, unknown> {
  const out: Record<string, unknown> = { id: m.id };
  for (const f of topFields(fields)) {
    const [name, sub] = split(f);
    if (name === "id") continue;
    else if (name === "created_time") out.created_time = metaTime(m.at);
    else if (name === "from") out.from = person(state, m, m.fromBusiness);
    else if (name === "to") out.to = { data: [person(state, m, !m.fromBusiness)] };
    else if (name === "message") out.message = m.text;
    else if (name === "attachments") {
      if (!m.attachments.length) continue;
      const allowed = ["id", "mime_type", "name", "size", "file_url", "image_data", "video_data"];
      const wanted = sub ? topFields(sub) : ["id", "mime_type", "name", "size"];
      const bad = wanted.find((w) => !allowed.includes(split(w)[0]));
      if (bad) throw nonexisting(state, bad, "MessageAttachment");
      out.attachments = {
        data: m.attachments.map((a, i) => {
          const row: Record<string, unknown> = { id: `${m.id}_${i}` };
          for (const w of wanted.map((x) => split(x)[0])) {
            if (w === "mime_type") row.mime_type = a.mime ?? "image/jpeg";
            if (w === "name") row.name = a.url.split("/").pop();
            if (w === "image_data" && a.type === "image") row.image_data = { url: a.url, width: 1080, height: 1080 };
            if (w === "video_data" && a.type === "video") row.video_data = { url: a.url };
            if (w === "file_url" && a.type !== "image" && a.type !== "video") row.file_url = a.url;
          }
          return row;
        }),
      };
    } else if (name === "is_unsupported" && state.channel === "instagram") out.is_unsupported = false;
    else throw nonexisting(state, name, "Message");
  }
  return out;
}

/** A conversation's messages, newest first; Instagram gives no more than its 20 newest. */
function messagesPage(
  state: MetaMessagesState,
  c: { accountId: string; guestId: string },
  p: Record<string, unknown>,
  url: URL,
  fields: string,
) {
  const all = state.messages
    .filter((m) => m.accountId === c.accountId && m.guestId === c.guestId)
    .reverse()
    .slice(0, state.spec.messageDepth);
  return pageOf(state, new URL(`/${state.conversationId(c.accountId, c.guestId)}/messages`, url), p, all, 100, (m) =>
    messageJson(state, m, fields),
  );
}

/** GET /{id}/conversations: the account's conversations, the most recently updated first. */
function conversations(
  state: MetaMessagesState,
  token: MsgToken,
  accountId: string,
  p: Record<string, unknown>,
  url: URL,
) {
  requireScopes(state, token, state.spec.read);
  const platform = p.platform === undefined ? state.spec.platform : String(p.platform).toLowerCase();
  const platforms = state.channel === "instagram" ? ["instagram"] : ["messenger", "instagram"];
  if (!platforms.includes(platform))
    throw err(state, 400, `(#100) Param platform must be one of {${platforms.join(", ")}} - got "${platform}".`, 100);
  const latest = new Map<string, Date>();
  for (const m of state.messages) if (m.accountId === accountId) latest.set(m.guestId, m.at);
  let guests = [...latest.entries()].sort((x, y) => y[1].getTime() - x[1].getTime());
  // a Page's Instagram conversations are the Instagram stand-in's
  if (platform !== state.spec.platform) guests = [];
  if (typeof p.user_id === "string") guests = guests.filter(([g]) => g === p.user_id);
  const fields = topFields(String(p.fields ?? "id,updated_time"));
  return pageOf(state, url, p, guests, 100, ([guest, updated]) => {
    const c = { accountId, guestId: guest };
    const out: Record<string, unknown> = { id: state.conversationId(accountId, guest) };
    for (const f of fields) {
      const [name, sub] = split(f);
      if (name === "id") continue;
      else if (name === "updated_time") out.updated_time = metaTime(updated);
      else if (name === "participants") {
        const any = state.messages.find((m) => m.accountId === accountId && m.guestId === guest)!;
        out.participants = { data: [person(state, any, false), person(state, any, true)] };
      } else if (name === "messages") out.messages = messagesPage(state, c, {}, url, sub ?? "id");
      else if (name === "message_count")
        out.message_count = state.messages.filter((m) => m.accountId === accountId && m.guestId === guest).length;
      else throw nonexisting(state, name, "Conversation");
    }
    return out;
  });
}
