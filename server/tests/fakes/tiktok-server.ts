// A local stand-in for the TikTok endpoints Sufra uses: Login Kit's authorize step (authorize(): the
// checks TikTok's page makes, granting only the scopes of the app's products) and token endpoint
// (authorization code bound to its client, redirect_uri and PKCE S256 challenge, single use, short
// lived; refresh with rotation), user/info, the Content Posting API (creator_info, video/init,
// inbox/video/init, content/init for photos, the upload URL taking chunks with Content-Range, and
// status/fetch) and video/query for figures, with TikTok's envelope { data, error: { code, message,
// log_id } } and OAuth's { error, error_description }. It refuses what TikTok refuses: a missing scope
// (scope_not_authorized), an expired token (access_token_invalid), a privacy level the creator does
// not offer (privacy_level_option_mismatch), a public post from an unaudited app
// (unaudited_client_can_only_post_to_private_accounts) and more than 5 posting creators a day for one
// (reached_active_user_cap), a pull URL on a domain not verified with TikTok (url_ownership_unverified),
// a chunk plan outside the media transfer guide's rules (invalid_param) and a chunk that is not the
// next one of that plan (400 for a wrong Content-Length, 416 for a wrong Content-Range), more than 6
// init calls a minute per token (rate_limit_exceeded, 429). It reads the media itself, as TikTok does,
// and fails the post (status FAILED) with TikTok's fail_reason: a video that is not an MP4 or a photo
// that is not a JPEG or WebP (file_format_check_failed), a video longer than the creator may post
// (duration_check_failed), outside 23-60 frames a second (frame_rate_check_failed) or 360-4096 pixels
// a side, or a photo over 1080p (picture_size_check_failed). Posts' public ids are int64 in JSON, as
// TikTok sends them. Tests steer it through `state`.
import type http from "node:http";
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { Holds, type Held } from "./holds.ts";
import { isJpeg, isMp4, mp4DurationMs, mp4VideoFacts } from "./media-facts.ts";
import { serveFake, type ServedFake } from "./serve.ts";

type TikTokEndpoint =
  | "token"
  | "userinfo"
  | "creator_info"
  | "video_init"
  | "inbox_init"
  | "content_init"
  | "upload"
  | "status"
  | "video_query";
type PrivacyLevel = "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";

export interface TikTokCreator {
  openId: string;
  username: string;
  nickname?: string;
  privacyLevelOptions?: PrivacyLevel[];
  commentDisabled?: boolean;
  duetDisabled?: boolean;
  stitchDisabled?: boolean;
  maxVideoPostDurationSec?: number;
}

interface TikTokInit {
  endpoint: "video_init" | "inbox_init" | "content_init";
  openId: string;
  body: any;
  publishId: string;
  at: number;
}

interface TikTokPublish {
  publishId: string;
  openId: string;
  kind: "video" | "photo";
  mode: "direct" | "inbox";
  source: "FILE_UPLOAD" | "PULL_FROM_URL";
  status: "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED";
  failReason?: string;
  videoSize?: number;
  chunkSize?: number;
  totalChunks?: number;
  received: Buffer[];
  uploadedBytes: number;
  /** status polls left before processing ends */
  pollsLeft: number;
  postId?: string;
  body: any;
  /** TikTok is downloading the media (PULL_FROM_URL) */
  pulling?: boolean;
  /** what TikTok read from each photo it pulled */
  photos: { format: string; width: number; height: number; bytes: number }[];
  /** what TikTok read from the video it got */
  video?: { durationMs: number | null; width: number; height: number; fps: number } | null;
}

interface AccessToken {
  openId: string;
  scopes: string[];
  expiresAt: number;
}

/**
 * The TikTok app Sufra's client key belongs to, as its developer portal configures it: the products
 * added decide the scopes a person can be asked for (Login Kit: user.info.basic, user.info.profile;
 * Content Posting API: video.upload, plus video.publish once Direct Post is turned on; Display API:
 * video.list), and the redirect URIs registered for Login Kit.
 */
interface TikTokApp {
  directPost: boolean;
  displayApi: boolean;
  redirectUris: string[];
}

const appScopes = (app: TikTokApp): string[] => [
  "user.info.basic",
  "user.info.profile",
  "video.upload",
  ...(app.directPost ? ["video.publish"] : []),
  ...(app.displayApi ? ["video.list"] : []),
];

/** An authorization code: bound to the client, redirect_uri and PKCE challenge it was issued for. */
interface IssuedCode extends TikTokCreator {
  clientKey: string;
  redirectUri: string;
  codeChallenge?: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

const API_ERRORS: Record<string, { status: number; message: string }> = {
  access_token_invalid: { status: 401, message: "The access token is invalid or not found in the request." },
  scope_not_authorized: {
    status: 401,
    message: "The user did not authorize the scope required for completing this request.",
  },
  rate_limit_exceeded: { status: 429, message: "API rate limit was exceeded, please try again later." },
  // the Display API's code (user/info, video/query); the Content Posting API's init calls say invalid_param
  invalid_params: { status: 400, message: "The request parameters are invalid." },
  invalid_param: { status: 400, message: "Check error message for details." },
  invalid_publish_id: { status: 400, message: "The publish_id does not exist." },
  privacy_level_option_mismatch: {
    status: 400,
    message: "privacy_level is not one of the creator's privacy_level_options.",
  },
  unaudited_client_can_only_post_to_private_accounts: {
    status: 403,
    message: "Unaudited clients can only post to a private account.",
  },
  url_ownership_unverified: { status: 403, message: "Please review our URL ownership verification rules." },
  reached_active_user_cap: {
    status: 403,
    message: "The daily quota for active publishing users from your client is reached.",
  },
  spam_risk_too_many_posts: { status: 403, message: "The daily post cap from the current user has been reached." },
  internal_error: { status: 500, message: "Something went wrong on TikTok's side." },
};

export interface TikTokFakeState {
  url: string;
  config: { clientKey: string; clientSecret: string; authorizeUrl: string };
  /** the app passed TikTok's audit: public posts allowed, no cap on posting creators */
  audited: boolean;
  /** the app's products and registered redirect URIs (what the authorize step allows) */
  app: TikTokApp;
  /** how long an authorization code works (TikTok publishes no figure; minutes, as OAuth asks) */
  codeTtlMs: number;
  /** domains (host, or host:port) whose URLs TikTok may pull (URL ownership verification, domain properties) */
  verifiedDomains: string[];
  /** URL prefixes verified in the app (URL ownership verification, URL-prefix properties): a pull URL must start with one (or be on a verified domain) */
  verifiedUrlPrefixes: string[];
  creators: Map<string, TikTokCreator>;
  inits: TikTokInit[];
  publishes: Map<string, TikTokPublish>;
  /** status polls a post stays processing after its media arrived */
  processingPolls: number;
  /** figures answered by video/query, by public post id */
  stats: Map<string, { view_count: number; like_count: number; comment_count: number; share_count: number }>;
  /** video/query calls, with the ids each asked for */
  videoQueries: string[][];
  /** every status/fetch call's publish_id */
  statusFetches: string[];
  /** refresh_token grants answered */
  refreshes: number;
  /** every call of each endpoint, answered or refused */
  calls: Partial<Record<TikTokEndpoint, number>>;
  /** the environment pointing Sufra at this stand-in */
  env: Record<string, string>;
  /**
   * The person on TikTok's authorize page, approving: the URL Sufra sent them to is checked as TikTok's
   * page checks it. Answers where TikTok sends them back (the redirect_uri with code, scopes and state),
   * or TikTok's error page (no redirect) for a request it refuses. `decline`: scopes the person untoggles.
   */
  authorize(
    authorizeUrl: string,
    creator: TikTokCreator,
    opts?: { decline?: string[] },
  ): { location: string; code: string } | { error: string; description: string };
  /** a code as if TikTok issued it (a forged or replayed callback); scopes: the app's by default */
  issueCode(code: string, c: TikTokCreator & { codeChallenge?: string; redirectUri: string; scopes?: string[] }): void;
  /** the next `times` calls of an endpoint answer this TikTok error */
  failNext(endpoint: TikTokEndpoint, code: keyof typeof API_ERRORS, times?: number): void;
  hold(endpoint: TikTokEndpoint, opts?: { ms?: number }): Held;
  /** expires every access token of a creator (TikTok's 24 hours, now) */
  expireTokens(openId: string): void;
  initCount(openId?: string): number;
  /** creators who posted through this (unaudited) app in the last 24 hours */
  activePosters(): number;
}

export async function startTikTokFake(
  opts: { audited?: boolean; directPost?: boolean; displayApi?: boolean } = {},
): Promise<ServedFake<TikTokFakeState>> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, { openId: string; scopes: string[]; clientKey: string }>();
  const failures = new Map<TikTokEndpoint, { code: string; times: number }>();
  const holds = new Holds<TikTokEndpoint>();
  /** per token and endpoint family: the times of recent calls (a sliding minute) */
  const calls = new Map<string, number[]>();
  /** unaudited apps: which creators posted when (5 a day) */
  const posters = new Map<string, number>();
  let seq = 7_311_000_000_000_000_000n;

  const state: TikTokFakeState = {
    url: "",
    config: {
      clientKey: "tt-client-key",
      clientSecret: "tt-client-secret",
      authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/",
    },
    audited: opts.audited ?? false,
    app: { directPost: opts.directPost ?? true, displayApi: opts.displayApi ?? true, redirectUris: [] },
    codeTtlMs: 5 * 60_000,
    verifiedDomains: [],
    verifiedUrlPrefixes: [],
    creators: new Map(),
    inits: [],
    publishes: new Map(),
    processingPolls: 1,
    stats: new Map(),
    videoQueries: [],
    statusFetches: [],
    refreshes: 0,
    calls: {},
    env: {},
    authorize(authorizeUrl, creator, o = {}) {
      const refuse = (error: string, description: string) => ({ error, description });
      const u = new URL(authorizeUrl);
      const q = u.searchParams;
      if (`${u.origin}${u.pathname}` !== state.config.authorizeUrl)
        return refuse("invalid_request", "Not TikTok's authorize page.");
      if (q.get("client_key") !== state.config.clientKey) return refuse("invalid_client", "client_key is unknown.");
      if (q.get("response_type") !== "code") return refuse("unsupported_response_type", "response_type must be code.");
      // redirect_uri: exactly one of those registered for Login Kit
      const redirectUri = q.get("redirect_uri") ?? "";
      if (!state.app.redirectUris.includes(redirectUri))
        return refuse("invalid_request", "redirect_uri is not registered for this app.");
      const state_ = q.get("state");
      if (!state_) return refuse("invalid_request", "state is required.");
      // scope: comma-separated, each one the app's products grant
      const requested = (q.get("scope") ?? "").split(",");
      const allowed = appScopes(state.app);
      if (!requested.length || requested.some((s) => !s || s !== s.trim() || !allowed.includes(s)))
        return refuse(
          "invalid_scope",
          `The app may not ask for: ${requested.filter((s) => !allowed.includes(s)).join(",") || "(empty)"}.`,
        );
      const challenge = q.get("code_challenge") ?? undefined;
      if (challenge !== undefined && q.get("code_challenge_method") !== "S256")
        return refuse("invalid_request", "code_challenge_method must be S256.");
      if (challenge === undefined && q.has("code_challenge_method"))
        return refuse("invalid_request", "code_challenge is missing.");
      const granted = [...new Set(requested)].filter((s) => s === "user.info.basic" || !o.decline?.includes(s));
      const code = `tt-code-${randomBytes(12).toString("base64url")}*!${seq++}`;
      codes.set(code, {
        ...creator,
        clientKey: state.config.clientKey,
        redirectUri,
        codeChallenge: challenge,
        scopes: granted,
        expiresAt: Date.now() + state.codeTtlMs,
        used: false,
      });
      state.creators.set(creator.openId, { ...creator });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("scopes", granted.join(","));
      back.searchParams.set("state", state_);
      return { location: back.toString(), code };
    },
    issueCode(code, c) {
      codes.set(code, {
        ...c,
        clientKey: state.config.clientKey,
        scopes: c.scopes ?? appScopes(state.app),
        expiresAt: Date.now() + state.codeTtlMs,
        used: false,
      });
      state.creators.set(c.openId, { ...c });
    },
    failNext(endpoint, code, times = 1) {
      failures.set(endpoint, { code, times });
    },
    hold: (endpoint, o) => holds.hold(endpoint, o),
    expireTokens(openId) {
      for (const t of tokens.values()) if (t.openId === openId) t.expiresAt = 0;
    },
    initCount: (openId) => state.inits.filter((i) => !openId || i.openId === openId).length,
    activePosters: () => [...posters.values()].filter((at) => at > Date.now() - 86_400_000).length,
  };

  const logId = () => randomBytes(12).toString("hex").toUpperCase();
  const send = (
    res: http.ServerResponse,
    status: number,
    body: string | object,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const ok = (res: http.ServerResponse, data: unknown) =>
    send(res, 200, { data, error: { code: "ok", message: "", log_id: logId() } });
  const apiError = (res: http.ServerResponse, code: string, message?: string) => {
    const e = API_ERRORS[code] ?? { status: 400, message: code };
    send(res, e.status, { data: {}, error: { code, message: message ?? e.message, log_id: logId() } });
  };
  /** a sliding-minute limit per token: false (and a 429) when it is spent */
  const within = (res: http.ServerResponse, key: string, perMinute: number) => {
    const now = Date.now();
    const recent = (calls.get(key) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= perMinute) {
      calls.set(key, recent);
      apiError(res, "rate_limit_exceeded");
      return false;
    }
    recent.push(now);
    calls.set(key, recent);
    return true;
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", state.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const type = String(req.headers["content-type"] ?? "");
    const path = url.pathname;

    const endpoint: TikTokEndpoint | null =
      path === "/v2/oauth/token/"
        ? "token"
        : path === "/v2/user/info/"
          ? "userinfo"
          : path === "/v2/post/publish/creator_info/query/"
            ? "creator_info"
            : path === "/v2/post/publish/video/init/"
              ? "video_init"
              : path === "/v2/post/publish/inbox/video/init/"
                ? "inbox_init"
                : path === "/v2/post/publish/content/init/"
                  ? "content_init"
                  : path.startsWith("/upload/")
                    ? "upload"
                    : path === "/v2/post/publish/status/fetch/"
                      ? "status"
                      : path === "/v2/video/query/"
                        ? "video_query"
                        : null;
    if (!endpoint) return send(res, 404, { error: { code: "not_found", message: "not found", log_id: logId() } });
    state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;
    const { wait } = holds.take(endpoint);
    const failure = failures.get(endpoint);
    if (failure && failure.times > 0) {
      failure.times--;
      await wait();
      return endpoint === "token"
        ? send(res, 400, { error: failure.code, error_description: failure.code, log_id: logId() })
        : apiError(res, failure.code);
    }

    if (endpoint === "token") {
      // Login Kit's token endpoint (Manage User Access Tokens; errors as OAuth error handling lists them)
      const oauthError = (status: number, error: string, description: string) =>
        send(res, status, { error, error_description: description, log_id: logId() });
      if (req.method !== "POST" || !type.startsWith("application/x-www-form-urlencoded"))
        return oauthError(400, "invalid_request", "The request must be a form-encoded POST.");
      const f = new URLSearchParams(raw.toString("utf8"));
      if (!f.get("client_key") || !f.get("client_secret"))
        return oauthError(400, "invalid_request", "client_key and client_secret are required.");
      if (f.get("client_key") !== state.config.clientKey || f.get("client_secret") !== state.config.clientSecret)
        return oauthError(401, "invalid_client", "Client key or secret is incorrect.");
      // TikTok's current lifetimes: access tokens 2 hours, refresh tokens 180 days, rotated on each refresh
      const issue = (openId: string, scopes: string[]) => {
        const access = `act.${randomBytes(16).toString("hex")}`;
        const refreshToken = `rft.${randomBytes(16).toString("hex")}`;
        tokens.set(access, { openId, scopes, expiresAt: Date.now() + 7_200_000 });
        refreshTokens.set(refreshToken, { openId, scopes, clientKey: state.config.clientKey });
        return send(res, 200, {
          access_token: access,
          expires_in: 7_200,
          open_id: openId,
          refresh_expires_in: 15_552_000,
          refresh_token: refreshToken,
          scope: scopes.join(","),
          token_type: "Bearer",
        });
      };
      const grant = f.get("grant_type");
      if (grant === "authorization_code") {
        if (!f.get("code") || !f.get("redirect_uri"))
          return oauthError(400, "invalid_request", "code and redirect_uri are required.");
        const c = codes.get(f.get("code")!);
        if (!c || c.clientKey !== f.get("client_key"))
          return oauthError(400, "invalid_grant", "Authorization code is invalid.");
        if (c.used) return oauthError(400, "invalid_grant", "Authorization code has been used.");
        if (c.expiresAt < Date.now()) return oauthError(400, "invalid_grant", "Authorization code is expired.");
        if (f.get("redirect_uri") !== c.redirectUri)
          return oauthError(
            400,
            "invalid_grant",
            "redirect_uri does not match the one used for the authorization request.",
          );
        if (c.codeChallenge !== undefined) {
          // RFC 7636 S256 (base64url of SHA-256), as a web app's challenge; TikTok's desktop flow hex-encodes instead
          const verifier = f.get("code_verifier") ?? "";
          if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))
            return oauthError(400, "invalid_grant", "code_verifier is missing or malformed.");
          if (createHash("sha256").update(verifier).digest("base64url") !== c.codeChallenge)
            return oauthError(400, "invalid_grant", "code_verifier does not match the code_challenge.");
        }
        c.used = true;
        return issue(c.openId, c.scopes);
      }
      if (grant === "refresh_token") {
        const sent = f.get("refresh_token");
        if (!sent) return oauthError(400, "invalid_request", "refresh_token is required.");
        const r = refreshTokens.get(sent);
        if (!r || r.clientKey !== f.get("client_key"))
          return oauthError(400, "invalid_grant", "Refresh token is invalid or expired.");
        // rotation: the refresh token sent stops working once a new one is issued
        refreshTokens.delete(sent);
        state.refreshes++;
        return issue(r.openId, r.scopes);
      }
      return oauthError(400, "unsupported_grant_type", "Unsupported grant type.");
    }

    if (endpoint === "upload") {
      await wait();
      const p = state.publishes.get(path.slice("/upload/".length));
      if (!p || p.source !== "FILE_UPLOAD" || p.status !== "PROCESSING_UPLOAD")
        return send(res, 404, { error: { code: "invalid_params", message: "Upload URL is invalid or expired." } });
      if (req.method !== "PUT") return send(res, 405, {});
      const ctype = String(req.headers["content-type"] ?? "");
      if (!["video/mp4", "video/quicktime", "video/webm"].includes(ctype))
        return send(res, 400, {
          error: { code: "invalid_params", message: "Content-Type must be video/mp4, video/quicktime or video/webm." },
        });
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers["content-range"] ?? ""));
      if (!m)
        return send(res, 400, { error: { code: "invalid_params", message: "Content-Range is missing or malformed." } });
      // Content-Length is this chunk's size, and must be the body's true size
      const length = req.headers["content-length"];
      if (length === undefined || Number(length) !== raw.length)
        return send(res, 400, {
          error: { code: "invalid_params", message: "Content-Length must be the byte size of this chunk." },
        });
      const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
      // chunks come in order, each the next one of the plan announced at init
      const index = p.received.length;
      const expectedFirst = index * p.chunkSize!;
      const expectedLast = index === p.totalChunks! - 1 ? p.videoSize! - 1 : expectedFirst + p.chunkSize! - 1;
      if (total !== p.videoSize || first !== expectedFirst || last !== expectedLast || raw.length !== last - first + 1)
        return send(res, 416, {
          error: { code: "invalid_params", message: `Expected bytes ${expectedFirst}-${expectedLast}/${p.videoSize}.` },
        });
      p.received.push(raw);
      p.uploadedBytes += raw.length;
      if (p.received.length < p.totalChunks!)
        return send(res, 206, "", { "content-range": `bytes 0-${p.uploadedBytes - 1}/${p.videoSize}` });
      // all bytes in: TikTok checks the file, then processes it
      if (checkVideo(p, Buffer.concat(p.received))) p.status = "PROCESSING_DOWNLOAD";
      return send(res, 201, "", { "content-range": `bytes 0-${p.uploadedBytes - 1}/${p.videoSize}` });
    }

    // the Display and Content Posting APIs: a Bearer token with the scope each needs
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1] ?? "";
    const token = tokens.get(bearer);
    if (!token || token.expiresAt < Date.now()) return apiError(res, "access_token_invalid");
    const needs: Record<string, string> = {
      userinfo: "user.info.basic",
      creator_info: "video.publish",
      video_init: "video.publish",
      inbox_init: "video.upload",
      status: "video.upload",
      video_query: "video.list",
    };
    let scope = needs[endpoint];
    const body = type.startsWith("application/json") && raw.length ? JSON.parse(raw.toString("utf8")) : {};
    if (endpoint === "content_init") scope = body.post_mode === "MEDIA_UPLOAD" ? "video.upload" : "video.publish";
    if (endpoint === "status" && !token.scopes.includes("video.upload")) scope = "video.publish";
    if (scope && !token.scopes.includes(scope)) return apiError(res, "scope_not_authorized");
    const creator = state.creators.get(token.openId)!;

    if (endpoint === "userinfo") {
      if (req.method !== "GET") return send(res, 405, {});
      const fields = (url.searchParams.get("fields") ?? "").split(",").filter(Boolean);
      if (!fields.length) return apiError(res, "invalid_params", "fields is required");
      // username, bio and the like moved to user.info.profile
      const profile = ["username", "bio_description", "profile_deep_link", "is_verified"];
      const stats = ["follower_count", "following_count", "likes_count", "video_count"];
      if (fields.some((f) => profile.includes(f)) && !token.scopes.includes("user.info.profile"))
        return apiError(res, "scope_not_authorized");
      if (fields.some((f) => stats.includes(f)) && !token.scopes.includes("user.info.stats"))
        return apiError(res, "scope_not_authorized");
      const all: Record<string, unknown> = {
        open_id: creator.openId,
        union_id: `union-${creator.openId}`,
        avatar_url: `https://p16.tiktokcdn.example/${creator.openId}.jpeg`,
        display_name: creator.nickname ?? creator.username,
        username: creator.username,
      };
      return ok(res, { user: Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) });
    }
    if (req.method !== "POST") return send(res, 405, {});
    if (raw.length && !type.startsWith("application/json"))
      return apiError(res, "invalid_params", "Content-Type must be application/json");

    if (endpoint === "creator_info") {
      if (!within(res, `${bearer}:creator_info`, 20)) return;
      await wait();
      return ok(res, {
        creator_avatar_url: `https://p16.tiktokcdn.example/${creator.openId}.jpeg`,
        creator_username: creator.username,
        creator_nickname: creator.nickname ?? creator.username,
        privacy_level_options: creator.privacyLevelOptions ?? [
          "PUBLIC_TO_EVERYONE",
          "MUTUAL_FOLLOW_FRIENDS",
          "SELF_ONLY",
        ],
        comment_disabled: creator.commentDisabled ?? false,
        duet_disabled: creator.duetDisabled ?? false,
        stitch_disabled: creator.stitchDisabled ?? false,
        max_video_post_duration_sec: creator.maxVideoPostDurationSec ?? 600,
      });
    }

    if (endpoint === "video_init" || endpoint === "inbox_init" || endpoint === "content_init") {
      // 6 init requests a minute per user token, across the init endpoints
      if (!within(res, `${bearer}:init`, 6)) return;
      const direct = endpoint === "video_init" || (endpoint === "content_init" && body.post_mode === "DIRECT_POST");
      const info = body.post_info ?? {};
      if (endpoint === "content_init") {
        if (body.media_type !== "PHOTO") return apiError(res, "invalid_param", "media_type must be PHOTO");
        if (!["DIRECT_POST", "MEDIA_UPLOAD"].includes(body.post_mode))
          return apiError(res, "invalid_param", "post_mode must be DIRECT_POST or MEDIA_UPLOAD");
        const s = body.source_info ?? {};
        if (
          s.source !== "PULL_FROM_URL" ||
          !Array.isArray(s.photo_images) ||
          s.photo_images.length < 1 ||
          s.photo_images.length > 35
        )
          return apiError(res, "invalid_param", "photo_images must list 1 to 35 URLs pulled from a verified domain");
        if (
          !Number.isInteger(s.photo_cover_index) ||
          s.photo_cover_index < 0 ||
          s.photo_cover_index >= s.photo_images.length
        )
          return apiError(res, "invalid_param", "photo_cover_index is out of range");
        if (typeof info.title === "string" && [...info.title].length > 90)
          return apiError(res, "invalid_param", "title is longer than 90 characters");
        if (typeof info.description === "string" && [...info.description].length > 4000)
          return apiError(res, "invalid_param", "description is longer than 4000 characters");
        // content/init's post_info: disable_comment, auto_add_music and the brand toggles are bool, each optional
        for (const f of ["disable_comment", "auto_add_music", "brand_content_toggle", "brand_organic_toggle"])
          if (f in info && typeof info[f] !== "boolean")
            return apiError(res, "invalid_param", `${f} must be a boolean`);
        for (const u of s.photo_images) if (!verified(u)) return apiError(res, "url_ownership_unverified");
      } else {
        const s = body.source_info ?? {};
        if (s.source === "PULL_FROM_URL") {
          if (typeof s.video_url !== "string") return apiError(res, "invalid_param", "video_url is required");
          if (!verified(s.video_url)) return apiError(res, "url_ownership_unverified");
        } else if (s.source === "FILE_UPLOAD") {
          const problem = chunkProblem(s.video_size, s.chunk_size, s.total_chunk_count);
          if (problem) return apiError(res, "invalid_param", problem);
        } else return apiError(res, "invalid_param", "source must be FILE_UPLOAD or PULL_FROM_URL");
      }
      if (direct) {
        if (endpoint === "video_init" && typeof info.title === "string" && [...info.title].length > 2200)
          return apiError(res, "invalid_param", "title is longer than 2200 characters");
        const options = creator.privacyLevelOptions ?? ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"];
        if (!options.includes(info.privacy_level)) return apiError(res, "privacy_level_option_mismatch");
        if (!state.audited && info.privacy_level !== "SELF_ONLY")
          return apiError(res, "unaudited_client_can_only_post_to_private_accounts");
      }
      if (!state.audited) {
        // an unaudited client: at most 5 creators posting in 24 hours
        const day = Date.now() - 86_400_000;
        for (const [id, at] of posters) if (at < day) posters.delete(id);
        if (!posters.has(creator.openId) && posters.size >= 5) return apiError(res, "reached_active_user_cap");
        posters.set(creator.openId, Date.now());
      }
      const publishId = `v_pub_${endpoint === "content_init" ? "photo" : "file"}~v2-1.${(seq++).toString()}`;
      state.inits.push({ endpoint, openId: creator.openId, body, publishId, at: Date.now() });
      const s = body.source_info;
      const p: TikTokPublish = {
        publishId,
        openId: creator.openId,
        kind: endpoint === "content_init" ? "photo" : "video",
        mode: direct ? "direct" : "inbox",
        source: s.source,
        status: s.source === "FILE_UPLOAD" ? "PROCESSING_UPLOAD" : "PROCESSING_DOWNLOAD",
        videoSize: s.video_size,
        chunkSize: s.chunk_size,
        totalChunks: s.total_chunk_count,
        received: [],
        photos: [],
        uploadedBytes: 0,
        pollsLeft: state.processingPolls,
        body,
      };
      state.publishes.set(publishId, p);
      // the post exists from here; a held answer is lost on the way back, not the post
      await wait();
      if (s.source === "PULL_FROM_URL") void pull(p, p.kind === "photo" ? s.photo_images : [s.video_url]);
      return ok(
        res,
        s.source === "FILE_UPLOAD"
          ? { publish_id: publishId, upload_url: `${state.url}/upload/${publishId}` }
          : { publish_id: publishId },
      );
    }

    if (endpoint === "status") {
      if (!within(res, `${bearer}:status`, 30)) return;
      const p = state.publishes.get(String(body.publish_id ?? ""));
      if (!p || p.openId !== creator.openId) return apiError(res, "invalid_publish_id");
      state.statusFetches.push(p.publishId);
      await wait();
      if (p.status === "PROCESSING_DOWNLOAD" && !p.pulling) {
        if (p.pollsLeft > 0) p.pollsLeft--;
        else if (p.mode === "inbox") p.status = "SEND_TO_USER_INBOX";
        else {
          p.status = "PUBLISH_COMPLETE";
          p.postId = (seq++).toString();
        }
      }
      const data: Record<string, unknown> = { status: p.status, uploaded_bytes: p.uploadedBytes };
      if (p.failReason) data.fail_reason = p.failReason;
      // TikTok sends the public ids as int64 numbers (beyond JavaScript's safe integers): written raw
      const ids = p.status === "PUBLISH_COMPLETE" && p.postId ? `[${p.postId}]` : "[]";
      return send(
        res,
        200,
        `{"data":${JSON.stringify(data).slice(0, -1)},"publicaly_available_post_id":${ids}},"error":{"code":"ok","message":"","log_id":"${logId()}"}}`,
      );
    }

    if (endpoint === "video_query") {
      const fields = (url.searchParams.get("fields") ?? "").split(",").filter(Boolean);
      const allowed = [
        "id",
        "create_time",
        "title",
        "cover_image_url",
        "share_url",
        "view_count",
        "like_count",
        "comment_count",
        "share_count",
        "duration",
      ];
      if (!fields.length || fields.some((f) => !allowed.includes(f)))
        return apiError(res, "invalid_params", "fields is invalid");
      const ids = body.filters?.video_ids;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > 20)
        return apiError(res, "invalid_params", "filters.video_ids must list 1 to 20 ids");
      state.videoQueries.push(ids.map(String));
      await wait();
      const mine = [...state.publishes.values()].filter((p) => p.openId === creator.openId && p.postId);
      const videos = ids
        .map(String)
        .filter((id) => mine.some((p) => p.postId === id))
        .map((id) => {
          const all: Record<string, unknown> = {
            id,
            ...(state.stats.get(id) ?? { view_count: 0, like_count: 0, comment_count: 0, share_count: 0 }),
          };
          return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
        });
      return ok(res, { videos, cursor: 0, has_more: false });
    }
    return send(res, 404, {});
  }

  function verified(u: string) {
    try {
      const url = new URL(u);
      return (
        state.verifiedDomains.includes(url.host) ||
        state.verifiedDomains.includes(url.hostname) ||
        state.verifiedUrlPrefixes.some((p) => url.href.startsWith(p))
      );
    } catch {
      return false;
    }
  }

  function fail(p: TikTokPublish, reason: string): false {
    p.status = "FAILED";
    p.failReason = reason;
    return false;
  }

  /**
   * TikTok's video restrictions (media transfer guide): MP4, WebM or MOV; 23 to 60 frames a second;
   * 360 to 4096 pixels a side; no longer than the creator may post (creator_info's
   * max_video_post_duration_sec for a direct post, 10 minutes for the creator's inbox). False when the
   * post failed.
   */
  function checkVideo(p: TikTokPublish, file: Buffer): boolean {
    if (!isMp4(file)) return fail(p, "file_format_check_failed");
    const facts = mp4VideoFacts(file);
    const durationMs = mp4DurationMs(file);
    p.video = facts && { ...facts, durationMs };
    if (!facts || durationMs === null) return fail(p, "file_format_check_failed");
    const creator = state.creators.get(p.openId);
    const maxSec = p.mode === "direct" ? (creator?.maxVideoPostDurationSec ?? 600) : 600;
    if (durationMs > maxSec * 1000) return fail(p, "duration_check_failed");
    if (facts.fps < 23 || facts.fps > 60) return fail(p, "frame_rate_check_failed");
    if (Math.min(facts.width, facts.height) < 360 || Math.max(facts.width, facts.height) > 4096)
      return fail(p, "picture_size_check_failed");
    return true;
  }

  /**
   * TikTok's image restrictions (media transfer guide): WebP or JPEG, at most 1080p (read as 1080 on
   * the short side and 1920 on the long one, either way up), at most 20 MB each. False when the post failed.
   */
  async function checkPhoto(p: TikTokPublish, file: Buffer): Promise<boolean> {
    const isWebp =
      file.length > 12 && file.toString("latin1", 0, 4) === "RIFF" && file.toString("latin1", 8, 12) === "WEBP";
    if (!isJpeg(file) && !isWebp) {
      p.photos.push({ format: "other", width: 0, height: 0, bytes: file.length });
      return fail(p, "file_format_check_failed");
    }
    const meta = await sharp(file).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const [width, height] = turned ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    p.photos.push({ format: isWebp ? "webp" : "jpeg", width, height, bytes: file.length });
    if (Math.min(width, height) > 1080 || Math.max(width, height) > 1920 || file.length > 20 * 1000 * 1000)
      return fail(p, "picture_size_check_failed");
    return true;
  }

  /** PULL_FROM_URL: TikTok downloads the media itself; a URL that does not answer, or media TikTok refuses, fails the post. */
  async function pull(p: TikTokPublish, urls: string[]) {
    p.pulling = true;
    try {
      for (const u of urls) {
        const r = await fetch(u, { redirect: "manual" }).catch(() => null);
        // redirections are not followed: a 3xx is a failed pull
        if (!r || r.status !== 200) return fail(p, p.kind === "photo" ? "photo_pull_failed" : "video_pull_failed");
        const bytes = Buffer.from(await r.arrayBuffer());
        p.uploadedBytes += bytes.length;
        if (!(p.kind === "photo" ? await checkPhoto(p, bytes) : checkVideo(p, bytes))) return;
      }
    } finally {
      p.pulling = false;
    }
  }

  const served = await serveFake(state, handle, (err, res) => {
    if (!res.headersSent)
      send(res, 500, { data: {}, error: { code: "internal_error", message: String(err), log_id: logId() } });
  });
  state.env = {
    TIKTOK_CLIENT_KEY: state.config.clientKey,
    TIKTOK_CLIENT_SECRET: state.config.clientSecret,
    TIKTOK_AUTHORIZE_URL: state.config.authorizeUrl,
    TIKTOK_API_URL: served.url,
  };
  return served;
}

const MiB = 1024 * 1024;
/**
 * TikTok's chunk rules (Content Posting API, media transfer guide): total_chunk_count = floor(video_size /
 * chunk_size); every chunk 5 to 64 MB but the last, which takes the trailing bytes (up to 128 MB); a
 * video under 5 MB goes whole (chunk_size = video_size), one over 64 MB in several chunks; 1 to 1000
 * chunks; videos of at most 4 GB. The guide writes "MB" while its whole-upload example of "4 MB" is
 * 4,194,304 bytes: a plan is taken only if it keeps the rules read either way (MB as 1,000,000 or as
 * 1,048,576 bytes), so what passes here passes TikTok whichever it means.
 */
export function chunkProblem(size: unknown, chunk: unknown, count: unknown): string | null {
  if (!Number.isInteger(size) || !Number.isInteger(chunk) || !Number.isInteger(count))
    return "video_size, chunk_size and total_chunk_count must be integers";
  const [s, c, n] = [size as number, chunk as number, count as number];
  if (s <= 0 || c <= 0) return "video_size and chunk_size must be positive";
  if (s > 4 * 1024 * MiB) return "a video may be at most 4 GB";
  for (const MB of [1_000_000, MiB]) {
    const unit = MB === MiB ? "MiB" : "MB";
    if (s < 5 * MB) {
      if (c !== s || n !== 1) return `a video under 5 ${unit} is uploaded whole: chunk_size = video_size, one chunk`;
      continue;
    }
    if (n !== Math.floor(s / c)) return "total_chunk_count must be floor(video_size / chunk_size)";
    if (n < 1 || n > 1000) return "there must be 1 to 1000 chunks";
    // every chunk but the last is chunk_size bytes; the last takes the rest
    const last = s - (n - 1) * c;
    if (c < 5 * MB || c > 64 * MB) return `chunk_size must be between 5 and 64 ${unit}`;
    if (n === 1 && s > 64 * MB) return `a video over 64 ${unit} is uploaded in several chunks`;
    if (last > 128 * MB) return `the last chunk may be at most 128 ${unit}`;
  }
  return null;
}
