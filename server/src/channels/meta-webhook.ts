// What the two Meta conversation channels share (docs/architecture.md#channel-packs): Instagram messages
// (Instagram API with Instagram Login) and a Facebook Page's Messenger conversations speak one Send API, one
// webhook shape (entry[].messaging[]), one Conversations API and one subscription edge; only their hosts,
// tokens, permissions and a few names differ, which each adapter passes in. The webhook's signature is
// checked over the raw bytes, the window refusal is told apart from a missing permission, and a send is
// never repeated (reads and the subscription, which change nothing when repeated, are retried).
import { CHANNEL_PACKS } from "@sufra/schema";
import { fetchJson, withBackoff, withQuery, type HttpResult } from "../networks/http.ts";
import { graphError, signedByMeta, subscriptionChallenge } from "../networks/meta-graph.ts";
import { PlatformError } from "../networks/types.ts";
import type {
  ChannelAccess,
  ChannelEvent,
  ConversationStart,
  InboundMedia,
  InboundMessage,
  SendRequest,
} from "./types.ts";

export type MetaChannel = "instagram" | "facebook";

/**
 * Code 10 "This message is sent outside of allowed window": 2534022 is Instagram's subcode, 2018278
 * Messenger's (Messenger Platform, Common Error Codes). Both also answer a HUMAN_AGENT reply past 7 days.
 */
const WINDOW_SUBCODES: readonly number[] = [2534022, 2018278];

/** Messenger's table also words the closed window as needing a "News Messaging permission", by the same code 10. */
const WINDOW_WORDS = /outside of (the )?allowed window/i;

/** The send was refused because the guest's window is closed (24 hours, or 7 days with HUMAN_AGENT). */
export function windowRefusal(err: unknown): boolean {
  if (!(err instanceof PlatformError) || err.kind !== "rejected") return false;
  return WINDOW_SUBCODES.includes(Number(err.opts.platformCode)) || WINDOW_WORDS.test(err.platformMessage);
}

/**
 * A refused Graph call as a PlatformError. The closed window comes first: Messenger words some of its
 * window refusals as a missing "permission", which graphError would read as "auth". A missing permission
 * names the scope (Meta's own text when it names one, else the one this call needs), so the person knows
 * what to allow when connecting again; code 3 is the app's access (App Review), which reconnecting cannot give.
 */
function refusal(r: HttpResult, needs: string): PlatformError {
  const e = r.body?.error ?? {};
  const err = graphError(r);
  if (WINDOW_SUBCODES.includes(e.error_subcode) || (e.code === 10 && WINDOW_WORDS.test(String(e.message ?? ""))))
    return new PlatformError("rejected", err.platformMessage, { ...err.opts, platformCode: e.error_subcode ?? 10 });
  if (err.kind === "auth" && e.code !== 190 && r.status !== 401) {
    const scope = /\b(pages_[a-z_]+|instagram_business_[a-z_]+)\b/.exec(String(e.message ?? ""))?.[1] ?? needs;
    return new PlatformError(
      "auth",
      `Meta has not granted ${scope}: connect the account again and allow it (${err.platformMessage})`,
      { ...err.opts, platformCode: scope },
    );
  }
  if (e.code === 3) return new PlatformError("plan", err.platformMessage, err.opts);
  return err;
}

interface MetaGraphOptions {
  /** the Graph address of a path: host and version */
  url: (path: string) => string;
  /** Messenger's appsecret_proof of a token ("Require App Secret"); undefined where not used */
  proof?: (token: string) => string | undefined;
  /** the permission messaging needs on this channel, named in an "auth" refusal */
  needs: string;
  timeoutMs?: number;
  backoffMs?: number;
}

interface CallOptions {
  params?: Record<string, string | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  /** a send: losing its answer means "maybe sent" */
  creates?: boolean;
  signal?: AbortSignal;
}

/** The Graph calls of one channel, the token always as a bearer (never in a URL that may be logged). */
function metaGraph(o: MetaGraphOptions) {
  const backoff = { retries: 3, baseMs: o.backoffMs ?? 500 };
  async function call<T>(method: "GET" | "POST", path: string, token: string, c: CallOptions = {}): Promise<T> {
    const url = withQuery(o.url(path), { ...c.params, appsecret_proof: o.proof?.(token) });
    const r = await fetchJson(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      json: c.json,
      body: c.form ? new URLSearchParams(c.form) : undefined,
      creates: c.creates,
      signal: c.signal,
      timeoutMs: o.timeoutMs ?? (method === "GET" ? 15_000 : 30_000),
    });
    if (r.ok) return r.body as T;
    throw refusal(r, o.needs);
  }
  return {
    call,
    /** reads change nothing: retried while Meta is down or slow */
    read: <T>(path: string, token: string, params: Record<string, string | undefined>) =>
      withBackoff(() => call<T>("GET", path, token, { params }), backoff),
  };
}

const label = (channel: MetaChannel) => (channel === "instagram" ? "Instagram" : "Messenger");
const rejected = (message: string) => new PlatformError("rejected", message);

/**
 * Text over the channel's limit. Instagram counts UTF-8 bytes ("UTF-8 and 1000 bytes or less": an Arabic
 * letter takes two, an emoji four); Messenger counts characters.
 */
function textTooLong(channel: MetaChannel, text: string): boolean {
  const max = CHANNEL_PACKS[channel].maxText;
  return channel === "instagram" ? Buffer.byteLength(text, "utf8") > max : [...text].length > max;
}

/**
 * The Send API body for one message, checked against the channel's pack first so a message Meta would
 * refuse never leaves: text within the limit, a photo of a type and size the channel takes (without a
 * caption: neither channel has one, so its text goes as a message of its own), quick replies within
 * count and title length. Past the 24-hour window a person's reply carries HUMAN_AGENT (7 days).
 */
function sendBody(channel: MetaChannel, req: SendRequest): Record<string, unknown> {
  const pack = CHANNEL_PACKS[channel];
  const m = req.message;
  const text = (t: string) => {
    if (!t.trim()) throw rejected("An empty message cannot be sent");
    if (textTooLong(channel, t))
      throw rejected(
        `${label(channel)} takes at most ${pack.maxText} ${channel === "instagram" ? "bytes (UTF-8)" : "characters"} in one message`,
      );
    return t;
  };
  let message: Record<string, unknown>;
  if (m.kind === "template") {
    throw rejected(`${label(channel)} has no message templates: a person replies within the window instead`);
  } else if (m.kind === "text") {
    message = { text: text(m.text) };
  } else if (m.kind === "image") {
    if (m.caption?.trim())
      throw rejected(`${label(channel)} sends a photo without a caption: send its text as a message of its own`);
    if (!pack.image.mimes.includes(m.mime)) throw rejected(`${label(channel)} does not take ${m.mime} photos`);
    if (m.bytes > pack.image.maxBytes)
      throw rejected(`${label(channel)} takes photos of at most ${pack.image.maxBytes / 1024 / 1024} MB`);
    message = { attachment: { type: "image", payload: { url: m.url } } };
  } else {
    if (!m.choices.length || m.choices.length > pack.choices.max)
      throw rejected(`${label(channel)} shows between 1 and ${pack.choices.max} quick replies`);
    for (const c of m.choices) {
      if (!c.id || !c.title.trim() || [...c.title].length > pack.choices.maxTitle)
        throw rejected(`A quick reply needs an id and a title of at most ${pack.choices.maxTitle} characters`);
    }
    const quickReplies = m.choices.map((c) => ({ content_type: "text", title: c.title, payload: c.id }));
    message = { text: text(m.text), quick_replies: quickReplies };
  }
  const kind = req.humanAgent ? { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" } : { messaging_type: "RESPONSE" };
  return { recipient: { id: req.to }, ...kind, message };
}

// ------------------------------------------------------------------------------------------------ webhooks

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
/** an array from Meta's JSON, its items as `T` (each still looked at before use) */
const list = <T>(v: unknown): T[] =>
  (Array.isArray(v) ? (v as unknown[]).filter((x) => x && typeof x === "object") : []) as T[];

/** Meta's timestamps: milliseconds in webhooks (seconds are taken too), "2024-05-01T10:00:00+0000" in reads. */
function metaTime(v: unknown): Date {
  if (typeof v === "number" && Number.isFinite(v) && v > 0) return new Date(v < 1e12 ? v * 1000 : v);
  const t = Date.parse(str(v).replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isFinite(t) ? new Date(t) : new Date(NaN);
}

/** What an attachment is to the inbox; a shared post or reel is kept by its link as a file to open. */
function mediaKind(type: string): InboundMedia["kind"] {
  if (type === "image" || type === "audio" || type === "file") return type;
  if (type === "video" || type === "reel" || type === "ig_reel") return "video";
  if (type === "sticker" || type === "like_heart" || type === "animated_image") return "sticker";
  return "file";
}

/** The webhook's JSON as read here: every field may be missing or of another type, and is checked before use. */
interface RawReferral {
  ref?: unknown;
  source?: unknown;
  ad_id?: unknown;
  referer_uri?: unknown;
  ads_context_data?: { photo_url?: unknown } | null;
}
interface RawEvent {
  sender?: { id?: unknown } | null;
  recipient?: { id?: unknown } | null;
  timestamp?: unknown;
  message?: {
    mid?: unknown;
    text?: unknown;
    is_echo?: unknown;
    is_deleted?: unknown;
    attachments?: unknown;
    quick_reply?: { payload?: unknown } | null;
    reply_to?: { mid?: unknown; story?: { id?: unknown; url?: unknown } | null } | null;
    referral?: RawReferral | null;
  } | null;
  postback?: { mid?: unknown; title?: unknown; payload?: unknown; referral?: RawReferral | null } | null;
  referral?: RawReferral | null;
  read?: { watermark?: unknown } | null;
}
interface RawEventAttachment {
  type?: unknown;
  payload?: { url?: unknown } | null;
}

/** A referral (an m.me / ig.me link's ref, or an ad the guest tapped) as what started the conversation. */
function started(r: RawReferral | null | undefined): ConversationStart | null {
  if (!r || typeof r !== "object" || !Object.keys(r).length) return null;
  const ref = str(r.ref) || null;
  if (str(r.source).toUpperCase() === "ADS" || r.ad_id)
    return { kind: "ad", externalId: str(r.ad_id) || null, ref, url: str(r.ads_context_data?.photo_url) || null };
  return { kind: "link", ref, externalId: null, url: str(r.referer_uri) || null };
}

/**
 * The events of one messaging webhook body (`object` "instagram" or "page"): messages and their echoes,
 * postbacks (an ice breaker or Get Started, with the link's referral on a new thread), referrals and reads.
 * A referral the guest's next message follows in the same delivery is folded into that message; one on its
 * own (a link opened in an existing thread) becomes an empty message carrying only what started it, with an
 * id made of the guest and the time so a repeated delivery is the same message. Comment changes are read
 * by the comments webhook, not here.
 */
function messagingEvents(channel: MetaChannel, entries: unknown): ChannelEvent[] {
  const events: ChannelEvent[] = [];
  for (const entry of list<{ id?: unknown; messaging?: unknown }>(entries)) {
    const account = str(entry.id);
    const waiting = new Map<string, { start: ConversationStart; at: Date; id: string }>();
    const base = (guest: string, at: Date) => ({
      channel,
      accountExternalId: account,
      guestExternalId: guest,
      guestName: null,
      at,
      media: [] as InboundMedia[],
      choice: null,
      fromBusiness: false,
      replyTo: null,
    });
    for (const ev of list<RawEvent>(entry.messaging)) {
      const sender = str(ev.sender?.id);
      const at = metaTime(ev.timestamp);
      if (!account || !sender) continue;
      const m = ev.message;
      if (m && typeof m === "object") {
        const echo = m.is_echo === true;
        const guest = echo ? str(ev.recipient?.id) : sender;
        const mid = str(m.mid);
        // a guest's unsent message comes back with is_deleted: nothing to add
        if (!mid || !guest || m.is_deleted === true) continue;
        const attachments = list<RawEventAttachment>(m.attachments);
        const story = m.reply_to?.story;
        const mention = attachments.find((a) => a.type === "story_mention");
        let startedBy = started(ev.referral ?? m.referral);
        if (!startedBy && story?.id)
          startedBy = { kind: "story", externalId: str(story.id), url: str(story.url) || null };
        if (!startedBy && mention)
          startedBy = { kind: "story", externalId: null, url: str(mention.payload?.url) || null };
        if (!echo && waiting.has(guest)) {
          startedBy ??= waiting.get(guest)!.start;
          waiting.delete(guest);
        }
        const payload = str(m.quick_reply?.payload);
        const message: InboundMessage = {
          ...base(guest, at),
          externalId: mid,
          text: str(m.text),
          media: attachments
            .filter((a) => a !== mention)
            .map((a) => ({ kind: mediaKind(str(a.type)), url: str(a.payload?.url) || null })),
          choice: payload ? { id: payload, title: str(m.text) } : null,
          fromBusiness: echo,
          startedBy,
          replyTo: str(m.reply_to?.mid) || null,
        };
        events.push({ kind: "message", message });
      } else if (ev.postback && typeof ev.postback === "object") {
        const p = ev.postback;
        const message: InboundMessage = {
          ...base(sender, at),
          externalId: str(p.mid) || `postback.${sender}.${at.getTime()}`,
          text: str(p.title),
          choice: { id: str(p.payload), title: str(p.title) },
          startedBy: started(p.referral),
        };
        events.push({ kind: "message", message });
      } else if (ev.referral) {
        const start = started(ev.referral);
        if (start) waiting.set(sender, { start, at, id: `referral.${sender}.${at.getTime()}` });
      } else if (ev.read && typeof ev.read === "object") {
        // Messenger's watermark: every message sent before it was read; Instagram names the message instead
        const watermark = Number(ev.read.watermark);
        const readAt = Number.isFinite(watermark) && watermark > 0 ? metaTime(watermark) : at;
        events.push({ kind: "read", channel, accountExternalId: account, guestExternalId: sender, at: readAt });
      }
    }
    for (const [guest, w] of waiting)
      events.push({
        kind: "message",
        message: { ...base(guest, w.at), externalId: w.id, text: "", startedBy: w.start },
      });
  }
  return events;
}

// ---------------------------------------------------------------------------------------------- the adapter

/** A Conversations API message: id, created_time, from, to, message, attachments. */
interface RawMessage {
  id?: unknown;
  created_time?: unknown;
  from?: { id?: unknown; username?: unknown; name?: unknown };
  to?: { data?: { id?: unknown; username?: unknown; name?: unknown }[] };
  message?: unknown;
  attachments?: { data?: RawAttachment[] };
}
interface RawAttachment {
  mime_type?: unknown;
  file_url?: unknown;
  image_data?: { url?: unknown };
  video_data?: { url?: unknown };
}
interface RawPage<T> {
  data?: T[];
  paging?: { cursors?: { after?: unknown }; next?: unknown };
}
interface RawConversation {
  id?: unknown;
  updated_time?: unknown;
  messages?: RawPage<RawMessage>;
}

const MESSAGE_FIELDS = "id,created_time,from,to,message,attachments{mime_type,file_url,image_data,video_data}";
const CONVERSATION_FIELDS = `id,updated_time,messages{${MESSAGE_FIELDS}}`;
/** the sweep reads at most 10 pages of 25 conversations, and 10 pages of messages in each: bounded, not whole */
const MAX_CONVERSATION_PAGES = 10;
const MAX_MESSAGE_PAGES = 10;
const PAGE_SIZE = "25";

/** The Conversations API's message as an InboundMessage; null when it lacks what one needs. */
function readMessage(channel: MetaChannel, account: string, m: RawMessage): InboundMessage | null {
  const from = str(m.from?.id);
  const fromBusiness = from === account;
  const guest = fromBusiness ? str(m.to?.data?.[0]?.id) : from;
  const at = metaTime(m.created_time);
  if (!str(m.id) || !guest || Number.isNaN(at.getTime())) return null;
  const media: InboundMedia[] = (m.attachments?.data ?? []).map((a) => {
    const image = str(a.image_data?.url);
    const video = str(a.video_data?.url);
    const mime = str(a.mime_type) || null;
    if (image) return { kind: "image", url: image, mime };
    if (video) return { kind: "video", url: video, mime };
    return { kind: mime?.startsWith("audio/") ? "audio" : "file", url: str(a.file_url) || null, mime };
  });
  return {
    channel,
    accountExternalId: account,
    guestExternalId: guest,
    guestName: fromBusiness ? null : str(m.from?.username) || str(m.from?.name) || null,
    externalId: str(m.id),
    at,
    text: str(m.message),
    media,
    choice: null,
    fromBusiness,
    startedBy: null,
    replyTo: null,
  };
}

const nextCursor = (page: RawPage<unknown> | undefined): string | undefined => {
  const after = page?.paging?.next ? str(page.paging.cursors?.after) : "";
  return after || undefined;
};

export interface MetaChannelParts {
  channel: MetaChannel;
  appId?: string;
  appSecret?: string;
  webhookVerifyToken?: string;
  /** the webhook body's `object`: "instagram" or "page" */
  object: string;
  /** the Conversations API's platform parameter */
  platform: string;
  /** the webhook fields messaging needs on this channel */
  fields: readonly string[];
  graph: MetaGraphOptions;
}

/** The parts of a Meta channel's adapter both channels share; each adapter adds its name and configured(). */
export function metaChannel(p: MetaChannelParts) {
  const graph = metaGraph(p.graph);

  return {
    readWebhook(rawBody: Buffer, signature: string | undefined): ChannelEvent[] | null {
      if (!signedByMeta(p.appSecret, rawBody, signature)) return null;
      let body: { object?: unknown; entry?: unknown } | null;
      try {
        body = JSON.parse(rawBody.toString("utf8")) as typeof body;
      } catch {
        return [];
      }
      return body?.object === p.object ? messagingEvents(p.channel, body.entry) : [];
    },

    verifySubscription: (query: Record<string, unknown>) => subscriptionChallenge(p.webhookVerifyToken, query),

    async send(req: SendRequest): Promise<{ externalId: string }> {
      const body = sendBody(p.channel, req);
      // never retried: a lost answer may be a sent message
      const r = await graph.call<{ message_id?: unknown }>(
        "POST",
        `${req.access.externalId}/messages`,
        req.access.accessToken,
        {
          json: body,
          creates: true,
          signal: req.signal,
        },
      );
      const id = str(r?.message_id);
      if (!id) throw new PlatformError("timeout", `${label(p.channel)} accepted the message without naming it`);
      return { externalId: id };
    },

    /**
     * The account's conversations updated since `since` (newest first, as Meta lists them) and their
     * messages since then, oldest first. Instagram gives the details of a conversation's 20 newest messages
     * only, so a sweep that runs every few minutes is what keeps up; webhooks carry the rest.
     */
    async recentMessages(access: ChannelAccess, since: Date): Promise<InboundMessage[]> {
      const account = access.externalId;
      const token = access.accessToken;
      const out: InboundMessage[] = [];
      const keep = (page: RawPage<RawMessage> | undefined): boolean => {
        let older = false;
        for (const raw of page?.data ?? []) {
          const m = readMessage(p.channel, account, raw);
          if (!m) continue;
          if (m.at < since) older = true;
          else out.push(m);
        }
        return !older;
      };
      let after: string | undefined;
      for (let n = 0; n < MAX_CONVERSATION_PAGES; n++) {
        const page = await graph.read<RawPage<RawConversation>>(`${account}/conversations`, token, {
          platform: p.platform,
          fields: CONVERSATION_FIELDS,
          limit: PAGE_SIZE,
          after,
        });
        let reachedOlder = false;
        for (const c of page.data ?? []) {
          const updated = metaTime(c.updated_time);
          if (updated < since) {
            reachedOlder = true;
            break;
          }
          let messages = c.messages;
          for (let m = 0; m < MAX_MESSAGE_PAGES && keep(messages); m++) {
            const cursor = nextCursor(messages);
            if (!cursor) break;
            messages = await graph.read<RawPage<RawMessage>>(`${str(c.id)}/messages`, token, {
              fields: MESSAGE_FIELDS,
              limit: PAGE_SIZE,
              after: cursor,
            });
          }
        }
        after = nextCursor(page);
        if (reachedOlder || !after) break;
      }
      const unique = new Map(out.map((m) => [m.externalId, m]));
      return [...unique.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    /**
     * Subscribes the account to the messaging fields, keeping the fields it already has for this app:
     * Meta's POST replaces the list, and the comments webhook subscribes the same Instagram account.
     */
    async subscribe(access: ChannelAccess): Promise<void> {
      const path = `${access.externalId}/subscribed_apps`;
      const current = await graph.read<RawPage<{ id?: unknown; subscribed_fields?: unknown }>>(
        path,
        access.accessToken,
        {},
      );
      const ours = (current.data ?? []).find((a) => !p.appId || str(a.id) === p.appId);
      const had = Array.isArray(ours?.subscribed_fields) ? ours.subscribed_fields.map(str).filter(Boolean) : [];
      const fields = [...new Set([...had, ...p.fields])].join(",");
      // subscribing again with the same fields changes nothing: safe to repeat
      const r = await withBackoff(
        () =>
          graph.call<{ success?: unknown }>("POST", path, access.accessToken, { form: { subscribed_fields: fields } }),
        { retries: 3, baseMs: p.graph.backoffMs ?? 500 },
      );
      if (r?.success !== true && r?.success !== "true")
        throw new PlatformError("unavailable", `${label(p.channel)} did not confirm the webhook subscription`);
    },
  };
}
