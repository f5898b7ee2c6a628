import { builder } from "../../graphql/builder.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import { ClientStatusEnum, PlanEnum, SubscriptionStatusEnum } from "../../graphql/enums.ts";
import type { ClientRecord } from "./clients.service.ts";

export const ClientSubscription = builder.prismaObject("Subscription", {
  name: "ClientSubscription",
  fields: (t) => ({
    plan: t.expose("plan", { type: PlanEnum }),
    status: t.expose("status", { type: SubscriptionStatusEnum }),
    trialEndsAt: t.expose("trialEndsAt", { type: "DateTime", nullable: true }),
    renewsAt: t.expose("renewsAt", { type: "DateTime", nullable: true }),
  }),
});

type AuditRow = { id: string; action: string; actorId: string | null; data: unknown; createdAt: Date };
const AuditEntry = builder.objectRef<AuditRow>("AuditEntry").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    action: t.exposeString("action"),
    actorId: t.exposeID("actorId", { nullable: true }),
    data: t.string({ description: "JSON", resolve: (a) => JSON.stringify(a.data ?? {}) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

/** A business that signed up (a "client" of the admin console, docs/architecture.md#names). */
export const Client = builder.prismaObject("Business", {
  name: "Client",
  fields: (t) => ({
    id: t.exposeID("id"),
    companyName: t.exposeString("companyName"),
    contactName: t.exposeString("contactName"),
    phone: t.exposeString("phone"),
    address: t.exposeString("address"),
    status: t.expose("status", { type: ClientStatusEnum }),
    requestedPlan: t.expose("requestedPlan", { type: PlanEnum }),
    rejectionReason: t.exposeString("rejectionReason", { nullable: true }),
    approvedAt: t.expose("approvedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    subscription: t.relation("subscription", { nullable: true }),
    email: t.string({ nullable: true, select: { users: { take: 1, orderBy: { createdAt: "asc" }, select: { email: true } } }, resolve: (b) => b.users[0]?.email ?? null }),
    emailVerified: t.boolean({ select: { users: { take: 1, orderBy: { createdAt: "asc" }, select: { emailVerifiedAt: true } } }, resolve: (b) => !!b.users[0]?.emailVerifiedAt }),
    /** the business's people (admins only) */
    users: t.relation("users", { authScopes: { admin: true }, query: { orderBy: { createdAt: "asc" } } }),
    /** what happened to this business, newest first (admins only) */
    auditHistory: t.field({
      type: [AuditEntry],
      authScopes: { admin: true },
      resolve: async (b, _a, ctx) => (await ctx.services.clients.details(ctx.viewer!, b.id)).audit,
    }),
    lastActiveAt: t.field({ type: "DateTime", nullable: true, select: { users: { select: { lastLoginAt: true } } }, resolve: (b) => b.users.map((u) => u.lastLoginAt).filter((d): d is Date => !!d).sort((a, b) => +b - +a)[0] ?? null }),
  }),
});

builder.queryFields((t) => ({
  clients: t.connection(
    {
      type: Client,
      authScopes: { admin: true },
      args: { status: t.arg({ type: ClientStatusEnum }), plan: t.arg({ type: PlanEnum }), search: t.arg.string() },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const r = await ctx.services.clients.list(ctx.viewer!, { status: args.status ?? undefined, plan: args.plan ?? undefined, search: args.search ?? undefined, first: args.first ?? undefined, after: args.after ?? undefined });
        return {
          ...idConnection(r, args.after),
          totalCount: r.totalCount,
        };
      },
    },
    { fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }) }) },
  ),
  client: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.clients.get(ctx.viewer!, String(id)),
  }),
}));


builder.mutationFields((t) => ({
  approveClient: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.approve(ctx.viewer!, String(id), ctx.meta),
  }),
  rejectClient: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, { id, reason }, ctx) => ctx.services.clients.reject(ctx.viewer!, String(id), { reason }, ctx.meta),
  }),
  giftTrialDays: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), days: t.arg.int({ required: true }) },
    resolve: (_r, { id, days }, ctx) => ctx.services.clients.giftTrialDays(ctx.viewer!, String(id), { days }, ctx.meta),
  }),
  suspendClient: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.suspend(ctx.viewer!, String(id), ctx.meta),
  }),
  reactivateClient: t.field({
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.reactivate(ctx.viewer!, String(id), ctx.meta),
  }),
}));

const ClientChangeEnum = builder.enumType("ClientChange", {
  values: { SIGNED_UP: { value: "signed_up" }, APPROVED: { value: "approved" }, REJECTED: { value: "rejected" }, TRIAL_GIFTED: { value: "trial_gifted" }, SUSPENDED: { value: "suspended" }, REACTIVATED: { value: "reactivated" }, UPDATED: { value: "updated" } } as const,
});

type ClientEventShape = { change: "signed_up" | "approved" | "rejected" | "trial_gifted" | "suspended" | "reactivated" | "updated"; client: ClientRecord };
const ClientEvent = builder.objectRef<ClientEventShape>("ClientEvent").implement({
  fields: (t) => ({ change: t.expose("change", { type: ClientChangeEnum }), client: t.field({ type: Client, resolve: (e) => e.client }) }),
});

builder.subscriptionFields((t) => ({
  /** Sign-ups and status changes, live for the admin console, from every server process. */
  clientEvents: t.field({
    type: ClientEvent,
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe("client.changed"),
    resolve: async (event, _args, ctx) => ({ change: event.change, client: (await ctx.services.clients.byId(event.businessId))! }),
  }),
}));
