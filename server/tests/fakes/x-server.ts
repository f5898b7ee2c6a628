// A local stand-in for the X API v2 endpoints Sufra uses: OAuth 2.0 token (with a real PKCE
// S256 check and refresh-token rotation), users/me (with public_metrics), v2 media upload (one-shot and chunked, real
// multipart), tweets, a user's timeline and tweet lookup with metrics, with X's error JSON and
// rate-limit headers (per endpoint, per user per day, per app per day). It refuses what X refuses:
// a post over 280 characters as X counts them (twitter-text's weighting: URLs 23, CJK and emoji 2),
// and, for an app whose access tier lacks an endpoint, 403 "Client Forbidden" (client-not-enrolled).
// Threads and alt text too: a reply must name a post that exists (403 otherwise), media metadata sets
// alt text (at most 1,000 characters) on the caller's own image or GIF only, a subscribed or verified
// account may post up to 25,000 characters (everyone else 280), and a GIF (up to 15 MB, chunked above
// 5 MB) goes alone in its post. Tests steer it through `state`.
import { Holds, type Held } from "./holds.ts";
import { serveFake, type ServedFake } from "./serve.ts";
import type http from "node:http";
import { createHash, randomBytes } from "node:crypto";

export type XEndpoint =
  | "token"
  | "me"
  | "upload"
  | "initialize"
  | "append"
  | "finalize"
  | "status"
  | "metadata"
  | "tweet"
  | "timeline"
  | "lookup";

export interface XUser {
  userId: string;
  username: string;
  name?: string;
  /** users/me's verified, verified_type and subscription_type: who may post long posts */
  verified?: boolean;
  verifiedType?: "blue" | "business" | "government" | "none";
  subscriptionType?: "Basic" | "Premium" | "PremiumPlus" | "None";
}

/** X lets subscribers (and verified organisations) post up to 25,000 characters; everyone else 280. */
const xPostLimit = (u: XUser | undefined): number =>
  u &&
  (["Basic", "Premium", "PremiumPlus"].includes(u.subscriptionType ?? "None") ||
    ["blue", "business", "government"].includes(u.verifiedType ?? "none"))
    ? 25_000
    : 280;
export interface XAccessToken {
  token: string;
  userId: string;
  grantId: string;
  expiresAt: number;
  expired: boolean;
}
export interface XTweet {
  id: string;
  userId: string;
  text: string;
  mediaIds: string[];
  createdAt: Date;
  /** the post this one replies to, and the thread's first post */
  inReplyTo?: string;
  conversationId?: string;
}
export interface XMedia {
  id: string;
  userId: string;
  mime: string;
  category: string;
  totalBytes: number;
  segments: Map<number, number>;
  state: "uploading" | "pending" | "in_progress" | "succeeded" | "failed";
  pollsLeft: number;
  fail: boolean;
  /** set through POST /2/media/metadata */
  altText?: string;
}
export type XFailure = 429 | 500 | 503 | 401;
export type { Held } from "./holds.ts";
export interface XPublicMetrics {
  /** X's newer name for retweet_count (answered when `state.repostNaming` is set) */
  repost_count?: number;
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
}

export interface XUserPublicMetrics {
  followers_count: number;
  following_count: number;
  tweet_count: number;
  listed_count: number;
  like_count: number;
  media_count: number;
}

export class XFakeState {
  clientId = "x-client-id";
  /** null: a public client (no HTTP Basic) */
  clientSecret: string | null = "x-client-secret";
  users = new Map<string, XUser>();
  accessTokens = new Map<string, XAccessToken>();
  refreshTokens = new Map<string, { grantId: string; userId: string; used: boolean }>();
  revokedGrants = new Set<string>();
  codes = new Map<string, XUser & { codeChallenge: string; redirectUri?: string }>();
  tweets: XTweet[] = [];
  media = new Map<string, XMedia>();
  metrics = new Map<string, Partial<XPublicMetrics>>();
  /** answer non_public_metrics with a field authorization error for every tweet */
  refuseNonPublic = false;
  /** status polls a video stays in_progress; check_after_secs X suggests */
  videoProcessingPolls = 1;
  checkAfterSecs = 1;
  failVideoProcessing = false;
  calls: Partial<Record<XEndpoint, number>> = {};
  failures = new Map<XEndpoint, { as: XFailure; times: number; resetInSecs: number; daily: boolean; app: boolean }>();
  /** endpoints the app's access tier does not include: 403 client-not-enrolled */
  notEnrolled = new Set<XEndpoint>();
  /** public_metrics name reposts repost_count instead of retweet_count */
  repostNaming = false;
  holds = new Holds<XEndpoint>();
  private seq = 1_790_000_000_000_000_000n;
  url = "";

  nextId(): string {
    return String(++this.seq);
  }
  /** the adapter configuration that points at this fake */
  get config() {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret ?? undefined,
      authorizeUrl: `${this.url}/i/oauth2/authorize`,
      apiUrl: this.url,
    };
  }
  /** a code the token endpoint accepts once, with the PKCE challenge the authorize step would have kept */
  issueCode(code: string, user: XUser & { codeChallenge: string; redirectUri?: string }): void {
    this.codes.set(code, user);
    this.users.set(user.userId, user);
  }
  /** a ready token pair, without going through OAuth */
  issueTokens(user: XUser, ttlMs = 7_200_000): { accessToken: string; refreshToken: string } {
    this.users.set(user.userId, user);
    return this.grant(user.userId, randomBytes(8).toString("hex"), ttlMs);
  }
  grant(userId: string, grantId: string, ttlMs = 7_200_000): { accessToken: string; refreshToken: string } {
    const accessToken = randomBytes(24).toString("base64url");
    const refreshToken = randomBytes(24).toString("base64url");
    this.accessTokens.set(accessToken, {
      token: accessToken,
      userId,
      grantId,
      expiresAt: Date.now() + ttlMs,
      expired: false,
    });
    this.refreshTokens.set(refreshToken, { grantId, userId, used: false });
    return { accessToken, refreshToken };
  }
  issuedTokens(): XAccessToken[] {
    return [...this.accessTokens.values()];
  }
  /** the access token stops working; its refresh token still works */
  expireToken(accessToken: string): void {
    this.accessTokens.get(accessToken)!.expired = true;
  }
  /** the person revoked the app: every token of that grant answers 401, refresh answers invalid_grant */
  revokeToken(token: string): void {
    const grantId = this.accessTokens.get(token)?.grantId ?? this.refreshTokens.get(token)?.grantId;
    if (grantId) this.revokedGrants.add(grantId);
  }
  /**
   * the next `times` calls of an endpoint fail; 429 carries x-rate-limit-reset (now + resetInSecs), or with
   * `daily` the user's 24-hour cap, with `app` the whole app's 24-hour cap, spent until then
   */
  failNext(
    endpoint: XEndpoint,
    as: XFailure,
    times = 1,
    opts: { resetInSecs?: number; daily?: boolean; app?: boolean } = {},
  ): void {
    this.failures.set(endpoint, {
      as,
      times,
      resetInSecs: opts.resetInSecs ?? 900,
      daily: opts.daily ?? false,
      app: opts.app ?? false,
    });
  }
  /** holds the answer of the next call of an endpoint for `ms`, or until release() */
  hold(endpoint: XEndpoint, opts: { ms?: number; createOn?: "receipt" | "release" } = {}): Held {
    return this.holds.hold(endpoint, opts);
  }
  /** the same for the next post that is a reply (a thread's second part, say), whatever posts come before it */
  replyHolds = new Holds<"reply">();
  holdReply(opts: { ms?: number; createOn?: "receipt" | "release" } = {}): Held {
    return this.replyHolds.hold("reply", opts);
  }
  setMetrics(tweetId: string, m: Partial<XPublicMetrics>): void {
    this.metrics.set(tweetId, m);
  }
  /** a user's public figures, as users/me answers them with user.fields=public_metrics */
  userMetrics = new Map<string, Partial<XUserPublicMetrics>>();
  setUserMetrics(userId: string, m: Partial<XUserPublicMetrics>): void {
    this.userMetrics.set(userId, m);
  }
  posts(userId?: string): XTweet[] {
    return userId ? this.tweets.filter((t) => t.userId === userId) : this.tweets;
  }
}

class XError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.detail ?? body.error));
  }
}
const problem = (status: number, title: string, detail: string) =>
  new XError(status, { title, detail, type: "about:blank", status });
const invalid = (message: string, parameters: Record<string, unknown> = {}) =>
  new XError(400, {
    errors: [{ parameters, message }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.twitter.com/2/problems/invalid-request",
  });
const unauthorized = () => problem(401, "Unauthorized", "Unauthorized");

export async function startXFake(): Promise<ServedFake<XFakeState>> {
  const state = new XFakeState();
  return serveFake(
    state,
    (req, res) => handle(state, req, res),
    (err, res) => {
      const e = err instanceof XError ? err : problem(500, "Internal Server Error", "Something went wrong.");
      if (!(err instanceof XError)) console.error("x fake:", err);
      reply(res, e.status, e.body, e.headers);
    },
  );
}

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function handle(state: XFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {}); // a client that gave up is not our problem
  const url = new URL(req.url ?? "/", state.url);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  const post = req.method === "POST";
  const path = url.pathname;

  let endpoint: XEndpoint;
  let pathId = ""; // the media id or user id in the path
  let m: RegExpMatchArray | null;
  if (post && path === "/2/oauth2/token") endpoint = "token";
  else if (!post && path === "/2/users/me") endpoint = "me";
  else if (post && path === "/2/media/upload") endpoint = "upload";
  else if (!post && path === "/2/media/upload") endpoint = "status";
  else if (post && path === "/2/media/upload/initialize") endpoint = "initialize";
  else if (post && (m = path.match(/^\/2\/media\/upload\/(\d+)\/(append|finalize)$/)))
    [, pathId, endpoint] = m as [string, string, XEndpoint];
  else if (post && path === "/2/media/metadata") endpoint = "metadata";
  else if (post && path === "/2/tweets") endpoint = "tweet";
  else if (!post && path === "/2/tweets") endpoint = "lookup";
  else if (!post && (m = path.match(/^\/2\/users\/(\d+)\/tweets$/))) [endpoint, pathId] = ["timeline", m[1]];
  else throw problem(404, "Not Found Error", `Could not find the route ${req.method} ${path}`);
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 401) throw unauthorized();
    if (failure.as !== 429)
      throw problem(
        failure.as,
        failure.as === 503 ? "Service Unavailable" : "Internal Server Error",
        "Something went wrong. Try again later.",
      );
    const reset = String(Math.floor(Date.now() / 1000) + failure.resetInSecs);
    const headers: Record<string, string> = {
      "x-rate-limit-limit": "100",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": reset,
    };
    if (failure.daily)
      Object.assign(headers, {
        "x-user-limit-24hour-limit": "100",
        "x-user-limit-24hour-remaining": "0",
        "x-user-limit-24hour-reset": reset,
        "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 60),
      });
    if (failure.app) {
      // the app's posts for the day are spent, though this user's and the endpoint's window are not
      Object.assign(headers, {
        "x-app-limit-24hour-limit": "1667",
        "x-app-limit-24hour-remaining": "0",
        "x-app-limit-24hour-reset": reset,
        "x-user-limit-24hour-limit": "100",
        "x-user-limit-24hour-remaining": "42",
        "x-user-limit-24hour-reset": String(Math.floor(Date.now() / 1000) + 3_600),
        "x-rate-limit-remaining": "99",
        "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 60),
      });
    }
    throw new XError(
      429,
      { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
      headers,
    );
  }

  if (state.notEnrolled.has(endpoint)) {
    throw new XError(403, {
      client_id: state.clientId,
      detail:
        "When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.",
      registration_url: "https://developer.twitter.com/en/docs/projects/overview",
      title: "Client Forbidden",
      required_enrollment: "Appropriate Level of API Access",
      reason: "client-not-enrolled",
      type: "https://api.twitter.com/2/problems/client-forbidden",
    });
  }

  let { hold, wait: held } = state.holds.take(endpoint);
  // a tweet holds its answer after the post exists; every other endpoint before doing anything
  if (endpoint !== "tweet") await held();

  if (endpoint === "token")
    return token(state, new URLSearchParams(raw.toString("utf8")), req.headers.authorization, res);

  const auth = state.accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
  if (!auth || auth.expired || auth.expiresAt < Date.now() || state.revokedGrants.has(auth.grantId))
    throw unauthorized();
  const userId = auth.userId;
  const json = () => (type.includes("application/json") ? JSON.parse(raw.toString("utf8") || "{}") : {});
  const form = async () => {
    if (!type.startsWith("multipart/form-data")) throw invalid("The request must be multipart/form-data");
    return new Response(raw, { headers: { "content-type": type } }).formData();
  };

  switch (endpoint) {
    case "me": {
      const u = state.users.get(userId)!;
      const fields = (url.searchParams.get("user.fields") ?? "").split(",").filter(Boolean);
      const known = [
        "created_at",
        "description",
        "id",
        "name",
        "profile_image_url",
        "protected",
        "public_metrics",
        "subscription_type",
        "username",
        "verified",
        "verified_type",
      ];
      const bad = fields.filter((f) => !known.includes(f));
      if (bad.length)
        throw invalid(`The \`user.fields\` query parameter value [${bad[0]}] is not one of [${known.join(",")}]`, {
          "user.fields": [bad[0]],
        });
      const extra = fields.includes("public_metrics")
        ? {
            public_metrics: {
              followers_count: 0,
              following_count: 0,
              tweet_count: state.posts(userId).length,
              listed_count: 0,
              like_count: 0,
              media_count: 0,
              ...state.userMetrics.get(userId),
            },
          }
        : {};
      if (fields.includes("verified")) Object.assign(extra, { verified: u.verified ?? false });
      if (fields.includes("verified_type")) Object.assign(extra, { verified_type: u.verifiedType ?? "none" });
      if (fields.includes("subscription_type"))
        Object.assign(extra, { subscription_type: u.subscriptionType ?? "None" });
      return reply(res, 200, { data: { id: u.userId, name: u.name ?? u.username, username: u.username, ...extra } });
    }
    case "upload": {
      const f = await form();
      const file = f.get("media");
      if (!(file instanceof Blob) || file.size === 0)
        throw invalid("The media field must hold a file", { media: null });
      const bytes = Buffer.from(await file.arrayBuffer());
      const mime = String(f.get("media_type") ?? file.type);
      const category = String(f.get("media_category") ?? "tweet_image");
      if (!["tweet_image", "tweet_gif"].includes(category))
        throw invalid(`media_category must be tweet_image or tweet_gif for a one-shot upload`);
      if (!/^image\/(jpeg|png|webp|gif)$/.test(mime) || !looksLike(mime, bytes))
        throw invalid(`The media is not a valid ${mime}`, { media_type: [mime] });
      if (category === "tweet_gif" && mime !== "image/gif")
        throw invalid("media_category tweet_gif takes an image/gif", { media_category: [category] });
      // one request carries at most 5 MB; a bigger GIF goes in chunks (initialize, append, finalize)
      if (bytes.length > 5 * 1024 * 1024) throw invalid("Images must be 5 MB or smaller");
      const media = addMedia(state, userId, mime, category, bytes.length);
      media.state = "succeeded";
      return reply(res, 200, {
        data: { id: media.id, media_key: `3_${media.id}`, size: bytes.length, expires_after_secs: 86_400 },
      });
    }
    case "initialize": {
      const b = json();
      if (!b.media_type || !(b.total_bytes > 0) || !b.media_category)
        throw invalid("media_type, total_bytes and media_category are required");
      if (b.media_category === "tweet_gif" && b.media_type !== "image/gif")
        throw invalid("media_category tweet_gif takes an image/gif", { media_category: [b.media_category] });
      if (b.media_category === "tweet_gif" && b.total_bytes > 15 * 1024 * 1024)
        throw invalid("Animated GIFs must be 15 MB or smaller", { total_bytes: [String(b.total_bytes)] });
      const media = addMedia(state, userId, b.media_type, b.media_category, b.total_bytes);
      return reply(res, 200, { data: { id: media.id, media_key: `7_${media.id}`, expires_after_secs: 86_400 } });
    }
    case "append": {
      const media = ownMedia(state, userId, pathId);
      if (media.state !== "uploading") throw invalid("The upload is already finalized");
      const f = await form();
      const file = f.get("media");
      const index = Number(f.get("segment_index"));
      if (!(file instanceof Blob) || !Number.isInteger(index) || index < 0 || index > 999)
        throw invalid("media and segment_index are required");
      media.segments.set(index, file.size);
      return reply(res, 200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
    }
    case "finalize": {
      const media = ownMedia(state, userId, pathId);
      const size = [...media.segments.values()].reduce((a, b) => a + b, 0);
      if (media.state !== "uploading") throw invalid("The upload is already finalized");
      if (size !== media.totalBytes)
        throw invalid(`File size mismatch: received ${size} bytes, expected ${media.totalBytes}`);
      media.state = "pending";
      media.pollsLeft = state.videoProcessingPolls;
      media.fail = state.failVideoProcessing;
      return reply(res, 200, {
        data: {
          id: media.id,
          media_key: `7_${media.id}`,
          size,
          expires_after_secs: 86_400,
          processing_info: { state: "pending", check_after_secs: state.checkAfterSecs },
        },
      });
    }
    case "status": {
      if (url.searchParams.get("command") !== "STATUS") throw invalid("command must be STATUS");
      const media = ownMedia(state, userId, url.searchParams.get("media_id") ?? "");
      if (media.state === "pending" || media.state === "in_progress") {
        if (media.pollsLeft-- > 0) media.state = "in_progress";
        else media.state = media.fail ? "failed" : "succeeded";
      }
      const info: Record<string, unknown> = { state: media.state };
      if (media.state === "in_progress")
        Object.assign(info, { check_after_secs: state.checkAfterSecs, progress_percent: 50 });
      if (media.state === "succeeded") info.progress_percent = 100;
      if (media.state === "failed") info.error = { code: 1, name: "InvalidMedia", message: "Unsupported video format" };
      return reply(res, 200, { data: { id: media.id, media_key: `7_${media.id}`, processing_info: info } });
    }
    case "metadata": {
      const b = json();
      const id = typeof b.id === "string" ? b.id : "";
      if (!id) throw invalid("The `id` field is required", { id: [] });
      const media = ownMedia(state, userId, id);
      if (!["tweet_image", "tweet_gif"].includes(media.category))
        throw invalid("Metadata can be set on images and GIFs only", { id: [id] });
      const alt = b.metadata?.alt_text?.text;
      if (typeof alt !== "string" || !alt)
        throw invalid("metadata.alt_text.text is required", { "metadata.alt_text.text": [] });
      if ([...alt].length > 1000)
        throw invalid("metadata.alt_text.text must be 1000 characters or fewer", {
          "metadata.alt_text.text": [alt.slice(0, 20)],
        });
      media.altText = alt;
      return reply(res, 200, { data: { id: media.id, associated_metadata: { alt_text: { text: alt } } } });
    }
    case "tweet": {
      const b = json();
      const text = typeof b.text === "string" ? b.text : "";
      const ids: string[] = b.media?.media_ids ?? [];
      const replyTo: unknown = b.reply?.in_reply_to_tweet_id;
      if (!text && ids.length === 0) throw invalid("Tweet text or media is required");
      if (weightedLength(text) > xPostLimit(state.users.get(userId))) {
        throw problem(
          403,
          "Forbidden",
          "Your Tweet text is too long. For more information on how Twitter determines text length see https://github.com/twitter/twitter-text.",
        );
      }
      if (ids.length > 4) throw invalid("At most 4 media", { media_ids: ids });
      for (const id of ids) {
        const media = state.media.get(id);
        if (!media || media.userId !== userId || media.state !== "succeeded")
          throw invalid("Your media IDs are invalid.", { media_ids: ids });
      }
      if (ids.length > 1 && ids.some((id) => state.media.get(id)!.category === "tweet_gif")) {
        throw invalid("You may attach up to 4 photos, 1 animated GIF or 1 video in a Post.", { media_ids: ids });
      }
      const parent = typeof replyTo === "string" ? state.tweets.find((t) => t.id === replyTo) : undefined;
      if (replyTo !== undefined && !parent)
        throw problem(403, "Forbidden", "You attempted to reply to a Tweet that is deleted or not visible to you.");
      if (replyTo !== undefined && !hold) ({ hold, wait: held } = state.replyHolds.take("reply"));
      if (text && state.tweets.some((t) => t.userId === userId && t.text === text)) {
        throw problem(403, "Forbidden", "You are not allowed to create a Tweet with duplicate content.");
      }
      // the post exists as soon as X has the request (or when the held answer goes out)
      let tweet: XTweet | undefined;
      const create = () => {
        tweet ??= {
          id: state.nextId(),
          userId,
          text,
          mediaIds: ids,
          createdAt: new Date(),
          ...(parent ? { inReplyTo: parent.id, conversationId: parent.conversationId ?? parent.id } : {}),
        };
        if (!state.tweets.includes(tweet)) state.tweets.push(tweet);
        return tweet;
      };
      if (hold?.createOn !== "release") create();
      await held();
      const t = create();
      return reply(res, 201, { data: { id: t.id, text: shown(t), edit_history_tweet_ids: [t.id] } });
    }
    case "timeline": {
      const max = Number(url.searchParams.get("max_results") ?? 10);
      if (!Number.isInteger(max) || max < 5 || max > 100)
        throw invalid("The `max_results` query parameter value must be between 5 and 100", {
          max_results: [String(max)],
        });
      const startParam = url.searchParams.get("start_time");
      const start = startParam ? Date.parse(startParam) : 0;
      if (startParam && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(startParam))
        throw invalid("Invalid start_time", { start_time: [startParam] });
      const sinceId = url.searchParams.get("since_id");
      if (sinceId !== null && !/^\d{1,19}$/.test(sinceId)) throw invalid("Invalid since_id", { since_id: [sinceId] });
      const list = state.tweets
        .filter(
          (t) =>
            t.userId === pathId &&
            t.createdAt.getTime() >= start &&
            (sinceId === null || BigInt(t.id) > BigInt(sinceId)),
        )
        .reverse()
        .slice(0, max);
      const fields = (url.searchParams.get("tweet.fields") ?? "").split(",");
      const data = list.map((t) => ({
        id: t.id,
        text: shown(t),
        edit_history_tweet_ids: [t.id],
        ...(fields.includes("created_at") ? { created_at: t.createdAt.toISOString() } : {}),
        ...(fields.includes("conversation_id") ? { conversation_id: t.conversationId ?? t.id } : {}),
        ...(fields.includes("referenced_tweets") && t.inReplyTo
          ? { referenced_tweets: [{ type: "replied_to", id: t.inReplyTo }] }
          : {}),
      }));
      const meta = {
        result_count: data.length,
        ...(data.length ? { newest_id: data[0].id, oldest_id: data[data.length - 1].id } : {}),
      };
      return reply(res, 200, data.length ? { data, meta } : { meta });
    }
    case "lookup": {
      const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
      if (ids.length === 0 || ids.length > 100) throw invalid("ids must hold 1 to 100 ids");
      const fields = (url.searchParams.get("tweet.fields") ?? "").split(",");
      const data: unknown[] = [];
      const errors: unknown[] = [];
      for (const id of ids) {
        const t = state.tweets.find((x) => x.id === id);
        if (!t) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: "Not Found Error",
            resource_type: "tweet",
            parameter: "ids",
            resource_id: id,
            type: "https://api.twitter.com/2/problems/resource-not-found",
          });
          continue;
        }
        const p: XPublicMetrics = {
          retweet_count: 0,
          reply_count: 0,
          like_count: 0,
          quote_count: 0,
          bookmark_count: 0,
          impression_count: 0,
          ...state.metrics.get(id),
        };
        const out: Record<string, unknown> = { id, text: shown(t), edit_history_tweet_ids: [id] };
        if (fields.includes("public_metrics")) {
          const { retweet_count, repost_count, ...rest } = p;
          out.public_metrics = state.repostNaming
            ? { repost_count: repost_count ?? retweet_count, ...rest }
            : { retweet_count, ...rest };
        }
        if (fields.includes("non_public_metrics")) {
          // X gives non-public figures for your own posts of the last 30 days only
          if (state.refuseNonPublic || t.userId !== userId || Date.now() - t.createdAt.getTime() > 30 * 86_400_000) {
            errors.push({
              value: id,
              detail: "Sorry, you are not authorized to access 'non_public_metrics' on this Tweet.",
              title: "Field Authorization Error",
              resource_type: "tweet",
              field: "non_public_metrics",
              parameter: "ids",
              resource_id: id,
              section: "data",
              type: "https://api.twitter.com/2/problems/not-authorized-for-field",
            });
            continue;
          }
          out.non_public_metrics = { impression_count: p.impression_count, url_link_clicks: 0, user_profile_clicks: 0 };
        }
        data.push(out);
      }
      return reply(res, 200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
    }
  }
}

function token(
  state: XFakeState,
  p: URLSearchParams,
  authorization: string | undefined,
  res: http.ServerResponse,
): void {
  const bad = (error: string, description: string, status = 400) =>
    new XError(status, { error, error_description: description });
  if (state.clientSecret !== null) {
    const [id, secret] = Buffer.from((authorization ?? "").replace(/^Basic /, ""), "base64")
      .toString("utf8")
      .split(":")
      .map(decodeURIComponent);
    if (id !== state.clientId || secret !== state.clientSecret)
      throw bad("unauthorized_client", "Missing valid authorization header", 401);
  }
  if (p.get("client_id") && p.get("client_id") !== state.clientId)
    throw bad("invalid_request", "Value passed for the client_id was invalid.");
  let pair: { accessToken: string; refreshToken: string };
  if (p.get("grant_type") === "authorization_code") {
    const code = state.codes.get(p.get("code") ?? "");
    if (!code) throw bad("invalid_grant", "Value passed for the authorization code was invalid.");
    state.codes.delete(p.get("code")!); // single use, even when the rest is wrong
    const challenge = createHash("sha256")
      .update(p.get("code_verifier") ?? "")
      .digest("base64url");
    if (challenge !== code.codeChallenge) throw bad("invalid_grant", "Value passed for the code_verifier was invalid.");
    if (code.redirectUri && code.redirectUri !== p.get("redirect_uri"))
      throw bad("invalid_grant", "Value passed for the redirect_uri was invalid.");
    pair = state.grant(code.userId, randomBytes(8).toString("hex"));
  } else if (p.get("grant_type") === "refresh_token") {
    const r = state.refreshTokens.get(p.get("refresh_token") ?? "");
    if (!r || r.used || state.revokedGrants.has(r.grantId))
      throw bad("invalid_grant", "Value passed for the token was invalid.");
    r.used = true; // rotation: the old refresh token dies
    pair = state.grant(r.userId, r.grantId);
  } else throw bad("unsupported_grant_type", "Value passed for the grant type was invalid.");
  reply(res, 200, {
    token_type: "bearer",
    expires_in: 7200,
    access_token: pair.accessToken,
    scope: "tweet.read tweet.write users.read media.write offline.access",
    refresh_token: pair.refreshToken,
  });
}

function addMedia(state: XFakeState, userId: string, mime: string, category: string, totalBytes: number): XMedia {
  const media: XMedia = {
    id: state.nextId(),
    userId,
    mime,
    category,
    totalBytes,
    segments: new Map(),
    state: "uploading",
    pollsLeft: 0,
    fail: false,
  };
  state.media.set(media.id, media);
  return media;
}

function ownMedia(state: XFakeState, userId: string, id: string): XMedia {
  const media = state.media.get(id);
  if (!media || media.userId !== userId) throw invalid(`Could not find media with id ${id}`, { media_id: [id] });
  return media;
}

/** The bytes start as the declared image type does. */
function looksLike(mime: string, b: Buffer): boolean {
  if (mime === "image/jpeg") return b[0] === 0xff && b[1] === 0xd8;
  if (mime === "image/png") return b.subarray(1, 4).toString("latin1") === "PNG";
  if (mime === "image/gif") return b.subarray(0, 3).toString("latin1") === "GIF";
  return b.subarray(8, 12).toString("latin1") === "WEBP";
}

/** Text as X shows it: HTML-escaped, with a t.co link to the media appended. */
function shown(t: XTweet): string {
  const text = t.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return t.mediaIds.length ? `${text} https://t.co/${t.id.slice(-10)}` : text;
}

/**
 * A text's length as X counts it, after twitter-text's configuration v3 (written here on its own so the
 * stand-in does not borrow the code it checks): NFC; a URL weighs 23; an emoji sequence 2; code points in
 * U+0000-U+10FF, U+2000-U+200D, U+2010-U+201F and U+2032-U+2037 weigh 1, all others 2.
 */
function weightedLength(text: string): number {
  const light = (cp: number) =>
    cp <= 0x10ff || (cp >= 0x2000 && cp <= 0x200d) || (cp >= 0x2010 && cp <= 0x201f) || (cp >= 0x2032 && cp <= 0x2037);
  let n = 0;
  const rest = text
    .normalize("NFC")
    .replace(/\bhttps?:\/\/[^\s]+|\b(?:[a-z0-9-]+\.)+(?:com|net|org|kw|io|co|me)\b(?:\/[^\s]*)?/gi, () => {
      n += 23;
      return "";
    });
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(rest)) {
    if (/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment)) n += 2;
    else for (const ch of segment) n += light(ch.codePointAt(0)!) ? 1 : 2;
  }
  return n;
}
