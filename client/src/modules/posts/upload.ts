// Uploading a photo or video to POST /api/posts/media with the progress the person sees. fetch has no
// upload progress, so this uses XMLHttpRequest with the same access token, Accept-Language and error
// shape as lib/api.ts (one refresh and one retry on a 401). Answers the media in the GraphQL shape.
import { API_BASE, ApiError, apiHooks, refreshAccessToken } from "../../lib/api.ts";
import { businessHeader, session } from "../../lib/session.ts";
import type { PostMedia } from "../../networks/index.ts";
import { mediaKindOfKey } from "../../graphql/enumKeys.ts";

export interface UploadOptions {
  /** the networks chosen: the server refuses a file one of them would refuse */
  platforms?: readonly string[];
  crop?: "square" | "portrait" | "landscape";
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface RestMedia {
  id: string;
  kind: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  original_name: string;
  url: string;
  thumbnail_url: string | null;
  crops?: Record<string, { url: string; width: number; height: number }>;
  source_id?: string | null;
  menu_item_id?: string | null;
}

/** The REST answer in the shape the GraphQL Media fragment has. */
function fromRest(m: RestMedia): PostMedia {
  return {
    id: m.id,
    // the REST answer names the kind by its key ("video"), as the OpenAPI schema says
    kind: mediaKindOfKey(m.kind) ?? "IMAGE",
    mime: m.mime,
    bytes: m.bytes,
    width: m.width,
    height: m.height,
    durationMs: m.duration_ms,
    originalName: m.original_name,
    url: m.url,
    thumbnailUrl: m.thumbnail_url,
    sourceId: m.source_id ?? null,
    menuItemId: m.menu_item_id ?? null,
    crops: Object.entries(m.crops ?? {}).map(([name, c]) => ({ name, url: c.url, width: c.width, height: c.height })),
  };
}

function sendOnce(file: Blob, name: string, opts: UploadOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}/posts/media`);
    const token = session.get().accessToken;
    if (token) {
      xhr.setRequestHeader("Authorization", `Bearer ${token}`);
      for (const [k, v] of Object.entries(businessHeader())) xhr.setRequestHeader(k, v);
    }
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", apiHooks.language());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          "FETCH_ERROR",
          apiHooks.translate("errors.FETCH_ERROR"),
          undefined,
          undefined,
          undefined,
          "errors.FETCH_ERROR",
        ),
      );
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("file", file, name);
    if (opts.platforms?.length) form.append("platforms", opts.platforms.join(","));
    if (opts.crop) form.append("crop", opts.crop);
    xhr.send(form);
  });
}

function failure(status: number, body: unknown): ApiError {
  const b = (body && typeof body === "object" ? body : {}) as { message?: unknown; code?: unknown; details?: unknown };
  const key =
    status === 413
      ? "errors.MEDIA_TOO_LARGE"
      : status === 401
        ? "errors.UNAUTHENTICATED"
        : status >= 500
          ? "errors.INTERNAL"
          : "errors.UNKNOWN";
  const message = typeof b.message === "string" ? b.message : apiHooks.translate(key);
  return new ApiError(
    status,
    message,
    typeof b.code === "string" ? b.code : undefined,
    b.details as Record<string, string[]> | undefined,
    body,
    key,
  );
}

/** Uploads one file; rejects with an ApiError whose message is already in the person's language. */
export async function uploadMedia(file: Blob, name: string, opts: UploadOptions = {}): Promise<PostMedia> {
  let res = await sendOnce(file, name, opts);
  if (res.status === 401 && session.get().refreshToken) {
    await refreshAccessToken();
    opts.onProgress?.(0);
    res = await sendOnce(file, name, opts);
  }
  if (res.status < 200 || res.status >= 300) throw failure(res.status, res.body);
  session.touch();
  opts.onProgress?.(100);
  return fromRest(res.body as RestMedia);
}
