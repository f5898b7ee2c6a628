// Sign-up approval: the admin's list of clients (businesses) and the account state machine
// pending -> active | rejected, active <-> suspended. Each transition locks the row, checks the
// current state, writes an audit row and mails the applicant, all in one transaction.
import {
  clientsQuerySchema,
  giftTrialDaysSchema,
  mayActOnClient,
  rejectClientSchema,
  TRIAL_DAYS,
  type BusinessStatus,
  type ClientAction,
  type Locale,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ClientChange } from "../../kernel/pubsub.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { endSessions } from "../auth/index.ts";
import { peopleOf } from "../team/index.ts";
import { markSignUpNoticesRead } from "../notifications/index.ts";
import { ensurePracticeAccounts } from "../platform-accounts/index.ts";
import { isUuid } from "../../kernel/ids.ts";
import { checkIdCursor, idPage, idWindow } from "../../kernel/pagination.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

const DAY = 86_400_000;
const clientInclude = {
  subscription: true,
  // the account holder: the earliest membership (docs/architecture.md#memberships)
  memberships: { orderBy: [{ createdAt: "asc" }, { userId: "asc" }], take: 1, include: { user: true } },
} satisfies Prisma.BusinessInclude;
/** A client's account holder (its earliest person), or undefined before anyone joined. */
export const holderOf = (b: ClientRecord) => b.memberships[0]?.user;
export type ClientRecord = Prisma.BusinessGetPayload<{ include: typeof clientInclude }>;

export function createClientsService(deps: Deps, webhooks?: Pick<WebhookEmitter, "record" | "dispatch">) {
  const { db, mailer, pubsub, config } = deps;

  /** Locks the business row for this transaction and returns it with its first user and subscription. */
  async function lock(tx: Tx, id: string) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from businesses where id = ${id}::uuid for update`;
    const b = await tx.business.findUnique({ where: { id }, include: clientInclude });
    if (!b) throw new AppError("NOT_FOUND");
    return b;
  }

  type Step = (
    tx: Tx,
    b: ClientRecord,
    applicant: { email: string; name: string; locale: Locale },
  ) => Promise<string | undefined>;

  /**
   * One admin action on a client: check it is allowed now (mayActOnClient, the rule allowedActions
   * answers), apply, audit, mail; then tell listeners. `to` is the account status it leads to, if any.
   */
  async function transition(
    viewer: Viewer,
    id: string,
    meta: RequestMeta,
    change: ClientChange,
    action: ClientAction,
    to: BusinessStatus | null,
    step: Step,
    data: Record<string, unknown> = {},
  ) {
    requireScope(viewer, "admin");
    const mailIds: string[] = [];
    const deliveries: string[] = [];
    const updated = await db.$transaction(async (tx) => {
      const b = await lock(tx, id);
      if (!mayActOnClient(b, action)) throw new AppError("INVALID_STATE");
      const owner = holderOf(b);
      const mailId = await step(tx, b, {
        email: owner?.email ?? "",
        name: owner?.name ?? b.contactName,
        locale: (owner?.locale ?? "en") as Locale,
      });
      if (mailId) mailIds.push(mailId);
      await audit(tx, {
        actorId: viewer.userId,
        action: `client.${change}`,
        entityType: "business",
        entityId: id,
        data: { from: b.status, ...(to ? { to } : {}), ...data },
        ip: meta.ip,
      });
      const after = await tx.business.findUniqueOrThrow({ where: { id }, include: clientInclude });
      // a step that changed the plan, its status or its dates is a subscription.changed event (docs/product.md#webhooks)
      const shape = (s: typeof b.subscription) =>
        s ? [s.plan, s.status, s.trialEndsAt?.getTime(), s.renewsAt?.getTime()].join() : "";
      if (webhooks && shape(b.subscription) !== shape(after.subscription))
        deliveries.push(...(await webhooks.record(tx, id, { type: "subscription.changed", change })));
      return after;
    });
    await mailer.deliver(mailIds);
    await webhooks?.dispatch(deliveries);
    await pubsub.publish("client.changed", { businessId: id, change });
    return updated;
  }

  const signInUrl = `${config.publicUrl}/login`;

  return {
    async list(viewer: Viewer, input: unknown) {
      requireScope(viewer, "admin");
      const q = validate(clientsQuerySchema, input);
      const where: Prisma.BusinessWhereInput = {
        ...(q.status ? { status: q.status } : {}),
        ...(q.plan ? { subscription: { plan: q.plan } } : {}),
        ...(q.search
          ? {
              OR: [
                { companyName: { contains: q.search, mode: "insensitive" } },
                { contactName: { contains: q.search, mode: "insensitive" } },
                { memberships: { some: { user: { email: { contains: q.search, mode: "insensitive" } } } } },
                { phone: { contains: q.search } },
              ],
            }
          : {}),
      };
      checkIdCursor(q.after);
      const [rows, totalCount] = await Promise.all([
        db.business.findMany({
          where,
          include: clientInclude,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          ...idWindow(q),
        }),
        db.business.count({ where }),
      ]);
      return { ...idPage(rows, q.first), totalCount };
    },

    async get(viewer: Viewer, id: string) {
      requireScope(viewer, "admin");
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const b = await db.business.findUnique({ where: { id }, include: clientInclude });
      if (!b) throw new AppError("NOT_FOUND");
      return b;
    },

    /** Approval starts a TRIAL_DAYS trial of the plan the applicant asked for, with the plan's practice accounts. */
    approve: (viewer: Viewer, id: string, meta: RequestMeta) =>
      transition(viewer, id, meta, "approved", "approve", "active", async (tx, b, a) => {
        const now = new Date();
        const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY);
        await tx.business.update({ where: { id }, data: { status: "active", approvedAt: now, rejectionReason: null } });
        await tx.subscription.upsert({
          where: { businessId: id },
          create: { businessId: id, plan: b.requestedPlan, status: "trial", trialEndsAt, renewsAt: trialEndsAt },
          update: { plan: b.requestedPlan, status: "trial", trialEndsAt, renewsAt: trialEndsAt },
        });
        await ensurePracticeAccounts(tx, id, b.requestedPlan);
        await markSignUpNoticesRead(tx, id);
        return mailer.queue(
          tx,
          a.email,
          "approved",
          { name: a.name, plan: b.requestedPlan, trialEndsAt, url: signInUrl },
          a.locale,
        );
      }),

    async reject(viewer: Viewer, id: string, input: unknown, meta: RequestMeta) {
      const { reason } = validate(rejectClientSchema, input);
      return transition(
        viewer,
        id,
        meta,
        "rejected",
        "reject",
        "rejected",
        async (tx, _b, a) => {
          await tx.business.update({ where: { id }, data: { status: "rejected", rejectionReason: reason } });
          await markSignUpNoticesRead(tx, id);
          return mailer.queue(tx, a.email, "rejected", { name: a.name, reason }, a.locale);
        },
        { reason },
      );
    },

    /**
     * Adds days to a running trial, or reopens an expired or cancelled subscription as a trial
     * (docs/product.md#subscriptions-and-billing); a paid month (active, past due) is left alone.
     */
    async giftTrialDays(viewer: Viewer, id: string, input: unknown, meta: RequestMeta) {
      const { days } = validate(giftTrialDaysSchema, input);
      return transition(
        viewer,
        id,
        meta,
        "trial_gifted",
        "gift_trial_days",
        null,
        async (tx, b, a) => {
          const sub = b.subscription!;
          const from = Math.max(Date.now(), sub.trialEndsAt?.getTime() ?? 0);
          const trialEndsAt = new Date(from + days * DAY);
          await tx.subscription.update({
            where: { id: sub.id },
            data: {
              status: "trial",
              trialEndsAt,
              renewsAt: trialEndsAt,
              endedAt: null,
              pastDueSince: null,
              cancelAtPeriodEnd: false,
            },
          });
          return mailer.queue(tx, a.email, "trialGifted", { name: a.name, days, trialEndsAt }, a.locale);
        },
        { days },
      );
    },

    /** Suspension also ends every session of the business's people. */
    suspend: (viewer: Viewer, id: string, meta: RequestMeta) =>
      transition(viewer, id, meta, "suspended", "suspend", "suspended", async (tx, _b, a) => {
        await tx.business.update({ where: { id }, data: { status: "suspended" } });
        await endSessions(tx, { user: { memberships: { some: { businessId: id } } } }, { businessId: id });
        return mailer.queue(tx, a.email, "suspended", { name: a.name }, a.locale);
      }),

    reactivate: (viewer: Viewer, id: string, meta: RequestMeta) =>
      transition(viewer, id, meta, "reactivated", "reactivate", "active", async (tx, _b, a) => {
        await tx.business.update({ where: { id }, data: { status: "active" } });
        return mailer.queue(tx, a.email, "reactivated", { name: a.name, url: signInUrl }, a.locale);
      }),

    /** The business's people, oldest first, each as seen in it (admins; the client's `users`). */
    async people(viewer: Viewer, id: string) {
      requireScope(viewer, "admin");
      return (await peopleOf(db, id)).map((p) => ({ ...p, businessId: id }));
    },

    /** The business's people and its audit history, newest first (the admin's details view). */
    async details(viewer: Viewer, id: string) {
      const client = await this.get(viewer, id);
      const users = await peopleOf(db, id);
      const audit = await db.auditLog.findMany({
        where: {
          OR: [
            { entityType: "business", entityId: id },
            { entityType: "user", entityId: { in: users.map((u) => u.id) } },
          ],
        },
        orderBy: { createdAt: "desc" },
        take: 100,
      });
      // who did each thing: the business's people, an admin, or nobody (Sufra's jobs, the payment service)
      const actorIds = [...new Set(audit.map((a) => a.actorId).filter((x): x is string => !!x))];
      const actors = new Map(
        (
          await db.user.findMany({
            where: { id: { in: actorIds } },
            select: { id: true, name: true, email: true, role: true },
          })
        ).map((u) => [u.id, u]),
      );
      return {
        client,
        users,
        audit: audit.map((a) => ({ ...a, actor: (a.actorId && actors.get(a.actorId)) || null })),
      };
    },

    /** For the clientEvents subscription: a client by id, admin only. */
    byId: (id: string) => db.business.findUnique({ where: { id }, include: clientInclude }),
  };
}
