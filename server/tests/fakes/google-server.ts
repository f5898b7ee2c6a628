// A local stand-in for the Google endpoints Sufra uses for Business Profile
// (docs/product.md#google-business-profile), on one port: OAuth 2.0 (an authorize page that consents or
// refuses for a chosen test person, and a token endpoint with client credentials, redirect_uri, real
// PKCE S256, single-use codes, refresh tokens and 3599-second access tokens), Account Management
// (accounts.list), Business Information (locations.list, readMask required as Google requires it),
// Verifications (VoiceOfMerchantState), and My Business v4 (reviews.list, updateReply, deleteReply,
// localPosts create and list). It is strict where Google is: a bearer token that has not expired, the
// business.manage scope (403 ACCESS_TOKEN_SCOPE_INSUFFICIENT), replies, reviews and posts only on
// verified locations (400 FAILED_PRECONDITION), a post's photo fetched from its sourceUrl and read from
// its bytes (JPG or PNG, 10 KB to 5 MB, at least 250 x 250: a WebP is refused whatever its URL or
// content-type say), a summary of at most 1500 characters, and localPosts.list in no particular order
// (Google's reference promises none), page by page. Errors are Google's JSON: { error: { code,
// message, status, details } }. A per-token rate limit (429 RESOURCE_EXHAUSTED), a disabled API
// (403 SERVICE_DISABLED), the 0-per-minute quota of a project without access, and forced failures can
// be switched on. Tests steer it through `state`.
import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import sharp from "sharp";
import { Holds, type Held } from "./holds.ts";
import { isJpeg } from "./media-facts.ts";
import { serveFake, type ServedFake } from "./serve.ts";
// food menus and location photos (google-menus.ts), routed from handle() below
import { handleMenus, isMenuEndpoint, MENU_SERVICES, menuRoute, type MenuEndpoint } from "./google-menus.ts";
// opening hours (google-hours.ts): locations.get and locations.patch of Business Information v1
import {
  handleHours,
  HOURS_SERVICES,
  hoursRoute,
  isHoursEndpoint,
  LOCATION_FIELDS,
  type HoursEndpoint,
} from "./google-hours.ts";

export type GoogleEndpoint =
  | "authorize"
  | "token"
  | "accounts"
  | "locations"
  | "voiceOfMerchant"
  | "reviews"
  | "updateReply"
  | "deleteReply"
  | "createPost"
  | "listPosts"
  | MenuEndpoint
  | HoursEndpoint;
export type GoogleFailure = 500 | 503 | 429 | 401;
export type { Held } from "./holds.ts";

export const BUSINESS_SCOPE = "https://www.googleapis.com/auth/business.manage";
const STAR_NAMES = ["", "ONE", "TWO", "THREE", "FOUR", "FIVE"] as const;

export interface GooglePerson {
  id: string;
  name: string;
  email: string;
}
export interface GoogleAccountRec {
  /** "accounts/123" */
  name: string;
  accountName: string;
  type: "PERSONAL" | "LOCATION_GROUP" | "USER_GROUP" | "ORGANIZATION";
  /** ids of the people who manage it */
  people: Set<string>;
}
export interface GoogleAddress {
  regionCode?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
}
export interface GoogleLocationRec {
  /** "locations/456" */
  name: string;
  /** the account that holds it, "accounts/123" */
  account: string;
  title: string;
  storefrontAddress?: GoogleAddress;
  /** Voice of Merchant: the location is verified and in good standing */
  verified: boolean;
  /** Location.metadata.placeId and .newReviewUri: output only, given when the readMask asks for metadata */
  placeId?: string;
  newReviewUri?: string;
}
export interface GoogleReviewRec {
  /** "accounts/123/locations/456/reviews/abc" */
  name: string;
  reviewId: string;
  location: string;
  reviewer: { displayName?: string; isAnonymous: boolean };
  stars: 1 | 2 | 3 | 4 | 5;
  comment?: string;
  createTime: Date;
  updateTime: Date;
  reply?: { comment: string; updateTime: Date };
}
export interface GoogleLocalPostRec {
  name: string;
  location: string;
  account: string;
  createTime: Date;
  /** what the request asked for, as Google keeps it */
  body: Record<string, any>;
  searchUrl: string;
  /** what the stand-in read from each photo's sourceUrl, as Google reads it */
  photos: GooglePhotoRead[];
}
interface GooglePhotoRead {
  url: string;
  /** from the file's bytes, never from its name or content-type */
  format: "jpeg" | "png";
  bytes: number;
  width: number;
  height: number;
}
export interface GoogleAccessToken {
  token: string;
  personId: string;
  scopes: string[];
  grantId: string;
  expiresAt: number;
}
interface GoogleCode {
  personId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  scopes: string[];
  offline: boolean;
  expiresAt: number;
}

export class GoogleFakeState {
  clientId = "google-client-id.apps.googleusercontent.com";
  clientSecret = "google-client-secret";
  /** the redirect URIs registered for the client; empty: any */
  redirectUris: string[] = [];
  people = new Map<string, GooglePerson>();
  accounts = new Map<string, GoogleAccountRec>();
  locations = new Map<string, GoogleLocationRec>();
  reviews = new Map<string, GoogleReviewRec>();
  posts: GoogleLocalPostRec[] = [];
  codes = new Map<string, GoogleCode>();
  accessTokens = new Map<string, GoogleAccessToken>();
  refreshTokens = new Map<string, { personId: string; scopes: string[]; grantId: string }>();
  revokedGrants = new Set<string>();
  /** who consents on the next authorize page, and what they allow or refuse */
  consent: { personId: string; deny?: boolean; scopes?: string[] } | null = null;
  calls: Partial<Record<GoogleEndpoint, number>> = {};
  failures = new Map<GoogleEndpoint, { as: GoogleFailure; times: number; retryAfterSecs?: number }>();
  /** requests each access token may make per minute before 429 RESOURCE_EXHAUSTED; null: unlimited */
  rateLimitPerMinute: number | null = null;
  /** services this project has not enabled (403 SERVICE_DISABLED), e.g. "mybusiness.googleapis.com" */
  disabledServices = new Set<string>();
  /** the project has no Business Profile API access yet: every call is over its quota of 0 per minute */
  zeroQuota = false;
  /** localPosts.list's order: Google documents none, so the stand-in shuffles by this seed (stable between pages) */
  listSeed = "sufra";
  holds = new Holds<GoogleEndpoint>();
  url = "";
  private seq = 1000;
  private windows = new Map<string, { start: number; count: number }>();

  nextId(): string {
    return String(++this.seq) + String(Math.floor(Math.random() * 1000)).padStart(3, "0");
  }
  /** the adapter configuration that points every Google host at this stand-in */
  get config() {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      authorizeUrl: `${this.url}/o/oauth2/v2/auth`,
      tokenUrl: `${this.url}/token`,
      accountManagementUrl: this.url,
      businessInformationUrl: this.url,
      verificationsUrl: this.url,
      myBusinessUrl: this.url,
      performanceUrl: this.url,
    };
  }
  /** the environment that points Sufra's config (GOOGLE_*) at this stand-in */
  get env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTHORIZE_URL: `${this.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_ACCOUNT_MANAGEMENT_URL: this.url,
      GOOGLE_BUSINESS_INFORMATION_URL: this.url,
      GOOGLE_VERIFICATIONS_URL: this.url,
      GOOGLE_MY_BUSINESS_URL: this.url,
      GOOGLE_PERFORMANCE_URL: this.url,
    };
  }
  /** a code the token endpoint accepts once, as if the person had consented (without the authorize page) */
  issueCode(personId: string, o: { codeChallenge: string; redirectUri: string; scopes?: string[] }): string {
    const code = `4/${randomBytes(24).toString("base64url")}`;
    this.codes.set(code, {
      personId,
      clientId: this.clientId,
      redirectUri: o.redirectUri,
      codeChallenge: o.codeChallenge,
      scopes: o.scopes ?? [BUSINESS_SCOPE],
      offline: true,
      expiresAt: Date.now() + 10 * 60_000,
    });
    return code;
  }
  /** a Google user; Google gives every user a PERSONAL account named after them */
  addPerson(p: { id?: string; name: string; email?: string }): { person: GooglePerson; account: GoogleAccountRec } {
    const person = {
      id: p.id ?? `person-${this.nextId()}`,
      name: p.name,
      email: p.email ?? `${p.name.toLowerCase().replace(/\W+/g, ".")}@gmail.com`,
    };
    this.people.set(person.id, person);
    const account = this.addAccount({ accountName: person.name, type: "PERSONAL", people: [person.id] });
    return { person, account };
  }
  /** a business account (a location group) managed by these people */
  addAccount(a: { accountName: string; type?: GoogleAccountRec["type"]; people: string[] }): GoogleAccountRec {
    const account: GoogleAccountRec = {
      name: `accounts/${this.nextId()}`,
      accountName: a.accountName,
      type: a.type ?? "LOCATION_GROUP",
      people: new Set(a.people),
    };
    this.accounts.set(account.name, account);
    return account;
  }
  personalAccount(personId: string): GoogleAccountRec {
    return [...this.accounts.values()].find((a) => a.type === "PERSONAL" && a.people.has(personId))!;
  }
  addLocation(
    account: string,
    l: { title: string; address?: GoogleAddress; verified?: boolean; placeId?: string; newReviewUri?: string },
  ): GoogleLocationRec {
    const rec: GoogleLocationRec = {
      name: `locations/${this.nextId()}`,
      account,
      title: l.title,
      storefrontAddress: l.address,
      verified: l.verified ?? true,
      placeId: l.placeId,
      newReviewUri: l.newReviewUri,
    };
    this.locations.set(rec.name, rec);
    return rec;
  }
  setVerified(location: string, verified: boolean): void {
    this.locations.get(location)!.verified = verified;
  }
  addReview(
    location: string,
    r: {
      author?: string;
      anonymous?: boolean;
      stars: 1 | 2 | 3 | 4 | 5;
      comment?: string;
      createTime?: Date;
      updateTime?: Date;
      reply?: string;
    },
  ): GoogleReviewRec {
    const loc = this.locations.get(location)!;
    const reviewId = randomBytes(12).toString("base64url");
    const createTime = r.createTime ?? new Date();
    const rec: GoogleReviewRec = {
      name: `${loc.account}/${loc.name}/reviews/${reviewId}`,
      reviewId,
      location,
      reviewer: r.anonymous ? { isAnonymous: true } : { displayName: r.author ?? "Guest", isAnonymous: false },
      stars: r.stars,
      comment: r.comment,
      createTime,
      updateTime: r.updateTime ?? createTime,
      reply: r.reply ? { comment: r.reply, updateTime: r.updateTime ?? createTime } : undefined,
    };
    this.reviews.set(rec.name, rec);
    return rec;
  }
  /** the guest edits their review: its updateTime moves to now */
  editReview(name: string, change: { comment?: string; stars?: 1 | 2 | 3 | 4 | 5 }): GoogleReviewRec {
    const r = this.reviews.get(name)!;
    if (change.comment !== undefined) r.comment = change.comment;
    if (change.stars !== undefined) r.stars = change.stars;
    r.updateTime = new Date(Math.max(Date.now(), r.updateTime.getTime() + 1));
    return r;
  }
  review(name: string): GoogleReviewRec | undefined {
    return this.reviews.get(name);
  }
  postsAt(location: string): GoogleLocalPostRec[] {
    return this.posts.filter((p) => p.location === location);
  }
  /** a location's posts in the order localPosts.list gives them: shuffled, the same on every page */
  listed(location: string): GoogleLocalPostRec[] {
    const rank = (p: GoogleLocalPostRec) => createHash("sha256").update(`${this.listSeed}:${p.name}`).digest("hex");
    return this.postsAt(location).sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
  }
  /** the next authorize page consents as this person (or refuses, or allows only some scopes) */
  consentAs(personId: string, opts: { deny?: boolean; scopes?: string[] } = {}): void {
    this.consent = { personId, ...opts };
  }
  /** a ready token pair, without going through OAuth */
  issueTokens(
    personId: string,
    opts: { scopes?: string[]; ttlMs?: number } = {},
  ): { accessToken: string; refreshToken: string } {
    const grantId = randomBytes(6).toString("hex");
    const scopes = opts.scopes ?? [BUSINESS_SCOPE];
    const refreshToken = `1//${randomBytes(24).toString("base64url")}`;
    this.refreshTokens.set(refreshToken, { personId, scopes, grantId });
    return { accessToken: this.access(personId, scopes, grantId, opts.ttlMs), refreshToken };
  }
  access(personId: string, scopes: string[], grantId: string, ttlMs = 3_599_000): string {
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    this.accessTokens.set(token, { token, personId, scopes, grantId, expiresAt: Date.now() + ttlMs });
    return token;
  }
  expireToken(accessToken: string): void {
    this.accessTokens.get(accessToken)!.expiresAt = Date.now() - 1;
  }
  /** the person removed Sufra's access: its tokens stop working, refreshing answers invalid_grant */
  revoke(token: string): void {
    const grantId = this.accessTokens.get(token)?.grantId ?? this.refreshTokens.get(token)?.grantId;
    if (grantId) this.revokedGrants.add(grantId);
  }
  /** the next `times` calls of an endpoint fail (429 with Retry-After when retryAfterSecs is given) */
  failNext(endpoint: GoogleEndpoint, as: GoogleFailure, times = 1, opts: { retryAfterSecs?: number } = {}): void {
    this.failures.set(endpoint, { as, times, retryAfterSecs: opts.retryAfterSecs });
  }
  /** holds the answer of the next call of an endpoint (a post is made on receipt unless createOn "release") */
  hold(endpoint: GoogleEndpoint, opts: { ms?: number; createOn?: "receipt" | "release" } = {}): Held {
    return this.holds.hold(endpoint, opts);
  }
  /** counts a call against the token's minute; true when over the limit */
  overLimit(token: string): boolean {
    if (this.rateLimitPerMinute === null) return false;
    const now = Date.now();
    const w = this.windows.get(token);
    if (!w || now - w.start >= 60_000) {
      this.windows.set(token, { start: now, count: 1 });
      return this.rateLimitPerMinute < 1;
    }
    return ++w.count > this.rateLimitPerMinute;
  }
}

class GoogleError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** the authorize page answers HTML */
    readonly html = false,
  ) {
    super(`google ${status}`);
  }
}
const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};
const apiError = (
  code: number,
  message: string,
  details: unknown[] = [],
  status = STATUS[code],
  headers: Record<string, string> = {},
) => new GoogleError(code, { error: { code, message, status, ...(details.length ? { details } : {}) } }, headers);
const errorInfo = (reason: string, metadata: Record<string, string> = {}) => ({
  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
  reason,
  domain: "googleapis.com",
  metadata,
});
/** v4's field errors; the numeric codes are the stand-in's (Google documents the names, not a table of numbers) */
const validation = (field: string, message: string, code = 2) =>
  apiError(400, "Request contains an invalid argument.", [
    { "@type": "type.googleapis.com/google.mybusiness.v4.ValidationError", errorDetails: [{ code, field, message }] },
  ]);
const notFound = () => apiError(404, "Requested entity was not found.");
const precondition = () => apiError(400, "Precondition check failed.", [], "FAILED_PRECONDITION");
const oauthError = (status: number, error: string, description: string) =>
  new GoogleError(status, { error, error_description: description });

export async function startGoogleFake(): Promise<ServedFake<GoogleFakeState>> {
  const state = new GoogleFakeState();
  return serveFake(
    state,
    (req, res) => handle(state, req, res),
    (err, res) => {
      const e = err instanceof GoogleError ? err : apiError(500, "Internal error encountered.");
      if (!(err instanceof GoogleError)) console.error("google fake:", err);
      if (e.html) {
        if (!res.headersSent) res.writeHead(e.status, { "content-type": "text/html; charset=utf-8" });
        res.end(String(e.body));
        return;
      }
      reply(res, e.status, e.body, e.headers);
    },
  );
}

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const SERVICE: Record<GoogleEndpoint, string> = {
  authorize: "",
  token: "",
  accounts: "mybusinessaccountmanagement.googleapis.com",
  locations: "mybusinessbusinessinformation.googleapis.com",
  voiceOfMerchant: "mybusinessverifications.googleapis.com",
  reviews: "mybusiness.googleapis.com",
  updateReply: "mybusiness.googleapis.com",
  deleteReply: "mybusiness.googleapis.com",
  createPost: "mybusiness.googleapis.com",
  listPosts: "mybusiness.googleapis.com",
  ...MENU_SERVICES,
  ...HOURS_SERVICES,
};

async function handle(state: GoogleFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {});
  const url = new URL(req.url ?? "/", state.url);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  const method = req.method ?? "GET";
  const path = url.pathname;

  let endpoint: GoogleEndpoint;
  let m: RegExpMatchArray | null;
  let account = "";
  let location = "";
  let reviewId = "";
  if (method === "GET" && path === "/o/oauth2/v2/auth") endpoint = "authorize";
  else if (method === "POST" && path === "/token") endpoint = "token";
  else if (method === "GET" && path === "/v1/accounts") endpoint = "accounts";
  else if (method === "GET" && (m = path.match(/^\/v1\/(accounts\/[^/]+)\/locations$/)))
    [endpoint, account] = ["locations", m[1]];
  else if (method === "GET" && (m = path.match(/^\/v1\/(locations\/[^/]+)\/VoiceOfMerchantState$/)))
    [endpoint, location] = ["voiceOfMerchant", m[1]];
  else if (
    (m = path.match(/^\/v4\/(accounts\/[^/]+)\/(locations\/[^/]+)\/(reviews|localPosts)(?:\/([^/]+)\/reply)?$/))
  ) {
    [account, location] = [m[1], m[2]];
    reviewId = m[4] ?? "";
    if (m[3] === "reviews" && !reviewId && method === "GET") endpoint = "reviews";
    else if (m[3] === "reviews" && reviewId && method === "PUT") endpoint = "updateReply";
    else if (m[3] === "reviews" && reviewId && method === "DELETE") endpoint = "deleteReply";
    else if (m[3] === "localPosts" && !reviewId && method === "POST") endpoint = "createPost";
    else if (m[3] === "localPosts" && !reviewId && method === "GET") endpoint = "listPosts";
    else throw notFound();
  } else {
    const menu = menuRoute(method, path);
    const hours = menu ? null : hoursRoute(method, path);
    if (menu) [endpoint, account, location] = menu;
    else if (hours) [endpoint, location] = hours;
    else throw apiError(404, `The requested URL ${path} was not found on this server.`);
  }
  state.calls[endpoint] = (state.calls[endpoint] ?? 0) + 1;

  const failure = state.failures.get(endpoint);
  if (failure && failure.times > 0) {
    if (--failure.times === 0) state.failures.delete(endpoint);
    if (failure.as === 401)
      throw apiError(401, "Request had invalid authentication credentials.", [errorInfo("ACCESS_TOKEN_EXPIRED")]);
    if (failure.as === 429) {
      const headers: Record<string, string> =
        failure.retryAfterSecs !== undefined ? { "retry-after": String(failure.retryAfterSecs) } : {};
      throw apiError(
        429,
        "Resource has been exhausted (e.g. check quota).",
        [errorInfo("RATE_LIMIT_EXCEEDED", { quota_limit_value: "300", service: SERVICE[endpoint] })],
        "RESOURCE_EXHAUSTED",
        headers,
      );
    }
    throw apiError(
      failure.as,
      failure.as === 503 ? "The service is currently unavailable." : "Internal error encountered.",
    );
  }

  const { hold, wait: held } = state.holds.take(endpoint);
  if (endpoint !== "createPost") await held();

  if (endpoint === "authorize") return authorize(state, url, res);
  if (endpoint === "token") return token(state, new URLSearchParams(raw), res);

  // the project's side first: an API it has not enabled, or no quota at all
  const service = SERVICE[endpoint];
  if (state.disabledServices.has(service)) {
    throw apiError(
      403,
      `${service} has not been used in project 123456 before or it is disabled. Enable it by visiting the Google Cloud console then retry.`,
      [errorInfo("SERVICE_DISABLED", { consumer: "projects/123456", service })],
    );
  }
  if (state.zeroQuota) {
    throw apiError(
      429,
      `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}' for consumer 'project_number:123456'.`,
      [
        errorInfo("RATE_LIMIT_EXCEEDED", {
          quota_limit_value: "0",
          quota_limit: "DefaultPerMinutePerProject",
          service,
          consumer: "projects/123456",
        }),
      ],
    );
  }

  const bearer = (req.headers.authorization ?? "").match(/^Bearer (.+)$/)?.[1];
  const auth = bearer ? state.accessTokens.get(bearer) : undefined;
  if (!bearer)
    throw apiError(
      401,
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      [errorInfo("CREDENTIALS_MISSING")],
    );
  if (!auth || auth.expiresAt <= Date.now() || state.revokedGrants.has(auth.grantId)) {
    throw apiError(
      401,
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      [errorInfo(auth && auth.expiresAt <= Date.now() ? "ACCESS_TOKEN_EXPIRED" : "ACCESS_TOKEN_TYPE_UNSUPPORTED")],
    );
  }
  if (!auth.scopes.includes(BUSINESS_SCOPE))
    throw apiError(403, "Request had insufficient authentication scopes.", [
      errorInfo("ACCESS_TOKEN_SCOPE_INSUFFICIENT", { service }),
    ]);
  if (state.overLimit(auth.token)) {
    throw apiError(
      429,
      `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute per user' of service '${service}'.`,
      [errorInfo("RATE_LIMIT_EXCEEDED", { quota_limit_value: String(state.rateLimitPerMinute), service })],
    );
  }
  const person = auth.personId;
  const manages = (a: string) => state.accounts.get(a)?.people.has(person) === true;
  const ownLocation = () => {
    const loc = state.locations.get(location);
    if (!loc || loc.account !== account || !manages(account)) throw notFound();
    return loc;
  };
  const page = (max: number, def: number) => {
    const pageSize = url.searchParams.has("pageSize") ? Number(url.searchParams.get("pageSize")) : def;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max)
      throw apiError(400, `pageSize must be between 1 and ${max}.`);
    const token = url.searchParams.get("pageToken");
    const offset = token ? Number(Buffer.from(token, "base64url").toString("utf8").replace(/^o:/, "")) : 0;
    if (token && !Number.isInteger(offset)) throw apiError(400, "Invalid page token.");
    return { pageSize, offset };
  };
  const nextToken = (offset: number, pageSize: number, total: number) =>
    offset + pageSize < total ? Buffer.from(`o:${offset + pageSize}`).toString("base64url") : undefined;

  if (isHoursEndpoint(endpoint))
    return handleHours(endpoint, {
      state,
      location,
      url,
      raw,
      res,
      managedLocation: () => {
        const loc = state.locations.get(location);
        if (!loc || !manages(loc.account)) throw notFound();
        return loc;
      },
      reply,
      apiError,
      precondition,
    });
  if (isMenuEndpoint(endpoint))
    return handleMenus(endpoint, {
      state,
      account,
      location,
      url,
      raw,
      res,
      ownLocation,
      reply,
      apiError,
      validation,
      precondition,
    });
  switch (endpoint) {
    case "accounts": {
      const { pageSize, offset } = page(20, 20);
      const mine = [...state.accounts.values()]
        .filter((a) => a.people.has(person))
        .sort((a, b) => Number(b.type === "PERSONAL") - Number(a.type === "PERSONAL"));
      const out = mine.slice(offset, offset + pageSize).map((a) => ({
        name: a.name,
        accountName: a.accountName,
        type: a.type,
        verificationState: "VERIFIED",
        vettedState: "NOT_VETTED",
      }));
      return reply(res, 200, { accounts: out, nextPageToken: nextToken(offset, pageSize, mine.length) });
    }
    case "locations": {
      if (!state.accounts.has(account)) throw notFound();
      if (!manages(account)) throw apiError(403, "The caller does not have permission");
      const readMask = url.searchParams.get("readMask");
      if (!readMask) {
        throw apiError(400, "Request contains an invalid argument.", [
          {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            fieldViolations: [{ field: "read_mask", description: "Field is required" }],
          },
        ]);
      }
      // the fields of a Location (one list for locations.list and locations.get/patch)
      const known = LOCATION_FIELDS;
      const fields = readMask.split(",").map((f) => f.trim());
      const bad = fields.find((f) => !known.includes(f));
      if (bad) throw apiError(400, `Invalid field mask provided: ${bad}`);
      const { pageSize, offset } = page(100, 10);
      const all = [...state.locations.values()].filter((l) => l.account === account);
      const pick = (l: GoogleLocationRec) => {
        const full: Record<string, unknown> = {
          name: l.name,
          title: l.title,
          storefrontAddress: l.storefrontAddress,
          languageCode: "en",
          // Google leaves out an empty field: a location without a place id has neither
          metadata: { hasVoiceOfMerchant: l.verified, placeId: l.placeId, newReviewUri: l.newReviewUri },
        };
        return Object.fromEntries(fields.filter((f) => full[f] !== undefined).map((f) => [f, full[f]]));
      };
      return reply(res, 200, {
        locations: all.slice(offset, offset + pageSize).map(pick),
        nextPageToken: nextToken(offset, pageSize, all.length),
      });
    }
    case "voiceOfMerchant": {
      const loc = state.locations.get(location);
      if (!loc || !manages(loc.account)) throw notFound();
      return reply(
        res,
        200,
        loc.verified
          ? { hasVoiceOfMerchant: true, hasBusinessAuthority: true }
          : { hasVoiceOfMerchant: false, hasBusinessAuthority: false, verify: { hasPendingVerification: false } },
      );
    }
    case "reviews": {
      const loc = ownLocation();
      // "This operation is only valid if the specified location is verified."
      if (!loc.verified) throw precondition();
      const orderBy = url.searchParams.get("orderBy") ?? "updateTime desc";
      const sorters: Record<string, (a: GoogleReviewRec, b: GoogleReviewRec) => number> = {
        "updateTime desc": (a, b) => b.updateTime.getTime() - a.updateTime.getTime(),
        rating: (a, b) => a.stars - b.stars,
        "rating desc": (a, b) => b.stars - a.stars,
      };
      if (!sorters[orderBy]) throw apiError(400, "Request contains an invalid argument.");
      const { pageSize, offset } = page(50, 50);
      const all = [...state.reviews.values()].filter((r) => r.location === loc.name).sort(sorters[orderBy]);
      const avg = all.length ? all.reduce((s, r) => s + r.stars, 0) / all.length : 0;
      return reply(res, 200, {
        reviews: all.slice(offset, offset + pageSize).map(reviewJson),
        averageRating: Math.round(avg * 10) / 10,
        totalReviewCount: all.length,
        nextPageToken: nextToken(offset, pageSize, all.length),
      });
    }
    case "updateReply": {
      const loc = ownLocation();
      const review = state.reviews.get(`${account}/${location}/reviews/${reviewId}`);
      if (!review) throw notFound();
      if (!loc.verified) throw precondition();
      const body = parse(raw);
      const comment = typeof body.comment === "string" ? body.comment : "";
      if (!comment.trim()) throw apiError(400, "Request contains an invalid argument.");
      if (Buffer.byteLength(comment, "utf8") > 4096) throw apiError(400, "Request contains an invalid argument.");
      review.reply = { comment, updateTime: new Date() };
      return reply(res, 200, { comment, updateTime: review.reply.updateTime.toISOString() });
    }
    case "deleteReply": {
      ownLocation();
      const review = state.reviews.get(`${account}/${location}/reviews/${reviewId}`);
      if (!review || !review.reply) throw notFound();
      review.reply = undefined;
      return reply(res, 200, {});
    }
    case "createPost": {
      const loc = ownLocation();
      if (!loc.verified) throw precondition();
      const body = parse(raw);
      const photos = await checkPost(body);
      let post: GoogleLocalPostRec | undefined;
      const create = () => {
        if (!post) {
          const id = state.nextId();
          const offer = body.topicType === "OFFER";
          const kept: Record<string, any> = { ...body };
          if (offer) delete kept.callToAction; // "Ignored for topic type OFFER"
          post = {
            name: `${account}/${location}/localPosts/${id}`,
            location,
            account,
            createTime: new Date(),
            body: kept,
            photos,
            searchUrl: `https://local.google.com/place?id=${loc.name.split("/")[1]}&use=posts&lpsid=${id}`,
          };
        }
        if (!state.posts.includes(post)) state.posts.push(post);
        return post;
      };
      if (hold?.createOn !== "release") create();
      await held();
      return reply(res, 200, postJson(create()));
    }
    case "listPosts": {
      ownLocation();
      const { pageSize, offset } = page(100, 20);
      const all = state.listed(location);
      return reply(res, 200, {
        localPosts: all.slice(offset, offset + pageSize).map(postJson),
        nextPageToken: nextToken(offset, pageSize, all.length),
      });
    }
  }
}

function parse(raw: string): Record<string, any> {
  try {
    const v = JSON.parse(raw || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    throw apiError(400, "Invalid JSON payload received.");
  }
}

function reviewJson(r: GoogleReviewRec) {
  return {
    name: r.name,
    reviewId: r.reviewId,
    // "Only populated with the reviewer's real name if isAnonymous is false."
    reviewer: r.reviewer.isAnonymous
      ? { isAnonymous: true }
      : {
          displayName: r.reviewer.displayName,
          profilePhotoUrl: "https://lh3.googleusercontent.com/a/photo",
          isAnonymous: false,
        },
    starRating: STAR_NAMES[r.stars],
    ...(r.comment ? { comment: r.comment } : {}),
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
    ...(r.reply ? { reviewReply: { comment: r.reply.comment, updateTime: r.reply.updateTime.toISOString() } } : {}),
  };
}

function postJson(p: GoogleLocalPostRec) {
  const b = p.body;
  return {
    name: p.name,
    languageCode: b.languageCode,
    summary: b.summary,
    ...(b.callToAction ? { callToAction: b.callToAction } : {}),
    createTime: p.createTime.toISOString(),
    updateTime: p.createTime.toISOString(),
    ...(b.event ? { event: b.event } : {}),
    state: "LIVE",
    ...(b.media
      ? {
          media: (b.media as any[]).map((m, i) => ({
            name: `${p.name}/media/${i}`,
            mediaFormat: m.mediaFormat,
            googleUrl: `https://lh3.googleusercontent.com/p/${i}`,
          })),
        }
      : {}),
    searchUrl: p.searchUrl,
    topicType: b.topicType,
    ...(b.offer ? { offer: b.offer } : {}),
  };
}

const TOPICS = ["STANDARD", "EVENT", "OFFER", "ALERT"];
const ACTIONS = ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"];

/** What Google checks of a LocalPost before it makes it (what this stand-in knows of it). */
async function checkPost(b: Record<string, any>): Promise<GooglePhotoRead[]> {
  if (!b.topicType) throw validation("topic_type", "Topic type is required for post creation.");
  if (!TOPICS.includes(b.topicType)) throw apiError(400, `Invalid value at 'local_post.topic_type', "${b.topicType}"`);
  if (typeof b.summary === "string" && [...b.summary].length > 1500)
    throw validation("summary", "The summary is too long: at most 1500 characters.", 3);
  if (
    (b.topicType === "EVENT" || b.topicType === "OFFER") &&
    !(b.event?.title && b.event?.schedule?.startDate && b.event?.schedule?.endDate)
  ) {
    throw validation("event", "Event is required for this topic type.");
  }
  if (b.offer && b.topicType !== "OFFER") throw validation("offer", "Offer is only allowed for OFFER posts.", 3);
  const cta = b.topicType === "OFFER" ? null : b.callToAction;
  if (cta) {
    if (!ACTIONS.includes(cta.actionType))
      throw validation("call_to_action.action_type", "Invalid call to action type.", 3);
    if (cta.actionType === "CALL" && cta.url)
      throw validation("call_to_action.url", "URL must not be set for a CALL action.", 3);
    if (cta.actionType !== "CALL" && !/^https?:\/\//.test(cta.url ?? ""))
      throw validation("call_to_action.url", "A valid URL is required.", 3);
  }
  const photos: GooglePhotoRead[] = [];
  for (const m of (b.media ?? []) as any[]) {
    if (m.mediaFormat !== "PHOTO")
      throw validation("media.media_format", "Only photos are supported for this post.", 3);
    if (!m.sourceUrl)
      throw validation("media.source_url", "sourceUrl is the only supported data field for a LocalPost MediaItem.");
    let bytes: Buffer;
    try {
      const r = await fetch(m.sourceUrl, { signal: AbortSignal.timeout(5_000) });
      if (!r.ok) throw new Error(String(r.status));
      bytes = Buffer.from(await r.arrayBuffer());
    } catch {
      throw validation("media.source_url", "Fetch photo from the specified URL failed.", 1000);
    }
    // Google's photo rules (JPG or PNG, 10 KB to 5 MB, at least 250 x 250 pixels), read from the file itself
    const format = isJpeg(bytes) ? "jpeg" : isPng(bytes) ? "png" : null;
    if (!format)
      throw validation(
        "media.source_url",
        "Upload photo from the specified URL failed: unsupported format. Photos must be JPG or PNG.",
        1001,
      );
    if (bytes.length < 10 * 1024 || bytes.length > 5 * 1024 * 1024)
      throw validation(
        "media.source_url",
        "Upload photo from the specified URL failed: the photo must be between 10 KB and 5 MB.",
        1001,
      );
    const { width = 0, height = 0 } = await sharp(bytes)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (!width || !height)
      throw validation(
        "media.source_url",
        "Upload photo from the specified URL failed: unsupported format. Photos must be JPG or PNG.",
        1001,
      );
    if (width < 250 || height < 250)
      throw validation(
        "media.source_url",
        "Upload photo from the specified URL failed: the photo must be at least 250 x 250 pixels.",
        1001,
      );
    photos.push({ url: m.sourceUrl, format, bytes: bytes.length, width, height });
  }
  return photos;
}

const isPng = (b: Buffer) => b.length > 8 && b.toString("latin1", 0, 8) === "\x89PNG\r\n\x1a\n";

function authorize(state: GoogleFakeState, url: URL, res: http.ServerResponse): void {
  const p = url.searchParams;
  const page = (status: number, text: string) =>
    new GoogleError(status, `<!doctype html><title>Error ${status}</title><p>${text}</p>`, {}, true);
  if (p.get("client_id") !== state.clientId)
    throw page(401, "Error 401: invalid_client. The OAuth client was not found.");
  const redirectUri = p.get("redirect_uri") ?? "";
  if (!/^https?:\/\//.test(redirectUri) || (state.redirectUris.length && !state.redirectUris.includes(redirectUri)))
    throw page(400, "Error 400: redirect_uri_mismatch");
  if (p.get("response_type") !== "code") throw page(400, "Error 400: invalid_request. Invalid response_type.");
  const challenge = p.get("code_challenge");
  if (challenge && p.get("code_challenge_method") !== "S256")
    throw page(400, "Error 400: invalid_request. Invalid code_challenge_method.");
  const asked = (p.get("scope") ?? "").split(" ").filter(Boolean);
  if (!asked.length) throw page(400, "Error 400: invalid_request. Missing required parameter: scope");
  const back = new URL(redirectUri);
  const consent = state.consent;
  state.consent = null;
  if (!consent || consent.deny) {
    back.searchParams.set("error", "access_denied");
  } else {
    const granted = asked.filter((s) => (consent.scopes ?? asked).includes(s));
    const code = `4/${randomBytes(24).toString("base64url")}`;
    state.codes.set(code, {
      personId: consent.personId,
      clientId: state.clientId,
      redirectUri,
      codeChallenge: challenge,
      scopes: granted,
      offline: p.get("access_type") === "offline",
      expiresAt: Date.now() + 10 * 60_000,
    });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", granted.join(" "));
  }
  if (p.has("state")) back.searchParams.set("state", p.get("state")!);
  res.writeHead(302, { location: back.toString() });
  res.end();
}

function token(state: GoogleFakeState, p: URLSearchParams, res: http.ServerResponse): void {
  if (p.get("client_id") !== state.clientId || p.get("client_secret") !== state.clientSecret)
    throw oauthError(401, "invalid_client", "Unauthorized");
  const grant = p.get("grant_type");
  if (grant === "authorization_code") {
    const raw = p.get("code") ?? "";
    const code = state.codes.get(raw);
    if (!code) throw oauthError(400, "invalid_grant", "Malformed auth code.");
    state.codes.delete(raw); // single use, even when the rest is wrong
    if (code.expiresAt < Date.now()) throw oauthError(400, "invalid_grant", "Bad Request");
    if (code.redirectUri !== p.get("redirect_uri")) throw oauthError(400, "redirect_uri_mismatch", "Bad Request");
    if (code.codeChallenge) {
      const verifier = p.get("code_verifier");
      if (!verifier) throw oauthError(400, "invalid_grant", "Missing code verifier.");
      if (createHash("sha256").update(verifier).digest("base64url") !== code.codeChallenge)
        throw oauthError(400, "invalid_grant", "Invalid code verifier.");
    }
    const grantId = randomBytes(6).toString("hex");
    const accessToken = state.access(code.personId, code.scopes, grantId);
    let refreshToken: string | undefined;
    if (code.offline) {
      refreshToken = `1//${randomBytes(24).toString("base64url")}`;
      state.refreshTokens.set(refreshToken, { personId: code.personId, scopes: code.scopes, grantId });
    }
    return reply(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: code.scopes.join(" "),
      token_type: "Bearer",
    });
  }
  if (grant === "refresh_token") {
    const r = state.refreshTokens.get(p.get("refresh_token") ?? "");
    if (!r || state.revokedGrants.has(r.grantId))
      throw oauthError(400, "invalid_grant", "Token has been expired or revoked.");
    // Google keeps the refresh token: the answer carries a new access token only
    return reply(res, 200, {
      access_token: state.access(r.personId, r.scopes, r.grantId),
      expires_in: 3599,
      scope: r.scopes.join(" "),
      token_type: "Bearer",
    });
  }
  throw oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grant ?? ""}`);
}
