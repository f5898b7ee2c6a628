// The admin console's figures: a query, and a subscription that pushes fresh figures whenever a
// sign-up, a status change, a post or the health changes (on any server process).
import { builder } from "../../graphql/builder.ts";
import { HealthReasonRef, HealthStateEnum } from "../health/index.ts";
import type { AdminService } from "./admin.service.ts";

type Stats = Awaited<ReturnType<AdminService["stats"]>>;

const SystemHealth = builder.objectRef<Stats["systemHealth"]>("SystemHealth").implement({
  fields: (t) => ({
    api: t.expose("api", { type: HealthStateEnum }),
    database: t.expose("database", { type: HealthStateEnum }),
    scheduler: t.expose("scheduler", { type: HealthStateEnum }),
    reasons: t.expose("reasons", { type: [HealthReasonRef] }),
  }),
});

const RecentClient = builder.objectRef<Stats["recentClients"][number]>("RecentClient").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email", { nullable: true }),
    plan: t.exposeString("plan"),
    status: t.exposeString("status"),
    lastActive: t.exposeString("lastActive", { nullable: true }),
  }),
});

const AdminStats = builder.objectRef<Stats>("AdminStats").implement({
  description: "The admin statistics (clients, posts, system health, recent clients), plus pending approvals and sign-ups of the last 7 days.",
  fields: (t) => ({
    totalClients: t.exposeInt("totalClients"),
    activeClients: t.exposeInt("activeClients"),
    pendingApprovals: t.exposeInt("pendingApprovals"),
    newSignups: t.exposeInt("newSignups"),
    totalPosts: t.exposeInt("totalPosts"),
    todayPosts: t.exposeInt("todayPosts"),
    systemHealth: t.field({ type: SystemHealth, resolve: (s) => s.systemHealth }),
    recentClients: t.field({ type: [RecentClient], resolve: (s) => s.recentClients }),
  }),
});

builder.queryFields((t) => ({
  adminStats: t.field({ type: AdminStats, authScopes: { admin: true }, resolve: (_r, _a, ctx) => ctx.services.admin.stats(ctx.viewer!) }),
}));

builder.subscriptionFields((t) => ({
  /** Fresh figures after every change that affects them, within a second, from every server process. */
  adminStatsUpdated: t.field({
    type: AdminStats,
    authScopes: { admin: true },
    subscribe: (_r, _a, ctx) => ctx.services.admin.changes(),
    resolve: (_reason, _a, ctx) => ctx.services.admin.stats(ctx.viewer!),
  }),
}));
