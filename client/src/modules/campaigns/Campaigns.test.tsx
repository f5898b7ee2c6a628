// The campaigns screens: the list (goal, Gregorian and Hijri dates, budget in KWD, occasion, posts,
// progress) as a table and as cards, in English and Arabic; the empty list teaching with the coming
// occasions; the form with the shared rule's messages and what it sends; deleting says the posts stay;
// and the campaign page's roll-up, goal count, posts, detaching and attaching.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { messageText } from "@sufra/schema";
import {
  CampaignsAttachableDocument,
  CampaignsAttachDocument,
  CampaignsCampaignDocument,
  CampaignsCreateDocument,
  CampaignsDeleteDocument,
  CampaignsDetachDocument,
  CampaignsListDocument,
  CampaignsPostChangedDocument,
  CampaignsUpcomingOccasionsDocument,
  CampaignsUpdateDocument,
} from "../../graphql/graphql.ts";
import { formatDate, formatHijri, formatMoney } from "../../lib/format.ts";
import { inLanguage, pick, type } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth, setScreenWidth, recordedMock } from "../../../test/screens.tsx";
import { simulatedAccountsMock } from "../../shared/simulatedMocks.ts";
import CampaignPage from "./CampaignPage.tsx";
import CampaignsPage from "./CampaignsPage.tsx";

const noon = (d: string) => `${d}T12:00:00+03:00`;
/** The money text as toHaveTextContent reads it (its no-break spaces read as spaces). */
const kwd = (n: number, locale: "en" | "ar") => formatMoney(n, locale).replace(/\s+/gu, " ");

const campaign = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "Campaign",
  id,
  name: "Ramadan nights",
  goal: "AWARENESS",
  startDate: "2027-02-08",
  endDate: "2027-03-09",
  budgetFils: 250000,
  occasion: "RAMADAN_IFTAR",
  goalTarget: 10000,
  goalResult: null,
  notes: null,
  postCount: 6,
  simulatedIncluded: true,
  progress: { __typename: "CampaignProgress", metric: "REACH", target: 10000, actual: 5000, percent: 50 },
  ...over,
});

const listMock = (rows: object[]) => ({
  request: { query: CampaignsListDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { campaigns: rows } },
});
const occasionsMock = (list: object[]) => ({
  request: { query: CampaignsUpcomingOccasionsDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { upcomingOccasions: list } },
});

/** A mutation's mock that records the variables it was called with. */
const recorded = <T extends object>(query: unknown, data: (v: Record<string, unknown>) => T) =>
  recordedMock(query, (v) => ({ data: data(v) }));

const routes = [
  { path: "/campaigns", element: <CampaignsPage /> },
  { path: "/campaigns/:id", element: <CampaignPage /> },
  { path: "/posts/:id/edit", element: <p>Composer</p> },
];
/** The live post changes, quiet unless a test sends one. */
const quiet = {
  request: { query: CampaignsPostChangedDocument },
  result: { data: { postChanged: { __typename: "PostChange", postId: "none", postStatus: "SCHEDULED", post: null } } },
  delay: 600_000,
};
const render = (mocks: object[], path = "/campaigns") => renderWithMocks(routes, path, [...mocks, quiet] as never);

/** Types a date into an antd DatePicker, as a person would with the keyboard; the picker takes it a moment later (its Hijri readout shows it). */
async function typeDate(label: string, value: string, locale: "en" | "ar" = "en") {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter" });
  fireEvent.blur(input);
  await waitFor(
    () =>
      expect(screen.getAllByTestId("form-hijri").map((e) => e.textContent)).toContain(formatHijri(noon(value), locale)),
    { timeout: 10_000 },
  );
}

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

describe("the list", () => {
  test("each campaign's goal, dates with the Hijri dates, budget, occasion, posts and progress", async () => {
    render([
      listMock([
        campaign("c1"),
        campaign("c2", {
          name: "Orders week",
          goal: "ORDERS",
          budgetFils: null,
          occasion: null,
          postCount: 1,
          progress: { __typename: "CampaignProgress", metric: "ORDERS", target: 200, actual: null, percent: null },
        }),
      ]),
    ]);
    const rows = await screen.findAllByTestId("campaign-row");
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole("link", { name: "Ramadan nights" })).toHaveAttribute("href", "/campaigns/c1");
    expect(rows[0]).toHaveTextContent("Awareness");
    expect(first.getByTestId("campaign-dates")).toHaveTextContent(
      `${formatDate(noon("2027-02-08"), "en")} – ${formatDate(noon("2027-03-09"), "en")}`,
    );
    expect(first.getByTestId("campaign-hijri")).toHaveTextContent(
      formatHijri(noon("2027-03-09"), "en").replace(/\s*AH$/, ""),
    );
    expect(rows[0]).toHaveTextContent(kwd(250, "en"));
    expect(rows[0]).toHaveTextContent("Ramadan Iftar");
    expect(rows[0]).toHaveTextContent("6 posts");
    expect(first.getByTestId("campaign-progress")).toHaveTextContent("50%");
    expect(first.getByTestId("campaign-progress")).toHaveTextContent("5,000 of 10,000 Reach");
    const second = within(rows[1]!);
    expect(rows[1]).toHaveTextContent("No budget");
    expect(rows[1]).toHaveTextContent("No occasion");
    expect(rows[1]).toHaveTextContent("1 post");
    expect(second.getByText("Orders not entered yet")).toBeInTheDocument();
  });

  test("on a phone: cards; in Arabic: Arabic digits, KWD in Arabic, right to left", async () => {
    setScreenWidth(360);
    await inLanguage("ar");
    render([listMock([campaign("c1")])]);
    const card = await screen.findByTestId("campaign-card");
    expect(screen.queryByTestId("campaigns-table")).toBeNull();
    expect(card).toHaveTextContent("الانتشار");
    expect(card).toHaveTextContent(kwd(250, "ar"));
    expect(card).toHaveTextContent("إفطار رمضان");
    expect(card).toHaveTextContent("٦ منشورات");
    expect(within(card).getByTestId("campaign-progress")).toHaveTextContent("٥٬٠٠٠ من ١٠٬٠٠٠ الوصول");
    expect(within(card).getByTestId("campaign-hijri")).toHaveTextContent("رمضان");
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("الحملات");
  });

  test("no campaigns: the page teaches, naming the coming occasions; 'Plan a campaign' fills the form for Ramadan", async () => {
    render([
      listMock([]),
      occasionsMock([
        {
          __typename: "UpcomingOccasion",
          occasionKey: "ramadan_start",
          nameEn: "Start of Ramadan",
          nameAr: "بداية شهر رمضان",
          date: "2027-02-08",
          days: 1,
          daysUntil: 12,
        },
        {
          __typename: "UpcomingOccasion",
          occasionKey: "ramadan_end",
          nameEn: "Last day of Ramadan",
          nameAr: "آخر أيام شهر رمضان",
          date: "2027-03-09",
          days: 1,
          daysUntil: 41,
        },
        {
          __typename: "UpcomingOccasion",
          occasionKey: "eid_al_fitr",
          nameEn: "Eid al-Fitr",
          nameAr: "عيد الفطر",
          date: "2027-03-10",
          days: 3,
          daysUntil: 42,
        },
      ]),
    ]);
    const empty = await screen.findByTestId("campaigns-empty");
    expect(await within(empty).findByRole("heading", { name: "Plan your Ramadan Iftar campaign" })).toBeInTheDocument();
    expect(empty).toHaveTextContent("Sufra adds up their reach, views and engagement");
    const ramadan = within(empty).getByTestId("plan-occasion-ramadan_start");
    expect(ramadan).toHaveTextContent(formatDate(noon("2027-02-08"), "en", "long"));
    expect(ramadan).toHaveTextContent(formatHijri(noon("2027-02-08"), "en"));
    expect(ramadan).toHaveTextContent("in 12 days");
    expect(within(empty).queryByTestId("plan-occasion-ramadan_end")).toBeNull();
    fireEvent.click(within(ramadan).getByRole("button", { name: "Plan a campaign" }));
    const form = await screen.findByTestId("campaign-form");
    expect(within(form).getByLabelText("Name")).toHaveValue("Ramadan Iftar 2027");
    expect(within(form).getByLabelText("First day")).toHaveValue("2027-02-08");
    // Ramadan's campaign runs to its last day
    expect(within(form).getByLabelText("Last day")).toHaveValue("2027-03-09");
    expect(within(form).getByTestId("campaign-occasion")).toHaveTextContent("Ramadan Iftar");
    expect(within(form).getAllByTestId("form-hijri")[0]).toHaveTextContent(formatHijri(noon("2027-02-08"), "en"));
  });

  test("deleting asks first and says the posts stay", async () => {
    const del = recorded(CampaignsDeleteDocument, () => ({
      deleteCampaign: { __typename: "CampaignDeleteResult", id: "c1", postsKept: 6 },
    }));
    render([listMock([campaign("c1")]), del.mock]);
    fireEvent.click(await screen.findByTestId("delete-c1"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Delete “Ramadan nights”?");
    expect(dialog).toHaveTextContent("Its 6 posts stay in your posts and calendar, without a campaign.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Campaign deleted. Its 6 posts were kept.")).toBeInTheDocument();
    expect(del.calls).toEqual([{ id: "c1" }]);
  });
});

describe("the form", () => {
  test("each field's problem, from the shared rule, in English", async () => {
    render([listMock([campaign("c1")])]);
    fireEvent.click(await screen.findByTestId("new-campaign"));
    const form = await screen.findByTestId("campaign-form");
    fireEvent.click(within(form).getByRole("button", { name: "Create campaign" }));
    expect(await within(form).findByText(messageText("campaignNameRequired", "en"))).toBeInTheDocument();
    expect(within(form).getByText(messageText("campaignEndInvalid", "en"))).toBeInTheDocument();

    await typeDate("First day", "2027-03-10");
    await typeDate("Last day", "2027-03-01");
    type(within(form).getByLabelText("Budget (KWD)"), "12.3456");
    fireEvent.click(within(form).getByRole("button", { name: "Create campaign" }));
    // antd validates asynchronously, and slowly on a busy machine
    expect(
      await within(form).findByText(messageText("campaignEndBeforeStart", "en"), {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await within(form).findByText(messageText("campaignBudgetInvalid", "en"))).toBeInTheDocument();
  }, 120_000); // a whole form of antd fields, typed into one by one: slow in jsdom on a busy machine

  test("in Arabic: the messages in Arabic; a valid campaign is sent as the server reads it and its page opens", async () => {
    await inLanguage("ar");
    const create = recorded(CampaignsCreateDocument, (v) => ({
      createCampaign: campaign("new1", { name: (v.input as { name: string }).name }),
    }));
    render([
      listMock([]),
      occasionsMock([]),
      create.mock,
      {
        request: { query: CampaignsCampaignDocument, variables: () => true },
        result: { errors: [{ message: "غير موجود", extensions: { code: "NOT_FOUND" } }] },
        maxUsageCount: 5,
      },
    ]);
    fireEvent.click(await screen.findByTestId("new-campaign"));
    const form = await screen.findByTestId("campaign-form");
    fireEvent.click(within(form).getByRole("button", { name: "أنشئ الحملة" }));
    expect(await within(form).findByText("اكتب اسمًا للحملة")).toBeInTheDocument();

    type(within(form).getByLabelText("الاسم"), "عروض العيد");
    await pick("campaign-goal", "الطلبات");
    await typeDate("اليوم الأول", "2027-03-10", "ar");
    await typeDate("اليوم الأخير", "2027-03-20", "ar");
    type(within(form).getByLabelText("الميزانية (د.ك)"), "١٢٠٫٥");
    // the target's label follows the goal
    type(await within(form).findByLabelText("الطلبات المستهدفة", {}, { timeout: 15_000 }), "300");
    await pick("campaign-occasion", "عيد الفطر");
    fireEvent.click(within(form).getByRole("button", { name: "أنشئ الحملة" }));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]).toEqual({
      input: {
        name: "عروض العيد",
        goal: "ORDERS",
        startDate: "2027-03-10",
        endDate: "2027-03-20",
        budgetKwd: "١٢٠٫٥",
        occasion: "EID_AL_FITR",
        goalTarget: 300,
        goalResult: null,
        notes: null,
      },
    });
    expect(await screen.findByText("أُنشئت الحملة")).toBeInTheDocument();
    expect(await screen.findByTestId("campaign-not-found")).toBeInTheDocument();
  }, 120_000);
});

// ---------------------------------------------------------------- the campaign page
const figures = (f: Record<string, number | null>) => ({ __typename: "CampaignFigures", ...f });
const detail = (over: Record<string, unknown> = {}, rollup: Record<string, unknown> = {}) => ({
  ...campaign("c1"),
  rollup: {
    __typename: "CampaignRollup",
    publishedPosts: 3,
    postsByStatus: {
      __typename: "CampaignPostCounts",
      draft: 1,
      scheduled: 1,
      publishing: 0,
      published: 3,
      partiallyPublished: 0,
      failed: 1,
      unconfirmed: 0,
    },
    totals: figures({
      posts: 5,
      reach: 5000,
      views: 12000,
      likes: 450,
      comments: 55,
      shares: 40,
      engagementRate: 5.45,
    }),
    byPlatform: [
      {
        __typename: "CampaignPlatformFigures",
        platform: "INSTAGRAM",
        posts: 1,
        reach: 4000,
        views: 6000,
        likes: 300,
        comments: 40,
        shares: 20,
        engagementRate: 9,
      },
      {
        __typename: "CampaignPlatformFigures",
        platform: "TWITTER",
        posts: 1,
        reach: 0,
        views: 5000,
        likes: 100,
        comments: 10,
        shares: 15,
        engagementRate: 2.5,
      },
    ],
    progress: { __typename: "CampaignProgress", metric: "REACH", target: 10000, actual: 5000, percent: 50 },
    spend: {
      __typename: "CampaignSpend",
      budgetFils: 250000,
      costPer1000ReachFils: 50000,
      costPerResultFils: 50000,
      resultPer: 1000,
    },
    days: { __typename: "CampaignDays", total: 30, elapsed: 10, left: 20, phase: "RUNNING" },
    bestPost: {
      __typename: "CampaignBestPost",
      engagements: 360,
      reach: 4000,
      views: 6000,
      engagementRate: 9,
      post: { __typename: "Post", id: "p1", content: "Iftar boxes are back" },
    },
    simulatedIncluded: true,
    clicks: {
      __typename: "CampaignClicks",
      total: 1240,
      byPlatform: [
        { __typename: "CampaignClickCount", platform: "INSTAGRAM", clicks: 1000 },
        { __typename: "CampaignClickCount", platform: "TWITTER", clicks: 240 },
      ],
      byPost: [{ __typename: "CampaignClickCount", postId: "p1", clicks: 1240 }],
    },
    ...rollup,
  },
  orders: 3,
  ordersFils: 12500,
  posts: [
    {
      __typename: "Post",
      id: "p1",
      content: "Iftar boxes are back",
      status: "PUBLISHED",
      platforms: ["INSTAGRAM"],
      scheduledFor: null,
      publishedAt: "2027-02-10T15:00:00.000Z",
      outsideCampaignDates: false,
    },
    {
      __typename: "Post",
      id: "p2",
      content: "Eid is near",
      status: "SCHEDULED",
      platforms: ["TWITTER"],
      scheduledFor: "2027-03-12T07:00:00.000Z",
      publishedAt: null,
      outsideCampaignDates: true,
    },
  ],
  ...over,
});
const detailMock = (d: object) => ({
  request: { query: CampaignsCampaignDocument, variables: { id: "c1" } },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { campaign: d } },
});

describe("the campaign page", () => {
  test("the roll-up: progress, figures with the simulated note, by network, spend per 1,000 reached, best post, posts by status", async () => {
    render([detailMock(detail()), simulatedAccountsMock([{ demo: true }])], "/campaigns/c1");
    expect(await screen.findByRole("heading", { level: 1, name: "Ramadan nights" })).toBeInTheDocument();
    expect(screen.getByTestId("campaign-orders")).toHaveTextContent("Orders from conversations: 3 · 12.500 KWD");
    const progress = screen.getByTestId("campaign-progress-card");
    expect(within(progress).getByRole("progressbar")).toBeInTheDocument();
    expect(progress).toHaveTextContent("50%");
    expect(progress).toHaveTextContent("5,000 of 10,000 Reach");
    expect(within(progress).getByTestId("campaign-days")).toHaveTextContent("Day 10 of 30 · 20 days left");
    // awareness: no count by hand
    expect(within(progress).queryByTestId("goal-result")).toBeNull();

    const f = screen.getByTestId("campaign-figures");
    await waitFor(() =>
      expect(within(f).getByTestId("campaign-simulated")).toHaveTextContent("Includes demo (simulated) figures"),
    );
    expect(within(f).getByTestId("figure-reach")).toHaveTextContent("5,000");
    expect(within(f).getByTestId("figure-views")).toHaveTextContent("12,000");
    expect(within(f).getByTestId("figure-engagement")).toHaveTextContent("5.5%");
    expect(within(f).getByTestId("campaign-statuses")).toHaveTextContent("Published: 3");
    // one definition per figure: posts once each beside the same posts' copies on networks, each labelled
    expect(within(f).getByTestId("figure-posts")).toHaveTextContent("Posts published3");
    expect(within(f).getByTestId("figure-copies")).toHaveTextContent("Network copies5");
    expect(f).toHaveTextContent("Network copies: a post counts once on each network it went to.");
    expect(within(f).getByTestId("campaign-platforms")).toHaveTextContent("Network copies");
    expect(within(f).getByTestId("campaign-statuses")).toHaveTextContent("Failed: 1");
    const nets = within(f).getByTestId("campaign-platforms");
    expect(within(nets).getAllByRole("row")).toHaveLength(3);
    expect(nets).toHaveTextContent("Instagram");
    expect(within(f).getByTestId("campaign-best")).toHaveTextContent("Iftar boxes are back");
    expect(within(f).getByTestId("campaign-best")).toHaveTextContent("360 likes, comments and shares");
    // taps on its posts' caption links: in all, per network and per post
    expect(within(f).getByTestId("figure-clicks")).toHaveTextContent("Link clicks1,240");
    expect(nets).toHaveTextContent("Link clicks");
    expect(within(nets).getAllByRole("row")[1]).toHaveTextContent("1,000");
    expect(within(nets).getAllByRole("row")[2]).toHaveTextContent("240");
    expect(screen.getByTestId("post-clicks-p1")).toHaveTextContent("Link clicks: 1,240");
    expect(screen.queryByTestId("post-clicks-p2")).toBeNull();

    const spend = screen.getByTestId("campaign-spend");
    expect(within(spend).getByTestId("spend-budget")).toHaveTextContent(kwd(250, "en"));
    expect(within(spend).getByTestId("spend-per-1000")).toHaveTextContent(kwd(50, "en"));
    expect(within(spend).queryByTestId("spend-per-result")).toBeNull();
  });

  test("one of its posts published elsewhere: the page asks again and shows it published, without a reload", async () => {
    const before = detail();
    const after = detail({}, {}) as { posts: { id: string; status: string }[] };
    after.posts = after.posts.map((p) => (p.id === "p2" ? { ...p, status: "PUBLISHED" } : p));
    const changed = {
      request: { query: CampaignsPostChangedDocument },
      result: {
        data: {
          postChanged: {
            __typename: "PostChange",
            postId: "p2",
            postStatus: "PUBLISHED",
            post: { __typename: "Post", id: "p2", campaignId: "c1" },
          },
        },
      },
      delay: 200,
    };
    renderWithMocks(routes, "/campaigns/c1", [
      { ...detailMock(before), maxUsageCount: 1 },
      detailMock(after),
      changed,
    ] as never);
    const p2 = await screen.findByTestId("campaign-post-p2");
    expect(p2).toHaveTextContent("Scheduled");
    await waitFor(() => expect(screen.getByTestId("campaign-post-p2")).toHaveTextContent("Published"));
  });

  test("its posts: outside the dates flagged, a link to edit, removing one; attaching drafts from the picker", async () => {
    const detach = recorded(CampaignsDetachDocument, () => ({
      detachPostsFromCampaign: { __typename: "CampaignDetachResult", detachedIds: ["p2"] },
    }));
    const attach = recorded(CampaignsAttachDocument, () => ({
      attachPostsToCampaign: { __typename: "CampaignAttachResult", attachedIds: ["p7", "p8"], outsideDatesIds: ["p8"] },
    }));
    const attachable = {
      request: { query: CampaignsAttachableDocument },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: {
        data: {
          posts: {
            __typename: "QueryPostsConnection",
            edges: [
              {
                __typename: "QueryPostsConnectionEdge",
                node: {
                  __typename: "Post",
                  id: "p2",
                  content: "Eid is near",
                  status: "SCHEDULED",
                  platforms: ["TWITTER"],
                  scheduledFor: "2027-03-12T07:00:00.000Z",
                  campaignId: "c1",
                  campaignName: "Ramadan nights",
                },
              },
              {
                __typename: "QueryPostsConnectionEdge",
                node: {
                  __typename: "Post",
                  id: "p7",
                  content: "Suhoor platter",
                  status: "DRAFT",
                  platforms: ["INSTAGRAM"],
                  scheduledFor: null,
                  campaignId: null,
                  campaignName: null,
                },
              },
              {
                __typename: "QueryPostsConnectionEdge",
                node: {
                  __typename: "Post",
                  id: "p8",
                  content: "Eid sweets",
                  status: "SCHEDULED",
                  platforms: ["TWITTER"],
                  scheduledFor: "2027-03-20T07:00:00.000Z",
                  campaignId: "c9",
                  campaignName: "Eid gifts",
                },
              },
            ],
          },
        },
      },
    };
    render([detailMock(detail()), detach.mock, attach.mock, attachable], "/campaigns/c1");
    const p2 = await screen.findByTestId("campaign-post-p2");
    expect(screen.getByRole("link", { name: "New post" })).toHaveAttribute("href", "/posts/new?campaign=c1");
    expect(screen.getByRole("link", { name: "See in the calendar" })).toHaveAttribute(
      "href",
      "/schedule?campaign=c1&date=2027-02-08",
    );
    expect(within(p2).getByTestId("outside-dates")).toHaveTextContent("Outside the campaign's dates");
    expect(within(p2).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/posts/p2/edit");
    expect(within(screen.getByTestId("campaign-post-p1")).queryByRole("link", { name: "Edit" })).toBeNull();
    expect(within(screen.getByTestId("campaign-post-p1")).queryByTestId("outside-dates")).toBeNull();
    fireEvent.click(within(p2).getByRole("button", { name: "Remove “Eid is near” from the campaign" }));
    expect(await screen.findByText("Removed from the campaign")).toBeInTheDocument();
    expect(detach.calls).toEqual([{ id: "c1", postIds: ["p2"] }]);

    fireEvent.click(screen.getByTestId("attach-posts-button"));
    const modal = await screen.findByTestId("attach-posts");
    // posts already in this campaign are not offered; one in another campaign says so
    await within(modal).findByTestId("attachable-p7");
    expect(within(modal).queryByTestId("attachable-p2")).toBeNull();
    expect(within(modal).getByTestId("attachable-p8")).toHaveTextContent("In Eid gifts");
    fireEvent.click(within(modal).getByRole("checkbox", { name: "Suhoor platter" }));
    fireEvent.click(within(modal).getByRole("checkbox", { name: "Eid sweets" }));
    fireEvent.click(within(document.body).getByTestId("attach-submit"));
    expect(
      await screen.findByText("2 posts attached 1 of them is outside the campaign's dates: it stays attached."),
    ).toBeInTheDocument();
    expect(attach.calls).toEqual([{ id: "c1", postIds: ["p7", "p8"] }]);
  }, 60_000);

  test("visits counted in the shop are entered by hand; cost per visit; in Arabic", async () => {
    await inLanguage("ar");
    const footfall = detail(
      {
        goal: "FOOTFALL",
        goalTarget: 500,
        goalResult: 300,
        progress: { __typename: "CampaignProgress", metric: "VISITS", target: 500, actual: 300, percent: 60 },
      },
      {
        progress: { __typename: "CampaignProgress", metric: "VISITS", target: 500, actual: 300, percent: 60 },
        spend: {
          __typename: "CampaignSpend",
          budgetFils: 120000,
          costPer1000ReachFils: 24000,
          costPerResultFils: 400,
          resultPer: 1,
        },
        simulatedIncluded: false,
      },
    );
    const update = recorded(CampaignsUpdateDocument, () => ({
      updateCampaign: campaign("c1", { goal: "FOOTFALL", goalResult: 340 }),
    }));
    render([detailMock(footfall), update.mock], "/campaigns/c1");
    const progress = await screen.findByTestId("campaign-progress-card");
    expect(progress).toHaveTextContent("٣٠٠ من ٥٠٠ الزيارات");
    expect(within(progress).getByTestId("campaign-days")).toHaveTextContent("اليوم ١٠ من ٣٠، يبقى ٢٠ يوم");
    expect(screen.queryByTestId("campaign-simulated")).toBeNull();
    expect(within(screen.getByTestId("campaign-spend")).getByTestId("spend-per-result")).toHaveTextContent(
      "التكلفة لكل زيارة",
    );
    expect(within(screen.getByTestId("campaign-spend")).getByTestId("spend-per-result")).toHaveTextContent(
      kwd(0.4, "ar"),
    );
    const count = within(progress).getByTestId("goal-result");
    expect(count).toHaveValue("300");
    type(count, "340");
    fireEvent.click(within(progress).getByRole("button", { name: "احفظ العدد" }));
    expect(await screen.findByText("حُفظ العدد")).toBeInTheDocument();
    expect(update.calls).toEqual([{ id: "c1", input: { goalResult: 340 } }]);
  }, 60_000);
});
