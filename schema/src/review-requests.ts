// Review requests (docs/product.md#one-menu-and-one-link): a printed QR code and a short link that take a guest to
// Google's review form for one of the café's branches. The downloads' choices, shared by both doors and the client.
import { z } from "zod";

/** The printed languages: English, Arabic, or both on one card. */
export const REVIEW_REQUEST_LANGS = ["en", "ar", "both"] as const;
export type ReviewRequestLang = (typeof REVIEW_REQUEST_LANGS)[number];

/** table_tent: an A6 portrait card for a table; receipt: an 80 mm thermal roll's width. */
export const REVIEW_REQUEST_FORMATS = ["table_tent", "receipt"] as const;
export type ReviewRequestFormat = (typeof REVIEW_REQUEST_FORMATS)[number];

/** A PNG's side in pixels: from a receipt printer's 200 to a poster's 2000; 600 unless asked. */
export const REVIEW_QR_SIZE = { min: 200, max: 2000, default: 600 } as const;

/** GET /api/review-requests/:locationId/qr.png?size=&lang= (lang names the file only: a QR has no words). */
export const reviewQrPngQuerySchema = z.object({
  size: z.coerce
    .number({ error: "reviewQrSizeInvalid" })
    .int({ error: "reviewQrSizeInvalid" })
    .min(REVIEW_QR_SIZE.min, { error: "reviewQrSizeInvalid" })
    .max(REVIEW_QR_SIZE.max, { error: "reviewQrSizeInvalid" })
    .optional(),
});

/** GET /api/review-requests/:locationId/qr.pdf?format=table_tent|receipt&lang=en|ar|both */
export const reviewQrPdfQuerySchema = z.object({
  format: z.enum(REVIEW_REQUEST_FORMATS, { error: "reviewQrFormatInvalid" }).optional(),
  lang: z.enum(REVIEW_REQUEST_LANGS, { error: "reviewQrLangInvalid" }).optional(),
});

/** The line printed above the code, in each language. */
export const REVIEW_REQUEST_ASK = {
  en: "Enjoyed your visit? Tell us on Google",
  ar: "أعجبتك زيارتك؟ شاركنا رأيك على جوجل",
} as const;

/** The line under the code, before the short address. */
export const REVIEW_REQUEST_SCAN = {
  en: "Scan with your phone's camera",
  ar: "امسح الرمز بكاميرا هاتفك",
} as const;

/** Google's review form for a place id, when Google gave no newReviewUri (docs/architecture.md#review-requests). */
export const googleWriteReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
