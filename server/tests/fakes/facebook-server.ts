// A local stand-in for Facebook Login and the Facebook Graph API, as far as Sufra uses them: the
// OAuth dialog (it "consents" as the person a test chose and sends the browser back with a code, or
// with error=access_denied), the token endpoint (code exchange and fb_exchange_token, checking the
// app's id, secret and redirect URI), /me, /me/accounts (Pages and their linked Instagram professional
// accounts) and Instagram business discovery, which Meta offers only here ("Instagram API with
// Facebook Login"), with the Graph API's error JSON. Tokens carry the permissions granted at the dialog
// (a test may have the person decline some), and business discovery is refused with code 10 without
// instagram_basic, instagram_manage_insights and pages_read_engagement. The accounts it finds are the
// Instagram stand-in's (`InstagramFakeState.discoverable`) when one is given, so both fakes agree.
import type http from "node:http";
import { GraphError, graphError, reply, serveGraph } from "./graph-server.ts";
import { createHmac, randomBytes } from "node:crypto";
import type { IgDiscoverable, InstagramFakeState } from "./instagram-server.ts";

export type FbEndpoint = "dialog" | "code_exchange" | "long_lived_exchange" | "me" | "accounts" | "business_discovery" | "revoke_permissions";

export interface FbPage {
  id: string;
  name: string;
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
  kind: "short" | "long";
  expiresAt: number;
  revoked: boolean;
  /** the permissions the person granted at the dialog (a long-lived token keeps the short one's) */
  scopes: string[];
}

/** What GET /{ig-user-id}?fields=business_discovery... needs (its reference page, "Requirements"). */
export const BUSINESS_DISCOVERY_PERMISSIONS = ["instagram_basic", "instagram_manage_insights", "pages_read_engagement"] as const;
/** The permissions a token made without the dialog has: everything Sufra asks for. */
const ALL_PERMISSIONS = ["instagram_basic", "instagram_manage_insights", "pages_show_list", "pages_read_engagement", "business_management"];
/** What the dialog was asked, as a test may check it. */
export interface FbDialogRequest {
  clientId: string | null;
  redirectUri: string | null;
  state: string | null;
  responseType: string | null;
  scopes: string[];
}

export class FacebookFakeState {
  appId = "fb-app-id";
  appSecret = "fb-app-secret";
  version = "v21.0";
  users = new Map<string, FbUser>();
  tokens = new Map<string, FbToken>();
  codes = new Map<string, { userId: string; redirectUri: string; clientId: string; used: boolean; scopes: string[] }>();
  /** permissions the person unticks at the dialog (Facebook lets people decline each one) */
  declined = new Set<string>();
  /** requests answered, per endpoint */
  calls: Partial<Record<FbEndpoint, number>> = {};
  /** every visit to the dialog, oldest first */
  dialogs: FbDialogRequest[] = [];
  /** Instagram professional accounts business discovery finds, by lower-case username */
  discoverable: Map<string, IgDiscoverable>;
  failures = new Map<FbEndpoint, { as: "rate_limit" | 500; times: number }>();
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
    return { FACEBOOK_APP_ID: this.appId, FACEBOOK_APP_SECRET: this.appSecret, FACEBOOK_AUTHORIZE_URL: `${this.url}/${this.version}/dialog/oauth`, FACEBOOK_GRAPH_URL: `${this.url}/${this.version}` };
  }
  /** a Facebook person managing these Pages (ids made up when not given) */
  addUser(user: { id?: string; name: string; pages: (Omit<FbPage, "id" | "instagram"> & { id?: string; instagram?: { id?: string; username: string } })[] }): FbUser {
    const u: FbUser = {
      id: user.id ?? this.nextId(),
      name: user.name,
      pages: user.pages.map((p) => ({ id: p.id ?? this.nextId(), name: p.name, ...(p.instagram ? { instagram: { id: p.instagram.id ?? this.nextId(), username: p.instagram.username } } : {}) })),
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
  addToken(userId: string, kind: "short" | "long", ttlMs: number, scopes: string[] = ALL_PERMISSIONS): FbToken {
    const t: FbToken = { token: `EAA${kind === "long" ? "L" : "S"}${randomBytes(20).toString("hex")}`, userId, kind, expiresAt: Date.now() + ttlMs, revoked: false, scopes: [...scopes] };
    this.tokens.set(t.token, t);
    return t;
  }
  /** the person removes the app in their Facebook settings: every token of theirs stops working */
  revokeUser(userId: string): void {
    for (const t of this.tokens.values()) if (t.userId === userId) t.revoked = true;
  }
  tokensOf(userId: string): FbToken[] {
    return [...this.tokens.values()].filter((t) => t.userId === userId);
  }
  /** the next `times` calls of an endpoint fail: the app rate limit (code 4), or HTTP 500 */
  failNext(endpoint: FbEndpoint, as: "rate_limit" | 500, times = 1): void {
    this.failures.set(endpoint, { as, times });
  }
  get dialogConsent(): string | "deny" | null {
    return this.consent;
  }
}

const graphErr = (status: number, message: string, code: number, extra: Record<string, unknown> = {}, type = "GraphMethodException") => graphError(status, message, code, extra, type);
const missing = (id: string) =>
  graphErr(400, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`, 100, { error_subcode: 33 });

export async function startFacebookFake(opts: { instagram?: InstagramFakeState } = {}): Promise<{ url: string; state: FacebookFakeState; close(): Promise<void> }> {
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
  const parts = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, "").split("/").filter(Boolean);
  const method = req.method ?? "GET";
  const [a, b] = parts;

  let endpoint: FbEndpoint;
  if (method === "GET" && a === "dialog" && b === "oauth") endpoint = "dialog";
  else if (method === "GET" && a === "oauth" && b === "access_token") endpoint = p.grant_type === "fb_exchange_token" ? "long_lived_exchange" : "code_exchange";
  else if (method === "GET" && a === "me" && !b) endpoint = "me";
  else if (method === "GET" && a === "me" && b === "accounts") endpoint = "accounts";
  else if (method === "DELETE" && a === "me" && b === "permissions") endpoint = "revoke_permissions";
  else if (method === "GET" && a && !b && (p.fields ?? "").startsWith("business_discovery.")) endpoint = "business_discovery";
  else throw graphErr(400, `Unknown path components: /${parts.join("/")}`, 2500, {}, "OAuthException");
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 500) throw graphErr(500, "An unknown error occurred", 1, { is_transient: true }, "OAuthException");
    throw graphErr(403, "(#4) Application request limit reached", 4, { is_transient: true }, "OAuthException");
  }

  if (endpoint === "dialog") {
    state.dialogs.push({ clientId: p.client_id ?? null, redirectUri: p.redirect_uri ?? null, state: p.state ?? null, responseType: p.response_type ?? null, scopes: (p.scope ?? "").split(",").filter(Boolean) });
    if (p.client_id !== state.appId) throw graphErr(400, "Invalid App ID: The provided app ID does not look like a valid app ID.", 101, {}, "OAuthException");
    if (!p.redirect_uri || !/^https?:\/\//.test(p.redirect_uri)) throw graphErr(400, "Can't load URL: The domain of this URL isn't included in the app's domains.", 191, {}, "OAuthException");
    const consent = state.dialogConsent;
    if (consent === null) throw graphErr(400, "facebook fake: nobody is signed in at the dialog (call signInAs or deny)", 1, {}, "OAuthException");
    const back: Record<string, string> = p.state ? { state: p.state } : {};
    if (consent === "deny") {
      return redirectBack(res, p.redirect_uri, { error: "access_denied", error_code: "200", error_description: "Permissions error", error_reason: "user_denied", ...back });
    }
    const code = `AQ${randomBytes(24).toString("base64url")}`;
    // the token grants what the app asked for, less what the person declined
    const scopes = (p.scope ?? "").split(",").filter((x) => x && !state.declined.has(x));
    state.codes.set(code, { userId: consent, redirectUri: p.redirect_uri, clientId: p.client_id, used: false, scopes });
    return redirectBack(res, p.redirect_uri, { code, ...back });
  }

  if (endpoint === "code_exchange" || endpoint === "long_lived_exchange") {
    if (p.client_id !== state.appId) throw graphErr(400, "Error validating application. Invalid application ID.", 101, {}, "OAuthException");
    if (p.client_secret !== state.appSecret) throw graphErr(400, "Error validating client secret.", 1, {}, "OAuthException");
    if (endpoint === "code_exchange") {
      const c = state.codes.get(p.code ?? "");
      if (!c) throw graphErr(400, "Invalid verification code format.", 100, {}, "OAuthException");
      if (c.used) throw graphErr(400, "This authorization code has been used.", 100, { error_subcode: 36009 }, "OAuthException");
      if (c.redirectUri !== p.redirect_uri) {
        throw graphErr(400, "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request", 100, { error_subcode: 36008 }, "OAuthException");
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
  if (p.appsecret_proof !== undefined && p.appsecret_proof !== createHmac("sha256", state.appSecret).update(token.token).digest("hex")) {
    throw graphErr(400, "Invalid appsecret_proof provided in the API argument", 100, {}, "GraphMethodException");
  }
  const user = state.users.get(token.userId)!;

  switch (endpoint) {
    case "me": {
      const fields = (p.fields ?? "id,name").split(",");
      return reply(res, 200, { ...(fields.includes("name") ? { name: user.name } : {}), id: user.id });
    }
    case "accounts": {
      const withIg = (p.fields ?? "").includes("instagram_business_account");
      const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
      const start = p.after ? Number(Buffer.from(p.after, "base64url").toString("utf8")) + 1 : 0;
      const slice = user.pages.slice(start, start + limit);
      const data = slice.map((pg) => ({
        id: pg.id,
        name: pg.name,
        ...(withIg && pg.instagram ? { instagram_business_account: { id: pg.instagram.id, username: pg.instagram.username } } : {}),
      }));
      const cursor = (i: number) => Buffer.from(String(i)).toString("base64url");
      const paging: Record<string, unknown> = slice.length ? { cursors: { before: cursor(start), after: cursor(start + slice.length - 1) } } : {};
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
      if (lacking) throw graphErr(403, "(#10) Application does not have permission for this action", 10, { is_transient: false }, "OAuthException");
      return reply(res, 200, businessDiscovery(state.discoverable, a!, p.fields ?? ""));
    }
  }
}

function authenticate(state: FacebookFakeState, token: string | undefined): FbToken {
  if (!token) throw graphErr(400, "An active access token must be used to query information about the current user.", 2500, {}, "OAuthException");
  const t = state.tokens.get(token);
  if (!t) throw graphErr(400, "Invalid OAuth access token - Cannot parse access token", 190);
  if (t.revoked) throw graphErr(400, "Error validating access token: The user has not authorized application 1234.", 190, { error_subcode: 458 });
  if (t.expiresAt < Date.now()) throw graphErr(400, "Error validating access token: Session has expired.", 190, { error_subcode: 463 });
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
    throw graphErr(400, "Invalid user id", 110, { error_subcode: 2207013, is_transient: false, error_user_title: "Cannot find User", error_user_msg: `The user with username: ${username} cannot be found.` }, "IGApiException");
  }
  const media = /media(?:\.limit\((\d+)\))?\{([^}]*)\}/.exec(inner);
  const top = inner.replace(/media(?:\.limit\(\d+\))?\{[^}]*\}/, "").split(",").filter(Boolean);
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
