// Notifications: stored per person as a type and its data (the client writes the text, in the person's
// language). They come from events: every server process hears every "client.changed", so each
// notification has a deterministic dedupe key, the insert skips keys another process wrote first, and
// only the rows this process inserted are announced ("notification.created"). Billing's reminders (the
// trial ending, a payment due) are written by billing's lifecycle through notifyIn, inside its own
// transaction (docs/product.md#subscriptions-and-billing). A person only ever sees and marks their own.
import {
  markNotificationsReadSchema,
  notificationsQuerySchema,
  type NotificationData,
  type NotificationType,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Notification, Prisma } from "../../generated/prisma/client.ts";
import { only, publishIn, type Events } from "../../kernel/pubsub.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { idPage } from "../../kernel/pagination.ts";

export interface Draft<T extends NotificationType = NotificationType> {
  userId: string;
  type: T;
  data: NotificationData[T];
  dedupeKey: string;
}

/**
 * Writes notifications inside the caller's transaction (the change that causes them): keys another
 * transaction wrote first are skipped (ON CONFLICT DO NOTHING waits for that one to end), and only the
 * rows this call inserted are announced, when the transaction commits. Answers the inserted rows.
 */
export async function notifyIn(tx: Tx, drafts: Draft[]) {
  if (!drafts.length) return [];
  const created = await tx.notification.createManyAndReturn({
    data: drafts.map((d) => ({
      userId: d.userId,
      type: d.type,
      data: d.data as unknown as Prisma.InputJsonValue,
      dedupeKey: d.dedupeKey,
    })),
    skipDuplicates: true,
    select: { id: true, userId: true, dedupeKey: true },
  });
  for (const n of created) await publishIn(tx, "notification.created", { userId: n.userId, notificationId: n.id });
  return created;
}

/**
 * A sign-up decided (approved or rejected) is no longer news to the admins: their notifications about it
 * are marked read in the decision's own transaction (docs/product.md#admin-dashboard).
 */
export async function markSignUpNoticesRead(tx: Tx, businessId: string) {
  const { count } = await tx.notification.updateMany({
    where: { type: "client_signed_up", readAt: null, data: { path: ["businessId"], equals: businessId } },
    data: { readAt: new Date() },
  });
  return count;
}

/** The audit action each client change we tell people about was recorded under (one row per change). */
const AUDITED: Partial<Record<Events["client.changed"]["change"], string>> = {
  signed_up: "client.signed_up",
  approved: "client.approved",
  rejected: "client.rejected",
};

export function createNotificationsService(deps: Deps) {
  const { db, pubsub, logger } = deps;
  let events: AsyncIterableIterator<Events["client.changed"]> | null = null;
  let loop: Promise<void> | null = null;

  /** Writes the notifications no process wrote before; announces only those this call inserted. */
  async function deliver(drafts: Draft[]) {
    if (!drafts.length) return [];
    const created = await db.notification.createManyAndReturn({
      data: drafts.map((d) => ({
        userId: d.userId,
        type: d.type,
        data: d.data as unknown as Prisma.InputJsonValue,
        dedupeKey: d.dedupeKey,
      })),
      skipDuplicates: true,
      select: { id: true, userId: true },
    });
    for (const n of created) await pubsub.publish("notification.created", { userId: n.userId, notificationId: n.id });
    return created;
  }

  /**
   * A sign-up tells every admin; an approval or a rejection tells the applicant (the business's people).
   * The change's audit row gives the event a stable identity that every process reads alike.
   */
  async function onClientChanged(e: Events["client.changed"]) {
    const action = AUDITED[e.change];
    if (!action) return [];
    const [business, row] = await Promise.all([
      db.business.findUnique({
        where: { id: e.businessId },
        include: { subscription: true, memberships: { select: { userId: true } } },
      }),
      db.auditLog.findFirst({
        where: { entityType: "business", entityId: e.businessId, action },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      }),
    ]);
    if (!business || !row) return [];
    const key = (type: NotificationType, userId: string) => `${type}:${business.id}:${row.id}:${userId}`;
    const base = { businessId: business.id, companyName: business.companyName };

    if (e.change === "signed_up") {
      // heard after an admin already decided it (markSignUpNoticesRead ran before this row existed): no news left
      if (business.status !== "pending") return [];
      const admins = await db.user.findMany({ where: { role: "admin" }, select: { id: true } });
      return deliver(
        admins.map((a) => ({
          userId: a.id,
          type: "client_signed_up",
          data: base,
          dedupeKey: key("client_signed_up", a.id),
        })),
      );
    }
    if (e.change === "approved") {
      const data: NotificationData["account_approved"] = {
        ...base,
        plan: business.subscription?.plan ?? business.requestedPlan,
        trialEndsAt: business.subscription?.trialEndsAt?.toISOString() ?? null,
      };
      return deliver(
        business.memberships.map(({ userId: id }) => ({
          userId: id,
          type: "account_approved",
          data,
          dedupeKey: key("account_approved", id),
        })),
      );
    }
    const reason = (row.data as { reason?: unknown } | null)?.reason;
    const data: NotificationData["account_rejected"] = {
      ...base,
      reason: typeof reason === "string" ? reason : business.rejectionReason,
    };
    return deliver(
      business.memberships.map(({ userId: id }) => ({
        userId: id,
        type: "account_rejected",
        data,
        dedupeKey: key("account_rejected", id),
      })),
    );
  }

  const unreadCount = (v: Viewer) => db.notification.count({ where: { userId: v.userId, readAt: null } });

  async function markRead(viewer: Viewer | null, input: unknown) {
    const v = requireScope(viewer);
    const { ids } = validate(markNotificationsReadSchema, input);
    const { count } = await db.notification.updateMany({
      where: { userId: v.userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
      data: { readAt: new Date() },
    });
    return { marked: count, unreadCount: await unreadCount(v) };
  }

  return {
    /** Other modules (publishing, platform accounts) tell people through this; dedupeKey makes it once. */
    deliver,

    /** Listens to account events for as long as the process runs. */
    async start() {
      if (events) return;
      const it = (events = pubsub.subscribe("client.changed"));
      loop = (async () => {
        for (;;) {
          const r = await it.next();
          if (r.done) return;
          await onClientChanged(r.value).catch((err: Error) =>
            logger.error("could not write notifications for a client event", { error: err.message, ...r.value }),
          );
        }
      })();
    },
    async stop() {
      await events?.return?.();
      await loop;
      events = loop = null;
    },

    /** The caller's notifications, newest first; `after` is the id of the last one already shown. */
    async list(viewer: Viewer | null, input: unknown) {
      const v = requireScope(viewer);
      const q = validate(notificationsQuerySchema, input);
      const mine: Prisma.NotificationWhereInput = { userId: v.userId, ...(q.unreadOnly ? { readAt: null } : {}) };
      let where = mine;
      if (q.after) {
        const c = await db.notification.findFirst({
          where: { id: q.after, userId: v.userId },
          select: { id: true, createdAt: true },
        });
        if (!c) throw new AppError("VALIDATION_ERROR", { after: ["invalidValue"] });
        where = { ...mine, OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
      }
      const [rows, totalCount, unread] = await Promise.all([
        db.notification.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: q.first + 1 }),
        db.notification.count({ where: mine }),
        unreadCount(v),
      ]);
      return { ...idPage(rows, q.first), totalCount, unreadCount: unread };
    },

    unreadCount: (viewer: Viewer | null) => unreadCount(requireScope(viewer)),

    /** Marks the caller's notifications among `ids` read (others' ids are not touched); no ids: all of them. */
    markRead,
    markAllRead: (viewer: Viewer | null) => markRead(viewer, {}),

    /** One of the caller's notifications, or null (someone else's reads as missing). */
    async get(viewer: Viewer | null, id: string): Promise<Notification | null> {
      const v = requireScope(viewer);
      return db.notification.findFirst({ where: { id, userId: v.userId } });
    },

    /** The caller's new notifications, as they are written by any server process. */
    subscribe(viewer: Viewer | null) {
      const v = requireScope(viewer);
      return only(pubsub.subscribe("notification.created"), (e) => e.userId === v.userId);
    },

    /** For tests: what a client event writes (only the rows this call inserted). */
    onClientChanged,
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
