// X (Twitter) API v2 with OAuth 2.0 + PKCE. prepare uploads the media (safe to repeat: an unused
// upload expires by itself), sets each photo's alt text and saves the media ids; send creates the
// post with one POST /2/tweets. X has no idempotency key, so a send whose answer was lost can only
// be reconciled by looking.
// Threads (docs/architecture.md#rules-of-the-house: publishing is never retried blindly): the post is
// the one creating call whose answer decides the target; its replies follow in the same send, each
// chained to the one before with reply.in_reply_to_tweet_id, and each reply's id is saved in the
// attempt's progress before the next, so a resumed attempt goes on from there and never posts a
// saved part again. A reply that fails leaves the post published with a warning.
import { PLATFORM_LIMITS, X_LONG_POST_LENGTH, xPostParts, xWeightedLength, type XOptions } from "@sufra/schema";
import { fetchJson, sleep, withBackoff, withQuery, type HttpResult } from "../http.ts";
import {
  PlatformError,
  type Metrics,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
  type TokenSet,
} from "../types.ts";

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
  /** our media id -> the X media id its alt text was set on (set again after a new upload) */
  alt?: Record<string, string>;
  /** a thread: X's ids of its posts so far, in order; `sending`: the part whose answer may have been lost */
  thread?: { ids: string[]; sending?: number };
}

/** users/me's fields that say whether the account may post long posts */
const ME_FIELDS = "verified,verified_type,subscription_type";
/** X lets subscribers (Basic, Premium, Premium+) and verified accounts post long posts; Sufra stops at X_LONG_POST_LENGTH */
const mayPostLong = (u: { verified_type?: string; subscription_type?: string } | undefined): boolean =>
  ["Basic", "Premium", "PremiumPlus"].includes(u?.subscription_type ?? "") ||
  ["blue", "business", "government"].includes(u?.verified_type ?? "");
/** one-shot uploads carry at most 5 MB; a bigger GIF goes in chunks */
const ONE_SHOT_BYTES = 5 * 1024 * 1024;

export function createXAdapter(cfg: XConfig, tune: XTuning = {}): PlatformAdapter {
  const api = cfg.apiUrl;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const chunkBytes = tune.chunkBytes ?? 4 * 1024 * 1024;
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;

  async function call<T = any>(
    method: "GET" | "POST",
    path: string,
    o: {
      token: string;
      query?: Record<string, string>;
      json?: unknown;
      body?: FormData;
      signal?: AbortSignal;
      creates?: boolean;
      timeoutMs?: number;
    },
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
  async function waitProcessed(
    token: string,
    id: string,
    info: ProcessingInfo | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    while (info && (info.state === "pending" || info.state === "in_progress")) {
      await sleep(tune.statusPollMs ?? (info.check_after_secs ?? 1) * 1000, signal);
      const r = await withBackoff(
        () => call("GET", "/2/media/upload", { token, query: { command: "STATUS", media_id: id }, signal }),
        { ...backoff, signal },
      );
      info = r?.data?.processing_info;
    }
    if (info?.state === "failed")
      throw new PlatformError("rejected", info.error?.message ?? "X could not process the media", {
        platformCode: info.error?.code,
      });
  }

  async function upload(req: PublishRequest, m: PublishMedia): Promise<{ id: string; expiresAt: number }> {
    const token = req.account.accessToken;
    const bytes = await m.read();
    const common = { token, signal: req.signal, timeoutMs: 120_000 };
    let data: { id: string; expires_after_secs?: number; processing_info?: ProcessingInfo };
    const gif = m.mime === "image/gif";
    if (m.kind === "image" && bytes.length <= ONE_SHOT_BYTES) {
      const f = new FormData();
      f.set("media", new Blob([Uint8Array.from(bytes)], { type: m.mime }), "media");
      f.set("media_category", gif ? "tweet_gif" : "tweet_image");
      f.set("media_type", m.mime);
      data = (await call("POST", "/2/media/upload", { ...common, body: f })).data;
    } else {
      // videos (and GIFs over 5 MB, X takes them up to 15 MB) go in chunks: initialize, append each
      // segment, finalize, then wait for processing
      const init = await call("POST", "/2/media/upload/initialize", {
        ...common,
        json: { media_type: m.mime, total_bytes: bytes.length, media_category: gif ? "tweet_gif" : "tweet_video" },
      });
      const id: string = init.data.id;
      for (let i = 0, at = 0; at < bytes.length; i++, at += chunkBytes) {
        const f = new FormData();
        f.set(
          "media",
          new Blob([Uint8Array.from(bytes.subarray(at, at + chunkBytes))], { type: "application/octet-stream" }),
          "media",
        );
        f.set("segment_index", String(i));
        await call("POST", `/2/media/upload/${id}/append`, { ...common, body: f });
      }
      data = (await call("POST", `/2/media/upload/${id}/finalize`, { ...common })).data;
    }
    await waitProcessed(token, data.id, data.processing_info, req.signal);
    return { id: data.id, expiresAt: Date.now() + (data.expires_after_secs ?? 86_400) * 1000 };
  }

  /** What the caption goes out as (schema's xPostParts, the plan the composer previews): the post, then its replies. */
  function plan(req: PublishRequest): { posts: string[]; limit: number } {
    const limit = req.account.longPosts ? X_LONG_POST_LENGTH : PLATFORM_LIMITS.twitter.maxLength;
    const o = req.options as XOptions | null | undefined;
    return { posts: xPostParts(req.text, { limit, thread: o?.thread, linkInReply: o?.linkInReply }), limit };
  }

  /** Whether the account may post long posts, as X reports it now; undefined when X could not say. */
  async function longPostsOf(token: string): Promise<boolean | undefined> {
    try {
      const me = await withBackoff(
        () => call("GET", "/2/users/me", { token, query: { "user.fields": ME_FIELDS } }),
        backoff,
      );
      return mayPostLong(me?.data);
    } catch (e) {
      if (e instanceof PlatformError && e.kind === "auth") throw e;
      return undefined;
    }
  }

  /**
   * A reply of our thread already on X (its answer was lost): the account's posts since the thread
   * began, one that replies to `parentId` with this text. Read-only; null when it is not there.
   */
  async function findReply(
    req: PublishRequest,
    firstId: string,
    parentId: string,
    text: string,
  ): Promise<string | null> {
    const r = await withBackoff(
      () =>
        call("GET", `/2/users/${req.account.externalId}/tweets`, {
          token: req.account.accessToken,
          query: { max_results: "100", since_id: firstId, "tweet.fields": "referenced_tweets,conversation_id" },
        }),
      backoff,
    );
    const want = comparable(text);
    const hit = (
      (r?.data ?? []) as { id: string; text: string; referenced_tweets?: { type: string; id: string }[] }[]
    ).find(
      (t) =>
        t.referenced_tweets?.some((x) => x.type === "replied_to" && x.id === parentId) && comparable(t.text) === want,
    );
    return hit?.id ?? null;
  }

  /**
   * The thread's replies after `ids` (the posts already out), each saved before the next. Answers a
   * warning when the thread stopped (the post itself stays published), null when all went out.
   */
  async function replies(req: PublishRequest, posts: string[], ids: string[]): Promise<string | null> {
    const stopped = (i: number, why: string) =>
      `The post is published, but its thread stopped before part ${i + 1} of ${posts.length}: ${why}`;
    for (let i = ids.length; i < posts.length; i++) {
      let id: string | null = null;
      if ((req.progress as XProgress).thread?.sending === i) {
        // a resumed attempt: this part may be on X already; look before posting it
        try {
          id = await findReply(req, ids[0]!, ids[i - 1]!, posts[i]!);
        } catch (e) {
          return stopped(i, e instanceof PlatformError ? e.platformMessage : String(e));
        }
      }
      if (!id) {
        // saved before the call: whoever resumes knows this part may be out. Not found above and
        // posted again, it cannot appear twice: X refuses a second post of the same text
        await req.saveProgress({ ...req.progress, thread: { ids, sending: i } });
        try {
          const r = await call<{ data: { id: string } }>("POST", "/2/tweets", {
            token: req.account.accessToken,
            json: { text: posts[i], reply: { in_reply_to_tweet_id: ids[i - 1] } },
            creates: true,
            timeoutMs: publishTimeoutMs,
          });
          id = r.data.id;
        } catch (e) {
          if (!(e instanceof PlatformError)) throw e;
          // the answer was lost: the part may be out; look (read-only) before giving up on the rest
          if (e.kind === "timeout" || e.kind === "unavailable")
            id = await findReply(req, ids[0]!, ids[i - 1]!, posts[i]!).catch(() => null);
          if (!id) return stopped(i, e.platformMessage);
        }
      }
      ids = [...ids, id];
      await req.saveProgress({ ...req.progress, thread: { ids } });
    }
    return null;
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

    // the account's long-post right is read with every token: at connect and on each refresh
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await token({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      const me = await withBackoff(
        () => call("GET", "/2/users/me", { token: tokens.accessToken, query: { "user.fields": ME_FIELDS } }),
        backoff,
      );
      return {
        ...tokens,
        externalId: me.data.id,
        handle: me.data.username,
        displayName: me.data.name ?? null,
        longPosts: mayPostLong(me.data),
      };
    },

    // X rotates refresh tokens: the old one stops working, the caller must keep the new one
    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", "no refresh token: connect the account again");
      const tokens = await token({ grant_type: "refresh_token", refresh_token: refreshToken });
      const longPosts = await longPostsOf(tokens.accessToken);
      return longPosts === undefined ? tokens : { ...tokens, longPosts };
    },

    async prepare(req) {
      // X refuses a post over the account's limit (weighted: URLs 23, CJK and emoji 2): say so before uploading anything
      const { posts, limit } = plan(req);
      for (const p of posts) {
        const length = xWeightedLength(p);
        if (length > limit)
          throw new PlatformError("rejected", `The post is ${length} characters as X counts them; X allows ${limit}`);
      }
      const progress: XProgress = {
        ...req.progress,
        media: { ...(req.progress as XProgress).media },
        alt: { ...(req.progress as XProgress).alt },
      };
      for (const m of req.media) {
        const done = progress.media![m.id];
        if (done && done.expiresAt > Date.now() + 15 * 60_000) continue; // uploaded before a restart
        progress.media![m.id] = await upload(req, m);
        // saved after each upload, so a restarted worker does not upload it again
        await req.saveProgress({ ...progress });
      }
      // alt text on each photo and GIF (X keeps it on the upload; setting it again is harmless)
      for (const m of req.media) {
        const xid = progress.media![m.id]!.id;
        if (m.kind !== "image" || !m.altText || progress.alt![m.id] === xid) continue;
        await call("POST", "/2/media/metadata", {
          token: req.account.accessToken,
          json: { id: xid, metadata: { alt_text: { text: m.altText } } },
          signal: req.signal,
        });
        progress.alt![m.id] = xid;
        await req.saveProgress({ ...progress });
      }
    },

    async send(req) {
      const { posts } = plan(req);
      let ids = (req.progress as XProgress).thread?.ids ?? [];
      if (!ids.length) {
        const uploaded = (req.progress as XProgress).media ?? {};
        const mediaIds = req.media.map((m) => uploaded[m.id]?.id);
        if (mediaIds.some((id) => !id)) throw new Error("x send before prepare: media not uploaded");
        const r = await call<{ data: { id: string } }>("POST", "/2/tweets", {
          token: req.account.accessToken,
          json: { text: posts[0], ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) },
          signal: req.signal,
          creates: true,
          timeoutMs: publishTimeoutMs,
        });
        ids = [r.data.id];
        if (posts.length > 1) await req.saveProgress({ ...req.progress, thread: { ids } });
      }
      // replies are not bound by the send's deadline: the post is out, each reply has its own
      const warning = posts.length > ids.length ? await replies(req, posts, ids) : null;
      return { externalId: ids[0]!, permalink: permalink(req.account.handle, ids[0]!), warning };
    },

    async reconcile(req) {
      const { posts } = plan(req);
      const thread = (req.progress as XProgress).thread;
      if (thread?.ids.length) {
        const result = { externalId: thread.ids[0]!, permalink: permalink(req.account.handle, thread.ids[0]!) };
        if (thread.ids.length >= posts.length) return { state: "published", result };
        // the post is out and its thread unfinished: nothing more is "absent" than the rest of the
        // thread, which send goes on with from the saved ids, never posting a saved part again
        return { state: "absent" };
      }
      const start = new Date(req.attemptStartedAt.getTime() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
      const r = await withBackoff(
        () =>
          call("GET", `/2/users/${req.account.externalId}/tweets`, {
            token: req.account.accessToken,
            query: { max_results: "20", start_time: start, "tweet.fields": "created_at,text" },
          }),
        backoff,
      );
      const want = comparable(posts[0]!);
      const hit = ((r?.data ?? []) as { id: string; text: string }[]).find((t) => comparable(t.text) === want);
      // found with no thread saved: its replies were never posted (the post's own answer was lost)
      const warning =
        posts.length > 1
          ? { warning: `The post is published, but the ${posts.length - 1} replies of its thread were not posted` }
          : {};
      if (hit)
        return {
          state: "published",
          result: { externalId: hit.id, permalink: permalink(req.account.handle, hit.id), ...warning },
        };
      // X has no idempotency key, and a new post can take a while to show in the timeline: not
      // seeing it does not prove it was never made. A person decides; we never re-send blindly.
      return { state: "unknown" };
    },

    async metrics(account, externalIds) {
      const out = new Map<string, Metrics>();
      for (let i = 0; i < externalIds.length; i += 100) {
        const ids = externalIds.slice(i, i + 100);
        const lookup = (fields: string, some: string[]) =>
          call("GET", "/2/tweets", {
            token: account.accessToken,
            query: { ids: some.join(","), "tweet.fields": fields },
          });
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
      const r = await withBackoff(
        () => call("GET", "/2/users/me", { token: account.accessToken, query: { "user.fields": "public_metrics" } }),
        backoff,
      );
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
  return {
    views,
    reach: views,
    likes: p.like_count ?? 0,
    comments: p.reply_count ?? 0,
    shares: reposts + (p.quote_count ?? 0),
  };
}

/** X v2 errors: problem JSON { title, detail, type }, { errors: [{ message }] }, or OAuth { error, error_description }. */
function xError(r: HttpResult): PlatformError {
  const b = r.body ?? {};
  const message = String(
    b.errors?.[0]?.message ?? b.detail ?? b.error_description ?? b.title ?? b.error ?? b.raw ?? `HTTP ${r.status}`,
  );
  const opts = { status: r.status, platformCode: b.reason ?? b.error ?? b.type };
  if (r.status === 401) return new PlatformError("auth", message, opts);
  // the app's access tier does not include this endpoint ("Client Forbidden", reason client-not-enrolled)
  if (
    r.status === 403 &&
    (b.reason === "client-not-enrolled" || b.type === "https://api.twitter.com/2/problems/client-forbidden")
  ) {
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
function xRetryAt(h: Headers): Date {
  const resets = (["x-app-limit-24hour", "x-user-limit-24hour", "x-rate-limit"] as const)
    .filter((p) => h.get(`${p}-remaining`) === "0")
    .map((p) => Number(h.get(`${p}-reset`)))
    .filter((n) => Number.isFinite(n) && n > 0);
  if (resets.length) return new Date(Math.max(...resets) * 1000);
  const reset = Number(h.get("x-rate-limit-reset"));
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(Date.now() + 15 * 60_000);
}
