// A local stand-in for Instagram's token endpoint and Graph API (Instagram Login), answering the
// endpoints Sufra uses with Instagram's shapes and error JSON. It really downloads image_url and
// video_url, so a test that passes proves our public media URLs work. It refuses what Instagram
// refuses: images that are not JPEG (read from the bytes), feed photos outside 4:5 to 1.91:1 (read from
// the JPEG's frame header; the pixel size it fetched is kept on the container), refreshing a token less than a day old, a carousel whose
// children are not FINISHED yet (images are processed too), and, when a test throttles it, every
// call with Business Use Case error 80002 and the X-Business-Use-Case-Usage header. Tests steer it
// through `state`: tokens, failures, held responses, slow containers, the daily publishing limit.
// Guests' comments: the comments and replies edges (paged, newest first), public replies, hiding,
// Private Replies through the messages endpoint (one per comment, within 7 days of it), scopes a
// token lacks, switchable throttling (codes 4, 17, 32, 613), and signed comments webhooks, delivered by
// themselves to `webhookUrl` for a new comment only when its account subscribed the app to the comments
// field (POST /{ig-user-id}/subscribed_apps, refused without the field's permission).
// Formats: STORIES (one photo or video; a caption is accepted and dropped, as Instagram ignores it; no
// collaborators; a video of at most 60 s, read from the file), REELS (a video only; cover_url fetched
// and checked; share_to_feed, thumb_offset, audio_name), collaborators (at most 3), user_tags (x and y
// within 0..1), location_id, alt_text (photos only); stories listed by the stories edge, with their
// own insights metrics while they live (24 hours). What a container was created with is kept in
// `params`, as sent, for tests to compare.
import { Holds, type Held } from "./holds.ts";
import type http from "node:http";
import { GraphError, graphError, reply, serveGraph } from "./graph-server.ts";
import { createHmac, randomBytes } from "node:crypto";
import { isMp4, jpegSize, mp4DurationMs } from "./media-facts.ts";

export type IgEndpoint =
  | "oauth_token"
  | "exchange_token"
  | "refresh_token"
  | "me"
  | "create_container"
  | "container_status"
  | "publish"
  | "media"
  | "list_media"
  /** GET /{ig-user-id}/stories: the account's live stories */
  | "list_stories"
  | "comment"
  | "publishing_limit"
  | "insights"
  /** GET /{ig-user-id}?fields=followers_count */
  | "user_fields"
  /** GET /{ig-user-id}/insights: follower_demographics, online_followers */
  | "user_insights"
  /** GET /{ig-user-id}?fields=business_discovery.username(<name>){...}: refused here, as graph.instagram.com does */
  | "business_discovery"
  /** GET /{ig-media-id}/comments: top-level comments, newest first, paged */
  | "list_comments"
  /** GET /{ig-comment-id}/replies */
  | "list_replies"
  /** POST /{ig-comment-id}/replies?message= */
  | "reply_comment"
  /** POST /{ig-comment-id}?hide=true|false */
  | "hide_comment"
  /** POST /{ig-user-id}/messages with recipient.comment_id: a Private Reply */
  | "send_message"
  /** POST /{ig-user-id}/subscribed_apps?subscribed_fields=...: the account's webhook subscription for this app */
  | "subscribed_apps"
  /** GET /{ig-user-id}/subscribed_apps */
  | "list_subscribed_apps";

/** The Graph throttling codes instagram.ts reads as rate limits: app, user, page, custom. */
export type IgThrottleCode = 4 | 17 | 32 | 613;
const THROTTLE_MESSAGES: Record<IgThrottleCode, string> = {
  4: "(#4) Application request limit reached",
  17: "(#17) User request limit reached",
  32: "(#32) Page request limit reached",
  613: "(#613) Calls to this api have exceeded the rate limit.",
};
const GUEST_ENDPOINTS = new Set<IgEndpoint>([
  "list_comments",
  "list_replies",
  "reply_comment",
  "hide_comment",
  "send_message",
]);
const MANAGE_COMMENTS = "instagram_business_manage_comments";
const MANAGE_MESSAGES = "instagram_business_manage_messages";
/**
 * The permission each webhook field needs with Instagram Login, beside instagram_business_basic
 * (Instagram Platform, "Instagram webhook fields and permissions").
 */
const WEBHOOK_FIELD_PERMISSIONS: Record<string, string> = {
  comments: MANAGE_COMMENTS,
  live_comments: MANAGE_COMMENTS,
  mentions: MANAGE_COMMENTS,
  messages: MANAGE_MESSAGES,
  message_reactions: MANAGE_MESSAGES,
  messaging_postbacks: MANAGE_MESSAGES,
  messaging_referral: MANAGE_MESSAGES,
  messaging_seen: MANAGE_MESSAGES,
  story_insights: "instagram_business_manage_insights",
};
const DAY_MS = 86_400_000;

/** A professional account other accounts can look up (business discovery); media newest last, as published. */
export interface IgDiscoverable {
  id: string;
  username: string;
  followers: number;
  mediaCount: number;
  media: { timestamp: Date; likes?: number; comments: number; caption: string }[];
}

/** An account's audience as the fake reports it; online days hold Pacific-time hours, as Instagram's do. */
export interface IgAudience {
  followers: number;
  /** by breakdown ("city", "age", "gender"), the dimension value ("Salmiya, Hawalli", "25-34", "F") and its count */
  demographics: Partial<Record<"city" | "age" | "gender" | "country", Record<string, number>>>;
  online: { endTime: string; hours: Record<string, number> }[];
}

export interface IgUser {
  userId: string;
  username: string;
  name?: string;
}
export interface IgToken {
  token: string;
  userId: string;
  kind: "short" | "long";
  /** when it was issued: refresh_access_token refuses tokens less than 24 hours old */
  issuedAt: number;
  expiresAt: number;
  expired: boolean;
  revoked: boolean;
  /** the permissions granted; undefined: every permission (tokens made before scopes mattered here) */
  scopes?: string[];
}
export interface IgContainer {
  id: string;
  userId: string;
  mediaType: "IMAGE" | "REELS" | "VIDEO" | "CAROUSEL" | "STORIES";
  /** a story's photo or video */
  storyKind?: "IMAGE" | "VIDEO";
  caption: string;
  /** the creation parameters as sent (access_token left out) */
  params: Record<string, string>;
  carouselItem: boolean;
  children: string[];
  status: "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";
  /** status polls still answered IN_PROGRESS */
  pollsLeft: number;
  statusText?: string;
  mediaId?: string;
  /** the pixel size of the photo Instagram fetched from image_url (read from the file) */
  image?: { width: number; height: number };
  /** the pixel size of a reel's cover fetched from cover_url */
  cover?: { width: number; height: number };
}
export interface IgMedia {
  id: string;
  userId: string;
  containerId: string;
  caption: string;
  mediaType: string;
  /** FEED, REELS or STORY, as media_product_type says */
  productType?: "FEED" | "REELS" | "STORY";
  permalink: string;
  timestamp: Date;
}
export interface IgComment {
  id: string;
  mediaId: string;
  /** the text */
  message: string;
  /** when it was written (comments made through the API: when the fake received them) */
  timestamp?: Date;
  username?: string;
  /** the author's id: the business's user id for its own comments, an Instagram-scoped id for guests */
  fromId?: string;
  /** a reply: the top-level comment it is under */
  parentId?: string | null;
  hidden?: boolean;
  likeCount?: number;
}
/** A Private Reply Instagram accepted. */
export interface IgMessage {
  id: string;
  /** the business that sent it */
  userId: string;
  commentId: string;
  /** the commenter it went to */
  recipientId: string;
  text: string;
  at: Date;
}
/**
 * "media_fetch": Instagram's download of the media URL fails (2207052), as it does now and then;
 * "transient": Graph's "unexpected error, retry later" (code 2, is_transient: true) answered as HTTP 400;
 * "spam": code 4 with subcode 2207051, Instagram's restriction of activity it takes for spam
 */
export type IgFailure = "publish_limit" | "rate_limit" | 500 | "media_fetch" | "transient" | "spam";
export type { Held } from "./holds.ts";

export class InstagramFakeState {
  appId = "ig-app-id";
  appSecret = "ig-app-secret";
  graphVersion = "v23.0";
  users = new Map<string, IgUser>();
  tokens = new Map<string, IgToken>();
  containers = new Map<string, IgContainer>();
  media: IgMedia[] = [];
  comments: IgComment[] = [];
  /** requests answered, per endpoint */
  calls: Partial<Record<IgEndpoint, number>> = {};
  /** media URLs the fake downloaded */
  fetchedUrls: string[] = [];
  quota = { total: 100, usedBefore: 0, durationSecs: 86_400 };
  insights = new Map<string, Partial<Record<"views" | "likes" | "comments" | "shares" | "reach", number>>>();
  codes = new Map<string, IgUser & { redirectUri?: string; scopes?: string[] }>();
  failures = new Map<IgEndpoint, { as: IgFailure; times: number }>();
  holds = new Holds<IgEndpoint>();
  containerPlans: { inProgressPolls?: number; error?: string }[] = [];
  /** status polls a carousel child (image or video) answers IN_PROGRESS before FINISHED */
  carouselItemPolls = 1;
  /** Business Use Case throttling: every call answers 80002 until `until` (ms), the header saying how long */
  buc: { until: number; regainMinutes: number } | null = null;
  /** Private Replies sent, oldest first */
  messages: IgMessage[] = [];
  /** while set, every guest-comment call (comments, replies, hide, messages) answers this throttling code */
  guestThrottle: IgThrottleCode | null = null;
  /** replies a comment carries inline in the comments edge (replies{...}) before its replies edge pages */
  inlineReplies = 25;
  /** the app's webhook callback URL (set in the App Dashboard with the comments field); null: none */
  webhookUrl: string | null = null;
  /** the webhook fields each account subscribed this app to (POST /{ig-user-id}/subscribed_apps), by user id */
  subscriptions = new Map<string, string[]>();
  /** the comment webhooks delivered, oldest first, with the HTTP status the callback answered (0: unreachable) */
  deliveries: { userId: string; commentId: string; status: number }[] = [];
  /** every call answered, in order: its endpoint and the node it named (the first part of the path) */
  log: { endpoint: IgEndpoint; node: string }[] = [];
  private sending: Promise<unknown>[] = [];
  private seq = 17_900_000_000_000_000n;
  /** set by the server: the fake's base URL */
  url = "";

  nextId(): string {
    return String(++this.seq);
  }
  /** the adapter configuration that points at this fake */
  get config() {
    return {
      appId: this.appId,
      appSecret: this.appSecret,
      authorizeUrl: `${this.url}/oauth/authorize`,
      tokenUrl: `${this.url}/oauth/access_token`,
      graphUrl: this.url,
      graphVersion: this.graphVersion,
    };
  }
  /** the configuration (environment) that points Sufra at this fake */
  get env(): Record<string, string> {
    const c = this.config;
    return {
      INSTAGRAM_APP_ID: c.appId,
      INSTAGRAM_APP_SECRET: c.appSecret,
      INSTAGRAM_AUTHORIZE_URL: c.authorizeUrl,
      INSTAGRAM_TOKEN_URL: c.tokenUrl,
      INSTAGRAM_GRAPH_URL: c.graphUrl,
      INSTAGRAM_GRAPH_VERSION: c.graphVersion,
    };
  }
  /** a code the token endpoint will accept once, for this user; `scopes`: the permissions the person granted */
  issueCode(code: string, user: IgUser & { redirectUri?: string; scopes?: string[] }): void {
    this.codes.set(code, user);
    this.users.set(user.userId, user);
  }
  /** a ready long-lived token, without going through OAuth; `ageMs`: issued that long ago; `scopes`: only these granted */
  issueToken(user: IgUser, ttlMs = 60 * 86_400_000, ageMs = 0, scopes?: string[]): string {
    this.users.set(user.userId, user);
    const t = this.addToken(user.userId, "long", ttlMs);
    t.issuedAt -= ageMs;
    if (scopes) t.scopes = [...scopes];
    return t.token;
  }
  /** from now on the token holds only these permissions */
  grantScopes(token: string, scopes: string[]): void {
    this.tokens.get(token)!.scopes = [...scopes];
  }
  addToken(userId: string, kind: "short" | "long", ttlMs: number): IgToken {
    const now = Date.now();
    const t: IgToken = {
      token: `IG${kind === "long" ? "L" : "S"}${randomBytes(16).toString("hex")}`,
      userId,
      kind,
      issuedAt: now,
      expiresAt: now + ttlMs,
      expired: false,
      revoked: false,
    };
    this.tokens.set(t.token, t);
    return t;
  }
  issuedTokens(): IgToken[] {
    return [...this.tokens.values()];
  }
  expireToken(token: string): void {
    this.tokens.get(token)!.expired = true;
  }
  revokeToken(token: string): void {
    this.tokens.get(token)!.revoked = true;
  }
  /** the next `times` calls of an endpoint fail: the publishing-limit error, the app rate limit, or HTTP 500 */
  failNext(endpoint: IgEndpoint, as: IgFailure, times = 1): void {
    this.failures.set(endpoint, { as, times });
  }
  /** holds the answer of the next call of an endpoint for `ms`, or until release() */
  hold(endpoint: IgEndpoint, opts: { ms?: number; createOn?: "receipt" | "release" } = {}): Held {
    return this.holds.hold(endpoint, opts);
  }
  /** the app's Business Use Case budget is spent: every call answers 80002 for `minutes` (0 lifts it) */
  throttle(minutes: number): void {
    this.buc = minutes > 0 ? { until: Date.now() + minutes * 60_000, regainMinutes: minutes } : null;
  }
  /** the next top-level container stays IN_PROGRESS for n polls, or ends in ERROR */
  nextContainer(plan: { inProgressPolls?: number; error?: string }): void {
    this.containerPlans.push(plan);
  }
  setQuota(total: number, usedBefore = 0): void {
    this.quota = { ...this.quota, total, usedBefore };
  }
  quotaUsage(userId: string): number {
    const since = Date.now() - this.quota.durationSecs * 1000;
    return (
      this.quota.usedBefore + this.media.filter((m) => m.userId === userId && m.timestamp.getTime() > since).length
    );
  }
  setInsights(
    mediaId: string,
    figures: Partial<Record<"views" | "likes" | "comments" | "shares" | "reach", number>>,
  ): void {
    this.insights.set(mediaId, figures);
  }
  /** account audiences by user id (followers, demographics, online hours) */
  audiences = new Map<string, IgAudience>();
  /**
   * professional accounts business discovery finds, by username (lower case); any other name is "Cannot
   * find User". Business discovery itself is answered by the Facebook stand-in, which shares this map.
   */
  discoverable = new Map<string, IgDiscoverable>();
  addProfessional(account: Omit<IgDiscoverable, "id"> & { id?: string }): IgDiscoverable {
    const a = { ...account, id: account.id ?? this.nextId() };
    this.discoverable.set(a.username.toLowerCase(), a);
    return a;
  }
  setAudience(userId: string, audience: IgAudience): void {
    this.audiences.set(userId, audience);
  }
  /** published posts, oldest first */
  posts(userId?: string): IgMedia[] {
    return userId ? this.media.filter((m) => m.userId === userId) : this.media;
  }

  // ------------------------------------------------------------ guests' comments
  /** a post of the account, as if published `ageMs` ago (without going through containers) */
  addMedia(userId: string, opts: { caption?: string; ageMs?: number } = {}): IgMedia {
    const m: IgMedia = {
      id: this.nextId(),
      userId,
      containerId: "",
      caption: opts.caption ?? "",
      mediaType: "IMAGE",
      permalink: "",
      timestamp: new Date(Date.now() - (opts.ageMs ?? 0)),
    };
    m.permalink = `https://www.instagram.com/p/${Buffer.from(m.id).toString("base64url").slice(0, 11)}/`;
    this.media.push(m);
    return m;
  }
  /** a guest's comment under a post; `at` defaults to now; `fromId` to a made-up Instagram-scoped id */
  addComment(
    mediaId: string,
    c: { text: string; username: string; fromId?: string; at?: Date; hidden?: boolean; likeCount?: number },
  ): IgComment {
    if (!this.media.some((m) => m.id === mediaId)) throw new Error(`no media ${mediaId}`);
    const comment: IgComment = {
      id: this.nextId(),
      mediaId,
      message: c.text,
      timestamp: c.at ?? new Date(),
      username: c.username,
      fromId: c.fromId ?? `igsid-${c.username}`,
      parentId: null,
      hidden: c.hidden ?? false,
      likeCount: c.likeCount ?? 0,
    };
    this.comments.push(comment);
    this.deliver(comment);
    return comment;
  }
  /** a reply under a comment (a reply to a reply goes under its top-level comment, as on Instagram) */
  addReply(commentId: string, r: { text: string; username: string; fromId?: string; at?: Date }): IgComment {
    const top = this.topComment(commentId);
    if (!top) throw new Error(`no comment ${commentId}`);
    const c: IgComment = {
      id: this.nextId(),
      mediaId: top.mediaId,
      message: r.text,
      timestamp: r.at ?? new Date(),
      username: r.username,
      fromId: r.fromId ?? `igsid-${r.username}`,
      parentId: top.id,
      hidden: false,
      likeCount: 0,
    };
    this.comments.push(c);
    this.deliver(c);
    return c;
  }
  comment(id: string): IgComment | undefined {
    return this.comments.find((c) => c.id === id);
  }
  /** the replies under a comment, oldest first */
  repliesTo(commentId: string): IgComment[] {
    return this.comments.filter((c) => c.parentId === commentId).sort((a, b) => time(a) - time(b));
  }
  topComment(id: string): IgComment | undefined {
    const c = this.comment(id);
    return c?.parentId ? this.comment(c.parentId) : c;
  }
  /** every guest-comment call answers this throttling code until lifted with null */
  throttleGuests(code: IgThrottleCode | null): void {
    this.guestThrottle = code;
  }
  /** the body of Instagram's comments webhook for a comment ("comments" field of the instagram object) */
  commentWebhook(commentId: string): Record<string, unknown> {
    const c = this.comment(commentId);
    if (!c) throw new Error(`no comment ${commentId}`);
    const m = this.media.find((x) => x.id === c.mediaId)!;
    const value: Record<string, unknown> = {
      from: { id: c.fromId ?? "", username: c.username ?? "" },
      media: { id: m.id, media_product_type: m.mediaType === "VIDEO" ? "REELS" : "FEED" },
      id: c.id,
      text: c.message,
    };
    if (c.parentId) value.parent_id = c.parentId;
    return {
      object: "instagram",
      entry: [{ id: m.userId, time: Math.floor(time(c) / 1000), changes: [{ field: "comments", value }] }],
    };
  }
  /**
   * Meta's delivery of a new comment (the business's own too): to the app's callback, and only when the
   * account that owns the media subscribed this app to the comments field; without a subscription
   * nothing is sent, however the app is set up (Webhooks: "enable subscriptions" for each account).
   */
  deliver(c: IgComment): void {
    const m = this.media.find((x) => x.id === c.mediaId);
    const url = this.webhookUrl;
    if (!url || !m || !this.subscriptions.get(m.userId)?.includes("comments")) return;
    const record = (status: number) => this.deliveries.push({ userId: m.userId, commentId: c.id, status });
    this.sending.push(
      this.sendWebhook(url, this.commentWebhook(c.id)).then(
        (r) => record(r.status),
        () => record(0),
      ),
    );
  }
  /** waits until every webhook delivery started so far has been answered */
  async delivered(): Promise<void> {
    while (this.sending.length) await Promise.all(this.sending.splice(0));
  }
  /**
   * POSTs a webhook body to `url` as Meta does: JSON, signed in X-Hub-Signature-256 with the app secret.
   * `signature`: "forged" signs with another secret, "missing" sends no signature header.
   */
  async sendWebhook(
    url: string,
    body: unknown,
    opts: { signature?: "good" | "forged" | "missing" } = {},
  ): Promise<{ status: number; text: string }> {
    const raw = typeof body === "string" ? body : JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json" };
    const how = opts.signature ?? "good";
    if (how !== "missing")
      headers["x-hub-signature-256"] = hubSignature(raw, how === "good" ? this.appSecret : `${this.appSecret}-forged`);
    const r = await fetch(url, { method: "POST", headers, body: raw, signal: AbortSignal.timeout(10_000) });
    return { status: r.status, text: await r.text() };
  }
}

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body keyed with the app secret */
export function hubSignature(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

const time = (c: IgComment) => (c.timestamp ?? new Date(0)).getTime();

const graphErr = (status: number, message: string, code: number, extra: Record<string, unknown> = {}) =>
  graphError(status, message, code, extra, "IGApiException");
const missing = (id: string) =>
  graphErr(
    400,
    `Unsupported request - method type: get. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
    100,
    { error_subcode: 33 },
  );

export async function startInstagramFake(): Promise<{
  url: string;
  state: InstagramFakeState;
  close(): Promise<void>;
}> {
  const state = new InstagramFakeState();
  return serveGraph("instagram", state, handle, "IGApiException");
}

async function readParams(req: http.IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (req.method !== "POST") return params;
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) Object.assign(params, JSON.parse(text || "{}"));
  else if (text) Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
  return params;
}

async function handle(state: InstagramFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {}); // a client that gave up is not our problem
  const url = new URL(req.url ?? "/", state.url);
  const p = await readParams(req, url);
  // the Graph version prefix is optional, as on graph.instagram.com
  const parts = url.pathname
    .replace(/^\/v\d+\.\d+(?=\/)/, "")
    .split("/")
    .filter(Boolean);
  const post = req.method === "POST";
  const [a, b] = parts;

  let endpoint: IgEndpoint;
  if (post && a === "oauth" && b === "access_token") endpoint = "oauth_token";
  else if (!post && a === "access_token") endpoint = "exchange_token";
  else if (!post && a === "refresh_access_token") endpoint = "refresh_token";
  else if (!post && a === "me" && !b) endpoint = "me";
  else if (a && b === "subscribed_apps") endpoint = post ? "subscribed_apps" : "list_subscribed_apps";
  else if (b === "media") endpoint = post ? "create_container" : "list_media";
  else if (!post && b === "stories") endpoint = "list_stories";
  else if (post && b === "media_publish") endpoint = "publish";
  else if (post && b === "comments") endpoint = "comment";
  else if (!post && b === "comments") endpoint = "list_comments";
  else if (b === "replies") endpoint = post ? "reply_comment" : "list_replies";
  else if (post && b === "messages") endpoint = "send_message";
  else if (post && a && !b && state.comment(a)) endpoint = "hide_comment";
  else if (!post && b === "content_publishing_limit") endpoint = "publishing_limit";
  else if (!post && a && !b && (p.fields ?? "").startsWith("business_discovery.")) endpoint = "business_discovery";
  else if (!post && b === "insights" && state.users.has(a)) endpoint = "user_insights";
  else if (!post && b === "insights") endpoint = "insights";
  else if (!post && a && !b && state.users.has(a) && (p.fields ?? "").split(",").includes("followers_count"))
    endpoint = "user_fields";
  else if (!post && a && !b) endpoint = state.containers.has(a) ? "container_status" : "media";
  else throw graphErr(400, `Unknown path components: /${parts.join("/")}`, 2500);
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;
  state.log.push({ endpoint, node: a ?? "" });

  // Instagram's calls count against the Business Use Case limit: every answer says how much is used
  const throttled = state.buc && state.buc.until > Date.now() ? state.buc : null;
  res.setHeader("x-business-use-case-usage", bucUsage(state, throttled));
  if (throttled) {
    throw graphErr(400, "There have been too many calls for this Instagram account. Wait a bit and try again.", 80002, {
      is_transient: true,
      error_user_title: "Too many calls",
    });
  }

  if (state.guestThrottle && GUEST_ENDPOINTS.has(endpoint)) {
    throw graphErr(400, THROTTLE_MESSAGES[state.guestThrottle], state.guestThrottle, { is_transient: true });
  }

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0 && !(failure.as === "media_fetch" && endpoint !== "create_container")) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 500) throw graphErr(500, "An unknown error occurred", 1, { is_transient: true });
    if (failure.as === "rate_limit")
      throw graphErr(429, "Application request limit reached", 4, { is_transient: true });
    if (failure.as === "media_fetch")
      throw mediaFetchFailed(p.image_url ?? p.video_url ?? "", "The URL could not be reached (ETIMEDOUT).");
    if (failure.as === "transient")
      throw graphErr(400, "An unexpected error has occurred. Please retry your request later.", 2, {
        is_transient: true,
      });
    if (failure.as === "spam") {
      throw graphErr(400, "Application request limit reached", 4, {
        error_subcode: 2207051,
        is_transient: false,
        error_user_title: "Action is blocked",
        error_user_msg:
          "We restrict certain activity to protect our community. Tell us if you think we made a mistake.",
      });
    }
    throw publishLimit();
  }

  const { hold, wait: held } = state.holds.take(endpoint);
  // publish holds its answer after the post exists; every other endpoint before doing anything
  if (endpoint !== "publish") await held();

  if (endpoint === "oauth_token") {
    const user = state.codes.get(p.code ?? "");
    if (p.client_id !== state.appId || p.client_secret !== state.appSecret) {
      throw new GraphError(400, { error_type: "OAuthException", code: 400, error_message: "Invalid platform app" });
    }
    if (p.grant_type !== "authorization_code" || !user || (user.redirectUri && user.redirectUri !== p.redirect_uri)) {
      throw new GraphError(400, {
        error_type: "OAuthException",
        code: 400,
        error_message: "Matching code was not found or was already used",
      });
    }
    state.codes.delete(p.code);
    const t = state.addToken(user.userId, "short", 3_600_000);
    if (user.scopes) t.scopes = [...user.scopes];
    return reply(res, 200, {
      data: [
        {
          access_token: t.token,
          user_id: user.userId,
          permissions: (user.scopes ?? ["instagram_business_basic", "instagram_business_content_publish"]).join(","),
        },
      ],
    });
  }

  // the messaging API is called with the token as a bearer (Private Replies guide), the rest with access_token
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const token = authenticate(state, p.access_token ?? bearer);

  switch (endpoint) {
    case "exchange_token": {
      if (p.grant_type !== "ig_exchange_token" || p.client_secret !== state.appSecret)
        throw graphErr(400, "Invalid request", 100);
      if (token.kind !== "short") throw graphErr(400, "The access token is already long-lived", 100);
      const t = state.addToken(token.userId, "long", 60 * 86_400_000);
      t.scopes = token.scopes;
      return reply(res, 200, { access_token: t.token, token_type: "bearer", expires_in: 5_183_944 });
    }
    case "refresh_token": {
      if (p.grant_type !== "ig_refresh_token" || token.kind !== "long") throw graphErr(400, "Invalid request", 100);
      // "Refresh a long-lived access token that is at least 24 hours old but has not expired"
      if (Date.now() - token.issuedAt < 86_400_000)
        throw graphErr(400, "(#100) The access token is not yet 24 hours old and cannot be refreshed", 100);
      const t = state.addToken(token.userId, "long", 60 * 86_400_000);
      t.scopes = token.scopes;
      return reply(res, 200, { access_token: t.token, token_type: "bearer", expires_in: 5_183_944 });
    }
    case "subscribed_apps": {
      // Instagram Login: the Instagram user's token, instagram_business_basic and each field's own permission
      const userId = ownUser(token, a);
      requireScope(token, "instagram_business_basic");
      const fields = (p.subscribed_fields ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean);
      if (!fields.length) throw graphErr(400, "(#100) The parameter subscribed_fields is required.", 100);
      for (const f of fields) {
        const needs = WEBHOOK_FIELD_PERMISSIONS[f];
        if (!needs)
          throw graphErr(
            400,
            `(#100) Param subscribed_fields must be one of {${Object.keys(WEBHOOK_FIELD_PERMISSIONS).join(", ")}} - got "${f}".`,
            100,
          );
        requireScope(token, needs);
      }
      // the fields given are the subscription from now on
      state.subscriptions.set(userId, fields);
      return reply(res, 200, { success: true });
    }
    case "list_subscribed_apps": {
      const fields = state.subscriptions.get(ownUser(token, a));
      return reply(res, 200, { data: fields ? [{ id: state.appId, subscribed_fields: fields }] : [] });
    }
    case "me": {
      const u = state.users.get(token.userId)!;
      return reply(res, 200, {
        user_id: u.userId,
        username: u.username,
        name: u.name ?? u.username,
        id: `app-scoped-${u.userId}`,
      });
    }
    case "create_container":
      return reply(res, 200, { id: (await createContainer(state, ownUser(token, a), p)).id });
    case "container_status": {
      const c = state.containers.get(a)!;
      if (c.userId !== token.userId) throw missing(a);
      if (c.status === "IN_PROGRESS" && c.pollsLeft-- <= 0) c.status = c.statusText ? "ERROR" : "FINISHED";
      const status = c.status === "ERROR" ? c.statusText : c.status === "IN_PROGRESS" ? "In Progress" : "Finished";
      return reply(res, 200, { status_code: c.status, status, id: c.id });
    }
    case "publish": {
      const userId = ownUser(token, a);
      const c = state.containers.get(p.creation_id ?? "");
      if (!c || c.userId !== userId || c.carouselItem)
        throw graphErr(400, "Media ID is not available", 9007, {
          error_subcode: 2207006,
          error_user_title: "Media not found",
        });
      if (c.status === "PUBLISHED")
        throw graphErr(400, "The media has already been published", 9007, {
          error_subcode: 2207006,
          error_user_title: "Media already published",
        });
      if (c.status !== "FINISHED")
        throw graphErr(400, "Media ID is not available", 9007, {
          error_subcode: 2207027,
          error_user_title: "The media is not ready for publishing, please wait for a moment",
        });
      if (state.quotaUsage(userId) >= state.quota.total) throw publishLimit();
      // the post exists as soon as Instagram has the request (or when the held answer goes out)
      const publish = () => {
        if (c.mediaId) return state.media.find((m) => m.id === c.mediaId)!;
        const mediaType = c.mediaType === "REELS" ? "VIDEO" : c.mediaType === "STORIES" ? c.storyKind! : c.mediaType;
        const productType = c.mediaType === "STORIES" ? "STORY" : c.mediaType === "REELS" ? "REELS" : "FEED";
        const m: IgMedia = {
          id: state.nextId(),
          userId,
          containerId: c.id,
          caption: c.caption,
          mediaType,
          productType,
          permalink: "",
          timestamp: new Date(),
        };
        const code = Buffer.from(m.id).toString("base64url").slice(0, 11);
        m.permalink =
          productType === "STORY"
            ? `https://www.instagram.com/stories/${state.users.get(userId)?.username ?? userId}/${m.id}/`
            : `https://www.instagram.com/${productType === "REELS" ? "reel" : "p"}/${code}/`;
        c.status = "PUBLISHED";
        c.mediaId = m.id;
        state.media.push(m);
        return m;
      };
      if (hold?.createOn !== "release") publish();
      await held();
      return reply(res, 200, { id: publish().id });
    }
    case "media": {
      const m = state.media.find((x) => x.id === a);
      if (!m || m.userId !== token.userId) throw missing(a);
      return reply(res, 200, {
        id: m.id,
        permalink: m.permalink,
        caption: m.caption,
        media_type: m.mediaType,
        media_product_type: m.productType ?? "FEED",
        timestamp: igTime(m.timestamp),
      });
    }
    case "list_stories": {
      // a story lives 24 hours; the media edge never lists stories
      const userId = ownUser(token, a);
      const live = state.media
        .filter((m) => m.userId === userId && m.productType === "STORY" && Date.now() - m.timestamp.getTime() < DAY_MS)
        .reverse();
      return reply(res, 200, {
        data: live.map((m) => ({ id: m.id, permalink: m.permalink, timestamp: igTime(m.timestamp) })),
        paging: {},
      });
    }
    case "list_media": {
      const userId = ownUser(token, a);
      const limit = Math.min(Number(p.limit ?? 25), 100);
      const list = state.media
        .filter((m) => m.userId === userId && m.productType !== "STORY")
        .reverse()
        .slice(0, limit);
      return reply(res, 200, {
        data: list.map((m) => ({
          id: m.id,
          caption: m.caption,
          permalink: m.permalink,
          timestamp: igTime(m.timestamp),
        })),
        paging: {},
      });
    }
    case "comment": {
      const m = state.media.find((x) => x.id === a);
      if (!m || m.userId !== token.userId) throw missing(a);
      requireScope(token, MANAGE_COMMENTS);
      if (!p.message) throw graphErr(400, "(#100) The parameter message is required", 100);
      const c: IgComment = {
        id: state.nextId(),
        mediaId: m.id,
        message: p.message,
        timestamp: new Date(),
        username: state.users.get(token.userId)?.username,
        fromId: token.userId,
        parentId: null,
        hidden: false,
        likeCount: 0,
      };
      state.comments.push(c);
      state.deliver(c);
      return reply(res, 200, { id: c.id });
    }
    case "list_comments": {
      const m = state.media.find((x) => x.id === a);
      if (!m || m.userId !== token.userId) throw missing(a);
      requireScope(token, MANAGE_COMMENTS);
      // API version 3.2 and later answer the newest comment first
      const top = state.comments.filter((c) => c.mediaId === m.id && !c.parentId).sort((x, y) => time(y) - time(x));
      return reply(
        res,
        200,
        pageOf(state, url, p, top, 25, 50, (c) => commentJson(state, c, p.fields)),
      );
    }
    case "list_replies": {
      const c = ownComment(state, token, a);
      requireScope(token, MANAGE_COMMENTS);
      return reply(
        res,
        200,
        pageOf(state, url, p, state.repliesTo(c.id), 25, 50, (x) => commentJson(state, x, p.fields)),
      );
    }
    case "reply_comment": {
      const c = ownComment(state, token, a);
      requireScope(token, MANAGE_COMMENTS);
      if (!p.message) throw graphErr(400, "(#100) The parameter message is required", 100);
      // "You cannot reply to hidden comments" (IG Comment Replies reference)
      if (state.topComment(c.id)!.hidden) throw graphErr(400, "(#100) You cannot reply to a hidden comment", 100);
      const r = state.addReply(c.id, {
        text: p.message,
        username: state.users.get(token.userId)?.username ?? "",
        fromId: token.userId,
      });
      return reply(res, 200, { id: r.id });
    }
    case "hide_comment": {
      const c = ownComment(state, token, a);
      requireScope(token, MANAGE_COMMENTS);
      if (p.hide !== "true" && p.hide !== "false") throw graphErr(400, "(#100) Param hide must be a boolean", 100);
      c.hidden = p.hide === "true";
      return reply(res, 200, { success: true });
    }
    case "send_message":
      return reply(res, 200, privateReply(state, token, ownUser(token, a), p as Record<string, unknown>));
    case "publishing_limit": {
      const userId = ownUser(token, a);
      return reply(res, 200, {
        data: [
          {
            quota_usage: state.quotaUsage(userId),
            config: { quota_total: state.quota.total, quota_duration: state.quota.durationSecs },
          },
        ],
      });
    }
    case "insights": {
      const m = state.media.find((x) => x.id === a);
      if (!m || m.userId !== token.userId) throw missing(a);
      const names = (p.metric ?? "").split(",").filter(Boolean);
      const story = m.productType === "STORY";
      // stories: their own metrics, and only while they live (the Insights reference's story metrics)
      if (story && Date.now() - m.timestamp.getTime() > DAY_MS)
        throw graphErr(400, "(#10) Insights are not available for a story that has expired (24 hours)", 10);
      const known = story
        ? ["views", "reach", "replies", "shares", "navigation", "total_interactions", "follows", "profile_visits"]
        : ["views", "likes", "comments", "shares", "reach", "saved", "total_interactions"];
      const bad = names.find((n) => !known.includes(n));
      if (!names.length || bad)
        throw graphErr(400, `(#100) metric[0] must be one of the following values: ${known.join(", ")}`, 100);
      const set = state.insights.get(m.id) ?? {};
      const figure = (n: string) =>
        (set as Record<string, number>)[n] ??
        (n === "comments" ? state.comments.filter((c) => c.mediaId === m.id).length : 0);
      return reply(res, 200, {
        data: names.map((n) => ({
          name: n,
          period: "lifetime",
          values: [{ value: figure(n) }],
          title: n,
          id: `${m.id}/insights/${n}/lifetime`,
        })),
      });
    }
    case "user_fields": {
      const userId = ownUser(token, a);
      return reply(res, 200, { followers_count: state.audiences.get(userId)?.followers ?? 0, id: userId });
    }
    case "user_insights":
      return reply(res, 200, userInsights(state, ownUser(token, a), p));
    case "business_discovery":
      // Instagram Login has no business discovery: Meta offers it only with Facebook Login (facebook-server.ts)
      ownUser(token, a);
      throw graphErr(400, "(#100) Tried accessing nonexisting field (business_discovery) on node type (User)", 100);
  }
}

/** An account's insights: follower_demographics (one breakdown, total_value) or online_followers (a value per day). */
function userInsights(state: InstagramFakeState, userId: string, p: Record<string, string>) {
  const audience = state.audiences.get(userId) ?? { followers: 0, demographics: {}, online: [] };
  const id = (metric: string) => `${userId}/insights/${metric}/lifetime`;
  if (p.period !== "lifetime")
    throw graphErr(
      400,
      `(#100) The period ${p.period ?? "(none)"} is not supported for ${p.metric}; use lifetime`,
      100,
    );
  if (p.metric === "follower_demographics") {
    const by = p.breakdown ?? "";
    if (p.metric_type !== "total_value")
      throw graphErr(400, "(#100) metric_type=total_value is required for follower_demographics", 100);
    if (!["age", "city", "country", "gender"].includes(by))
      throw graphErr(400, "(#100) breakdown must be one of the following values: age, city, country, gender", 100);
    // Instagram keeps demographics private until an account has 100 followers
    if (audience.followers < 100)
      throw graphErr(400, "(#10) Not enough users to show demographics: the account needs at least 100 followers.", 10);
    const counts = audience.demographics[by as keyof IgAudience["demographics"]] ?? {};
    const results = Object.entries(counts).map(([value, n]) => ({ dimension_values: [value], value: n }));
    return {
      data: [
        {
          name: "follower_demographics",
          period: "lifetime",
          title: "Follower demographics",
          description: "The demographic characteristics of followers.",
          total_value: { breakdowns: [{ dimension_keys: [by], results }] },
          id: id("follower_demographics"),
        },
      ],
    };
  }
  if (p.metric === "online_followers") {
    if (audience.followers < 100) return { data: [] };
    const since = Number(p.since ?? 0);
    const until = p.until ? Number(p.until) : Infinity;
    const days = audience.online.filter(
      (d) => Date.parse(d.endTime) / 1000 > since && Date.parse(d.endTime) / 1000 <= until + 86_400,
    );
    return {
      data: [
        {
          name: "online_followers",
          period: "lifetime",
          values: days.map((d) => ({ value: d.hours, end_time: d.endTime })),
          title: "Online followers",
          description: "Total number of followers online at each hour.",
          id: id("online_followers"),
        },
      ],
    };
  }
  throw graphErr(
    400,
    "(#100) metric[0] must be one of the following values: follower_demographics, online_followers, reach, views, follows_and_unfollows",
    100,
  );
}

function publishLimit(): GraphError {
  return graphErr(
    400,
    "The user has reached the maximum number of posts that can be published by the API within 24 hours.",
    9,
    {
      error_subcode: 2207042,
      is_transient: false,
      error_user_title: "Publishing limit reached",
      error_user_msg: "You have reached the maximum number of posts that is allowed to be published within 24 hours.",
    },
  );
}

function authenticate(state: InstagramFakeState, token: string | undefined): IgToken {
  const t = state.tokens.get(token ?? "");
  if (!t) throw graphErr(400, "Invalid OAuth access token - Cannot parse access token", 190);
  if (t.revoked)
    throw graphErr(400, "Error validating access token: The user has not authorized application.", 190, {
      error_subcode: 458,
    });
  if (t.expired || t.expiresAt < Date.now())
    throw graphErr(400, "Error validating access token: Session has expired.", 190, { error_subcode: 463 });
  return t;
}

/** "(#10) Application does not have permission for this action" when the token lacks the scope */
function requireScope(token: IgToken, scope: string): void {
  if (token.scopes && !token.scopes.includes(scope))
    throw graphErr(403, "(#10) Application does not have permission for this action", 10);
}

/** a comment under one of the token's own posts */
function ownComment(state: InstagramFakeState, token: IgToken, id: string): IgComment {
  const c = state.comment(id);
  const m = c && state.media.find((x) => x.id === c.mediaId);
  if (!c || !m || m.userId !== token.userId) throw missing(id);
  return c;
}

/**
 * POST /{ig-user-id}/messages { recipient: { comment_id }, message: { text } }: one Private Reply per
 * comment, within 7 days of it. The refusals are the ones graph.instagram.com answers: code 10 /
 * 2534022 "This message is sent outside of allowed window" (HTTP 403), code 100 / 2534025 "The
 * comment is invalid for a private reply" for a comment that already had its one.
 */
function privateReply(state: InstagramFakeState, token: IgToken, userId: string, p: Record<string, unknown>) {
  const parse = (v: unknown) =>
    typeof v === "string" ? (JSON.parse(v) as Record<string, unknown>) : ((v ?? {}) as Record<string, unknown>);
  const recipient = parse(p.recipient);
  const message = parse(p.message);
  requireScope(token, MANAGE_MESSAGES);
  const commentId = String(recipient.comment_id ?? "");
  if (!commentId) throw graphErr(400, "(#100) The parameter recipient is required", 100);
  if (typeof message.text !== "string" || !message.text)
    throw graphErr(400, "(#100) The parameter message is required", 100);
  const c = state.comment(commentId);
  const m = c && state.media.find((x) => x.id === c.mediaId);
  if (!c || !m || m.userId !== userId) throw missing(commentId);
  if (Date.now() - time(c) > 7 * DAY_MS)
    throw graphErr(403, "This message is sent outside of allowed window.", 10, { error_subcode: 2534022 });
  if (state.messages.some((x) => x.commentId === c.id))
    throw graphErr(400, "The comment is invalid for a private reply", 100, { error_subcode: 2534025 });
  const sent: IgMessage = {
    id: `aWdfZAG1f${randomBytes(12).toString("base64url")}`,
    userId,
    commentId: c.id,
    recipientId: c.fromId ?? "",
    text: message.text,
    at: new Date(),
  };
  state.messages.push(sent);
  return { recipient_id: sent.recipientId, message_id: sent.id };
}

/** One page of an edge: `limit` (default, at most max) from the `after` cursor, with Graph's paging block. */
function pageOf<T>(
  state: InstagramFakeState,
  url: URL,
  p: Record<string, string>,
  all: T[],
  byDefault: number,
  max: number,
  json: (x: T) => unknown,
) {
  const limit = Math.max(1, Math.min(Number(p.limit ?? byDefault) || byDefault, max));
  const start = p.after ? Number(Buffer.from(p.after, "base64url").toString("utf8")) || 0 : 0;
  const slice = all.slice(start, start + limit);
  const cursor = (i: number) => Buffer.from(String(i)).toString("base64url");
  const paging: Record<string, unknown> = slice.length
    ? { cursors: { before: cursor(start), after: cursor(start + slice.length) } }
    : {};
  if (start + slice.length < all.length) {
    const next = new URL(url.pathname, state.url);
    for (const [k, v] of Object.entries(p)) if (k !== "after") next.searchParams.set(k, v);
    next.searchParams.set("after", cursor(start + slice.length));
    paging.next = next.toString();
  }
  return { data: slice.map(json), paging };
}

/** Splits a Graph fields list at its top-level commas: "id,replies{id,text}" -> ["id", "replies{id,text}"]. */
function topFields(fields: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of fields) {
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    if (ch === "," && depth === 0) {
      if (cur) out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** A comment with the fields asked for (id alone when none are), replies{...} expanded to their first page. */
function commentJson(state: InstagramFakeState, c: IgComment, fields: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { id: c.id };
  for (const f of topFields(fields ?? "id")) {
    const [name, sub] = f.includes("{")
      ? [f.slice(0, f.indexOf("{")), f.slice(f.indexOf("{") + 1, -1)]
      : [f, undefined];
    if (name === "text") out.text = c.message;
    else if (name === "timestamp") out.timestamp = igTime(c.timestamp ?? new Date(0));
    else if (name === "username") out.username = c.username ?? "";
    else if (name === "from") out.from = { id: c.fromId ?? "", username: c.username ?? "" };
    else if (name === "hidden") out.hidden = c.hidden ?? false;
    else if (name === "like_count") out.like_count = c.likeCount ?? 0;
    else if (name === "media") out.media = { id: c.mediaId };
    else if (name === "parent_id" && c.parentId) out.parent_id = c.parentId;
    else if (name === "replies" && !c.parentId) {
      const replies = state.repliesTo(c.id);
      if (!replies.length) continue; // Graph leaves out an empty edge
      const first = replies.slice(0, state.inlineReplies);
      const more = replies.length > first.length;
      const after = Buffer.from(String(first.length)).toString("base64url");
      out.replies = {
        data: first.map((r) => commentJson(state, r, sub ?? "id")),
        paging: {
          cursors: { before: Buffer.from("0").toString("base64url"), after },
          ...(more
            ? {
                next: `${state.url}/${state.graphVersion}/${c.id}/replies?fields=${encodeURIComponent(sub ?? "id")}&after=${after}`,
              }
            : {}),
        },
      };
    } else if (!["id", "parent_id", "replies"].includes(name)) {
      throw graphErr(400, `(#100) Tried accessing nonexisting field (${name}) on node type (IGComment)`, 100);
    }
  }
  return out;
}

function ownUser(token: IgToken, id: string): string {
  if (id !== "me" && id !== token.userId) throw missing(id);
  return token.userId;
}

/** Instagram's timestamps: 2024-05-01T10:00:00+0000 */
const igTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");

async function createContainer(
  state: InstagramFakeState,
  userId: string,
  p: Record<string, string>,
): Promise<IgContainer> {
  const carouselItem = p.is_carousel_item === "true";
  const story = p.media_type === "STORIES";
  // a story shows no caption: Instagram accepts one and ignores it
  const caption = story ? "" : (p.caption ?? "");
  if (caption.length > 2200)
    throw graphErr(400, "The caption is too long (2200 characters at most)", 100, { error_subcode: 2207010 });
  const { access_token: _token, ...sent } = p;
  checkExtras(p);
  const c: IgContainer = {
    id: state.nextId(),
    userId,
    mediaType: "IMAGE",
    caption,
    params: sent,
    carouselItem,
    children: [],
    status: "FINISHED",
    pollsLeft: 0,
  };
  if (p.media_type === "CAROUSEL") {
    const children = (p.children ?? "").split(",").filter(Boolean);
    if (children.length < 2 || children.length > 10)
      throw graphErr(400, "A carousel needs between 2 and 10 children", 100, { error_subcode: 2207025 });
    for (const id of children) {
      const child = state.containers.get(id);
      if (!child || child.userId !== userId || !child.carouselItem || child.status !== "FINISHED") {
        throw graphErr(400, `The carousel child ${id} is not ready or does not exist`, 9007, {
          error_subcode: 2207027,
        });
      }
    }
    c.mediaType = "CAROUSEL";
    c.children = children;
  } else if (p.media_type === "REELS" || p.media_type === "VIDEO" || (story && p.video_url)) {
    if (p.media_type === "REELS" && p.image_url)
      throw graphErr(
        400,
        "(#100) A reel is a video: image_url is not supported with media_type REELS; use video_url",
        100,
      );
    if (!p.video_url) throw graphErr(400, "(#100) The parameter video_url is required", 100);
    c.mediaType = story ? "STORIES" : (p.media_type as "REELS" | "VIDEO");
    if (story) c.storyKind = "VIDEO";
    // videos download and process in the background: a bad URL shows as an ERROR status
    const got = await fetchMedia(state, p.video_url, "video/");
    c.status = "IN_PROGRESS";
    c.pollsLeft = 1;
    if (got.problem) c.statusText = `Error: Media download has failed. ${got.problem} (2207052)`;
    // a story's length is read from the file itself (older tests' reels are a few bytes of padding: not checked)
    else if (story && !isMp4(got.body!)) c.statusText = "Error: The video format is not supported. (2207026)";
    else if (story && (mp4DurationMs(got.body!) ?? 0) > 60_000) {
      throw graphErr(400, "The video is too long for a story: stories take videos of at most 60 seconds.", 100, {
        error_subcode: 2207026,
        error_user_title: "Unsupported video duration",
      });
    }
    if (p.cover_url) c.cover = await checkCover(state, p.cover_url);
  } else {
    if (!p.image_url) throw graphErr(400, "(#100) The parameter image_url is required", 100);
    if (story) {
      c.mediaType = "STORIES";
      c.storyKind = "IMAGE";
    }
    const got = await fetchMedia(state, p.image_url, "image/");
    if (got.problem) throw mediaFetchFailed(p.image_url, got.problem);
    // content publishing: "JPEG is the only image format supported"; the bytes must be one, whatever the header says
    const size = jpegSize(got.body!);
    if (!size)
      throw graphErr(400, "The image format is not supported.", 36001, {
        error_subcode: 2207005,
        is_transient: false,
        error_user_title: "Unsupported image format",
        error_user_msg: "The image format is not supported. Only JPEG images can be published.",
      });
    c.image = size;
    // a feed photo (alone or in a carousel) must be 4:5 to 1.91:1 (IG User Media, image specifications); a
    // story's photo may be any shape (9:16 recommended: Instagram crops or pads the rest)
    const ratio = size.width / size.height;
    if (!story && (ratio < FEED_MIN_RATIO || ratio > FEED_MAX_RATIO)) {
      throw graphErr(400, "The aspect ratio is not supported.", 36003, {
        error_subcode: 2207009,
        is_transient: false,
        error_user_title: "Cannot publish due to aspect ratio",
        error_user_msg: `The submitted image with aspect ratio ('${Math.round(ratio * 1000) / 1000}') cannot be published. Please submit an image with a valid aspect ratio.`,
      });
    }
    // images are processed in the background too, only faster: a carousel child is not FINISHED at once
    if (carouselItem && state.carouselItemPolls > 0) {
      c.status = "IN_PROGRESS";
      c.pollsLeft = state.carouselItemPolls - 1;
    }
  }
  const plan = carouselItem ? undefined : state.containerPlans.shift();
  if (plan?.inProgressPolls !== undefined) {
    c.status = "IN_PROGRESS";
    c.pollsLeft = plan.inProgressPolls;
  }
  if (plan?.error) {
    c.status = "IN_PROGRESS";
    c.statusText = `Error: ${plan.error}`;
  }
  state.containers.set(c.id, c);
  return c;
}

/**
 * The parameters beyond the media, refused where Instagram refuses them (IG User Media reference):
 * collaborators (a JSON list of at most 3 usernames; feed posts and reels, not stories, not carousel
 * children), user_tags (a JSON list of {username, x, y}, x and y within 0..1; on a photo both are
 * required), alt_text (photos only: not videos, reels or stories), share_to_feed, thumb_offset and
 * audio_name (reels only).
 */
function checkExtras(p: Record<string, string>): void {
  const story = p.media_type === "STORIES";
  const video = p.media_type === "REELS" || p.media_type === "VIDEO" || Boolean(p.video_url);
  const list = (name: string): unknown[] => {
    try {
      const v = JSON.parse(p[name]);
      if (Array.isArray(v)) return v;
    } catch {
      // answered below
    }
    throw graphErr(400, `(#100) Param ${name} must be a JSON array`, 100);
  };
  if (p.collaborators !== undefined) {
    if (story)
      throw graphErr(400, "(#100) Collaborators are not supported for stories", 100, { error_subcode: 2207081 });
    if (p.is_carousel_item === "true")
      throw graphErr(400, "(#100) Collaborators go on the carousel container, not on its items", 100);
    const names = list("collaborators");
    if (names.some((n) => typeof n !== "string" || !/^[A-Za-z0-9._]{1,30}$/.test(n)))
      throw graphErr(400, "(#100) Param collaborators must be a list of Instagram usernames", 100);
    if (names.length > 3)
      throw graphErr(400, "(#100) A post can have at most 3 collaborators", 100, { error_subcode: 2207082 });
  }
  if (p.user_tags !== undefined) {
    for (const t of list("user_tags") as { username?: unknown; x?: unknown; y?: unknown }[]) {
      if (typeof t?.username !== "string" || !t.username)
        throw graphErr(400, "(#100) Each user tag needs a username", 100);
      for (const k of ["x", "y"] as const) {
        const v = t[k];
        if (v === undefined && !video && !story) throw graphErr(400, `(#100) A user tag on a photo needs ${k}`, 100);
        if (v !== undefined && (typeof v !== "number" || v < 0 || v > 1))
          throw graphErr(400, `(#100) User tag ${k} must be a number between 0 and 1`, 100);
      }
    }
  }
  if (p.alt_text !== undefined && (video || story))
    throw graphErr(400, "(#100) alt_text is supported for images only", 100);
  if (p.alt_text !== undefined && [...p.alt_text].length > 1000)
    throw graphErr(400, "(#100) alt_text is too long", 100);
  for (const reelOnly of ["share_to_feed", "thumb_offset", "audio_name", "cover_url"]) {
    if (p[reelOnly] !== undefined && p.media_type !== "REELS")
      throw graphErr(400, `(#100) Param ${reelOnly} is supported for reels only`, 100);
  }
  if (p.share_to_feed !== undefined && p.share_to_feed !== "true" && p.share_to_feed !== "false")
    throw graphErr(400, "(#100) Param share_to_feed must be a boolean", 100);
  if (p.thumb_offset !== undefined && !/^\d+$/.test(p.thumb_offset))
    throw graphErr(400, "(#100) Param thumb_offset must be a number of milliseconds", 100);
}

/**
 * A reel's cover: Instagram fetches it, a JPEG of any shape (the Reels cover photo specifications: 9:16
 * recommended, anything else cropped to its middle 9:16 rectangle). Answers its pixel size.
 */
async function checkCover(state: InstagramFakeState, url: string): Promise<{ width: number; height: number }> {
  const got = await fetchMedia(state, url, "image/");
  const size = got.body && jpegSize(got.body);
  if (got.problem || !size) {
    throw graphErr(400, "The cover image could not be fetched or is not a JPEG.", 9004, {
      error_subcode: 2207052,
      error_user_title: "Media download has failed",
      error_user_msg: `The cover could not be fetched from this URI: ${url}. ${got.problem ?? "not a JPEG"}`,
    });
  }
  return size;
}

/** A feed photo's ratio (width / height): 4:5 to 1.91:1, a hair of rounding either side (1080 x 566 is 1.908). */
const FEED_MIN_RATIO = 0.8 - 0.001;
const FEED_MAX_RATIO = 1.91 + 0.001;

function mediaFetchFailed(url: string, problem: string): GraphError {
  return graphErr(400, "Only photo or video can be accepted as media type.", 9004, {
    error_subcode: 2207052,
    error_user_title: "Media download has failed",
    error_user_msg: `The media could not be fetched from this URI: ${url}. ${problem}`,
  });
}

/** X-Business-Use-Case-Usage: {"<business id>": [{ type, call_count, total_cputime, total_time, estimated_time_to_regain_access }]} */
function bucUsage(state: InstagramFakeState, throttled: { regainMinutes: number } | null): string {
  const calls = Object.values(state.calls).reduce((a, b) => a + (b ?? 0), 0);
  const pct = throttled ? 100 : Math.min(99, calls);
  return JSON.stringify({
    [state.appId]: [
      {
        type: "instagram",
        call_count: pct,
        total_cputime: Math.floor(pct / 2),
        total_time: Math.floor(pct / 2),
        estimated_time_to_regain_access: throttled?.regainMinutes ?? 0,
      },
    ],
  });
}

/** The file at a media URL, or what went wrong fetching it. */
async function fetchMedia(
  state: InstagramFakeState,
  url: string,
  typePrefix: string,
): Promise<{ problem: string | null; body: Buffer | null }> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = Buffer.from(await r.arrayBuffer());
    state.fetchedUrls.push(url);
    const type = r.headers.get("content-type") ?? "";
    if (r.status !== 200) return { problem: `The URL answered HTTP ${r.status}.`, body: null };
    if (!type.startsWith(typePrefix))
      return { problem: `The URL answered ${type || "no content type"}, not ${typePrefix}*.`, body: null };
    if (body.length === 0) return { problem: "The file is empty.", body: null };
    return { problem: null, body };
  } catch (err) {
    return { problem: `The URL could not be reached (${(err as Error).message}).`, body: null };
  }
}
