// Downloading an invoice or credit note (GET /api/billing/invoices/:id/pdf, docs/product.md#subscriptions-and-billing)
// with the session's token (one refresh and one retry on a 401, as the REST client does), saved under
// the name the server gives (<number>.pdf). The PDF's primary language and the Arabic half's digits
// follow the person's.
import type { Locale } from "@sufra/schema";
import { fetchFile, fileNameOf, saveFile } from "../../lib/download.ts";
import { arabicDigits } from "../../lib/format.ts";

/** The PDF's address: the server's path with the language and digits asked for. */
function pdfHref(pdfUrl: string, locale: Locale): string {
  // the Arabic half's digits: Arabic-Indic unless the person chose Latin digits in Settings
  const q = new URLSearchParams({ lang: locale, digits: arabicDigits("ar") ? "arabic" : "latin" });
  return `${pdfUrl}${pdfUrl.includes("?") ? "&" : "?"}${q}`;
}

/** Downloads the document; resolves with the saved file's name, rejects with an ApiError (or a network TypeError). */
export async function downloadInvoice(pdfUrl: string, number: string, locale: Locale): Promise<string> {
  const href = pdfHref(pdfUrl, locale);
  const res = await fetchFile(href, { accept: "application/pdf" });
  const name = fileNameOf(res.headers.get("content-disposition")) ?? `${number}.pdf`;
  saveFile(await res.blob(), name);
  return name;
}
