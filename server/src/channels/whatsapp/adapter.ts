// WhatsApp through the WhatsApp Business Platform Cloud API (docs/architecture.md#channel-packs): one
// message sent from the café's number, the WABA's webhook read (messages, delivery statuses, template
// reviews), Embedded Signup's code exchanged for the business token, and the templates sent for review.
// The Cloud API keeps no history to read back: webhooks are the only source of guests' messages.
// Errors are read by WhatsApp's own `error.code` (with `error_data.details`), as Meta's error-codes page
// asks, not by HTTP status or subcode.
import { CHANNEL_PACKS } from "@sufra/schema";
import type { Config } from "../../config.ts";
import { fetchJson, withBackoff, withQuery, type HttpResult } from "../../networks/http.ts";
import { graphError, regainAccessMinutes, signedByMeta, subscriptionChallenge } from "../../networks/meta-graph.ts";
import { PlatformError, type PlatformErrorKind } from "../../networks/types.ts";
import type {
  ChannelAccess,
  ChannelAdapter,
  ChannelEvent,
  ConnectedNumber,
  DeliveryState,
  InboundMedia,
  InboundMessage,
  OutgoingMessage,
  TemplateState,
  TemplateStatus,
} from "../types.ts";

export type WhatsappChannelConfig = Config["platforms"]["whatsapp"] & {
  /** the deadline of one call (a send, a read) */
  timeoutMs?: number;
  /** base delay of the backoff on calls that are safe to repeat */
  backoffMs?: number;
};

const PACK = CHANNEL_PACKS.whatsapp;
const RE_ENGAGEMENT = 131047;
/** our own refusal of Meta's HUMAN_AGENT tag, which WhatsApp does not have: the window is just as closed */
const NO_HUMAN_AGENT = "human_agent";

interface CodeRule {
  kind: PlatformErrorKind;
  /** Meta's meaning of the code (WhatsApp error codes page), for the reader of this table */
  meaning: string;
  /** rate limits: how long to wait when no X-Business-Use-Case-Usage header says otherwise */
  waitSeconds?: number;
}

/** WhatsApp's error codes and their meanings, as the Cloud API's reference lists them (Support, Error codes). */
const CODES: Record<number, CodeRule> = {
  0: { kind: "auth", meaning: "We were unable to authenticate the app user" },
  1: { kind: "unavailable", meaning: "Invalid request or possible server error" },
  2: { kind: "unavailable", meaning: "Temporary due to downtime or due to being overloaded" },
  3: { kind: "plan", meaning: "Capability or permissions issue" },
  4: { kind: "rate_limit", meaning: "The app has reached its API call rate limit", waitSeconds: 15 * 60 },
  10: { kind: "auth", meaning: "Permission is either not granted or has been removed" },
  100: { kind: "rejected", meaning: "The request included one or more unsupported or misspelled parameters" },
  190: { kind: "auth", meaning: "Your access token has expired" },
  80007: {
    kind: "rate_limit",
    meaning: "The WhatsApp Business Account has reached its rate limit",
    waitSeconds: 15 * 60,
  },
  130429: { kind: "rate_limit", meaning: "Cloud API message throughput has been reached", waitSeconds: 5 },
  // the pair limit is one message every 6 seconds to the same WhatsApp user (About the platform: pair rate limits)
  131056: {
    kind: "rate_limit",
    meaning: "Too many messages sent from the sender phone number to the same recipient phone number",
    waitSeconds: 6,
  },
  131000: { kind: "unavailable", meaning: "Message failed to send due to an unknown error" },
  131016: { kind: "unavailable", meaning: "A service is temporarily unavailable" },
  131057: { kind: "unavailable", meaning: "Business Account is in maintenance mode" },
  133004: { kind: "unavailable", meaning: "Server is temporarily unavailable" },
  131026: { kind: "rejected", meaning: "Unable to deliver message" },
  [RE_ENGAGEMENT]: {
    kind: "rejected",
    meaning: "More than 24 hours have passed since the recipient last replied to the sender number",
  },
  // a spam restriction on the number: waiting a few minutes does not lift it
  131048: { kind: "rejected", meaning: "Restrictions on how many messages can be sent from this phone number" },
  131051: { kind: "rejected", meaning: "Unsupported message type" },
  131052: { kind: "rejected", meaning: "Unable to download the media sent by the user" },
  131053: { kind: "rejected", meaning: "Unable to upload the media used in the message" },
  132000: { kind: "rejected", meaning: "The number of variable parameter values did not match the template" },
  132001: { kind: "rejected", meaning: "The template does not exist in the language or has not been approved" },
  132005: { kind: "rejected", meaning: "Translated text is too long" },
  132007: { kind: "rejected", meaning: "Template content violates a WhatsApp policy" },
  132012: { kind: "rejected", meaning: "Variable parameter values formatted incorrectly" },
  132015: { kind: "rejected", meaning: "Template is paused due to low quality" },
  132016: { kind: "rejected", meaning: "Template has been paused too many times and is now permanently disabled" },
  133005: { kind: "rejected", meaning: "Two-step verification PIN incorrect" },
};

/** Graph's "does not exist, cannot be loaded due to missing permissions": the number or WABA is out of the token's reach */
const OUT_OF_REACH_SUBCODE = 33;

/** A Graph error answer from the Cloud API as a PlatformError, by WhatsApp's code (see CODES). */
function whatsappError(r: HttpResult): PlatformError {
  const e: RawError = r.body?.error ?? {};
  const code = typeof e.code === "number" ? e.code : undefined;
  // error_data.details says why (WhatsApp's codes); Graph's own errors may say it in error_user_title/msg
  const details =
    str(e.error_data?.details) || [str(e.error_user_title), str(e.error_user_msg)].filter(Boolean).join(": ");
  const title = str(e.message) || str(r.body?.error_message) || str(r.body?.raw) || `HTTP ${r.status}`;
  const message = details && !title.includes(details) ? `${title}: ${details}` : title;
  const opts = { platformCode: code, status: r.status };
  if (code === undefined) return graphError(r);
  if (r.status === 401 || (code === 100 && e.error_subcode === OUT_OF_REACH_SUBCODE))
    return new PlatformError("auth", message, opts);
  // 200-299: a named permission not granted (or taken back) in Embedded Signup
  const rule = CODES[code] ?? (code >= 200 && code <= 299 ? CODES[10] : undefined);
  if (!rule) return graphError(r);
  if (rule.kind === "rate_limit") {
    const regain = regainAccessMinutes(r.headers);
    const wait = Math.max((regain ?? 0) * 60, rule.waitSeconds ?? 60);
    return new PlatformError("rate_limit", message, { ...opts, retryAt: new Date(Date.now() + wait * 1000) });
  }
  return new PlatformError(rule.kind, message, opts);
}

/**
 * The guest's 24-hour customer service window is closed: only an approved template may go out. Meta tells
 * it as code 131047, either in the send's answer or later in a `failed` delivery status; both are read here.
 */
export function whatsappWindowRefusal(err: unknown): boolean {
  if (err instanceof PlatformError)
    return (
      err.kind === "rejected" && (err.opts.platformCode === RE_ENGAGEMENT || err.opts.platformCode === NO_HUMAN_AGENT)
    );
  // a DeliveryStatus, or its error
  const e = err as { error?: { code?: unknown } | null; code?: unknown } | null;
  return String(e?.error?.code ?? e?.code ?? "") === String(RE_ENGAGEMENT);
}

export function createWhatsappChannel(cfg: WhatsappChannelConfig): ChannelAdapter {
  const timeoutMs = cfg.timeoutMs ?? 30_000;
  const backoff = { retries: 3, baseMs: cfg.backoffMs ?? 500 };
  const url = (path: string) => `${cfg.graphUrl}/${path}`;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    o: {
      token: string;
      params?: Record<string, string | undefined>;
      json?: unknown;
      creates?: boolean;
      signal?: AbortSignal;
    },
  ): Promise<T> {
    const r = await fetchJson(withQuery(url(path), o.params ?? {}), {
      method,
      json: o.json,
      headers: { authorization: `Bearer ${o.token}` },
      creates: o.creates,
      signal: o.signal,
      timeoutMs,
    });
    if (r.ok) return r.body as T;
    throw whatsappError(r);
  }
  const read = <T>(path: string, token: string, params?: Record<string, string | undefined>) =>
    withBackoff(() => call<T>("GET", path, { token, params }), backoff);

  function waba(access: ChannelAccess): string {
    if (!access.groupId)
      throw new PlatformError("auth", "The WhatsApp Business Account id is missing: connect WhatsApp again");
    return access.groupId;
  }

  async function subscribeWaba(wabaId: string, token: string): Promise<void> {
    // subscribing again changes nothing: safe to repeat after a lost answer
    const r = await withBackoff(
      () => call<{ success?: unknown }>("POST", `${wabaId}/subscribed_apps`, { token }),
      backoff,
    );
    if (r?.success !== true)
      throw new PlatformError("unavailable", "WhatsApp did not confirm the webhook subscription");
  }

  return {
    name: "whatsapp",

    // Embedded Signup needs its configuration id in the browser, and the code exchange needs the app's id and secret
    configured: () => Boolean(cfg.appId && cfg.appSecret && cfg.configId),

    async send(req) {
      if (req.humanAgent && req.message.kind !== "template")
        throw new PlatformError(
          "rejected",
          "WhatsApp has no human agent tag: past the 24-hour window only an approved template may be sent",
          { platformCode: NO_HUMAN_AGENT },
        );
      if (req.message.kind === "image") checkImage(req.message);
      const body = { messaging_product: "whatsapp", recipient_type: "individual", to: req.to, ...payload(req.message) };
      // never repeated: a lost answer may mean a message the guest already has
      const r = await call<{ messages?: { id?: unknown }[] }>("POST", `${req.access.externalId}/messages`, {
        token: req.access.accessToken,
        json: body,
        creates: true,
        signal: req.signal,
      });
      const id = r?.messages?.[0]?.id;
      if (typeof id !== "string" || !id)
        throw new PlatformError("timeout", "WhatsApp accepted the message without giving its id");
      return { externalId: id };
    },

    readWebhook(rawBody, signature) {
      if (!signedByMeta(cfg.appSecret, rawBody, signature)) return null;
      let body: RawWebhook;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return [];
      }
      if (body?.object !== "whatsapp_business_account" || !Array.isArray(body.entry)) return [];
      const events: ChannelEvent[] = [];
      for (const entry of body.entry) {
        for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
          const v = change?.value ?? {};
          if (change?.field === "messages") events.push(...messageEvents(v));
          else if (change?.field === "message_template_status_update") {
            const t = templateEvent(str(entry?.id), v);
            if (t) events.push({ kind: "template", template: t });
          }
        }
      }
      return events;
    },

    verifySubscription: (query) => subscriptionChallenge(cfg.webhookVerifyToken, query),

    // The Cloud API has no endpoint that reads past messages: webhooks are the only source, so there is
    // nothing for a safety sweep to poll and the caller must not expect one.
    async recentMessages() {
      return [];
    },

    async subscribe(access) {
      await subscribeWaba(waba(access), access.accessToken);
    },

    async connect({ code, phoneNumberId, groupId, pin }) {
      if (!cfg.appId || !cfg.appSecret) throw new PlatformError("auth", "WhatsApp is not set up on this server");
      if (!/^\d{6}$/.test(pin))
        throw new PlatformError("rejected", "The two-step verification PIN must be 6 digits", { platformCode: 100 });
      // the code is good once: never repeated
      const t = await fetchJson(
        withQuery(url("oauth/access_token"), { client_id: cfg.appId, client_secret: cfg.appSecret, code }),
        { timeoutMs },
      );
      const accessToken = t.body?.access_token;
      if (!t.ok || typeof accessToken !== "string" || !accessToken) {
        // a used or unknown code, or this app's own id or secret refused: only a new signup gives a new code
        const err = t.ok ? null : whatsappError(t);
        throw new PlatformError("auth", err?.platformMessage ?? "WhatsApp gave no business token", err?.opts ?? {});
      }
      await subscribeWaba(groupId, accessToken);
      // registering sets the number's two-step verification PIN (or must repeat the one it has)
      const reg = await call<{ success?: unknown }>("POST", `${phoneNumberId}/register`, {
        token: accessToken,
        json: { messaging_product: "whatsapp", pin },
      });
      if (reg?.success !== true) throw new PlatformError("unavailable", "WhatsApp did not confirm the registration");
      const n = await read<Record<string, unknown>>(phoneNumberId, accessToken, {
        fields: "display_phone_number,verified_name,code_verification_status,quality_rating",
      });
      return {
        accessToken,
        groupId,
        phoneNumberId,
        displayPhone: str(n?.display_phone_number),
        verifiedName: str(n?.verified_name) || null,
      } satisfies ConnectedNumber;
    },

    async submitTemplate(access, t) {
      const groupId = waba(access);
      const body = {
        name: t.name,
        language: t.language,
        category: t.category,
        components: [
          { type: "BODY", text: t.body, ...(t.examples.length ? { example: { body_text: [t.examples] } } : {}) },
        ],
      };
      const r = await call<{ id?: unknown; status?: unknown }>("POST", `${groupId}/message_templates`, {
        token: access.accessToken,
        json: body,
        creates: true,
      });
      return {
        groupId,
        externalId: str(r?.id),
        name: t.name,
        language: t.language,
        state: templateState(r?.status) ?? "pending",
        reason: null,
      };
    },

    async templates(access) {
      const groupId = waba(access);
      const out: TemplateStatus[] = [];
      const seen = new Set<string>();
      let after: string | undefined;
      // a WABA holds at most 250 templates (Send template errors, 2388019): 50 pages is far past a loop
      for (let page = 0; page < 50; page++) {
        const r = await read<{ data?: RawTemplate[]; paging?: { cursors?: { after?: unknown }; next?: unknown } }>(
          `${groupId}/message_templates`,
          access.accessToken,
          { fields: "id,name,language,status,category,rejected_reason,components", limit: "100", after },
        );
        for (const x of r?.data ?? []) {
          const state = templateState(x?.status);
          if (!state) continue;
          out.push({
            groupId,
            externalId: str(x?.id),
            name: str(x?.name),
            language: str(x?.language),
            state,
            reason: reasonOf(x?.rejected_reason),
          });
        }
        const next = r?.paging?.next ? r.paging.cursors?.after : undefined;
        if (typeof next !== "string" || !next || seen.has(next)) break;
        seen.add(next);
        after = next;
      }
      return out;
    },
  };
}

/** The Cloud API's message object for one outgoing message (Messages API: text, image, interactive, template). */
function payload(m: OutgoingMessage): Record<string, unknown> {
  switch (m.kind) {
    case "text":
      return { type: "text", text: { body: m.text, preview_url: /https?:\/\//i.test(m.text) } };
    case "image":
      return { type: "image", image: { link: m.url, ...(m.caption ? { caption: m.caption } : {}) } };
    case "choices":
      return {
        type: "interactive",
        interactive: {
          type: "button",
          body: { text: m.text },
          action: { buttons: m.choices.map((c) => ({ type: "reply", reply: { id: c.id, title: c.title } })) },
        },
      };
    case "template":
      return {
        type: "template",
        template: {
          name: m.name,
          language: { code: m.language },
          ...(m.params.length
            ? { components: [{ type: "body", parameters: m.params.map((text) => ({ type: "text", text })) }] }
            : {}),
        },
      };
  }
}

/**
 * Meta fetches a linked image after it has answered the send, and tells a refusal only later in a `failed`
 * status (131053): a photo it cannot take is refused here, before anything is sent.
 */
function checkImage(m: Extract<OutgoingMessage, { kind: "image" }>): void {
  if (!PACK.image.mimes.includes(m.mime))
    throw new PlatformError("rejected", `WhatsApp takes JPEG or PNG photos, not ${m.mime}`, { platformCode: 131053 });
  if (m.bytes > PACK.image.maxBytes)
    throw new PlatformError("rejected", "WhatsApp takes photos up to 5 MB", { platformCode: 131053 });
}

const MEDIA_KINDS = ["image", "video", "audio", "document", "sticker"] as const;
const DELIVERY_STATES: readonly DeliveryState[] = ["sent", "delivered", "read", "failed"];

/** The events of one `messages` change: guests' messages and the statuses of the café's messages. */
function messageEvents(v: RawValue): ChannelEvent[] {
  const account = str(v?.metadata?.phone_number_id);
  if (!account) return [];
  const events: ChannelEvent[] = [];
  const contacts = Array.isArray(v.contacts) ? v.contacts : [];
  for (const m of Array.isArray(v.messages) ? v.messages : []) {
    const message = inbound(account, m, contacts);
    if (message) events.push({ kind: "message", message });
  }
  for (const s of Array.isArray(v.statuses) ? v.statuses : []) {
    const state = s?.status as DeliveryState;
    const id = str(s?.id);
    // "played" (a voice message heard) and anything newer are no delivery states of ours
    if (!id || !DELIVERY_STATES.includes(state)) continue;
    const err = Array.isArray(s.errors) ? s.errors[0] : null;
    events.push({
      kind: "status",
      status: {
        channel: "whatsapp",
        accountExternalId: account,
        externalId: id,
        state,
        at: unixTime(s.timestamp),
        error: err
          ? {
              code: String(err.code ?? ""),
              message: str(err.error_data?.details) || str(err.message) || str(err.title),
            }
          : null,
      },
    });
  }
  return events;
}

function inbound(account: string, m: RawMessage, contacts: RawContact[]): InboundMessage | null {
  const type = str(m?.type);
  const id = str(m?.id);
  const from = str(m?.from);
  if (!id || !from) return null;
  // the WhatsApp id and the phone number may differ: the contact's wa_id is the one to answer
  const contact = contacts.find((c) => str(c?.wa_id) === from) ?? (contacts.length === 1 ? contacts[0] : null);
  let text = "";
  const media: InboundMedia[] = [];
  let choice: InboundMessage["choice"] = null;
  if (type === "text") text = str(m.text?.body);
  else if ((MEDIA_KINDS as readonly string[]).includes(type)) {
    const x = m[type as (typeof MEDIA_KINDS)[number]] ?? {};
    text = str(x.caption);
    media.push({
      kind: type as InboundMedia["kind"],
      mediaId: str(x.id) || null,
      url: str(x.url) || null,
      mime: str(x.mime_type) || null,
      caption: str(x.caption) || null,
    });
  } else if (type === "interactive") {
    const r = m.interactive?.button_reply ?? m.interactive?.list_reply;
    if (!r) return null;
    choice = { id: str(r.id), title: str(r.title) };
    text = choice.title;
  } else if (type === "button") {
    // a quick-reply button of a template message
    choice = { id: str(m.button?.payload), title: str(m.button?.text) };
    text = choice.title;
  } else if (type === "location") {
    const l = m.location ?? {};
    text = [str(l.name), str(l.address)].filter(Boolean).join(", ") || `${l.latitude},${l.longitude}`;
  } else return null; // reactions, contacts, orders, system and unsupported messages carry nothing to answer
  const ref = m.referral;
  return {
    channel: "whatsapp",
    accountExternalId: account,
    guestExternalId: str(contact?.wa_id) || from,
    guestName: str(contact?.profile?.name) || null,
    externalId: id,
    at: unixTime(m.timestamp),
    text,
    media,
    choice,
    fromBusiness: false,
    // a Click to WhatsApp ad or post; a wa.me link's ref stays in the text for the caller to read
    startedBy: ref
      ? {
          kind: ref.source_type === "ad" ? "ad" : "post",
          externalId: str(ref.source_id) || null,
          url: str(ref.source_url) || null,
        }
      : null,
    replyTo: str(m.context?.id) || null,
  };
}

function templateEvent(groupId: string, v: RawValue): TemplateStatus | null {
  const state = templateState(v?.event);
  if (!groupId || !state) return null;
  const detail = str(v?.rejection_info?.reason);
  const reason = reasonOf(v?.reason);
  return {
    groupId,
    externalId: str(v?.message_template_id),
    name: str(v?.message_template_name),
    language: str(v?.message_template_language),
    state,
    reason: reason && detail ? `${reason}: ${detail}` : reason || detail || null,
  };
}

/**
 * A template's status (GET message_templates) or status event (message_template_status_update) as our
 * state; null for events that change no sendability (FLAGGED, LOCKED, UNARCHIVED, ...).
 */
function templateState(s: unknown): TemplateState | null {
  switch (String(s ?? "").toUpperCase()) {
    case "APPROVED":
    case "REINSTATED":
      return "approved";
    case "PENDING":
    case "IN_APPEAL":
      return "pending";
    case "REJECTED":
    case "LIMIT_EXCEEDED":
      return "rejected";
    case "PAUSED":
      return "paused";
    case "DISABLED":
    case "ARCHIVED":
    case "DELETED":
    case "PENDING_DELETION":
      return "disabled";
    default:
      return null;
  }
}

/** Meta says "NONE" when there is no reason */
const reasonOf = (r: unknown): string | null => {
  const s = str(r);
  return s && s.toUpperCase() !== "NONE" ? s : null;
};

/** The parts of WhatsApp's JSON this adapter reads; anything may be missing or of another type. */
interface RawError {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_data?: { details?: unknown };
  error_user_title?: unknown;
  error_user_msg?: unknown;
}
interface RawWebhook {
  object?: unknown;
  entry?: { id?: unknown; changes?: { field?: unknown; value?: RawValue }[] }[];
}
interface RawMedia {
  id?: unknown;
  url?: unknown;
  mime_type?: unknown;
  caption?: unknown;
}
interface RawChoice {
  id?: unknown;
  title?: unknown;
}
interface RawContact {
  wa_id?: unknown;
  profile?: { name?: unknown };
}
interface RawMessage {
  from?: unknown;
  id?: unknown;
  timestamp?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  image?: RawMedia;
  video?: RawMedia;
  audio?: RawMedia;
  document?: RawMedia;
  sticker?: RawMedia;
  interactive?: { button_reply?: RawChoice; list_reply?: RawChoice };
  button?: { payload?: unknown; text?: unknown };
  location?: { name?: unknown; address?: unknown; latitude?: unknown; longitude?: unknown };
  context?: { id?: unknown };
  referral?: { source_url?: unknown; source_id?: unknown; source_type?: unknown };
}
interface RawStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[];
}
interface RawValue {
  metadata?: { phone_number_id?: unknown };
  contacts?: RawContact[];
  messages?: RawMessage[];
  statuses?: RawStatus[];
  event?: unknown;
  message_template_id?: unknown;
  message_template_name?: unknown;
  message_template_language?: unknown;
  reason?: unknown;
  rejection_info?: { reason?: unknown };
}
interface RawTemplate {
  id?: unknown;
  name?: unknown;
  language?: unknown;
  status?: unknown;
  rejected_reason?: unknown;
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** WhatsApp's timestamps are Unix seconds as strings */
function unixTime(v: unknown): Date {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? new Date(n < 1e12 ? n * 1000 : n) : new Date();
}
