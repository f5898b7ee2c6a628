// Review requests (docs/architecture.md#review-requests): for each picked Google location of a café, a short link
// /r/<code> to Google's review form, its QR code as a PNG, and printable cards (a table tent and a receipt) in
// English, Arabic or both. The form is the location's newReviewUri as Google gave it at the last read, else Google's
// writereview address for its place id; a location with neither has no request. Scans are the short link's clicks,
// counted by the short links; the inbox's figures set them against the reviews that came.
import {
  googleWriteReviewUrl,
  REVIEW_QR_SIZE,
  reviewQrPdfQuerySchema,
  reviewQrPngQuerySchema,
  type ErrorCode,
  type ReviewRequestFormat,
  type ReviewRequestLang,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { GoogleLocation } from "../../generated/prisma/client.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { ShortLinksService } from "../short-links/index.ts";

// pdfkit and qrcode load with the first QR code or card drawn, not at start (docs/scaling.md#memory)
const drawing = () => import("./review-requests.pdf.ts");

export interface ReviewRequest {
  locationId: string;
  /** the location's title and address as Google lists them */
  branch: string;
  address: string;
  /** where the link leads: Google's review form; null when Google gave the location neither */
  reviewUrl: string | null;
  /** the short link (null with reviewUrl) */
  code: string | null;
  shortUrl: string | null;
  /** why there is no request: REVIEW_REQUEST_NO_PLACE, or null */
  problem: ErrorCode | null;
}

/** The REST paths of the downloads; the client adds the query (size, format, lang). */
export const reviewQrPngPath = (locationId: string) => `/api/review-requests/${locationId}/qr.png`;
export const reviewQrPdfPath = (locationId: string) => `/api/review-requests/${locationId}/qr.pdf`;

/** Google's review form for a location: the address Google gave (newReviewUri), else the one for its place id. */
function reviewTargetOf(l: Pick<GoogleLocation, "placeId" | "reviewUrl">): string | null {
  const given = l.reviewUrl?.trim();
  if (given && /^https:\/\//.test(given)) return given;
  const placeId = l.placeId?.trim();
  return placeId ? googleWriteReviewUrl(placeId) : null;
}

/** A file name's safe part: letters and digits of the branch, else "branch". */
const slug = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[^\w]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40) || "branch";

export function createReviewRequestsService(
  deps: Pick<Deps, "db">,
  o: { shortLinks: Pick<ShortLinksService, "linkFor"> },
) {
  const { db } = deps;

  /** A location of the viewer's business, picked and still listed by Google; another café's or an unknown one is NOT_FOUND. */
  async function locationOf(viewer: Viewer | null, locationId: unknown): Promise<GoogleLocation> {
    const v = requireScope(viewer, "business");
    if (!isUuid(locationId)) throw new AppError("NOT_FOUND");
    const l = await db.googleLocation.findFirst({ where: { id: locationId, businessId: v.businessId! } });
    if (!l) throw new AppError("NOT_FOUND");
    if (!l.picked || l.goneAt) throw new AppError("REVIEW_REQUEST_NOT_PICKED");
    return l;
  }

  async function requestOf(l: GoogleLocation): Promise<ReviewRequest> {
    const target = reviewTargetOf(l);
    const base = { locationId: l.id, branch: l.title, address: l.address, reviewUrl: target };
    if (!target) return { ...base, code: null, shortUrl: null, problem: "REVIEW_REQUEST_NO_PLACE" };
    const link = await o.shortLinks.linkFor(l.businessId, { kind: "review", target, locationId: l.id });
    return { ...base, code: link.code, shortUrl: link.url, problem: null };
  }

  /** A location's request, or the reason it has none (REVIEW_REQUEST_NO_PLACE), thrown. */
  async function usable(viewer: Viewer | null, locationId: unknown) {
    const l = await locationOf(viewer, locationId);
    const r = await requestOf(l);
    if (r.problem || !r.shortUrl) throw new AppError(r.problem ?? "REVIEW_REQUEST_NO_PLACE");
    return { location: l, request: r as ReviewRequest & { shortUrl: string; code: string } };
  }

  async function cafeName(businessId: string) {
    const b = await db.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { companyName: true, nameAr: true },
    });
    return { en: b.companyName, ar: b.nameAr?.trim() || b.companyName };
  }

  return {
    /** Every picked location of the business still listed by Google, with its request or the reason it has none. */
    async list(viewer: Viewer | null): Promise<ReviewRequest[]> {
      const v = requireScope(viewer, "business");
      const rows = await db.googleLocation.findMany({
        where: { businessId: v.businessId!, picked: true, goneAt: null },
        orderBy: [{ title: "asc" }, { name: "asc" }],
      });
      const out: ReviewRequest[] = [];
      for (const l of rows) out.push(await requestOf(l));
      return out;
    },

    /** One location's request; an unpicked one is REVIEW_REQUEST_NOT_PICKED, one without a form REVIEW_REQUEST_NO_PLACE. */
    async one(viewer: Viewer | null, locationId: unknown): Promise<ReviewRequest> {
      return (await usable(viewer, locationId)).request;
    },

    /** The QR code of the location's short link as a PNG (size: pixels a side, 600 unless asked). */
    async png(viewer: Viewer | null, locationId: unknown, query: { size?: unknown }) {
      const q = validate(reviewQrPngQuerySchema, { size: query.size || undefined });
      const { request } = await usable(viewer, locationId);
      const size = q.size ?? REVIEW_QR_SIZE.default;
      return {
        fileName: `review-qr-${slug(request.branch)}-${size}.png`,
        body: await (await drawing()).renderReviewQrPng(request.shortUrl, size),
      };
    },

    /** A printable card: a table tent (A6) or a receipt (80 mm), in English, Arabic or both (both unless asked). */
    async pdf(viewer: Viewer | null, locationId: unknown, query: { format?: unknown; lang?: unknown }) {
      const q = validate(reviewQrPdfQuerySchema, { format: query.format || undefined, lang: query.lang || undefined });
      const { location, request } = await usable(viewer, locationId);
      const format: ReviewRequestFormat = q.format ?? "table_tent";
      const lang: ReviewRequestLang = q.lang ?? "both";
      const body = await (
        await drawing()
      ).renderReviewCardPdf({
        name: await cafeName(location.businessId),
        branch: request.branch,
        url: request.shortUrl,
        format,
        lang,
      });
      return { fileName: `review-${format.replace("_", "-")}-${slug(request.branch)}-${lang}.pdf`, body };
    },
  };
}
