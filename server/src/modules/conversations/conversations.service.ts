// Conversations (docs/product.md#conversations): guests' private messages on Instagram, a Facebook Page and
// WhatsApp, one thread per guest and channel, beside the inbox's reviews and comments. Reading is open to
// every person of the café and its API keys; writing to a guest is a person's act, under the same rule as a
// public reply (replyRightsOf: the owners and the account holder, the team when the café allows it).
//
// A send is stored before it leaves, keyed by the caller's key (unique per thread), so two clicks or two
// workers make one message and one call; the channel's answer, or its refusal, is written on that row. The
// window decides what may go: a free message within 24 hours of the guest's last one; on Instagram and
// Messenger a person's answer up to 7 days with Meta's human agent tag; on WhatsApp, after 24 hours, only an
// approved template. Demo threads answer locally: nothing leaves Sufra.
import { createHash } from "node:crypto";
import {
  CHANNEL_PACKS,
  channelTextLength,
  conversationFilterSchema,
  conversationNoteSchema,
  conversationSendSchema,
  kuwaitDate,
  kwdText,
  savedReplySchema,
  templateParamCount,
  type ChannelName,
} from "@sufra/schema";
import { answerChat, type ChatAnswer } from "../../ai/local/chat-answer.ts";
import type { ChannelAccess, ChannelAdapter, OutgoingMessage } from "../../channels/types.ts";
import { windowRefusalOf } from "../../channels/index.ts";
import type { Deps } from "../../deps.ts";
import type { Conversation, ConversationMessage, Prisma } from "../../generated/prisma/client.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { PlatformError } from "../../networks/types.ts";
import { requireRunning } from "../billing/index.ts";
import { loadBusinessProfile, loadMenuItems } from "../business-profile/index.ts";
import { holidayOverrideInputs } from "../calendar/index.ts";
import { inboxChanged, requireGuestWriter } from "../inbox/index.ts";
import { hoursSeasonOn } from "@sufra/schema";
import { createReceiver } from "./receive.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A send claimed this long ago with no answer is a crashed sender's: it is shown failed, never sent again by itself. */
const SEND_CLAIM_MS = 2 * 60_000;
/** The permission a connected account needs for its messages (Instagram API with Instagram Login; Pages). */
const MESSAGING_SCOPE = { instagram: "instagram_business_manage_messages", facebook: "pages_messaging" } as const;
/** Accounts read by one run of the conversations.sweep job. */
const SWEEP_BATCH = 20;
/** How far back a sweep reads: longer than the sweep's period, so a delivery Meta gave up on is found. */
const SWEEP_LOOKBACK_MS = 2 * HOUR_MS;
/** How often the conversations.sweep job runs (conversations.jobs.ts). */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** The newest messages a thread shows. */
const THREAD_MESSAGES = 200;

export interface ConversationsOptions {
  /** the channels this server has an app for; a missing one is not connected */
  channels: Partial<Record<ChannelName, ChannelAdapter>>;
  /** a usable token of a platform account (Instagram), refreshed when due */
  accountAccess(accountId: string): Promise<{ access: { accessToken: string } }>;
  /** the absolute URL a channel fetches a photo of the media library from */
  mediaForSend?(businessId: string, mediaId: string): Promise<{ url: string; mime: string; bytes: number } | null>;
  now?: () => Date;
}

/** What may be sent now in a thread, from the guest's last message and the channel's rules. */
export interface WindowState {
  /** a free message goes now */
  open: boolean;
  /** when the 24-hour window closes (null: the guest never wrote) */
  closesAt: Date | null;
  /** Instagram and Messenger: a person's answer still goes with the human agent tag until then */
  humanAgentUntil: Date | null;
  /** WhatsApp after 24 hours: only an approved template */
  templateOnly: boolean;
}

function windowOf(channel: ChannelName, lastGuestAt: Date | null, now: Date): WindowState {
  const pack = CHANNEL_PACKS[channel];
  if (!lastGuestAt) return { open: false, closesAt: null, humanAgentUntil: null, templateOnly: pack.templates };
  const closesAt = new Date(lastGuestAt.getTime() + pack.windowHours * HOUR_MS);
  const humanAgentUntil = pack.humanAgentDays ? new Date(lastGuestAt.getTime() + pack.humanAgentDays * DAY_MS) : null;
  const open = now < closesAt;
  return { open, closesAt, humanAgentUntil, templateOnly: !open && pack.templates };
}

type Thread = Conversation & { assignedName?: string | null };

export function createConversationsService(deps: Deps, opts: ConversationsOptions) {
  const { db, logger } = deps;
  const now = opts.now ?? (() => new Date());
  const crypto = createTokenCrypto(deps.config.tokenKey);
  const receiver = createReceiver(deps, { now });

  const changed = inboxChanged(deps);

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** The viewer writes to guests for the business (the public replies' rule: inbox's requireGuestWriter). */
  const requireWriter = (viewer: Viewer | null) => requireGuestWriter(db, viewer);

  async function own(businessId: string, id: unknown): Promise<Conversation> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const c = await db.conversation.findFirst({ where: { id, businessId } });
    if (!c) throw new AppError("NOT_FOUND");
    return c;
  }

  /** The café's side of a thread as its channel's adapter needs it: the token, opened only here. */
  async function accessOf(c: Conversation): Promise<ChannelAccess> {
    if (c.channel === "whatsapp") {
      const n = await db.whatsappNumber.findFirst({
        where: { businessId: c.businessId, phoneNumberId: c.accountExternalId, status: "connected" },
      });
      if (!n) throw new AppError("CHANNEL_NOT_CONNECTED");
      return { externalId: n.phoneNumberId, accessToken: crypto.open(n.tokenSealed), groupId: n.wabaId };
    }
    if (c.channel === "facebook") {
      const page = await db.facebookPage.findFirst({
        where: {
          pageId: c.accountExternalId,
          chosen: true,
          account: { businessId: c.businessId, status: "connected" },
        },
      });
      if (!page) throw new AppError("CHANNEL_NOT_CONNECTED");
      return { externalId: page.pageId, accessToken: crypto.open(page.accessToken) };
    }
    const acc = await db.platformAccount.findFirst({
      where: { businessId: c.businessId, platform: "instagram", externalId: c.accountExternalId, status: "connected" },
    });
    if (!acc) throw new AppError("CHANNEL_NOT_CONNECTED");
    const { access } = await opts.accountAccess(acc.id);
    return { externalId: acc.externalId, accessToken: access.accessToken };
  }

  /** One account's recent messages read and stored (each once): the sweep, by hand or by the job. */
  async function sweep(channel: ChannelName, access: ChannelAccess, since: Date) {
    const adapter = opts.channels[channel];
    if (!adapter?.configured()) return { added: 0, ignored: 0 };
    const messages = await adapter.recentMessages(access, since);
    return receiver.receive(messages.map((message) => ({ kind: "message" as const, message })));
  }

  /** The channel and access a platform account's messages are read with; null when it has none to read. */
  async function sweepRoute(accountId: string): Promise<{ channel: ChannelName; access: ChannelAccess } | null> {
    const acc = await db.platformAccount.findUniqueOrThrow({ where: { id: accountId } });
    if (acc.platform === "facebook") {
      const page = await db.facebookPage.findFirst({ where: { accountId, chosen: true } });
      return page
        ? { channel: "facebook", access: { externalId: page.pageId, accessToken: crypto.open(page.accessToken) } }
        : null;
    }
    const { access } = await opts.accountAccess(acc.id);
    return { channel: "instagram", access: { externalId: acc.externalId, accessToken: access.accessToken } };
  }

  /** What a person's input becomes on the channel, checked against the channel's own limits. */
  async function outgoing(
    c: Conversation,
    input: ReturnType<typeof conversationSendSchema.parse>,
  ): Promise<{ message: OutgoingMessage; text: string; kind: string; templateName: string | null; media: unknown[] }> {
    const pack = CHANNEL_PACKS[c.channel as ChannelName];
    if (input.templateId) {
      if (c.channel !== "whatsapp") throw new AppError("VALIDATION_ERROR", { templateId: ["invalidValue"] });
      const t = await db.whatsappTemplate.findFirst({ where: { id: input.templateId, businessId: c.businessId } });
      if (!t) throw new AppError("NOT_FOUND");
      if (t.status !== "approved") throw new AppError("TEMPLATE_NOT_APPROVED");
      const params = input.params ?? [];
      if (params.length !== templateParamCount(t.body))
        throw new AppError("VALIDATION_ERROR", { params: ["invalidValue"] });
      const text = t.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? "");
      return {
        message: { kind: "template", name: t.name, language: t.language, params },
        text,
        kind: "template",
        templateName: t.name,
        media: [],
      };
    }
    const text = input.text ?? "";
    if (channelTextLength(c.channel as ChannelName, text) > pack.maxText)
      throw new AppError("VALIDATION_ERROR", { text: ["conversationTextTooLong"] });
    if (input.mediaId) {
      // Instagram and Messenger take no caption on a photo: its words go as a message of their own
      if (text && !pack.captions) throw new AppError("VALIDATION_ERROR", { text: ["invalidValue"] });
      const m = opts.mediaForSend ? await opts.mediaForSend(c.businessId, input.mediaId) : null;
      if (!m) throw new AppError("NOT_FOUND");
      if (!pack.image.mimes.includes(m.mime) || m.bytes > pack.image.maxBytes)
        throw new AppError("VALIDATION_ERROR", { mediaId: ["invalidValue"] });
      return {
        message: { kind: "image", url: m.url, mime: m.mime, bytes: m.bytes, caption: text || null },
        text,
        kind: "image",
        templateName: null,
        media: [{ kind: "image", url: m.url, mime: m.mime }],
      };
    }
    if (input.choices?.length) {
      if (input.choices.length > pack.choices.max || input.choices.some((t) => [...t].length > pack.choices.maxTitle))
        throw new AppError("VALIDATION_ERROR", { choices: ["invalidValue"] });
      const choices = input.choices.map((title, i) => ({ id: `c${i + 1}`, title }));
      return { message: { kind: "choices", text, choices }, text, kind: "choices", templateName: null, media: [] };
    }
    return { message: { kind: "text", text }, text, kind: "text", templateName: null, media: [] };
  }

  /** The channel's adapter and the café's access for a thread, or CHANNEL_NOT_CONNECTED; none for a demo thread. */
  async function route(c: Conversation): Promise<{ adapter: ChannelAdapter; access: ChannelAccess } | null> {
    if (c.demo) return null;
    const adapter = opts.channels[c.channel as ChannelName];
    if (!adapter?.configured()) throw new AppError("CHANNEL_NOT_CONNECTED");
    return { adapter, access: await accessOf(c) };
  }

  /** Sends one message in a thread; the same key answers the same message (sent once). */
  async function send(
    viewer: Viewer | null,
    conversationId: unknown,
    raw: unknown,
    extra: { orderId?: string | null } = {},
  ): Promise<ConversationMessage> {
    const { v, businessId } = await requireWriter(viewer);
    // another café's thread is not found before its input is read
    const c = await own(businessId, conversationId);
    const input = validate(conversationSendSchema, raw);
    return sendIn(c, input, v.userId ?? null, extra.orderId ?? null);
  }

  /** The send itself, once the sender is known: claimed by its key, then sent, then written back. */
  async function sendIn(
    c: Conversation,
    input: ReturnType<typeof conversationSendSchema.parse>,
    senderId: string | null,
    orderId: string | null,
  ): Promise<ConversationMessage> {
    const businessId = c.businessId;
    const existing = await db.conversationMessage.findUnique({
      where: { conversationId_sendKey: { conversationId: c.id, sendKey: input.key } },
    });
    if (existing) return existing;
    const at = now();
    const w = windowOf(c.channel as ChannelName, c.lastGuestAt, at);
    const out = await outgoing(c, input);
    let humanAgent = false;
    if (out.message.kind !== "template" && !w.open) {
      if (w.humanAgentUntil && at < w.humanAgentUntil) humanAgent = true;
      else throw new AppError("CONVERSATION_WINDOW_CLOSED");
    }
    // a channel not connected is said before anything is written
    const via = await route(c);
    // the claim: one row per key, written before anything leaves
    const claimed = await db.conversationMessage.createMany({
      data: [
        {
          conversationId: c.id,
          businessId,
          direction: "out",
          kind: out.kind,
          text: out.text,
          media: out.media as Prisma.InputJsonValue,
          choices: out.message.kind === "choices" ? out.message.choices : [],
          templateName: out.templateName,
          state: "sending",
          sendKey: input.key,
          sentById: senderId,
          humanAgent,
          orderId,
          at,
        },
      ],
      skipDuplicates: true,
    });
    const row = await db.conversationMessage.findUniqueOrThrow({
      where: { conversationId_sendKey: { conversationId: c.id, sendKey: input.key } },
    });
    if (claimed.count === 0) return row; // another click or worker holds it
    try {
      const sent = via
        ? await via.adapter.send({ access: via.access, to: c.guestExternalId, message: out.message, humanAgent })
        : { externalId: `demo:${row.id}` };
      const done = await db.$transaction(async (tx) => {
        await tx.$queryRaw`select id from conversations where id = ${c.id}::uuid for update`;
        const t = await tx.conversation.findUniqueOrThrow({ where: { id: c.id } });
        const first = t.awaitingSince && t.firstResponseMs == null;
        await tx.conversation.update({
          where: { id: c.id },
          data: {
            lastMessageAt: at > t.lastMessageAt ? at : t.lastMessageAt,
            lastPreview: (out.text || `[${out.kind}]`).slice(0, 140),
            awaitingSince: null,
            unread: 0,
            ...(first
              ? { firstResponseMs: at.getTime() - t.awaitingSince!.getTime(), firstResponseById: senderId }
              : {}),
          },
        });
        return tx.conversationMessage.update({
          where: { id: row.id },
          data: { state: "sent", externalId: sent.externalId, error: null },
        });
      });
      await changed(businessId, "conversation.sent");
      return done;
    } catch (e) {
      const reason =
        e instanceof PlatformError
          ? windowRefusalOf(e)
            ? "window"
            : e.platformMessage
          : e instanceof AppError
            ? e.code
            : String(e);
      await db.conversationMessage.update({ where: { id: row.id }, data: { state: "failed", error: reason } });
      if (e instanceof AppError) throw e;
      logger.warn("conversation send refused", { channel: c.channel, reason });
      await changed(businessId, "conversation.failed");
      return db.conversationMessage.findUniqueOrThrow({ where: { id: row.id } });
    }
  }

  /** The guest's messages since the café last answered: what a suggestion answers. */
  async function unanswered(c: Conversation): Promise<string> {
    const recent = await db.conversationMessage.findMany({
      where: { conversationId: c.id },
      orderBy: { at: "desc" },
      take: 20,
      select: { direction: true, text: true },
    });
    const mine: string[] = [];
    for (const m of recent) {
      if (m.direction === "out") break;
      if (m.text.trim()) mine.unshift(m.text);
    }
    return mine.join("\n");
  }

  async function stats(businessId: string, from: Date, to: Date) {
    const rows = await db.$queryRaw<
      { threads: bigint; open: bigint; unread: bigint; answered: bigint; median_ms: number | null }[]
    >`
      select count(*) as threads,
             count(*) filter (where status = 'open') as open,
             coalesce(sum(unread), 0) as unread,
             count(first_response_ms) as answered,
             percentile_cont(0.5) within group (order by first_response_ms) as median_ms
        from conversations
       where business_id = ${businessId}::uuid and created_at >= ${from} and created_at < ${to}`;
    const people = await db.$queryRaw<{ user_id: string; name: string; answered: bigint; median_ms: number }[]>`
      select c.first_response_by_id as user_id, u.name, count(*) as answered,
             percentile_cont(0.5) within group (order by c.first_response_ms) as median_ms
        from conversations c join users u on u.id = c.first_response_by_id
       where c.business_id = ${businessId}::uuid and c.created_at >= ${from} and c.created_at < ${to}
         and c.first_response_ms is not null
       group by c.first_response_by_id, u.name
       order by median_ms asc`;
    const r = rows[0]!;
    return {
      threads: Number(r.threads),
      open: Number(r.open),
      unread: Number(r.unread),
      answered: Number(r.answered),
      medianFirstResponseMs: r.median_ms == null ? null : Math.round(r.median_ms),
      people: people.map((p) => ({
        userId: p.user_id,
        name: p.name,
        answered: Number(p.answered),
        medianFirstResponseMs: Math.round(p.median_ms),
      })),
    };
  }

  return {
    /**
     * Subscribes a connected Instagram account, or the chosen Page of a Facebook connection, to the messaging
     * webhook (after the comments' subscription: the channel keeps the fields already there). A channel this
     * server has no app for, or an account without the messaging permission, is left as it is.
     */
    async subscribeAccount(accountId: string): Promise<boolean> {
      const acc = await db.platformAccount.findUnique({ where: { id: accountId } });
      if (!acc || acc.demo || acc.status !== "connected") return false;
      const channel = acc.platform === "instagram" ? "instagram" : acc.platform === "facebook" ? "facebook" : null;
      const adapter = channel ? opts.channels[channel] : undefined;
      if (!channel || !adapter?.configured()) return false;
      // only an account that granted messaging: subscribing one that did not would be refused
      if (!acc.scopes.includes(MESSAGING_SCOPE[channel])) return false;
      try {
        if (channel === "facebook") {
          const page = await db.facebookPage.findFirst({ where: { accountId, chosen: true } });
          if (!page) return false;
          await adapter.subscribe({ externalId: page.pageId, accessToken: crypto.open(page.accessToken) });
        } else {
          const { access } = await opts.accountAccess(acc.id);
          await adapter.subscribe({ externalId: acc.externalId, accessToken: access.accessToken });
        }
        return true;
      } catch (e) {
        logger.warn("messaging subscription failed", { channel, error: (e as Error).message });
        return false;
      }
    },

    /** What a channel's webhook or sweep brought (receive.ts). */
    receive: receiver.receive,

    /** A channel's webhook delivery: null when its signature does not verify (nothing is stored then). */
    async receiveWebhook(channel: ChannelName, rawBody: Buffer, signature: string | undefined) {
      const adapter = opts.channels[channel];
      if (!adapter?.configured()) return null;
      const events = adapter.readWebhook(rawBody, signature);
      return events ? receiver.receive(events) : null;
    },

    /** The webhook's subscription handshake: the challenge to echo, or null. */
    verifySubscription(channel: ChannelName, query: Record<string, unknown>): string | null {
      return opts.channels[channel]?.verifySubscription(query) ?? null;
    },

    /**
     * The conversations.sweep job: the connected Instagram accounts and chosen Pages that granted messaging,
     * the least recently swept first (at most SWEEP_BATCH a run), each read for the last SWEEP_LOOKBACK_MS;
     * a refusal is logged and the next account read. What a webhook brought is not stored again.
     */
    async sweepDue(): Promise<{ read: number; added: number }> {
      const due = await db.platformAccount.findMany({
        where: {
          demo: false,
          status: "connected",
          OR: [
            { platform: "instagram", scopes: { has: MESSAGING_SCOPE.instagram } },
            { platform: "facebook", scopes: { has: MESSAGING_SCOPE.facebook } },
          ],
        },
        orderBy: [{ messagesSweptAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
        take: SWEEP_BATCH,
        select: { id: true },
      });
      let added = 0;
      const since = new Date(now().getTime() - SWEEP_LOOKBACK_MS);
      for (const { id } of due) {
        await db.platformAccount.update({ where: { id }, data: { messagesSweptAt: now() } });
        try {
          const route = await sweepRoute(id);
          if (route) added += (await sweep(route.channel, route.access, since)).added;
        } catch (e) {
          logger.warn("messages sweep failed", { accountId: id, error: (e as Error).message });
        }
      }
      return { read: due.length, added };
    },

    /**
     * The safety sweep of one café account's recent messages (Instagram and Messenger list them; WhatsApp
     * has no such read): what a webhook delivery missed is stored now, what it brought is not stored twice.
     */
    sweep,

    /** The threads of the business, the newest message first. */
    async threads(viewer: Viewer | null, filter: unknown, page: { skip: number; take: number }) {
      const { v, businessId } = business(viewer);
      const f = validate(conversationFilterSchema, filter ?? {});
      const where: Prisma.ConversationWhereInput = {
        businessId,
        ...(f.channel ? { channel: f.channel } : {}),
        ...(f.status ? { status: f.status } : {}),
        ...(f.unread ? { unread: { gt: 0 } } : {}),
        ...(f.assigned === "me"
          ? { assignedToId: v.userId ?? "00000000-0000-0000-0000-000000000000" }
          : f.assigned === "none"
            ? { assignedToId: null }
            : f.assigned
              ? { assignedToId: f.assigned }
              : {}),
      };
      const take = Math.min(Math.max(page.take, 1), 100);
      const [items, total] = await Promise.all([
        db.conversation.findMany({
          where,
          orderBy: [{ lastMessageAt: "desc" }, { id: "asc" }],
          skip: page.skip,
          take,
        }),
        db.conversation.count({ where }),
      ]);
      return { items: items as Thread[], total };
    },

    async thread(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      return own(businessId, id);
    },

    /** A thread's newest messages, oldest first. */
    async messages(businessId: string, conversationId: string) {
      const rows = await db.conversationMessage.findMany({
        where: { conversationId, businessId },
        orderBy: [{ at: "desc" }, { createdAt: "desc" }],
        take: THREAD_MESSAGES,
      });
      const stale = now().getTime() - SEND_CLAIM_MS;
      return rows
        .reverse()
        .map((m) => (m.state === "sending" && m.createdAt.getTime() < stale ? { ...m, state: "failed" } : m));
    },

    async notes(businessId: string, conversationId: string) {
      return db.conversationNote.findMany({
        where: { conversationId, businessId },
        orderBy: { createdAt: "asc" },
        take: 200,
      });
    },

    window: (c: Conversation) => windowOf(c.channel as ChannelName, c.lastGuestAt, now()),

    /** Unread threads' messages, for the inbox's tab. */
    async unreadCount(viewer: Viewer | null) {
      const { businessId } = business(viewer);
      const r = await db.conversation.aggregate({ where: { businessId }, _sum: { unread: true } });
      return r._sum.unread ?? 0;
    },

    send,

    async markRead(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      if (c.unread === 0) return c;
      const r = await db.conversation.update({ where: { id: c.id }, data: { unread: 0 } });
      await changed(businessId, "conversation.read");
      return r;
    },

    /** Gives the thread to a person of the café (or to nobody). */
    async assign(viewer: Viewer | null, id: unknown, userId: unknown) {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      if (userId != null) {
        if (!isUuid(userId)) throw new AppError("VALIDATION_ERROR", { userId: ["invalidValue"] });
        const member = await db.membership.findFirst({ where: { businessId, userId } });
        if (!member) throw new AppError("VALIDATION_ERROR", { userId: ["invalidValue"] });
      }
      const r = await db.conversation.update({
        where: { id: c.id },
        data: { assignedToId: (userId as string | null) ?? null },
      });
      await changed(businessId, "conversation.assigned");
      return r;
    },

    async setStatus(viewer: Viewer | null, id: unknown, status: unknown) {
      const { businessId } = business(viewer);
      if (status !== "open" && status !== "handled")
        throw new AppError("VALIDATION_ERROR", { status: ["invalidValue"] });
      const c = await own(businessId, id);
      const r = await db.conversation.update({
        where: { id: c.id },
        data: { status, ...(status === "handled" ? { unread: 0 } : {}) },
      });
      await changed(businessId, "conversation.status");
      return r;
    },

    /** A note for the team only; never sent. */
    async addNote(viewer: Viewer | null, id: unknown, raw: unknown) {
      const { v, businessId } = business(viewer);
      const { text } = validate(conversationNoteSchema, raw);
      const c = await own(businessId, id);
      const note = await db.conversationNote.create({
        data: { conversationId: c.id, businessId, authorId: v.userId ?? null, text },
      });
      await changed(businessId, "conversation.note");
      return note;
    },

    /**
     * A suggested answer to the guest's unanswered messages, from the profile's facts, in their language and
     * dialect; with the items and quantities they order (the order builder starts from them).
     */
    async suggest(viewer: Viewer | null, id: unknown): Promise<ChatAnswer> {
      const { businessId } = business(viewer);
      await requireRunning(db, businessId, "ai");
      const c = await own(businessId, id);
      const text = await unanswered(c);
      const [profile, menu, b, overrides] = await Promise.all([
        loadBusinessProfile(db, businessId),
        loadMenuItems(db, businessId),
        db.business.findUniqueOrThrow({ where: { id: businessId }, select: { tapSecretSealed: true } }),
        holidayOverrideInputs(db),
      ]);
      return answerChat({
        text,
        business: {
          ...profile,
          menu: menu.map((m) => ({
            id: m.id,
            name: m.name,
            nameAr: m.nameAr,
            priceKwd: m.priceKwd == null ? null : Number(m.priceKwd),
          })),
        },
        season: hoursSeasonOn(kuwaitDate(now()), overrides),
        takesOrders: !!b.tapSecretSealed,
      });
    },

    async savedReplies(viewer: Viewer | null) {
      const { businessId } = business(viewer);
      return db.savedReply.findMany({ where: { businessId }, orderBy: { title: "asc" }, take: 200 });
    },

    async saveReply(viewer: Viewer | null, id: unknown, raw: unknown) {
      const { v, businessId } = business(viewer);
      if (id != null) {
        if (!isUuid(id) || !(await db.savedReply.findFirst({ where: { id, businessId }, select: { id: true } })))
          throw new AppError("NOT_FOUND");
        const input = validate(savedReplySchema, raw);
        const r = await db.savedReply.updateMany({ where: { id, businessId }, data: input });
        if (!r.count) throw new AppError("NOT_FOUND");
        return db.savedReply.findUniqueOrThrow({ where: { id } });
      }
      const input = validate(savedReplySchema, raw);
      return db.savedReply
        .create({ data: { ...input, businessId, createdById: v.userId ?? null } })
        .catch((e: unknown) => {
          if ((e as { code?: string }).code === "P2002")
            throw new AppError("VALIDATION_ERROR", { title: ["invalidValue"] });
          throw e;
        });
    },

    async removeSavedReply(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const r = await db.savedReply.deleteMany({ where: { id, businessId } });
      if (!r.count) throw new AppError("NOT_FOUND");
      return true;
    },

    /** Threads and first answers over a period: counts, the median first response, and per person. */
    async figures(viewer: Viewer | null, range: { from: Date; to: Date }) {
      const { businessId } = business(viewer);
      return stats(businessId, range.from, range.to);
    },

    /**
     * What an order's guest hears (the orders module's hook, after its commit): the payment link is sent in the
     * order's thread in the guest's language, once per link; paid, failed, cancelled and refunded are shown to
     * the team as a line of the thread. A link the window no longer allows stays on the thread as failed.
     */
    async tellOrder(
      order: {
        id: string;
        businessId: string;
        conversationId: string | null;
        number: number;
        totalFils: number;
        paymentUrl: string | null;
      },
      news: "link" | "paid" | "failed" | "cancelled" | "refunded",
    ) {
      if (!order.conversationId) return;
      const c = await db.conversation.findFirst({ where: { id: order.conversationId, businessId: order.businessId } });
      if (!c) return;
      const total = `${kwdText(order.totalFils / 1000)}`;
      if (news === "link" && order.paymentUrl) {
        const text =
          c.language === "ar"
            ? `طلبكم رقم ${order.number} (${total} د.ك). للدفع عبر كي نت: ${order.paymentUrl}`
            : `Your order #${order.number} (${total} KWD). Pay by KNET here: ${order.paymentUrl}`;
        // one message per link: a new attempt's link is a new key (its URL's digest; a URL can be long)
        const key = `order:${order.id}:${createHash("sha256").update(order.paymentUrl).digest("hex").slice(0, 24)}`;
        await sendIn(c, { key, text }, null, order.id).catch((e: unknown) =>
          logger.warn("order link not sent", { error: (e as Error).message }),
        );
        return;
      }
      if (news === "link") return;
      await db.conversationMessage.create({
        data: {
          conversationId: c.id,
          businessId: c.businessId,
          direction: "event",
          kind: "event",
          // the screen writes it in the person's language: "order.<news>:<number>:<total in fils>"
          text: `order.${news}:${order.number}:${order.totalFils}`,
          orderId: order.id,
          at: now(),
        },
      });
      await changed(c.businessId, "conversation.order");
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
