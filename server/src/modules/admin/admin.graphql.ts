// The admin console's figures: a query, and a subscription that pushes fresh figures whenever a
// sign-up, a status change, a post or the health changes (on any server process).
import { builder } from "../../graphql/builder.ts";
import { ClientActionEnum, HealthStateEnum } from "../../graphql/enums.ts";
import { HealthReasonRef } from "../../graphql/refs.ts";
import type { AdminService } from "./admin.service.ts";

type Stats = Awaited<ReturnType<AdminService["stats"]>>;

const SystemHealth = builder.objectRef<Stats["systemHealth"]>("SystemHealth").implement({
  description: "The state of Sufra's parts, as the health check sees them.",
  fields: (t) => ({
    api: t.expose("api", { description: "The API server itself.", type: HealthStateEnum }),
    database: t.expose("database", { description: "The PostgreSQL database.", type: HealthStateEnum }),
    scheduler: t.expose("scheduler", {
      description: "The publishing scheduler (its workers and jobs).",
      type: HealthStateEnum,
    }),
    reasons: t.expose("reasons", {
      description: "Why a part is not OK; empty when all is well.",
      type: [HealthReasonRef],
    }),
  }),
});

const RecentClient = builder.objectRef<Stats["recentClients"][number]>("RecentClient").implement({
  description: "A business among the latest sign-ups.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The business's id." }),
    name: t.exposeString("name", { description: "The business's name." }),
    email: t.exposeString("email", { description: "Its account holder's e-mail; null when none.", nullable: true }),
    plan: t.exposeString("plan", {
      description: "Its plan in lower case: its subscription's, else the one asked for.",
    }),
    status: t.exposeString("status", {
      description: "Its status in lower case: pending, active, rejected or suspended.",
    }),
    lastActive: t.exposeString("lastActive", {
      description: "When any of its people last signed in, ISO 8601 in UTC; null when never.",
      nullable: true,
    }),
    allowedActions: t.expose("allowedActions", {
      description: "What an admin may do to it now, by the same rule each action checks.",
      type: [ClientActionEnum],
    }),
  }),
});

const AdminBillingFigures = builder.objectRef<Stats["billing"]>("AdminBillingFigures").implement({
  description:
    "Billing in figures (docs/product.md#subscriptions-and-billing): MRR, subscriptions by status, the Kuwait month's revenue. The demo café is left out. Money in fils (1 KWD = 1000 fils).",
  fields: (t) => ({
    mrrFils: t.exposeInt("mrrFils", {
      description: "Monthly recurring revenue: the monthly price of every active and past-due subscription, in fils.",
    }),
    monthRevenueFils: t.exposeInt("monthRevenueFils", {
      description:
        "This month's revenue (Kuwait calendar month, Asia/Kuwait): money paid in the month minus money refunded in it, in fils.",
    }),
    trial: t.int({
      description: "Approved businesses on a free trial (a sign-up waiting for approval, or rejected, is on no trial).",
      resolve: (b) => b.counts.trial,
    }),
    active: t.int({ description: "Paid subscriptions running.", resolve: (b) => b.counts.active }),
    pastDue: t.int({
      description: "Subscriptions whose paid period ended unpaid, in their 7 days of grace.",
      resolve: (b) => b.counts.past_due,
    }),
    expired: t.int({
      description: "Subscriptions that expired (trial or grace ended unpaid).",
      resolve: (b) => b.counts.expired,
    }),
    cancelled: t.int({
      description: "Subscriptions cancelled by their owner whose last period is over.",
      resolve: (b) => b.counts.cancelled,
    }),
  }),
});

const AdminStats = builder.objectRef<Stats>("AdminStats").implement({
  description:
    "The admin statistics (clients, posts, system health, recent clients), plus pending approvals and sign-ups of the last 7 days.",
  fields: (t) => ({
    totalClients: t.exposeInt("totalClients", { description: "Every business that signed up." }),
    activeClients: t.exposeInt("activeClients", { description: "Businesses whose status is active." }),
    pendingApprovals: t.exposeInt("pendingApprovals", { description: "Businesses waiting for approval." }),
    newSignups: t.exposeInt("newSignups", { description: "Businesses that signed up in the last 7 days (168 hours)." }),
    totalPosts: t.exposeInt("totalPosts", { description: "Every post of every business, drafts included." }),
    todayPosts: t.exposeInt("todayPosts", { description: "Posts published since midnight in Kuwait (Asia/Kuwait)." }),
    systemHealth: t.field({
      description: "The state of Sufra's parts.",
      type: SystemHealth,
      resolve: (s) => s.systemHealth,
    }),
    billing: t.field({
      description: "MRR, subscriptions by status and this Kuwait month's revenue, in fils.",
      type: AdminBillingFigures,
      resolve: (s) => s.billing,
    }),
    recentClients: t.field({
      description: "The ten latest sign-ups, newest first.",
      type: [RecentClient],
      resolve: (s) => s.recentClients,
    }),
  }),
});

builder.queryFields((t) => ({
  adminStats: t.field({
    type: AdminStats,
    description: "The admin console's figures. Admins only.",
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => ctx.services.admin.stats(ctx.viewer!),
  }),
}));

builder.subscriptionFields((t) => ({
  adminStatsUpdated: t.field({
    description:
      "Fresh figures after every change that affects them (sign-ups, posts, health, payments, refunds, subscriptions moving), within a second, from every server process. Admins only.",
    type: AdminStats,
    authScopes: { admin: true },
    subscribe: (_r, _a, ctx) => ctx.services.admin.changes(),
    resolve: (_reason, _a, ctx) => ctx.services.admin.stats(ctx.viewer!, { live: true }),
  }),
}));
