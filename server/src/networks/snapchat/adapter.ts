// Snapchat. Without Snap's app credentials (SNAPCHAT_CLIENT_ID and SNAPCHAT_CLIENT_SECRET) there is no
// posting API here: the person posts by hand at the time and marks the post done (the assisted flow,
// `manual`). With them, Snap's Public Profile API posts to the business's public profile:
// - OAuth 2.0 with the snapchat-profile-api scope; access tokens last an hour and are refreshed with
//   the refresh token; the account's external id is its public profile's id (my_profile).
// - prepare (safe to repeat: an unused media expires after 24 hours by itself): encrypts the file with
//   AES-256-CBC under a new key and iv, creates a media with the key and iv (base64), uploads the
//   encrypted bytes in parts of at most 32 MB (INIT, ADD in order, FINALIZE), waits until the media
//   is READY, and saves its id.
// - send: the one call that creates the Story, Saved Story or Spotlight (the post's SnapchatOptions.kind);
//   a Spotlight carries its locale and skip_save_to_profile: false (it stays on the profile).
// - Snap gives the Public Profile API to allow-listed apps only: a 403 is this server's app's access
//   (kind "plan", an administrator asks Snap), not the person's connection.
// - reconcile: lists the profile's recent posts of that kind and looks for the saved media id (a media
//   is used by one post only).
// Snap's documentation shows the media creation (POST /v1/public_profiles/{profile_id}/media with type,
// name, key and iv) and the encryption; the multipart upload follows the Marketing API's documented
// multipart-upload-v2 shape (INIT with file_name, file_size, number_of_parts; ADD with file,
// part_number, upload_id; FINALIZE with upload_id) under the profile's media, and the post creation and
// listing paths (/stories, /saved_stories, /spotlights) follow the same resource naming.
// Inferred, as Snap's posting reference could not be read: the Spotlight body's locale and
// skip_save_to_profile are what public clients of the API send (locale en_US, skip_save_to_profile
// false; one notes Spotlight, unlike a Story, requires a locale), and the 403 of an app not yet
// allow-listed is read from its status alone (Snap's error code for it is not published). See
// docs/architecture.md#network-packs (server/src/networks/) for where a network's details live.
import { createCipheriv, randomBytes } from "node:crypto";
import type { SnapchatOptions } from "@sufra/schema";
import { fetchJson, sleep, withBackoff, withQuery, type HttpResult } from "../http.ts";
import {
  PlatformError,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
  type Reconciled,
  type TokenSet,
} from "../types.ts";

export interface SnapchatConfig {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  /** the longest a publish call may take */
  publishTimeoutMs?: number;
}

export interface SnapchatTuning {
  /** bytes per uploaded part (Snap: split files over 32 MB) */
  chunkBytes?: number;
  /** wait between media status checks */
  pollMs?: number;
  /** give up waiting for a media to be READY after this long */
  pollTotalMs?: number;
  /** base delay of the backoff on read-only calls */
  backoffMs?: number;
}

const SNAPCHAT_SCOPE = "snapchat-profile-api";
const PART_BYTES = 32 * 1024 * 1024;
/** Snap's access tokens last an hour: refreshed when less than this is left */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** Spotlight takes a video of at most 60 seconds; a Saved Story's title is at most 45 characters, Spotlight's description 160 */
const SPOTLIGHT_MAX_MS = 60_000;
const SAVED_STORY_TITLE_MAX = 45;
const SPOTLIGHT_DESCRIPTION_MAX = 160;
const KIND_PATH = { story: "stories", saved_story: "saved_stories", spotlight: "spotlights" } as const;
const KIND_ITEM = { story: "story", saved_story: "saved_story", spotlight: "spotlight" } as const;
/** A Spotlight's locale: the value public clients of the API send (Snap's list of locales could not be read) */
const SPOTLIGHT_LOCALE = "en_US";

interface SnapProgress {
  /** the READY media this attempt posts */
  mediaId?: string;
}

const assisted = () => {
  throw new PlatformError("rejected", "Snapchat has no public posting API configured on this server: post it by hand");
};

export function createSnapchatAdapter(cfg: Partial<SnapchatConfig> = {}, tune: SnapchatTuning = {}): PlatformAdapter {
  if (!(cfg.clientId && cfg.clientSecret)) {
    return {
      name: "snapchat",
      manual: true,
      refreshMarginMs: 0,
      // connecting needs no app credentials: the person gives the handle they post from
      configured: () => true,
      authorizeUrl: () => assisted(),
      exchangeCode: async () => assisted(),
      refresh: async () => assisted(),
      // assisted posts never reach the publishing steps
      prepare: async () => assisted(),
      send: async () => assisted(),
      reconcile: async () => assisted(),
      metrics: async () => new Map(),
    };
  }
  const api = (path: string) => `${cfg.apiUrl}${path}`;
  const chunkBytes = Math.min(tune.chunkBytes ?? PART_BYTES, PART_BYTES);
  const pollMs = tune.pollMs ?? 2_000;
  const pollTotalMs = tune.pollTotalMs ?? 5 * 60_000;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;

  async function call<T = any>(
    method: "GET" | "POST",
    url: string,
    o: { token: string; json?: unknown; body?: FormData; signal?: AbortSignal; creates?: boolean; timeoutMs?: number },
  ): Promise<T> {
    const r = await fetchJson<T>(url, {
      method,
      headers: { authorization: `Bearer ${o.token}` },
      json: o.json,
      body: o.body,
      signal: o.signal,
      creates: o.creates,
      timeoutMs: o.timeoutMs,
    });
    if (!r.ok) throw snapError(r);
    return r.body;
  }
  const read = <T = any>(url: string, o: { token: string; signal?: AbortSignal }) =>
    withBackoff(() => call<T>("GET", url, o), { ...backoff, signal: o.signal });

  async function token(params: Record<string, string>): Promise<TokenSet> {
    const r = await fetchJson(cfg.tokenUrl!, {
      method: "POST",
      body: new URLSearchParams({ client_id: cfg.clientId!, client_secret: cfg.clientSecret!, ...params }),
    });
    // invalid_grant (a revoked or used code or refresh token) and invalid_client: only connecting again helps
    if (!r.ok)
      throw new PlatformError(
        r.status >= 500 ? "unavailable" : "auth",
        String(r.body?.error_description ?? r.body?.error ?? `HTTP ${r.status}`),
        { status: r.status, platformCode: r.body?.error },
      );
    const scopes = String(r.body?.scope ?? "")
      .split(/[\s,]+/)
      .filter(Boolean);
    if (!scopes.includes(SNAPCHAT_SCOPE))
      throw new PlatformError(
        "auth",
        `Snapchat did not grant ${SNAPCHAT_SCOPE}: connect again and allow posting to the public profile`,
      );
    return {
      accessToken: r.body.access_token,
      refreshToken: r.body.refresh_token ?? null,
      expiresAt: r.body.expires_in ? new Date(Date.now() + Number(r.body.expires_in) * 1000) : null,
      scopes,
    };
  }

  function options(req: PublishRequest): SnapchatOptions {
    return (req.options as SnapchatOptions | null | undefined) ?? { kind: "story" };
  }

  /** What Snap refuses in this post, refused before any call: one photo or video; Spotlight a video of at most 60 s. */
  function check(req: PublishRequest): PublishMedia {
    if (req.media.length !== 1) throw new PlatformError("rejected", "A Snapchat post is one photo or one video");
    const m = req.media[0];
    if (options(req).kind === "spotlight" && m.kind !== "video")
      throw new PlatformError("rejected", "Spotlight takes a video, not a photo");
    if (m.kind === "video" && (m.durationMs ?? 0) > SPOTLIGHT_MAX_MS)
      throw new PlatformError("rejected", "Snapchat takes videos of at most 60 seconds");
    return m;
  }

  async function waitReady(profileId: string, mediaId: string, req: PublishRequest): Promise<void> {
    const giveUpAt = Date.now() + pollTotalMs;
    for (;;) {
      const r = await read(api(`/v1/public_profiles/${profileId}/media/${mediaId}`), {
        token: req.account.accessToken,
        signal: req.signal,
      });
      const status = String(r?.media?.media_status ?? "");
      if (status === "READY") return;
      if (status === "FAILED" || status === "ERROR")
        throw new PlatformError("rejected", r?.media?.failure_reason ?? "Snapchat could not process the media");
      if (Date.now() + pollMs > giveUpAt)
        throw new PlatformError("unavailable", "Snapchat is still processing the media");
      await sleep(pollMs, req.signal);
    }
  }

  return {
    name: "snapchat",
    manual: false,
    refreshMarginMs: REFRESH_MARGIN_MS,
    configured: () => true,

    authorizeUrl: ({ state, redirectUri }) =>
      withQuery(cfg.authorizeUrl!, {
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: SNAPCHAT_SCOPE,
        state,
      }).toString(),

    async exchangeCode({ code, redirectUri }) {
      const t = await token({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
      const me = await read(api("/v1/public_profiles/my_profile"), { token: t.accessToken }).catch((e) =>
        Promise.reject(
          e instanceof PlatformError && e.kind === "rejected"
            ? new PlatformError("auth", e.platformMessage, e.opts)
            : e,
        ),
      );
      const p = me?.public_profile ?? me?.public_profiles?.[0]?.public_profile ?? {};
      if (!p.id) throw new PlatformError("auth", "This Snapchat account has no public profile to post to");
      return {
        ...t,
        externalId: String(p.id),
        handle: String(p.snap_user_name ?? p.display_name ?? p.id),
        displayName: p.display_name ?? null,
      };
    },

    async refresh({ refreshToken }) {
      if (!refreshToken)
        throw new PlatformError("auth", "the Snapchat connection has no refresh token: connect it again");
      return token({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async prepare(req) {
      const m = check(req);
      if ((req.progress as SnapProgress).mediaId) return;
      const profileId = req.account.externalId;
      const plain = await m.read();
      // AES-256-CBC with PKCS#7 padding (node's default), a new key and iv for every media
      const key = randomBytes(32);
      const iv = randomBytes(16);
      const cipher = createCipheriv("aes-256-cbc", key, iv);
      const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
      const created = await call("POST", api(`/v1/public_profiles/${profileId}/media`), {
        token: req.account.accessToken,
        json: {
          type: m.kind === "video" ? "VIDEO" : "IMAGE",
          name: `sufra-${req.attemptKey}`,
          key: key.toString("base64"),
          iv: iv.toString("base64"),
        },
        signal: req.signal,
      });
      const mediaId = String(created?.media_id ?? created?.media?.id ?? "");
      if (!mediaId) throw new PlatformError("unavailable", "Snapchat answered no media id");
      const parts = Math.max(1, Math.ceil(encrypted.length / chunkBytes));
      const base = api(`/v1/public_profiles/${profileId}/media/${mediaId}/multipart-upload-v2`);
      const init = new FormData();
      init.set("file_name", `${mediaId}.${m.kind === "video" ? "mp4" : "jpg"}`);
      init.set("file_size", String(encrypted.length));
      init.set("number_of_parts", String(parts));
      const started = await call("POST", `${base}?action=INIT`, {
        token: req.account.accessToken,
        body: init,
        signal: req.signal,
      });
      const uploadId = String(started?.upload_id ?? "");
      const relative = (p: unknown, action: string) =>
        typeof p === "string" && p ? new URL(p, cfg.apiUrl).toString() : `${base}?action=${action}`;
      const addUrl = relative(started?.add_path, "ADD");
      // parts go one after another: Snap assembles them by part_number, in order
      for (let i = 0; i < parts; i++) {
        const part = new FormData();
        part.set(
          "file",
          new Blob([new Uint8Array(encrypted.subarray(i * chunkBytes, (i + 1) * chunkBytes))], {
            type: "application/octet-stream",
          }),
          `part-${i + 1}`,
        );
        part.set("part_number", String(i + 1));
        part.set("upload_id", uploadId);
        await call("POST", addUrl, {
          token: req.account.accessToken,
          body: part,
          signal: req.signal,
          timeoutMs: 120_000,
        });
      }
      const fin = new FormData();
      fin.set("upload_id", uploadId);
      await call("POST", relative(started?.finalize_path, "FINALIZE"), {
        token: req.account.accessToken,
        body: fin,
        signal: req.signal,
      });
      await waitReady(profileId, mediaId, req);
      await req.saveProgress({ ...req.progress, mediaId });
    },

    async send(req) {
      const mediaId = (req.progress as SnapProgress).mediaId;
      if (!mediaId) throw new Error("snapchat send before prepare: no media in progress");
      const kind = options(req).kind;
      const caption = [...req.text.trim()];
      // a Story shows no text; a Saved Story has a title, a Spotlight a description (hashtags included)
      const body: Record<string, string | boolean> = { media_id: mediaId };
      // a Saved Story must have a title: a post without a caption is titled with the profile's name
      if (kind === "saved_story")
        body.title = (caption.length ? caption : [...req.account.handle]).slice(0, SAVED_STORY_TITLE_MAX).join("");
      if (kind === "spotlight" && caption.length)
        body.description = caption.slice(0, SPOTLIGHT_DESCRIPTION_MAX).join("");
      // a Spotlight stays on the business's profile as well
      if (kind === "spotlight") Object.assign(body, { locale: SPOTLIGHT_LOCALE, skip_save_to_profile: false });
      const r = await call("POST", api(`/v1/public_profiles/${req.account.externalId}/${KIND_PATH[kind]}`), {
        token: req.account.accessToken,
        json: body,
        signal: req.signal,
        creates: true,
        timeoutMs: publishTimeoutMs,
      });
      const item = r?.[KIND_PATH[kind]]?.[0]?.[KIND_ITEM[kind]] ?? {};
      if (!item.id) throw new PlatformError("unavailable", "Snapchat answered without the post's id");
      return { externalId: String(item.id), permalink: null };
    },

    async reconcile(req): Promise<Reconciled> {
      const mediaId = (req.progress as SnapProgress).mediaId;
      if (!mediaId) return { state: "absent" };
      const kind = options(req).kind;
      const r = await read(api(`/v1/public_profiles/${req.account.externalId}/${KIND_PATH[kind]}?limit=50`), {
        token: req.account.accessToken,
      });
      const items = ((r?.[KIND_PATH[kind]] ?? []) as Record<string, { id?: string; media_id?: string }>[]).map(
        (x) => x[KIND_ITEM[kind]] ?? {},
      );
      const hit = items.find((x) => x.media_id === mediaId);
      if (hit?.id) return { state: "published", result: { externalId: String(hit.id), permalink: null } };
      // the newest posts were all listed (no further page): a post of this media would be among them
      return r?.paging?.next_link ? { state: "unknown" } : { state: "absent" };
    },

    // figures come from the profile's stats endpoints, not read here yet: none rather than made-up ones
    metrics: async () => new Map(),
  };
}

/** Snap's errors: { request_status: "ERROR", debug_message, display_message, error_code }. */
function snapError(r: HttpResult): PlatformError {
  const b = r.body ?? {};
  const message = String(b.display_message ?? b.debug_message ?? b.error_description ?? b.raw ?? `HTTP ${r.status}`);
  const opts = { status: r.status, platformCode: b.error_code ?? r.status };
  // 401: the token expired or was revoked: refresh it, or the person connects again
  if (r.status === 401) return new PlatformError("auth", message, opts);
  // 403: Snap has not allow-listed this server's app for the Public Profile API (a token without the
  // scope never gets this far: exchangeCode refuses it); connecting again cannot help, Snap's access can
  if (r.status === 403) {
    return new PlatformError(
      "plan",
      `Snap has not given this server's Snapchat app access to the Public Profile API: Snap allow-lists the apps that may use it, and an administrator must ask Snap for it (${message})`,
      opts,
    );
  }
  if (r.status === 429) {
    const after = Number(r.headers.get("retry-after"));
    return new PlatformError("rate_limit", message, {
      ...opts,
      retryAt: new Date(Date.now() + (Number.isFinite(after) && after > 0 ? after * 1000 : 60_000)),
    });
  }
  if (r.status >= 500) return new PlatformError("unavailable", message, opts);
  return new PlatformError("rejected", message, opts);
}
