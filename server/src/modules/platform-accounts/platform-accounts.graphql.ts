// Network accounts at the GraphQL door: thin, every field calls the platform-accounts service.
import { accountPostsLong } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import { PlatformEnum, TikTokPrivacyLevelEnum } from "../../graphql/enums.ts";
import { isPracticeAccount, type PlatformConnection as ConnectionShape } from "./platform-accounts.service.ts";
import type { GoogleLocation as GoogleLocationRow } from "../../generated/prisma/client.ts";
import type { TikTokCreatorInfo as CreatorInfoShape } from "../../networks/tiktok/adapter.ts";

const AccountStatusEnum = builder.enumType("AccountStatus", {
  description: "Whether a network account can publish.",
  values: {
    CONNECTED: { value: "connected", description: "Connected and working." },
    RECONNECT_NEEDED: {
      value: "reconnect_needed",
      description: "Its sign-in can no longer be refreshed: reconnect it; its posts wait meanwhile.",
    },
    DISCONNECTED: {
      value: "disconnected",
      description: "Disconnected by a person; kept for the history of its posts.",
    },
  } as const,
});

type AccountShape = NonNullable<ConnectionShape["account"]>;
const PlatformAccount = builder.objectRef<AccountShape>("PlatformAccount").implement({
  description: "The business's account on a network.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The account's id (a UUID)." }),
    platform: t.field({ description: "The network it is on.", type: PlatformEnum, resolve: (a) => a.platform }),
    status: t.field({ description: "Whether it can publish.", type: AccountStatusEnum, resolve: (a) => a.status }),
    handle: t.exposeString("handle", { description: "Its handle on the network, without @." }),
    displayName: t.exposeString("displayName", {
      description: "Its display name on the network; null when the network gave none.",
      nullable: true,
    }),
    demo: t.exposeBoolean("demo", { description: "a demo account publishing to the simulated network inside Sufra" }),
    practice: t.boolean({
      description:
        "the business's practice account (a demo account every approved business gets to rehearse on; its figures are simulated)",
      resolve: (a) => isPracticeAccount(a),
    }),
    tokenExpiresAt: t.expose("tokenExpiresAt", {
      description: "When its sign-in expires unless refreshed (UTC); null when the network gave no expiry.",
      type: "DateTime",
      nullable: true,
    }),
    lastError: t.exposeString("lastError", {
      description: "Why it needs reconnecting, in the network's words; null when all is well.",
      nullable: true,
    }),
    connectedAt: t.expose("connectedAt", { description: "When it was connected (UTC).", type: "DateTime" }),
    longPosts: t.boolean({
      description: "X only: the account may post up to 4,000 characters (X reports it verified); false elsewhere.",
      resolve: (a) => accountPostsLong(a),
    }),
  }),
});

const PlatformConnection = builder.objectRef<ConnectionShape>("PlatformConnection").implement({
  description: "A network and the business's account on it, if any.",
  fields: (t) => ({
    platform: t.field({ description: "The network it is on.", type: PlatformEnum, resolve: (c) => c.platform }),
    available: t.exposeBoolean("available", { description: "the business's plan includes this network" }),
    configured: t.exposeBoolean("configured", { description: "this server can connect it (app credentials set)" }),
    manual: t.exposeBoolean("manual", { description: "posted by hand at the time (Snapchat)" }),
    account: t.field({
      description: "The business's account on it; null when none was ever connected.",
      type: PlatformAccount,
      nullable: true,
      resolve: (c) => c.account,
    }),
    practiceAvailable: t.exposeBoolean("practiceAvailable", {
      description:
        "addPracticeAccounts would give this network a practice account (in the plan; no account, or a disconnected practice one)",
    }),
    setupProblem: t.string({
      nullable: true,
      description:
        "Why this server cannot connect the network although it is configured: an error code of the catalogue (TIKTOK_URL_UNVERIFIED: TikTok would not pull this server's media), which connectPlatform answers too; null when it can be connected.",
      resolve: (c) => c.setupProblem,
    }),
    scopes: t.stringList({
      nullable: true,
      description:
        "The permissions connecting asks the network for, where this server's setup decides them (TikTok: by way of posting and products); null for the others.",
      resolve: (c) => (c.scopes ? [...c.scopes] : null),
    }),
  }),
});

const ConnectStart = builder
  .objectRef<{ authorizeUrl: string | null; account: AccountShape | null }>("ConnectPlatformResult")
  .implement({
    description: "How connecting a network goes on.",
    fields: (t) => ({
      authorizeUrl: t.exposeString("authorizeUrl", {
        nullable: true,
        description: "send the person here to approve; null when connected at once (Snapchat)",
      }),
      account: t.field({
        description: "The account, when connected at once (Snapchat); null otherwise.",
        type: PlatformAccount,
        nullable: true,
        resolve: (r) => r.account,
      }),
    }),
  });

const GoogleLocation = builder.objectRef<GoogleLocationRow>("GoogleLocation").implement({
  description:
    "A Google Business Profile location (a branch) of the business's Google connection. Picked locations have their reviews read into the inbox and take the business's Google posts.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The location's id in Sufra (a UUID)." }),
    name: t.exposeString("name", { description: 'Google\'s resource name of the location, "locations/456".' }),
    googleAccount: t.exposeString("googleAccount", {
      description: 'The Google account that holds it, "accounts/123".',
    }),
    title: t.exposeString("title", { description: "The location's name on Google." }),
    address: t.exposeString("address", {
      description: "Its address as Google has it, on one line; empty when Google has none (a service-area business).",
    }),
    verified: t.exposeBoolean("verified", {
      description: "Google lets the business manage it (Voice of Merchant): replies and posts are refused until it is.",
    }),
    picked: t.exposeBoolean("picked", {
      description: "Its reviews come into the inbox and the business's Google posts go to it.",
    }),
    goneAt: t.expose("goneAt", {
      type: "DateTime",
      nullable: true,
      description:
        "When Google stopped listing it for this connection (UTC); kept with its reviews, nothing is read or posted there. Null while Google lists it.",
    }),
    averageRating: t.exposeFloat("averageRating", {
      nullable: true,
      description: "Google's average stars for it (1-5) at the last read of its reviews; null before one.",
    }),
    totalReviews: t.exposeInt("totalReviews", {
      nullable: true,
      description: "How many reviews Google counts for it at the last read; null before one.",
    }),
    lastSyncedAt: t.expose("lastSyncedAt", {
      type: "DateTime",
      nullable: true,
      description: "When its reviews were last read (UTC); null before the first read.",
    }),
    lastSyncError: t.exposeString("lastSyncError", {
      nullable: true,
      description:
        "Why the last read of its reviews failed (auth, rate_limit, rejected, unavailable, timeout, plan); null when it worked.",
    }),
    demo: t.exposeBoolean("demo", {
      description: "a location of the simulated Google network (demo and practice accounts)",
    }),
  }),
});

const TikTokCreatorInfo = builder
  .objectRef<CreatorInfoShape & { directPost: boolean; simulated: boolean }>("TikTokCreatorInfo")
  .implement({
    description:
      "A TikTok account's posting settings, read from TikTok when asked (its creator_info): what the composer must offer before a TikTok post.",
    fields: (t) => ({
      privacyLevelOptions: t.field({
        type: [TikTokPrivacyLevelEnum],
        description: "The privacy levels this creator may post with; a post's privacyLevel must be one of them.",
        resolve: (c) => c.privacyLevelOptions,
      }),
      commentDisabled: t.exposeBoolean("commentDisabled", {
        description: "The creator turned comments off in TikTok: a post must turn them off too (disableComment).",
      }),
      duetDisabled: t.exposeBoolean("duetDisabled", {
        description: "The creator turned duets off in TikTok: a video must turn them off too (disableDuet).",
      }),
      stitchDisabled: t.exposeBoolean("stitchDisabled", {
        description: "The creator turned stitches off in TikTok: a video must turn them off too (disableStitch).",
      }),
      maxVideoPostDurationSec: t.exposeInt("maxVideoPostDurationSec", {
        description: "The longest video this creator may post, in seconds.",
      }),
      creatorUsername: t.exposeString("creatorUsername", { description: "The creator's TikTok username, without @." }),
      creatorNickname: t.exposeString("creatorNickname", { description: "The creator's TikTok nickname." }),
      creatorAvatarUrl: t.exposeString("creatorAvatarUrl", {
        nullable: true,
        description: "The creator's avatar on TikTok (the URL works for 2 hours); null when TikTok gave none.",
      }),
      directPost: t.exposeBoolean("directPost", {
        description:
          "true: Sufra posts directly to TikTok; false: the post goes to the creator's TikTok inbox and the person finishes it in TikTok (this server's TikTok app is not audited for direct posting).",
      }),
      simulated: t.exposeBoolean("simulated", {
        description: "A demo or practice account: the settings are simulated, not TikTok's.",
      }),
    }),
  });

builder.queryFields((t) => ({
  tiktokCreatorInfo: t.field({
    type: TikTokCreatorInfo,
    description:
      "A TikTok account's posting settings, read fresh from TikTok: the privacy levels to offer, the switches the creator turned off, the longest video. People of the business or its API key.",
    authScopes: { business: true },
    args: {
      accountId: t.arg.id({ required: true, description: "The business's TikTok account (PlatformAccount.id)." }),
    },
    resolve: (_r, args, ctx) => ctx.services.platformAccounts.tiktokCreatorInfo(ctx.viewer, String(args.accountId)),
  }),
  googleLocations: t.field({
    type: [GoogleLocation],
    description:
      "The locations the business's Google connection has shown, picked or not, the ones Google no longer lists last. People of the business or its API key.",
    authScopes: { business: true },
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.googleLocations.list(ctx.viewer),
  }),
  platformConnections: t.field({
    type: [PlatformConnection],
    description:
      "Every network, with the business's account on it and whether it can be connected. People of the business or its API key.",
    authScopes: { business: true },
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.list(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  pickGoogleLocations: t.field({
    type: [GoogleLocation],
    description:
      "Picks or unpicks locations of the business's Google connection (several may be picked: its branches); a location Google no longer lists can only be unpicked. The locations after. A person of the business only.",
    ...personOfBusiness,
    args: {
      locationIds: t.arg.idList({ required: true, description: "The locations' ids (GoogleLocation.id), 1 to 200." }),
      picked: t.arg.boolean({ required: true, description: "true picks them, false unpicks them." }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.platformAccounts.googleLocations.pick(
        ctx.viewer,
        { locationIds: args.locationIds.map(String), picked: args.picked },
        ctx.meta,
      ),
  }),
  refreshGoogleLocations: t.field({
    type: [GoogleLocation],
    description:
      "Reads the locations from Google again: new ones are added unpicked, picks are kept, verification is updated, ones Google no longer lists are marked (not deleted). The locations after. A person of the business only.",
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.googleLocations.refresh(ctx.viewer, ctx.meta),
  }),
  connectPlatform: t.field({
    description:
      "Starts connecting a network: answers where to send the person to approve, or the account when connected at once (Snapchat). A person of the business only.",
    type: ConnectStart,
    ...personOfBusiness,
    args: {
      platform: t.arg({ type: PlatformEnum, required: true, description: "The network to connect." }),
      returnTo: t.arg.string({
        description: "The path to come back to after approving; the settings page when left out.",
      }),
      handle: t.arg.string({ description: "Snapchat: the username" }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.platformAccounts.connect(
        ctx.viewer,
        { platform: args.platform, returnTo: args.returnTo ?? undefined, handle: args.handle ?? undefined },
        ctx.meta,
      ),
  }),
  addPracticeAccounts: t.field({
    type: [PlatformConnection],
    ...personOfBusiness,
    description:
      "Practice accounts (simulated network) for the plan's networks that have no account yet; adds nothing when each has one. The connections after.",
    resolve: (_r, _a, ctx) => ctx.services.platformAccounts.addPracticeAccounts(ctx.viewer, ctx.meta),
  }),
  disconnectPlatform: t.field({
    description:
      "Disconnects the business's account on a network; its scheduled posts there wait until one is connected. A person of the business only.",
    type: PlatformAccount,
    ...personOfBusiness,
    args: { platform: t.arg({ type: PlatformEnum, required: true, description: "The network to disconnect." }) },
    resolve: (_r, { platform }, ctx) => ctx.services.platformAccounts.disconnect(ctx.viewer, platform, ctx.meta),
  }),
}));
