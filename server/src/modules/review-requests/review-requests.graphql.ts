// Review requests at the GraphQL door (docs/architecture.md#review-requests): each picked Google location's short
// link to Google's review form and the addresses of its downloads (REST, with the session's token). Thin.
import { REVIEW_QR_SIZE, REVIEW_REQUEST_FORMATS, REVIEW_REQUEST_LANGS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { reviewQrPdfPath, reviewQrPngPath, type ReviewRequest } from "./review-requests.service.ts";

const FormatEnum = builder.enumType("ReviewRequestFormat", {
  description: "A printable review request's card.",
  values: {
    TABLE_TENT: { value: REVIEW_REQUEST_FORMATS[0], description: "An A6 portrait card for a table, one face." },
    RECEIPT: { value: REVIEW_REQUEST_FORMATS[1], description: "An 80 mm thermal receipt, as tall as its content." },
  },
});

const LangEnum = builder.enumType("ReviewRequestLang", {
  description: "The languages printed on a review request.",
  values: {
    EN: { value: REVIEW_REQUEST_LANGS[0], description: "The card's words in English only." },
    AR: { value: REVIEW_REQUEST_LANGS[1], description: "The card's words in Arabic only." },
    BOTH: { value: REVIEW_REQUEST_LANGS[2], description: "English, then Arabic." },
  },
});

const ReviewRequestRef = builder.objectRef<ReviewRequest>("ReviewRequest").implement({
  description:
    "A picked Google location's review request: a short link to Google's review form, its QR code and printable cards. Scans are the short link's clicks (analyticsGuests.reviewRequests).",
  fields: (t) => ({
    locationId: t.field({
      type: "ID",
      description: "The Google location (GoogleLocation.id).",
      resolve: (r) => r.locationId,
    }),
    branch: t.exposeString("branch", { description: "The location's title as Google lists it." }),
    address: t.exposeString("address", { description: "The location's address as Google lists it." }),
    reviewUrl: t.exposeString("reviewUrl", {
      nullable: true,
      description:
        "Google's review form: the location's newReviewUri, else Google's writereview address for its place id; null when Google gave neither.",
    }),
    code: t.exposeString("code", { nullable: true, description: "The short link's code; null without reviewUrl." }),
    shortUrl: t.exposeString("shortUrl", {
      nullable: true,
      description: "https://<Sufra>/r/<code>: what the QR code holds; each scan counts on its Kuwait day.",
    }),
    problem: t.exposeString("problem", {
      nullable: true,
      description:
        "REVIEW_REQUEST_NO_PLACE when Google gave the location no place id nor review address (read the locations again later); null otherwise.",
    }),
    pngUrl: t.string({
      nullable: true,
      description:
        "The QR code as a PNG (GET with the session's Authorization header); null without a short link. `size`: pixels a side.",
      args: {
        size: t.arg.int({
          description: `Pixels a side, ${REVIEW_QR_SIZE.min} to ${REVIEW_QR_SIZE.max}; ${REVIEW_QR_SIZE.default} when left out.`,
        }),
      },
      resolve: (r, a) =>
        r.shortUrl ? `${reviewQrPngPath(r.locationId)}${a.size != null ? `?size=${a.size}` : ""}` : null,
    }),
    pdfUrl: t.string({
      nullable: true,
      description:
        "A printable card as a PDF (GET with the session's Authorization header); null without a short link. Table tent and both languages unless chosen.",
      args: {
        format: t.arg({ type: FormatEnum, description: "TABLE_TENT (default) or RECEIPT." }),
        lang: t.arg({ type: LangEnum, description: "EN, AR or BOTH (default)." }),
      },
      resolve: (r, a) => {
        if (!r.shortUrl) return null;
        const q = new URLSearchParams({ format: a.format ?? "table_tent", lang: a.lang ?? "both" });
        return `${reviewQrPdfPath(r.locationId)}?${q}`;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  reviewRequests: t.field({
    type: [ReviewRequestRef],
    description:
      "Every picked Google location of the business still listed by Google, with its review short link (made on first ask, the same ever after) or the reason it has none. People of the business or its API key.",
    authScopes: { business: true },
    resolve: (_r, _a, ctx) => ctx.services.reviewRequests.list(ctx.viewer),
  }),
}));
