// The app's Apollo client against a stand-in /graphql that answers batches as the server does (a JSON
// array in, one answer per operation out): the client dashboard and the analytics screen each open with
// ONE HTTP request carrying all their queries; a mutation goes alone; no batch is larger than BATCH.max
// (docs/architecture.md#how-a-request-flows).
import { ApolloProvider } from "@apollo/client/react";
import { screen, waitFor } from "@testing-library/react";
import { Kind, type DocumentNode } from "graphql";
import { Outlet } from "react-router-dom";
import {
  ClientDashboardDocument,
  DashboardMeDocument,
  DashboardPrayerTimesDocument,
  DashboardUpcomingOccasionsDocument,
  MarkAllNotificationsReadDocument,
} from "../graphql/graphql.ts";
import { renderRoutes } from "../../test/render.tsx";
import { freshStart } from "../../test/screens.tsx";
import DashboardPage from "../modules/dashboard/DashboardPage.tsx";
import AnalyticsPage from "../modules/analytics/AnalyticsPage.tsx";
import { analyticsMocks, contentPerformanceMock } from "../modules/analytics/testMocks.ts";
import { insightsMock } from "../modules/insights/testMocks.ts";
import { reviewStatsMock } from "../modules/inbox/testMocks.ts";
import { gettingStartedMock } from "../modules/dashboard/getting-started/testMocks.ts";
import { simulatedAccountsMock } from "../shared/simulatedMocks.ts";
import { BATCH, createApolloClient } from "./apollo.ts";

interface Mock {
  request: { query: unknown };
  result: unknown;
}
type Body = { operationName?: string; variables?: Record<string, unknown>; query: string };

const nameOf = (doc: DocumentNode) => {
  const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return op && "name" in op ? op.name?.value : undefined;
};

/** A /graphql stand-in answering each operation from its mock, one answer per operation of a batch; records each request's operations. */
function graphqlServer(mocks: Mock[]) {
  const byName = new Map(mocks.map((m) => [nameOf(m.request.query as DocumentNode), m]));
  const requests: string[][] = [];
  const answer = (op: Body) => {
    const mock = byName.get(op.operationName);
    if (!mock) return { errors: [{ message: `no mock for ${op.operationName}` }] };
    return typeof mock.result === "function"
      ? (mock.result as (v: unknown) => object)(op.variables ?? {})
      : (mock.result as object);
  };
  const fetch = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Body | Body[];
    const ops = Array.isArray(body) ? body : [body];
    // with no socket here (wsUrl ""), the realtime strip's subscription comes over HTTP: in the app it is on graphql-ws
    if (!ops.every((o) => o.query.trimStart().startsWith("subscription")))
      requests.push(ops.map((o) => o.operationName ?? "?"));
    const answers = ops.map(answer);
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

function renderWithServer(path: string, element: React.ReactNode, mocks: Mock[]) {
  const server = graphqlServer(mocks);
  const client = createApolloClient({ uri: "http://sufra.test/graphql", wsUrl: "", fetch: server.fetch });
  renderRoutes(
    [
      {
        element: (
          <ApolloProvider client={client}>
            <Outlet />
          </ApolloProvider>
        ),
        children: [{ path, element }],
      },
    ],
    path,
  );
  return { ...server, client };
}

const me = {
  request: { query: DashboardMeDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: "u-client",
        name: "Noura Al-Sabah",
        email: "noura@daralqahwa.kw",
        role: "CLIENT",
        business: {
          __typename: "Client",
          id: "b1",
          companyName: "Dar Al Qahwa",
          status: "ACTIVE",
          requestedPlan: null,
          subscription: {
            __typename: "ClientSubscription",
            plan: "PROFESSIONAL",
            status: "ACTIVE",
            trialEndsAt: null,
            renewsAt: "2026-12-31T00:00:00.000Z",
          },
        },
      },
    },
  },
};
const figures = {
  request: { query: ClientDashboardDocument },
  result: {
    data: {
      clientDashboard: {
        __typename: "ClientDashboard",
        totalPosts: 12,
        views: 340,
        likes: 56,
        engagementRate: 4.5,
        viewsChange: null,
        likesChange: null,
        engagementRateChange: null,
        simulatedIncluded: false,
        period: { __typename: "DashboardPeriod", from: "2026-02-19", to: "2026-03-20" },
        scheduledPosts: 1,
        pendingPosts: 0,
        recentActivity: [],
        recentPosts: [],
      },
    },
  },
};
const calendar = [
  {
    request: { query: DashboardPrayerTimesDocument },
    result: {
      data: {
        prayerTimes: {
          __typename: "PrayerTimes",
          date: "2026-03-20",
          fajr: "04:25",
          sunrise: "05:43",
          dhuhr: "11:50",
          asr: "15:18",
          maghrib: "17:57",
          isha: "19:14",
          ramadan: false,
        },
      },
    },
  },
  { request: { query: DashboardUpcomingOccasionsDocument }, result: { data: { upcomingOccasions: [] } } },
];

beforeEach(() => freshStart({ as: "client" }));

test("the client dashboard opens with one HTTP request carrying all its queries", async () => {
  const { requests } = renderWithServer("/dashboard", <DashboardPage />, [
    me,
    figures,
    ...calendar,
    insightsMock(),
    reviewStatsMock({ total: 9, unanswered: 4 }),
    contentPerformanceMock(),
    gettingStartedMock(),
    simulatedAccountsMock([{ demo: false }]),
  ] as Mock[]);
  // every card has its answer: the figures, the content performance, the reviews, the prayer times
  expect(await screen.findByTestId("content-performance")).toBeInTheDocument();
  expect(await screen.findByText("Fajr")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryAllByText("340").length).toBeGreaterThan(0));
  // a moment more, for any card that would ask later
  await new Promise((r) => setTimeout(r, BATCH.intervalMs * 5));
  expect(requests).toHaveLength(1);
  expect(requests[0]).toEqual(
    expect.arrayContaining([
      "DashboardMe",
      "ClientDashboard",
      "DashboardContentPerformance",
      "DashboardReviewStats",
      "DashboardPrayerTimes",
      "DashboardUpcomingOccasions",
      "GettingStarted",
      "InsightsPostingTimes",
    ]),
  );
  expect(requests[0]!.length).toBeLessThanOrEqual(BATCH.max);
});

test("the analytics screen opens with one HTTP request carrying all its queries", async () => {
  const { mocks, calls } = analyticsMocks();
  const { requests } = renderWithServer("/analytics", <AnalyticsPage />, mocks as Mock[]);
  expect(await screen.findByTestId("analytics")).toBeInTheDocument();
  // the sections below the overview have their figures
  await waitFor(() => {
    for (const section of ["engagement", "topPosts", "content", "audience", "guests", "realtime"])
      expect(calls[section]?.length ?? 0).toBeGreaterThan(0);
  });
  await new Promise((r) => setTimeout(r, BATCH.intervalMs * 5));
  expect(requests).toHaveLength(1);
  expect(requests[0]!.length).toBeLessThanOrEqual(BATCH.max);
});

test("queries started together share a request, at most BATCH.max each; a mutation goes alone", async () => {
  const server = graphqlServer([
    ...calendar,
    { request: { query: MarkAllNotificationsReadDocument }, result: { data: { markAllNotificationsRead: true } } },
  ]);
  const client = createApolloClient({ uri: "http://sufra.test/graphql", wsUrl: "", fetch: server.fetch });
  const dates = Array.from({ length: BATCH.max + 2 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);
  const answers = await Promise.all([
    ...dates.map((date) =>
      client.query({ query: DashboardPrayerTimesDocument, variables: { date }, fetchPolicy: "network-only" }),
    ),
    client.mutate({ mutation: MarkAllNotificationsReadDocument }),
  ]);
  expect(answers).toHaveLength(dates.length + 1);
  expect(answers.slice(0, -1).every((a) => "prayerTimes" in (a.data ?? {}))).toBe(true);
  // twelve queries: a full batch and the two left over; the mutation on its own
  expect(server.requests.map((r) => r.length).sort((a, b) => a - b)).toEqual([1, 2, BATCH.max]);
  expect(server.requests).toContainEqual(["MarkAllNotificationsRead"]);
});
