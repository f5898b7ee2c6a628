// Campaigns where posts are written and planned: the composer's "Campaign" and "Occasion" fields (what
// createPost sends, the warning for a time outside the campaign's days, ?campaign= from a campaign's
// page, the AI studio's occasion taken when the post has none) and the calendar's campaign filter and
// "Add to campaign" in a post's drawer.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CampaignsSetPostCampaignDocument,
  PostsComposerSetupDocument,
  PostsCreateDocument,
  ScheduleCalendarPostsDocument,
  ScheduleHolidaysDocument,
  SchedulePostChangedDocument,
  StudioAiUsageDocument,
  StudioGeneratePostDocument,
  StudioUpcomingOccasionsDocument,
  StudioVoiceToneDocument,
} from "../../graphql/graphql.ts";
import { inLanguage, pick, type } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth } from "../../../test/screens.tsx";
import { insightsMock } from "../insights/testMocks.ts";
import ComposerPage from "../posts/ComposerPage.tsx";
import SchedulePage from "../schedule/SchedulePage.tsx";
import { campaignOption, campaignOptionsMock } from "./testMocks.ts";

const CAMPAIGNS = [
  campaignOption("c1", "Ramadan nights", "2027-02-08", "2027-03-09"),
  campaignOption("c2", "Eid gifts", "2027-03-10", "2027-03-20"),
];

/** A mock that records the variables of each call. */
function recorded<T>(
  query: unknown,
  data: (v: Record<string, unknown>) => T,
  maxUsageCount = Number.POSITIVE_INFINITY,
) {
  const calls: Record<string, unknown>[] = [];
  const mock = {
    request: { query, variables: () => true },
    maxUsageCount,
    result: (v: Record<string, unknown>) => {
      calls.push(v);
      return { data: data(v) };
    },
  };
  return { mock, calls };
}

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

// ---------------------------------------------------------------- the composer
const account = (platform: string) => ({
  __typename: "PlatformAccount",
  id: `a-${platform}`,
  platform,
  handle: "daralqahwa",
  displayName: "Dar Al Qahwa",
  demo: false,
  practice: false,
  status: "CONNECTED",
});
const setupMock = {
  request: { query: PostsComposerSetupDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      me: {
        __typename: "User",
        id: "u-client",
        business: {
          __typename: "Client",
          id: "b1",
          subscription: { __typename: "ClientSubscription", plan: "PROFESSIONAL", status: "ACTIVE" },
        },
      },
      platformConnections: ["INSTAGRAM", "TWITTER"].map((platform) => ({
        __typename: "PlatformConnection",
        platform,
        available: true,
        configured: true,
        manual: false,
        account: account(platform),
      })),
    },
  },
};
const created = (v: Record<string, unknown>) => {
  const input = v.input as Record<string, unknown>;
  return {
    createPost: {
      __typename: "Post",
      id: "new1",
      content: input.content,
      hashtags: [],
      firstComment: null,
      platforms: ["TWITTER"],
      status: "DRAFT",
      scheduledFor: null,
      publishedAt: null,
      createdAt: "2026-11-01T08:00:00.000Z",
      updatedAt: "2026-11-01T08:00:00.000Z",
      authorName: "Noura",
      occasion: input.occasion ?? null,
      campaignId: input.campaignId ?? null,
      media: [],
      targets: [],
    },
  };
};
const composerRoutes = [
  { path: "/posts/new", element: <ComposerPage /> },
  { path: "/posts", element: <p>posts list</p> },
];
const composer = (path: string, mocks: object[]) =>
  renderWithMocks(composerRoutes, path, [setupMock, insightsMock(), campaignOptionsMock(CAMPAIGNS), ...mocks] as never);

describe("the composer", () => {
  test("a campaign and an occasion chosen go with the post; a time outside the campaign's days is allowed, with a warning", async () => {
    const create = recorded(PostsCreateDocument, created);
    // 12 March 2027, 10:00 in Kuwait: after Ramadan nights' last day
    composer("/posts/new?at=2027-03-12T07:00:00.000Z", [create.mock]);
    await screen.findByTestId("platform-twitter");
    expect(screen.getByTestId("post-campaign")).toHaveTextContent("No campaign");
    await pick("post-campaign", "Ramadan nights");
    expect(await screen.findByTestId("campaign-outside")).toHaveTextContent("This time is outside “Ramadan nights”");
    await pick("post-campaign", "Eid gifts");
    await waitFor(() => expect(screen.queryByTestId("campaign-outside")).toBeNull());
    await pick("post-occasion", "Eid al-Fitr");
    fireEvent.click(within(screen.getByTestId("platform-twitter")).getByRole("checkbox"));
    type(screen.getByTestId("caption"), "Eid sweets boxes");
    fireEvent.click(screen.getByTestId("save-draft"));
    expect(await screen.findByText("posts list")).toBeInTheDocument();
    expect(create.calls).toEqual([
      {
        input: {
          content: "Eid sweets boxes",
          hashtags: [],
          firstComment: null,
          mediaIds: [],
          platforms: ["TWITTER"],
          campaignId: "c2",
          occasion: "EID_AL_FITR",
        },
      },
    ]);
  }, 120_000); // the whole composer, and two selects used twice

  test("from a campaign's page (?campaign=): the campaign is chosen already, in Arabic", async () => {
    await inLanguage("ar");
    composer("/posts/new?campaign=c1", []);
    await screen.findByTestId("platform-twitter");
    await waitFor(() => expect(screen.getByTestId("post-campaign")).toHaveTextContent("Ramadan nights"));
    expect(screen.getByText("الحملة")).toBeInTheDocument();
    expect(screen.getByTestId("post-occasion")).toHaveTextContent("بلا مناسبة");
  }, 60_000);

  test("the AI studio's occasion becomes the post's when it has none", async () => {
    const usage = {
      __typename: "AiUsage",
      month: "2026-11",
      used: 3,
      limit: 50,
      remaining: 47,
      plan: "PROFESSIONAL",
      resetsOn: "2026-12-01",
    };
    const variant = {
      __typename: "GeneratedVariant",
      content: "Eid sweets, boxed and ready.",
      hashtags: ["Eid"],
      language: "EN",
      unusedFacts: [],
    };
    const generate = recorded(StudioGeneratePostDocument, () => ({
      generatePost: {
        __typename: "GeneratedPost",
        content: variant.content,
        hashtags: variant.hashtags,
        language: "EN",
        provider: "LOCAL",
        fellBack: false,
        note: null,
        photosSeen: null,
        altTexts: [],
        variants: [variant],
        usage,
      },
    }));
    composer("/posts/new", [
      {
        request: { query: StudioAiUsageDocument },
        maxUsageCount: Number.POSITIVE_INFINITY,
        result: { data: { aiUsage: usage } },
      },
      {
        request: { query: StudioUpcomingOccasionsDocument, variables: () => true },
        maxUsageCount: Number.POSITIVE_INFINITY,
        result: { data: { upcomingOccasions: [] } },
      },
      {
        request: { query: StudioVoiceToneDocument },
        maxUsageCount: Number.POSITIVE_INFINITY,
        result: {
          data: {
            businessVoice: { __typename: "BusinessVoice", voice: { __typename: "VoiceInForce", tone: "FRIENDLY" } },
          },
        },
      },
      generate.mock,
    ]);
    await screen.findByTestId("platform-twitter");
    fireEvent.click(screen.getByTestId("open-studio"));
    await screen.findByTestId("studio-panel");
    await pick("studio-occasion", "Eid al-Fitr");
    type(screen.getByLabelText("What is the post about?"), "Eid sweets boxes");
    fireEvent.click(screen.getByTestId("studio-generate"));
    fireEvent.click(within(await screen.findByTestId("variant-1")).getByRole("button", { name: "Use this" }));
    await waitFor(() => expect(screen.getByTestId("caption")).toHaveValue("Eid sweets, boxed and ready."));
    expect(screen.getByTestId("post-occasion")).toHaveTextContent("Eid al-Fitr");
    expect((generate.calls[0]!.input as { occasion: string }).occasion).toBe("EID_AL_FITR");
  }, 60_000);
});

// ---------------------------------------------------------------- the calendar
const calendarPost = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "Post",
  id,
  content: `Caption of ${id}`,
  status: "SCHEDULED",
  platforms: ["TWITTER"],
  scheduledFor: "2027-03-04T07:00:00.000Z",
  publishedAt: null,
  campaignId: null,
  campaignName: null,
  outsideCampaignDates: false,
  approval: "NONE",
  media: [],
  targets: [
    {
      __typename: "PostTarget",
      id: `${id}-x`,
      platform: "TWITTER",
      handle: "daralqahwa",
      status: "PENDING",
      error: null,
      demo: false,
      publishedAt: null,
      permalink: null,
    },
  ],
  ...over,
});
const scheduleRoutes = [{ path: "/schedule", element: <SchedulePage /> }];
const quiet = {
  request: { query: SchedulePostChangedDocument },
  result: { data: { postChanged: { __typename: "PostChange", postId: "none", postStatus: "SCHEDULED", post: null } } },
  delay: 600_000,
};
const noHolidays = {
  request: { query: ScheduleHolidaysDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { kuwaitHolidays: [] } },
};

describe("the calendar", () => {
  test("the campaign filter asks for that campaign's posts only", async () => {
    const calendar = recorded(ScheduleCalendarPostsDocument, (v) => ({
      calendarPosts:
        v.campaignId === "c1"
          ? [calendarPost("p1", { campaignId: "c1", campaignName: "Ramadan nights" })]
          : [calendarPost("p1", { campaignId: "c1", campaignName: "Ramadan nights" }), calendarPost("p2")],
    }));
    renderWithMocks(scheduleRoutes, "/schedule?date=2027-03-04", [
      calendar.mock,
      quiet,
      noHolidays,
      campaignOptionsMock(CAMPAIGNS),
    ] as never);
    await screen.findByTestId("event-p2");
    expect(calendar.calls[0]).not.toHaveProperty("campaignId");
    await pick("calendar-campaign-filter", "Ramadan nights");
    await waitFor(() => expect(screen.queryByTestId("event-p2")).toBeNull());
    expect(screen.getByTestId("event-p1")).toBeInTheDocument();
    expect(calendar.calls.at(-1)).toMatchObject({ campaignId: "c1" });
    await pick("calendar-campaign-filter", "All posts");
    expect(await screen.findByTestId("event-p2")).toBeInTheDocument();
    expect(calendar.calls.at(-1)).not.toHaveProperty("campaignId");
  }, 60_000);

  test("a post's drawer: 'Add to campaign' sets its campaign and says so", async () => {
    // the server's post: the calendar fetched again after the change reads it as it now is
    let p2: Record<string, unknown> = calendarPost("p2");
    const calendar = recorded(ScheduleCalendarPostsDocument, () => ({ calendarPosts: [p2] }));
    const set = recorded(CampaignsSetPostCampaignDocument, (v) => {
      p2 = { ...p2, campaignId: v.campaignId, campaignName: "Eid gifts", outsideCampaignDates: true };
      return {
        setPostCampaign: {
          __typename: "Post",
          id: v.postId,
          campaignId: v.campaignId,
          campaignName: "Eid gifts",
          outsideCampaignDates: true,
        },
      };
    });
    renderWithMocks(scheduleRoutes, "/schedule?date=2027-03-04", [
      calendar.mock,
      quiet,
      noHolidays,
      campaignOptionsMock(CAMPAIGNS),
      set.mock,
    ] as never);
    fireEvent.click((await screen.findByTestId("event-p2")).closest(".fc-event")!);
    const drawer = await screen.findByTestId("post-drawer");
    expect(within(drawer).getByText("Campaign")).toBeInTheDocument();
    await pick("post-campaign-action", "Eid gifts");
    expect(
      await screen.findByText("Added to “Eid gifts”. Its time is outside the campaign's dates."),
    ).toBeInTheDocument();
    expect(set.calls).toEqual([{ postId: "p2", campaignId: "c2" }]);
    expect(await within(drawer).findByTestId("post-campaign-outside")).toHaveTextContent(
      "Outside the campaign's dates",
    );
  }, 60_000);
});
