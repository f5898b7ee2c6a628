// The inbox: one list of reviews and comments (source with its branch, demo label, stars or none), its
// filters kept in the address bar, the thread of a comment (the post, the replies under it), a reply
// suggested in the guest's language or in both (remembered), a send the network refuses said in Arabic
// from the catalogue, bulk approval with each item's result, who may send and change the setting; the
// reviews added by hand and from a CSV file; the dashboard's cards.
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorText, kuwaitDate } from "@sufra/schema";
import { useLocation } from "react-router-dom";
import {
  InboxApproveManyDocument,
  InboxCountsDocument,
  InboxListDocument,
  InboxPrivateReplyDocument,
  InboxRightsDocument,
  InboxSendDocument,
  InboxSetSettingsDocument,
  InboxSuggestDocument,
  ReviewsCreateDocument,
  ReviewsImportDocument,
  type InboxListQueryVariables,
} from "../../graphql/graphql.ts";
import { formatDate } from "../../lib/format.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import { NegativeItemsCard, UnansweredReviewsCard } from "../dashboard/components/UnansweredReviewsCard.tsx";
import InboxPage from "./InboxPage.tsx";
import { filtersFrom, withFilters } from "./model.ts";
import { reviewStatsMock } from "./testMocks.ts";
import { conversationsQuiet } from "../conversations/testMocks.ts";

const item = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "InboxItem",
  id,
  kind: "REVIEW",
  source: "GOOGLE",
  author: "Ahmad",
  rating: 1,
  text: "Delivery took 2 hours and the food arrived cold.",
  language: "EN",
  writtenAt: "2026-03-01T09:00:00.000Z",
  sentiment: "NEGATIVE",
  intent: "COMPLAINT",
  topics: ["FOOD", "DELIVERY"],
  reply: null,
  replyGaps: [],
  replyRejected: [],
  status: "NEW",
  approvedAt: null,
  repliedAt: null,
  repliedVia: null,
  sendError: null,
  location: { __typename: "InboxLocation", id: "loc1", title: "Salmiya", verified: true },
  permalink: null,
  postId: null,
  hidden: false,
  thread: [],
  privateReply: null,
  privateRepliedAt: null,
  demo: false,
  canSendReply: true,
  canDeleteReply: false,
  canHide: false,
  canPrivateReply: false,
  needsVerification: false,
  ...extra,
});

const ARABIC = item("r2", {
  author: "أم محمد",
  rating: 1,
  text: "القهوة باردة والخدمة بطيئة",
  language: "AR",
  location: { __typename: "InboxLocation", id: "loc1", title: "السالمية", verified: true },
});
const COMMENT = item("c1", {
  kind: "COMMENT",
  source: "INSTAGRAM",
  author: "sara.kw",
  rating: null,
  text: "Best karak in Salmiya!",
  sentiment: "POSITIVE",
  intent: "PRAISE",
  topics: [],
  location: null,
  permalink: "https://www.instagram.com/p/abc/",
  thread: [
    {
      __typename: "InboxThreadEntry",
      author: "dar_alqahwa",
      text: "Thank you Sara!",
      at: "2026-03-01T10:00:00.000Z",
      fromBusiness: true,
    },
  ],
  canSendReply: true,
  canHide: true,
  canPrivateReply: false,
  demo: true,
});
const TYPED = item("m1", {
  source: "TALABAT",
  author: "Fatma",
  rating: 5,
  text: "Loved the kunafa",
  sentiment: "POSITIVE",
  topics: ["FOOD"],
  location: null,
  canSendReply: false,
  writtenAt: "2026-02-20T09:00:00.000Z",
});

type Vars = InboxListQueryVariables;
const listMock = (rows: object[], match: (v: Vars) => boolean = () => true) => ({
  request: { query: InboxListDocument, variables: match },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      inbox: {
        __typename: "QueryInboxConnection",
        totalCount: rows.length,
        edges: rows.map((node) => ({ __typename: "QueryInboxConnectionEdge", node })),
        pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
      },
    },
  },
});

const countsMock = (s = { total: 5, unanswered: 3, negativeNew: 2 }) => ({
  request: { query: InboxCountsDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      inboxSummary: {
        __typename: "InboxSummary",
        unanswered: s.unanswered,
        negativeNew: s.negativeNew,
        locations: [
          {
            __typename: "InboxLocationSummary",
            location: { __typename: "InboxLocation", id: "loc1", title: "Salmiya", verified: true },
            unanswered: 2,
            negativeNew: 1,
          },
        ],
      },
      reviewStats: { __typename: "ReviewStats", total: s.total },
    },
  },
});

const rightsMock = (r = { canReply: true, canChange: false, clientsMayReply: false }) => ({
  request: { query: InboxRightsDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { inboxSettings: { __typename: "InboxSettings", ...r } } },
});

const recorded = <T extends object>(query: unknown, data: (v: Record<string, unknown>) => T) =>
  recordedMock(query, (v) => ({ data: data(v) }));

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const routes = [
  {
    path: "/inbox",
    element: (
      <>
        <InboxPage />
        <Where />
      </>
    ),
  },
  {
    path: "/dashboard",
    element: (
      <>
        <UnansweredReviewsCard />
        <NegativeItemsCard />
      </>
    ),
  },
];
// the Messages tab's badge and the live feed behind it (the conversations module's), quiet
const render = (mocks: object[], path = "/inbox") =>
  renderWithMocks(routes, path, [...mocks, ...conversationsQuiet()] as never);
const basics = (rows: object[] = [item("r1"), COMMENT, TYPED]) => [listMock(rows), countsMock(), rightsMock()];

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

describe("the list", () => {
  test("reviews and comments in one list: source and branch, a comment without stars, the demo label; the counts", async () => {
    render(basics());
    const rows = await screen.findAllByTestId("review-row");
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole("img", { name: "1 out of 5 stars" })).toBeInTheDocument();
    expect(first.getByTestId("review-source")).toHaveTextContent("Google");
    expect(first.getByTestId("review-branch")).toHaveTextContent("Salmiya");
    const comment = within(rows[1]!);
    expect(comment.queryByTestId("review-stars")).toBeNull();
    expect(comment.getByTestId("review-source")).toHaveTextContent("Instagram · Comment");
    expect(comment.getByTestId("review-demo")).toHaveTextContent("Demo");
    expect(within(rows[2]!).getByTestId("review-source")).toHaveTextContent("Talabat");
    expect(await screen.findByTestId("inbox-counts")).toHaveTextContent("Waiting for a reply: 3");
    expect(screen.getByTestId("negative-link")).toHaveTextContent("Unhappy guests waiting: 2");
  });

  test("in Arabic: right to left, Arabic labels and digits, the guest's words in their own direction", async () => {
    await inLanguage("ar");
    render(basics([ARABIC]));
    const rows = await screen.findAllByTestId("review-row");
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByRole("heading", { level: 1, name: "صندوق الوارد" })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("img", { name: "١ من ٥ نجوم" })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId("review-source")).toHaveTextContent("جوجل");
    expect(within(rows[0]!).getByText("القهوة باردة والخدمة بطيئة")).toHaveAttribute("dir", "auto");
    expect(await screen.findByTestId("inbox-counts")).toHaveTextContent("بانتظار الرد: ٣");
  });

  test("a question or an order says so beside its sentiment, in the person's language; a complaint shows its sentiment only", async () => {
    const question = item("q1", {
      kind: "COMMENT",
      source: "INSTAGRAM",
      author: "dana.q8",
      rating: null,
      text: "وينكم بالضبط؟",
      language: "AR",
      sentiment: "NEUTRAL",
      intent: "QUESTION",
      topics: [],
      location: null,
    });
    render(basics([question, item("r1")]));
    const rows = await screen.findAllByTestId("review-row");
    expect(within(rows[0]!).getByTestId("review-intent")).toHaveTextContent("Question");
    expect(within(rows[1]!).queryByTestId("review-intent")).toBeNull();
    expect(within(rows[1]!).getByTestId("review-sentiment")).toHaveTextContent("Negative");
  });

  test("a phone shows cards instead of the table", async () => {
    setScreenWidth(375);
    render(basics([item("r1")]));
    const cards = await screen.findAllByTestId("review-card");
    expect(cards).toHaveLength(1);
    expect(screen.queryByTestId("reviews-table")).toBeNull();
  });
});

describe("on a phone", () => {
  test("the filters fold behind one button that counts those on; the team setting comes after the list, not before it", async () => {
    setScreenWidth(390);
    render(
      [listMock([item("r1")]), countsMock(), rightsMock({ canReply: true, canChange: true, clientsMayReply: false })],
      "/inbox?unanswered=1&language=ar",
    );
    const cards = await screen.findAllByTestId("review-card");
    // no row of seven fields above the list: one button, saying how many filters are on
    expect(screen.queryByTestId("inbox-filters")).toBeNull();
    const toggle = screen.getByTestId("filters-toggle");
    expect(toggle).toHaveTextContent("Filters");
    expect(toggle).toHaveAccessibleName("Filters: 2 on");
    // the team's setting is there, under the list
    const settings = await screen.findByTestId("inbox-settings");
    expect(cards[0]!.compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the fields open in a panel; a change there still goes to the address
    fireEvent.click(toggle);
    const panel = await screen.findByTestId("inbox-filters");
    fireEvent.click(within(panel).getByTestId("filter-unanswered"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/inbox?language=ar"));
    await waitFor(() => expect(screen.getByTestId("filters-toggle")).toHaveAccessibleName("Filters: 1 on"));
  });

  test("in Arabic, the button and its count", async () => {
    await inLanguage("ar");
    setScreenWidth(390);
    render(basics([item("r1")]), "/inbox?stars=2");
    await screen.findAllByTestId("review-card");
    expect(screen.getByTestId("filters-toggle")).toHaveAccessibleName("التصفية: ١ مفعّلة");
  });
});

describe("the filters", () => {
  test("read from and written to the query string; unknown values are dropped", () => {
    const f = filtersFrom(
      new URLSearchParams(
        "source=google&branch=loc1&unanswered=1&stars=2&sentiment=negative&topic=food&language=ar&from=2026-03-01&to=2026-03-31&item=x",
      ),
    );
    expect(f).toEqual({
      source: "google",
      branch: "loc1",
      unanswered: true,
      stars: 2,
      sentiment: "negative",
      topic: "food",
      language: "ar",
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(
      withFilters(new URLSearchParams("item=x&source=talabat"), { unanswered: true, language: "en" }).toString(),
    ).toBe("item=x&unanswered=1&language=en");
    expect(filtersFrom(new URLSearchParams("source=myspace&stars=9&from=yesterday"))).toEqual({});
  });

  test("a filter from the address asks the server for it, and changing one rewrites the address", async () => {
    const asked: Vars[] = [];
    const list = {
      ...listMock([ARABIC]),
      request: { query: InboxListDocument, variables: (v: Vars) => (asked.push(v), true) },
    };
    render([list, countsMock(), rightsMock()], "/inbox?language=ar&sentiment=negative");
    await screen.findAllByTestId("review-row");
    expect(asked[0]!.filter).toEqual({ languages: ["AR"], sentiments: ["NEGATIVE"] });
    fireEvent.click(screen.getByTestId("filter-unanswered"));
    await waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/inbox?unanswered=1&sentiment=negative&language=ar"),
    );
    await waitFor(() =>
      expect(asked.at(-1)!.filter).toEqual({ unanswered: true, languages: ["AR"], sentiments: ["NEGATIVE"] }),
    );
    fireEvent.click(screen.getByTestId("filters-clear"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/inbox$/));
  });
});

describe("the thread and the reply", () => {
  test("a comment opens from its link with the post it is under and the replies beneath it", async () => {
    render(basics(), "/inbox?item=c1");
    const drawer = await screen.findByTestId("review-drawer");
    expect(drawer).toHaveTextContent("Comment by sara.kw");
    expect(within(drawer).getByTestId("comment-post")).toHaveTextContent("Under your post:");
    expect(within(drawer).getByRole("link", { name: "Open the post" })).toHaveAttribute(
      "href",
      "https://www.instagram.com/p/abc/",
    );
    expect(within(drawer).getByTestId("comment-thread")).toHaveTextContent("You Thank you Sara!");
    expect(within(drawer).getByTestId("hide-comment")).toBeEnabled();
    // a private reply after the 7 days Instagram allows: disabled, with the reason
    expect(within(drawer).getByTestId("private-reply")).toBeDisabled();
    expect(within(drawer).getByTestId("private-reason")).toHaveTextContent(
      "Instagram allows a private reply only within 7 days of the comment.",
    );
    fireEvent.click(within(drawer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/inbox$/));
  }, 60_000);

  test("the drawer says a message is a question or an order, as the list does, in both languages; a complaint shows its sentiment only", async () => {
    const question = item("q1", {
      kind: "COMMENT",
      source: "INSTAGRAM",
      author: "dana.q8",
      rating: null,
      text: "وينكم بالضبط؟",
      language: "AR",
      sentiment: "NEUTRAL",
      intent: "QUESTION",
      topics: [],
      location: null,
    });
    const order = item("o1", {
      text: "Can I book a table for 6 tonight?",
      sentiment: "NEUTRAL",
      intent: "ORDER",
      rating: 4,
    });
    const { unmount } = render(basics([question, order, item("r1")]));
    fireEvent.click(await screen.findByTestId("open-q1"));
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).getByTestId("review-intent")).toHaveTextContent("Question");
    expect(within(drawer).getByText("Intent")).toBeInTheDocument();
    unmount();

    render(basics([question, order, item("r1")]));
    fireEvent.click(await screen.findByTestId("open-r1"));
    const complaint = await screen.findByTestId("review-drawer");
    expect(within(complaint).getByTestId("review-sentiment")).toHaveTextContent("Negative");
    expect(within(complaint).queryByTestId("review-intent")).toBeNull();
    expect(within(complaint).queryByText("Intent")).toBeNull();
  }, 60_000);

  test("the drawer's intent in Arabic", async () => {
    await inLanguage("ar");
    const order = item("o1", {
      text: "ابي احجز طاولة لستة الليلة",
      language: "AR",
      sentiment: "NEUTRAL",
      intent: "ORDER",
      rating: 4,
    });
    render(basics([order]));
    fireEvent.click(await screen.findByTestId("open-o1"));
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).getByTestId("review-intent")).toHaveTextContent("طلب أو حجز");
    expect(within(drawer).getByText("الغرض")).toBeInTheDocument();
  }, 60_000);

  test("a reply suggested in Arabic and English on request; the choice is remembered", async () => {
    const both = "شكرًا لك يا أحمد...\n\nThank you, Ahmad...";
    const suggest = recorded(InboxSuggestDocument, () => ({ suggestInboxReply: item("r1", { reply: both }) }));
    render([...basics([item("r1")]), suggest.mock]);
    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    fireEvent.click(within(drawer).getByText("Arabic and English"));
    fireEvent.click(within(drawer).getByTestId("suggest-reply"));
    expect(
      await screen.findByText("Here is a reply in Arabic and English. Read it, change what you like, then send it."),
    ).toBeInTheDocument();
    expect(suggest.calls).toEqual([{ id: "r1", languages: "BOTH" }]);
    await waitFor(() => expect(within(drawer).getByTestId("reply-text")).toHaveValue(both));
    expect(localStorage.getItem("sufra.inbox.replyLanguages")).toBe("both");
  }, 60_000);

  test("a draft that promises what the profile lacks names the gaps, with a link to the profile; in Arabic too", async () => {
    const asked = item("r1", {
      text: "Where exactly are you? Is this on Talabat?",
      sentiment: "NEUTRAL",
      rating: 3,
      topics: ["DELIVERY"],
    });
    const drafted = {
      ...asked,
      reply:
        "Hello Ahmad, thank you for your message! We'll get back to you with our exact address and where you can order from us shortly.",
      replyGaps: ["ADDRESS", "MAP_LINK", "DELIVERY_APPS"],
    };
    const suggest = recorded(InboxSuggestDocument, () => ({ suggestInboxReply: drafted }));
    render([...basics([asked]), suggest.mock]);
    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).queryByTestId("reply-gaps")).toBeNull();
    fireEvent.click(within(drawer).getByTestId("suggest-reply"));
    const note = await within(drawer).findByTestId("reply-gaps");
    expect(
      within(note).getByText("The guest asked for something your business profile does not say yet"),
    ).toBeInTheDocument();
    expect(["Address", "Map link", "Delivery apps"].every((label) => within(note).queryByText(label))).toBe(true);
    expect(within(note).getByRole("link", { name: "Open the business profile" })).toHaveAttribute(
      "href",
      "/settings#business-profile",
    );
  }, 60_000);

  test("the gap note and a refused model draft, in Arabic", async () => {
    await inLanguage("ar");
    render(
      basics([
        item("r1", {
          reply: "مرحبًا أحمد، سنوافيكم بأوقات العمل في رمضان قريبًا.",
          replyGaps: ["RAMADAN_HOURS"],
          replyRejected: ["0.750"],
        }),
      ]),
    );
    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    const note = await within(drawer).findByTestId("reply-gaps");
    expect(within(note).getByText("سأل الضيف عن شيء لا يذكره ملف نشاطك التجاري بعد")).toBeInTheDocument();
    expect(within(note).getByText("أوقات العمل في رمضان")).toBeInTheDocument();
    expect(within(note).getByRole("link", { name: "فتح ملف النشاط التجاري" })).toHaveAttribute(
      "href",
      "/settings#business-profile",
    );
    expect(within(drawer).getByTestId("reply-rejected")).toHaveTextContent(
      "ذكرت ما لا يتضمنه ملف نشاطك التجاري (0.750)",
    );
    // the reply's counter in the person's digits
    const counter = drawer.querySelector(".ant-input-data-count");
    expect(counter?.textContent).toMatch(/^[٠-٩]+ \/ ١٠٠٠$/);
  }, 60_000);

  test("a send Google refuses is said in Arabic from the catalogue; the draft stays", async () => {
    await inLanguage("ar");
    const send = recordedMock(InboxSendDocument, () => ({
      errors: [{ message: "x", extensions: { code: "BAD_USER_INPUT", reason: "LOCATION_NOT_VERIFIED" } }],
    }));
    render([...basics([item("r1", { reply: "شكرًا لك" })]), send.mock]);
    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    fireEvent.click(within(drawer).getByTestId("send-reply"));
    expect(await screen.findByText(errorText("LOCATION_NOT_VERIFIED", "ar"))).toBeInTheDocument();
    expect(errorText("LOCATION_NOT_VERIFIED", "ar")).toMatch(/جوجل/);
    expect(send.calls).toEqual([{ id: "r1" }]);
    expect(within(drawer).getByTestId("reply-text")).toHaveValue("شكرًا لك");
  }, 60_000);

  test("a private reply, once sent, closes its form and shows it was sent: no second send", async () => {
    const recent = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const open = item("c2", { ...COMMENT, id: "c2", writtenAt: recent, canPrivateReply: true, thread: [] });
    const sent = recordedMock(InboxPrivateReplyDocument, (v) => ({
      data: {
        sendPrivateReply: {
          ...open,
          privateReply: v.text,
          privateRepliedAt: new Date().toISOString(),
          canPrivateReply: false,
        },
      },
    }));
    render([...basics([open]), sent.mock], "/inbox?item=c2");
    const drawer = await screen.findByTestId("review-drawer");
    fireEvent.click(within(drawer).getByTestId("private-reply"));
    fireEvent.change(within(drawer).getByTestId("private-reply-text"), {
      target: { value: "Your voucher is on its way" },
    });
    fireEvent.click(within(drawer).getByTestId("private-reply-send"));
    await waitFor(() =>
      expect(within(drawer).getByTestId("private-reply-sent")).toHaveTextContent("Your voucher is on its way"),
    );
    expect(within(drawer).queryByTestId("private-reply-text")).toBeNull();
    expect(within(drawer).queryByTestId("private-reply-send")).toBeNull();
    expect(within(drawer).queryByTestId("private-reply")).toBeNull();
    expect(sent.calls).toEqual([{ id: "c2", text: "Your voucher is on its way" }]);
  }, 60_000);

  test("a source without a reply door is marked handled instead of sent", async () => {
    render(basics([TYPED]), "/inbox?item=m1");
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).queryByTestId("send-reply")).toBeNull();
    expect(within(drawer).getByTestId("mark-replied")).toHaveTextContent("Mark handled");
  }, 60_000);
});

describe("who may answer", () => {
  test("a team member the owners have not allowed: sending is disabled, with the reason; no settings", async () => {
    render(
      [
        listMock([item("r1", { canSendReply: false, reply: "Thanks" })]),
        countsMock(),
        rightsMock({ canReply: false, canChange: false, clientsMayReply: false }),
      ],
      "/inbox?item=r1",
    );
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).getByTestId("send-reply")).toBeDisabled();
    expect(within(drawer).getByTestId("send-reason")).toHaveTextContent(
      "Only the owners and the account holder may answer guests publicly here",
    );
    expect(screen.queryByTestId("inbox-settings")).toBeNull();
  }, 60_000);

  test("an owner sees the setting and lets the team send", async () => {
    const set = recorded(InboxSetSettingsDocument, (v) => ({
      setInboxSettings: {
        __typename: "InboxSettings",
        canReply: true,
        canChange: true,
        clientsMayReply: v.clientsMayReply,
      },
    }));
    render([
      listMock([item("r1")]),
      countsMock(),
      rightsMock({ canReply: true, canChange: true, clientsMayReply: false }),
      set.mock,
    ]);
    const settings = await screen.findByTestId("inbox-settings");
    expect(settings).toHaveTextContent("The team may send public replies");
    fireEvent.click(within(settings).getByTestId("clients-may-reply"));
    expect(await screen.findByText("The team may now send public replies")).toBeInTheDocument();
    expect(set.calls).toEqual([{ clientsMayReply: true }]);
  });
});

describe("several at once", () => {
  test("approve the selected replies: each one's result, the refused named with the reason", async () => {
    const approve = recorded(InboxApproveManyDocument, () => ({
      approveInboxReplies: [
        {
          __typename: "InboxActionResult",
          id: "r1",
          code: null,
          message: null,
          item: item("r1", { reply: "Sorry", status: "APPROVED" }),
        },
        { __typename: "InboxActionResult", id: "r2", code: "INVALID_STATE", message: "x", item: null },
      ],
    }));
    render([...basics([item("r1", { reply: "Sorry" }), ARABIC]), approve.mock]);
    await screen.findAllByTestId("review-row");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Ahmad" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select \u2068أم محمد\u2069" }));
    expect(screen.getByTestId("bulk-bar")).toHaveTextContent("Selected: 2");
    fireEvent.click(screen.getByTestId("bulk-approve"));
    const result = await screen.findByTestId("bulk-result");
    expect(result).toHaveTextContent("Replies approved: 1 of 2");
    expect(within(result).getByTestId("bulk-failures")).toHaveTextContent(
      `أم محمد: ${errorText("INVALID_STATE", "en")}`,
    );
    expect(approve.calls).toEqual([{ ids: ["r1", "r2"] }]);
  });
});

describe("reviews added by hand and from a file", () => {
  test("the form's own messages from the shared rules, then the review is added and opened", async () => {
    const create = recorded(ReviewsCreateDocument, () => ({ createReview: { __typename: "Review", id: "m1" } }));
    render([...basics([TYPED]), create.mock]);
    fireEvent.click(await screen.findByTestId("add-review-button"));
    const dialog = await screen.findByRole("dialog", { name: "Add a review" });
    fireEvent.click(within(dialog).getByText("Add review").closest("button")!);
    expect(await within(dialog).findByText("Enter the reviewer's name")).toBeInTheDocument();
    expect(create.calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Reviewer's name"), { target: { value: "Bader" } });
    fireEvent.click(dialog.querySelectorAll('[role="radio"]')[1]!);
    fireEvent.change(within(dialog).getByLabelText("What they wrote"), { target: { value: "The waiter was rude" } });
    fireEvent.click(within(dialog).getByText("Add review").closest("button")!);
    expect(await screen.findByText("Review added")).toBeInTheDocument();
    expect(create.calls).toEqual([
      {
        input: { source: "MANUAL", author: "Bader", rating: 2, text: "The waiter was rude", reviewedAt: kuwaitDate() },
      },
    ]);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/inbox?item=m1"));
  }, 60_000);

  test("a CSV import says what was imported, what was skipped and which lines were refused", async () => {
    const csv = "source,author,rating,text,date\ngoogle,Fatma,5,Lovely,2026-03-01\n";
    const run = recorded(ReviewsImportDocument, () => ({
      importReviews: {
        __typename: "ReviewImportResult",
        imported: 3,
        duplicates: 1,
        errors: [
          { __typename: "ReviewImportError", line: 6, messages: ["Rating: Rating must be a whole number from 1 to 5"] },
        ],
      },
    }));
    render([...basics([TYPED]), run.mock]);
    fireEvent.click(await screen.findByTestId("import-csv"));
    const dialog = await screen.findByRole("dialog", { name: "Import reviews from a CSV file" });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new NodeFile([csv], "reviews.csv", { type: "text/csv" })] } });
    const result = await screen.findByTestId("import-result");
    expect(result).toHaveTextContent("3 reviews imported");
    expect(within(result).getByTestId("import-errors")).toHaveTextContent(
      "Line 6: Rating: Rating must be a whole number from 1 to 5",
    );
    expect(run.calls).toEqual([{ csv }]);
  }, 60_000);
});

describe("the dashboard's cards", () => {
  test("unanswered reviews and the unhappy guests waiting, each linking to the inbox (filtered to them)", async () => {
    render([reviewStatsMock({ total: 5, unanswered: 3 }, 2)], "/dashboard");
    const card = await screen.findByTestId("unanswered-reviews");
    await waitFor(() => expect(card).toHaveTextContent("3reviews waiting for a reply"));
    expect(within(card).getByRole("link", { name: "Open the inbox" })).toHaveAttribute("href", "/inbox");
    const negative = await screen.findByTestId("negative-items");
    expect(negative).toHaveTextContent("2 guests left a low rating or an unhappy comment and have no answer yet");
    expect(within(negative).getByRole("link", { name: "Answer them now" })).toHaveAttribute(
      "href",
      "/inbox?unanswered=1&sentiment=negative",
    );
  });

  test("in Arabic, with Arabic digits; with nothing yet only the unanswered card teaches", async () => {
    await inLanguage("ar");
    const { unmount } = render([reviewStatsMock({ total: 5, unanswered: 3 }, 1)], "/dashboard");
    await waitFor(() => expect(screen.getByTestId("negative-items")).toHaveTextContent("١ ضيف ترك تقييمًا منخفضًا"));
    expect(screen.getByTestId("unanswered-reviews")).toHaveTextContent("٣تقييمات بانتظار الرد");
    unmount();
    await inLanguage("en");
    render([reviewStatsMock({ total: 0, unanswered: 0 })], "/dashboard");
    await waitFor(() => expect(screen.getByTestId("unanswered-reviews")).toHaveTextContent("No reviews yet."));
    expect(screen.queryByTestId("negative-items")).toBeNull();
    expect(formatDate("2026-02-20T12:00:00+03:00", "ar")).toMatch(/[٠-٩]/);
  });
});
