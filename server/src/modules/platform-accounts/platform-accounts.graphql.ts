// Network accounts at the GraphQL door: thin, every field calls the platform-accounts service.
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import { PlatformEnum } from "../../graphql/enums.ts";
import { isPracticeAccount, type PlatformConnection as ConnectionShape } from "./platform-accounts.service.ts";

const AccountStatusEnum = builder.enumType("AccountStatus", {
  description: "Whether a network account can publish.",
  values: {
    CONNECTED: { value: "connected", description: "Connected and working." },
    RECONNECT_NEEDED: { value: "reconnect_needed", description: "Its sign-in can no longer be refreshed: reconnect it; its posts wait meanwhile." },
    DISCONNECTED: { value: "disconnected", description: "Disconnected by a person; kept for the history of its posts." },
  } as const,
});

type AccountShape = NonNullable<ConnectionShape["account"]>;
const PlatformAccount = builder.objectRef<AccountShape>("PlatformAccount").implement({ description: "The business's account on a network.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The account's id (a UUID)." }),
    platform: t.field({ description: "The network it is on.", type: PlatformEnum, resolve: (a) => a.platform }),
    status: t.field({ description: "Whether it can publish.", type: AccountStatusEnum, resolve: (a) => a.status }),
    handle: t.exposeString("handle", { description: "Its handle on the network, without @." }),
    displayName: t.exposeString("displayName", { description: "Its display name on the network; null when the network gave none.", nullable: true }),
    demo: t.exposeBoolean("demo", { description: "a demo account publishing to the simulated network inside Sufra" }),
    practice: t.boolean({ description: "the business's practice account (a demo account every approved business gets to rehearse on; its figures are simulated)", resolve: (a) => isPracticeAccount(a) }),
    tokenExpiresAt: t.expose("tokenExpiresAt", { description: "When its sign-in expires unless refreshed (UTC); null when the network gave no expiry.", type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError", { description: "Why it needs reconnecting, in the network's words; null when all is well.", nullable: true }),
    connectedAt: t.expose("connectedAt", { description: "When it was connected (UTC).", type: "DateTime" }),
  }),
});

const PlatformConnection = builder.objectRef<ConnectionShape>("PlatformConnection").implement({ description: "A network and the business's account on it, if any.",
  fields: (t) => ({
    platform: t.field({ description: "The network it is on.", type: PlatformEnum, resolve: (c) => c.platform }),
    available: t.exposeBoolean("available", { description: "the business's plan includes this network" }),
    configured: t.exposeBoolean("configured", { description: "this server can connect it (app credentials set)" }),
    manual: t.exposeBoolean("manual", { description: "posted by hand at the time (Snapchat)" }),
    account: t.field({ description: "The business's account on it; null when none was ever connected.", type: PlatformAccount, nullable: true, resolve: (c) => c.account }),
    practiceAvailable: t.exposeBoolean("practiceAvailable", { description: "addPracticeAccounts would give this network a practice account (in the plan; no account, or a disconnected practice one)" }),
  }),
});

const ConnectStart = builder.objectRef<{ authorizeUrl: string | null; account: AccountShape | null }>("ConnectPlatformResult").implement({ description: "How connecting a network goes on.",
  fields: (t) => ({
    authorizeUrl: t.exposeString("authorizeUrl", { nullable: true, description: "send the person here to approve; null when connected at once (Snapchat)" }),
    account: t.field({ description: "The account, when connected at once (Snapchat); null otherwise.", type: PlatformAccount, nullable: true, resolve: (r) => r.account }),
  }),
});

builder.queryFields((t) => ({
  platformConnections: t.field({ type: [PlatformConnection], description: "Every network, with the business's account on it and whether it can be connected. People of the business or its API key.", authScopes: { business: true }, resolve: (_r, _a, ctx) => ctx.services.platformAccounts.list(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  connectPlatform: t.field({ description: "Starts connecting a network: answers where to send the person to approve, or the account when connected at once (Snapchat). A person of the business only.",
    type: ConnectStart,
    ...personOfBusiness,
    args: { platform: t.arg({ type: PlatformEnum, required: true, description: "The network to connect." }), returnTo: t.arg.string({ description: "The path to come back to after approving; the settings page when left out." }), handle: t.arg.string({ description: "Snapchat: the username" }) },
    resolve: (_r, args, ctx) => ctx.services.platformAccounts.connect(ctx.viewer, { platform: args.platform, returnTo: args.returnTo ?? undefined, handle: args.handle ?? undefined }, ctx.meta),
  }),
  addPracticeAccounts: t.field({
    type: [PlatformConnection],
    ...personOfBusiness,
    description: "Practice accounts (simulated network) for the plan's networks that have no account yet; adds nothing when each has one. The connections after.",
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.addPracticeAccounts(ctx.viewer, ctx.meta),
  }),
  disconnectPlatform: t.field({ description: "Disconnects the business's account on a network; its scheduled posts there wait until one is connected. A person of the business only.",
    type: PlatformAccount,
    ...personOfBusiness,
    args: { platform: t.arg({ type: PlatformEnum, required: true, description: "The network to disconnect." }) },
    resolve: (_r, { platform }, ctx) => ctx.services.platformAccounts.disconnect(ctx.viewer, platform, ctx.meta),
  }),
}));
