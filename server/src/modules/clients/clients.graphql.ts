import { builder } from "../../graphql/builder.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import { clientActions } from "@sufra/schema";
import { ClientActionEnum, ClientStatusEnum, PlanEnum, RoleEnum, SubscriptionStatusEnum } from "../../graphql/enums.ts";
import type { ClientRecord } from "./clients.service.ts";
import { UserRef } from "../../graphql/refs.ts";

/** The account holder's membership: the earliest (docs/architecture.md#memberships). */
const HOLDER = { take: 1, orderBy: [{ createdAt: "asc" as const }, { userId: "asc" as const }] };

builder.prismaObject("Subscription", {
  description: "A business's subscription: its plan and whether it runs.",
  name: "ClientSubscription",
  fields: (t) => ({
    plan: t.expose("plan", { description: "The plan subscribed to.", type: PlanEnum }),
    status: t.expose("status", {
      description: "Whether it runs: trial, active, expired or cancelled.",
      type: SubscriptionStatusEnum,
    }),
    trialEndsAt: t.expose("trialEndsAt", {
      description: "When the free trial ends (UTC); null when not on a trial.",
      type: "DateTime",
      nullable: true,
    }),
    renewsAt: t.expose("renewsAt", {
      description: "When the subscription next renews, or the trial ends (UTC); null when not set.",
      type: "DateTime",
      nullable: true,
    }),
  }),
});

type AuditActorRow = { id: string; name: string; email: string; role: string };
type AuditRow = {
  id: string;
  action: string;
  actorId: string | null;
  actor: AuditActorRow | null;
  data: unknown;
  createdAt: Date;
};
const AuditActor = builder.objectRef<AuditActorRow>("AuditActor").implement({
  description: "The person who did something in a business's history.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The person's id." }),
    name: t.exposeString("name", { description: "Their name, as they wrote it." }),
    email: t.exposeString("email", { description: "Their e-mail address." }),
    role: t.field({
      description: "Their role: an admin (Sufra's staff), an owner or a staff member of the business.",
      type: RoleEnum,
      resolve: (a) => a.role as "admin" | "owner" | "client",
    }),
  }),
});
const AuditEntry = builder.objectRef<AuditRow>("AuditEntry").implement({
  description: "One thing that happened to a business, as the audit log keeps it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The audit row's id." }),
    action: t.exposeString("action", { description: "What happened, such as client.approved or client.trial_gifted." }),
    actorId: t.exposeID("actorId", {
      description: "The user who did it; null for Sufra itself (its jobs, the payment service's word).",
      nullable: true,
    }),
    actor: t.field({
      description: "The person who did it (name, e-mail, role); null for Sufra itself or a person since removed.",
      type: AuditActor,
      nullable: true,
      resolve: (a) => a.actor,
    }),
    data: t.string({
      description:
        'What the action changed, as a JSON object text (such as {"from":"pending","to":"active"}); "{}" when nothing.',
      resolve: (a) => JSON.stringify(a.data ?? {}),
    }),
    createdAt: t.expose("createdAt", { description: "When it happened (UTC).", type: "DateTime" }),
  }),
});

/** A business that signed up (a "client" of the admin console, docs/architecture.md#names). */
const Client = builder.prismaObject("Business", {
  description: "A business that signed up (a client of the admin console): its details, status and subscription.",
  name: "Client",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The business's id (a UUID)." }),
    companyName: t.exposeString("companyName", { description: "The business's name (up to 200 characters)." }),
    contactName: t.exposeString("contactName", { description: "The name of the person who signed it up." }),
    phone: t.exposeString("phone", { description: "Its phone number, Kuwaiti, as +965 and 7 or 8 digits." }),
    address: t.exposeString("address", { description: "Its address as written (empty when none)." }),
    status: t.expose("status", { description: "Where its account stands.", type: ClientStatusEnum }),
    requestedPlan: t.expose("requestedPlan", { description: "The plan asked for at sign-up.", type: PlanEnum }),
    rejectionReason: t.exposeString("rejectionReason", {
      description: "Why it was rejected; null unless rejected.",
      nullable: true,
    }),
    approvedAt: t.expose("approvedAt", {
      description: "When it was approved (UTC); null before.",
      type: "DateTime",
      nullable: true,
    }),
    createdAt: t.expose("createdAt", { description: "When it signed up (UTC).", type: "DateTime" }),
    allowedActions: t.field({
      description:
        "What an admin may do to it now, by the same rule each action checks (an action not listed is refused as INVALID_STATE). Admins only.",
      type: [ClientActionEnum],
      authScopes: { admin: true },
      select: { subscription: { select: { status: true, renewsAt: true } } },
      resolve: (b) => clientActions({ status: b.status, subscription: b.subscription }),
    }),
    subscription: t.relation("subscription", {
      description: "Its subscription; null before approval.",
      nullable: true,
    }),
    email: t.string({
      description: "The e-mail of its account holder (its first person); null when none.",
      nullable: true,
      select: { memberships: { ...HOLDER, select: { user: { select: { email: true } } } } },
      resolve: (b) => b.memberships[0]?.user.email ?? null,
    }),
    emailVerified: t.boolean({
      description: "True once its account holder confirmed their e-mail address.",
      select: { memberships: { ...HOLDER, select: { user: { select: { emailVerifiedAt: true } } } } },
      resolve: (b) => !!b.memberships[0]?.user.emailVerifiedAt,
    }),
    users: t.field({
      description: "The business's people, oldest first. Admins only.",
      type: [UserRef],
      authScopes: { admin: true },
      resolve: (b, _a, ctx) => ctx.services.clients.people(ctx.viewer!, b.id),
    }),
    auditHistory: t.field({
      description:
        "What happened to this business (sign-up, approval, gifts, suspensions...), newest first. Admins only.",
      type: [AuditEntry],
      authScopes: { admin: true },
      resolve: async (b, _a, ctx) => (await ctx.services.clients.details(ctx.viewer!, b.id)).audit,
    }),
    lastActiveAt: t.field({
      description: "When any of its people last signed in (UTC); null when never.",
      type: "DateTime",
      nullable: true,
      select: { memberships: { select: { user: { select: { lastLoginAt: true } } } } },
      resolve: (b) =>
        b.memberships
          .map((m) => m.user.lastLoginAt)
          .filter((d): d is Date => !!d)
          .sort((a, b) => +b - +a)[0] ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  clients: t.connection(
    {
      description: "Every business that signed up, newest first. Admins only.",
      type: Client,
      authScopes: { admin: true },
      args: {
        status: t.arg({ description: "Only businesses in this status.", type: ClientStatusEnum }),
        plan: t.arg({ description: "Only businesses on this plan.", type: PlanEnum }),
        search: t.arg.string({
          description: "Words in the business's name, contact name, e-mail or phone (case-insensitive).",
        }),
      },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const r = await ctx.services.clients.list(ctx.viewer!, {
          status: args.status ?? undefined,
          plan: args.plan ?? undefined,
          search: args.search ?? undefined,
          first: args.first ?? undefined,
          after: args.after ?? undefined,
        });
        return {
          ...idConnection(r, args.after),
          totalCount: r.totalCount,
        };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many businesses match the filters, on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
  client: t.field({
    description: "One business with its people and history. Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: "The business's id." }) },
    resolve: (_root, { id }, ctx) => ctx.services.clients.get(ctx.viewer!, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  approveClient: t.field({
    description: "Approves a pending business: a 14-day trial of its plan starts and it is mailed. Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: "The business's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.approve(ctx.viewer!, String(id), ctx.meta),
  }),
  rejectClient: t.field({
    description: "Rejects a pending business with a reason, mailed to it. Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: {
      id: t.arg.id({ required: true, description: "The business's id." }),
      reason: t.arg.string({ required: true, description: "Why, in words the applicant reads: 1 to 500 characters." }),
    },
    resolve: (_r, { id, reason }, ctx) => ctx.services.clients.reject(ctx.viewer!, String(id), { reason }, ctx.meta),
  }),
  giftTrialDays: t.field({
    description: "Adds days to a business's trial (from its end, or from today when it ended). Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: {
      id: t.arg.id({ required: true, description: "The business's id." }),
      days: t.arg.int({ required: true, description: "Whole days to add, 1 to 90." }),
    },
    resolve: (_r, { id, days }, ctx) => ctx.services.clients.giftTrialDays(ctx.viewer!, String(id), { days }, ctx.meta),
  }),
  suspendClient: t.field({
    description: "Suspends an active business: its people cannot sign in. Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: "The business's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.suspend(ctx.viewer!, String(id), ctx.meta),
  }),
  reactivateClient: t.field({
    description: "Reactivates a suspended business. Admins only.",
    type: Client,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: "The business's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.clients.reactivate(ctx.viewer!, String(id), ctx.meta),
  }),
}));

const ClientChangeEnum = builder.enumType("ClientChange", {
  description: "What happened to a business.",
  values: {
    SIGNED_UP: { value: "signed_up", description: "It signed up and waits for approval." },
    APPROVED: { value: "approved", description: "An admin approved it; its trial started." },
    REJECTED: { value: "rejected", description: "An admin rejected its sign-up." },
    TRIAL_GIFTED: { value: "trial_gifted", description: "An admin gifted it trial days." },
    SUSPENDED: { value: "suspended", description: "An admin suspended it." },
    REACTIVATED: { value: "reactivated", description: "An admin reactivated it after a suspension." },
    UPDATED: { value: "updated", description: "Its details changed (reserved: no change sends it today)." },
  } as const,
});

type ClientEventShape = {
  change: "signed_up" | "approved" | "rejected" | "trial_gifted" | "suspended" | "reactivated" | "updated";
  client: ClientRecord;
};
const ClientEvent = builder.objectRef<ClientEventShape>("ClientEvent").implement({
  description: "A change to a business, for the admin console.",
  fields: (t) => ({
    change: t.expose("change", { description: "What happened to the business.", type: ClientChangeEnum }),
    client: t.field({ description: "The business as it now is.", type: Client, resolve: (e) => e.client }),
  }),
});

builder.subscriptionFields((t) => ({
  clientEvents: t.field({
    description: "Sign-ups and status changes, live for the admin console, from every server process. Admins only.",
    type: ClientEvent,
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe("client.changed"),
    // every open admin console shares one execution of each event (graphql/fanout.ts)
    extensions: { fanOut: "role" },
    resolve: async (event, _args, ctx) => ({
      change: event.change,
      client: (await ctx.services.clients.byId(event.businessId))!,
    }),
  }),
}));
