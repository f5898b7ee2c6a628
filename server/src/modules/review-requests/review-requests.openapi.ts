// The OpenAPI entries of /api/review-requests (docs/architecture.md#review-requests): the queries are the service's
// own zod rules from @sufra/schema.
import { z } from "zod";
import { reviewQrPdfQuerySchema, reviewQrPngQuerySchema } from "@sufra/schema";
import { file, named, type RestOperation } from "../../http/openapi/operation.ts";

const request = named(
  "ReviewRequest",
  z.object({
    location_id: z.string().describe("The Google location (GoogleLocation.id)."),
    branch: z.string().describe("The location's title as Google lists it."),
    address: z.string(),
    review_url: z
      .string()
      .nullable()
      .describe(
        "Google's review form: the location's metadata.newReviewUri, else https://search.google.com/local/writereview?placeid=<placeId>; null when Google gave neither.",
      ),
    code: z.string().nullable().describe("The short link's code; null with review_url."),
    short_url: z
      .string()
      .nullable()
      .describe("https://<Sufra>/r/<code>: what the QR code holds; each scan is counted on its Kuwait day."),
    problem: z
      .enum(["REVIEW_REQUEST_NO_PLACE"])
      .nullable()
      .describe("Why the location has no request: Google gave it no place id nor review address (yet)."),
  }),
);
const tag = "Review requests";
const refusals =
  "Another café's location or an unknown id answers 404; a location that is not picked (or no longer listed by Google) 409 REVIEW_REQUEST_NOT_PICKED; one without a place id nor review address 409 REVIEW_REQUEST_NO_PLACE.";

export const reviewRequestsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/review-requests",
    tag,
    access: "business",
    summary: "Every picked Google location with its review short link",
    description: "Locations without a place id or review address are listed with `problem` and no link.",
    responses: {
      200: { description: "The requests.", schema: z.object({ review_requests: z.array(request) }) },
    },
  },
  {
    method: "get",
    path: "/review-requests/{locationId}",
    tag,
    access: "business",
    summary: "One location's review short link",
    description: refusals,
    extraErrors: [409],
    responses: { 200: { description: "The request.", schema: request } },
  },
  {
    method: "get",
    path: "/review-requests/{locationId}/qr.png",
    tag,
    access: "business",
    summary: "The QR code of a location's review short link, as a PNG",
    description: `size: pixels a side, 200 to 2000 (600 unless given), a quiet zone of four modules included; error correction M. ${refusals}`,
    extraErrors: [409],
    query: reviewQrPngQuerySchema,
    responses: {
      200: file("image/png", 'The PNG (Content-Disposition: attachment; filename="review-qr-<branch>-<size>.png").'),
    },
  },
  {
    method: "get",
    path: "/review-requests/{locationId}/qr.pdf",
    tag,
    access: "business",
    summary: "A printable review request: the café's name, the ask, the QR code and the short address",
    description: `format: table_tent (A6 portrait, one face) or receipt (80 mm thermal roll, as tall as its content); table_tent unless given. lang: en, ar or both (both unless given). ${refusals}`,
    extraErrors: [409],
    query: reviewQrPdfQuerySchema,
    responses: {
      200: file(
        "application/pdf",
        'The PDF (Content-Disposition: attachment; filename="review-<format>-<branch>-<lang>.pdf").',
      ),
    },
  },
];
