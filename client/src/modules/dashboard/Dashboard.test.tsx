// The dashboards: real data only. An admin goes to /admin; a client on trial sees the warning with the
// days left, the plan, its price and the trial's end with the Hijri date; an owner sees the same box,
// the business's figures (ownerStats), connected platforms (none yet), quick actions to what owners
// may open and recent activity (or an empty state that says what will come).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  ClientDashboardDocument,
  DashboardMeDocument,
  DashboardPrayerTimesDocument,
  DashboardUpcomingOccasionsDocument,
  OwnerStatsDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks as renderScreen, signIn } from "../../../test/screens.tsx";
import DashboardPage from "./DashboardPage.tsx";
import OwnerDashboardPage from "./OwnerDashboardPage.tsx";
import { insightsMock } from "../insights/testMocks.ts";
import { reviewStatsMock } from "../inbox/testMocks.ts";
import { contentPerformanceMock } from "../analytics/testMocks.ts";
import { gettingStartedMock } from "./getting-started/testMocks.ts";
import { simulatedAccountsMock } from "../../shared/simulatedMocks.ts";

/** The dashboards also show prayer times and coming occasions (their own tests are PrayerTimes.test.tsx). */
const calendarMocks = [
  {
    request: { query: DashboardPrayerTimesDocument, variables: () => true },

    maxUsageCount: Number.POSITIVE_INFINITY,
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
  {
    request: { query: DashboardUpcomingOccasionsDocument, variables: () => true },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: { data: { upcomingOccasions: [] } },
  },
  // and the best times to post (their own tests are in modules/insights)
  insightsMock(),
  // and the unanswered reviews (their own tests are in modules/inbox)
  reviewStatsMock({ total: 9, unanswered: 4 }),
  // and the content performance (analytics)
  contentPerformanceMock(),
  // and the getting-started checklist, all done (its own tests are GettingStarted.test.tsx)
  gettingStartedMock(),
];
const renderWithMocks = (
  routes: Parameters<typeof renderScreen>[0],
  path: string,
  mocks: Parameters<typeof renderScreen>[2] = [],
) => renderScreen(routes, path, [...(mocks ?? []), ...calendarMocks] as never);

const DAY = 86_400_000;

function meMock(role: "CLIENT" | "OWNER", business: Record<string, unknown> | null, name = "Noura Al-Sabah") {
  return {
    request: { query: DashboardMeDocument },
    result: {
      data: {
        me: {
          __typename: "User",
          id: role === "CLIENT" ? people.client.id : people.owner.id,
          name,
          email: "noura@daralqahwa.kw",
          role,
          business: business && { __typename: "Client", ...business },
        },
      },
    },
  };
}

const onTrial = (days: number) => ({
  id: "b1",
  companyName: "Dar Al Qahwa",
  status: "ACTIVE",
  requestedPlan: "PROFESSIONAL",
  // 12 days from now, less an hour: whole days left are rounded up
  subscription: {
    __typename: "ClientSubscription",
    plan: "PROFESSIONAL",
    status: "TRIAL",
    trialEndsAt: new Date(Date.now() + days * DAY - 3_600_000).toISOString(),
    renewsAt: new Date(Date.now() + days * DAY - 3_600_000).toISOString(),
  },
});

const MINUTE = 60_000;

function statsMock(over: Record<string, unknown> = {}) {
  return {
    request: { query: OwnerStatsDocument },
    result: {
      data: {
        ownerStats: {
          __typename: "OwnerStats",
          totalPosts: 1234,
          scheduledPosts: 3,
          publishedToday: 2,
          engagementRate: null,
          teamMembers: 4,
          platformsConnected: [],
          recentActivity: [
            {
              __typename: "OwnerActivity",
              id: "post_published:p1",
              type: "POST_PUBLISHED",
              subject: "Fresh saffron buns",
              timestamp: new Date(Date.now() - 5 * MINUTE).toISOString(),
            },
            {
              __typename: "OwnerActivity",
              id: "team_joined:u2",
              type: "TEAM_JOINED",
              subject: "Fahad Al-Ali",
              timestamp: new Date(Date.now() - 3 * 60 * MINUTE).toISOString(),
            },
            {
              __typename: "OwnerActivity",
              id: "post_scheduled:p2",
              type: "POST_SCHEDULED",
              subject: null,
              timestamp: new Date(Date.now() - 2 * DAY).toISOString(),
            },
          ],
          ...over,
        },
      },
    },
  };
}

function clientMock(over: Record<string, unknown> = {}) {
  const post = (id: string, status: string, content: string, at: string, platforms = ["INSTAGRAM"]) => ({
    __typename: "Post",
    id,
    content,
    status,
    platforms,
    scheduledFor: at,
    publishedAt: status === "PUBLISHED" ? at : null,
    updatedAt: at,
  });
  return {
    request: { query: ClientDashboardDocument },
    result: {
      data: {
        clientDashboard: {
          __typename: "ClientDashboard",
          totalPosts: 1234,
          views: 56789,
          likes: 4321,
          engagementRate: 4.25,
          viewsChange: 12.5,
          likesChange: -8,
          engagementRateChange: null,
          simulatedIncluded: false,
          period: { __typename: "DashboardPeriod", from: "2026-02-19", to: "2026-03-20" },
          scheduledPosts: 7,
          pendingPosts: 2,
          recentActivity: [],
          recentPosts: [
            post(
              "p1",
              "SCHEDULED",
              "Saffron buns tomorrow morning",
              new Date(Date.now() + 3 * 60 * MINUTE + 30_000).toISOString(),
              ["INSTAGRAM", "TWITTER"],
            ),
            post("p2", "PUBLISHED", "Karak and chebab for the weekend", new Date(Date.now() - 2 * DAY).toISOString()),
            post("p3", "FAILED", "Ramadan menu", new Date(Date.now() - 3 * DAY).toISOString(), ["TWITTER"]),
          ],
          ...over,
        },
      },
    },
  };
}

const routes = (element: React.ReactNode) => [
  { path: "/dashboard", element },
  { path: "/owner", element: <OwnerDashboardPage /> },
  { path: "/admin", element: <p>Admin console</p> },
];

beforeEach(() => freshStart());

test("an admin opening /dashboard goes to /admin", async () => {
  signIn("admin");
  const { router } = renderWithMocks(routes(<DashboardPage />), "/dashboard");
  expect(await screen.findByText("Admin console")).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/admin");
});

test("a client on trial: welcome, business, the trial warning with the days left, plan, price and the trial's end", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Noura Al-Sabah" })).toBeInTheDocument();
  expect(screen.getByTestId("business-name")).toHaveTextContent("Dar Al Qahwa");
  expect(screen.getByTestId("trial-alert")).toHaveTextContent("Your free trial ends in 12 days");
  const box = within(screen.getByTestId("subscription-card"));
  expect(box.getByText("Professional")).toBeInTheDocument();
  expect(box.getByText("Free trial")).toBeInTheDocument();
  expect(box.getByText("15.000 KWD a month")).toBeInTheDocument();
  expect(box.getByTestId("days-left")).toHaveTextContent("12 days left");
  expect(box.getByText(/AH\)$/)).toBeInTheDocument(); // the Hijri date beside the Gregorian one
  // quick actions
  expect(screen.getByRole("link", { name: "Create a post" })).toHaveAttribute("href", "/posts/new");
  expect(screen.getByRole("link", { name: "Schedule posts" })).toHaveAttribute("href", "/schedule");
  expect(screen.getByRole("link", { name: "See analytics" })).toHaveAttribute("href", "/analytics");
  expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  // the reviews waiting for an answer
  const reviews = within(await screen.findByTestId("unanswered-reviews"));
  expect(await reviews.findByText("reviews waiting for a reply")).toBeInTheDocument();
  expect(reviews.getByText("4")).toBeInTheDocument();
  expect(reviews.getByRole("link", { name: "Open the inbox" })).toHaveAttribute("href", "/inbox");
});

test("in Arabic: the warning with Arabic-Indic digits and the plan's Arabic name", async () => {
  await inLanguage("ar");
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  expect(await screen.findByTestId("trial-alert")).toHaveTextContent("تنتهي فترتك التجريبية المجانية خلال ١٢ يومًا");
  expect(screen.getByText("الاحترافية")).toBeInTheDocument();
});

test("a client's six figures from clientDashboard, and the latest posts with status, networks and when", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  expect(await screen.findByTestId("stat-totalPosts")).toHaveTextContent("All posts1,234");
  // "posts" counts each post once (analytics counts network copies apart): the card says which
  expect(screen.getByTestId("stat-totalPosts")).toHaveTextContent(
    "Every post you wrote, drafts included; a post on several networks counts once",
  );
  expect(screen.getByTestId("stat-views")).toHaveTextContent("Views56,789");
  expect(screen.getByTestId("stat-likes")).toHaveTextContent("Likes4,321");
  expect(screen.getByTestId("stat-engagementRate")).toHaveTextContent("Engagement rate4.3%");
  expect(screen.getByTestId("stat-scheduledPosts")).toHaveTextContent("Scheduled7");
  expect(screen.getByTestId("stat-pendingPosts")).toHaveTextContent("Pending2");
  const recent = within(screen.getByTestId("recent-posts"));
  const items = recent.getAllByRole("listitem");
  expect(items).toHaveLength(3);
  expect(items[0]).toHaveTextContent("Scheduled");
  expect(items[0]).toHaveTextContent("in 3 hours");
  expect(items[0]).toHaveTextContent("Saffron buns tomorrow morning");
  expect(within(items[0]).getByRole("img", { name: "Instagram" })).toBeInTheDocument();
  expect(within(items[0]).getByRole("img", { name: "X" })).toBeInTheDocument();
  expect(items[1]).toHaveTextContent("Published");
  expect(items[1]).toHaveTextContent("2 days ago");
  expect(items[2]).toHaveTextContent("Failed");
  // the Kuwait date and time beside how long ago
  expect(items[1].querySelector("time")).toHaveTextContent(/ago · \w{3} \d{1,2}, \d{4}/);
});

test("in Arabic: the client's figures with Arabic-Indic digits, or Latin ones when chosen", async () => {
  await inLanguage("ar");
  signIn("client");
  const view = renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  expect(await screen.findByTestId("stat-views")).toHaveTextContent("المشاهدات٥٦٬٧٨٩");
  expect(screen.getByTestId("stat-engagementRate")).toHaveTextContent("معدل التفاعل٤٫٣٪");
  expect(screen.getByTestId("stat-pendingPosts")).toHaveTextContent("قيد الانتظار٢");
  expect(within(screen.getByTestId("recent-posts")).getByText("مجدول", { exact: false })).toBeInTheDocument();
  view.unmount();
  localStorage.setItem("sufra.digits", "latn");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  expect(await screen.findByTestId("stat-views")).toHaveTextContent("المشاهدات56,789");
});

test("a client without posts: zero figures and an empty state that leads to the composer", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({
      totalPosts: 0,
      views: 0,
      likes: 0,
      engagementRate: 0,
      scheduledPosts: 0,
      pendingPosts: 0,
      recentPosts: [],
    }),
  ]);
  expect(await screen.findByTestId("stat-totalPosts")).toHaveTextContent("All posts0");
  const recent = within(screen.getByTestId("recent-posts"));
  expect(recent.getByText("No posts yet.")).toBeInTheDocument();
  expect(recent.getByRole("link", { name: "Create your first post" })).toHaveAttribute("href", "/posts/new");
});

test("a client's figures that fail to load say so; the rest stays", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    {
      request: { query: ClientDashboardDocument },
      result: { errors: [{ message: "Please login to continue", extensions: { code: "UNAUTHENTICATED" } }] },
    },
  ]);
  expect(await screen.findByText("We could not load your figures")).toBeInTheDocument();
  expect(screen.getByTestId("subscription-card")).toBeInTheDocument();
});

test("no trial warning once the subscription is paid", async () => {
  signIn("client");
  const paid = {
    ...onTrial(12),
    subscription: {
      __typename: "ClientSubscription",
      plan: "BASIC",
      status: "ACTIVE",
      trialEndsAt: null,
      renewsAt: new Date(Date.now() + 20 * DAY).toISOString(),
    },
  };
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", paid), clientMock()]);
  expect(await screen.findByText("Renews on")).toBeInTheDocument();
  expect(screen.queryByTestId("trial-alert")).toBeNull();
  expect(screen.getByText("10.000 KWD a month")).toBeInTheDocument();
});

test("the price says monthly once, in both languages", async () => {
  signIn("client");
  const paid = {
    ...onTrial(12),
    subscription: {
      __typename: "ClientSubscription",
      plan: "PREMIUM",
      status: "ACTIVE",
      trialEndsAt: null,
      renewsAt: new Date(Date.now() + 20 * DAY).toISOString(),
    },
  };
  const view = renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", paid), clientMock()]);
  const price = (await screen.findByText(/a month$/)).closest("tr")!;
  expect(price.textContent!.match(/month/gi)).toHaveLength(1);
  view.unmount();
  await inLanguage("ar");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", paid), clientMock()]);
  const ar = (await screen.findByText(/شهريًا$/)).closest("tr")!;
  expect(ar.textContent!.match(/شهري/g)).toHaveLength(1);
});

test("the owner dashboard: business, trial warning, subscription, no platforms yet, actions an owner may open", async () => {
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/owner", [meMock("OWNER", onTrial(1), "Khalid Al-Mutairi"), statsMock()]);
  expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Khalid Al-Mutairi" })).toBeInTheDocument();
  expect(screen.getByTestId("business-name")).toHaveTextContent("Dar Al Qahwa");
  expect(screen.getByTestId("trial-alert")).toHaveTextContent("Your free trial ends in 1 day");
  expect(await screen.findByText("No platforms are connected yet.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Your team" })).toHaveAttribute("href", "/team");
  expect(screen.getByRole("link", { name: "Business details" })).toHaveAttribute("href", "/settings");
  expect(screen.getByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/profile");
  expect(screen.queryByRole("link", { name: "Create a post" })).toBeNull();
});

test("a failed load says so, with the server's message", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    {
      request: { query: DashboardMeDocument },
      result: { errors: [{ message: "Please login to continue", extensions: { code: "UNAUTHENTICATED" } }] },
    },
  ]);
  expect(await screen.findByText("We could not load your dashboard")).toBeInTheDocument();
  expect(screen.getByText("Please login to continue")).toBeInTheDocument();
});

test("the owner's figures: stat cards, engagement shown as — with why, and recent activity newest first", async () => {
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("OWNER", onTrial(12), "Khalid Al-Mutairi"),
    statsMock(),
  ]);
  expect(await screen.findByTestId("stat-totalPosts")).toHaveTextContent("All posts1,234");
  expect(screen.getByTestId("stat-scheduledPosts")).toHaveTextContent("Scheduled3");
  expect(screen.getByTestId("stat-publishedToday")).toHaveTextContent("Published today2");
  expect(screen.getByTestId("stat-teamMembers")).toHaveTextContent("Team members4");
  const engagement = screen.getByTestId("stat-engagementRate");
  expect(engagement).toHaveTextContent("Engagement rate—");
  expect(engagement).toHaveTextContent("Shows once Sufra reads your posts' reach from the platforms, with analytics.");
  expect(screen.getByTestId("trial-alert")).toHaveTextContent("Your free trial ends in 12 days");
  expect(within(screen.getByTestId("subscription-card")).getByText("Professional")).toBeInTheDocument();
  const activity = within(screen.getByTestId("recent-activity"));
  expect(activity.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
    "Post published: “Fresh saffron buns”5 minutes ago",
    "Fahad Al-Ali joined the team3 hours ago",
    "A post was scheduled2 days ago",
  ]);
});

test("in Arabic: the figures with Arabic-Indic digits and the activity's Arabic lines", async () => {
  await inLanguage("ar");
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/owner", [
    meMock("OWNER", onTrial(12), "Khalid Al-Mutairi"),
    statsMock({ engagementRate: 4.25 }),
  ]);
  expect(await screen.findByTestId("stat-totalPosts")).toHaveTextContent("كل المنشورات١٬٢٣٤");
  expect(screen.getByTestId("stat-engagementRate")).toHaveTextContent("معدل التفاعل٤٫٣٪");
  expect(screen.getByTestId("stat-engagementRate")).not.toHaveTextContent("يظهر عندما");
  const activity = within(screen.getByTestId("recent-activity"));
  expect(activity.getByText("تم نشر منشور: «Fresh saffron buns»")).toBeInTheDocument();
  expect(activity.getByText("انضم Fahad Al-Ali إلى الفريق")).toBeInTheDocument();
  expect(activity.getByText("قبل ٥ دقائق")).toBeInTheDocument();
});

test("no activity yet: an empty state that says what will show and how to start; platforms by name once connected", async () => {
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/owner", [
    meMock("OWNER", onTrial(12), "Khalid Al-Mutairi"),
    statsMock({ recentActivity: [], platformsConnected: ["Instagram"] }),
  ]);
  const activity = within(await screen.findByTestId("recent-activity"));
  expect(activity.getByText("Nothing has happened yet.")).toBeInTheDocument();
  expect(
    activity.getByText("Posts you publish or schedule and people who join your team will show here."),
  ).toBeInTheDocument();
  expect(activity.getByRole("link", { name: "Invite your team" })).toHaveAttribute("href", "/team");
  expect(within(screen.getByTestId("connected-platforms")).getByText("Instagram")).toBeInTheDocument();
});

test("figures that fail to load say so, and the rest of the dashboard stays", async () => {
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/owner", [
    meMock("OWNER", onTrial(12), "Khalid Al-Mutairi"),
    {
      request: { query: OwnerStatsDocument },
      result: {
        errors: [{ message: "You do not have permission to perform this action", extensions: { code: "FORBIDDEN" } }],
      },
    },
  ]);
  expect(await screen.findByText("We could not load your business's figures")).toBeInTheDocument();
  expect(screen.getByText("You do not have permission to perform this action")).toBeInTheDocument();
  expect(screen.getByTestId("subscription-card")).toBeInTheDocument();
});

/** The client dashboard draws many cards: on a busy machine its first answer can take a few seconds. */
const SLOW = { timeout: 10_000 };
jest.setTimeout(60_000);

const activity = (id: string, type: string, minutesAgo: number, extra: Record<string, unknown> = {}) => ({
  __typename: "ClientActivity",
  id,
  type,
  platform: null,
  subject: null,
  excerpt: null,
  entityId: id.split(":")[1],
  timestamp: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  scheduledFor: null,
  metadata: null,
  ...extra,
});

/** Made when a test starts: "5 minutes ago" must still read so when it looks (the file runs for a while). */
const activityRows = () => [
  activity("post_published:p1", "POST_PUBLISHED", 5, {
    platform: "INSTAGRAM",
    excerpt: "Saffron cake fresh from the oven",
    metadata: { __typename: "ClientActivityMetadata", likes: 512, engagementRate: 13.5, rating: null },
  }),
  activity("comment:r1", "COMMENT", 3 * 60, {
    subject: "Fatma",
    excerpt: "Best karak in Salmiya",
    metadata: { __typename: "ClientActivityMetadata", likes: null, engagementRate: null, rating: 5 },
  }),
  activity("competitor:c1", "COMPETITOR", 2 * 24 * 60, {
    platform: "ANALYSIS",
    subject: "Dar Al Kunafa",
    excerpt: "@dar_alkunafa",
  }),
  activity("schedule:p2", "SCHEDULE", 3 * 24 * 60, { platform: "MULTIPLE", excerpt: "Weekend breakfast" }),
];

test("the client's views, likes and engagement carry their change against the 30 days before, with the period", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  const views = await screen.findByTestId("stat-change-views", {}, SLOW);
  expect(views).toHaveAttribute("data-direction", "up");
  expect(views).toHaveTextContent("12.5%");
  expect(views).toHaveTextContent("Up 12.5% on the 30 days before");
  expect(screen.getByTestId("stat-change-likes")).toHaveAttribute("data-direction", "down");
  expect(screen.getByTestId("stat-change-likes")).toHaveTextContent("Down 8% on the 30 days before");
  // nothing to compare with: a dash, and the sentence says why
  expect(screen.getByTestId("stat-change-engagementRate")).toHaveTextContent("—");
  expect(screen.getByTestId("stat-change-engagementRate")).toHaveTextContent("Nothing to compare with");
  // the other figures have no change
  expect(screen.queryByTestId("stat-change-totalPosts")).toBeNull();
  expect(screen.getByTestId("stat-period")).toHaveTextContent(
    "Views, likes and engagement from Feb 19, 2026 to Mar 20, 2026",
  );
  expect(screen.queryByTestId("stat-demo")).toBeNull();
});

test("the demo café's figures are labelled as demo figures; an unknown engagement rate shows —", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ simulatedIncluded: true, engagementRate: null }),
    simulatedAccountsMock([{ demo: true }]),
  ]);
  await waitFor(() => expect(screen.getByTestId("stat-demo")).toHaveTextContent("Demo figures"), SLOW);
  expect(screen.getByTestId("stat-engagementRate")).toHaveTextContent("Engagement rate—");
});

test("a new café's figures from its practice accounts are labelled practice figures, in both languages", async () => {
  signIn("client");
  const view = renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ simulatedIncluded: true }),
    simulatedAccountsMock([
      { demo: true, practice: true },
      { demo: true, practice: true },
    ]),
  ]);
  await waitFor(() => expect(screen.getByTestId("stat-demo")).toHaveTextContent("Practice figures"), SLOW);
  view.unmount();
  await inLanguage("ar");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ simulatedIncluded: true }),
    simulatedAccountsMock([{ demo: true, practice: true }]),
  ]);
  await waitFor(() => expect(screen.getByTestId("stat-demo")).toHaveTextContent("أرقام التدريب"), SLOW);
});

test("the content-performance card: engagement per post by kind of post as a chart (its table), the best post and a link to analytics", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  const card = within(await screen.findByTestId("content-performance", {}, SLOW));
  const table = await card.findByTestId("chart-table", {}, SLOW);
  const rows = within(table)
    .getAllByRole("row")
    .map((r) => r.textContent);
  expect(rows).toEqual(["Kind of postEngagement per post", "Text only30", "Photo120", "Video200", "Several photos—"]);
  expect(card.getByTestId("performance-best")).toHaveTextContent("Saffron cake fresh from the oven");
  expect(card.getByTestId("performance-best")).toHaveTextContent(
    "Likes, comments and shares: 570; engagement rate: 13.6%",
  );
  expect(card.getByRole("link", { name: "See all analytics" })).toHaveAttribute("href", "/analytics");
});

test("before anything is published the content-performance card says what it will show", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock(),
    contentPerformanceMock({ empty: true }),
  ]);
  const card = within(await screen.findByTestId("content-performance", {}, SLOW));
  expect(await card.findByTestId("performance-empty", {}, SLOW)).toHaveTextContent(
    "Once your posts are published, this card shows which kinds of post earn the most likes",
  );
  expect(card.queryByTestId("chart-table")).toBeNull();
});

test("the client's recent activity: typed icons, what happened, its network and how long ago", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ recentActivity: activityRows() }),
  ]);
  const list = within(await screen.findByTestId("client-activity", {}, SLOW));
  const items = list.getAllByRole("listitem");
  expect(items.map((li) => li.getAttribute("data-type"))).toEqual([
    "POST_PUBLISHED",
    "COMMENT",
    "COMPETITOR",
    "SCHEDULE",
  ]);
  expect(items[0]).toHaveTextContent("Post published");
  expect(items[0]).toHaveTextContent("Saffron cake fresh from the oven");
  expect(items[0]).toHaveTextContent("Likes: 512 · Engagement: 13.5%");
  expect(items[0]).toHaveTextContent("5 minutes ago");
  expect(within(items[0]).getByRole("img", { name: "Instagram" })).toBeInTheDocument();
  expect(items[1]).toHaveTextContent("New review from Fatma");
  expect(items[1]).toHaveTextContent("5 of 5 stars");
  expect(items[1]).toHaveTextContent("3 hours ago");
  expect(items[2]).toHaveTextContent("New figures for Dar Al Kunafa");
  expect(items[2]).toHaveTextContent("2 days ago");
  expect(items[3]).toHaveTextContent("Post scheduled");
  // each kind has its own icon
  const icons = items.map((li) => li.querySelector(".sufra-activity-icon .anticon")?.getAttribute("aria-label"));
  expect(new Set(icons).size).toBe(4);
  // the latest posts keep their own card
  expect(within(screen.getByTestId("recent-posts")).getByText("Your latest posts")).toBeInTheDocument();
});

test("the client's recent activity lists five; See all opens the rest in place and Show fewer closes it", async () => {
  signIn("client");
  const twelve = Array.from({ length: 12 }, (_, i) =>
    activity(`comment:r${i}`, "COMMENT", 10 + i, { subject: `Guest ${i}` }),
  );
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ recentActivity: twelve }),
  ]);
  const card = within(await screen.findByTestId("client-activity", {}, SLOW));
  expect(card.getAllByRole("listitem")).toHaveLength(5);
  expect(card.getAllByRole("listitem").at(-1)).toHaveTextContent("New review from Guest 4");
  const seeAll = card.getByRole("button", { name: "See all (12)" });
  expect(seeAll).toHaveAttribute("aria-expanded", "false");
  await userEvent.click(seeAll);
  expect(card.getAllByRole("listitem")).toHaveLength(12);
  await userEvent.click(card.getByRole("button", { name: "Show fewer" }));
  expect(card.getAllByRole("listitem")).toHaveLength(5);
});

test("five or fewer activity items: no See all", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ recentActivity: activityRows() }),
  ]);
  const card = within(await screen.findByTestId("client-activity", {}, SLOW));
  expect(card.getAllByRole("listitem")).toHaveLength(4);
  expect(card.queryByRole("button", { name: /See all/ })).toBeNull();
});

test("in Arabic: the activity's Arabic lines, relative times and change arrows with Arabic-Indic digits", async () => {
  await inLanguage("ar");
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [
    meMock("CLIENT", onTrial(12)),
    clientMock({ recentActivity: activityRows() }),
  ]);
  const list = within(await screen.findByTestId("client-activity", {}, SLOW));
  expect(list.getByText("مراجعة جديدة من Fatma")).toBeInTheDocument();
  expect(list.getByText("قبل ٥ دقائق")).toBeInTheDocument();
  expect(list.getByText("تم نشر منشور")).toBeInTheDocument();
  expect(screen.getByTestId("stat-change-views")).toHaveTextContent("١٢٫٥٪");
  expect(screen.getByTestId("stat-change-views")).toHaveTextContent("ارتفاع");
  expect(
    within(await screen.findByTestId("content-performance", {}, SLOW)).getByText("أداء المحتوى"),
  ).toBeInTheDocument();
});

test("no client activity yet: what will show here and how to start", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12)), clientMock()]);
  const list = within(await screen.findByTestId("client-activity", {}, SLOW));
  expect(
    list.getByText("Posts you publish or schedule, new reviews and competitors' figures will show here."),
  ).toBeInTheDocument();
  expect(list.getByRole("link", { name: "Create your first post" })).toHaveAttribute("href", "/posts/new");
});
