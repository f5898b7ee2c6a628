// Competitors at the GraphQL door: thin, every field calls the competitors service (tenancy and the
// rules are decided there); errors are the catalogue's, as everywhere.
import { COMPETITOR_METRICS, COMPETITOR_SOURCES, type CompetitorMetric, type SummaryPoint, isoDay } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import type { Competitor as CompetitorRow } from "../../generated/prisma/client.ts";
import { PlatformEnum, upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { CompetitorBenchmark as BenchmarkShape, CompetitorImportResult, CompetitorView, SnapshotView } from "./competitors.service.ts";
import type { DiscoveryStatus } from "./discovery-connection.service.ts";
import type { FollowersPoint, OwnFigures } from "./own-figures.ts";

const METRIC_NAMES: Record<CompetitorMetric, string> = { followers: "FOLLOWERS", postsPerWeek: "POSTS_PER_WEEK", avgEngagement: "AVG_ENGAGEMENT" };

export const CompetitorSourceEnum = builder.enumType("CompetitorSource", { description: "How a reading came: by hand, from a CSV file, or read from Instagram.", values: upper(COMPETITOR_SOURCES) });
export const CompetitorMetricEnum = builder.enumType("CompetitorMetric", {
  values: Object.fromEntries(COMPETITOR_METRICS.map((m) => [METRIC_NAMES[m], { value: m }])) as Record<string, { value: CompetitorMetric }>,
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

export const CompetitorSnapshot = builder.objectRef<SnapshotView>("CompetitorSnapshot").implement({
  description: "A competitor's public figures on one Kuwait day.",
  fields: (t) => ({
    id: t.exposeID("id"),
    competitorId: t.exposeID("competitorId"),
    day: t.string({ description: "YYYY-MM-DD, Kuwait", resolve: (s) => isoDay(s.day) }),
    followers: t.exposeInt("followers", { nullable: true }),
    postsPerWeek: t.exposeFloat("postsPerWeek", { nullable: true }),
    avgEngagement: t.exposeFloat("avgEngagement", { nullable: true, description: "Likes and comments over followers, per post, in percent" }),
    topThemes: t.exposeStringList("topThemes"),
    source: t.field({ type: CompetitorSourceEnum, resolve: (s) => s.source }),
    simulated: t.exposeBoolean("simulated", { description: "Read through a demo account's simulated network: not real figures" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

export const Competitor = builder.objectRef<CompetitorRow & { latest?: SnapshotView | null }>("Competitor").implement({
  description: "An account on another business's network that this business follows.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    platform: t.field({ type: PlatformEnum, resolve: (c) => c.platform }),
    handle: t.exposeString("handle", { description: "The username, without the @, lower case" }),
    area: t.exposeString("area", { nullable: true, description: "A KUWAIT_AREAS key, or the area as written" }),
    cuisine: t.exposeString("cuisine", { nullable: true, description: "A CUISINES key, or the cuisine as written" }),
    latest: t.field({
      type: CompetitorSnapshot,
      nullable: true,
      description: "The newest reading",
      resolve: async (c, _a, ctx) => (c.latest !== undefined ? c.latest : (await ctx.services.competitors.get(ctx.viewer, c.id)).latest),
    }),
    snapshots: t.field({
      type: [CompetitorSnapshot],
      description: "Every reading, newest first",
      complexity: { field: 5, multiplier: 1 },
      resolve: (c, _a, ctx) => ctx.services.competitors.snapshots(ctx.viewer, c.id),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const CompetitorList = builder.objectRef<{ items: CompetitorView[]; limit: number }>("CompetitorList").implement({
  fields: (t) => ({
    items: t.field({ type: [Competitor], complexity: { field: 1, multiplier: 50 }, resolve: (l) => l.items }),
    limit: t.exposeInt("limit", { description: "How many competitors a business may follow" }),
  }),
});

const OwnFiguresRef = builder.objectRef<OwnFigures>("CompetitorOwnFigures").implement({
  description: "The business's own figures on one network over the benchmark's window.",
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (o) => o.platform }),
    followers: t.exposeInt("followers", { nullable: true, description: "The latest audience reading's followers" }),
    postsPerWeek: t.exposeFloat("postsPerWeek", { nullable: true }),
    avgEngagement: t.exposeFloat("avgEngagement", { nullable: true, description: "Likes and comments over followers, per post, in percent (as competitors' are counted)" }),
    topThemes: t.exposeStringList("topThemes"),
    posts: t.exposeInt("posts", { description: "Posts published on this network in the window" }),
    simulated: t.exposeBoolean("simulated", { description: "From a demo account's simulated network" }),
  }),
});

const FollowersPointRef = builder.objectRef<FollowersPoint>("CompetitorFollowersPoint").implement({
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (p) => p.platform }),
    day: t.exposeString("day"),
    followers: t.exposeInt("followers"),
    simulated: t.exposeBoolean("simulated"),
  }),
});

const BenchmarkCompetitor = builder.objectRef<BenchmarkShape["competitors"][number]>("CompetitorBenchmarkEntry").implement({
  fields: (t) => ({
    competitor: t.field({ type: Competitor, resolve: (c) => ({ ...c.competitor, latest: c.latest }) }),
    latest: t.field({ type: CompetitorSnapshot, nullable: true, resolve: (c) => c.latest }),
    history: t.field({ type: [CompetitorSnapshot], description: "Readings in the history window, oldest first", complexity: { field: 1, multiplier: 5 }, resolve: (c) => c.history }),
  }),
});

const SummaryPointRef = builder.objectRef<SummaryPoint>("CompetitorSummaryPoint").implement({
  description: "One sentence of the summary: a message key and the figures it is written from (the client writes it with the person's digits).",
  fields: (t) => ({
    key: t.exposeString("key"),
    platform: t.field({ type: PlatformEnum, nullable: true, resolve: (p) => p.platform ?? null }),
    metric: t.field({ type: CompetitorMetricEnum, nullable: true, resolve: (p) => p.metric ?? null }),
    own: t.float({ nullable: true, resolve: (p) => p.own ?? null }),
    theirs: t.float({ nullable: true, resolve: (p) => p.theirs ?? null }),
    name: t.string({ nullable: true, resolve: (p) => p.name ?? null }),
    ahead: t.int({ nullable: true, resolve: (p) => p.ahead ?? null }),
    total: t.int({ nullable: true, resolve: (p) => p.total ?? null }),
    themes: t.stringList({ nullable: true, resolve: (p) => p.themes ?? null }),
  }),
});

const BenchmarkRef = builder.objectRef<BenchmarkShape>("CompetitorBenchmark").implement({
  description: "The business's own figures next to its competitors', and where it leads and trails.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "YYYY-MM-DD, Kuwait: the window of the business's own figures" }),
    to: t.exposeString("to"),
    days: t.exposeInt("days"),
    historyFrom: t.exposeString("historyFrom"),
    own: t.field({ type: [OwnFiguresRef], resolve: (b) => b.own }),
    ownHistory: t.field({ type: [FollowersPointRef], complexity: { field: 1, multiplier: 20 }, resolve: (b) => b.ownHistory }),
    competitors: t.field({ type: [BenchmarkCompetitor], complexity: { field: 1, multiplier: 50 }, resolve: (b) => b.competitors }),
    summary: t.field({ type: [SummaryPointRef], resolve: (b) => b.summary }),
    summaryEn: t.exposeString("summaryEn"),
    summaryAr: t.exposeString("summaryAr"),
  }),
});

const ImportError = builder.objectRef<CompetitorImportResult["errors"][number]>("CompetitorImportError").implement({
  fields: (t) => ({
    line: t.exposeInt("line", { description: "The line of the file the row starts on (the header is line 1)" }),
    messages: t.exposeStringList("messages", { description: "What is wrong, in the caller's language" }),
  }),
});

const ImportResult = builder.objectRef<CompetitorImportResult>("CompetitorImportResult").implement({
  description: "With any error, nothing was stored.",
  fields: (t) => ({
    imported: t.exposeInt("imported"),
    replaced: t.exposeInt("replaced", { description: "Of the imported rows, days that replaced figures already there" }),
    created: t.exposeInt("created", { description: "Competitors the file added" }),
    errors: t.field({ type: [ImportError], complexity: { field: 1, multiplier: 20 }, resolve: (r) => r.errors }),
  }),
});

const SnapshotSaved = builder.objectRef<{ snapshot: SnapshotView; replaced: boolean }>("CompetitorSnapshotSaved").implement({
  fields: (t) => ({
    snapshot: t.field({ type: CompetitorSnapshot, resolve: (r) => r.snapshot }),
    replaced: t.exposeBoolean("replaced", { description: "That day had figures already, now replaced" }),
  }),
});

const Fetched = builder.objectRef<{ competitor: CompetitorView; snapshot: SnapshotView; replaced: boolean }>("CompetitorFetched").implement({
  fields: (t) => ({
    competitor: t.field({ type: Competitor, resolve: (r) => r.competitor }),
    snapshot: t.field({ type: CompetitorSnapshot, resolve: (r) => r.snapshot }),
    replaced: t.exposeBoolean("replaced"),
  }),
});

const CompetitorDiscoveryStatusEnum = builder.enumType("CompetitorDiscoveryStatus", {
  values: { NOT_CONNECTED: { value: "not_connected" }, CONNECTED: { value: "connected" }, RECONNECT_NEEDED: { value: "reconnect_needed" } } as const,
});

const CompetitorDiscovery = builder.objectRef<DiscoveryStatus>("CompetitorDiscovery").implement({
  description: "The business's Facebook sign-in for competitor figures: Instagram business discovery is offered only through Facebook Login.",
  fields: (t) => ({
    configured: t.exposeBoolean("configured", { description: "FACEBOOK_APP_ID and secret set on this server" }),
    demo: t.exposeBoolean("demo", { description: "The business's Instagram is a demo account: readings are simulated, nothing to connect" }),
    status: t.field({ type: CompetitorDiscoveryStatusEnum, resolve: (d) => d.status }),
    instagramUsername: t.exposeString("instagramUsername", { nullable: true, description: "The professional account lookups are made as" }),
    pageName: t.exposeString("pageName", { nullable: true, description: "The Facebook Page that account is linked to" }),
    connectedAt: t.expose("connectedAt", { type: "DateTime", nullable: true }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true, description: "When the Facebook sign-in stops working (about 60 days; then sign in again)" }),
  }),
});

const CompetitorDiscoveryConnect = builder.objectRef<{ authorizeUrl: string }>("CompetitorDiscoveryConnect").implement({
  fields: (t) => ({ authorizeUrl: t.exposeString("authorizeUrl", { description: "Send the person here to sign in with Facebook" }) }),
});

const CompetitorInput = builder.inputType("CompetitorInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    platform: t.field({ type: PlatformEnum, required: true }),
    handle: t.string({ required: true, description: "The username; an @ or a profile link is taken off" }),
    area: t.string(),
    cuisine: t.string(),
  }),
});

const SnapshotInput = builder.inputType("CompetitorSnapshotInput", {
  fields: (t) => ({
    day: t.string({ required: true, description: "YYYY-MM-DD, not in the future" }),
    followers: t.int(),
    postsPerWeek: t.float(),
    avgEngagement: t.float({ description: "Percent" }),
    topThemes: t.stringList({ description: "At most 5" }),
  }),
});

builder.queryFields((t) => ({
  competitorDiscovery: t.field({
    type: CompetitorDiscovery,
    ...ofBusiness,
    description: "The Facebook sign-in competitors' Instagram figures are read through.",
    resolve: (_r, _a, ctx) => ctx.services.competitorDiscovery.status(ctx.viewer),
  }),
  competitors: t.field({ type: CompetitorList, ...ofBusiness, description: "The business's competitors, by name, each with its latest reading.", resolve: (_r, _a, ctx) => ctx.services.competitors.list(ctx.viewer) }),
  competitor: t.field({ type: Competitor, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.competitors.get(ctx.viewer, String(id)) }),
  competitorBenchmark: t.field({
    type: BenchmarkRef,
    ...ofBusiness,
    description: "The business's own figures over the last `days` Kuwait days (28) next to each competitor's latest reading and history (`historyDays`, 180), and the summary.",
    args: { days: t.arg.int(), historyDays: t.arg.int() },
    resolve: (_r, a, ctx) => ctx.services.competitors.benchmark(ctx.viewer, { days: a.days ?? undefined, historyDays: a.historyDays ?? undefined }),
  }),
}));

builder.mutationFields((t) => ({
  createCompetitor: t.field({
    type: Competitor,
    ...ofBusiness,
    description: "Follows an account (at most 50); the same network and username twice is COMPETITOR_EXISTS.",
    args: { input: t.arg({ type: CompetitorInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.competitors.create(ctx.viewer, input),
  }),
  updateCompetitor: t.field({
    type: Competitor,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CompetitorInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.competitors.update(ctx.viewer, String(id), input),
  }),
  deleteCompetitor: t.id({ ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: async (_r, { id }, ctx) => (await ctx.services.competitors.remove(ctx.viewer, String(id))).id }),
  saveCompetitorSnapshot: t.field({
    type: SnapshotSaved,
    ...ofBusiness,
    description: "A day's figures by hand; the same day again replaces them.",
    args: { competitorId: t.arg.id({ required: true }), input: t.arg({ type: SnapshotInput, required: true }) },
    resolve: (_r, { competitorId, input }, ctx) => ctx.services.competitors.saveSnapshot(ctx.viewer, String(competitorId), input),
  }),
  deleteCompetitorSnapshot: t.string({
    ...ofBusiness,
    description: "Answers the day deleted.",
    args: { competitorId: t.arg.id({ required: true }), day: t.arg.string({ required: true }) },
    resolve: async (_r, { competitorId, day }, ctx) => (await ctx.services.competitors.removeSnapshot(ctx.viewer, String(competitorId), day)).day,
  }),
  importCompetitors: t.field({
    type: ImportResult,
    ...ofBusiness,
    description:
      "Readings from a CSV text (header name,handle,platform,date,followers,posts_per_week,avg_engagement,top_themes, or the Arabic names). Rows for accounts not followed yet add them. With any wrong row, nothing is stored.",
    args: { csv: t.arg.string({ required: true }) },
    resolve: (_r, { csv }, ctx) => ctx.services.competitors.importCsv(ctx.viewer, csv, ctx.meta.locale),
  }),
  fetchCompetitorFromInstagram: t.field({
    type: Fetched,
    ...ofBusiness,
    description:
      "Reads today's figures of an Instagram competitor with business discovery, through the business's Facebook sign-in for competitor figures (simulated for a demo Instagram account).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.competitors.fetchFromInstagram(ctx.viewer, String(id)),
  }),
  connectCompetitorDiscovery: t.field({
    type: CompetitorDiscoveryConnect,
    ...personOfBusiness,
    description: "Starts the Facebook sign-in for competitor figures; Facebook sends the person back to `returnTo` (a path, /competitors unless given).",
    args: { returnTo: t.arg.string() },
    resolve: (_r, { returnTo }, ctx) => ctx.services.competitorDiscovery.connect(ctx.viewer, { returnTo: returnTo ?? undefined }),
  }),
  disconnectCompetitorDiscovery: t.field({
    type: CompetitorDiscovery,
    ...personOfBusiness,
    description: "Forgets the Facebook sign-in for competitor figures.",
    resolve: (_r, _a, ctx) => ctx.services.competitorDiscovery.disconnect(ctx.viewer, ctx.meta),
  }),
}));
