// A local stand-in for Facebook Login and the Facebook Graph API, as far as Sufra uses them: the
// OAuth dialog (it "consents" as the person a test chose and sends the browser back with a code, or
// with error=access_denied), the token endpoint (code exchange and fb_exchange_token, checking the
// app's id, secret and redirect URI), /me, /me/accounts (Pages and their linked Instagram professional
// accounts) and Instagram business discovery, which Meta offers only here ("Instagram API with
// Facebook Login"), with the Graph API's error JSON. Tokens carry the permissions granted at the dialog
// (a test may have the person decline some), and business discovery is refused with code 10 without
// instagram_basic, instagram_manage_insights and pages_read_engagement. The accounts it finds are the
// Instagram stand-in's (`InstagramFakeState.discoverable`) when one is given, so both fakes agree.
// The dialog is either Facebook Login's (a consumer app: the scope asked, each permission declinable,
// "Invalid Scopes" for a name that does not exist or the app was not approved for) or, once a test
// makes the app a Business app (`useLoginForBusiness`, once per configuration), Facebook Login for
// Business's: it needs the config_id of one of its configurations and grants exactly that one's permissions.
// It also plays the Pages API as Sufra publishes with it (/me/permissions, Page tokens from /me/accounts, /{page}/feed, /photos, /videos,
// /published_posts, comments, post and video insights), refusing what Facebook refuses: a person's
// token where a Page token is needed, a token without pages_manage_posts, a person without the
// CREATE_CONTENT task, media it cannot fetch or that is not what it claims, unpublished photos of
// another Page, retired insights metrics; throttled Pages answer with their usage header.
import type http from "node:http";
import { graphError, reply, serveGraph } from "./graph-server.ts";
import { Holds } from "./holds.ts";
import { createHmac, randomBytes } from "node:crypto";
import type { IgDiscoverable, InstagramFakeState } from "./instagram-server.ts";

export type FbEndpoint =
  | "dialog"
  | "code_exchange"
  | "long_lived_exchange"
  | "me"
  | "accounts"
  | "business_discovery"
  | "revoke_permissions"
  | "permissions"
  /** the creating calls: POST /{page}/feed, /{page}/photos (published or not), /{page}/videos */
  | "page_feed"
  | "page_photos"
  | "page_videos"
  | "published_posts"
  | "page_fields"
  | "object"
  | "comment"
  | "insights"
  | "video_insights";

export interface FbPage {
  id: string;
  name: string;
  category?: string;
  /** what the person may do on the Page (/me/accounts tasks); all of them unless a test says otherwise */
  tasks?: string[];
  followers?: number;
  /** the Page's linked Instagram professional account (instagram_business_account) */
  instagram?: { id: string; username: string };
}
export interface FbUser {
  id: string;
  name: string;
  /** the Pages this person manages, as /me/accounts lists them */
  pages: FbPage[];
}
export interface FbToken {
  token: string;
  userId: string;
  kind: "short" | "long" | "page";
  /** a Page token: the Page it acts as */
  pageId?: string;
  expiresAt: number;
  revoked: boolean;
  /** the permissions the person granted at the dialog (a long-lived token keeps the short one's) */
  scopes: string[];
}

/** What GET /{ig-user-id}?fields=business_discovery... needs (its reference page, "Requirements"). */
const BUSINESS_DISCOVERY_PERMISSIONS = [
  "instagram_basic",
  "instagram_manage_insights",
  "pages_read_engagement",
] as const;
/** The permissions a token made without the dialog has: everything Sufra asks for. */
const ALL_PERMISSIONS = [
  "instagram_basic",
  "instagram_manage_insights",
  "pages_show_list",
  "pages_read_engagement",
  "business_management",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_read_user_content",
  "read_insights",
];
/**
 * Permissions that exist (the Permissions Reference) but this app was not approved for: the dialog
 * refuses them like a name that does not exist. publish_video is for live video; posting a video to a
 * Page needs pages_manage_posts (Page Videos reference).
 */
const UNAPPROVED_PERMISSIONS = ["publish_video", "pages_messaging", "ads_management", "user_posts"];
/** Permission names the Permissions Reference lists (those Sufra or a test may name). */
const KNOWN_PERMISSIONS = new Set([
  ...ALL_PERMISSIONS,
  ...UNAPPROVED_PERMISSIONS,
  "public_profile",
  "email",
  "instagram_content_publish",
  "instagram_manage_comments",
]);
/** Every task a Page role can hold; a test narrows a person's to show a "Page role missing". */
export const ALL_TASKS = ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MESSAGING", "MANAGE"];
/**
 * Insights metrics Meta retired for every API version (Deprecated Page Insights Metrics; "Page Insights
 * API Updates", 2025-08-15: impressions replaced by views): asking for one, even beside valid ones,
 * fails the whole request with (#100) "The value must be a valid insights metric". The video
 * impressions went with the post impressions.
 */
const RETIRED_METRICS = new Set([
  "post_impressions",
  "post_impressions_unique",
  "post_impressions_organic",
  "post_impressions_organic_unique",
  "post_impressions_paid",
  "post_impressions_paid_unique",
  "post_impressions_fan",
  "post_impressions_fan_unique",
  "post_impressions_viral",
  "post_impressions_viral_unique",
  "post_engaged_users",
  "total_video_impressions",
  "total_video_impressions_unique",
  "total_video_impressions_paid",
  "total_video_impressions_paid_unique",
  "total_video_impressions_organic",
  "total_video_impressions_organic_unique",
  "total_video_impressions_viral",
  "total_video_impressions_viral_unique",
  "total_video_impressions_fan",
  "total_video_impressions_fan_unique",
]);
/** what /{post-id}/insights answers (Page Insights reference, post metrics) */
const POST_METRICS = new Set([
  "post_media_view",
  "post_total_media_view_unique",
  "post_reactions_by_type_total",
  "post_clicks",
]);
/** what /{video-id}/video_insights answers (Video Insights guide: views and unique viewers, 3 seconds or to the end) */
const VIDEO_METRICS = new Set([
  "total_video_views",
  "total_video_views_unique",
  "total_video_views_autoplayed",
  "total_video_views_clicked_to_play",
  "total_video_avg_time_watched",
]);

export interface FbFigures {
  views: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
}
export interface FbPost {
  id: string;
  pageId: string;
  message: string;
  link?: string;
  /** photo ids shown in the post */
  photos: string[];
  videoId?: string;
  createdTime: number;
  comments: { id: string; message: string; from: string }[];
  figures: FbFigures;
}
export interface FbPhoto {
  id: string;
  pageId: string;
  url: string;
  published: boolean;
  altText?: string;
  /** the post it is shown in (attached or its own) */
  postId?: string;
}
/** What the dialog was asked, as a test may check it. */
export interface FbDialogRequest {
  clientId: string | null;
  redirectUri: string | null;
  state: string | null;
  responseType: string | null;
  scopes: string[];
  configId: string | null;
}
/** A Facebook Login for Business configuration: its id and the permissions it carries (a user access token). */
export interface FbLoginConfig {
  id: string;
  permissions: string[];
  /** the Sufra setting its id is given to (`env`); null: a configuration Sufra is not told of */
  setting: FbConfigSetting | null;
}
/** Sufra's settings naming a configuration: the Pages' and competitors' discovery's. */
export type FbConfigSetting = "FACEBOOK_LOGIN_CONFIG_ID" | "FACEBOOK_DISCOVERY_CONFIG_ID";

export class FacebookFakeState {
  appId = "fb-app-id";
  appSecret = "fb-app-secret";
  version = "v23.0";
  users = new Map<string, FbUser>();
  tokens = new Map<string, FbToken>();
  codes = new Map<string, { userId: string; redirectUri: string; clientId: string; used: boolean; scopes: string[] }>();
  /** permissions the person unticks at the dialog (Facebook Login lets people decline each one) */
  declined = new Set<string>();
  /**
   * Some: the app is a Business app with Facebook Login for Business and these configurations. Its
   * dialog then needs the config_id of one of them, ignores scope, and grants exactly that
   * configuration's permissions (all of them or none). None: a consumer app with Facebook Login,
   * granting the scope asked.
   */
  loginConfigs: FbLoginConfig[] = [];
  /** permissions that exist but this app may not ask for (no Advanced Access): the dialog refuses them */
  unapproved = new Set<string>(UNAPPROVED_PERMISSIONS);
  /** insights metrics Facebook no longer answers; a test may retire one more (Meta retires them for every version at once) */
  retiredMetrics = new Set<string>(RETIRED_METRICS);
  /** insights requests answered or refused, with the metrics each asked for */
  insightsAsked: string[][] = [];
  /** requests answered, per endpoint */
  calls: Partial<Record<FbEndpoint, number>> = {};
  /** every visit to the dialog, oldest first */
  dialogs: FbDialogRequest[] = [];
  /** Instagram professional accounts business discovery finds, by lower-case username */
  discoverable: Map<string, IgDiscoverable>;
  failures = new Map<FbEndpoint, { as: "rate_limit" | 500 | "policy"; times: number }>();
  /** Pages API objects: posts by id, photos by id, videos (id -> post id) */
  posts = new Map<string, FbPost>();
  photos = new Map<string, FbPhoto>();
  videos = new Map<string, string>();
  /** media URLs fetched, in order */
  fetchedUrls: string[] = [];
  /** Pages that answer their next creating calls with a rate limit, and how the limit is told */
  throttled = new Map<string, { regainMinutes: number; header: "page" | "buc"; times: number }>();
  /** held answers of the creating calls (a worker killed while Facebook has the post) */
  holds = new Holds<"page_feed" | "page_photos" | "page_videos">();
  /** who approves at the dialog: a user id, "deny" (the person cancels), or nobody signed in */
  private consent: string | "deny" | null = null;
  private seq = 17_841_400_000_000_000n;
  /** set by the server: the fake's base URL */
  url = "";

  constructor(instagram?: InstagramFakeState) {
    this.discoverable = instagram?.discoverable ?? new Map();
  }

  nextId(): string {
    return String(++this.seq);
  }
  /** the configuration (environment) that points Sufra at this fake */
  get env(): Record<string, string> {
    return {
      FACEBOOK_APP_ID: this.appId,
      FACEBOOK_APP_SECRET: this.appSecret,
      FACEBOOK_AUTHORIZE_URL: `${this.url}/${this.version}/dialog/oauth`,
      FACEBOOK_GRAPH_URL: `${this.url}/${this.version}`,
      ...Object.fromEntries(this.loginConfigs.filter((c) => c.setting).map((c) => [c.setting, c.id])),
    };
  }
  /** the configuration Sufra's Pages are given (FACEBOOK_LOGIN_CONFIG_ID), if any */
  get loginConfig(): FbLoginConfig | null {
    return this.loginConfigs.find((c) => c.setting === "FACEBOOK_LOGIN_CONFIG_ID") ?? null;
  }
  /**
   * The app becomes (or stays) a Business app, with one more Login for Business configuration carrying
   * these permissions, given to Sufra as `setting` (the Pages' unless said); its id.
   */
  useLoginForBusiness(
    permissions: readonly string[],
    setting: FbConfigSetting | null = "FACEBOOK_LOGIN_CONFIG_ID",
  ): string {
    const config = { id: this.nextId(), permissions: [...permissions], setting };
    this.loginConfigs.push(config);
    return config.id;
  }
  /** a Facebook person managing these Pages (ids made up when not given) */
  addUser(user: {
    id?: string;
    name: string;
    pages: (Omit<FbPage, "id" | "instagram"> & { id?: string; instagram?: { id?: string; username: string } })[];
  }): FbUser {
    const u: FbUser = {
      id: user.id ?? this.nextId(),
      name: user.name,
      pages: user.pages.map((p) => ({
        id: p.id ?? this.nextId(),
        name: p.name,
        ...(p.category ? { category: p.category } : {}),
        ...(p.tasks ? { tasks: [...p.tasks] } : {}),
        ...(p.followers !== undefined ? { followers: p.followers } : {}),
        ...(p.instagram ? { instagram: { id: p.instagram.id ?? this.nextId(), username: p.instagram.username } } : {}),
      })),
    };
    this.users.set(u.id, u);
    return u;
  }
  /** the next dialog visits approve as this person */
  signInAs(userId: string): void {
    if (!this.users.has(userId)) throw new Error(`facebook fake: no user ${userId}`);
    this.consent = userId;
  }
  /** the next dialog visits are cancelled by the person (error=access_denied) */
  deny(): void {
    this.consent = "deny";
  }
  addToken(
    userId: string,
    kind: "short" | "long" | "page",
    ttlMs: number,
    scopes: string[] = ALL_PERMISSIONS,
    pageId?: string,
  ): FbToken {
    const t: FbToken = {
      token: `EAA${kind === "long" ? "L" : kind === "page" ? "P" : "S"}${randomBytes(20).toString("hex")}`,
      userId,
      kind,
      ...(pageId ? { pageId } : {}),
      expiresAt: Date.now() + ttlMs,
      revoked: false,
      scopes: [...scopes],
    };
    this.tokens.set(t.token, t);
    return t;
  }
  /** Facebook invalidates one token (the person changed their password, a session was logged out): code 190 */
  expire(token: string): void {
    const t = this.tokens.get(token);
    if (t) t.expiresAt = 0;
  }
  /** the Page's tokens, newest last */
  pageTokens(pageId: string): FbToken[] {
    return [...this.tokens.values()].filter((t) => t.kind === "page" && t.pageId === pageId);
  }
  /** the Page's next `times` creating calls are throttled: Facebook says when access comes back in the Page's usage header */
  throttle(pageId: string, regainMinutes: number, header: "page" | "buc" = "page", times = 1): void {
    this.throttled.set(pageId, { regainMinutes, header, times });
  }
  /** the Page's posts, oldest first: every creating call that succeeded made one */
  pagePosts(pageId: string): FbPost[] {
    return [...this.posts.values()].filter((p) => p.pageId === pageId).sort((a, b) => a.createdTime - b.createdTime);
  }
  /** a post's figures as Facebook will report them */
  setFigures(postId: string, figures: Partial<FbFigures>): void {
    const p = this.posts.get(postId);
    if (!p) throw new Error(`facebook fake: no post ${postId}`);
    Object.assign(p.figures, figures);
  }
  page(pageId: string): { user: FbUser; page: FbPage } | null {
    for (const user of this.users.values()) {
      const page = user.pages.find((p) => p.id === pageId);
      if (page) return { user, page };
    }
    return null;
  }
  /** the person removes the app in their Facebook settings: every token of theirs stops working */
  revokeUser(userId: string): void {
    for (const t of this.tokens.values()) if (t.userId === userId) t.revoked = true;
  }
  tokensOf(userId: string): FbToken[] {
    return [...this.tokens.values()].filter((t) => t.userId === userId);
  }
  /** the next `times` calls of an endpoint fail: the app rate limit (code 4), HTTP 500, or a policy block (368) */
  failNext(endpoint: FbEndpoint, as: "rate_limit" | 500 | "policy", times = 1): void {
    this.failures.set(endpoint, { as, times });
  }
  get dialogConsent(): string | "deny" | null {
    return this.consent;
  }
}

const graphErr = (
  status: number,
  message: string,
  code: number,
  extra: Record<string, unknown> = {},
  type = "GraphMethodException",
) => graphError(status, message, code, extra, type);
const missing = (id: string) =>
  graphErr(
    400,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    100,
    { error_subcode: 33 },
  );

export async function startFacebookFake(
  opts: { instagram?: InstagramFakeState } = {},
): Promise<{ url: string; state: FacebookFakeState; close(): Promise<void> }> {
  const state = new FacebookFakeState(opts.instagram);
  return serveGraph("facebook", state, handle, "GraphMethodException");
}

/** Facebook sends the browser back with the outcome in the query and "#_=_" as the fragment. */
function redirectBack(res: http.ServerResponse, redirectUri: string, params: Record<string, string>): void {
  const to = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
  res.writeHead(302, { location: `${to.toString()}#_=_`, "content-length": 0 });
  res.end();
}

async function handle(state: FacebookFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {});
  const url = new URL(req.url ?? "/", state.url);
  const p: Record<string, string> = Object.fromEntries(url.searchParams);
  const parts = url.pathname
    .replace(/^\/v\d+\.\d+(?=\/)/, "")
    .split("/")
    .filter(Boolean);
  const method = req.method ?? "GET";
  const [a, b] = parts;
  if (method === "POST") Object.assign(p, await formBody(req));

  let endpoint: FbEndpoint;
  if (method === "GET" && a === "dialog" && b === "oauth") endpoint = "dialog";
  else if (method === "GET" && a === "oauth" && b === "access_token")
    endpoint = p.grant_type === "fb_exchange_token" ? "long_lived_exchange" : "code_exchange";
  else if (method === "GET" && a === "me" && !b) endpoint = "me";
  else if (method === "GET" && a === "me" && b === "accounts") endpoint = "accounts";
  else if (method === "DELETE" && a === "me" && b === "permissions") endpoint = "revoke_permissions";
  else if (method === "GET" && a && !b && (p.fields ?? "").startsWith("business_discovery."))
    endpoint = "business_discovery";
  else if (method === "GET" && a === "me" && b === "permissions") endpoint = "permissions";
  else if (method === "POST" && a && b === "feed") endpoint = "page_feed";
  else if (method === "POST" && a && b === "photos") endpoint = "page_photos";
  else if (method === "POST" && a && b === "videos") endpoint = "page_videos";
  else if (method === "GET" && a && b === "published_posts") endpoint = "published_posts";
  else if (method === "POST" && a && b === "comments") endpoint = "comment";
  else if (method === "GET" && a && b === "insights") endpoint = "insights";
  else if (method === "GET" && a && b === "video_insights") endpoint = "video_insights";
  else if (method === "GET" && a && !b && state.page(a)) endpoint = "page_fields";
  else if (method === "GET" && a && !b && (state.posts.has(a) || state.videos.has(a) || state.photos.has(a)))
    endpoint = "object";
  else throw graphErr(400, `Unknown path components: /${parts.join("/")}`, 2500, {}, "OAuthException");
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 500)
      throw graphErr(500, "An unknown error occurred", 1, { is_transient: true }, "OAuthException");
    // the Page is blocked from posting for a policy: nothing is made, and waiting a moment does not lift it
    if (failure.as === "policy")
      throw graphErr(
        400,
        "(#368) The action attempted has been deemed abusive or is otherwise disallowed",
        368,
        { error_subcode: 1390008 },
        "OAuthException",
      );
    throw graphErr(403, "(#4) Application request limit reached", 4, { is_transient: true }, "OAuthException");
  }

  if (endpoint === "dialog") {
    const asked = (p.scope ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    state.dialogs.push({
      clientId: p.client_id ?? null,
      redirectUri: p.redirect_uri ?? null,
      state: p.state ?? null,
      responseType: p.response_type ?? null,
      scopes: asked,
      configId: p.config_id ?? null,
    });
    if (p.client_id !== state.appId)
      throw graphErr(
        400,
        "Invalid App ID: The provided app ID does not look like a valid app ID.",
        101,
        {},
        "OAuthException",
      );
    if (!p.redirect_uri || !/^https?:\/\//.test(p.redirect_uri))
      throw graphErr(
        400,
        "Can't load URL: The domain of this URL isn't included in the app's domains.",
        191,
        {},
        "OAuthException",
      );
    const config = state.loginConfigs.length ? (state.loginConfigs.find((c) => c.id === p.config_id) ?? null) : null;
    if (state.loginConfigs.length) {
      // Login for Business: the configuration says what is asked, scope is not read
      if (!p.config_id)
        throw graphErr(
          400,
          "This app uses Facebook Login for Business: the login dialog needs the config_id of one of its configurations.",
          100,
          {},
          "OAuthException",
        );
      if (!config)
        throw graphErr(
          400,
          `Invalid config_id: ${p.config_id} is not a Facebook Login for Business configuration of this app.`,
          100,
          {},
          "OAuthException",
        );
      if (state.declined.size)
        throw new Error(
          "facebook fake: Login for Business grants the whole configuration or nothing; a person cannot decline one permission (use deny())",
        );
    } else {
      if (p.config_id)
        throw graphErr(
          400,
          `Invalid config_id: ${p.config_id}. Configurations belong to Facebook Login for Business, which this app does not use.`,
          100,
          {},
          "OAuthException",
        );
      // Facebook Login shows the developer "Invalid Scopes" for a name that does not exist or the app may not ask for
      const invalid = asked.filter((x) => state.unapproved.has(x) || !KNOWN_PERMISSIONS.has(x));
      if (invalid.length) {
        throw graphErr(
          400,
          `Invalid Scopes: ${invalid.join(", ")}. This message is only shown to developers. Users of your app will ignore these permissions if present. Please read the documentation for valid permissions at: https://developers.facebook.com/docs/facebook-login/permissions`,
          100,
          {},
          "OAuthException",
        );
      }
    }
    const consent = state.dialogConsent;
    if (consent === null)
      throw graphErr(
        400,
        "facebook fake: nobody is signed in at the dialog (call signInAs or deny)",
        1,
        {},
        "OAuthException",
      );
    const back: Record<string, string> = p.state ? { state: p.state } : {};
    if (consent === "deny") {
      return redirectBack(res, p.redirect_uri, {
        error: "access_denied",
        error_code: "200",
        error_description: "Permissions error",
        error_reason: "user_denied",
        ...back,
      });
    }
    const code = `AQ${randomBytes(24).toString("base64url")}`;
    // Login for Business grants the configuration's permissions; Facebook Login what was asked, less what the person declined
    const scopes = config ? [...config.permissions] : asked.filter((x) => !state.declined.has(x));
    state.codes.set(code, { userId: consent, redirectUri: p.redirect_uri, clientId: p.client_id, used: false, scopes });
    return redirectBack(res, p.redirect_uri, { code, ...back });
  }

  if (endpoint === "code_exchange" || endpoint === "long_lived_exchange") {
    if (p.client_id !== state.appId)
      throw graphErr(400, "Error validating application. Invalid application ID.", 101, {}, "OAuthException");
    if (p.client_secret !== state.appSecret)
      throw graphErr(400, "Error validating client secret.", 1, {}, "OAuthException");
    if (endpoint === "code_exchange") {
      const c = state.codes.get(p.code ?? "");
      if (!c) throw graphErr(400, "Invalid verification code format.", 100, {}, "OAuthException");
      if (c.used)
        throw graphErr(400, "This authorization code has been used.", 100, { error_subcode: 36009 }, "OAuthException");
      if (c.redirectUri !== p.redirect_uri) {
        throw graphErr(
          400,
          "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
          100,
          { error_subcode: 36008 },
          "OAuthException",
        );
      }
      c.used = true;
      const t = state.addToken(c.userId, "short", 2 * 3_600_000, c.scopes);
      return reply(res, 200, { access_token: t.token, token_type: "bearer", expires_in: 7_200 });
    }
    const short = authenticate(state, p.fb_exchange_token);
    const t = state.addToken(short.userId, "long", 60 * 86_400_000, short.scopes);
    return reply(res, 200, { access_token: t.token, token_type: "bearer", expires_in: 5_183_944 });
  }

  const token = authenticate(state, p.access_token);
  if (
    p.appsecret_proof !== undefined &&
    p.appsecret_proof !== createHmac("sha256", state.appSecret).update(token.token).digest("hex")
  ) {
    throw graphErr(400, "Invalid appsecret_proof provided in the API argument", 100, {}, "GraphMethodException");
  }
  const user = state.users.get(token.userId)!;
  const pages = await pagesApi(state, endpoint, token, user, a!, p, res);
  if (pages) return;

  switch (endpoint) {
    case "me": {
      // a Page token is the Page itself
      if (token.kind === "page")
        return reply(res, 200, { id: token.pageId, name: state.page(token.pageId!)?.page.name });
      const fields = (p.fields ?? "id,name").split(",");
      return reply(res, 200, { ...(fields.includes("name") ? { name: user.name } : {}), id: user.id });
    }
    case "accounts": {
      if (token.kind === "page")
        throw graphErr(400, "(#100) Tried accessing nonexisting field (accounts) on node type (Page)", 100);
      if (!token.scopes.includes("pages_show_list"))
        throw graphErr(403, "(#200) Requires pages_show_list permission to manage the object", 200);
      const withIg = (p.fields ?? "").includes("instagram_business_account");
      const fields = (p.fields ?? "id,name").split(",");
      const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
      const start = p.after ? Number(Buffer.from(p.after, "base64url").toString("utf8")) + 1 : 0;
      const slice = user.pages.slice(start, start + limit);
      const data = slice.map((pg) => ({
        id: pg.id,
        name: pg.name,
        ...(withIg && pg.instagram
          ? { instagram_business_account: { id: pg.instagram.id, username: pg.instagram.username } }
          : {}),
        ...(fields.includes("category") ? { category: pg.category ?? "Cafe" } : {}),
        ...(fields.includes("tasks") ? { tasks: pg.tasks ?? ALL_TASKS } : {}),
        // a Page token from a long-lived person's token does not expire; from a short-lived one it lasts an hour
        ...(fields.includes("access_token")
          ? {
              access_token: state.addToken(
                user.id,
                "page",
                token.kind === "long" ? 10 * 365 * 86_400_000 : 3_600_000,
                token.scopes,
                pg.id,
              ).token,
            }
          : {}),
      }));
      const cursor = (i: number) => Buffer.from(String(i)).toString("base64url");
      const paging: Record<string, unknown> = slice.length
        ? { cursors: { before: cursor(start), after: cursor(start + slice.length - 1) } }
        : {};
      if (start + slice.length < user.pages.length) {
        const next = new URL(url.toString());
        next.searchParams.set("after", cursor(start + slice.length - 1));
        paging.next = next.toString();
      }
      return reply(res, 200, { data, paging });
    }
    case "revoke_permissions":
      state.revokeUser(user.id);
      return reply(res, 200, { success: true });
    case "business_discovery": {
      // lookups are made as an Instagram professional account linked to one of the person's Pages
      if (!user.pages.some((pg) => pg.instagram?.id === a)) throw missing(a!);
      const lacking = BUSINESS_DISCOVERY_PERMISSIONS.find((x) => !token.scopes.includes(x));
      if (lacking)
        throw graphErr(
          403,
          "(#10) Application does not have permission for this action",
          10,
          { is_transient: false },
          "OAuthException",
        );
      return reply(res, 200, businessDiscovery(state.discoverable, a!, p.fields ?? ""));
    }
  }
}

function authenticate(state: FacebookFakeState, token: string | undefined): FbToken {
  if (!token)
    throw graphErr(
      400,
      "An active access token must be used to query information about the current user.",
      2500,
      {},
      "OAuthException",
    );
  const t = state.tokens.get(token);
  if (!t) throw graphErr(400, "Invalid OAuth access token - Cannot parse access token", 190);
  if (t.revoked)
    throw graphErr(400, "Error validating access token: The user has not authorized application 1234.", 190, {
      error_subcode: 458,
    });
  if (t.expiresAt < Date.now())
    throw graphErr(400, "Error validating access token: Session has expired.", 190, { error_subcode: 463 });
  return t;
}

/** Instagram's timestamps: 2024-05-01T10:00:00+0000 */
const igTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");

/**
 * Business discovery as the Graph API answers it: the fields asked for in business_discovery.username(x){...}
 * (media.limit(n){...} for the latest n posts, newest first), or error 110/2207013 for a name that is
 * not a professional account (personal accounts and unknown names look the same).
 */
function businessDiscovery(discoverable: Map<string, IgDiscoverable>, igUserId: string, fields: string) {
  const m = /^business_discovery\.username\(([^)]*)\)\{(.*)\}$/.exec(fields);
  if (!m) throw graphErr(400, "(#100) Syntax error in fields", 100);
  const [, username, inner] = m as unknown as [string, string, string];
  const found = discoverable.get(username.toLowerCase());
  if (!found) {
    throw graphErr(
      400,
      "Invalid user id",
      110,
      {
        error_subcode: 2207013,
        is_transient: false,
        error_user_title: "Cannot find User",
        error_user_msg: `The user with username: ${username} cannot be found.`,
      },
      "IGApiException",
    );
  }
  const media = /media(?:\.limit\((\d+)\))?\{([^}]*)\}/.exec(inner);
  const top = inner
    .replace(/media(?:\.limit\(\d+\))?\{[^}]*\}/, "")
    .split(",")
    .filter(Boolean);
  const out: Record<string, unknown> = { id: found.id };
  if (top.includes("username")) out.username = found.username;
  if (top.includes("followers_count")) out.followers_count = found.followers;
  if (top.includes("media_count")) out.media_count = found.mediaCount;
  if (media) {
    const limit = Math.min(Number(media[1] ?? 25), 100);
    const wanted = media[2]!.split(",");
    const list = [...found.media].reverse().slice(0, limit);
    out.media = {
      data: list.map((x, i) => {
        const item: Record<string, unknown> = { id: `${found.id}${i}` };
        if (wanted.includes("timestamp")) item.timestamp = igTime(x.timestamp);
        // an account that hides its likes: the Graph API leaves like_count out
        if (wanted.includes("like_count") && x.likes !== undefined) item.like_count = x.likes;
        if (wanted.includes("comments_count")) item.comments_count = x.comments;
        if (wanted.includes("caption")) item.caption = x.caption;
        return item;
      }),
      paging: { cursors: { after: "QVFIUmx" } },
    };
  }
  return { business_discovery: out, id: igUserId };
}

/** A POST's parameters: Graph takes a form body (or JSON), beside the query. */
async function formBody(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    return Object.fromEntries(
      Object.entries(JSON.parse(text) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === "string" ? v : JSON.stringify(v),
      ]),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Facebook's times: 2026-11-26T17:00:00+0000 */
const fbTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");
const permalink = (postId: string) => `https://www.facebook.com/${postId.replace("_", "/posts/")}`;
const noFigures = (): FbFigures => ({ views: 0, reach: 0, reactions: 0, comments: 0, shares: 0 });

/** What Facebook answers when a Page call comes with the wrong token or a role that may not do it: (#200). */
const cannotPublish = () =>
  graphErr(
    403,
    "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
    200,
    {},
    "OAuthException",
  );

/**
 * The Page a creating or reading call acts on, checked as Facebook checks it: a Page token of that very
 * Page (a person's token, or another Page's, is refused), the permission, and the person's task on it.
 */
function asPage(
  state: FacebookFakeState,
  token: FbToken,
  pageId: string,
  need: { scope: string; task?: string },
): FbPage {
  const found = state.page(pageId);
  if (!found) throw missing(pageId);
  // a person's token on a Page edge: Facebook wants the Page itself
  if (token.kind !== "page") throw cannotPublish();
  if (token.pageId !== pageId) throw missing(pageId);
  if (!token.scopes.includes(need.scope))
    throw need.scope === "pages_manage_posts"
      ? cannotPublish()
      : graphErr(403, `(#200) Requires ${need.scope} permission to manage the object`, 200, {}, "OAuthException");
  if (need.task && !(found.page.tasks ?? ALL_TASKS).includes(need.task)) throw cannotPublish();
  return found.page;
}

/** A throttled Page answers code 32 with X-Page-Usage, or 80001 with X-Business-Use-Case-Usage, as its limit is told. */
function throttledAnswer(state: FacebookFakeState, pageId: string, res: http.ServerResponse): boolean {
  const t = state.throttled.get(pageId);
  if (!t || t.times <= 0) return false;
  if (--t.times === 0) state.throttled.delete(pageId);
  const usage = {
    call_count: 100,
    total_cputime: 40,
    total_time: 60,
    estimated_time_to_regain_access: t.regainMinutes,
  };
  const [code, message, header, value] =
    t.header === "page"
      ? [32, "(#32) Page request limit reached", "x-page-usage", JSON.stringify(usage)]
      : [
          80001,
          "There have been too many calls to this Page account. Wait a bit and try again.",
          "x-business-use-case-usage",
          JSON.stringify({ [pageId]: [{ type: "pages", ...usage }] }),
        ];
  const body = JSON.stringify({
    error: {
      message,
      type: "OAuthException",
      code,
      is_transient: true,
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  });
  res.writeHead(400, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(body),
    [header]: value,
  });
  res.end(body);
  return true;
}

/** Facebook downloads the media from the URL it is given; what went wrong, or null. */
async function fetchMedia(
  state: FacebookFakeState,
  url: string | undefined,
  typePrefix: "image/" | "video/",
): Promise<string | null> {
  if (!url || !/^https?:\/\//.test(url)) return "The URL is not a valid http(s) URL.";
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = Buffer.from(await r.arrayBuffer());
    state.fetchedUrls.push(url);
    const type = r.headers.get("content-type") ?? "";
    if (r.status !== 200) return `The URL answered HTTP ${r.status}.`;
    if (!type.startsWith(typePrefix)) return `The URL answered ${type || "no content type"}, not ${typePrefix}*.`;
    if (!body.length) return "The file is empty.";
    // the bytes must be what the header says: JPEG, PNG, GIF or WebP photos; MP4/MOV (an ftyp box) videos
    const image =
      body[0] === 0xff && body[1] === 0xd8
        ? true
        : body.subarray(1, 4).toString("latin1") === "PNG" ||
          body.subarray(0, 3).toString("latin1") === "GIF" ||
          body.subarray(8, 12).toString("latin1") === "WEBP";
    if (typePrefix === "image/" && !image) return "The file is not a photo.";
    if (typePrefix === "video/" && body.subarray(4, 8).toString("latin1") !== "ftyp") return "The file is not a video.";
    return null;
  } catch (err) {
    return `The URL could not be reached (${(err as Error).message}).`;
  }
}

const bool = (v: string | undefined, name: string): boolean | undefined => {
  if (v === undefined) return undefined;
  if (v !== "true" && v !== "false") throw graphErr(400, `(#100) Param ${name} must be a boolean`, 100);
  return v === "true";
};

/** The Pages API as Sufra uses it; true when it answered. */
async function pagesApi(
  state: FacebookFakeState,
  endpoint: FbEndpoint,
  token: FbToken,
  user: FbUser,
  a: string,
  p: Record<string, string>,
  res: http.ServerResponse,
): Promise<boolean> {
  const newPost = (pageId: string, message: string, extra: Partial<FbPost> = {}): FbPost => {
    const post: FbPost = {
      id: `${pageId}_${state.nextId()}`,
      pageId,
      message,
      photos: [],
      createdTime: Date.now(),
      comments: [],
      figures: noFigures(),
      ...extra,
    };
    state.posts.set(post.id, post);
    return post;
  };
  /** a creating call: throttled Pages refuse it; a held one keeps its answer back after the post is made */
  const creating = async (kind: "page_feed" | "page_photos" | "page_videos", make: () => Record<string, unknown>) => {
    if (throttledAnswer(state, a, res)) return;
    const { hold, wait } = state.holds.take(kind);
    if (hold?.createOn === "release") await wait();
    const body = make();
    if (hold?.createOn !== "release") await wait();
    reply(res, 200, body);
  };

  switch (endpoint) {
    case "permissions": {
      if (token.kind === "page")
        throw graphErr(400, "(#100) Tried accessing nonexisting field (permissions) on node type (Page)", 100);
      const asked = new Set([...token.scopes, ...state.declined]);
      return (
        reply(res, 200, {
          data: [...asked].map((permission) => ({
            permission,
            status: token.scopes.includes(permission) ? "granted" : "declined",
          })),
        }),
        true
      );
    }
    case "page_feed": {
      asPage(state, token, a, { scope: "pages_manage_posts", task: "CREATE_CONTENT" });
      const attached = Object.keys(p)
        .filter((k) => /^attached_media\[\d+\]$/.test(k))
        .sort((x, y) => Number(/\d+/.exec(x)![0]) - Number(/\d+/.exec(y)![0]))
        .map((k) => {
          let fbid: unknown;
          try {
            fbid = (JSON.parse(p[k]!) as { media_fbid?: unknown }).media_fbid;
          } catch {
            throw graphErr(400, `(#100) param ${k} must be a JSON object`, 100);
          }
          const photo = state.photos.get(String(fbid));
          // only this Page's own unpublished photos, each attached once
          if (!photo || photo.pageId !== a || photo.published || photo.postId)
            throw graphErr(
              400,
              `(#100) param ${k} has invalid media_fbid ${String(fbid)}: not an unpublished photo of this Page`,
              100,
            );
          return photo;
        });
      if (!p.message && !p.link && !attached.length) throw graphErr(400, "(#100) Missing message or attachment", 100);
      if (p.link && !/^https?:\/\/[^\s]+$/.test(p.link))
        throw graphErr(400, "(#100) The link param must be a valid URL", 100);
      if (p.link && attached.length) throw graphErr(400, "(#100) Link posts cannot have attached_media", 100);
      await creating("page_feed", () => {
        const post = newPost(a, p.message ?? "", {
          ...(p.link ? { link: p.link } : {}),
          photos: attached.map((ph) => ph.id),
        });
        for (const ph of attached) ph.postId = post.id;
        return { id: post.id };
      });
      return true;
    }
    case "page_photos": {
      asPage(state, token, a, { scope: "pages_manage_posts", task: "CREATE_CONTENT" });
      const published = bool(p.published, "published") ?? true;
      const problem = await fetchMedia(state, p.url, "image/");
      if (problem)
        throw graphErr(400, `(#324) Missing or invalid image file. ${problem}`, 324, { error_subcode: 2069019 });
      if (p.alt_text_custom !== undefined && p.alt_text_custom.length > 1000)
        throw graphErr(400, "(#100) alt_text_custom is too long", 100);
      const add = () => {
        const photo: FbPhoto = {
          id: state.nextId(),
          pageId: a,
          url: p.url!,
          published,
          ...(p.alt_text_custom ? { altText: p.alt_text_custom } : {}),
        };
        state.photos.set(photo.id, photo);
        if (!published) return { id: photo.id };
        photo.postId = newPost(a, p.caption ?? "", { photos: [photo.id] }).id;
        return { id: photo.id, post_id: photo.postId };
      };
      // an unpublished photo creates no post: not a creating call
      if (!published) return (reply(res, 200, add()), true);
      await creating("page_photos", add);
      return true;
    }
    case "page_videos": {
      asPage(state, token, a, { scope: "pages_manage_posts", task: "CREATE_CONTENT" });
      // creating and publishing a Page video: CREATE_CONTENT with pages_manage_posts, pages_read_engagement
      // and pages_show_list (Page Videos reference); publish_video is live video's, not asked here
      if (!token.scopes.includes("pages_read_engagement") || !token.scopes.includes("pages_show_list"))
        throw cannotPublish();
      const problem = await fetchMedia(state, p.file_url, "video/");
      if (problem)
        throw graphErr(400, `There was a problem uploading your video file. ${problem}`, 6000, {
          error_subcode: 1363019,
        });
      await creating("page_videos", () => {
        const id = state.nextId();
        const post = newPost(a, p.description ?? "", { videoId: id });
        state.videos.set(id, post.id);
        return { id };
      });
      return true;
    }
    case "published_posts": {
      asPage(state, token, a, { scope: "pages_read_engagement" });
      const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
      const fields = (p.fields ?? "id").split(",");
      const list = state.pagePosts(a).reverse().slice(0, limit);
      return (
        reply(res, 200, {
          data: list.map((x) => ({
            id: x.id,
            ...(fields.includes("message") && x.message ? { message: x.message } : {}),
            ...(fields.includes("created_time") ? { created_time: fbTime(x.createdTime) } : {}),
            ...(fields.includes("permalink_url") ? { permalink_url: permalink(x.id) } : {}),
          })),
        }),
        true
      );
    }
    case "page_fields": {
      const found = state.page(a)!;
      if (!(token.kind === "page" ? token.pageId === a : found.user.id === user.id)) throw missing(a);
      const fields = (p.fields ?? "id,name").split(",");
      return (
        reply(res, 200, {
          id: a,
          ...(fields.includes("name") ? { name: found.page.name } : {}),
          ...(fields.includes("followers_count") ? { followers_count: found.page.followers ?? 0 } : {}),
        }),
        true
      );
    }
    case "object": {
      const post = state.posts.get(a) ?? state.posts.get(state.videos.get(a) ?? "") ?? null;
      const photo = state.photos.get(a);
      const pageId = post?.pageId ?? photo?.pageId;
      if (token.kind !== "page" || token.pageId !== pageId) throw missing(a);
      const fields = p.fields ?? "id";
      const out: Record<string, unknown> = { id: a };
      if (fields.includes("permalink_url") && post)
        out.permalink_url = state.videos.has(a) ? `https://www.facebook.com/reel/${a}` : permalink(post.id);
      // Facebook leaves shares out while nobody shared the post
      if (/(^|,)shares(,|$)/.test(fields) && post && !state.videos.has(a) && post.figures.shares)
        out.shares = { count: post.figures.shares };
      if (fields.includes("comments.") && post)
        out.comments = {
          data: [],
          summary: { order: "ranked", total_count: post.figures.comments + post.comments.length, can_comment: true },
        };
      if (fields.includes("reactions.") && post)
        out.reactions = { data: [], summary: { total_count: post.figures.reactions, viewer_reaction: "NONE" } };
      return (reply(res, 200, out), true);
    }
    case "comment": {
      const post = state.posts.get(a) ?? state.posts.get(state.videos.get(a) ?? "");
      if (!post) throw missing(a);
      if (token.kind !== "page" || token.pageId !== post.pageId) throw missing(a);
      if (!token.scopes.includes("pages_manage_engagement"))
        throw graphErr(
          403,
          "(#200) Requires pages_manage_engagement permission to manage the object",
          200,
          {},
          "OAuthException",
        );
      if (!p.message) throw graphErr(400, "(#100) Missing message or attachment", 100);
      const c = { id: `${post.id.split("_")[1]}_${state.nextId()}`, message: p.message, from: post.pageId };
      post.comments.push(c);
      return (reply(res, 200, { id: c.id }), true);
    }
    case "insights":
    case "video_insights": {
      const video = endpoint === "video_insights";
      const post = video ? state.posts.get(state.videos.get(a) ?? "") : state.posts.get(a);
      if (!post)
        throw video && state.posts.has(a)
          ? graphErr(400, "(#100) Tried accessing nonexisting field (video_insights)", 100)
          : missing(a);
      if (token.kind !== "page" || token.pageId !== post.pageId) throw missing(a);
      if (!token.scopes.includes("read_insights"))
        throw graphErr(403, "(#10) Application does not have permission for this action", 10, {}, "OAuthException");
      const metrics = (p.metric ?? "").split(",").filter(Boolean);
      const known = video ? VIDEO_METRICS : POST_METRICS;
      // no metric at all is its own error (Page Insights reference); one retired or unknown metric fails
      // the whole request, and the message does not say which
      if (!metrics.length)
        throw graphErr(
          400,
          "Invalid query",
          3001,
          {
            error_subcode: 1504028,
            is_transient: false,
            error_user_title: "No Metric Specified",
            error_user_msg:
              "No metric was specified to be fetched. Please specify one or more metrics to be fetched and try again.",
          },
          "OAuthException",
        );
      state.insightsAsked.push(metrics);
      if (metrics.some((m) => state.retiredMetrics.has(m) || !known.has(m)))
        throw graphErr(400, "(#100) The value must be a valid insights metric", 100, {}, "OAuthException");
      const f = post.figures;
      const value = (m: string): unknown =>
        m === "post_media_view" || m === "total_video_views"
          ? f.views
          : m === "post_total_media_view_unique" || m === "total_video_views_unique"
            ? f.reach
            : m === "post_reactions_by_type_total"
              ? { like: f.reactions }
              : 0;
      return (
        reply(res, 200, {
          data: metrics.map((m) => ({
            name: m,
            period: "lifetime",
            values: [{ value: value(m) }],
            id: `${a}/insights/${m}/lifetime`,
          })),
        }),
        true
      );
    }
    default:
      return false;
  }
}
