// The analytics screen: overview cards with their change arrows, every section from its own answer,
// the empty page that teaches, the period and campaign filters (kept in the URL, sent as variables),
// demo figures labelled and the switch for a business with both kinds of account, the export through
// REST with the session's token and the file's name, cards instead of a table on a phone, and Arabic
// (RTL, Arabic labels, Arabic-Indic digits or Latin ones when chosen).
import { addDays, kuwaitDate } from "@sufra/schema";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { inLanguage, pick } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import AnalyticsPage from "./AnalyticsPage.tsx";
import { fileNameOf } from "../../lib/download.ts";
import { exportPath } from "./data.ts";
import { presetRange, readFilters } from "./model.ts";
import { analyticsMocks } from "./testMocks.ts";

jest.setTimeout(60_000);
// the screen draws many sections at once: on a busy machine its answers take a few seconds to show
configure({ asyncUtilTimeout: 10_000 });

const routes = [
  { path: "/analytics", element: <AnalyticsPage /> },
  { path: "/posts/new", element: <p>Composer</p> },
  { path: "/settings", element: <p>Settings page</p> },
];
const render = (mocks: object[], path = "/analytics") => renderWithMocks(routes, path, mocks as never);
const today = () => kuwaitDate();

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterAll(() => resetScreenWidth());

describe("periods (pure)", () => {
  test("presets cover Kuwait days ending today; last month is the whole month before", () => {
    expect(presetRange("last7", "2026-03-20")).toEqual({ from: "2026-03-14", to: "2026-03-20" });
    expect(presetRange("last30", "2026-03-20")).toEqual({ from: "2026-02-19", to: "2026-03-20" });
    expect(presetRange("thisMonth", "2026-03-20")).toEqual({ from: "2026-03-01", to: "2026-03-20" });
    expect(presetRange("lastMonth", "2026-03-20")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("lastMonth", "2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  test("a URL's filters: custom ranges are checked, anything unreadable is the last 30 days", () => {
    const read = (q: string) => readFilters(new URLSearchParams(q), "2026-03-20");
    expect(read("")).toEqual({
      period: "last30",
      from: "2026-02-19",
      to: "2026-03-20",
      campaignId: undefined,
      includeSimulated: undefined,
    });
    expect(read("period=custom&from=2026-01-01&to=2026-01-31&campaign=c1&demo=include")).toEqual({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      campaignId: "c1",
      includeSimulated: true,
    });
    // after today, backwards, or not a date: the default
    expect(read("period=custom&from=2026-03-01&to=2026-03-25").period).toBe("last30");
    expect(read("period=custom&from=2026-03-10&to=2026-03-01").period).toBe("last30");
    expect(read("period=soon").from).toBe("2026-02-19");
    expect(read("demo=exclude").includeSimulated).toBe(false);
  });

  test("the export's path and the file name from Content-Disposition (UTF-8 first)", () => {
    expect(
      exportPath(
        "csv",
        { clientId: "b1", from: "2026-03-01", to: "2026-03-20", campaignId: "c1", includeSimulated: true },
        "ar",
      ),
    ).toBe(
      "/analytics/export?format=csv&client_id=b1&from=2026-03-01&to=2026-03-20&lang=ar&campaign_id=c1&include_simulated=true",
    );
    expect(
      fileNameOf(
        `attachment; filename="sufra-analytics-business-2026-03-01_2026-03-20.csv"; filename*=UTF-8''sufra-analytics-%D9%85%D9%82%D9%87%D9%89-2026-03-01_2026-03-20.csv`,
      ),
    ).toBe("sufra-analytics-مقهى-2026-03-01_2026-03-20.csv");
    expect(fileNameOf(`attachment; filename="sufra-analytics-cafe-2026-03-01_2026-03-20.pdf"`)).toBe(
      "sufra-analytics-cafe-2026-03-01_2026-03-20.pdf",
    );
    expect(fileNameOf(null)).toBeNull();
  });
});

test("overview cards with their change arrows, and every section from its own answer", async () => {
  const { mocks, calls } = analyticsMocks();
  render(mocks);
  const posts = await screen.findByTestId("metric-posts");
  expect(posts).toHaveTextContent("Network copies30");
  // copies and posts are different counts, and the card says which: 30 copies of 15 posts
  expect(posts).toHaveTextContent("From 15 posts published: a post counts once on each network it went to");
  expect(screen.getByTestId("metric-reach")).toHaveTextContent("Reach30,000");
  expect(screen.getByTestId("metric-engagementRate")).toHaveTextContent("Engagement rate14%");
  expect(screen.getByTestId("metric-followers")).toHaveTextContent("Followers2,450");
  // taps on Sufra's short links, and their change
  expect(screen.getByTestId("metric-clicks")).toHaveTextContent("Link clicks1,240");
  expect(screen.getByTestId("change-clicks")).toHaveAttribute("data-direction", "up");
  expect(screen.getByTestId("change-clicks")).toHaveTextContent("25%");
  // up green, down red, the same, and nothing to compare with
  expect(screen.getByTestId("change-posts")).toHaveAttribute("data-direction", "up");
  expect(screen.getByTestId("change-posts")).toHaveClass("is-up");
  expect(screen.getByTestId("change-posts")).toHaveTextContent("12.5%");
  expect(screen.getByTestId("change-posts").querySelector(".anticon-rise")).toHaveClass("sufra-dir-icon");
  expect(screen.getByTestId("change-reach")).toHaveClass("is-down");
  expect(screen.getByTestId("change-reach").querySelector(".anticon-fall")).not.toBeNull();
  expect(screen.getByTestId("change-views")).toHaveAttribute("data-direction", "same");
  const none = screen.getByTestId("change-comments");
  expect(none).toHaveAttribute("data-direction", "none");
  expect(none).toHaveTextContent(/^—/);
  // the sentence names the period compared with, and shows as a tooltip
  const previous = { from: addDays(today(), -59), to: addDays(today(), -30) };
  const fmt = (iso: string) =>
    new Intl.DateTimeFormat("en-KW", { dateStyle: "medium", timeZone: "Asia/Kuwait" }).format(
      new Date(`${iso}T12:00:00+03:00`),
    );
  expect(none).toHaveTextContent(`Nothing to compare with: ${fmt(previous.from)} – ${fmt(previous.to)} had none`);
  fireEvent.mouseEnter(none);
  expect(await screen.findByRole("tooltip")).toHaveTextContent("Nothing to compare with");
  // the range asked for: the last 30 Kuwait days
  expect(calls.overview![0]).toEqual({ clientId: "b1", from: addDays(today(), -29), to: today() });

  // the engagement chart (its table: one row per day) and the interval toggle
  const chart = await screen.findByTestId("engagement-chart");
  expect(within(chart).getAllByRole("row")).toHaveLength(31);
  expect(
    within(chart)
      .getAllByRole("columnheader")
      .map((h) => h.textContent),
  ).toEqual(["Date", "Likes", "Comments", "Shares"]);
  fireEvent.click(screen.getByText("By week"));
  await waitFor(() => expect(calls.engagement!.some((v) => v.interval === "WEEK")).toBe(true));
  // the networks side by side
  const platforms = within(screen.getByTestId("platforms"));
  expect(platforms.getByTestId("platforms-chart")).toHaveTextContent("Engagement rate by network");
  expect(platforms.getAllByText("Instagram").length).toBeGreaterThan(0);
  // top posts with their links on each network
  const top = within(await screen.findByTestId("top-posts-list"));
  expect(top.getAllByTestId("top-post")).toHaveLength(2);
  expect(top.getAllByTestId("permalink")[0]).toHaveAttribute("href", "https://www.instagram.com/p/p1/");
  expect(top.getAllByText("Food photo caption").length).toBeGreaterThan(0);
  // each post's clicks on its caption links
  expect(top.getAllByRole("columnheader").map((h) => h.textContent)).toContain("Link clicks");
  expect(top.getAllByTestId("top-post")[0]).toHaveTextContent("87");
  // what works: kinds of post, occasions by the studio's names, languages, hashtags
  const content = within(await screen.findByTestId("content"));
  expect(within(content.getByTestId("content-type-chart")).getByText("Photo")).toBeInTheDocument();
  expect(within(content.getByTestId("content-occasion-chart")).getByText("Everyday")).toBeInTheDocument();
  expect(within(content.getByTestId("content-language-chart")).getByText("Arabic and English")).toBeInTheDocument();
  expect(within(content.getByTestId("content-hashtag-chart")).getByText("#kuwait")).toBeInTheDocument();
  // the heat map: the person's week (Sunday first in English), a cell names itself
  const heat = within(screen.getByTestId("engagement-heatmap"));
  expect(heat.getAllByRole("row")[1]).toHaveAttribute("data-testid", "heat-row-0");
  expect(heat.getByTestId("heat-4-13")).toHaveAttribute(
    "aria-label",
    "Thursday 1 PM: 1 posts, 300 engagement per post",
  );
  expect(heat.getByTestId("heat-4-13")).toHaveClass("sufra-heat-4");
  expect(heat.getByTestId("heat-0-9")).toHaveClass("is-empty");
  // the audience, and why a network reports less
  const audience = within(await screen.findByTestId("audience"));
  expect(within(audience.getByTestId("audience-cities")).getByText("Salmiya")).toBeInTheDocument();
  expect(audience.getByTestId("audience-twitter")).toHaveTextContent("X reports followers only");
  expect(audience.getByTestId("audience-snapchat")).toHaveTextContent(
    "Snapchat does not share audience details with apps.",
  );
  // the audience is the business's, whatever the campaign: no campaign variable
  expect(calls.audience![0]).not.toHaveProperty("campaignId");
  // the last 24 hours and what is publishing now
  const realtime = within(await screen.findByTestId("realtime"));
  expect(await realtime.findByText("Karak for the evening")).toBeInTheDocument();
  expect(realtime.getByTestId("realtime-figures")).toHaveTextContent("1,100Views");
});

test("a network's tab: its totals with change, its days and its best posts", async () => {
  const { mocks, calls } = analyticsMocks();
  render(mocks);
  const platforms = within(await screen.findByTestId("platforms"));
  fireEvent.click(platforms.getByRole("tab", { name: /X/ }));
  const tab = await screen.findByTestId("network-twitter");
  expect(calls.platform!.at(-1)).toMatchObject({ platform: "TWITTER", clientId: "b1" });
  expect(tab).toHaveTextContent("Best posts on X");
  expect(within(tab).getAllByTestId("top-post")).toHaveLength(1);
});

test("the empty page teaches what it will show, with the way to a first post and to accounts", async () => {
  const { mocks } = analyticsMocks({ overview: { posts: 0 }, filters: { published: 0 } });
  render(mocks);
  const empty = within(await screen.findByTestId("analytics-empty"));
  expect(empty.getByText("Your analytics will appear here")).toBeInTheDocument();
  expect(empty.getByText(/Once your posts are published, this page shows how far they reach/)).toBeInTheDocument();
  expect(empty.getByTestId("empty-create")).toHaveAttribute("href", "/posts/new");
  expect(empty.getByRole("link", { name: "Connect your accounts" })).toHaveAttribute("href", "/settings");
  expect(empty.queryByTestId("show-longer")).toBeNull();
  expect(screen.queryByTestId("overview")).toBeNull();
});

test("a period without posts says when a new post's figures come: the schedule the server keeps, in the person's digits", async () => {
  // schema's FIGURES_SCHEDULE_MINUTES: 5 and 30 minutes, 2, 6 and 24 hours, then the hourly sweep
  const { mocks } = analyticsMocks({ overview: { posts: 0 } });
  render(mocks, "/analytics?period=last7");
  const empty = within(await screen.findByTestId("analytics-empty"));
  await waitFor(() =>
    expect(empty.getByText(/its first figures show here about 5 minutes after it goes out/)).toBeInTheDocument(),
  );
  expect(empty.queryByText(/a few minutes/)).toBeNull();
});

test("in Arabic the schedule's minutes are in Arabic-Indic digits", async () => {
  await inLanguage("ar");
  const { mocks } = analyticsMocks({ overview: { posts: 0 } });
  render(mocks, "/analytics?period=last7");
  const empty = within(await screen.findByTestId("analytics-empty"));
  await waitFor(() => expect(empty.getByText(/تظهر أرقامه الأولى هنا بعد نحو ٥ دقائق من نشره/)).toBeInTheDocument());
});

test("a period without posts offers the last 90 days", async () => {
  const { mocks, calls } = analyticsMocks({ overview: { posts: 0 } });
  const { router } = render(mocks, "/analytics?period=last7");
  const empty = within(await screen.findByTestId("analytics-empty"));
  await waitFor(() => expect(empty.getByText("No posts went out in this period")).toBeInTheDocument());
  fireEvent.click(empty.getByTestId("show-longer"));
  await waitFor(() => expect(router.state.location.search).toBe("?period=last90"));
  await waitFor(() => expect(calls.overview!.at(-1)).toMatchObject({ from: addDays(today(), -89), to: today() }));
});

test("the period picker and the campaign filter change the variables, and the URL keeps them", async () => {
  const { mocks, calls } = analyticsMocks();
  const { router } = render(mocks);
  expect(await screen.findByTestId("metric-posts")).toHaveTextContent("Network copies30");
  await pick("period-select", "Last 7 days");
  await waitFor(() => expect(screen.getByTestId("metric-posts")).toHaveTextContent("Network copies7"));
  expect(calls.overview!.at(-1)).toEqual({ clientId: "b1", from: addDays(today(), -6), to: today() });
  expect(router.state.location.search).toBe("?period=last7");
  await pick("campaign-select", "Winter menu launch");
  await waitFor(() =>
    expect(calls.overview!.at(-1)).toEqual({
      clientId: "b1",
      from: addDays(today(), -6),
      to: today(),
      campaignId: "c1",
    }),
  );
  await waitFor(() => expect(calls.content!.at(-1)).toMatchObject({ campaignId: "c1" }));
  expect(new URLSearchParams(router.state.location.search).get("campaign")).toBe("c1");
  // a custom range shows the picker with the range chosen so far
  await pick("period-select", "Custom range");
  const picker = await screen.findByTestId("range-filter");
  expect(
    within(picker)
      .getAllByRole("textbox")
      .map((i) => (i as HTMLInputElement).value),
  ).toEqual([addDays(today(), -6), today()]);
  expect(new URLSearchParams(router.state.location.search).get("from")).toBe(addDays(today(), -6));
});

test("a custom range from the URL is what every section asks for", async () => {
  const { mocks, calls } = analyticsMocks();
  render(mocks, "/analytics?period=custom&from=2026-01-01&to=2026-01-31&campaign=c1");
  expect(await screen.findByTestId("metric-posts")).toHaveTextContent("Network copies31");
  expect(screen.getByTestId("analytics-range")).toHaveTextContent("Jan 1, 2026 – Jan 31, 2026");
  const wanted = { clientId: "b1", from: "2026-01-01", to: "2026-01-31", campaignId: "c1" };
  expect(calls.overview![0]).toEqual(wanted);
  await waitFor(() => expect(calls.topPosts?.[0]).toMatchObject(wanted));
  await waitFor(() => expect(calls.engagement?.[0]).toMatchObject(wanted));
});

test("demo figures are labelled; a business with demo and real accounts gets the switch", async () => {
  const { mocks, calls } = analyticsMocks({
    overview: { simulated: true },
    filters: { accounts: [{ demo: true }, { demo: false }] },
  });
  const { router } = render(mocks);
  expect(await screen.findByTestId("demo-tag")).toHaveTextContent("Demo figures");
  expect(screen.getByTestId("demo-alert")).toHaveTextContent("Demo accounts' figures are simulated");
  const toggle = await screen.findByTestId("simulated-switch");
  expect(toggle).toHaveAttribute("aria-checked", "true");
  fireEvent.click(toggle);
  await waitFor(() => expect(calls.overview!.at(-1)).toMatchObject({ includeSimulated: false }));
  expect(router.state.location.search).toBe("?demo=exclude");
});

test("a café rehearsing on its practice accounts reads practice figures, never demo ones", async () => {
  const { mocks, calls } = analyticsMocks({
    overview: { simulated: true },
    filters: { accounts: [{ demo: true, practice: true }, { demo: false }] },
  });
  render(mocks);
  await waitFor(() => expect(screen.getByTestId("demo-tag")).toHaveTextContent("Practice figures"));
  expect(calls.simulatedAccounts).toBeDefined();
  expect(screen.getByTestId("demo-alert")).toHaveTextContent("These figures come from practice accounts");
  expect(screen.getByTestId("demo-alert")).toHaveTextContent("Practice accounts' figures are simulated");
  expect(screen.getByText("Include practice figures")).toBeInTheDocument();
  expect(screen.getByTestId("analytics")).not.toHaveTextContent(/demo/i);
});

test("a business with demo accounts only: the alert explains the figures are simulated, no switch", async () => {
  const { mocks } = analyticsMocks({
    overview: { simulated: true },
    filters: { accounts: [{ demo: true }, { demo: true }] },
  });
  render(mocks);
  expect(await screen.findByTestId("demo-alert")).toHaveTextContent(
    "The demo café's accounts publish to Sufra's simulated network",
  );
  expect(screen.getByRole("link", { name: "Connect real accounts" })).toHaveAttribute("href", "/settings");
  expect(screen.queryByTestId("simulated-switch")).toBeNull();
});

describe("export", () => {
  let click: jest.SpyInstance;
  const saved: HTMLAnchorElement[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => "blob:report") as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
  });
  afterEach(() => click.mockRestore());

  test("CSV downloads through REST with the session's token and the screen's range, and names the file", async () => {
    const name = "sufra-analytics-cafe-2026-03-01_2026-03-20.csv";
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
      }),
      blob: async () => new Blob(["Section,Figure\n"], { type: "text/csv" }),
    }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { mocks } = analyticsMocks();
    render(mocks, "/analytics?period=last7&campaign=c1");
    await screen.findByTestId("metric-posts");
    fireEvent.click(screen.getByTestId("export-csv"));
    expect(await screen.findByText(`Downloaded ${name}`)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const u = new URL(url, "http://sufra.test");
    expect(u.pathname).toBe("/api/analytics/export");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      format: "csv",
      client_id: "b1",
      from: addDays(today(), -6),
      to: today(),
      lang: "en",
      campaign_id: "c1",
    });
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer access-token");
    expect(saved).toHaveLength(1);
    expect(saved[0].download).toBe(name);
    expect(saved[0].href).toBe("blob:report");
  });

  test("a refused download says why, in the person's language", async () => {
    await inLanguage("ar");
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 403,
      headers: new Headers({ "content-type": "application/json" }),
      text: async () =>
        JSON.stringify({ error: "FORBIDDEN", code: "FORBIDDEN", message: "ليس لديك صلاحية للقيام بهذا الإجراء" }),
    })) as unknown as typeof fetch;
    const { mocks } = analyticsMocks();
    render(mocks);
    await screen.findByTestId("metric-posts");
    fireEvent.click(screen.getByTestId("export-pdf"));
    expect(await screen.findByText("تعذّر التنزيل: ليس لديك صلاحية للقيام بهذا الإجراء")).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});

test("on a 360 px phone the top posts are cards, each with its links", async () => {
  setScreenWidth(360);
  const { mocks } = analyticsMocks();
  render(mocks);
  const list = await screen.findByTestId("top-posts-list");
  expect(list.tagName).toBe("UL");
  expect(within(list).getAllByTestId("top-post")).toHaveLength(2);
  expect(within(list).getAllByTestId("permalink")).toHaveLength(2);
});

test("a failed load says so with the server's reason and a retry", async () => {
  const { mocks } = analyticsMocks();
  const failing = mocks.filter(
    (m) =>
      (m.request.query as { definitions: { name?: { value: string } }[] }).definitions[0]?.name?.value !==
      "AnalyticsOverviewCards",
  );
  render([
    {
      request: { query: (mocks[1] as { request: { query: unknown } }).request.query, variables: () => true },
      result: {
        errors: [{ message: "You do not have permission to perform this action", extensions: { code: "FORBIDDEN" } }],
      },
    },
    ...failing,
  ]);
  expect(await screen.findByText("We could not load the overview")).toBeInTheDocument();
  expect(screen.getByText("You do not have permission to perform this action")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
});

test("in Arabic: TikTok and Facebook have their rows, tabs and figures beside the other networks", async () => {
  await inLanguage("ar");
  const { mocks, calls } = analyticsMocks({ overview: { networks: ["INSTAGRAM", "TIKTOK", "FACEBOOK"] } });
  render(mocks);
  const platforms = within(await screen.findByTestId("platforms"));
  const table = platforms.getByRole("table", { name: "الأرقام حسب الشبكة" });
  const row = (name: string) => within(table).getByText(name).closest("tr")!;
  // 30 copies shared by three networks: ten each, in Arabic-Indic digits
  for (const name of ["إنستغرام", "تيك توك", "فيسبوك"]) expect(row(name)).toHaveTextContent("١٠");
  fireEvent.click(platforms.getByRole("tab", { name: /تيك توك/ }));
  await screen.findByTestId("network-tiktok");
  expect(calls.platform!.at(-1)).toMatchObject({ platform: "TIKTOK" });
  fireEvent.click(platforms.getByRole("tab", { name: /فيسبوك/ }));
  await screen.findByTestId("network-facebook");
  expect(calls.platform!.at(-1)).toMatchObject({ platform: "FACEBOOK" });
});

test("in Arabic: right to left, Arabic labels and Arabic-Indic digits; Latin digits when chosen", async () => {
  await inLanguage("ar");
  expect(document.documentElement.dir).toBe("rtl");
  const { mocks } = analyticsMocks({ overview: { simulated: true }, filters: { accounts: [{ demo: true }] } });
  const view = render(mocks);
  expect(await screen.findByTestId("metric-posts")).toHaveTextContent("النسخ على الشبكات٣٠");
  expect(screen.getByTestId("metric-posts")).toHaveTextContent(
    "من ١٥ منشورًا نُشر: يُحتسب المنشور مرة على كل شبكة نُشر عليها",
  );
  expect(screen.getByTestId("metric-reach")).toHaveTextContent("الوصول٣٠٬٠٠٠");
  expect(screen.getByTestId("metric-engagementRate")).toHaveTextContent("معدل التفاعل١٤٪");
  expect(screen.getByTestId("metric-clicks")).toHaveTextContent("النقرات على الروابط١٬٢٤٠");
  expect(screen.getByTestId("change-posts")).toHaveTextContent("١٢٫٥٪");
  expect(screen.getByTestId("change-posts")).toHaveTextContent("ارتفاع");
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("التحليلات");
  expect(screen.getByTestId("demo-tag")).toHaveTextContent("أرقام تجريبية");
  expect(within(screen.getByTestId("period-select")).getByText("آخر ٣٠ يومًا")).toBeInTheDocument();
  const heat = within(await screen.findByTestId("engagement-heatmap"));
  expect(heat.getByTestId("heat-row-6").querySelector("th")).toHaveAttribute("aria-label", "السبت");
  view.unmount();
  localStorage.setItem("sufra.digits", "latn");
  render(mocks);
  expect(await screen.findByTestId("metric-reach")).toHaveTextContent("الوصول30,000");
});

describe("guests: reviews and comments", () => {
  test("response rate and median response time per source and branch, stars over time, topics with their arrows", async () => {
    const { mocks, calls } = analyticsMocks();
    render(mocks);
    const guests = within(await screen.findByTestId("guests"));
    expect(await guests.findByTestId("guests-rate")).toHaveTextContent("Response rate62.5%");
    // 6300 s: 1.75 hours, one decimal
    expect(guests.getByTestId("guests-median")).toHaveTextContent("Median response time1.8 h");
    expect(guests.getByTestId("guests-average")).toHaveTextContent("Average stars3.17");
    expect(guests.getByText(/Items marked replied by hand count as answered/)).toBeInTheDocument();
    const rows = (id: string) =>
      [...guests.getByTestId(id).querySelectorAll("tbody tr.ant-table-row")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent),
      );
    expect(rows("guests-sources")).toEqual([
      ["Google", "6", "4", "66.7%", "2.5 h"],
      ["Instagram", "2", "1", "50%", "30 min"],
      ["All", "8", "5", "62.5%", "1.8 h"],
    ]);
    expect(rows("guests-branches")).toEqual([
      ["Layali Salmiya", "4", "3", "75%", "2 h"],
      ["Layali Jabriya", "2", "1", "50%", "2.5 h"],
      ["No branch", "2", "1", "50%", "30 min"],
    ]);
    expect(guests.getByTestId("guests-rating")).toBeInTheDocument();
    expect(guests.getByTestId("guests-rating").querySelector(".sufra-chart-title")).toHaveTextContent(
      "Average stars by day",
    );
    // topics: up and down arrows (mirrored in Arabic), flat without one; topics with no mention in either period left out
    expect(guests.getByTestId("topic-food")).toHaveAttribute("data-trend", "up");
    expect(guests.getByTestId("topic-food").querySelector(".anticon-rise")).toHaveClass("sufra-dir-icon");
    expect(guests.getByTestId("topic-food")).toHaveTextContent(/Food Mentions: 3, up from 1 in/);
    expect(guests.getByTestId("topic-service").querySelector(".anticon-fall")).not.toBeNull();
    expect(guests.getByTestId("topic-price")).toHaveAttribute("data-trend", "flat");
    expect(guests.queryByTestId("topic-delivery")).toBeNull();
    // review requests: the printed QR codes' scans against new Google reviews, per branch and in all
    expect(rows("guests-review-requests")).toEqual([
      ["Layali Salmiya", "1,250", "4"],
      ["Layali Jabriya", "0", "2"],
      ["All", "1,250", "6"],
    ]);
    // the business's figures, whatever the campaign: asked without one
    expect(calls.guests?.[0]).not.toHaveProperty("campaignId");
  });

  test("nothing written yet says so; in Arabic: Arabic names, Arabic-Indic digits, no branch", async () => {
    const empty = analyticsMocks({ guests: { empty: true } });
    const view = render(empty.mocks);
    expect(
      await within(await screen.findByTestId("guests")).findByText(
        "No reviews or comments were written in this period.",
      ),
    ).toBeInTheDocument();
    view.unmount();

    await inLanguage("ar");
    render(analyticsMocks().mocks);
    const guests = within(await screen.findByTestId("guests"));
    expect(await guests.findByTestId("guests-rate")).toHaveTextContent("نسبة الرد٦٢٫٥٪");
    expect(guests.getByTestId("guests-median")).toHaveTextContent("١٫٨ ساعة");
    const cells = [
      ...guests.getByTestId("guests-branches").querySelectorAll("tbody tr.ant-table-row:last-child td"),
    ].map((td) => td.textContent);
    // Intl writes an Arabic letter mark after the percent sign
    expect(cells).toEqual(["بلا فرع", "٢", "١", "٥٠٪\u061c", "٣٠ دقيقة"]);
    expect(guests.getByTestId("guests-sources")).toHaveTextContent("جوجل");
    expect(guests.getByTestId("topic-food")).toHaveTextContent("الطعام");
    expect(guests.getByTestId("topic-food")).toHaveTextContent("ارتفاعًا من ١");
    expect(guests.getByTestId("guests-review-requests")).toHaveTextContent("عمليات المسح");
    expect(guests.getByTestId("guests-review-requests")).toHaveTextContent("١٬٢٥٠");
  });
});
