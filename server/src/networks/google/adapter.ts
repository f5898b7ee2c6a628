// Google Business Profile (docs/product.md#google-business-profile): OAuth 2.0 web server flow with
// PKCE, the person's accounts and their locations with Voice of Merchant, reviews and the business's
// replies (My Business v4), and local posts (v4 localPosts). A Google post goes to every picked
// location, one LocalPost each; the name of each created post is saved in progress before the next,
// so a send repeated after a crash or a lost answer never posts twice to a location.
import { MEDIA_RULES, publishesImageType } from "@sufra/schema";
import type { Config } from "../../config.ts";
import type { GoogleGuests, GooglePlace, GuestItem, ReviewPage } from "../guests.ts";
import { fetchJson, mapLimit, withBackoff, withQuery, type HttpResult } from "../http.ts";
import {
  PlatformError,
  type AccountAccess,
  type Metrics,
  type PlatformAdapter,
  type PlatformName,
  type PublishRequest,
  type Published,
  type Reconciled,
  type TokenSet,
} from "../types.ts";

export type GoogleConfig = Config["platforms"]["google"] & { publishTimeoutMs?: number };

export interface GoogleTuning {
  /** base delay of the backoff on read-only calls */
  backoffMs?: number;
  /** Voice of Merchant lookups run this many at a time */
  concurrency?: number;
}

/** The one scope Sufra asks for: Business Profile management (accounts, locations, reviews, posts). */
export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/business.manage";
/** Google shows an anonymous reviewer so; the API gives no name for them. */
export const ANONYMOUS_REVIEWER = "A Google user";
/** Google's limits: a post's text (as Business Profile counts it), a reply's body in bytes (ReviewReply.comment). */
const GOOGLE_SUMMARY_MAX = 1500;
const GOOGLE_REPLY_MAX_BYTES = 4096;
/**
 * Photos of local posts, as Google documents its media: JPG or PNG, 10 KB to 5 MB, at least 250 x 250
 * (the types, the ceiling and the side are MEDIA_RULES.google's, which also picks the file that goes).
 */
const PHOTO_MIN_BYTES = 10 * 1024;
const PHOTO_MAX_BYTES = MEDIA_RULES.google.image.maxBytes!;
const PHOTO_MIN_SIDE = MEDIA_RULES.google.image.minSide!;
const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const CTA: Record<string, string> = { order: "ORDER", call: "CALL", learn_more: "LEARN_MORE", book: "BOOK" };
/** Sufra's cafés are in Kuwait: event times go to Google as the location's wall-clock time. */
const LOCAL_ZONE = "Asia/Kuwait";

interface GoogleProgress {
  /** location name ("locations/456") -> the local post made there */
  google?: Record<string, { name: string; searchUrl?: string | null }>;
}

export function createGoogleAdapter(cfg: GoogleConfig, tune: GoogleTuning = {}): PlatformAdapter & GoogleGuests {
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const concurrency = tune.concurrency ?? 4;
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;

  interface CallOpts {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    token: string;
    query?: Record<string, string | number | undefined>;
    json?: unknown;
    signal?: AbortSignal;
    creates?: boolean;
    timeoutMs?: number;
  }

  async function call<T = any>(url: string, o: CallOpts): Promise<T> {
    const r = await fetchJson(o.query ? withQuery(url, o.query) : url, {
      method: o.method ?? "GET",
      headers: { authorization: `Bearer ${o.token}` },
      json: o.json,
      signal: o.signal,
      creates: o.creates,
      timeoutMs: o.timeoutMs ?? 20_000,
    });
    if (!r.ok) throw googleError(r);
    return (r.body ?? {}) as T;
  }
  // read-only calls only: a write is never repeated by this adapter
  const read = <T = any>(url: string, o: CallOpts) =>
    withBackoff(() => call<T>(url, o), { ...backoff, signal: o.signal });

  /** Every page of a Google list (nextPageToken), read-only. */
  async function listAll<T>(
    url: string,
    key: string,
    o: CallOpts & { query: Record<string, string | number | undefined> },
  ): Promise<T[]> {
    const out: T[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 200; page++) {
      const r = await read(url, { ...o, query: { ...o.query, pageToken } });
      out.push(...((r?.[key] ?? []) as T[]));
      pageToken = r?.nextPageToken || undefined;
      if (!pageToken) break;
    }
    return out;
  }

  /** Google's token endpoint: client credentials go in the form body, as its web server flow shows. */
  async function token(params: Record<string, string>, keepRefresh?: string | null): Promise<TokenSet> {
    const r = await fetchJson(cfg.tokenUrl, {
      method: "POST",
      body: new URLSearchParams({ ...params, client_id: cfg.clientId ?? "", client_secret: cfg.clientSecret ?? "" }),
    });
    if (!r.ok) {
      const b = r.body ?? {};
      const message = String(b.error_description ?? b.error ?? b.raw ?? `HTTP ${r.status}`);
      if (r.status >= 500) throw new PlatformError("unavailable", message, { status: r.status });
      // invalid_grant: the code was used or expired, or the person revoked Sufra: connect again
      throw new PlatformError("auth", message, { status: r.status, platformCode: b.error });
    }
    const t = r.body;
    return {
      accessToken: t.access_token,
      // a refresh answer carries no new refresh token: the one we have stays valid
      refreshToken: t.refresh_token ?? keepRefresh ?? null,
      expiresAt: t.expires_in ? new Date(Date.now() + Number(t.expires_in) * 1000) : null,
      scopes: typeof t.scope === "string" ? t.scope.split(" ").filter(Boolean) : [GOOGLE_SCOPE],
    };
  }

  async function accounts(accessToken: string): Promise<{ name: string; accountName?: string; type?: string }[]> {
    return listAll(`${cfg.accountManagementUrl}/v1/accounts`, "accounts", {
      token: accessToken,
      query: { pageSize: 20 },
    });
  }

  const locationPath = (p: Pick<GooglePlace, "googleAccount" | "name">) => `${p.googleAccount}/${p.name}`;

  function review(r: any): GuestItem {
    const anonymous = Boolean(r.reviewer?.isAnonymous) || !r.reviewer?.displayName;
    const reply =
      r.reviewReply?.comment != null
        ? { text: String(r.reviewReply.comment), at: new Date(r.reviewReply.updateTime ?? r.updateTime) }
        : null;
    return {
      kind: "review",
      externalId: String(r.name),
      author: anonymous ? ANONYMOUS_REVIEWER : String(r.reviewer.displayName),
      rating: STARS[r.starRating] ?? null,
      text: String(r.comment ?? ""),
      writtenAt: new Date(r.createTime),
      updatedAt: new Date(r.updateTime ?? r.createTime),
      reply,
    };
  }

  function localPost(req: PublishRequest): Record<string, unknown> {
    const post = req.google!.post;
    const body: Record<string, unknown> = {
      languageCode: languageOf(req.text),
      summary: req.text,
      topicType: post.type === "offer" ? "OFFER" : post.type === "event" ? "EVENT" : "STANDARD",
    };
    // Google ignores the button of an offer: the offer's own link is the way to redeem it
    if (post.cta && post.type !== "offer") {
      body.callToAction = {
        actionType: CTA[post.cta.action],
        ...(post.cta.action !== "call" && post.cta.url ? { url: post.cta.url } : {}),
      };
    }
    if (post.event && (post.type === "event" || post.type === "offer")) {
      body.event = { title: post.event.title, schedule: schedule(post.event.startsAt, post.event.endsAt) };
    }
    if (post.type === "offer" && post.offer) {
      const o = post.offer;
      body.offer = {
        ...(o.couponCode ? { couponCode: o.couponCode } : {}),
        ...(o.redeemUrl ? { redeemOnlineUrl: o.redeemUrl } : {}),
        ...(o.terms ? { termsConditions: o.terms } : {}),
      };
    }
    if (req.media.length) body.media = req.media.map((m) => ({ mediaFormat: "PHOTO", sourceUrl: m.url }));
    return body;
  }

  /**
   * This attempt's post at a location, found by our own marker: its exact text, made after the attempt
   * started (a LocalPost has no field of ours to carry an attempt's key). Google promises no order for
   * localPosts.list, so every page is read; none of them may be skipped because of the dates on another.
   */
  async function findPost(
    account: AccountAccess,
    location: { googleAccount: string; name: string },
    text: string,
    since: Date,
  ): Promise<any | "none"> {
    const want = comparable(text);
    const floor = since.getTime() - 60_000;
    const posts = await listAll<any>(`${cfg.myBusinessUrl}/v4/${locationPath(location)}/localPosts`, "localPosts", {
      token: account.accessToken,
      query: { pageSize: 100 },
    });
    const mine = posts.filter((p) => Date.parse(p.createTime) >= floor && comparable(p.summary ?? "") === want);
    // one send makes one post per location; were there two, the first made is this attempt's
    return mine.sort((x, y) => Date.parse(x.createTime) - Date.parse(y.createTime))[0] ?? "none";
  }

  function published(
    req: PublishRequest,
    made: NonNullable<GoogleProgress["google"]>,
    warning?: string | null,
  ): Published {
    const first = req.google!.locations.map((l) => made[l.name]).find(Boolean)!;
    return { externalId: first.name, permalink: first.searchUrl ?? null, warning: warning ?? null };
  }

  return {
    // "google" joins PlatformName with the Google network work; until then the cast keeps this compiling
    name: "google" as PlatformName,
    manual: false,
    refreshMarginMs: 5 * 60_000,
    configured: () => Boolean(cfg.clientId && cfg.clientSecret),

    authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
      withQuery(cfg.authorizeUrl, {
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: GOOGLE_SCOPE,
        // offline: a refresh token, so replies and posts work while nobody is signed in
        access_type: "offline",
        // consent every time: Google hands out the refresh token only on a consent screen
        prompt: "consent",
        include_granted_scopes: "true",
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString(),

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await token({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      // Google's consent screen lets a person untick a scope: without it nothing here works
      if (!tokens.scopes?.includes(GOOGLE_SCOPE)) {
        throw new PlatformError(
          "auth",
          "Google did not grant access to the Business Profile: allow it on Google's consent screen",
          {
            platformCode: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
          },
        );
      }
      const list = await accounts(tokens.accessToken);
      const own = list.find((a) => a.type === "PERSONAL") ?? list[0];
      if (!own) throw new PlatformError("rejected", "This Google account manages no Business Profile");
      const label = own.accountName ?? own.name;
      return { ...tokens, externalId: own.name, handle: label, displayName: label };
    },

    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", "no refresh token: connect the Google account again");
      return token({ grant_type: "refresh_token", refresh_token: refreshToken }, refreshToken);
    },

    async places(account) {
      const all = await accounts(account.accessToken);
      const seen = new Map<string, Omit<GooglePlace, "verified">>();
      for (const a of all) {
        const locations = await listAll<any>(`${cfg.businessInformationUrl}/v1/${a.name}/locations`, "locations", {
          token: account.accessToken,
          // metadata: the place id and the review form's address, for printed review requests
          // (docs/architecture.md#review-requests)
          query: { readMask: "name,title,storefrontAddress,metadata", pageSize: 100 },
        });
        // a location reached through a group and through the person's own account is one place
        for (const l of locations)
          if (!seen.has(l.name))
            seen.set(l.name, {
              googleAccount: a.name,
              name: l.name,
              title: String(l.title ?? ""),
              address: address(l.storefrontAddress),
              placeId: typeof l.metadata?.placeId === "string" && l.metadata.placeId ? l.metadata.placeId : null,
              reviewUrl:
                typeof l.metadata?.newReviewUri === "string" && l.metadata.newReviewUri
                  ? l.metadata.newReviewUri
                  : null,
            });
      }
      return mapLimit([...seen.values()], concurrency, async (p) => {
        const vom = await read(`${cfg.verificationsUrl}/v1/${p.name}/VoiceOfMerchantState`, {
          token: account.accessToken,
        });
        return { ...p, verified: vom?.hasVoiceOfMerchant === true };
      });
    },

    async reviews(account, place, pageToken): Promise<ReviewPage> {
      const r = await read(`${cfg.myBusinessUrl}/v4/${locationPath(place)}/reviews`, {
        token: account.accessToken,
        query: { pageSize: 50, pageToken: pageToken || undefined, orderBy: "updateTime desc" },
      });
      return {
        items: ((r?.reviews ?? []) as any[]).map(review),
        nextPageToken: r?.nextPageToken || null,
        averageRating: typeof r?.averageRating === "number" ? r.averageRating : null,
        totalReviewCount: typeof r?.totalReviewCount === "number" ? r.totalReviewCount : null,
      };
    },

    async reply(account, reviewName, text) {
      if (Buffer.byteLength(text, "utf8") > GOOGLE_REPLY_MAX_BYTES) {
        throw new PlatformError("rejected", `Google takes replies up to ${GOOGLE_REPLY_MAX_BYTES} bytes`, {
          platformCode: "REPLY_TOO_LONG",
        });
      }
      const r = await call(`${cfg.myBusinessUrl}/v4/${reviewName}/reply`, {
        method: "PUT",
        token: account.accessToken,
        json: { comment: text },
      });
      return { text: String(r.comment ?? text), at: r.updateTime ? new Date(r.updateTime) : new Date() };
    },

    async deleteReply(account, reviewName) {
      try {
        await call(`${cfg.myBusinessUrl}/v4/${reviewName}/reply`, { method: "DELETE", token: account.accessToken });
      } catch (err) {
        // already gone (removed on Google itself): what the person asked for is true
        if (err instanceof PlatformError && err.opts.status === 404) return;
        throw err;
      }
    },

    async prepare(req) {
      const g = req.google;
      if (!g || g.locations.length === 0)
        throw new PlatformError("rejected", "Pick at least one Google location for this post");
      const length = [...req.text].length;
      if (length > GOOGLE_SUMMARY_MAX)
        throw new PlatformError("rejected", `The post is ${length} characters; Google allows ${GOOGLE_SUMMARY_MAX}`, {
          platformCode: "SUMMARY_TOO_LONG",
        });
      if ((g.post.type === "event" || g.post.type === "offer") && !g.post.event) {
        throw new PlatformError("rejected", "Google needs a title, a start and an end for event and offer posts", {
          platformCode: "EVENT_REQUIRED",
        });
      }
      if (g.post.cta && g.post.cta.action !== "call" && !g.post.cta.url && g.post.type !== "offer") {
        throw new PlatformError("rejected", "This Google button needs a link", { platformCode: "CTA_URL_REQUIRED" });
      }
      // Google fetches post photos from their URL itself; it takes one photo, JPG or PNG, no video
      if (req.media.length > 1)
        throw new PlatformError("rejected", "A Google post shows one photo", { platformCode: "TOO_MANY_ITEMS" });
      for (const m of req.media) {
        if (m.kind !== "image" || !publishesImageType("google", m.mime))
          throw new PlatformError("rejected", "Google posts take a JPG or PNG photo", {
            platformCode: "UNSUPPORTED_MEDIA",
          });
        if (m.bytes < PHOTO_MIN_BYTES || m.bytes > PHOTO_MAX_BYTES)
          throw new PlatformError("rejected", "Google takes photos from 10 KB to 5 MB", { platformCode: "PHOTO_SIZE" });
        if ((m.width != null && m.width < PHOTO_MIN_SIDE) || (m.height != null && m.height < PHOTO_MIN_SIDE)) {
          throw new PlatformError(
            "rejected",
            `Google takes photos of at least ${PHOTO_MIN_SIDE} x ${PHOTO_MIN_SIDE} pixels`,
            { platformCode: "PHOTO_TOO_SMALL" },
          );
        }
      }
    },

    async send(req) {
      const g = req.google;
      if (!g || g.locations.length === 0) throw new Error("google send without locations");
      const made: NonNullable<GoogleProgress["google"]> = { ...(req.progress as GoogleProgress).google };
      const body = localPost(req);
      const refused: string[] = [];
      let lastRefusal: PlatformError | null = null;
      for (const location of g.locations) {
        if (made[location.name]) continue; // posted there before a crash or a lost answer
        try {
          const r = await call(`${cfg.myBusinessUrl}/v4/${locationPath(location)}/localPosts`, {
            method: "POST",
            token: req.account.accessToken,
            json: body,
            signal: req.signal,
            creates: true,
            timeoutMs: publishTimeoutMs,
          });
          made[location.name] = { name: r.name, searchUrl: r.searchUrl ?? null };
          // saved before the next location, so a restarted attempt skips this one
          await req.saveProgress({ ...req.progress, google: { ...made } });
        } catch (err) {
          // slow down, down, or maybe posted: the attempt stops here and is retried or reconciled
          if (!(err instanceof PlatformError) || !["rejected", "auth", "plan"].includes(err.kind)) throw err;
          refused.push(location.name);
          lastRefusal = err;
        }
      }
      if (!Object.keys(made).length) throw lastRefusal ?? new PlatformError("rejected", "Google refused the post");
      const warning = refused.length
        ? `Google refused the post at ${refused.length} location(s): ${lastRefusal?.platformMessage ?? ""}`.trim()
        : null;
      return published(req, made, warning);
    },

    async reconcile(req): Promise<Reconciled> {
      const g = req.google;
      if (!g || g.locations.length === 0) return { state: "absent" };
      const made: NonNullable<GoogleProgress["google"]> = { ...(req.progress as GoogleProgress).google };
      let missing = 0;
      for (const location of g.locations) {
        if (made[location.name]) continue;
        const hit = await findPost(req.account, location, req.text, req.attemptStartedAt);
        if (hit === "none") missing++;
        else made[location.name] = { name: hit.name, searchUrl: hit.searchUrl ?? null };
      }
      const found = Object.keys(made).length;
      if (found > Object.keys((req.progress as GoogleProgress).google ?? {}).length)
        await req.saveProgress({ ...req.progress, google: { ...made } });
      // Google lists a location's posts as soon as it has made them; a location without one has none,
      // and a new send skips the locations already posted to
      if (missing > 0) return { state: "absent" };
      return found ? { state: "published", result: published(req, made) } : { state: "absent" };
    },

    // Google offers no figures per local post today: localPosts.reportInsights went with the v4
    // insights, and the Business Profile Performance API that replaced them reports per location and
    // day only (docs/product.md#google-business-profile)
    async metrics(): Promise<Map<string, Metrics>> {
      return new Map();
    },
  };
}

/**
 * Google's JSON errors: { error: { code, message, status, details: [ErrorInfo {reason, metadata},
 * BadRequest, v4 ValidationError {errorDetails}] } }, and OAuth's { error, error_description }.
 */
export function googleError(r: HttpResult): PlatformError {
  const e = r.body?.error && typeof r.body.error === "object" ? r.body.error : {};
  const details: any[] = Array.isArray(e.details) ? e.details : [];
  const info = details.find((d) => String(d?.["@type"] ?? "").endsWith("google.rpc.ErrorInfo"));
  const validation = details.find((d) => Array.isArray(d?.errorDetails))?.errorDetails?.[0];
  const violation = details.find((d) => Array.isArray(d?.fieldViolations))?.fieldViolations?.[0];
  const reason: string | undefined = info?.reason;
  const status: string = e.status ?? "";
  const message = String(
    validation?.message ??
      violation?.description ??
      e.message ??
      r.body?.error_description ??
      r.body?.raw ??
      `HTTP ${r.status}`,
  );
  const opts = { status: r.status, platformCode: reason ?? (status || undefined) };
  if (r.status === 401 || status === "UNAUTHENTICATED") return new PlatformError("auth", message, opts);
  if (reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT") return new PlatformError("auth", message, opts);
  // the project has not enabled the API, or its quota is the 0 a project has until Google grants access
  if (
    reason === "SERVICE_DISABLED" ||
    reason === "API_DISABLED" ||
    reason === "BILLING_DISABLED" ||
    reason === "CONSUMER_INVALID"
  ) {
    return new PlatformError("plan", message, opts);
  }
  if (r.status === 429 || status === "RESOURCE_EXHAUSTED") {
    if (String(info?.metadata?.quota_limit_value ?? "") === "0") return new PlatformError("plan", message, opts);
    return new PlatformError("rate_limit", message, { ...opts, retryAt: retryAt(r.headers) });
  }
  if (r.status >= 500) return new PlatformError("unavailable", message, opts);
  // FAILED_PRECONDITION (an unverified location), INVALID_ARGUMENT (a refused field, a photo Google
  // could not fetch), PERMISSION_DENIED (a location this person no longer manages): a person acts
  const code = validation?.field ? `${status || r.status}:${validation.field}` : opts.platformCode || undefined;
  return new PlatformError("rejected", message, { ...opts, platformCode: code });
}

function retryAt(h: Headers): Date {
  const v = h.get("retry-after");
  if (v) {
    const secs = Number(v);
    if (Number.isFinite(secs) && secs >= 0) return new Date(Date.now() + secs * 1000);
    const at = Date.parse(v);
    if (Number.isFinite(at)) return new Date(at);
  }
  // Google's quotas are per minute
  return new Date(Date.now() + 60_000);
}

function address(a: any): string {
  if (!a) return "";
  return [...(a.addressLines ?? []), a.sublocality, a.locality, a.administrativeArea]
    .filter((s) => typeof s === "string" && s.trim())
    .join(", ");
}

/** ar when the text is mostly Arabic letters, else en (Google's languageCode is the post's language). */
function languageOf(text: string): string {
  const arabic = (text.match(/\p{Script=Arabic}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  return arabic > latin ? "ar" : "en";
}

/** ISO instants as Google's TimeInterval: civil date and time of day where the café is. */
function schedule(startsAt: string, endsAt: string) {
  return { ...civil("start", startsAt), ...civil("end", endsAt) };
}
function civil(prefix: "start" | "end", iso: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: LOCAL_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    [`${prefix}Date`]: { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) },
    [`${prefix}Time`]: { hours: Number(parts.hour), minutes: Number(parts.minute), seconds: 0, nanos: 0 },
  };
}

function comparable(s: string): string {
  return s.normalize("NFC").replace(/\s+/g, " ").trim();
}
