// X (Twitter) API v2 with OAuth 2.0 + PKCE. prepare uploads the media (safe to repeat: an unused
// upload expires by itself) and saves the media ids; send creates the post with one POST /2/tweets.
// X has no idempotency key, so a send whose answer was lost can only be reconciled by looking.
import { PLATFORM_LIMITS, xWeightedLength } from "@sufra/schema";
import { fetchJson, sleep, withBackoff, withQuery, type HttpResult } from "./http.ts";
import { PlatformError, type Metrics, type PlatformAdapter, type PublishMedia, type PublishRequest, type TokenSet } from "./types.ts";

export interface XConfig {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  apiUrl: string;
  /** the longest a publish call may take */
  publishTimeoutMs?: number;
}

export interface XTuning {
  /** wait between media status checks (default: X's check_after_secs) */
  statusPollMs?: number;
  /** base delay of the backoff on read-only calls */
  backoffMs?: number;
  /** bytes per append call of a chunked (video) upload */
  chunkBytes?: number;
}

const SCOPES = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"];

interface XProgress {
  /** our media id -> X's media id and when X forgets the upload */
  media?: Record<string, { id: string; expiresAt: number }>;
}

export function createXAdapter(cfg: XConfig, tune: XTuning = {}): PlatformAdapter {
  const api = cfg.apiUrl;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const chunkBytes = tune.chunkBytes ?? 4 * 1024 * 1024;
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;

  async function call<T = any>(
    method: "GET" | "POST",
    path: string,
    o: { token: string; query?: Record<string, string>; json?: unknown; body?: FormData; signal?: AbortSignal; creates?: boolean; timeoutMs?: number },
  ): Promise<T> {
    const r = await fetchJson(o.query ? withQuery(api + path, o.query) : api + path, {
      method,
      headers: { authorization: `Bearer ${o.token}` },
      json: o.json,
      body: o.body,
      signal: o.signal,
      creates: o.creates,
      timeoutMs: o.timeoutMs,
    });
    if (!r.ok) throw xError(r);
    return r.body as T;
  }

  /** The token endpoint; confidential clients authenticate with HTTP Basic. */
  async function token(params: Record<string, string>): Promise<TokenSet> {
    const headers: Record<string, string> = {};
    if (cfg.clientSecret) {
      const basic = `${encodeURIComponent(cfg.clientId ?? "")}:${encodeURIComponent(cfg.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString("base64")}`;
    }
    const r = await fetchJson(`${api}/2/oauth2/token`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ ...params, client_id: cfg.clientId ?? "" }),
    });
    if (!r.ok) {
      const err = xError(r);
      // invalid_grant & co.: the grant is gone, the account must be connected again
      if (r.status === 400 || r.status === 401) throw new PlatformError("auth", err.platformMessage, err.opts);
      throw err;
    }
    const t = r.body;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
      scopes: typeof t.scope === "string" ? t.scope.split(" ") : SCOPES,
    };
  }

  /** Waits while X processes an upload (videos); returns when it succeeded. */
  async function waitProcessed(token: string, id: string, info: ProcessingInfo | undefined, signal: AbortSignal): Promise<void> {
    while (info && (info.state === "pending" || info.state === "in_progress")) {
      await sleep(tune.statusPollMs ?? (info.check_after_secs ?? 1) * 1000, signal);
      const r = await withBackoff(
        () => call("GET", "/2/media/upload", { token, query: { command: "STATUS", media_id: id }, signal }),
        { ...backoff, signal },
      );
      info = r?.data?.processing_info;
    }
    if (info?.state === "failed") throw new PlatformError("rejected", info.error?.message ?? "X could not process the media", { platformCode: info.error?.code });
  }

  async function upload(req: PublishRequest, m: PublishMedia): Promise<{ id: string; expiresAt: number }> {
    const token = req.account.accessToken;
    const bytes = await m.read();
    const common = { token, signal: req.signal, timeoutMs: 120_000 };
    let data: { id: string; expires_after_secs?: number; processing_info?: ProcessingInfo };
    if (m.kind === "image") {
      const f = new FormData();
      f.set("media", new Blob([Uint8Array.from(bytes)], { type: m.mime }), "media");
      f.set("media_category", m.mime === "image/gif" ? "tweet_gif" : "tweet_image");
      f.set("media_type", m.mime);
      data = (await call("POST", "/2/media/upload", { ...common, body: f })).data;
    } else {
      // videos go in chunks: initialize, append each segment, finalize, then wait for processing
      const init = await call("POST", "/2/media/upload/initialize", {
        ...common,
        json: { media_type: m.mime, total_bytes: bytes.length, media_category: "tweet_video" },
      });
      const id: string = init.data.id;
      for (let i = 0, at = 0; at < bytes.length; i++, at += chunkBytes) {
        const f = new FormData();
        f.set("media", new Blob([Uint8Array.from(bytes.subarray(at, at + chunkBytes))], { type: "application/octet-stream" }), "media");
        f.set("segment_index", String(i));
        await call("POST", `/2/media/upload/${id}/append`, { ...common, body: f });
      }
      data = (await call("POST", `/2/media/upload/${id}/finalize`, { ...common })).data;
    }
    await waitProcessed(token, data.id, data.processing_info, req.signal);
    return { id: data.id, expiresAt: Date.now() + (data.expires_after_secs ?? 86_400) * 1000 };
  }

  return {
    name: "twitter",
    manual: false,
    refreshMarginMs: 5 * 60_000,
    configured: () => Boolean(cfg.clientId),

    authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
      withQuery(cfg.authorizeUrl, {
        response_type: "code",
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES.join(" "),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString(),

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      const me = await withBackoff(() => call("GET", "/2/users/me", { token: tokens.accessToken }), backoff);
      return { ...tokens, externalId: me.data.id, handle: me.data.username, displayName: me.data.name ?? null };
    },

    // X rotates refresh tokens: the old one stops working, the caller must keep the new one
    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", "no refresh token: connect the account again");
      return token({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async prepare(req) {
      // X refuses a post over 280 weighted characters (URLs 23, CJK and emoji 2): say so before uploading anything
      const length = xWeightedLength(req.text);
      const max = PLATFORM_LIMITS.twitter.maxLength;
      if (length > max) throw new PlatformError("rejected", `The post is ${length} characters as X counts them; X allows ${max}`);
      const progress: XProgress = { ...req.progress, media: { ...(req.progress as XProgress).media } };
      for (const m of req.media) {
        const done = progress.media![m.id];
        if (done && done.expiresAt > Date.now() + 15 * 60_000) continue; // uploaded before a restart
        progress.media![m.id] = await upload(req, m);
        // saved after each upload, so a restarted worker does not upload it again
        await req.saveProgress({ ...progress });
      }
    },

    async send(req) {
      const uploaded = (req.progress as XProgress).media ?? {};
      const mediaIds = req.media.map((m) => uploaded[m.id]?.id);
      if (mediaIds.some((id) => !id)) throw new Error("x send before prepare: media not uploaded");
      const r = await call<{ data: { id: string } }>("POST", "/2/tweets", {
        token: req.account.accessToken,
        json: { text: req.text, ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) },
        signal: req.signal,
        creates: true,
        timeoutMs: publishTimeoutMs,
      });
      return { externalId: r.data.id, permalink: permalink(req.account.handle, r.data.id) };
    },

    async reconcile(req) {
      const start = new Date(req.attemptStartedAt.getTime() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
      const r = await withBackoff(
        () =>
          call("GET", `/2/users/${req.account.externalId}/tweets`, {
            token: req.account.accessToken,
            query: { max_results: "20", start_time: start, "tweet.fields": "created_at,text" },
          }),
        backoff,
      );
      const want = comparable(req.text);
      const hit = ((r?.data ?? []) as { id: string; text: string }[]).find((t) => comparable(t.text) === want);
      if (hit) return { state: "published", result: { externalId: hit.id, permalink: permalink(req.account.handle, hit.id) } };
      // X has no idempotency key, and a new post can take a while to show in the timeline: not
      // seeing it does not prove it was never made. A person decides; we never re-send blindly.
      return { state: "unknown" };
    },

    async metrics(account, externalIds) {
      const out = new Map<string, Metrics>();
      for (let i = 0; i < externalIds.length; i += 100) {
        const ids = externalIds.slice(i, i + 100);
        const lookup = (fields: string, some: string[]) =>
          call("GET", "/2/tweets", { token: account.accessToken, query: { ids: some.join(","), "tweet.fields": fields } });
        // non-public figures exist only for our own posts of the last 30 days: others come back
        // as errors (or the whole call is refused), and are asked again with public figures only
        let r = await lookup("public_metrics,non_public_metrics", ids).catch((e) => {
          if (e instanceof PlatformError && e.kind === "rejected") return null;
          throw e;
        });
        for (const t of r?.data ?? []) out.set(t.id, figures(t));
        const missing = ids.filter((id) => !out.has(id));
        if (missing.length) {
          r = await lookup("public_metrics", missing);
          for (const t of r?.data ?? []) out.set(t.id, figures(t));
        }
      }
      return out;
    },

    // X tells an app nothing about who its followers are: the follower count is all there is
    async audience(account) {
      const r = await withBackoff(() => call("GET", "/2/users/me", { token: account.accessToken, query: { "user.fields": "public_metrics" } }), backoff);
      const n = r?.data?.public_metrics?.followers_count;
      return { followers: typeof n === "number" ? n : null, cities: [], ages: [], genders: [], activeHours: [] };
    },
  };
}

interface ProcessingInfo {
  state: "pending" | "in_progress" | "failed" | "succeeded";
  check_after_secs?: number;
  error?: { code?: number; message?: string };
}

const permalink = (handle: string, id: string) => `https://x.com/${handle}/status/${id}`;

/** X returns text HTML-escaped, with links shortened and media links appended: compare the words. */
function comparable(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/https?:\/\/\S+/g, "")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();
}

function figures(t: { public_metrics?: Record<string, number>; non_public_metrics?: Record<string, number> }): Metrics {
  const p = t.public_metrics ?? {};
  const views = t.non_public_metrics?.impression_count ?? p.impression_count ?? 0;
  // X reports no reach: impressions are the closest figure; reposts were called retweets before
  const reposts = p.repost_count ?? p.retweet_count ?? 0;
  return { views, reach: views, likes: p.like_count ?? 0, comments: p.reply_count ?? 0, shares: reposts + (p.quote_count ?? 0) };
}

/** X v2 errors: problem JSON { title, detail, type }, { errors: [{ message }] }, or OAuth { error, error_description }. */
export function xError(r: HttpResult): PlatformError {
  const b = r.body ?? {};
  const message = String(b.errors?.[0]?.message ?? b.detail ?? b.error_description ?? b.title ?? b.error ?? b.raw ?? `HTTP ${r.status}`);
  const opts = { status: r.status, platformCode: b.reason ?? b.error ?? b.type };
  if (r.status === 401) return new PlatformError("auth", message, opts);
  // the app's access tier does not include this endpoint ("Client Forbidden", reason client-not-enrolled)
  if (r.status === 403 && (b.reason === "client-not-enrolled" || b.type === "https://api.twitter.com/2/problems/client-forbidden")) {
    return new PlatformError("plan", message, opts);
  }
  if (r.status === 429) return new PlatformError("rate_limit", message, { ...opts, retryAt: xRetryAt(r.headers) });
  if (r.status >= 500) return new PlatformError("unavailable", message, opts);
  // 403 "You are not allowed to create a Tweet with duplicate content." is a refusal like any other
  return new PlatformError("rejected", message, opts);
}

/**
 * When a 429 lifts: X caps posts per day for the whole app (x-app-limit-24hour-*) and per user
 * (x-user-limit-24hour-*), and every endpoint per 15 minutes (x-rate-limit-*). The latest reset of
 * the limits used up wins, since calling before it would only be refused again.
 */
export function xRetryAt(h: Headers): Date {
  const resets = (["x-app-limit-24hour", "x-user-limit-24hour", "x-rate-limit"] as const)
    .filter((p) => h.get(`${p}-remaining`) === "0")
    .map((p) => Number(h.get(`${p}-reset`)))
    .filter((n) => Number.isFinite(n) && n > 0);
  if (resets.length) return new Date(Math.max(...resets) * 1000);
  const reset = Number(h.get("x-rate-limit-reset"));
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(Date.now() + 15 * 60_000);
}
