// Downloading an invoice or credit note (GET /api/billing/invoices/:id/pdf, docs/product.md#subscriptions-and-billing)
// with the session's token (one refresh and one retry on a 401, as the REST client does), saved under
// the name the server gives (<number>.pdf). The PDF's primary language and the Arabic half's digits
// follow the person's.
import type { Locale } from "@sufra/schema";
import { ApiError, apiHooks, refreshAccessToken } from "../../lib/api.ts";
import { arabicDigits } from "../../lib/format.ts";
import { session } from "../../lib/session.ts";

/** The PDF's address: the server's path with the language and digits asked for. */
export function pdfHref(pdfUrl: string, locale: Locale): string {
  // the Arabic half's digits: Arabic-Indic unless the person chose Latin digits in Settings
  const q = new URLSearchParams({ lang: locale, digits: arabicDigits("ar") ? "arabic" : "latin" });
  return `${pdfUrl}${pdfUrl.includes("?") ? "&" : "?"}${q}`;
}

function send(href: string): Promise<Response> {
  const headers: Record<string, string> = { "Accept-Language": apiHooks.language(), Accept: "application/pdf" };
  const token = session.get().accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(href, { method: "GET", headers });
}

async function failure(res: Response): Promise<ApiError> {
  let body: { message?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(await res.text()) as typeof body;
  } catch {
    // not JSON: the status's text
  }
  const key = res.status === 403 ? "errors.FORBIDDEN" : res.status === 404 ? "errors.NOT_FOUND" : res.status === 401 ? "errors.UNAUTHENTICATED" : "errors.INTERNAL";
  return new ApiError(res.status, typeof body.message === "string" ? body.message : apiHooks.translate(key), typeof body.code === "string" ? body.code : undefined, undefined, body, key);
}

/** The file name from Content-Disposition (filename="INV-2026-000001.pdf"), else the number. */
const nameOf = (disposition: string | null, fallback: string) => /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? "")?.[1]?.trim() || fallback;

/** Downloads the document; resolves with the saved file's name, rejects with an ApiError (or a network TypeError). */
export async function downloadInvoice(pdfUrl: string, number: string, locale: Locale): Promise<string> {
  const href = pdfHref(pdfUrl, locale);
  let res = await send(href);
  if (res.status === 401 && session.get().refreshToken) {
    await refreshAccessToken();
    res = await send(href);
  }
  if (!res.ok) throw await failure(res);
  session.touch();
  const name = nameOf(res.headers.get("content-disposition"), `${number}.pdf`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
