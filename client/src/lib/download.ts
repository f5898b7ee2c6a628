// Files the server makes for a person (an analytics report, an invoice) fetched through REST with the
// session's token (one refresh and one retry on a 401, as the REST client does), their errors reported
// as the REST client reports them, and handed to the browser's downloads under the server's name.
import { API_BASE, ApiError, apiHooks, refreshAccessToken } from "./api.ts";
import { businessHeader, session } from "./session.ts";

/** The file name from a Content-Disposition header: filename* (UTF-8, RFC 6266) first, then filename. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2])!.trim() : null;
}

function send(path: string, accept: string | undefined, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { "Accept-Language": apiHooks.language() };
  if (accept) headers.Accept = accept;
  const token = session.get().accessToken;
  if (token) Object.assign(headers, { Authorization: `Bearer ${token}` }, businessHeader());
  // a path the server gave whole (an invoice's pdfUrl) already starts with /api
  return fetch(path.startsWith(`${API_BASE}/`) ? path : API_BASE + path, { method: "GET", headers, signal });
}

/** An error answer as the REST client reports it: the server's message (in the request's language). */
async function failure(res: Response): Promise<ApiError> {
  let body: { message?: unknown; code?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(await res.text()) as typeof body;
  } catch {
    // not JSON: the status's text
  }
  const key =
    res.status === 403
      ? "errors.FORBIDDEN"
      : res.status === 404
        ? "errors.NOT_FOUND"
        : res.status === 401
          ? "errors.UNAUTHENTICATED"
          : "errors.INTERNAL";
  return new ApiError(
    res.status,
    typeof body.message === "string" ? body.message : apiHooks.translate(key),
    typeof body.code === "string" ? body.code : undefined,
    body.details as Record<string, string[]> | undefined,
    body,
    key,
  );
}

/** GET `path` (under /api, with or without the prefix) with the session; resolves with the OK answer, rejects with an ApiError (or a network TypeError). */
export async function fetchFile(path: string, opts: { accept?: string; signal?: AbortSignal } = {}): Promise<Response> {
  let res = await send(path, opts.accept, opts.signal);
  if (res.status === 401 && session.get().refreshToken) {
    await refreshAccessToken();
    res = await send(path, opts.accept, opts.signal);
  }
  if (!res.ok) throw await failure(res);
  session.touch();
  return res;
}

/** Hands the file to the browser's downloads. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has started by now; keep the URL a moment for slower browsers
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
