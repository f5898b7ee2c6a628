// The analytics screen's conversation with the server beyond its cards' own queries (docs/architecture.md#client-rooms: data.ts).
// Downloading the analytics report through REST (GET /api/analytics/export), with the session's token
// (one refresh and one retry on a 401, as the REST client does), reading the body with progress, and
// saving it under the name the server gives in Content-Disposition (RFC 6266 filename*, Arabic included).
import { fetchFile, fileNameOf, saveFile } from "../../lib/download.ts";
import type { RangeVariables } from "./model.ts";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The REST path and query for a report: the same range, campaign and demo-figures choice as the screen. */
export function exportPath(format: ExportFormat, v: RangeVariables, lang: string): string {
  const q = new URLSearchParams({ format, client_id: v.clientId, from: v.from, to: v.to, lang });
  if (v.campaignId) q.set("campaign_id", v.campaignId);
  if (v.includeSimulated !== undefined) q.set("include_simulated", String(v.includeSimulated));
  return `/analytics/export?${q}`;
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

/** Downloads the report; resolves with the saved file's name, rejects with an ApiError (or a network TypeError). */
export async function downloadExport(
  format: ExportFormat,
  v: RangeVariables,
  lang: string,
  onProgress: (percent: number | null) => void = () => {},
  signal?: AbortSignal,
): Promise<string> {
  const path = exportPath(format, v, lang);
  const res = await fetchFile(path, { signal });
  const name = fileNameOf(res.headers.get("content-disposition")) ?? `sufra-analytics-${v.from}_${v.to}.${format}`;
  const blob = await readBody(res, res.headers.get("content-type") ?? "application/octet-stream", onProgress);
  saveFile(blob, name);
  return name;
}
