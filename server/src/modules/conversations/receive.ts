// What the channels bring (docs/product.md#conversations): a guest's message, an echo of the café's own, a
// delivery or read receipt, a WhatsApp template's review. A message is stored once whatever brings it (the
// webhook, the safety sweep, both at once): its thread is one row per café account and guest (an upsert on
// their unique key), and the message one row per channel id (insert ... on conflict do nothing). Only a row
// that was new moves the thread's counters, so a repeated delivery changes nothing.
import type { ChannelName } from "@sufra/schema";
import { detectReviewLanguage } from "../../ai/reader/index.ts";
import type {
  ChannelEvent,
  ConversationStart,
  DeliveryStatus,
  InboundMessage,
  TemplateStatus,
} from "../../channels/types.ts";
import type { Deps } from "../../deps.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { inboxChanged } from "../inbox/index.ts";

/** The café a channel's account belongs to, and whether it is the demo café's. */
export interface Owner {
  businessId: string;
  demo: boolean;
}

/** A short line for the thread list: the text, or what was sent without one. */
function previewOf(m: Pick<InboundMessage, "text" | "media" | "choice">): string {
  const text = m.text.trim() || m.choice?.title || (m.media[0] ? `[${m.media[0].kind}]` : "");
  return text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text;
}

/** A campaign's chat links carry `ref` = "c" + the first 12 hex digits of its id (ig.me, m.me, wa.me's text). */
export const campaignRef = (campaignId: string) => `c${campaignId.replace(/-/g, "").slice(0, 12)}`;
const REF_IN_TEXT = /\bref[:\s]+(c[0-9a-f]{12})\b/i;

export function createReceiver(deps: Deps, opts: { now: () => Date }) {
  const { db } = deps;
  const changed = inboxChanged(deps);

  /** The café of a channel account: a connected Instagram account, a chosen Facebook Page, a WhatsApp number. */
  async function ownerOf(channel: ChannelName, accountExternalId: string): Promise<Owner | null> {
    if (channel === "whatsapp") {
      const n = await db.whatsappNumber.findUnique({
        where: { phoneNumberId: accountExternalId },
        select: { businessId: true },
      });
      return n ? { businessId: n.businessId, demo: false } : null;
    }
    if (channel === "facebook") {
      const page = await db.facebookPage.findFirst({
        where: { pageId: accountExternalId, chosen: true, account: { status: { not: "disconnected" } } },
        select: { account: { select: { businessId: true, demo: true } } },
      });
      return page ? { businessId: page.account.businessId, demo: page.account.demo } : null;
    }
    const acc = await db.platformAccount.findFirst({
      where: { platform: "instagram", externalId: accountExternalId, status: { not: "disconnected" } },
      select: { businessId: true, demo: true },
      orderBy: { createdAt: "desc" },
    });
    return acc;
  }

  /** Sufra's post or campaign a conversation started from: the post's network id, or a campaign link's ref. */
  async function attribution(businessId: string, start: ConversationStart | null | undefined, text: string) {
    const out: { postId: string | null; campaignId: string | null } = { postId: null, campaignId: null };
    if (start?.externalId && (start.kind === "post" || start.kind === "story")) {
      const target = await db.postTarget.findFirst({
        where: { externalId: start.externalId, post: { businessId } },
        select: { postId: true, post: { select: { campaignId: true } } },
      });
      if (target) {
        out.postId = target.postId;
        out.campaignId = target.post.campaignId;
      }
    }
    const ref = start?.ref ?? text.match(REF_IN_TEXT)?.[1] ?? null;
    if (!out.campaignId && ref && /^c[0-9a-f]{12}$/i.test(ref)) {
      const hex = ref.slice(1).toLowerCase();
      const [found] = await db.$queryRaw<{ id: string }[]>`
        select id from campaigns where business_id = ${businessId}::uuid
          and replace(id::text, '-', '') like ${`${hex}%`} limit 1`;
      if (found) out.campaignId = found.id;
    }
    return out;
  }

  /** Stores one message; true when it was new. */
  async function storeMessage(m: InboundMessage, owner: Owner): Promise<boolean> {
    const { businessId } = owner;
    const started = m.fromBusiness ? null : (m.startedBy ?? null);
    const refFromText = m.fromBusiness ? "" : m.text;
    const link = started || REF_IN_TEXT.test(refFromText) ? await attribution(businessId, started, refFromText) : null;
    const thread = await db.conversation.upsert({
      where: {
        businessId_channel_accountExternalId_guestExternalId: {
          businessId,
          channel: m.channel,
          accountExternalId: m.accountExternalId,
          guestExternalId: m.guestExternalId,
        },
      },
      create: {
        businessId,
        channel: m.channel,
        accountExternalId: m.accountExternalId,
        guestExternalId: m.guestExternalId,
        guestName: m.guestName ?? null,
        lastMessageAt: m.at,
        demo: owner.demo,
        startedKind: started?.kind ?? (link?.campaignId ? "link" : null),
        startedExternalId: started?.externalId ?? null,
        startedRef: started?.ref ?? null,
        postId: link?.postId ?? null,
        campaignId: link?.campaignId ?? null,
      },
      update: m.guestName ? { guestName: m.guestName } : {},
    });
    return db.$transaction(async (tx) => {
      // the thread row is locked first: two deliveries of one thread count in turn
      await tx.$queryRaw`select id from conversations where id = ${thread.id}::uuid for update`;
      const inserted = await tx.conversationMessage.createMany({
        data: [
          {
            conversationId: thread.id,
            businessId,
            direction: m.fromBusiness ? "out" : "in",
            kind: m.choice ? "choices" : m.media.length && !m.text ? "image" : "text",
            text: m.text,
            media: m.media as unknown as Prisma.InputJsonValue,
            choices: m.choice ? [m.choice] : [],
            externalId: m.externalId,
            state: m.fromBusiness ? "sent" : null,
            at: m.at,
          },
        ],
        skipDuplicates: true,
      });
      if (inserted.count === 0) return false;
      const t = await tx.conversation.findUniqueOrThrow({ where: { id: thread.id } });
      const newest = m.at >= t.lastMessageAt;
      const data: Prisma.ConversationUpdateInput = newest ? { lastMessageAt: m.at, lastPreview: previewOf(m) } : {};
      if (m.fromBusiness) {
        // answered from the phone's app: the thread is answered all the same
        if (t.awaitingSince && m.at >= t.awaitingSince) {
          data.awaitingSince = null;
          if (t.firstResponseMs == null) data.firstResponseMs = m.at.getTime() - t.awaitingSince.getTime();
        }
      } else if (m.text.trim() || m.media.length || m.choice) {
        // a link opened without a word (a referral) starts the thread but asks nothing: no unread, no wait
        data.unread = { increment: 1 };
        if (!t.lastGuestAt || m.at > t.lastGuestAt) data.lastGuestAt = m.at;
        if (!t.awaitingSince) data.awaitingSince = m.at;
        if (t.status === "handled") data.status = "open";
        if (m.text.trim()) data.language = detectReviewLanguage(m.text) === "ar" ? "ar" : "en";
      }
      await tx.conversation.update({ where: { id: thread.id }, data });
      return true;
    });
  }

  /** The café's message got further: sent, delivered, read (never back), or failed with the channel's reason. */
  async function storeStatus(s: DeliveryStatus): Promise<string | null> {
    const row = await db.conversationMessage.findFirst({
      where: { externalId: s.externalId, conversation: { channel: s.channel, accountExternalId: s.accountExternalId } },
      select: { id: true, state: true, businessId: true },
    });
    if (!row) return null;
    const order = ["sending", "sent", "delivered", "read"];
    const forward =
      s.state === "failed" ? row.state !== "read" : order.indexOf(s.state) > order.indexOf(row.state ?? "");
    if (!forward) return null;
    await db.conversationMessage.update({
      where: { id: row.id },
      data: {
        state: s.state,
        ...(s.error ? { error: `${s.error.code}: ${s.error.message}` } : {}),
      },
    });
    return row.businessId;
  }

  /** The guest read the café's messages up to a time (Messenger and Instagram's read event). */
  async function storeRead(channel: ChannelName, accountExternalId: string, guest: string, at: Date) {
    const thread = await db.conversation.findFirst({
      where: { channel, accountExternalId, guestExternalId: guest },
      select: { id: true, businessId: true },
    });
    if (!thread) return null;
    const r = await db.conversationMessage.updateMany({
      where: { conversationId: thread.id, direction: "out", at: { lte: at }, state: { in: ["sent", "delivered"] } },
      data: { state: "read" },
    });
    return r.count ? thread.businessId : null;
  }

  async function storeTemplate(t: TemplateStatus): Promise<string | null> {
    const row = await db.whatsappTemplate.findFirst({
      where: { OR: [{ externalId: t.externalId }, { name: t.name, language: t.language, externalId: null }] },
      select: { id: true, businessId: true },
    });
    if (!row) return null;
    await db.whatsappTemplate.update({
      where: { id: row.id },
      data: { status: t.state, externalId: t.externalId, reason: t.reason ?? null },
    });
    return row.businessId;
  }

  /** Stores what a webhook or a sweep brought; answers how many messages were new. */
  async function receive(events: readonly ChannelEvent[]): Promise<{ added: number; ignored: number }> {
    let added = 0;
    let ignored = 0;
    const touched = new Set<string>();
    for (const e of events) {
      if (e.kind === "message") {
        const owner = await ownerOf(e.message.channel, e.message.accountExternalId);
        if (!owner) {
          ignored++;
          continue;
        }
        if (await storeMessage(e.message, owner)) {
          added++;
          touched.add(owner.businessId);
        }
      } else {
        const businessId =
          e.kind === "status"
            ? await storeStatus(e.status)
            : e.kind === "read"
              ? await storeRead(e.channel, e.accountExternalId, e.guestExternalId, e.at)
              : await storeTemplate(e.template);
        if (businessId) touched.add(businessId);
      }
    }
    for (const businessId of touched) await changed(businessId, "conversation");
    return { added, ignored };
  }

  return { receive, ownerOf, now: opts.now };
}
