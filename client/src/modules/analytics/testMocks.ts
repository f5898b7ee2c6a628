// For tests only: Apollo mocks of the analytics answers, shaped as the server sends them (with
// __typename), their figures following the range asked for (a longer range, larger figures), so a
// test sees the period picker change what is shown. Also the dashboard's content-performance card.
import { addDays, daysBetween, previousPeriod } from "@sufra/schema";
import {
  AnalyticsAudienceViewDocument,
  AnalyticsContentBreakdownDocument,
  AnalyticsEngagementSeriesDocument,
  AnalyticsFiltersDocument,
  SimulatedAccountsDocument,
  AnalyticsGuestsViewDocument,
  AnalyticsOverviewCardsDocument,
  AnalyticsPlatformDetailDocument,
  AnalyticsRealtimeLiveDocument,
  AnalyticsRealtimeNowDocument,
  AnalyticsTopPostsListDocument,
  DashboardContentPerformanceDocument,
} from "../../graphql/graphql.ts";
import { simulatedAccountsData } from "../../shared/simulatedMocks.ts";

type Vars = Record<string, unknown> & { from?: string; to?: string; clientId?: string };
const forever = { maxUsageCount: Number.POSITIVE_INFINITY };

/** The range a mock answers for: the one asked, else the 30 days to 20 March 2026. */
const rangeOf = (v: Vars) => {
  const to = v.to ?? "2026-03-20";
  return { from: v.from ?? addDays(to, -29), to };
};
const daysOf = (v: Vars) => {
  const r = rangeOf(v);
  return daysBetween(r.from, r.to) + 1;
};

export interface OverviewOptions {
  posts?: number;
  simulated?: boolean;
  followers?: number | null;
  /** the networks the copies went to (GraphQL names), each with an equal share; default Instagram 60 % and X 40 % */
  networks?: readonly string[];
}

function overviewData(v: Vars, o: OverviewOptions = {}) {
  const { from, to } = rangeOf(v);
  const days = daysOf(v);
  const posts = o.posts ?? days;
  const scale = posts ? days : 0;
  const totals = {
    posts,
    reach: scale * 1000,
    views: scale * 1500,
    likes: scale * 120,
    comments: scale * 14,
    shares: scale * 6,
    engagementRate: posts ? 14 : null,
    followers: o.followers === undefined ? 2450 : o.followers,
  };
  const share = (k: number) => ({
    posts: Math.round(posts * k),
    reach: Math.round(totals.reach * k),
    views: Math.round(totals.views * k),
    likes: Math.round(totals.likes * k),
    comments: Math.round(totals.comments * k),
    shares: Math.round(totals.shares * k),
  });
  return {
    analyticsOverview: {
      __typename: "AnalyticsOverview",
      clientId: v.clientId ?? "b1",
      from,
      to,
      simulatedIncluded: o.simulated ?? false,
      // posts, each once: here every other copy is a second network's
      publishedPosts: Math.ceil(posts / 2),
      clicks: posts ? 1240 : 0,
      clicksChange: posts ? 25 : null,
      previous: { __typename: "AnalyticsPeriod", ...previousPeriod(from, to) },
      totals: { __typename: "AnalyticsTotals", ...totals },
      change: {
        __typename: "AnalyticsChange",
        posts: 12.5,
        reach: -4.2,
        views: 0,
        likes: 30,
        comments: null,
        shares: -10,
        engagementRate: 2.1,
        followers: null,
      },
      byPlatform: !posts
        ? []
        : o.networks
          ? o.networks.map((platform, i) => ({
              __typename: "AnalyticsPlatformFigures",
              platform,
              engagementRate: 10 + i,
              ...share(1 / o.networks!.length),
            }))
          : [
              { __typename: "AnalyticsPlatformFigures", platform: "INSTAGRAM", engagementRate: 15.2, ...share(0.6) },
              { __typename: "AnalyticsPlatformFigures", platform: "TWITTER", engagementRate: 11.8, ...share(0.4) },
            ],
    },
  };
}

const point = (date: string, i: number) => ({
  __typename: "AnalyticsSeriesPoint",
  date,
  days: 1,
  posts: 1,
  reach: 1000 + i,
  views: 1500,
  likes: 100 + i,
  comments: 10,
  shares: 5,
  engagementRate: 11.5,
});

function engagementData(v: Vars) {
  const { from, to } = rangeOf(v);
  const points = Array.from({ length: daysOf(v) }, (_, i) => point(addDays(from, i), i));
  return {
    analyticsEngagement: {
      __typename: "AnalyticsEngagement",
      clientId: "b1",
      from,
      to,
      interval: (v.interval as string) ?? "DAY",
      simulatedIncluded: false,
      points,
    },
  };
}

const topPost = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "AnalyticsTopPost",
  postId: id,
  excerpt: "Saffron cake fresh from the oven",
  publishedAt: "2026-03-18T17:30:00.000Z",
  occasion: "food_photo",
  platforms: ["INSTAGRAM"],
  campaignName: "Winter menu launch",
  reach: 4200,
  views: 6100,
  likes: 512,
  comments: 40,
  shares: 18,
  engagement: 570,
  engagementRate: 13.57,
  clicks: 87,
  byPlatform: [
    {
      __typename: "AnalyticsPostPlatform",
      platform: "INSTAGRAM",
      permalink: `https://www.instagram.com/p/${id}/`,
      engagement: 570,
    },
  ],
  ...extra,
});

function topPostsData(
  v: Vars,
  posts = [topPost("p1"), topPost("p2", { excerpt: "كرك بالزعفران", likes: 300, engagement: 330 })],
) {
  const { from, to } = rangeOf(v);
  return {
    analyticsTopPosts: {
      __typename: "AnalyticsTopPosts",
      clientId: "b1",
      from,
      to,
      sort: (v.sort as string) ?? "ENGAGEMENT",
      simulatedIncluded: false,
      posts,
    },
  };
}

const group = (key: string, posts: number, engagement: number) => ({
  __typename: "AnalyticsContentGroup",
  key,
  posts,
  engagement,
  averageEngagement: posts ? engagement / posts : null,
  engagementRate: posts ? 12 : null,
});

function contentData(v: Vars) {
  const { from, to } = rangeOf(v);
  const heatmap = [6, 0, 1, 2, 3, 4, 5].flatMap((weekday) =>
    Array.from({ length: 24 }, (_, hour) => {
      const posts = hour === 20 ? 2 : hour === 13 && weekday === 4 ? 1 : 0;
      return {
        __typename: "AnalyticsHeatCell",
        weekday,
        hour,
        posts,
        engagement: posts * (weekday === 4 ? 300 : 100),
        averageEngagement: posts ? (weekday === 4 ? 300 : 100) : null,
      };
    }),
  );
  return {
    analyticsContent: {
      __typename: "AnalyticsContent",
      clientId: "b1",
      from,
      to,
      simulatedIncluded: false,
      byType: [group("text", 0, 0), group("image", 8, 960), group("video", 2, 400), group("carousel", 0, 0)],
      byOccasion: [group("food_photo", 4, 500), group("everyday", 6, 860)],
      byLanguage: [group("ar", 6, 800), group("en", 3, 400), group("mixed", 1, 160)],
      byHashtag: [group("kuwait", 9, 1200), group("karak", 3, 360)],
      heatmap,
    },
  };
}

function audienceData(v: Vars) {
  const { from, to } = rangeOf(v);
  const share = (key: string, count: number, s: number) => ({
    __typename: "AnalyticsAudienceShare",
    key,
    count,
    share: s,
  });
  return {
    analyticsAudience: {
      __typename: "AnalyticsAudience",
      clientId: "b1",
      from,
      to,
      simulatedIncluded: false,
      combined: {
        __typename: "AnalyticsAudienceCombined",
        followers: 2450,
        platforms: ["INSTAGRAM"],
        activeHours: Array.from({ length: 24 }, (_, h) => (h >= 18 ? 300 : 50)),
        cities: [
          { __typename: "AnalyticsAudienceCity", key: "Salmiya, Hawalli", area: "salmiya", count: 900, share: 45 },
        ],
        ages: [share("18-24", 500, 25), share("25-34", 1000, 50)],
        genders: [share("female", 1200, 60), share("male", 800, 40)],
      },
      networks: [
        {
          __typename: "AnalyticsAudienceNetwork",
          platform: "INSTAGRAM",
          reported: true,
          gap: null,
          day: "2026-03-19",
          simulated: false,
          followers: 2000,
        },
        {
          __typename: "AnalyticsAudienceNetwork",
          platform: "TWITTER",
          reported: true,
          gap: "NO_DEMOGRAPHICS",
          day: "2026-03-19",
          simulated: false,
          followers: 450,
        },
        {
          __typename: "AnalyticsAudienceNetwork",
          platform: "SNAPCHAT",
          reported: false,
          gap: "NO_AUDIENCE_API",
          day: null,
          simulated: false,
          followers: null,
        },
      ],
    },
  };
}

function realtimeData() {
  const now = new Date();
  return {
    analyticsRealtime: {
      __typename: "AnalyticsRealtime",
      clientId: "b1",
      from: new Date(now.getTime() - 23 * 3_600_000).toISOString(),
      to: now.toISOString(),
      generatedAt: now.toISOString(),
      metricsAt: new Date(now.getTime() - 5 * 60_000).toISOString(),
      simulatedIncluded: false,
      totals: {
        __typename: "AnalyticsRealtimeTotals",
        posts: 2,
        reach: 800,
        views: 1100,
        likes: 90,
        comments: 7,
        shares: 3,
        engagementRate: 12.5,
      },
      publishing: [
        {
          __typename: "AnalyticsRealtimeTarget",
          targetId: "t9",
          postId: "p9",
          platform: "INSTAGRAM",
          excerpt: "Karak for the evening",
          status: "PUBLISHING",
          dueAt: null,
          simulated: false,
        },
      ],
      dueSoon: [],
    },
  };
}

function platformDetailData(v: Vars) {
  const { from, to } = rangeOf(v);
  return {
    analyticsPlatform: {
      __typename: "AnalyticsPlatformDetail",
      clientId: "b1",
      platform: v.platform ?? "INSTAGRAM",
      from,
      to,
      simulatedIncluded: false,
      previous: { __typename: "AnalyticsPeriod", ...previousPeriod(from, to) },
      totals: {
        __typename: "AnalyticsTotals",
        posts: 5,
        reach: 5000,
        views: 7000,
        likes: 600,
        comments: 50,
        shares: 20,
        engagementRate: 13.4,
        followers: 2000,
      },
      change: {
        __typename: "AnalyticsChange",
        posts: 25,
        reach: 10,
        views: 5,
        likes: -3,
        comments: null,
        shares: 0,
        engagementRate: 1,
        followers: null,
      },
      series: [point(from, 0), point(to, 1)],
      topPosts: [topPost("p7")],
    },
  };
}

export function filtersData(
  o: {
    campaigns?: { id: string; name: string }[];
    accounts?: { demo: boolean; practice?: boolean }[];
    published?: number;
  } = {},
) {
  return {
    publishedPosts: { __typename: "QueryPostsConnection", totalCount: o.published ?? 40 },
    campaigns: (o.campaigns ?? [{ id: "c1", name: "Winter menu launch" }]).map((c) => ({
      __typename: "Campaign",
      startDate: "2026-03-01",
      endDate: "2026-03-31",
      ...c,
    })),
    platformConnections: (o.accounts ?? [{ demo: false }]).map((a, i) => ({
      __typename: "PlatformConnection",
      platform: ["INSTAGRAM", "TWITTER", "SNAPCHAT"][i % 3],
      account: { __typename: "PlatformAccount", id: `acc${i}`, demo: a.demo, status: "CONNECTED" },
    })),
  };
}

const response = (items: number, answered: number, timed: number, median: number | null) => ({
  items,
  answered,
  responseRate: items ? Math.round((answered / items) * 10_000) / 10_000 : null,
  timed,
  medianResponseSeconds: median,
});

/** What guests wrote: Google at two branches, Instagram comments, stars by day, topics against the period before; nothing when `empty`. */
export function guestsData(v: Vars, o: { empty?: boolean } = {}) {
  const { from, to } = rangeOf(v);
  const days = daysOf(v);
  const weekly = days > 31;
  const none = !!o.empty;
  return {
    analyticsGuests: {
      __typename: "AnalyticsGuests",
      clientId: v.clientId ?? "b1",
      from,
      to,
      previous: { __typename: "AnalyticsGuestPeriod", ...previousPeriod(from, to) },
      simulatedIncluded: false,
      total: { __typename: "AnalyticsGuestResponse", ...(none ? response(0, 0, 0, null) : response(8, 5, 4, 6300)) },
      bySource: none
        ? []
        : [
            { __typename: "AnalyticsGuestSource", source: "google", ...response(6, 4, 3, 9000) },
            { __typename: "AnalyticsGuestSource", source: "instagram", ...response(2, 1, 1, 1800) },
          ],
      byBranch: none
        ? []
        : [
            {
              __typename: "AnalyticsGuestBranch",
              locationId: "l1",
              branch: "Layali Salmiya",
              ...response(4, 3, 2, 7200),
            },
            {
              __typename: "AnalyticsGuestBranch",
              locationId: "l2",
              branch: "Layali Jabriya",
              ...response(2, 1, 1, 9000),
            },
            { __typename: "AnalyticsGuestBranch", locationId: null, branch: null, ...response(2, 1, 1, 1800) },
          ],
      rating: {
        __typename: "AnalyticsGuestRating",
        interval: weekly ? "WEEK" : "DAY",
        count: none ? 0 : 6,
        average: none ? null : 3.17,
        points: [
          {
            __typename: "AnalyticsGuestRatingPoint",
            date: from,
            days: 1,
            count: none ? 0 : 2,
            average: none ? null : 4.5,
          },
          {
            __typename: "AnalyticsGuestRatingPoint",
            date: to,
            days: 1,
            count: none ? 0 : 4,
            average: none ? null : 2.5,
          },
        ],
      },
      topics: [
        {
          __typename: "AnalyticsGuestTopic",
          topic: "food",
          count: none ? 0 : 3,
          previous: none ? 0 : 1,
          change: none ? 0 : 2,
          changePercent: none ? null : 200,
          trend: none ? "FLAT" : "UP",
        },
        {
          __typename: "AnalyticsGuestTopic",
          topic: "service",
          count: none ? 0 : 1,
          previous: none ? 0 : 4,
          change: none ? 0 : -3,
          changePercent: none ? null : -75,
          trend: none ? "FLAT" : "DOWN",
        },
        {
          __typename: "AnalyticsGuestTopic",
          topic: "price",
          count: none ? 0 : 1,
          previous: none ? 0 : 1,
          change: 0,
          changePercent: none ? null : 0,
          trend: "FLAT",
        },
        {
          __typename: "AnalyticsGuestTopic",
          topic: "delivery",
          count: 0,
          previous: 0,
          change: 0,
          changePercent: null,
          trend: "FLAT",
        },
      ],
      // printed QR codes' scans against new Google reviews (docs/architecture.md#review-requests)
      reviewRequests: {
        __typename: "AnalyticsReviewRequests",
        requests: none ? 0 : 1250,
        received: none ? 0 : 6,
        byBranch: none
          ? []
          : [
              {
                __typename: "AnalyticsReviewRequestBranch",
                locationId: "l1",
                branch: "Layali Salmiya",
                requests: 1250,
                received: 4,
              },
              {
                __typename: "AnalyticsReviewRequestBranch",
                locationId: "l2",
                branch: "Layali Jabriya",
                requests: 0,
                received: 2,
              },
            ],
      },
    },
  };
}

/** Every section's mock; `calls` records the variables each query was asked with. */
export function analyticsMocks(
  o: {
    overview?: OverviewOptions;
    filters?: Parameters<typeof filtersData>[0];
    guests?: Parameters<typeof guestsData>[1];
  } = {},
) {
  const calls: Record<string, Vars[]> = {};
  const mock = (name: string, query: unknown, data: (v: Vars) => unknown) => ({
    request: { query, variables: () => true },
    ...forever,
    result: (v: Vars) => {
      (calls[name] ??= []).push(v);
      return { data: data(v) };
    },
  });
  const mocks = [
    mock("filters", AnalyticsFiltersDocument, () => filtersData(o.filters)),
    mock("overview", AnalyticsOverviewCardsDocument, (v) => overviewData(v, o.overview)),
    mock("engagement", AnalyticsEngagementSeriesDocument, engagementData),
    mock("topPosts", AnalyticsTopPostsListDocument, (v) => topPostsData(v)),
    mock("content", AnalyticsContentBreakdownDocument, contentData),
    mock("audience", AnalyticsAudienceViewDocument, audienceData),
    mock("guests", AnalyticsGuestsViewDocument, (v) => guestsData(v, o.guests)),
    mock("realtime", AnalyticsRealtimeNowDocument, realtimeData),
    mock("platform", AnalyticsPlatformDetailDocument, platformDetailData),
    // the live view: one push, the same figures
    {
      request: { query: AnalyticsRealtimeLiveDocument, variables: () => true },
      ...forever,
      result: { data: realtimeData() },
    },
    // which kind of simulated accounts (shared/simulated.ts): the filters' accounts
    mock("simulatedAccounts", SimulatedAccountsDocument, () =>
      simulatedAccountsData(o.filters?.accounts ?? [{ demo: false }]),
    ),
  ];
  return { mocks, calls };
}

/** The dashboard's content-performance card: engagement by kind of post, and the best post (none when `empty`). */
export function contentPerformanceMock(o: { empty?: boolean; simulated?: boolean } = {}) {
  const empty = !!o.empty;
  return {
    request: { query: DashboardContentPerformanceDocument, variables: () => true },
    ...forever,
    result: {
      data: {
        analyticsContent: {
          __typename: "AnalyticsContent",
          clientId: "b1",
          from: "2026-02-19",
          to: "2026-03-20",
          simulatedIncluded: o.simulated ?? false,
          byType: empty
            ? [group("text", 0, 0), group("image", 0, 0), group("video", 0, 0), group("carousel", 0, 0)]
            : [group("text", 2, 60), group("image", 8, 960), group("video", 2, 400), group("carousel", 0, 0)],
        },
        analyticsTopPosts: {
          __typename: "AnalyticsTopPosts",
          clientId: "b1",
          from: "2026-02-19",
          to: "2026-03-20",
          sort: "ENGAGEMENT",
          posts: empty
            ? []
            : [
                {
                  __typename: "AnalyticsTopPost",
                  postId: "p1",
                  excerpt: "Saffron cake fresh from the oven",
                  publishedAt: "2026-03-18T17:30:00.000Z",
                  platforms: ["INSTAGRAM"],
                  engagement: 570,
                  engagementRate: 13.57,
                  reach: 4200,
                },
              ],
        },
      },
    },
  };
}
