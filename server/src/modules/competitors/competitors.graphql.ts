// Competitors at the GraphQL door: thin, every field calls the competitors service (tenancy and the
// rules are decided there); errors are the catalogue's, as everywhere.
import {
  COMPETITOR_METRICS,
  COMPETITOR_SOURCES,
  type CompetitorMetric,
  type SummaryPoint,
  isoDay,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import type { Competitor as CompetitorRow } from "../../generated/prisma/client.ts";
import { PlatformEnum, upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type {
  CompetitorBenchmark as BenchmarkShape,
  CompetitorImportResult,
  CompetitorView,
  SnapshotView,
} from "./competitors.service.ts";
import type { DiscoveryStatus } from "./discovery-connection.service.ts";
import type { FollowersPoint, OwnFigures } from "./own-figures.ts";

const METRIC_NAMES: Record<CompetitorMetric, string> = {
  followers: "FOLLOWERS",
  postsPerWeek: "POSTS_PER_WEEK",
  avgEngagement: "AVG_ENGAGEMENT",
};

const CompetitorSourceEnum = builder.enumType("CompetitorSource", {
  description: "How a reading came: by hand, from a CSV file, or read from Instagram.",
  values: upper(COMPETITOR_SOURCES, {
    manual: "Entered by hand (saveCompetitorSnapshot).",
    csv: "Imported from a CSV file (importCompetitors).",
    instagram: "Read from Instagram with business discovery (fetchCompetitorFromInstagram).",
  }),
});
const METRIC_DESCRIPTIONS: Record<CompetitorMetric, string> = {
  followers: "Followers on the network.",
  postsPerWeek: "Posts a week on average.",
  avgEngagement: "Average engagement: likes and comments over followers, per post, in percent.",
};
const CompetitorMetricEnum = builder.enumType("CompetitorMetric", {
  description: "A figure the benchmark compares.",
  values: Object.fromEntries(
    COMPETITOR_METRICS.map((m) => [METRIC_NAMES[m], { value: m, description: METRIC_DESCRIPTIONS[m] }]),
  ) as Record<string, { value: CompetitorMetric; description: string }>,
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

const CompetitorSnapshot = builder.objectRef<SnapshotView>("CompetitorSnapshot").implement({
  description: "A competitor's public figures on one Kuwait day.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The reading's id (a UUID)." }),
    competitorId: t.exposeID("competitorId", { description: "The competitor it is of." }),
    day: t.string({
      description: "The reading's day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait).",
      resolve: (s) => isoDay(s.day),
    }),
    followers: t.exposeInt("followers", { description: "Followers that day; null when not given.", nullable: true }),
    postsPerWeek: t.exposeFloat("postsPerWeek", {
      description: "Posts a week on average; null when not given.",
      nullable: true,
    }),
    avgEngagement: t.exposeFloat("avgEngagement", {
      nullable: true,
      description: "Likes and comments over followers, per post, in percent",
    }),
    topThemes: t.exposeStringList("topThemes", {
      description: "The themes it posts about (hashtags or frequent words), at most 5; empty when none.",
    }),
    source: t.field({ description: "How the reading came.", type: CompetitorSourceEnum, resolve: (s) => s.source }),
    simulated: t.exposeBoolean("simulated", {
      description: "Read through a demo account's simulated network: not real figures",
    }),
    updatedAt: t.expose("updatedAt", { description: "When the reading was last written (UTC).", type: "DateTime" }),
  }),
});

const Competitor = builder.objectRef<CompetitorRow & { latest?: SnapshotView | null }>("Competitor").implement({
  description: "An account on another business's network that this business follows.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The competitor's id (a UUID)." }),
    name: t.exposeString("name", { description: "The competitor's name (up to 80 characters)." }),
    platform: t.field({
      description: "The network the account is on.",
      type: PlatformEnum,
      resolve: (c) => c.platform,
    }),
    handle: t.exposeString("handle", { description: "The username, without the @, lower case" }),
    area: t.exposeString("area", { nullable: true, description: "A KUWAIT_AREAS key, or the area as written" }),
    cuisine: t.exposeString("cuisine", { nullable: true, description: "A CUISINES key, or the cuisine as written" }),
    latest: t.field({
      type: CompetitorSnapshot,
      nullable: true,
      description: "The newest reading; null before any.",
      resolve: async (c, _a, ctx) =>
        c.latest !== undefined ? c.latest : (await ctx.services.competitors.get(ctx.viewer, c.id)).latest,
    }),
    snapshots: t.field({
      type: [CompetitorSnapshot],
      description: "Every reading, newest first",
      complexity: { field: 5, multiplier: 1 },
      resolve: (c, _a, ctx) => ctx.services.competitors.snapshots(ctx.viewer, c.id),
    }),
    createdAt: t.expose("createdAt", {
      description: "When the business started following it (UTC).",
      type: "DateTime",
    }),
    updatedAt: t.expose("updatedAt", { description: "When its details last changed (UTC).", type: "DateTime" }),
  }),
});

const CompetitorList = builder.objectRef<{ items: CompetitorView[]; limit: number }>("CompetitorList").implement({
  description: "The competitors a business follows, and how many it may.",
  fields: (t) => ({
    items: t.field({
      description: "The competitors, by name, each with its latest reading.",
      type: [Competitor],
      complexity: { field: 1, multiplier: 50 },
      resolve: (l) => l.items,
    }),
    limit: t.exposeInt("limit", { description: "How many competitors a business may follow" }),
  }),
});

const OwnFiguresRef = builder.objectRef<OwnFigures>("CompetitorOwnFigures").implement({
  description: "The business's own figures on one network over the benchmark's window.",
  fields: (t) => ({
    platform: t.field({
      description: "The network these figures are for.",
      type: PlatformEnum,
      resolve: (o) => o.platform,
    }),
    followers: t.exposeInt("followers", { nullable: true, description: "The latest audience reading's followers" }),
    postsPerWeek: t.exposeFloat("postsPerWeek", {
      description: "Posts a week on this network over the window; null without a connected account.",
      nullable: true,
    }),
    avgEngagement: t.exposeFloat("avgEngagement", {
      nullable: true,
      description: "Likes and comments over followers, per post, in percent (as competitors' are counted)",
    }),
    topThemes: t.exposeStringList("topThemes", {
      description: "The themes of the business's own captions in the window (hashtags first), at most 5.",
    }),
    posts: t.exposeInt("posts", { description: "Posts published on this network in the window" }),
    simulated: t.exposeBoolean("simulated", {
      description: "From a demo account's simulated network: not real figures.",
    }),
  }),
});

const FollowersPointRef = builder.objectRef<FollowersPoint>("CompetitorFollowersPoint").implement({
  description: "The business's own followers on one network on one day.",
  fields: (t) => ({
    platform: t.field({
      description: "The network these followers are on.",
      type: PlatformEnum,
      resolve: (p) => p.platform,
    }),
    day: t.exposeString("day", { description: "The day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait)." }),
    followers: t.exposeInt("followers", { description: "Followers that day, from the audience reading." }),
    simulated: t.exposeBoolean("simulated", {
      description: "From a demo account's simulated network: not real figures.",
    }),
  }),
});

const BenchmarkCompetitor = builder
  .objectRef<BenchmarkShape["competitors"][number]>("CompetitorBenchmarkEntry")
  .implement({
    description: "One competitor in the benchmark, with its latest reading and its history.",
    fields: (t) => ({
      competitor: t.field({
        description: "The competitor, with its latest reading.",
        type: Competitor,
        resolve: (c) => ({ ...c.competitor, latest: c.latest }),
      }),
      latest: t.field({
        description: "Its newest reading; null before any.",
        type: CompetitorSnapshot,
        nullable: true,
        resolve: (c) => c.latest,
      }),
      history: t.field({
        type: [CompetitorSnapshot],
        description: "Readings in the history window, oldest first",
        complexity: { field: 1, multiplier: 5 },
        resolve: (c) => c.history,
      }),
    }),
  });

const SummaryPointRef = builder.objectRef<SummaryPoint>("CompetitorSummaryPoint").implement({
  description:
    "One sentence of the summary: a message key and the figures it is written from (the client writes it with the person's digits).",
  fields: (t) => ({
    key: t.exposeString("key", {
      description: "The message key of the sentence (such as competitorSummaryFollowersLead).",
    }),
    platform: t.field({
      description: "The network it speaks of; null for a sentence about no one network.",
      type: PlatformEnum,
      nullable: true,
      resolve: (p) => p.platform ?? null,
    }),
    metric: t.field({
      description: "The figure it speaks of; null for a sentence about themes.",
      type: CompetitorMetricEnum,
      nullable: true,
      resolve: (p) => p.metric ?? null,
    }),
    own: t.float({
      description: "The business's own value of the figure; null when the sentence has none.",
      nullable: true,
      resolve: (p) => p.own ?? null,
    }),
    theirs: t.float({
      description: "The best competitor's value of the figure; null when the sentence has none.",
      nullable: true,
      resolve: (p) => p.theirs ?? null,
    }),
    name: t.string({
      description: "The competitor the sentence names; null when none.",
      nullable: true,
      resolve: (p) => p.name ?? null,
    }),
    ahead: t.int({
      description: "How many competitors are ahead of the business on this figure; null when not counted.",
      nullable: true,
      resolve: (p) => p.ahead ?? null,
    }),
    total: t.int({
      description: "How many competitors have this figure; null when not counted.",
      nullable: true,
      resolve: (p) => p.total ?? null,
    }),
    themes: t.stringList({
      description: "Themes competitors use that the business has not lately; null for other sentences.",
      nullable: true,
      resolve: (p) => p.themes ?? null,
    }),
  }),
});

const BenchmarkRef = builder.objectRef<BenchmarkShape>("CompetitorBenchmark").implement({
  description: "The business's own figures next to its competitors', and where it leads and trails.",
  fields: (t) => ({
    from: t.exposeString("from", {
      description:
        "The first day of the window of the business's own figures, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    to: t.exposeString("to", {
      description: "The last day of the window, YYYY-MM-DD (a Kuwait day): today, included.",
    }),
    days: t.exposeInt("days", { description: "The window's length in days (7 to 90, 28 by default)." }),
    historyFrom: t.exposeString("historyFrom", {
      description: "The first day of the history, YYYY-MM-DD (a Kuwait day), included.",
    }),
    own: t.field({
      description: "The business's own figures per network.",
      type: [OwnFiguresRef],
      resolve: (b) => b.own,
    }),
    ownHistory: t.field({
      description: "The business's own followers per network and day over the history, oldest first.",
      type: [FollowersPointRef],
      complexity: { field: 1, multiplier: 20 },
      resolve: (b) => b.ownHistory,
    }),
    competitors: t.field({
      description: "Each competitor with its latest reading and history.",
      type: [BenchmarkCompetitor],
      complexity: { field: 1, multiplier: 50 },
      resolve: (b) => b.competitors,
    }),
    summary: t.field({
      description: "The summary, sentence by sentence, with the figures to write it from.",
      type: [SummaryPointRef],
      resolve: (b) => b.summary,
    }),
    summaryEn: t.exposeString("summaryEn", { description: "The whole summary as a paragraph in English." }),
    summaryAr: t.exposeString("summaryAr", { description: "The whole summary as a paragraph in Arabic." }),
  }),
});

const ImportError = builder.objectRef<CompetitorImportResult["errors"][number]>("CompetitorImportError").implement({
  description: "A row of a CSV import that was wrong.",
  fields: (t) => ({
    line: t.exposeInt("line", { description: "The line of the file the row starts on (the header is line 1)" }),
    messages: t.exposeStringList("messages", { description: "What is wrong, in the caller's language" }),
  }),
});

const ImportResult = builder.objectRef<CompetitorImportResult>("CompetitorImportResult").implement({
  description: "With any error, nothing was stored.",
  fields: (t) => ({
    imported: t.exposeInt("imported", { description: "Rows stored (0 when any row was wrong)." }),
    replaced: t.exposeInt("replaced", {
      description: "Of the imported rows, days that replaced figures already there",
    }),
    created: t.exposeInt("created", { description: "Competitors the file added" }),
    errors: t.field({
      description: "The wrong rows; empty when all was stored.",
      type: [ImportError],
      complexity: { field: 1, multiplier: 20 },
      resolve: (r) => r.errors,
    }),
  }),
});

const SnapshotSaved = builder
  .objectRef<{ snapshot: SnapshotView; replaced: boolean }>("CompetitorSnapshotSaved")
  .implement({
    description: "A reading saved by hand.",
    fields: (t) => ({
      snapshot: t.field({
        description: "The reading as stored.",
        type: CompetitorSnapshot,
        resolve: (r) => r.snapshot,
      }),
      replaced: t.exposeBoolean("replaced", { description: "That day had figures already, now replaced" }),
    }),
  });

const Fetched = builder
  .objectRef<{ competitor: CompetitorView; snapshot: SnapshotView; replaced: boolean }>("CompetitorFetched")
  .implement({
    description: "A reading read from Instagram.",
    fields: (t) => ({
      competitor: t.field({
        description: "The competitor, with its new latest reading.",
        type: Competitor,
        resolve: (r) => r.competitor,
      }),
      snapshot: t.field({
        description: "Today's reading as stored.",
        type: CompetitorSnapshot,
        resolve: (r) => r.snapshot,
      }),
      replaced: t.exposeBoolean("replaced", { description: "Today had figures already, now replaced." }),
    }),
  });

const CompetitorDiscoveryStatusEnum = builder.enumType("CompetitorDiscoveryStatus", {
  description: "Where the business's Facebook sign-in for competitor figures stands.",
  values: {
    NOT_CONNECTED: { value: "not_connected", description: "Nobody has signed in with Facebook." },
    CONNECTED: { value: "connected", description: "Signed in: Instagram competitors can be read." },
    RECONNECT_NEEDED: { value: "reconnect_needed", description: "The sign-in expired or was revoked: sign in again." },
  } as const,
});

const CompetitorDiscovery = builder.objectRef<DiscoveryStatus>("CompetitorDiscovery").implement({
  description:
    "The business's Facebook sign-in for competitor figures: Instagram business discovery is offered only through Facebook Login.",
  fields: (t) => ({
    configured: t.exposeBoolean("configured", {
      description:
        "This server can sign in with Facebook for competitor figures (its Facebook app, and on a Business app the configuration for discovery)",
    }),
    demo: t.exposeBoolean("demo", {
      description: "The business's Instagram is a demo account: readings are simulated, nothing to connect",
    }),
    status: t.field({
      description: "Whether the sign-in is there and works.",
      type: CompetitorDiscoveryStatusEnum,
      resolve: (d) => d.status,
    }),
    instagramUsername: t.exposeString("instagramUsername", {
      nullable: true,
      description: "The professional account lookups are made as",
    }),
    pageName: t.exposeString("pageName", {
      nullable: true,
      description: "The Facebook Page that account is linked to",
    }),
    connectedAt: t.expose("connectedAt", {
      description: "When the person signed in (UTC); null when not connected.",
      type: "DateTime",
      nullable: true,
    }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      nullable: true,
      description: "When the Facebook sign-in stops working (about 60 days; then sign in again)",
    }),
  }),
});

const CompetitorDiscoveryConnect = builder.objectRef<{ authorizeUrl: string }>("CompetitorDiscoveryConnect").implement({
  description: "Where to send the person to sign in with Facebook.",
  fields: (t) => ({
    authorizeUrl: t.exposeString("authorizeUrl", { description: "Send the person here to sign in with Facebook" }),
  }),
});

const CompetitorInput = builder.inputType("CompetitorInput", {
  description: "A competitor to follow, or its new details.",
  fields: (t) => ({
    name: t.string({ required: true, description: "The competitor's name, 1 to 80 characters." }),
    platform: t.field({ type: PlatformEnum, required: true, description: "The network the account is on." }),
    handle: t.string({ required: true, description: "The username; an @ or a profile link is taken off" }),
    area: t.string({ description: "A KUWAIT_AREAS key (salmiya), or the area as written, up to 60 characters." }),
    cuisine: t.string({ description: "A CUISINES key, or the cuisine as written, up to 40 characters." }),
  }),
});

const SnapshotInput = builder.inputType("CompetitorSnapshotInput", {
  description: "A competitor's figures on one day: at least one of followers, posts a week and average engagement.",
  fields: (t) => ({
    day: t.string({ required: true, description: "The reading's day, YYYY-MM-DD (a Kuwait day), not in the future." }),
    followers: t.int({ description: "Followers, 0 to 1,000,000,000." }),
    postsPerWeek: t.float({ description: "Posts a week on average, 0 to 1,000." }),
    avgEngagement: t.float({
      description: "Average engagement in percent, 0 to 100: likes and comments over followers, per post.",
    }),
    topThemes: t.stringList({ description: "The themes it posts about, at most 5, each up to 40 characters." }),
  }),
});

builder.queryFields((t) => ({
  competitorDiscovery: t.field({
    type: CompetitorDiscovery,
    ...ofBusiness,
    description: "The Facebook sign-in competitors' Instagram figures are read through.",
    resolve: (_r, _a, ctx) => ctx.services.competitorDiscovery.status(ctx.viewer),
  }),
  competitors: t.field({
    type: CompetitorList,
    ...ofBusiness,
    description: "The business's competitors, by name, each with its latest reading.",
    resolve: (_r, _a, ctx) => ctx.services.competitors.list(ctx.viewer),
  }),
  competitor: t.field({
    type: Competitor,
    ...ofBusiness,
    description: "One competitor of the caller's business; NOT_FOUND for another business's.",
    args: { id: t.arg.id({ required: true, description: "The competitor's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.competitors.get(ctx.viewer, String(id)),
  }),
  competitorBenchmark: t.field({
    type: BenchmarkRef,
    ...ofBusiness,
    description:
      "The business's own figures over the last `days` Kuwait days (28) next to each competitor's latest reading and history (`historyDays`, 180), and the summary.",
    args: {
      days: t.arg.int({ description: "The window of the business's own figures in days, 7 to 90; 28 when left out." }),
      historyDays: t.arg.int({ description: "The history's length in days, 7 to 730; 180 when left out." }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.competitors.benchmark(ctx.viewer, {
        days: a.days ?? undefined,
        historyDays: a.historyDays ?? undefined,
      }),
  }),
}));

builder.mutationFields((t) => ({
  createCompetitor: t.field({
    type: Competitor,
    ...ofBusiness,
    description: "Follows an account (at most 50); the same network and username twice is COMPETITOR_EXISTS.",
    args: { input: t.arg({ type: CompetitorInput, required: true, description: "The competitor to follow." }) },
    resolve: (_r, { input }, ctx) => ctx.services.competitors.create(ctx.viewer, input),
  }),
  updateCompetitor: t.field({
    description: "Changes a competitor's details; the same network and username as another is COMPETITOR_EXISTS.",
    type: Competitor,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The competitor's id." }),
      input: t.arg({ type: CompetitorInput, required: true, description: "Its new details." }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.competitors.update(ctx.viewer, String(id), input),
  }),
  deleteCompetitor: t.id({
    ...ofBusiness,
    description: "Stops following a competitor and deletes its readings; answers its id.",
    args: { id: t.arg.id({ required: true, description: "The competitor's id." }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.competitors.remove(ctx.viewer, String(id))).id,
  }),
  saveCompetitorSnapshot: t.field({
    type: SnapshotSaved,
    ...ofBusiness,
    description: "A day's figures by hand; the same day again replaces them.",
    args: {
      competitorId: t.arg.id({ required: true, description: "The competitor's id." }),
      input: t.arg({ type: SnapshotInput, required: true, description: "The day and its figures." }),
    },
    resolve: (_r, { competitorId, input }, ctx) =>
      ctx.services.competitors.saveSnapshot(ctx.viewer, String(competitorId), input),
  }),
  deleteCompetitorSnapshot: t.string({
    ...ofBusiness,
    description: "Answers the day deleted.",
    args: {
      competitorId: t.arg.id({ required: true, description: "The competitor's id." }),
      day: t.arg.string({ required: true, description: "The reading's day, YYYY-MM-DD (a Kuwait day)." }),
    },
    resolve: async (_r, { competitorId, day }, ctx) =>
      (await ctx.services.competitors.removeSnapshot(ctx.viewer, String(competitorId), day)).day,
  }),
  importCompetitors: t.field({
    type: ImportResult,
    ...ofBusiness,
    description:
      "Readings from a CSV text (header name,handle,platform,date,followers,posts_per_week,avg_engagement,top_themes, or the Arabic names). Rows for accounts not followed yet add them. With any wrong row, nothing is stored.",
    args: { csv: t.arg.string({ required: true, description: "The file's text (UTF-8), up to 1 MB and 1,000 rows." }) },
    resolve: (_r, { csv }, ctx) => ctx.services.competitors.importCsv(ctx.viewer, csv, ctx.meta.locale),
  }),
  fetchCompetitorFromInstagram: t.field({
    type: Fetched,
    ...ofBusiness,
    description:
      "Reads today's figures of an Instagram competitor with business discovery, through the business's Facebook sign-in for competitor figures (simulated for a demo Instagram account).",
    args: { id: t.arg.id({ required: true, description: "The competitor's id (an Instagram one)." }) },
    resolve: (_r, { id }, ctx) => ctx.services.competitors.fetchFromInstagram(ctx.viewer, String(id)),
  }),
  connectCompetitorDiscovery: t.field({
    type: CompetitorDiscoveryConnect,
    ...personOfBusiness,
    description:
      "Starts the Facebook sign-in for competitor figures; Facebook sends the person back to `returnTo` (a path, /competitors unless given).",
    args: {
      returnTo: t.arg.string({ description: "The path to come back to after signing in; /competitors when left out." }),
    },
    resolve: (_r, { returnTo }, ctx) =>
      ctx.services.competitorDiscovery.connect(ctx.viewer, { returnTo: returnTo ?? undefined }),
  }),
  disconnectCompetitorDiscovery: t.field({
    type: CompetitorDiscovery,
    ...personOfBusiness,
    description: "Forgets the Facebook sign-in for competitor figures.",
    resolve: (_r, _a, ctx) => ctx.services.competitorDiscovery.disconnect(ctx.viewer, ctx.meta),
  }),
}));
