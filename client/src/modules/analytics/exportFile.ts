// Downloading the analytics report through REST (GET /api/analytics/export), with the session's token
// (one refresh and one retry on a 401, as the REST client does), reading the body with progress, and
// saving it under the name the server gives in Content-Disposition (RFC 6266 filename*, Arabic included).
import { API_BASE, ApiError, apiHooks, refreshAccessToken } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import type { RangeVariables } from "./types.ts";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The REST path and query for a report: the same range, campaign and demo-figures choice as the screen. */
export function exportPath(format: ExportFormat, v: RangeVariables, lang: string): string {
  const q = new URLSearchParams({ format, client_id: v.clientId, from: v.from, to: v.to, lang });
  if (v.campaignId) q.set("campaign_id", v.campaignId);
  if (v.includeSimulated !== undefined) q.set("include_simulated", String(v.includeSimulated));
  return `/analytics/export?${q}`;
}

/** The file name from a Content-Disposition header: filename* (UTF-8) first, then filename. */
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

async function send(path: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { "Accept-Language": apiHooks.language() };
  const token = session.get().accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(API_BASE + path, { method: "GET", headers, signal });
}

/** An error answer as the REST client reports it: the server's message (in the request's language). */
async function failure(res: Response): Promise<ApiError> {
  let body: { message?: unknown; code?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(await res.text()) as typeof body;
  } catch {
    // not JSON: the status's text
  }
  const key = res.status === 403 ? "errors.FORBIDDEN" : res.status === 401 ? "errors.UNAUTHENTICATED" : "errors.INTERNAL";
  return new ApiError(res.status, typeof body.message === "string" ? body.message : apiHooks.translate(key), typeof body.code === "string" ? body.code : undefined, body.details as Record<string, string[]> | undefined, body, key);
}

/** The body as a Blob, telling `onProgress` the percentage when the size is known. */
async function readBody(res: Response, type: string, onProgress: (percent: number | null) => void): Promise<Blob> {
  const total = Number(res.headers.get("content-length")) || 0;
  const reader = res.body?.getReader?.();
  if (!reader) return res.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(total ? Math.min(100, Math.round((received / total) * 100)) : null);
  }
  return new Blob(parts as BlobPart[], { type });
}

/** Hands the file to the browser's downloads. */
function save(blob: Blob, name: string) {
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

/** Downloads the report; resolves with the saved file's name, rejects with an ApiError (or a network TypeError). */
export async function downloadExport(format: ExportFormat, v: RangeVariables, lang: string, onProgress: (percent: number | null) => void = () => {}, signal?: AbortSignal): Promise<string> {
  const path = exportPath(format, v, lang);
  let res = await send(path, signal);
  if (res.status === 401 && session.get().refreshToken) {
    await refreshAccessToken();
    res = await send(path, signal);
  }
  if (!res.ok) throw await failure(res);
  session.touch();
  const name = fileNameOf(res.headers.get("content-disposition")) ?? `sufra-analytics-${v.from}_${v.to}.${format}`;
  const blob = await readBody(res, res.headers.get("content-type") ?? "application/octet-stream", onProgress);
  save(blob, name);
  return name;
}
