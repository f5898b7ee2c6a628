// The content calendar: posts of the visible range in Kuwait time (whatever the device's zone), rtl
// with Saturday first and Hijri dates in Arabic, the drawer of a post, the empty range naming the
// next occasions, status changes arriving live, and moving a post by drag and drop (the handler the
// calendar calls on a drop: a future time is sent with schedulePost, a past one goes back).
import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { MockedProvider } from "@apollo/client/testing/react";
import type { MockLink } from "@apollo/client/testing";
import { App as AntApp } from "antd";
import type { ReactNode } from "react";
import { Calendar } from "@fullcalendar/core";
import {
  PostsDuplicateDocument,
  ScheduleCalendarPostsDocument,
  ScheduleHolidaysDocument,
  ScheduleMovePostDocument,
  SchedulePostChangedDocument,
  ScheduleUpcomingOccasionsDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import {
  freshStart,
  recordedMock,
  renderWithMocks as renderScreen,
  resetScreenWidth,
  setScreenWidth,
} from "../../../test/screens.tsx";
import { campaignOptionsMock } from "../campaigns/testMocks.ts";
import { useReschedule } from "./data.ts";
import SchedulePage, { slotTime } from "./SchedulePage.tsx";
import { fromCalendar, toCalendar } from "./time.ts";

// a device far from Kuwait: what the calendar shows must not depend on it
const deviceZone = process.env.TZ;
beforeAll(() => (process.env.TZ = "America/Los_Angeles"));
afterAll(() => (process.env.TZ = deviceZone));

type Status = "DRAFT" | "SCHEDULED" | "PUBLISHED" | "FAILED";

function post(id: string, status: Status, at: string, over: Record<string, unknown> = {}) {
  return {
    __typename: "Post",
    id,
    content: `Caption of ${id}: fresh saffron buns this morning`,
    status,
    platforms: ["INSTAGRAM", "TWITTER"],
    scheduledFor: at,
    publishedAt: status === "PUBLISHED" ? at : null,
    campaignId: null,
    campaignName: null,
    outsideCampaignDates: false,
    approval: "NONE",
    media: [],
    targets: [
      {
        __typename: "PostTarget",
        id: `${id}-ig`,
        platform: "INSTAGRAM",
        handle: "daralqahwa",
        status: status === "PUBLISHED" ? "PUBLISHED" : "PENDING",
        error: null,
        demo: false,
        publishedAt: null,
        permalink: null,
      },
      {
        __typename: "PostTarget",
        id: `${id}-x`,
        platform: "TWITTER",
        handle: "daralqahwa",
        status: status === "FAILED" ? "FAILED" : status === "PUBLISHED" ? "PUBLISHED" : "PENDING",
        error: status === "FAILED" ? "X refused the post: duplicate" : null,
        demo: true,
        publishedAt: null,
        permalink: null,
      },
    ],
    ...over,
  };
}

const ranges: Record<string, unknown>[] = [];
function calendarMock(posts: unknown[], maxUsageCount = 10): MockLink.MockedResponse {
  return {
    request: {
      query: ScheduleCalendarPostsDocument,
      variables: (v: Record<string, unknown>) => {
        ranges.push(v);
        return true;
      },
    },
    maxUsageCount,
    result: { data: { calendarPosts: posts } },
  };
}
// no status change unless a test pushes one
const quiet: MockLink.MockedResponse = {
  request: { query: SchedulePostChangedDocument },
  result: { data: { postChanged: { __typename: "PostChange", postId: "none", postStatus: "SCHEDULED", post: null } } },
  delay: 600_000,
};
/** a year without holidays, for the tests that are not about them */
const noHolidays: MockLink.MockedResponse = {
  request: { query: ScheduleHolidaysDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { kuwaitHolidays: [] } },
};

/** Every calendar also offers its campaign filter (no campaigns here unless a test says so). */
const renderWithMocks = (
  r: Parameters<typeof renderScreen>[0],
  path: string,
  mocks: Parameters<typeof renderScreen>[2] = [],
) => renderScreen(r, path, [...(mocks ?? []), campaignOptionsMock()]);

const routes = [
  { path: "/schedule", element: <SchedulePage /> },
  { path: "/posts/new", element: <p>Composer</p> },
  { path: "/posts/:id/edit", element: <p>Editor</p> },
];

const cell = (date: string) => document.querySelector<HTMLElement>(`td.fc-daygrid-day[data-date="${date}"]`)!;

beforeEach(async () => {
  ranges.length = 0;
  await freshStart({ as: "client", width: 1280 });
});
afterEach(resetScreenWidth);

test("the month's posts sit on their Kuwait day and hour, fetched for the range shown", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([
      post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z"),
      post("p2", "PUBLISHED", "2026-03-04T22:30:00.000Z"),
    ]),
    quiet,
    noHolidays,
  ]);
  const first = await screen.findByTestId("event-p1");
  // 07:00 UTC is 10:00 in Kuwait; 22:30 UTC on the 4th is 01:30 on the 5th in Kuwait
  expect(within(cell("2026-03-04")).getByTestId("event-p1")).toBe(first);
  expect(first).toHaveTextContent("10:00 AM");
  expect(first).toHaveTextContent("Caption of p1");
  const second = within(cell("2026-03-05")).getByTestId("event-p2");
  expect(second).toHaveTextContent("1:30 AM");
  // the range asked for: Sunday 1 March to Sunday 12 April, midnight in Kuwait
  expect(ranges[0]).toEqual({ from: "2026-02-28T21:00:00.000Z", to: "2026-04-11T21:00:00.000Z" });
  // coloured by status; only the scheduled one can be dragged
  const e1 = first.closest(".fc-event")!;
  const e2 = second.closest(".fc-event")!;
  expect(e1).toHaveClass("is-scheduled", "fc-event-draggable");
  expect(e2).toHaveClass("is-published");
  expect(e2).not.toHaveClass("fc-event-draggable");
  // English: left to right, weeks from Sunday
  expect(document.querySelector(".fc")).toHaveClass("fc-direction-ltr");
  expect(document.querySelector(".fc-col-header-cell")).toHaveClass("fc-day-sun");
  expect(within(cell("2026-03-04")).getByTestId("hijri-day")).toHaveTextContent("Ram. 15");
  expect(screen.queryByTestId("occasions")).toBeNull();
});

test("in Arabic: right to left, Saturday first, Hijri dates, Arabic times and buttons", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z")]),
    quiet,
    noHolidays,
  ]);
  const event = await screen.findByTestId("event-p1");
  expect(event).toHaveTextContent("١٠:٠٠ ص");
  expect(document.querySelector(".fc")).toHaveClass("fc-direction-rtl");
  const head = document.querySelectorAll(".fc-col-header-cell");
  expect(head[0]).toHaveClass("fc-day-sat");
  expect(head[0]).toHaveTextContent("السبت");
  expect(head[6]).toHaveClass("fc-day-fri");
  // the range starts on Saturday 28 February, midnight in Kuwait
  expect(ranges[0]).toEqual({ from: "2026-02-27T21:00:00.000Z", to: "2026-04-10T21:00:00.000Z" });
  expect(within(cell("2026-03-04")).getByTestId("hijri-day")).toHaveTextContent("١٥ رمضان");
  expect(within(cell("2026-03-19")).getByTestId("hijri-day")).toHaveTextContent("٣٠ رمضان");
  expect(within(cell("2026-03-20")).getByTestId("hijri-day")).toHaveTextContent("١ شوال");
  for (const name of ["شهر", "أسبوع", "يوم", "اليوم"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "تقويم المحتوى" })).toBeInTheDocument();
});

test("in Arabic: the network filter shows one network's posts (TikTok, Facebook among them), each network's icon in its colour", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([
      post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z", { platforms: ["INSTAGRAM", "TIKTOK"] }),
      post("p2", "SCHEDULED", "2026-03-05T07:00:00.000Z", { platforms: ["FACEBOOK"] }),
      post("p3", "SCHEDULED", "2026-03-06T07:00:00.000Z", { platforms: ["TWITTER"] }),
    ]),
    quiet,
    noHolidays,
  ]);
  const first = await screen.findByTestId("event-p1");
  expect(first.querySelector(".sufra-platform-icon.is-tiktok")).not.toBeNull();
  expect(screen.getByTestId("event-p2").querySelector(".sufra-platform-icon.is-facebook")).not.toBeNull();
  const filter = screen.getByLabelText("الشبكة");
  expect(screen.getByTestId("calendar-network-filter")).toHaveTextContent("كل الشبكات");
  const choose = async (name: string) => {
    fireEvent.mouseDown(filter);
    fireEvent.click(await screen.findByRole("option", { name }));
  };
  await choose("تيك توك");
  await waitFor(() => expect(screen.queryByTestId("event-p2")).toBeNull());
  expect(screen.getByTestId("event-p1")).toBeInTheDocument();
  expect(screen.queryByTestId("event-p3")).toBeNull();
  await choose("فيسبوك");
  await screen.findByTestId("event-p2");
  expect(screen.queryByTestId("event-p1")).toBeNull();
  await choose("كل الشبكات");
  await screen.findByTestId("event-p3");
  expect(screen.getByTestId("event-p1")).toBeInTheDocument();
});

test("a link with ?network=facebook opens the calendar on Facebook's posts", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04&network=facebook", [
    calendarMock([
      post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z"),
      post("p2", "SCHEDULED", "2026-03-05T07:00:00.000Z", { platforms: ["FACEBOOK"] }),
    ]),
    quiet,
    noHolidays,
  ]);
  await screen.findByTestId("event-p2");
  expect(screen.queryByTestId("event-p1")).toBeNull();
  expect(screen.getByTestId("calendar-network-filter")).toHaveTextContent("Facebook");
});

test("a link with ?approval=changes_requested opens the calendar on the posts the owners sent back", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04&approval=changes_requested", [
    calendarMock([
      post("p1", "DRAFT", "2026-03-04T07:00:00.000Z", { approval: "IN_REVIEW" }),
      post("p2", "DRAFT", "2026-03-05T07:00:00.000Z", { approval: "CHANGES_REQUESTED" }),
    ]),
    quiet,
    noHolidays,
  ]);
  await screen.findByTestId("event-p2");
  expect(screen.queryByTestId("event-p1")).toBeNull();
  expect(screen.getByTestId("approval-filter")).toHaveTextContent("Changes requested");
});

test("the week and day views show the Hijri date in their headers and the post at its Kuwait hour", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z")]),
    quiet,
    noHolidays,
  ]);
  await screen.findByTestId("event-p1");
  fireEvent.click(screen.getByRole("button", { name: "Week" }));
  await waitFor(() => expect(document.querySelector(".fc-timeGridWeek-view")).not.toBeNull());
  expect(document.querySelectorAll(".fc-col-header-cell")).toHaveLength(7);
  expect(document.querySelector('.fc-col-header-cell[data-date="2026-03-04"]')).toHaveTextContent("Ram. 15");
  expect(await screen.findByTestId("event-p1")).toHaveTextContent("10:00 AM");
  expect(ranges.at(-1)).toEqual({ from: "2026-02-28T21:00:00.000Z", to: "2026-03-07T21:00:00.000Z" });
  fireEvent.click(screen.getByRole("button", { name: "Day" }));
  await waitFor(() => expect(document.querySelector(".fc-timeGridDay-view")).not.toBeNull());
  expect(ranges.at(-1)).toEqual({ from: "2026-03-03T21:00:00.000Z", to: "2026-03-04T21:00:00.000Z" });
});

test("on a phone (360 px) the calendar opens on the day, with the views below", async () => {
  setScreenWidth(360);
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z")]),
    quiet,
    noHolidays,
  ]);
  expect(await screen.findByTestId("event-p1")).toHaveTextContent("10:00 AM");
  expect(document.querySelector(".fc-timeGridDay-view")).not.toBeNull();
  expect(document.querySelector(".fc-footer-toolbar")).toContainElement(screen.getByRole("button", { name: "Month" }));
});

test("a post opens in a drawer: caption, each network's status and why, and the edit link", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p3", "FAILED", "2026-03-10T15:00:00.000Z")]),
    quiet,
    noHolidays,
  ]);
  fireEvent.click((await screen.findByTestId("event-p3")).closest(".fc-event")!);
  const drawer = within(await screen.findByTestId("post-drawer"));
  expect(drawer.getByTestId("drawer-caption")).toHaveTextContent("Caption of p3: fresh saffron buns this morning");
  expect(drawer.getByText("Failed", { selector: ".ant-descriptions .ant-tag" })).toBeInTheDocument();
  const x = within(drawer.getByTestId("target-twitter"));
  expect(x.getByText("X")).toBeInTheDocument();
  expect(x.getByText("Failed")).toBeInTheDocument();
  expect(within(drawer.getByTestId("target-instagram")).getByText("Pending")).toBeInTheDocument();
  expect(x.getByText("X refused the post: duplicate")).toBeInTheDocument();
  expect(x.getByText("Demo (simulated)")).toBeInTheDocument();
  expect(within(drawer.getByTestId("target-instagram")).getByText("Instagram")).toBeInTheDocument();
  expect(drawer.getByText(/6:00 PM/)).toBeInTheDocument(); // 15:00 UTC, 18:00 in Kuwait
  expect(drawer.getByTestId("edit-post")).toHaveAttribute("href", "/posts/p3/edit");
});

const photo = (id: string, kind = "IMAGE", thumbnailUrl: string | null = `/media/${id}/thumb?exp=1&sig=s`) => ({
  __typename: "Media",
  id,
  kind,
  thumbnailUrl,
});

describe("the week and day views open where the posts are", () => {
  let scrolls: jest.SpiedFunction<Calendar["scrollToTime"]>;
  beforeEach(() => (scrolls = jest.spyOn(Calendar.prototype, "scrollToTime")));
  afterEach(() => scrolls.mockRestore());

  test.each(["en", "ar"] as const)(
    "evening posts (%s): the week opens at the earliest of them, not at midnight",
    async (lng) => {
      await inLanguage(lng);
      // 15:30 and 16:00 UTC are 18:30 and 19:00 in Kuwait
      renderWithMocks(routes, "/schedule?date=2026-03-04", [
        calendarMock([
          post("p1", "SCHEDULED", "2026-03-04T16:00:00.000Z"),
          post("p2", "PUBLISHED", "2026-03-06T15:30:00.000Z"),
        ]),
        quiet,
        noHolidays,
      ]);
      await screen.findByTestId("event-p1");
      // the month view has no hours to scroll: it grows with its weeks
      expect(scrolls).not.toHaveBeenCalled();
      const root = () => document.querySelector<HTMLElement>(".fc")!;
      expect(root().style.height).toBe("");
      fireEvent.click(screen.getByRole("button", { name: lng === "ar" ? "أسبوع" : "Week" }));
      await waitFor(() => expect(scrolls).toHaveBeenCalledWith("18:00:00"));
      // the week scrolls inside a fixed height (jsdom's window is 768 px tall), its toolbar staying in sight
      expect(root().style.height).toBe("608px");
      expect(document.querySelector(".fc")).toHaveClass(lng === "ar" ? "fc-direction-rtl" : "fc-direction-ltr");
      // a refetch of the same week leaves the person's own scrolling alone
      expect(scrolls).toHaveBeenCalledTimes(1);
    },
  );

  test("a week without posts opens at 8 AM", async () => {
    renderWithMocks(routes, "/schedule?date=2026-03-04", [
      calendarMock([]),
      quiet,
      noHolidays,
      {
        request: { query: ScheduleUpcomingOccasionsDocument, variables: () => true },
        maxUsageCount: 10,
        result: { data: { upcomingOccasions: [] } },
      },
    ]);
    await waitFor(() => expect(ranges.length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(scrolls).toHaveBeenCalledWith("08:00:00"));
  });
});

describe("media on the calendar", () => {
  test("the week view shows a tiny thumbnail (the small variant, lazily loaded, described); the month only an icon", async () => {
    renderWithMocks(routes, "/schedule?date=2026-03-04", [
      calendarMock([
        post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z", { media: [photo("m1"), photo("m2")] }),
        post("p2", "SCHEDULED", "2026-03-05T07:00:00.000Z", { media: [photo("v1", "VIDEO", null)] }),
      ]),
      quiet,
      noHolidays,
    ]);
    const month = await screen.findByTestId("event-p1");
    expect(month.querySelector("img")).toBeNull();
    expect(within(month).getByRole("img", { name: "Photo of this post" })).toBeInTheDocument();
    expect(within(screen.getByTestId("event-p2")).getByRole("img", { name: "Video of this post" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(document.querySelector(".fc-timeGridWeek-view")).not.toBeNull());
    // (FullCalendar keeps time-grid events hidden until it can measure them, which jsdom cannot: by alt text)
    const img = within(await screen.findByTestId("event-p1")).getByAltText("Photo of this post");
    expect(img).toHaveAttribute("src", "/media/m1/thumb?exp=1&sig=s");
    expect(img).toHaveAttribute("loading", "lazy");
    // a video without a poster: an icon, never the file itself
    const video = within(screen.getByTestId("event-p2")).getByLabelText("Video of this post");
    expect(video.tagName).toBe("SPAN");
    expect(video).toHaveAttribute("role", "img");
    expect(screen.getByTestId("event-p2").querySelector("img")).toBeNull();
  });
});

describe("a published post in the drawer", () => {
  const published = () =>
    post("p5", "PUBLISHED", "2026-03-04T15:00:00.000Z", {
      media: [photo("m1")],
      targets: [
        {
          __typename: "PostTarget",
          id: "p5-ig",
          platform: "INSTAGRAM",
          handle: "daralqahwa",
          status: "PUBLISHED",
          error: null,
          demo: false,
          publishedAt: "2026-03-04T15:00:05.000Z",
          permalink: "https://www.instagram.com/p/DAbc123/",
        },
        {
          __typename: "PostTarget",
          id: "p5-x",
          platform: "TWITTER",
          handle: "demo_twitter",
          status: "PUBLISHED",
          error: null,
          demo: true,
          publishedAt: "2026-03-04T15:00:05.000Z",
          permalink: "https://demo.sufra.local/twitter/abc",
        },
      ],
    });

  test("each copy: a link to the network's own page, or 'simulated' with no link; the photo; a new draft from it", async () => {
    const dup = recordedMock(PostsDuplicateDocument, (v) => ({
      data: { duplicatePost: { ...published(), __typename: "Post", id: v.mediaOnly ? "p7" : "p6" } },
    }));
    const { router } = renderWithMocks(routes, "/schedule?date=2026-03-04", [
      calendarMock([published()]),
      quiet,
      noHolidays,
      dup.mock,
    ]);
    fireEvent.click((await screen.findByTestId("event-p5")).closest(".fc-event")!);
    const drawer = within(await screen.findByTestId("post-drawer"));
    const ig = within(drawer.getByTestId("target-instagram")).getByRole("link", { name: /View on Instagram/ });
    expect(ig).toHaveAttribute("href", "https://www.instagram.com/p/DAbc123/");
    expect(ig).toHaveAttribute("target", "_blank");
    expect(ig).toHaveAttribute("rel", "noopener noreferrer");
    const x = within(drawer.getByTestId("target-twitter"));
    expect(x.queryByRole("link")).toBeNull();
    expect(x.getByText("Simulated on X: not on the real network")).toBeInTheDocument();
    expect(
      drawer.getByRole("img", { name: "Photo of the post “Caption of p5: fresh saffron buns this morning”" }),
    ).toHaveAttribute("src", "/media/m1/thumb?exp=1&sig=s");
    expect(drawer.queryByTestId("edit-post")).toBeNull();
    fireEvent.click(drawer.getByRole("button", { name: "Duplicate as new draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/posts/p6/edit"));
    expect(dup.calls).toEqual([{ id: "p5" }]);
  });
});

const occasion = (occasionKey: string, nameEn: string, nameAr: string, date: string) => ({
  __typename: "UpcomingOccasion",
  occasionKey,
  nameEn,
  nameAr,
  date,
});
/** The server's coming occasions (an admin moved Ramadan's first day: the banner follows it). */
const upcoming: MockLink.MockedResponse = {
  request: { query: ScheduleUpcomingOccasionsDocument, variables: { days: 366 } },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      upcomingOccasions: [
        occasion("new_year", "New Year's Day", "رأس السنة الميلادية", "2027-01-01"),
        occasion("isra_miraj", "Isra and Mi'raj", "الإسراء والمعراج", "2027-01-05"),
        occasion("ramadan_start", "Start of Ramadan", "بداية رمضان", "2027-02-09"),
        occasion("national_day", "National Day", "العيد الوطني", "2027-02-25"),
        occasion("liberation_day", "Liberation Day", "يوم التحرير", "2027-02-26"),
      ],
    },
  },
};

test("an empty range names the server's coming occasions, each with a link to plan a post that day, and offers to create a post", async () => {
  const { router } = renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([]),
    quiet,
    noHolidays,
    upcoming,
  ]);
  const banner = within(await screen.findByTestId("occasions"));
  expect(await banner.findByText("Plan your New Year's Day posts")).toBeInTheDocument();
  // four of them, nearest first
  expect(banner.getAllByRole("listitem").map((li) => li.dataset.testid)).toEqual([
    "occasion-new_year",
    "occasion-isra_miraj",
    "occasion-ramadan_start",
    "occasion-national_day",
  ]);
  const ramadan = banner.getByTestId("occasion-ramadan_start");
  expect(ramadan).toHaveTextContent("Start of Ramadan: February 9, 2027");
  expect(within(ramadan).getByRole("link", { name: "Plan a post" })).toHaveAttribute(
    "href",
    `/posts/new?at=${encodeURIComponent("2027-02-09T07:00:00.000Z")}`,
  );
  fireEvent.click(banner.getByRole("button", { name: "Create a post" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/posts/new"));
});

test("in Arabic the occasions carry their Arabic names", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, "/schedule?date=2026-03-04", [calendarMock([]), quiet, noHolidays, upcoming]);
  const banner = within(await screen.findByTestId("occasions"));
  expect(await banner.findByText("خطط لمنشورات رأس السنة الميلادية")).toBeInTheDocument();
  expect(banner.getByTestId("occasion-national_day")).toHaveTextContent("العيد الوطني");
});

test("a status change arrives live: the range is fetched again and the post shows as published", async () => {
  const at = "2026-03-04T07:00:00.000Z";
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", at)], 1),
    calendarMock([post("p1", "PUBLISHED", at)]),
    {
      request: { query: SchedulePostChangedDocument },
      result: {
        data: {
          postChanged: {
            __typename: "PostChange",
            postId: "p1",
            postStatus: "PUBLISHED",
            post: post("p1", "PUBLISHED", at),
          },
        },
      },
      delay: 300,
    },
    noHolidays,
  ]);
  expect((await screen.findByTestId("event-p1")).closest(".fc-event")).toHaveClass("is-scheduled");
  await waitFor(() => expect(screen.getByTestId("event-p1").closest(".fc-event")).toHaveClass("is-published"));
});

describe("a click on a slot", () => {
  const now = Date.parse("2026-03-04T08:20:00Z"); // 11:20 in Kuwait
  test("an hour in the future is that hour", () => {
    expect(slotTime(toCalendar("2026-03-05T06:00:00Z"), false, now)?.toISOString()).toBe("2026-03-05T06:00:00.000Z");
  });
  test("a whole day is 10:00 in Kuwait that day; today after 10:00, the next hour; the past, nothing", () => {
    expect(slotTime(new Date("2026-03-06T00:00:00Z"), true, now)?.toISOString()).toBe("2026-03-06T07:00:00.000Z");
    expect(slotTime(new Date("2026-03-04T00:00:00Z"), true, now)?.toISOString()).toBe("2026-03-04T09:00:00.000Z");
    expect(slotTime(new Date("2026-03-03T00:00:00Z"), true, now)).toBeNull();
    expect(slotTime(toCalendar("2026-03-04T08:00:00Z"), false, now)).toBeNull();
  });
});

describe("dropping a post on a new time", () => {
  const wrapper =
    (mocks: MockLink.MockedResponse[]) =>
    ({ children }: { children: ReactNode }) => (
      <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
        <AntApp>{children}</AntApp>
      </MockedProvider>
    );
  const HOUR = 3_600_000;

  test("a future time is sent with schedulePost (the Kuwait hour the post was dropped on), and says so", async () => {
    const target = new Date(Math.ceil((Date.now() + 48 * HOUR) / HOUR) * HOUR); // a whole hour, two days ahead
    const sent: unknown[] = [];
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: ScheduleMovePostDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
        result: { data: { schedulePost: post("p1", "SCHEDULED", target.toISOString()) } },
      },
    ];
    const onMoved = jest.fn();
    const { result } = renderHook(() => useReschedule(onMoved), { wrapper: wrapper(mocks) });
    const revert = jest.fn();
    let ok: boolean | undefined;
    // the calendar hands back Kuwait's wall-clock written as UTC
    await act(async () => void (ok = await result.current({ event: { id: "p1", start: toCalendar(target) }, revert })));
    expect(ok).toBe(true);
    expect(sent).toEqual([{ id: "p1", scheduledFor: target.toISOString() }]);
    expect(revert).not.toHaveBeenCalled();
    expect(onMoved).toHaveBeenCalled();
    expect(await screen.findByText(/^Moved\. It will be published on /)).toBeInTheDocument();
  });

  test("a time in the past goes back, with the reason in the person's language, and sends nothing", async () => {
    await inLanguage("ar");
    const { result } = renderHook(() => useReschedule(), { wrapper: wrapper([]) });
    const revert = jest.fn();
    await act(
      async () =>
        void (await result.current({
          event: { id: "p1", start: toCalendar(new Date(Date.now() - 2 * HOUR)) },
          revert,
        })),
    );
    expect(revert).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("اختر وقتًا بعد دقيقة واحدة على الأقل من الآن")).toBeInTheDocument();
  });

  test("a time the server refuses goes back with the server's message", async () => {
    const target = new Date(Date.now() + 5 * HOUR);
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: ScheduleMovePostDocument, variables: { id: "p9", scheduledFor: target.toISOString() } },
        result: {
          errors: [
            {
              message: "This post can no longer be moved",
              extensions: { code: "BAD_USER_INPUT", reason: "INVALID_STATE" },
            },
          ],
        },
      },
    ];
    const { result } = renderHook(() => useReschedule(), { wrapper: wrapper(mocks) });
    const revert = jest.fn();
    await act(async () => void (await result.current({ event: { id: "p9", start: toCalendar(target) }, revert })));
    expect(revert).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("This post can no longer be moved")).toBeInTheDocument();
  });

  test("the calendar's dates read back as real instants", () => {
    expect(fromCalendar(toCalendar("2026-03-04T07:00:00.000Z")).toISOString()).toBe("2026-03-04T07:00:00.000Z");
  });
});

// ---------------------------------------------------------------- Kuwait's holidays in the days
function holidaysMock(year: number, list: Record<string, unknown>[]): MockLink.MockedResponse {
  return {
    request: { query: ScheduleHolidaysDocument, variables: { year } },
    maxUsageCount: 10,
    result: {
      data: {
        kuwaitHolidays: list.map((h) => ({
          __typename: "KuwaitHoliday",
          kind: "ISLAMIC",
          day: 1,
          days: 1,
          corrected: false,
          ...h,
        })),
      },
    },
  };
}
const eid2026 = [
  {
    date: "2026-03-19",
    occasionKey: "ramadan_end",
    nameEn: "Last day of Ramadan",
    nameAr: "آخر أيام شهر رمضان",
    kind: "SEASON",
  },
  { date: "2026-03-20", occasionKey: "eid_al_fitr", nameEn: "Eid al-Fitr", nameAr: "عيد الفطر", days: 3 },
  {
    date: "2026-03-21",
    occasionKey: "eid_al_fitr",
    nameEn: "Eid al-Fitr",
    nameAr: "عيد الفطر",
    day: 2,
    days: 3,
    corrected: true,
  },
];

test("the year's holidays and occasions are labelled in their days, beside the Hijri date", async () => {
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z")]),
    quiet,
    holidaysMock(2026, eid2026),
  ]);
  await screen.findByTestId("event-p1");
  const eid = await within(cell("2026-03-20")).findByTestId("holiday-label");
  expect(eid).toHaveTextContent("Eid al-Fitr");
  expect(eid).toHaveClass("is-islamic");
  expect(eid).toHaveAttribute("title", "Islamic occasion");
  expect(within(cell("2026-03-20")).getByTestId("hijri-day")).toHaveTextContent("Shaw. 1");
  expect(cell("2026-03-20")).toHaveClass("has-holiday");
  const second = within(cell("2026-03-21")).getByTestId("holiday-label");
  expect(second).toHaveTextContent("Eid al-Fitr, day 2");
  expect(second).toHaveAttribute("title", "Islamic occasion · Date set by the Cabinet");
  expect(within(cell("2026-03-19")).getByTestId("holiday-label")).toHaveTextContent("Last day of Ramadan");
  expect(within(cell("2026-03-04")).queryByTestId("holiday-label")).toBeNull();
  expect(cell("2026-03-04")).not.toHaveClass("has-holiday");
});

test("in Arabic the labels are Arabic, with Arabic-Indic digits", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, "/schedule?date=2026-03-04", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-04T07:00:00.000Z")]),
    quiet,
    holidaysMock(2026, eid2026),
  ]);
  await screen.findByTestId("event-p1");
  expect(await within(cell("2026-03-21")).findByTestId("holiday-label")).toHaveTextContent("عيد الفطر، اليوم ٢");
  expect(within(cell("2026-03-21")).getByTestId("holiday-label")).toHaveAttribute(
    "title",
    "مناسبة إسلامية، تاريخ حدده مجلس الوزراء",
  );
});

test("on a phone the week's day heads are short (weekday, day, Hijri day) and an occasion is a marker named for it, so seven fit side by side", async () => {
  setScreenWidth(390);
  await inLanguage("ar");
  renderWithMocks(routes, "/schedule?date=2026-03-19", [
    calendarMock([post("p1", "SCHEDULED", "2026-03-19T07:00:00.000Z")]),
    quiet,
    holidaysMock(2026, eid2026),
  ]);
  await screen.findByTestId("event-p1");
  fireEvent.click(screen.getByRole("button", { name: "أسبوع" }));
  await waitFor(() => expect(document.querySelector(".fc-timeGridWeek-view")).not.toBeNull());
  const head = await waitFor(() => {
    const h = document.querySelector<HTMLElement>('.fc-col-header-cell[data-date="2026-03-20"] .sufra-day-head');
    if (!h?.querySelector('[data-testid="holiday-dot"]')) throw new Error("the occasions are not in yet");
    return h;
  });
  expect(head).toHaveClass("is-compact");
  // the day of the month on its own line, in the person's digits; the weekday short
  expect(within(head).getByTestId("day-number")).toHaveTextContent(/^٢٠$/);
  expect(within(head).getByTestId("day-weekday").textContent!.length).toBeLessThanOrEqual(6);
  // the occasion's name is not written in the narrow head: a marker carries it (and the day view and month show it)
  expect(within(head).queryByTestId("holiday-label")).toBeNull();
  expect(within(head).getByTestId("holiday-dot")).toHaveAccessibleName("عيد الفطر");
  expect(document.querySelector('.fc-col-header-cell[data-date="2026-03-18"] [data-testid="holiday-dot"]')).toBeNull();
});

test("a month view across the new year labels both years' days", async () => {
  renderWithMocks(routes, "/schedule?date=2026-12-15", [
    calendarMock([]),
    quiet,
    holidaysMock(2026, []),
    holidaysMock(2027, [
      {
        date: "2027-01-01",
        occasionKey: "new_year",
        nameEn: "New Year's Day",
        nameAr: "رأس السنة الميلادية",
        kind: "PUBLIC",
      },
    ]),
  ]);
  expect(await within(cell("2027-01-01")).findByTestId("holiday-label")).toHaveTextContent("New Year's Day");
});
