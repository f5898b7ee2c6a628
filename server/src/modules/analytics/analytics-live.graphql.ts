// Analytics' audience and realtime view at the GraphQL door: thin, each field calls its service
// (tenancy is decided there). The realtime subscription checks tenancy once, on subscribing, and
// then sends a fresh view after each of the business's post or metrics events.
import { builder } from "../../graphql/builder.ts";
import { countFields } from "../../graphql/figures.ts";
import { PlatformEnum, TargetStatusEnum, upper } from "../../graphql/enums.ts";
import {
  AUDIENCE_GAPS,
  type AnalyticsAudience as AudienceShape,
  type AudienceCityShare,
  type AudienceNetwork,
  type AudienceShare,
  type AudienceView,
} from "./audience.ts";
import type { AnalyticsRealtime as RealtimeShape, RealtimeHour, RealtimeTarget } from "./realtime.ts";

const AudienceGapEnum = builder.enumType("AnalyticsAudienceGap", {
  description:
    "Why a network shows less than everything: NOT_CONNECTED (no account), NO_AUDIENCE_API (the network gives none: Snapchat), SIMULATED_HIDDEN (a demo account, its simulated reading left out), NO_READING_YET (connected; the daily reading has not run in the range), NO_DEMOGRAPHICS (followers only: X, or an Instagram account under 100 followers).",
  values: upper(AUDIENCE_GAPS, {
    not_connected: "The business has no account on this network.",
    no_audience_api: "The network gives no audience figures (Snapchat).",
    simulated_hidden: "A demo account: its simulated reading is left out (includeSimulated).",
    no_reading_yet: "Connected, but the daily reading has not run in the range.",
    no_demographics: "Followers only, no breakdowns: X, or an Instagram account under 100 followers.",
  }),
});

const AudienceShareRef = builder.objectRef<AudienceShare>("AnalyticsAudienceShare").implement({
  description: "One entry of a breakdown: an age band (13-17 ... 65+) or a gender (female, male, unknown).",
  fields: (t) => ({
    key: t.exposeString("key", {
      description:
        "The age band as the network names it (Instagram: 13-17 ... 65+), or the gender (female, male, unknown).",
    }),
    count: t.exposeInt("count", { description: "Followers in it, as the network reported." }),
    share: t.exposeFloat("share", { description: "Percent of the breakdown's total, two decimals." }),
  }),
});

const AudienceCityRef = builder.objectRef<AudienceCityShare>("AnalyticsAudienceCity").implement({
  description: 'A city as the network names it (Instagram: "Salmiya, Hawalli").',
  fields: (t) => ({
    key: t.exposeString("key", { description: "The city as the network names it." }),
    area: t.exposeString("area", {
      nullable: true,
      description:
        "The Kuwait area (a KUWAIT_AREAS key such as salmiya), for its English and Arabic names; null outside the list.",
    }),
    count: t.exposeInt("count", { description: "Followers in it, as the network reported." }),
    share: t.exposeFloat("share", {
      description: "Percent of every city reported (not only the ten shown), two decimals.",
    }),
  }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const viewFields = <T extends AudienceView>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) => ({
  followers: t.int({
    description: "Followers at the reading; null when the network gave no count.",
    nullable: true,
    resolve: (v) => v.followers,
  }),
  cities: t.field({
    type: [AudienceCityRef],
    description: "The ten largest, largest first.",
    resolve: (v) => v.cities,
  }),
  ages: t.field({ type: [AudienceShareRef], description: "By age band, youngest first.", resolve: (v) => v.ages }),
  genders: t.field({ type: [AudienceShareRef], description: "female, male, unknown.", resolve: (v) => v.genders }),
  activeHours: t.intList({
    description: "Followers online at each Kuwait hour, index 0-23; empty when not reported.",
    resolve: (v) => v.activeHours,
  }),
});

const AudienceNetworkRef = builder.objectRef<AudienceNetwork>("AnalyticsAudienceNetwork").implement({
  description: "One network's latest audience reading in the range, or why there is none.",
  fields: (t) => ({
    platform: t.field({
      description: "The network this reading is for.",
      type: PlatformEnum,
      resolve: (n) => n.platform,
    }),
    reported: t.exposeBoolean("reported", { description: "A reading exists in the range." }),
    gap: t.field({
      type: AudienceGapEnum,
      nullable: true,
      description: "Why it shows less than everything; null when it reported all it can.",
      resolve: (n) => n.gap,
    }),
    day: t.exposeString("day", { nullable: true, description: "YYYY-MM-DD, Kuwait: the reading's day." }),
    simulated: t.exposeBoolean("simulated", { description: "A demo account's simulated reading." }),
    ...viewFields(t),
  }),
});

const AudienceCombinedRef = builder.objectRef<AudienceShape["combined"]>("AnalyticsAudienceCombined").implement({
  description: "The networks' readings added up: followers, each breakdown by key, each hour.",
  fields: (t) => ({
    platforms: t.field({
      type: [PlatformEnum],
      description: "The networks that reported.",
      resolve: (c) => c.platforms,
    }),
    ...viewFields(t),
  }),
});

const AudienceRef = builder.objectRef<AudienceShape>("AnalyticsAudience").implement({
  description: "Who follows a business, as its networks report it, over a range of Kuwait days.",
  fields: (t) => ({
    clientId: t.field({ description: "The business's id.", type: "ID", resolve: (a) => a.clientId }),
    from: t.exposeString("from", {
      description: "The range's first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    to: t.exposeString("to", {
      description: "The range's last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description: "Demo accounts' simulated readings are counted: label them as demo figures.",
    }),
    networks: t.field({
      type: [AudienceNetworkRef],
      description:
        "The networks of the business's plan, and any other it has an account or a reading of (from an earlier plan), in the order Instagram, X, Snapchat, TikTok, Facebook; a network outside the plan is left out.",
      resolve: (a) => a.networks,
    }),
    combined: t.field({
      description: "The networks' readings added up.",
      type: AudienceCombinedRef,
      resolve: (a) => a.combined,
    }),
  }),
});

const RealtimeTotalsRef = builder.objectRef<RealtimeShape["totals"]>("AnalyticsRealtimeTotals").implement({
  description: "Targets published in the window, with their figures as last collected.",
  fields: (t) => ({
    posts: t.exposeInt("posts", { description: "Targets (a post's part on one network) published in the window." }),
    ...countFields(t),
    engagementRate: t.exposeFloat("engagementRate", {
      nullable: true,
      description: "Percent, as in the overview; null without reach or views.",
    }),
  }),
});

const RealtimeHourRef = builder.objectRef<RealtimeHour>("AnalyticsRealtimeHour").implement({
  description: "The targets published in one hour, with their current figures.",
  fields: (t) => ({
    start: t.field({ description: "The hour's start (UTC).", type: "DateTime", resolve: (h) => h.start }),
    hour: t.exposeInt("hour", { description: "The hour of the day in Kuwait, 0-23." }),
    posts: t.exposeInt("posts", { description: "Targets published in the hour." }),
    ...countFields(t),
  }),
});

const RealtimeTargetRef = builder.objectRef<RealtimeTarget>("AnalyticsRealtimeTarget").implement({
  description: "A post's part on one network that is publishing now, or due within the hour.",
  fields: (t) => ({
    targetId: t.field({ description: "The target's id (PostTarget.id).", type: "ID", resolve: (x) => x.targetId }),
    postId: t.field({ description: "The post's id.", type: "ID", resolve: (x) => x.postId }),
    platform: t.field({ description: "The network it goes to.", type: PlatformEnum, resolve: (x) => x.platform }),
    status: t.field({
      type: TargetStatusEnum,
      description: "PUBLISHING, or PENDING (due soon).",
      resolve: (x) => x.status,
    }),
    excerpt: t.exposeString("excerpt", { description: "The post's text, cut to 80 characters." }),
    dueAt: t.field({
      description: "When it is due (UTC); null when not scheduled.",
      type: "DateTime",
      nullable: true,
      resolve: (x) => x.dueAt,
    }),
    simulated: t.exposeBoolean("simulated", { description: "On a demo account (the simulated network)." }),
  }),
});

const RealtimeRef = builder.objectRef<RealtimeShape>("AnalyticsRealtime").implement({
  description:
    "A business's last 24 hours, ending now: what went out and how it does, what is publishing, what is due.",
  fields: (t) => ({
    clientId: t.field({ description: "The business's id.", type: "ID", resolve: (r) => r.clientId }),
    from: t.field({
      type: "DateTime",
      description: "The window's start: the current hour and the 23 before it.",
      resolve: (r) => r.from,
    }),
    to: t.field({ description: "The window's end: now (UTC).", type: "DateTime", resolve: (r) => r.to }),
    generatedAt: t.field({
      description: "When this view was made (UTC).",
      type: "DateTime",
      resolve: (r) => r.generatedAt,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description: "Demo accounts' simulated figures are counted: label them as demo figures.",
    }),
    totals: t.field({
      description: "The window's targets and their figures.",
      type: RealtimeTotalsRef,
      resolve: (r) => r.totals,
    }),
    hours: t.field({ type: [RealtimeHourRef], description: "24 hours, oldest first.", resolve: (r) => r.hours }),
    publishing: t.field({
      type: [RealtimeTargetRef],
      description: "Being sent to the network now.",
      resolve: (r) => r.publishing,
    }),
    dueSoon: t.field({
      type: [RealtimeTargetRef],
      description: "Scheduled within the next 60 minutes, soonest first.",
      resolve: (r) => r.dueSoon,
    }),
    metricsAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When figures were last collected for the business's posts.",
      resolve: (r) => r.metricsAt,
    }),
  }),
});

const CLIENT_ID = "The business id (me.businessId): a business's people may name only their own, admins any.";

builder.queryFields((t) => ({
  analyticsAudience: t.field({
    type: AudienceRef,
    description: `Audience per network and combined, from each network's latest reading in \`from\`..\`to\` (YYYY-MM-DD Kuwait days; the last 30 days when left out). ${CLIENT_ID}`,
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({
        required: true,
        description:
          "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
      }),
      from: t.arg.string({
        description: "The range's first day, YYYY-MM-DD (a Kuwait day); 30 days ending at `to` when left out.",
      }),
      to: t.arg.string({
        description: "The range's last day, YYYY-MM-DD (a Kuwait day), included; today in Kuwait when left out.",
      }),
      includeSimulated: t.arg.boolean({
        description:
          "Count demo accounts' simulated readings; left out: only for a business whose accounts are all demo accounts.",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.audience.audience(ctx.viewer, {
        clientId: String(a.clientId),
        from: a.from ?? undefined,
        to: a.to ?? undefined,
        includeSimulated: a.includeSimulated ?? undefined,
      }),
  }),
  analyticsRealtime: t.field({
    type: RealtimeRef,
    description: `The last 24 hours of a business, ending now. ${CLIENT_ID}`,
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({
        required: true,
        description:
          "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
      }),
      includeSimulated: t.arg.boolean({
        description:
          "Count demo accounts' simulated figures; left out: only for a business whose accounts are all demo accounts.",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.realtime.realtime(ctx.viewer, {
        clientId: String(a.clientId),
        includeSimulated: a.includeSimulated ?? undefined,
      }),
  }),
}));

builder.subscriptionFields((t) => ({
  analyticsRealtime: t.field({
    type: RealtimeRef,
    description: `The realtime view at once, then again after each of the business's post status changes and metrics collections, from any server process. ${CLIENT_ID} Refused (FORBIDDEN) on subscribing otherwise.`,
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({
        required: true,
        description:
          "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
      }),
      includeSimulated: t.arg.boolean({
        description:
          "Count demo accounts' simulated figures; left out: only for a business whose accounts are all demo accounts.",
      }),
    },
    subscribe: (_r, a, ctx) =>
      ctx.services.realtime.changes(ctx.viewer, {
        clientId: String(a.clientId),
        includeSimulated: a.includeSimulated ?? undefined,
      }),
    resolve: (_e, a, ctx) =>
      ctx.services.realtime.realtime(
        ctx.viewer,
        { clientId: String(a.clientId), includeSimulated: a.includeSimulated ?? undefined },
        { live: true },
      ),
  }),
}));
