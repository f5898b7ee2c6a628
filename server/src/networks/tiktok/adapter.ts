// TikTok: Login Kit (OAuth 2.0 v2, PKCE) and the Content Posting API. prepare asks the creator's
// settings (creator_info) and refuses, before anything is sent, what TikTok would refuse: a privacy
// level the creator does not offer, a switch the creator turned off, a video longer than allowed.
// send is the init call (video/init, inbox/video/init or content/init): the one call that creates
// the post, so its publish_id is saved at once; the upload of a FILE_UPLOAD video and the status
// polls come after it and never repeat it. reconcile asks status/fetch about the saved publish_id
// (docs/architecture.md#rules-of-the-house: publishing is never retried blindly).
// Without Direct Post (an app TikTok has not audited for it) the media goes to the creator's TikTok
// inbox and the person finishes the post in TikTok: a hand-off, settled as awaiting_manual.
import {
  DEFAULT_TIKTOK_OPTIONS,
  tiktokPostingScope,
  tiktokScopes,
  type ErrorCode,
  type TikTokPrivacyLevel,
} from "@sufra/schema";
import { fetchJson, sleep, withBackoff, withQuery, type HttpResult } from "../http.ts";
import {
  PlatformError,
  type AccountAccess,
  type Metrics,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
  type Published,
  type Reconciled,
  type TokenSet,
} from "../types.ts";

export interface TikTokConfig {
  clientKey?: string;
  clientSecret?: string;
  authorizeUrl: string;
  apiUrl: string;
  /** false: posts go to the creator's TikTok inbox (MEDIA_UPLOAD), the person finishes them in TikTok */
  directPost: boolean;
  /** how videos reach TikTok: our signed URL (its domain verified with TikTok) or uploaded in chunks */
  videoSource?: "PULL_FROM_URL" | "FILE_UPLOAD";
  /** the URL prefix verified in the TikTok app (URL ownership verification): TikTok pulls only from under it */
  verifiedUrlPrefix?: string;
  /** where our signed media URLs begin (PUBLIC_URL/media/): what TikTok is asked to pull */
  mediaUrlPrefix?: string;
  /** the app has the Display API product: video.list is asked and the posts' figures read */
  displayApi?: boolean;
  publishTimeoutMs?: number;
}

/**
 * Whether TikTok can pull our media: photos always come by URL (content/init takes PULL_FROM_URL only),
 * and TikTok pulls only from a URL prefix or domain verified in the app, answering url_ownership_unverified
 * otherwise. So the media URLs must lie under the declared verified prefix; null when they do.
 */
export function tiktokPullProblem(cfg: Pick<TikTokConfig, "verifiedUrlPrefix" | "mediaUrlPrefix">): ErrorCode | null {
  if (!cfg.verifiedUrlPrefix || !cfg.mediaUrlPrefix) return "TIKTOK_URL_UNVERIFIED";
  let prefix: string;
  try {
    // a bare origin (a verified domain) reads as https://domain/, so it cannot match https://domain.evil/
    prefix = new URL(cfg.verifiedUrlPrefix).href;
  } catch {
    return "TIKTOK_URL_UNVERIFIED";
  }
  return cfg.mediaUrlPrefix.startsWith(prefix) ? null : "TIKTOK_URL_UNVERIFIED";
}

export interface TikTokTuning {
  /** first wait between status polls; doubles up to pollMaxMs */
  pollFirstMs?: number;
  pollMaxMs?: number;
  /** give up waiting for TikTok's processing after this long */
  pollTotalMs?: number;
  backoffMs?: number;
}

/** What creator_info says about the creator, for the composer and for prepare's checks. */
export interface TikTokCreatorInfo {
  creatorUsername: string;
  creatorNickname: string;
  creatorAvatarUrl: string | null;
  privacyLevelOptions: TikTokPrivacyLevel[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

export interface TikTokAdapter extends PlatformAdapter {
  creatorInfo(account: AccountAccess, signal?: AbortSignal): Promise<TikTokCreatorInfo>;
}

/**
 * The chunk size we use (10 MiB): small enough to hold in memory, and within TikTok's 5-64 MB whether
 * its guide means MB or MiB (chunkPlan)
 */
const CHUNK = 10 * 1024 * 1024;
/** a photo post's title (TikTok's limit, in characters) */
const PHOTO_TITLE_MAX = 90;
/** TikTok's init calls: 6 per minute per access token; a 429 without a hint waits that minute */
const RATE_WINDOW_MS = 60_000;
/**
 * The error codes of the Content Posting API's references (video/init, inbox/video/init, content/init,
 * creator_info, status/fetch) and of its general error list. A post TikTok does not allow: waiting does
 * not change it.
 */
const REJECTED_CODES = new Set([
  "invalid_param",
  "invalid_params",
  "invalid_file_upload",
  "app_version_check_failed",
  "unaudited_client_can_only_post_to_private_accounts",
  "privacy_level_option_mismatch",
  "url_ownership_unverified",
  "spam_risk_user_banned_from_posting",
  "invalid_publish_id",
  "token_not_authorized_for_specified_publish_id",
]);
const AUTH_CODES = new Set(["access_token_invalid", "scope_not_authorized", "scope_permission_missed"]);
/**
 * Limits that pass: the token's calls a minute (rate_limit_exceeded), the creator's posts and pending
 * inbox shares over 24 hours, and the app's daily quota of creators posting through it
 * (reached_active_user_cap): a later attempt, never a failed post.
 */
const RATE_CODES = new Set([
  "rate_limit_exceeded",
  "spam_risk_too_many_posts",
  "spam_risk_too_many_pending_share",
  "reached_active_user_cap",
]);
/** the creator's caps count the last 24 hours: looked at again hourly, the first free place is found (a refused init creates nothing) */
const CREATOR_CAP_WAIT_MS = 60 * 60_000;

/**
 * When TikTok's app-wide daily quota of posting creators is there again. TikTok calls it a daily quota
 * without saying where its day begins: we take the next UTC midnight (TikTok's API times are UTC). If its
 * window is really a rolling 24 hours, an attempt then may be refused again, creates nothing, and waits
 * for the next midnight.
 */
const nextUtcDay = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

interface TikTokProgress {
  /** TikTok's id of this attempt's post, once init answered */
  publishId?: string;
  /** written just before the init call: without it, init was certainly never sent */
  initSending?: boolean;
}

type Status = { status?: string; fail_reason?: string; publicaly_available_post_id?: (string | number)[] };

export function createTikTokAdapter(cfg: TikTokConfig, tune: TikTokTuning = {}): TikTokAdapter {
  const api = cfg.apiUrl;
  const pollFirstMs = tune.pollFirstMs ?? 2_000;
  const pollMaxMs = tune.pollMaxMs ?? 15_000;
  const pollTotalMs = tune.pollTotalMs ?? 5 * 60_000;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;
  const videoSource = cfg.videoSource ?? "FILE_UPLOAD";
  // only what this way of posting uses: TikTok refuses the sign-in for a scope the app's products lack
  const scopes = tiktokScopes({ directPost: cfg.directPost, displayApi: Boolean(cfg.displayApi) });
  /** the creator's video length limit as prepare read it, for send's words if TikTok refuses the length */
  const limits = new WeakMap<PublishRequest, { maxVideoPostDurationSec: number }>();

  /** One API call with the user's token; TikTok answers { data, error: { code: "ok" } } on success. */
  async function call<T = any>(
    path: string,
    o: {
      token: string;
      json?: unknown;
      method?: "GET" | "POST";
      query?: Record<string, string>;
      signal?: AbortSignal;
      creates?: boolean;
      timeoutMs?: number;
    },
  ): Promise<T> {
    const url = o.query ? withQuery(api + path, o.query) : api + path;
    const r = await fetchJson(url, {
      method: o.method ?? "POST",
      headers: {
        authorization: `Bearer ${o.token}`,
        ...(o.json === undefined && (o.method ?? "POST") === "POST"
          ? { "content-type": "application/json; charset=UTF-8" }
          : {}),
      },
      json: o.json,
      signal: o.signal,
      creates: o.creates,
      timeoutMs: o.timeoutMs,
    });
    const code = r.body?.error?.code;
    if (r.ok && (code === undefined || code === "ok")) return (r.body?.data ?? {}) as T;
    throw tiktokError(r);
  }
  const read = <T = any>(path: string, o: Parameters<typeof call>[1]) =>
    withBackoff(() => call<T>(path, o), { ...backoff, signal: o.signal });

  /**
   * status/fetch. TikTok sends publicaly_available_post_id as int64 numbers, beyond JavaScript's safe
   * integers: they are read from the text as strings before parsing, or the ids would be wrong.
   */
  async function statusFetch(publishId: string, account: AccountAccess, signal?: AbortSignal): Promise<Status> {
    const once = async (): Promise<Status> => {
      const deadline = AbortSignal.timeout(15_000);
      const res = await fetch(`${api}/v2/post/publish/status/fetch/`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${account.accessToken}`,
          "content-type": "application/json; charset=UTF-8",
          accept: "application/json",
        },
        body: JSON.stringify({ publish_id: publishId }),
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      }).catch((e) => {
        throw new PlatformError("unavailable", `network error: ${(e as Error).message}`);
      });
      const text = (await res.text().catch(() => "")).replace(
        /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/,
        (_m, head: string, ids: string) =>
          `${head}${ids
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean)
            .map((id) => JSON.stringify(id.replace(/^"|"$/g, "")))
            .join(",")}]`,
      );
      let body: any = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { raw: text.slice(0, 500) };
      }
      const code = body?.error?.code;
      if (res.ok && (code === undefined || code === "ok")) return (body?.data ?? {}) as Status;
      throw tiktokError({ status: res.status, ok: res.ok, headers: res.headers, body });
    };
    return withBackoff(once, { ...backoff, signal });
  }

  /** The token endpoint: form-encoded, answers the token set or { error, error_description }. */
  async function token(params: Record<string, string>): Promise<TokenSet & { openId?: string }> {
    const r = await fetchJson(`${api}/v2/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_key: cfg.clientKey ?? "", client_secret: cfg.clientSecret ?? "", ...params }),
    });
    if (!r.ok || typeof r.body?.error === "string" || !r.body?.access_token) {
      const err = tiktokError(r);
      // a refused grant (invalid_grant, an expired refresh token): the person must connect again
      if (err.kind === "rejected" || err.kind === "auth")
        throw new PlatformError("auth", err.platformMessage, err.opts);
      throw err;
    }
    const t = r.body;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: t.expires_in ? new Date(Date.now() + Number(t.expires_in) * 1000) : null,
      scopes:
        typeof t.scope === "string"
          ? t.scope
              .split(",")
              .map((s: string) => s.trim())
              .filter(Boolean)
          : [...scopes],
      openId: t.open_id,
    };
  }

  async function creatorInfo(account: AccountAccess, signal?: AbortSignal): Promise<TikTokCreatorInfo> {
    const d = await read<any>("/v2/post/publish/creator_info/query/", { token: account.accessToken, signal });
    return {
      creatorUsername: String(d.creator_username ?? ""),
      creatorNickname: String(d.creator_nickname ?? ""),
      creatorAvatarUrl: d.creator_avatar_url ?? null,
      privacyLevelOptions: Array.isArray(d.privacy_level_options) ? d.privacy_level_options : [],
      commentDisabled: Boolean(d.comment_disabled),
      duetDisabled: Boolean(d.duet_disabled),
      stitchDisabled: Boolean(d.stitch_disabled),
      maxVideoPostDurationSec: Number(d.max_video_post_duration_sec ?? 0),
    };
  }

  /** The post's options, or TikTok's defaults; checked against what the creator allows. */
  function checkAgainst(info: TikTokCreatorInfo, req: PublishRequest) {
    const o = tiktokOptions(req);
    const video = req.media.find((m) => m.kind === "video");
    if (cfg.directPost) {
      // TikTok has no default privacy: the person must have chosen one the creator offers
      if (!o.privacyLevel)
        throw new PlatformError("rejected", "Choose who can watch this TikTok post (privacy level)", {
          platformCode: "privacy_level_option_mismatch",
        });
      if (!info.privacyLevelOptions.includes(o.privacyLevel)) {
        throw new PlatformError(
          "rejected",
          `This TikTok account does not offer the privacy level ${o.privacyLevel}; it offers ${info.privacyLevelOptions.join(", ") || "none"}`,
          { platformCode: "privacy_level_option_mismatch" },
        );
      }
      const off = [
        info.commentDisabled && !o.disableComment && "comments",
        video && info.duetDisabled && !o.disableDuet && "duets",
        video && info.stitchDisabled && !o.disableStitch && "stitches",
      ].filter(Boolean);
      if (off.length)
        throw new PlatformError(
          "rejected",
          `The creator turned off ${off.join(", ")} in TikTok's settings: turn them off on this post too`,
          { platformCode: "interaction_disabled" },
        );
    }
    if (
      video?.durationMs &&
      info.maxVideoPostDurationSec > 0 &&
      video.durationMs > info.maxVideoPostDurationSec * 1000
    ) {
      throw new PlatformError(
        "rejected",
        `This video is ${Math.ceil(video.durationMs / 1000)} s long; this TikTok account may post videos of at most ${info.maxVideoPostDurationSec} s`,
        { platformCode: "duration_check_failed" },
      );
    }
  }

  function postInfo(req: PublishRequest, video: boolean) {
    const o = tiktokOptions(req);
    if (video) {
      return {
        title: req.text,
        privacy_level: o.privacyLevel,
        disable_comment: o.disableComment,
        disable_duet: o.disableDuet,
        disable_stitch: o.disableStitch,
        brand_content_toggle: o.brandContent,
        brand_organic_toggle: o.brandOrganic,
        video_cover_timestamp_ms: 1000,
      };
    }
    return {
      title: [...(o.title ?? "")].slice(0, PHOTO_TITLE_MAX).join(""),
      description: req.text,
      privacy_level: o.privacyLevel,
      disable_comment: o.disableComment,
      auto_add_music: o.autoAddMusic,
      brand_content_toggle: o.brandContent,
      brand_organic_toggle: o.brandOrganic,
    };
  }

  /** The init call: creates the post (or the inbox draft) on TikTok. Answers publish_id (and upload_url). */
  async function init(
    req: PublishRequest,
  ): Promise<{ publishId: string; upload?: { url: string; video: PublishMedia; chunkSize: number; chunks: number } }> {
    const video = req.media.find((m) => m.kind === "video");
    const common = { token: req.account.accessToken, signal: req.signal, creates: true, timeoutMs: publishTimeoutMs };
    if (video) {
      let source_info: Record<string, unknown>;
      let plan: { chunkSize: number; chunks: number } | null = null;
      if (videoSource === "PULL_FROM_URL") source_info = { source: "PULL_FROM_URL", video_url: video.url };
      else {
        plan = chunkPlan(video.bytes);
        source_info = {
          source: "FILE_UPLOAD",
          video_size: video.bytes,
          chunk_size: plan.chunkSize,
          total_chunk_count: plan.chunks,
        };
      }
      const d = cfg.directPost
        ? await call<{ publish_id: string; upload_url?: string }>("/v2/post/publish/video/init/", {
            ...common,
            json: { post_info: postInfo(req, true), source_info },
          })
        : await call<{ publish_id: string; upload_url?: string }>("/v2/post/publish/inbox/video/init/", {
            ...common,
            json: { source_info },
          });
      return {
        publishId: d.publish_id,
        upload: plan && d.upload_url ? { url: d.upload_url, video, ...plan } : undefined,
      };
    }
    const photos = req.media.filter((m) => m.kind === "image");
    const d = await call<{ publish_id: string }>("/v2/post/publish/content/init/", {
      ...common,
      json: {
        // an inbox draft's title, privacy and switches are set by the person in TikTok
        post_info: cfg.directPost
          ? postInfo(req, false)
          : { title: [...(tiktokOptions(req).title ?? "")].slice(0, PHOTO_TITLE_MAX).join(""), description: req.text },
        source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: photos.map((p) => p.url) },
        post_mode: cfg.directPost ? "DIRECT_POST" : "MEDIA_UPLOAD",
        media_type: "PHOTO",
      },
    });
    return { publishId: d.publish_id };
  }

  /** PUTs the video to TikTok's upload URL, chunk by chunk, with Content-Range. */
  async function upload(
    u: { url: string; video: PublishMedia; chunkSize: number; chunks: number },
    signal: AbortSignal,
  ) {
    const bytes = await u.video.read();
    for (let i = 0; i < u.chunks; i++) {
      const start = i * u.chunkSize;
      // the last chunk takes the rest (up to 128 MB by TikTok's rules)
      const end = i === u.chunks - 1 ? bytes.length : start + u.chunkSize;
      const r = await fetchJson(u.url, {
        method: "PUT",
        headers: { "content-type": "video/mp4", "content-range": `bytes ${start}-${end - 1}/${bytes.length}` },
        body: new Blob([new Uint8Array(bytes.subarray(start, end))]),
        signal,
        timeoutMs: 120_000,
      });
      if (!r.ok) throw tiktokError(r);
    }
  }

  /** Polls status/fetch until TikTok has finished with the post: its final status, or null when it is still busy. */
  async function waitStatus(
    publishId: string,
    account: AccountAccess,
    signal: AbortSignal | undefined,
    inbox: boolean,
    totalMs = pollTotalMs,
  ): Promise<Status | null> {
    const giveUpAt = Date.now() + totalMs;
    for (let delay = pollFirstMs; ; delay = Math.min(delay * 2, pollMaxMs)) {
      const s = await statusFetch(publishId, account, signal);
      if (s.status === "PUBLISH_COMPLETE" || s.status === "FAILED" || (inbox && s.status === "SEND_TO_USER_INBOX"))
        return s;
      if (Date.now() + delay > giveUpAt) return null;
      await sleep(delay, signal);
    }
  }

  function outcome(s: Status, publishId: string, creator?: { maxVideoPostDurationSec?: number }): Published {
    if (s.status === "FAILED") throw failReasonError(s.fail_reason ?? "", creator);
    if (s.status === "SEND_TO_USER_INBOX") return { externalId: publishId, handoff: true };
    // private posts have no public id: the publish id is what TikTok names them by for us
    const id = s.publicaly_available_post_id?.[0];
    return { externalId: id !== undefined ? String(id) : publishId };
  }

  return {
    name: "tiktok",
    manual: false,
    // an access token lasts 2 hours by TikTok's current reference (24 hours in older pages; expires_in
    // says which): refreshed once under 75 minutes are left, so the hourly refresh job never misses one
    refreshMarginMs: 75 * 60_000,
    configured: () => Boolean(cfg.clientKey && cfg.clientSecret),
    // photos can only be pulled: a server whose media TikTok will not pull cannot post photos at all
    setupProblem: () => tiktokPullProblem(cfg),
    scopes: () => scopes,
    creatorInfo,

    authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
      withQuery(cfg.authorizeUrl, {
        client_key: cfg.clientKey,
        scope: scopes.join(","),
        response_type: "code",
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString(),

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const t = await token({
        code,
        grant_type: "authorization_code",
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      // TikTok lets the person untoggle scopes: without the one its way of posting needs, no post could go out
      const posting = tiktokPostingScope(cfg.directPost);
      if (t.scopes && !t.scopes.includes(posting))
        throw new PlatformError(
          "auth",
          `The TikTok account was connected without ${posting}, which posting needs: connect again and allow it`,
        );
      // user/info in both ways of posting (creator_info needs video.publish, which an inbox app has not);
      // the username needs user.info.profile, which the person may have untoggled: then the open_id stands in
      const profile = t.scopes?.includes("user.info.profile") ?? false;
      const user = await read<{ user?: { open_id?: string; display_name?: string; username?: string } }>(
        "/v2/user/info/",
        {
          token: t.accessToken,
          method: "GET",
          query: { fields: `open_id,union_id,avatar_url,display_name${profile ? ",username" : ""}` },
        },
      );
      const openId = user.user?.open_id ?? t.openId ?? "";
      return {
        ...t,
        externalId: openId,
        handle: user.user?.username || openId,
        displayName: user.user?.display_name ?? null,
      };
    },

    // refresh tokens rotate: the answer's refresh_token replaces the one sent, which stops working
    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", "No TikTok refresh token: connect the account again");
      const t = await token({ grant_type: "refresh_token", refresh_token: refreshToken });
      return {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken ?? refreshToken,
        expiresAt: t.expiresAt,
        scopes: t.scopes,
      };
    },

    async prepare(req) {
      if (req.media.length === 0) throw new PlatformError("rejected", "TikTok posts need a video or photos");
      const videos = req.media.filter((m) => m.kind === "video");
      if (videos.length > 1 || (videos.length === 1 && req.media.length > 1))
        throw new PlatformError("rejected", "A TikTok post is one video, or up to 35 photos");
      if (req.media.length > 35) throw new PlatformError("rejected", "A TikTok photo post holds at most 35 photos");
      // TikTok pulls photos (and PULL_FROM_URL videos) only from a verified URL prefix: refused before init, not by it
      if ((videos.length === 0 || videoSource === "PULL_FROM_URL") && tiktokPullProblem(cfg)) {
        throw new PlatformError(
          "rejected",
          "TikTok pulls media only from a URL prefix verified in the TikTok app, and this server's media address is not under TIKTOK_VERIFIED_URL_PREFIX",
          { platformCode: "url_ownership_unverified" },
        );
      }
      // TikTok asks apps to read the creator's settings before each direct post: they change. The inbox
      // has no settings to respect (the person sets them in TikTok), creator_info needs video.publish, and
      // the inbox's upload takes videos of up to 10 minutes
      const info = cfg.directPost
        ? await creatorInfo(req.account, req.signal)
        : inboxCreatorInfo({ handle: req.account.handle, displayName: null });
      checkAgainst(info, req);
      limits.set(req, { maxVideoPostDurationSec: info.maxVideoPostDurationSec });
    },

    async send(req) {
      const p = req.progress as TikTokProgress;
      if (p.publishId) throw new Error("tiktok send after init: this attempt already has a publish_id");
      await req.saveProgress({ ...req.progress, initSending: true });
      const { publishId, upload: up } = await init(req);
      await req.saveProgress({ ...req.progress, publishId });
      // the post exists on TikTok from here: nothing below may lead to a second init. The upload and
      // TikTok's processing (a minute for a large video) get their own time, not the init call's deadline
      const after = AbortSignal.timeout(pollTotalMs);
      let s: Status | null;
      try {
        if (up) await upload(up, after);
        s = await waitStatus(publishId, req.account, after, !cfg.directPost);
      } catch (err) {
        // refused media ends the attempt; anything else is asked about again (reconcile), never sent again
        if (err instanceof PlatformError && (err.kind === "rejected" || err.kind === "timeout")) throw err;
        throw new PlatformError("unavailable", err instanceof PlatformError ? err.platformMessage : String(err));
      }
      if (!s) throw new PlatformError("unavailable", "TikTok is still processing the post");
      // FAILED: TikTok posted nothing, so its reason decides (a new attempt is safe if one is worth it)
      return outcome(s, publishId, limits.get(req));
    },

    async reconcile(req): Promise<Reconciled> {
      const p = req.progress as TikTokProgress;
      if (!p.publishId) return p.initSending ? { state: "unknown" } : { state: "absent" };
      let s: Status | null;
      try {
        // a question, not a wait for the whole processing: still busy after a minute is "unknown" (a person checks)
        const askMs = Math.min(pollTotalMs, 60_000);
        s = await waitStatus(p.publishId, req.account, AbortSignal.timeout(askMs + 15_000), !cfg.directPost, askMs);
      } catch {
        return { state: "unknown" };
      }
      if (!s) return { state: "unknown" };
      // TikTok gave up on this publish_id: nothing was posted, a new init is safe
      if (s.status === "FAILED") return { state: "absent" };
      return { state: "published", result: outcome(s, p.publishId) };
    },

    async metrics(account, externalIds) {
      const out = new Map<string, Metrics>();
      // video/query needs video.list, asked only when the app has the Display API
      if (!cfg.displayApi) return out;
      // only public posts have a video id (digits); a publish id has none to read figures by
      const ids = externalIds.filter((id) => /^\d+$/.test(id));
      for (let i = 0; i < ids.length; i += 20) {
        const d = await read<{
          videos?: {
            id: string;
            view_count?: number;
            like_count?: number;
            comment_count?: number;
            share_count?: number;
          }[];
        }>("/v2/video/query/", {
          token: account.accessToken,
          query: { fields: "id,view_count,like_count,comment_count,share_count" },
          json: { filters: { video_ids: ids.slice(i, i + 20) } },
        });
        for (const v of d.videos ?? []) {
          const views = Number(v.view_count ?? 0);
          out.set(String(v.id), {
            views,
            likes: Number(v.like_count ?? 0),
            comments: Number(v.comment_count ?? 0),
            shares: Number(v.share_count ?? 0),
            reach: views,
          });
        }
      }
      return out;
    },
  };
}

/** The post's TikTok options with the defaults for what it leaves out (DEFAULT_TIKTOK_OPTIONS in schema/src/networks/tiktok.ts, the one set the rule stores too). */
function tiktokOptions(req: PublishRequest) {
  const o = (req.options ?? {}) as Partial<{
    privacyLevel: TikTokPrivacyLevel | null;
    disableComment: boolean;
    disableDuet: boolean;
    disableStitch: boolean;
    brandOrganic: boolean;
    brandContent: boolean;
    title: string | null;
    autoAddMusic: boolean | null;
  }>;
  return {
    privacyLevel: o.privacyLevel ?? null,
    disableComment: o.disableComment ?? DEFAULT_TIKTOK_OPTIONS.disableComment,
    disableDuet: o.disableDuet ?? DEFAULT_TIKTOK_OPTIONS.disableDuet,
    disableStitch: o.disableStitch ?? DEFAULT_TIKTOK_OPTIONS.disableStitch,
    brandOrganic: o.brandOrganic ?? DEFAULT_TIKTOK_OPTIONS.brandOrganic,
    brandContent: o.brandContent ?? DEFAULT_TIKTOK_OPTIONS.brandContent,
    title: o.title ?? null,
    autoAddMusic: o.autoAddMusic ?? DEFAULT_TIKTOK_OPTIONS.autoAddMusic,
  };
}

/**
 * TikTok's chunk rules (media transfer guide): total_chunk_count = floor(video_size / chunk_size); chunks
 * of 5-64 MB, the last taking the trailing bytes (up to 128 MB); a video under 5 MB goes whole, with
 * chunk_size = video_size. A video smaller than one of our chunks goes whole too: at most 10 MiB, it is
 * one allowed chunk however "MB" is read. Larger ones go in 10 MiB chunks, the remainder joined to the
 * last (under 20 MiB), at most 410 chunks for TikTok's 4 GB.
 */
export function chunkPlan(size: number): { chunkSize: number; chunks: number } {
  if (size < CHUNK) return { chunkSize: size, chunks: 1 };
  return { chunkSize: CHUNK, chunks: Math.floor(size / CHUNK) };
}

/**
 * What the composer knows of an inbox creator without asking TikTok: the account as connected; no privacy
 * levels to choose (the person sets them in TikTok); the 10 minutes TikTok takes from developers.
 */
export function inboxCreatorInfo(account: { handle: string; displayName: string | null }): TikTokCreatorInfo {
  return {
    creatorUsername: account.handle,
    creatorNickname: account.displayName ?? account.handle,
    creatorAvatarUrl: null,
    privacyLevelOptions: [],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
  };
}

/** A plausible creator for demo and practice accounts (simulated network). */
export function simulatedCreatorInfo(handle: string): TikTokCreatorInfo {
  return {
    creatorUsername: handle,
    creatorNickname: "Sufra demo (simulated)",
    creatorAvatarUrl: null,
    privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
  };
}

/**
 * A post TikTok gave up on (status/fetch FAILED, its fail_reason list): nothing was posted. Most reasons are
 * in the media or the post and waiting does not change them (rejected, in words a person can act on);
 * internal is TikTok's own trouble (worth another attempt), auth_removed means the creator took Sufra's
 * access away, spam_risk_too_many_posts is the creator's cap over 24 hours.
 */
export function failReasonError(reason: string, creator: { maxVideoPostDurationSec?: number } = {}): PlatformError {
  const opts = { platformCode: reason };
  const max = creator.maxVideoPostDurationSec;
  const words: Record<string, string> = {
    file_format_check_failed:
      "TikTok could not take the media's format: it takes MP4, WebM or MOV videos and JPEG or WebP photos",
    duration_check_failed: `TikTok refused the video as too long for this account${max ? `: it may post videos of at most ${max} s` : ""}`,
    frame_rate_check_failed: "TikTok refused the video's frame rate: it takes 23 to 60 frames a second",
    picture_size_check_failed:
      "TikTok refused the picture size: videos of 360 to 4096 pixels a side, photos of at most 1080p",
    video_pull_failed: "TikTok could not fetch the video from Sufra's media address",
    photo_pull_failed: "TikTok could not fetch the photos from Sufra's media address",
    spam_risk_text: "TikTok refused the post's caption as risky or spammy",
    spam_risk: "TikTok refused the post as a risk",
    spam_risk_user_banned_from_posting: "TikTok has banned this account from posting",
    publish_cancelled: "The post was cancelled on TikTok",
  };
  if (reason === "internal")
    return new PlatformError("unavailable", "TikTok had an internal error and did not post", opts);
  if (reason === "auth_removed")
    return new PlatformError("auth", "The creator removed Sufra's access in TikTok: connect the account again", opts);
  if (reason === "spam_risk_too_many_posts")
    return new PlatformError(
      "rate_limit",
      "This TikTok account has posted as much as TikTok allows through apps in 24 hours",
      { ...opts, retryAt: new Date(Date.now() + CREATOR_CAP_WAIT_MS) },
    );
  return new PlatformError(
    "rejected",
    words[reason] ?? `TikTok could not publish the post: ${reason || "unknown reason"}`,
    opts,
  );
}

/**
 * TikTok's errors: the API's { error: { code, message, log_id } } (code "ok" on success) and the
 * token endpoint's { error, error_description, log_id }.
 */
export function tiktokError(r: HttpResult): PlatformError {
  const e = r.body?.error;
  const code: string = typeof e === "string" ? e : String(e?.code ?? "");
  const detail = typeof e === "string" ? r.body?.error_description : e?.message;
  const message = String(detail || code || r.body?.raw || `HTTP ${r.status}`);
  const opts = { platformCode: code || r.status, status: r.status };
  if (RATE_CODES.has(code) || r.status === 429) {
    const reset = Number(r.headers.get("x-ratelimit-reset") ?? "");
    const wait =
      code === "reached_active_user_cap"
        ? nextUtcDay()
        : new Date(
            Date.now() +
              (code === "spam_risk_too_many_posts" || code === "spam_risk_too_many_pending_share"
                ? CREATOR_CAP_WAIT_MS
                : RATE_WINDOW_MS),
          );
    const retryAt = Number.isFinite(reset) && reset > Date.now() / 1000 ? new Date(reset * 1000) : wait;
    return new PlatformError("rate_limit", message, { ...opts, retryAt });
  }
  if (AUTH_CODES.has(code) || r.status === 401) return new PlatformError("auth", message, opts);
  if (REJECTED_CODES.has(code)) return new PlatformError("rejected", message, opts);
  if (r.status >= 500 || code === "internal_error") return new PlatformError("unavailable", message, opts);
  return new PlatformError("rejected", message, opts);
}
