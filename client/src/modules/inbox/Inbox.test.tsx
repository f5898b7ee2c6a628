// The reviews screen: the empty state that teaches, the tabs with their counts, the list (stars,
// source, author, the date in the person's locale, the text in its own direction) as a table and as
// cards, the drawer's reply steps (suggest, edit, approve, mark replied, copy), the "Add review" form
// with the shared rules' messages, the CSV import's summary and its file checks, in English and in
// Arabic (RTL); and the dashboard's unanswered-reviews card.
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { kuwaitDate } from "@sufra/schema";
import { ReviewsApproveDocument, ReviewsCreateDocument, ReviewsImportDocument, ReviewsListDocument, ReviewsMarkRepliedDocument, ReviewsStatsDocument, ReviewsSuggestReplyDocument, ReviewsUpdateReplyDocument, type ReviewsListQueryVariables } from "../../graphql/graphql.ts";
import { formatDate } from "../../lib/format.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth, setScreenWidth, recordedMock } from "../../../test/screens.tsx";
import { UnansweredReviewsCard } from "../dashboard/components/UnansweredReviewsCard.tsx";
import InboxPage from "./InboxPage.tsx";
import { reviewStatsMock } from "./testMocks.ts";

const review = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "Review",
  id,
  source: "GOOGLE",
  author: "Ahmad",
  rating: 1,
  text: "Delivery took 2 hours and the food arrived cold.",
  language: "EN",
  reviewedAt: "2026-03-01",
  sentiment: "NEGATIVE",
  topics: ["FOOD", "DELIVERY"],
  reply: null,
  status: "NEW",
  approvedAt: null,
  repliedAt: null,
  ...extra,
});

const ARABIC = review("r2", { source: "TALABAT", author: "أم محمد", rating: 2, text: "الأكل وصل بارد والتوصيل متأخر", language: "AR", reviewedAt: "2026-02-20" });
const REPLIED = review("r3", { author: "Fatma", rating: 5, text: "Loved the kunafa", sentiment: "POSITIVE", topics: ["FOOD"], status: "REPLIED", reply: "Thank you, Fatma!", repliedAt: "2026-03-02T10:00:00.000Z" });

type Vars = ReviewsListQueryVariables;
const listMock = (rows: object[], status?: string, unanswered = 3) => ({
  request: { query: ReviewsListDocument, variables: (v: Vars) => v.status === status },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      reviews: {
        __typename: "QueryReviewsConnection",
        totalCount: rows.length,
        unansweredCount: unanswered,
        edges: rows.map((node) => ({ __typename: "QueryReviewsConnectionEdge", node })),
        pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
      },
    },
  },
});

const statsMock = (s = { total: 5, unanswered: 3, approved: 1, replied: 2 }) => ({
  request: { query: ReviewsStatsDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { reviewStats: { __typename: "ReviewStats", ...s } } },
});

/** A mutation's mock that records the variables it was called with. */
const recorded = <T extends object>(query: unknown, data: (v: Record<string, unknown>) => T) => recordedMock(query, (v) => ({ data: data(v) }));

const routes = [
  { path: "/inbox", element: <InboxPage /> },
  { path: "/dashboard", element: <UnansweredReviewsCard /> },
];
const render = (mocks: object[], path = "/inbox") => renderWithMocks(routes, path, mocks as never);

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

describe("the list", () => {
  test("no reviews yet: an empty state that says what the page does, with both ways to add reviews", async () => {
    render([listMock([], "UNANSWERED", 0), statsMock({ total: 0, unanswered: 0, approved: 0, replied: 0 })]);
    const empty = await screen.findByTestId("reviews-empty");
    expect(within(empty).getByRole("heading", { name: "No reviews yet" })).toBeInTheDocument();
    expect(empty).toHaveTextContent("suggests a reply in the guest's own language");
    expect(within(empty).getByRole("button", { name: "Add review" })).toBeInTheDocument();
    expect(within(empty).getByRole("button", { name: "Import CSV" })).toBeInTheDocument();
  });

  test("tabs with their counts; each row's stars, source, author, date and text in its own direction; another tab asks for its status", async () => {
    render([listMock([review("r1"), ARABIC], "UNANSWERED"), listMock([REPLIED], "REPLIED"), statsMock()]);
    const rows = await screen.findAllByTestId("review-row");
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId("tab-unanswered")).toHaveTextContent("Unanswered 3");
    expect(screen.getByTestId("tab-approved")).toHaveTextContent("Approved 1");
    expect(screen.getByTestId("tab-replied")).toHaveTextContent("Replied 2");
    expect(screen.getByTestId("tab-all")).toHaveTextContent("All 5");

    const first = within(rows[0]!);
    expect(first.getByRole("img", { name: "1 out of 5 stars" })).toBeInTheDocument();
    expect(first.getByTestId("review-source")).toHaveTextContent("Google");
    expect(first.getByText(formatDate("2026-03-01T12:00:00+03:00", "en"))).toBeInTheDocument();
    expect(first.getByTestId("review-status")).toHaveTextContent("New");
    expect(first.getByTestId("review-sentiment")).toHaveTextContent("Negative");
    const arabic = within(rows[1]!).getByText("الأكل وصل بارد والتوصيل متأخر");
    expect(arabic).toHaveAttribute("dir", "auto");
    expect(within(rows[1]!).getByTestId("review-source")).toHaveTextContent("Talabat");

    fireEvent.click(screen.getByRole("tab", { name: /Replied/ }));
    await waitFor(() => expect(screen.getAllByTestId("review-row")).toHaveLength(1));
    expect(screen.getByText("Loved the kunafa")).toBeInTheDocument();
    expect(screen.getByTestId("review-status")).toHaveTextContent("Replied");
  });

  test("in Arabic: right to left, Arabic labels and digits", async () => {
    await inLanguage("ar");
    render([listMock([review("r1"), ARABIC], "UNANSWERED"), statsMock()]);
    const rows = await screen.findAllByTestId("review-row");
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByRole("heading", { level: 1, name: "التقييمات" })).toBeInTheDocument();
    expect(screen.getByTestId("tab-unanswered")).toHaveTextContent("بلا رد ٣");
    expect(within(rows[1]!).getByRole("img", { name: "٢ من ٥ نجوم" })).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId("review-source")).toHaveTextContent("طلبات");
    expect(within(rows[1]!).getByText(formatDate("2026-02-20T12:00:00+03:00", "ar"))).toBeInTheDocument();
    expect(formatDate("2026-02-20T12:00:00+03:00", "ar")).toMatch(/[٠-٩]/);
    expect(within(rows[1]!).getByTestId("review-sentiment")).toHaveTextContent("سلبي");
  });

  test("a phone shows cards instead of the table", async () => {
    setScreenWidth(375);
    render([listMock([review("r1")], "UNANSWERED"), statsMock()]);
    const cards = await screen.findAllByTestId("review-card");
    expect(cards).toHaveLength(1);
    expect(screen.queryByTestId("reviews-table")).toBeNull();
    expect(within(cards[0]!).getByText("Ahmad")).toBeInTheDocument();
  });
});

describe("the reply", () => {
  const SUGGESTED = "Dear Ahmad,\n\nWe're sorry... We are looking into our delivery times.\n\nThe Dar Al Qahwa team";

  test("suggest, approve, mark replied and copy, each saying what happened", async () => {
    const suggest = recorded(ReviewsSuggestReplyDocument, () => ({ suggestReviewReply: review("r1", { reply: SUGGESTED }) }));
    const approve = recorded(ReviewsApproveDocument, () => ({ approveReviewReply: review("r1", { reply: SUGGESTED, status: "APPROVED", approvedAt: "2026-03-02T09:00:00.000Z" }) }));
    const replied = recorded(ReviewsMarkRepliedDocument, () => ({ markReviewReplied: review("r1", { reply: SUGGESTED, status: "REPLIED", approvedAt: "2026-03-02T09:00:00.000Z", repliedAt: "2026-03-02T10:00:00.000Z" }) }));
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render([listMock([review("r1")], "UNANSWERED"), statsMock(), suggest.mock, approve.mock, replied.mock]);

    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).getByTestId("review-text")).toHaveAttribute("dir", "auto");
    expect(within(drawer).getByTestId("review-topics")).toHaveTextContent("FoodDelivery time");
    expect(within(drawer).getByTestId("approve-reply")).toBeDisabled();
    expect(within(drawer).getByTestId("suggest-reply")).toHaveTextContent("Suggest reply");

    fireEvent.click(within(drawer).getByTestId("suggest-reply"));
    expect(await screen.findByText("Here is a reply in English. Read it, change what you like, then approve it.")).toBeInTheDocument();
    expect(suggest.calls).toEqual([{ id: "r1" }]);
    await waitFor(() => expect(within(drawer).getByTestId("reply-text")).toHaveValue(SUGGESTED));
    expect(within(drawer).getByTestId("reply-text")).toHaveAttribute("dir", "auto");

    fireEvent.click(within(drawer).getByTestId("approve-reply"));
    expect(await screen.findByText("Reply approved. Post it on Google, then mark it replied.")).toBeInTheDocument();
    expect(approve.calls).toEqual([{ id: "r1" }]);
    await waitFor(() => expect(within(drawer).getByTestId("review-status")).toHaveTextContent("Approved"));

    fireEvent.click(within(drawer).getByTestId("copy-reply"));
    expect(await screen.findByText("Reply copied")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SUGGESTED);

    fireEvent.click(within(drawer).getByTestId("mark-replied"));
    expect(await screen.findByText("Marked as replied")).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId("review-status")).toHaveTextContent("Replied"));
    expect(within(drawer).getByTestId("suggest-reply")).toBeDisabled();
    expect(within(drawer).getByTestId("mark-replied")).toBeDisabled();
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine

  test("an edited reply is saved before it is approved", async () => {
    const update = recorded(ReviewsUpdateReplyDocument, (v) => ({ updateReviewReply: review("r1", { reply: String(v.reply).trim() }) }));
    const approve = recorded(ReviewsApproveDocument, () => ({ approveReviewReply: review("r1", { reply: "Thank you, Ahmad. Please call us.", status: "APPROVED", approvedAt: "2026-03-02T09:00:00.000Z" }) }));
    render([listMock([review("r1", { reply: "Old text" })], "UNANSWERED"), statsMock(), update.mock, approve.mock]);
    fireEvent.click(await screen.findByTestId("open-r1"));
    const drawer = await screen.findByTestId("review-drawer");
    expect(within(drawer).getByTestId("suggest-reply")).toHaveTextContent("Suggest another");
    fireEvent.change(within(drawer).getByTestId("reply-text"), { target: { value: "Thank you, Ahmad. Please call us. " } });
    fireEvent.click(within(drawer).getByTestId("approve-reply"));
    expect(await screen.findByText(/Reply approved/)).toBeInTheDocument();
    expect(update.calls).toEqual([{ id: "r1", reply: "Thank you, Ahmad. Please call us. " }]);
    expect(approve.calls).toEqual([{ id: "r1" }]);
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine
});

describe("adding reviews", () => {
  test("the form's own messages from the shared rules, then the review is added and opened", async () => {
    const create = recorded(ReviewsCreateDocument, (v) => ({ createReview: review("r9", { ...(v.input as object), reply: null, language: "EN", sentiment: "NEGATIVE", topics: ["SERVICE"] }) }));
    render([listMock([review("r1")], "UNANSWERED"), statsMock(), create.mock]);
    fireEvent.click(await screen.findByTestId("add-review-button"));
    const dialog = await screen.findByRole("dialog", { name: "Add a review" });
    fireEvent.click(within(dialog).getByText("Add review").closest("button")!);
    expect(await within(dialog).findByText("Enter the reviewer's name")).toBeInTheDocument();
    expect(within(dialog).getByText("Rating must be a whole number from 1 to 5")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter what the customer wrote")).toBeInTheDocument();
    expect(create.calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Reviewer's name"), { target: { value: "Bader" } });
    fireEvent.click(dialog.querySelectorAll('[role="radio"]')[1]!); // the second star
    fireEvent.change(within(dialog).getByLabelText("What they wrote"), { target: { value: "The waiter was rude" } });
    fireEvent.click(within(dialog).getByText("Add review").closest("button")!);
    expect(await screen.findByText("Review added")).toBeInTheDocument();
    expect(create.calls).toEqual([{ input: { source: "MANUAL", author: "Bader", rating: 2, text: "The waiter was rude", reviewedAt: kuwaitDate() } }]);
    expect(await screen.findByTestId("review-drawer")).toHaveTextContent("Review by Bader");
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine

  test("in Arabic, the form's messages are Arabic", async () => {
    await inLanguage("ar");
    render([listMock([review("r1")], "UNANSWERED"), statsMock()]);
    fireEvent.click(await screen.findByTestId("add-review-button"));
    const dialog = await screen.findByRole("dialog", { name: "إضافة تقييم" });
    fireEvent.click(within(dialog).getByText("إضافة التقييم").closest("button")!);
    expect(await within(dialog).findByText("أدخل اسم كاتب التقييم")).toBeInTheDocument();
    expect(within(dialog).getByText("يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥")).toBeInTheDocument();
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine

  test("a CSV import says what was imported, what was skipped and which lines were refused", async () => {
    const csv = "source,author,rating,text,date\ngoogle,Fatma,5,Lovely,2026-03-01\n";
    const run = recorded(ReviewsImportDocument, () => ({
      importReviews: { __typename: "ReviewImportResult", imported: 3, duplicates: 1, errors: [{ __typename: "ReviewImportError", line: 6, messages: ["Rating: Rating must be a whole number from 1 to 5"] }] },
    }));
    render([listMock([review("r1")], "UNANSWERED"), statsMock(), run.mock]);
    fireEvent.click(await screen.findByTestId("import-csv"));
    const dialog = await screen.findByRole("dialog", { name: "Import reviews from a CSV file" });
    expect(dialog).toHaveTextContent("source, author, rating, text, date");
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new NodeFile([csv], "reviews.csv", { type: "text/csv" })] } });
    const result = await screen.findByTestId("import-result");
    expect(result).toHaveTextContent("3 reviews imported");
    expect(result).toHaveTextContent("1 was already in Sufra and was skipped");
    expect(within(result).getByTestId("import-errors")).toHaveTextContent("Line 6: Rating: Rating must be a whole number from 1 to 5");
    expect(run.calls).toEqual([{ csv }]);
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine

  test("a file without the needed columns is refused at once, in Arabic, without asking the server", async () => {
    await inLanguage("ar");
    const run = recorded(ReviewsImportDocument, () => ({ importReviews: { __typename: "ReviewImportResult", imported: 0, duplicates: 0, errors: [] } }));
    render([listMock([review("r1")], "UNANSWERED"), statsMock(), run.mock]);
    fireEvent.click(await screen.findByTestId("import-csv"));
    const dialog = await screen.findByRole("dialog", { name: "استيراد التقييمات من ملف CSV" });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new NodeFile(["name,stars\nعلي,4\n"], "reviews.csv", { type: "text/csv" })] } });
    expect(await screen.findByTestId("import-failure")).toHaveTextContent("يجب أن يسمّي الصف الأول الأعمدة: الكاتب، التقييم، النص، التاريخ (المصدر اختياري)");
    expect(run.calls).toEqual([]);
  }, 60_000); // a drawer or a modal with an antd form: slow in jsdom on a busy machine
});

describe("the dashboard card", () => {
  test("the unanswered count links to /reviews", async () => {
    render([reviewStatsMock({ total: 5, unanswered: 3 })], "/dashboard");
    const card = await screen.findByTestId("unanswered-reviews");
    await waitFor(() => expect(card).toHaveTextContent("3reviews waiting for a reply"));
    expect(within(card).getByRole("link", { name: "Answer reviews" })).toHaveAttribute("href", "/reviews");
  });

  test("in Arabic, with Arabic digits; with no reviews yet it says what the screen does", async () => {
    await inLanguage("ar");
    const { unmount } = render([reviewStatsMock({ total: 5, unanswered: 3 })], "/dashboard");
    const card = await screen.findByTestId("unanswered-reviews");
    await waitFor(() => expect(card).toHaveTextContent("٣تقييمات بانتظار الرد"));
    unmount();
    await inLanguage("en");
    render([reviewStatsMock({ total: 0, unanswered: 0 })], "/dashboard");
    const empty = await screen.findByTestId("unanswered-reviews");
    await waitFor(() => expect(empty).toHaveTextContent("No reviews yet."));
    expect(within(empty).getByRole("link", { name: "Add reviews" })).toHaveAttribute("href", "/reviews");
  });
});
