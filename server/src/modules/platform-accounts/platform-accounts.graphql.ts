// Network accounts at the GraphQL door: thin, every field calls the platform-accounts service.
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import { PlatformEnum } from "../../graphql/enums.ts";
import { isPracticeAccount, type PlatformConnection as ConnectionShape } from "./platform-accounts.service.ts";

const AccountStatusEnum = builder.enumType("AccountStatus", { values: { CONNECTED: { value: "connected" }, RECONNECT_NEEDED: { value: "reconnect_needed" }, DISCONNECTED: { value: "disconnected" } } as const });

type AccountShape = NonNullable<ConnectionShape["account"]>;
const PlatformAccount = builder.objectRef<AccountShape>("PlatformAccount").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    platform: t.field({ type: PlatformEnum, resolve: (a) => a.platform }),
    status: t.field({ type: AccountStatusEnum, resolve: (a) => a.status }),
    handle: t.exposeString("handle"),
    displayName: t.exposeString("displayName", { nullable: true }),
    demo: t.exposeBoolean("demo", { description: "a demo account publishing to the simulated network inside Sufra" }),
    practice: t.boolean({ description: "the business's practice account (a demo account every approved business gets to rehearse on; its figures are simulated)", resolve: (a) => isPracticeAccount(a) }),
    tokenExpiresAt: t.expose("tokenExpiresAt", { type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError", { nullable: true }),
    connectedAt: t.expose("connectedAt", { type: "DateTime" }),
  }),
});

const PlatformConnection = builder.objectRef<ConnectionShape>("PlatformConnection").implement({
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (c) => c.platform }),
    available: t.exposeBoolean("available", { description: "the business's plan includes this network" }),
    configured: t.exposeBoolean("configured", { description: "this server can connect it (app credentials set)" }),
    manual: t.exposeBoolean("manual", { description: "posted by hand at the time (Snapchat)" }),
    account: t.field({ type: PlatformAccount, nullable: true, resolve: (c) => c.account }),
    practiceAvailable: t.exposeBoolean("practiceAvailable", { description: "addPracticeAccounts would give this network a practice account (in the plan; no account, or a disconnected practice one)" }),
  }),
});

const ConnectStart = builder.objectRef<{ authorizeUrl: string | null; account: AccountShape | null }>("ConnectPlatformResult").implement({
  fields: (t) => ({
    authorizeUrl: t.exposeString("authorizeUrl", { nullable: true, description: "send the person here to approve; null when connected at once (Snapchat)" }),
    account: t.field({ type: PlatformAccount, nullable: true, resolve: (r) => r.account }),
  }),
});

builder.queryFields((t) => ({
  platformConnections: t.field({ type: [PlatformConnection], authScopes: { business: true }, resolve: (_r, _a, ctx) => ctx.services.platformAccounts.list(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  connectPlatform: t.field({
    type: ConnectStart,
    ...personOfBusiness,
    args: { platform: t.arg({ type: PlatformEnum, required: true }), returnTo: t.arg.string(), handle: t.arg.string({ description: "Snapchat: the username" }) },
    resolve: (_r, args, ctx) => ctx.services.platformAccounts.connect(ctx.viewer, { platform: args.platform, returnTo: args.returnTo ?? undefined, handle: args.handle ?? undefined }, ctx.meta),
  }),
  addPracticeAccounts: t.field({
    type: [PlatformConnection],
    ...personOfBusiness,
    description: "Practice accounts (simulated network) for the plan's networks that have no account yet; adds nothing when each has one. The connections after.",
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.addPracticeAccounts(ctx.viewer, ctx.meta),
  }),
  disconnectPlatform: t.field({
    type: PlatformAccount,
    ...personOfBusiness,
    args: { platform: t.arg({ type: PlatformEnum, required: true }) },
    resolve: (_r, { platform }, ctx) => ctx.services.platformAccounts.disconnect(ctx.viewer, platform, ctx.meta),
  }),
}));
