// Guests' data (docs/product.md#guests-data): what a conversation keeps of a guest is their id on the channel,
// the name the channel gives, their messages and, for an order, its items and delivery address. On request
// the café exports one guest's conversation and orders (JSON) or deletes them: the thread, its messages and
// notes go; the guest's orders stay for the café's accounts with the name and address removed. Threads
// quiet for longer than the café's retention (365 days unless it chooses 30 to 1,095) go the same way, every day.
import { guestRetentionSchema } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { requireCafeManager } from "./rights.ts";

/** Threads removed per run of the retention job (a bounded batch; the next day takes the rest). */
const RETENTION_BATCH = 500;

export function createGuestsData(deps: Deps, opts: { now: () => Date }) {
  const { db } = deps;

  const requireManager = (viewer: Viewer | null) => requireCafeManager(db, viewer);

  async function forget(tx: Tx, conversationIds: string[]) {
    await tx.order.updateMany({
      where: { conversationId: { in: conversationIds } },
      data: { guestName: null, address: null },
    });
    await tx.conversation.deleteMany({ where: { id: { in: conversationIds } } });
  }

  return {
    /** Everything Sufra keeps of the guest of one thread, as a JSON document. */
    async exportGuest(viewer: Viewer | null, conversationId: unknown) {
      const { v, businessId } = await requireManager(viewer);
      if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
      const c = await db.conversation.findFirst({
        where: { id: conversationId, businessId },
        include: {
          messages: { orderBy: { at: "asc" } },
          notes: { orderBy: { createdAt: "asc" } },
          orders: { orderBy: { createdAt: "asc" } },
        },
      });
      if (!c) throw new AppError("NOT_FOUND");
      await db.$transaction((tx) =>
        audit(tx, {
          actorId: v.userId ?? null,
          action: "guest.data_exported",
          entityType: "conversation",
          entityId: c.id,
          data: { channel: c.channel },
        }),
      );
      return {
        exportedAt: opts.now().toISOString(),
        channel: c.channel,
        guest: { id: c.guestExternalId, name: c.guestName },
        messages: c.messages.map((m) => ({
          at: m.at.toISOString(),
          from: m.direction === "in" ? "guest" : "cafe",
          text: m.text,
          media: m.media,
        })),
        notes: c.notes.map((n) => ({ at: n.createdAt.toISOString(), text: n.text })),
        orders: c.orders.map((o) => ({
          number: o.number,
          at: o.createdAt.toISOString(),
          items: o.items,
          totalFils: o.totalFils,
          fulfilment: o.fulfilment,
          address: o.address,
          status: o.status,
        })),
      };
    },

    /** Erases the guest of one thread: the thread goes, their orders keep only what the café's accounts need. */
    async deleteGuest(viewer: Viewer | null, conversationId: unknown) {
      const { v, businessId } = await requireManager(viewer);
      if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const c = await tx.conversation.findFirst({ where: { id: conversationId, businessId } });
        if (!c) throw new AppError("NOT_FOUND");
        await forget(tx, [c.id]);
        await audit(tx, {
          actorId: v.userId ?? null,
          action: "guest.data_deleted",
          entityType: "conversation",
          entityId: c.id,
          data: { channel: c.channel },
        });
        return true;
      });
    },

    async setRetention(viewer: Viewer | null, raw: unknown) {
      const { v, businessId } = await requireManager(viewer);
      const { days } = validate(guestRetentionSchema, raw);
      return db.$transaction(async (tx) => {
        const b = await tx.business.update({ where: { id: businessId }, data: { guestRetentionDays: days } });
        await audit(tx, {
          actorId: v.userId ?? null,
          action: "guest.retention_changed",
          entityType: "business",
          entityId: businessId,
          data: { days },
        });
        return b.guestRetentionDays;
      });
    },

    async retention(viewer: Viewer | null) {
      const v = requireScope(viewer, "business");
      const b = await db.business.findUniqueOrThrow({
        where: { id: v.businessId! },
        select: { guestRetentionDays: true },
      });
      return b.guestRetentionDays;
    },

    /** The daily job: threads quiet for longer than their café's retention are forgotten. */
    async purgeExpired(): Promise<number> {
      const now = opts.now();
      const due = await db.$queryRaw<{ id: string }[]>`
        select c.id from conversations c join businesses b on b.id = c.business_id
         where c.last_message_at < ${now}::timestamptz - make_interval(days => b.guest_retention_days)
         limit ${RETENTION_BATCH}`;
      if (!due.length) return 0;
      await db.$transaction((tx) =>
        forget(
          tx,
          due.map((d) => d.id),
        ),
      );
      return due.length;
    },
  };
}
