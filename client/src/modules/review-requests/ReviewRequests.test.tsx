// "Ask for reviews" in the inbox: a card per picked Google location with its QR code (fetched with the session),
// the short link with Copy, the downloads in the chosen language (the PNG, a table card, a receipt), a location
// without a review form said in the person's language, and scans against reviews received per branch and in total;
// in English and Arabic (right to left, the person's digits).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorText } from "@sufra/schema";
import { ReviewRequestsDocument } from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks } from "../../../test/screens.tsx";
import { ReviewRequestsButton } from "./index.ts";

const SALMIYA = "00000000-0000-4000-8000-000000000001";
const CITY = "00000000-0000-4000-8000-000000000002";

const requests = (lang: string) => [
  {
    __typename: "ReviewRequest",
    locationId: SALMIYA,
    branch: "Salmiya",
    address: "Salem Al Mubarak St",
    code: "AbCd2345",
    shortUrl: "https://sufra.kw/r/AbCd2345",
    problem: null,
    pngUrl: `/api/review-requests/${SALMIYA}/qr.png?size=600`,
    tableTentUrl: `/api/review-requests/${SALMIYA}/qr.pdf?format=table_tent&lang=${lang}`,
    receiptUrl: `/api/review-requests/${SALMIYA}/qr.pdf?format=receipt&lang=${lang}`,
  },
  {
    __typename: "ReviewRequest",
    locationId: CITY,
    branch: "Kuwait City",
    address: "",
    code: null,
    shortUrl: null,
    problem: "REVIEW_REQUEST_NO_PLACE",
    pngUrl: null,
    tableTentUrl: null,
    receiptUrl: null,
  },
];

const answer = (v: Record<string, unknown>) => ({
  data: {
    reviewRequests: requests(String(v.lang).toLowerCase()),
    analyticsGuests: {
      __typename: "AnalyticsGuests",
      from: "2026-11-08",
      to: "2026-12-07",
      reviewRequests: {
        __typename: "AnalyticsReviewRequests",
        requests: 1234,
        received: 3,
        byBranch: [{ __typename: "AnalyticsReviewRequestBranch", locationId: SALMIYA, requests: 1234, received: 3 }],
      },
    },
  },
});

/** fetch answering the PNG and PDF downloads with their file names; records the paths asked. */
function filesFetch() {
  const urls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    const path = String(url).replace(/^https?:\/\/[^/]+/, "");
    urls.push(path);
    const png = path.includes("qr.png");
    return {
      status: 200,
      ok: true,
      headers: new Headers({
        "content-type": png ? "image/png" : "application/pdf",
        "content-disposition": `attachment; filename="${png ? "review-qr-salmiya-600.png" : "review-table-tent-salmiya-ar.pdf"}"`,
      }),
      blob: async () => new Blob([png ? "\x89PNG" : "%PDF-"]),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => "blob:qr") as unknown as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  // the browser's download itself (jsdom cannot navigate to a blob)
  jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return { urls };
}

async function openDrawer() {
  const rec = recordedMock(ReviewRequestsDocument, answer);
  renderWithMocks([{ path: "/inbox", element: <ReviewRequestsButton /> }], "/inbox", [rec.mock]);
  fireEvent.click(await screen.findByTestId("ask-for-reviews"));
  return rec;
}

beforeEach(() => freshStart({ as: "client" }));

test("a card per picked location: the QR code, the short link with Copy, downloads in the chosen language, the figures", async () => {
  const got = filesFetch();
  const rec = await openDrawer();
  const card = within(await screen.findByTestId(`review-request-${SALMIYA}`));
  expect(rec.calls[0]).toEqual({ clientId: "b1", lang: "EN" });
  expect(card.getByTestId(`review-request-${SALMIYA}-link`)).toHaveTextContent("https://sufra.kw/r/AbCd2345");
  expect(card.getByRole("button", { name: "Copy" })).toBeInTheDocument();
  // the preview is the PNG fetched with the session's token
  expect(await card.findByAltText("QR code to review Salmiya on Google")).toHaveAttribute("src", "blob:qr");
  expect(got.urls).toContain(`/api/review-requests/${SALMIYA}/qr.png?size=600`);
  expect(card.getByTestId(`review-request-${SALMIYA}-figures`)).toHaveTextContent("Scans1,234");
  expect(card.getByTestId(`review-request-${SALMIYA}-figures`)).toHaveTextContent("New Google reviews3");
  expect(screen.getByTestId("review-figures-total")).toHaveTextContent("All branches");

  // a location Google has given no review form: the reason, no downloads
  const city = within(screen.getByTestId(`review-request-${CITY}`));
  expect(city.getByTestId(`review-request-${CITY}-problem`)).toHaveTextContent(
    errorText("REVIEW_REQUEST_NO_PLACE", "en"),
  );
  expect(city.queryByRole("button", { name: "Table card (PDF)" })).toBeNull();

  // Arabic cards: asked again in Arabic; the table card's download is the Arabic one
  fireEvent.click(screen.getByText("Arabic"));
  await waitFor(() => expect(rec.calls.at(-1)).toEqual({ clientId: "b1", lang: "AR" }));
  await waitFor(() =>
    expect(screen.getByTestId(`review-request-${SALMIYA}-table-tent`)).toHaveAttribute("data-lang", "ar"),
  );
  fireEvent.click(screen.getByTestId(`review-request-${SALMIYA}-table-tent`));
  await waitFor(() => expect(got.urls).toContain(`/api/review-requests/${SALMIYA}/qr.pdf?format=table_tent&lang=ar`));
  expect(await screen.findByText("Saved review-table-tent-salmiya-ar.pdf")).toBeInTheDocument();
  fireEvent.click(screen.getByTestId(`review-request-${SALMIYA}-receipt`));
  await waitFor(() => expect(got.urls).toContain(`/api/review-requests/${SALMIYA}/qr.pdf?format=receipt&lang=ar`));
  fireEvent.click(screen.getByTestId(`review-request-${SALMIYA}-png`));
  await waitFor(() => expect(got.urls.filter((u) => u.includes("qr.png")).length).toBeGreaterThanOrEqual(2));
});

test("in Arabic: the texts, the reason in Arabic, both languages on the cards by default, the person's digits", async () => {
  filesFetch();
  await inLanguage("ar");
  const rec = await openDrawer();
  expect(await screen.findByRole("button", { name: "اطلب التقييمات" })).toBeInTheDocument();
  const card = within(await screen.findByTestId(`review-request-${SALMIYA}`));
  expect(rec.calls[0]).toEqual({ clientId: "b1", lang: "BOTH" });
  expect(card.getByRole("button", { name: "بطاقة طاولة (PDF)" })).toBeInTheDocument();
  expect(card.getByTestId(`review-request-${SALMIYA}-figures`)).toHaveTextContent("عمليات المسح");
  expect(card.getByTestId(`review-request-${SALMIYA}-figures`)).toHaveTextContent("٣");
  // the link reads left to right inside the Arabic page
  expect(card.getByTestId(`review-request-${SALMIYA}-link`)).toHaveAttribute("dir", "ltr");
  expect(screen.getByTestId(`review-request-${CITY}-problem`)).toHaveTextContent(
    errorText("REVIEW_REQUEST_NO_PLACE", "ar"),
  );
});

test("no picked location: says where to pick one", async () => {
  const rec = recordedMock(ReviewRequestsDocument, () => ({
    data: {
      reviewRequests: [],
      analyticsGuests: {
        __typename: "AnalyticsGuests",
        from: "2026-11-08",
        to: "2026-12-07",
        reviewRequests: { __typename: "AnalyticsReviewRequests", requests: 0, received: 0, byBranch: [] },
      },
    },
  }));
  renderWithMocks([{ path: "/inbox", element: <ReviewRequestsButton /> }], "/inbox", [rec.mock]);
  fireEvent.click(await screen.findByTestId("ask-for-reviews"));
  expect(await screen.findByTestId("review-requests-none")).toHaveTextContent("pick your branches in Settings");
});
