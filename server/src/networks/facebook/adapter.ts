// Facebook Pages, with Facebook Login, or Facebook Login for Business on a Business app (the same Meta
// app as Instagram's business discovery). A person signs in; their long-lived token lists their Pages with a Page token each
// (GET /me/accounts); posts go out as the chosen Page with that Page's token
// (platform-accounts/facebook-pages.ts keeps the Pages and the choice). What creates the post is one
// call: /{page}/feed (text, link, several photos), /{page}/photos (one photo) or /{page}/videos; the
// several photos are uploaded unpublished first (prepare: safe to repeat, they show nowhere), then
// attached to the one feed post (send). Facebook has no key that makes a second creation a no-op, so
// reconcile reads the Page's own posts (read-only) and never guesses.
import { createHmac } from "node:crypto";
import { fetchJson, mapLimit, withBackoff, withQuery, type HttpResult } from "../http.ts";
import { addFirstComment, graphError, regainAccessMinutes } from "../meta-graph.ts";
import {
  PlatformError,
  type AccountAccess,
  type AudienceReading,
  type Metrics,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
  type Reconciled,
} from "../types.ts";

export interface FacebookPagesConfig {
  appId?: string;
  appSecret?: string;
  /**
   * A Business app's Facebook Login for Business configuration (a user access token, carrying
   * FACEBOOK_SCOPES): the dialog is opened with its config_id and no scope. Unset: a consumer app's
   * Facebook Login, asking for FACEBOOK_SCOPES.
   */
  loginConfigId?: string;
  /** competitors' discovery's configuration: set, the app is a Business app, whose dialog takes no scopes */
  discoveryConfigId?: string;
  authorizeUrl: string;
  /** the Graph API with its version, https://graph.facebook.com/v23.0 */
  graphUrl: string;
  publishTimeoutMs?: number;
}

/**
 * What Facebook Login asks for (and what a Login for Business configuration must carry): list the
 * person's Pages (pages_show_list), post as a Page, videos included (pages_manage_posts with
 * pages_read_engagement and pages_show_list, the Page Videos reference; publish_video is for live
 * video), comment as the Page for the first comment (pages_manage_engagement), read the Page's posts
 * and their figures (pages_read_engagement, pages_read_user_content, read_insights).
 */
const FACEBOOK_SCOPES = [
  "pages_show_list",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_read_engagement",
  "pages_read_user_content",
  "read_insights",
] as const;
/** without these the connection can do nothing: the person declined them at the dialog */
const REQUIRED_SCOPES = ["pages_show_list", "pages_manage_posts"];

/** A Page as GET /me/accounts lists it, with its own token. */
interface FacebookPageListing {
  id: string;
  name: string;
  category: string | null;
  tasks: string[];
  accessToken: string;
}

/** What the Facebook adapter offers beyond posting: the person's Pages, for a person to choose one. */
export interface FacebookPageSource {
  pages(userToken: string): Promise<FacebookPageListing[]>;
}

export const isFacebookPageSource = (a: unknown): a is FacebookPageSource =>
  typeof (a as Partial<FacebookPageSource> | null)?.pages === "function";

/** Only a person with the CREATE_CONTENT task may post as the Page (Pages API, "Before you start"). */
export const canPublishTo = (tasks: readonly string[]): boolean => tasks.includes("CREATE_CONTENT");

/**
 * The account's refresh token holds the chosen Page's id and the person's long-lived token, so a
 * refused Page token can be read again from /me/accounts ("<page id> <person token>"; tokens have no
 * spaces). Before a Page is chosen it is the person's token alone.
 */
export const facebookRefreshToken = (pageId: string, userToken: string): string => `${pageId} ${userToken}`;
export const facebookUserToken = (refreshToken: string): string =>
  refreshToken.slice(refreshToken.lastIndexOf(" ") + 1);
const facebookPageOf = (refreshToken: string): string | null =>
  refreshToken.includes(" ") ? refreshToken.slice(0, refreshToken.indexOf(" ")) : null;

const DAY_MS = 86_400_000;
const PAGE_LIST_LIMIT = 10;

interface FbProgress {
  /** unpublished photo ids by our media id, for a post of several photos */
  photos?: Record<string, string>;
}

/** The post's shape on Facebook, from its media (the composer's rules already allow only these). */
function shapeOf(req: PublishRequest): "text" | "photo" | "photos" | "video" {
  const videos = req.media.filter((m) => m.kind === "video").length;
  if (videos && req.media.length > 1)
    throw new PlatformError("rejected", "A Facebook post holds one video, or photos, not both");
  if (videos) return "video";
  if (req.media.length > 10) throw new PlatformError("rejected", "A Facebook post holds at most 10 photos");
  return req.media.length === 0 ? "text" : req.media.length === 1 ? "photo" : "photos";
}

export function createFacebookAdapter(
  cfg: FacebookPagesConfig,
  tune: { backoffMs?: number } = {},
): PlatformAdapter & FacebookPageSource {
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const graph = (path: string) => `${cfg.graphUrl}/${path}`;
  // Meta's "Require App Secret" setting: every call with a token proves it comes from the app's server
  const proof = (token: string) =>
    cfg.appSecret ? createHmac("sha256", cfg.appSecret).update(token).digest("hex") : undefined;

  interface CallOpts {
    method?: "GET" | "POST";
    token: string;
    params?: Record<string, string | undefined>;
    signal?: AbortSignal;
    creates?: boolean;
    timeoutMs?: number;
  }

  /** One Graph API call; POST parameters in a form body (messages are too long for a URL). */
  async function call<T = any>(url: string, o: CallOpts): Promise<T> {
    const params = { ...o.params, access_token: o.token, appsecret_proof: proof(o.token) };
    const r =
      o.method === "POST"
        ? await fetchJson(url, {
            method: "POST",
            body: form(params),
            signal: o.signal,
            creates: o.creates,
            timeoutMs: o.timeoutMs,
          })
        : await fetchJson(withQuery(url, params), { signal: o.signal, timeoutMs: o.timeoutMs ?? 15_000 });
    if (r.ok) return r.body as T;
    throw pageError(r);
  }
  const read = <T = any>(url: string, o: CallOpts) =>
    withBackoff(() => call<T>(url, o), { ...backoff, signal: o.signal });

  async function pages(userToken: string): Promise<FacebookPageListing[]> {
    const out: FacebookPageListing[] = [];
    let url: string | null = withQuery(graph("me/accounts"), {
      fields: "id,name,access_token,tasks,category",
      limit: 100,
    }).toString();
    for (let n = 0; url && n < PAGE_LIST_LIMIT; n++) {
      const r: any = await read(url, { token: userToken });
      for (const p of (r?.data ?? []) as {
        id?: unknown;
        name?: unknown;
        access_token?: unknown;
        tasks?: unknown;
        category?: unknown;
      }[]) {
        if (typeof p.id !== "string" || typeof p.access_token !== "string") continue;
        out.push({
          id: p.id,
          name: typeof p.name === "string" ? p.name : p.id,
          category: typeof p.category === "string" ? p.category : null,
          tasks: Array.isArray(p.tasks) ? p.tasks.filter((t): t is string => typeof t === "string") : [],
          accessToken: p.access_token,
        });
      }
      // the next page only from Facebook's own API (its paging.next carries the token again)
      const next: unknown = r?.paging?.next;
      url = typeof next === "string" && next.startsWith(new URL(cfg.graphUrl).origin + "/") ? next : null;
    }
    return out;
  }

  /** Photos of a post of several, uploaded unpublished (they show nowhere until the feed post attaches them). */
  async function uploadPhotos(req: PublishRequest): Promise<void> {
    const photos = { ...((req.progress as FbProgress).photos ?? {}) };
    for (const m of req.media) {
      if (photos[m.id]) continue;
      const r = await call<{ id: string }>(graph(`${req.account.externalId}/photos`), {
        method: "POST",
        token: req.account.accessToken,
        params: { url: m.url, published: "false", ...altText(m) },
        signal: req.signal,
        timeoutMs: 120_000, // Facebook fetches the photo before it answers
      });
      photos[m.id] = r.id;
      // saved one by one: a restarted worker does not upload again what Facebook already holds
      await req.saveProgress({ ...req.progress, photos });
    }
  }

  return {
    name: "facebook",
    manual: false,
    // a Page token made from a long-lived person's token does not expire: refreshed only when refused
    refreshMarginMs: 0,
    // a Business app (discovery has a configuration) refuses the scopes: without the Pages' own, not set up
    configured: () => Boolean(cfg.appId && cfg.appSecret && (cfg.loginConfigId || !cfg.discoveryConfigId)),

    // Login for Business: the configuration carries the permissions (and the token type), scope is not
    // read. The code comes back in the query as the dialog's default response type; the JavaScript
    // SDK's override_default_response_type has no place in a redirect.
    authorizeUrl: ({ state, redirectUri }) =>
      withQuery(cfg.authorizeUrl, {
        client_id: cfg.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        ...(cfg.loginConfigId ? { config_id: cfg.loginConfigId } : { scope: FACEBOOK_SCOPES.join(",") }),
        state,
      }).toString(),

    // A Login for Business configuration of the "User access token" type answers the code with the same
    // person's token as Facebook Login, extended the same way; a system-user configuration's token is
    // no person's and is not what this flow keeps (README: FACEBOOK_LOGIN_CONFIG_ID).
    async exchangeCode({ code, redirectUri }) {
      const app = { client_id: cfg.appId, client_secret: cfg.appSecret };
      const short = await fetchJson(
        withQuery(graph("oauth/access_token"), { ...app, redirect_uri: redirectUri, code }),
      );
      if (!short.ok) throw asAuth(pageError(short));
      // the dialog's token lasts about two hours; the long-lived one about 60 days, and the Page
      // tokens read with it do not expire
      const long = await fetchJson(
        withQuery(graph("oauth/access_token"), {
          ...app,
          grant_type: "fb_exchange_token",
          fb_exchange_token: short.body.access_token,
        }),
      );
      if (!long.ok) throw asAuth(pageError(long));
      const token = String(long.body.access_token);
      const [me, perms] = await Promise.all([
        read(graph("me"), { token, params: { fields: "id,name" } }),
        read(graph("me/permissions"), { token }),
      ]);
      const granted = ((perms?.data ?? []) as { permission?: string; status?: string }[])
        .filter((p) => p.status === "granted")
        .map((p) => String(p.permission));
      const missing = REQUIRED_SCOPES.filter((s) => !granted.includes(s));
      if (missing.length)
        throw new PlatformError("auth", `Facebook did not grant ${missing.join(", ")}: connect again and allow them`);
      return {
        accessToken: token,
        refreshToken: token,
        expiresAt: long.body.expires_in
          ? new Date(Date.now() + Number(long.body.expires_in) * 1000)
          : new Date(Date.now() + 60 * DAY_MS),
        scopes: granted,
        externalId: String(me.id),
        handle: String(me.name ?? me.id),
        displayName: me.name ?? null,
      };
    },

    // The Page's token again from /me/accounts with the person's token: what helps when the Page token
    // alone was invalidated. A refused person's token, or a Page no longer listed or no longer
    // publishable, needs the person to connect again.
    async refresh({ refreshToken }) {
      const pageId = refreshToken ? facebookPageOf(refreshToken) : null;
      if (!refreshToken || !pageId)
        throw new PlatformError("auth", "no Facebook Page is chosen: connect Facebook again");
      const list = await pages(facebookUserToken(refreshToken)).catch((e) => Promise.reject(asAuth(e)));
      const page = list.find((p) => p.id === pageId);
      if (!page)
        throw new PlatformError(
          "auth",
          "the Facebook Page is no longer among the Pages this person manages: connect Facebook again",
        );
      if (!canPublishTo(page.tasks))
        throw new PlatformError(
          "auth",
          "the person's role on the Facebook Page no longer allows creating posts: connect Facebook again",
        );
      return { accessToken: page.accessToken, refreshToken, expiresAt: null };
    },

    async prepare(req) {
      if (shapeOf(req) === "photos") await uploadPhotos(req);
    },

    async send(req) {
      const { account } = req;
      const shape = shapeOf(req);
      const o = {
        method: "POST" as const,
        token: account.accessToken,
        signal: req.signal,
        creates: true,
        timeoutMs: publishTimeoutMs,
      };
      let postId: string;
      if (shape === "video") {
        const v = req.media[0]!;
        // Facebook fetches the file by URL; the call answers once the video is received
        const r = await call<{ id: string }>(graph(`${account.externalId}/videos`), {
          ...o,
          timeoutMs: Math.max(publishTimeoutMs, 120_000),
          params: { file_url: v.url, description: req.text },
        });
        postId = r.id;
      } else if (shape === "photo") {
        const m = req.media[0]!;
        const r = await call<{ id: string; post_id?: string }>(graph(`${account.externalId}/photos`), {
          ...o,
          timeoutMs: Math.max(publishTimeoutMs, 120_000),
          params: { url: m.url, caption: req.text, ...altText(m) },
        });
        postId = r.post_id ?? r.id;
      } else {
        const params: Record<string, string | undefined> = { message: req.text };
        if (shape === "photos") {
          const photos = (req.progress as FbProgress).photos ?? {};
          req.media.forEach((m, i) => {
            const id = photos[m.id];
            if (!id) throw new Error("facebook send before prepare: a photo is not uploaded");
            params[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id });
          });
        } else {
          // a link post: Facebook shows the page's preview under the message (not with photos attached)
          const link = (req.options as { link?: string | null } | null | undefined)?.link;
          if (link) params.link = link;
        }
        const r = await call<{ id: string }>(graph(`${account.externalId}/feed`), { ...o, params });
        postId = r.id;
      }
      // the post is out: nothing below may turn this into a failure (or a second attempt)
      const after = { token: account.accessToken, timeoutMs: 15_000 };
      const permalink = await read(graph(postId), { ...after, params: { fields: "permalink_url" } }).then(
        (p) => (typeof p?.permalink_url === "string" ? p.permalink_url : null),
        () => null,
      );
      const message = req.firstComment;
      const warning = message
        ? await addFirstComment(() =>
            call(graph(`${postId}/comments`), { ...after, method: "POST", params: { message } }),
          )
        : null;
      return { externalId: postId, permalink, warning };
    },

    // The Page's own posts, newest first: one made after the attempt began with the same text is
    // this attempt's. Not finding it proves nothing (Facebook may list it late): unknown, never absent.
    async reconcile(req): Promise<Reconciled> {
      const { account } = req;
      const list = await read(graph(`${account.externalId}/published_posts`), {
        token: account.accessToken,
        params: { fields: "id,message,created_time,permalink_url", limit: "25" },
      });
      const since = req.attemptStartedAt.getTime() - 60_000;
      const want = normalise(req.text);
      const hit = (
        (list?.data ?? []) as { id: string; message?: string; created_time?: string; permalink_url?: string }[]
      ).find((p) => normalise(p.message ?? "") === want && Date.parse(p.created_time ?? "") >= since);
      return hit
        ? { state: "published", result: { externalId: hit.id, permalink: hit.permalink_url ?? null } }
        : { state: "unknown" };
    },

    async metrics(account, externalIds) {
      const out = new Map<string, Metrics>();
      await mapLimit(externalIds, 4, async (id) => {
        try {
          out.set(id, await postMetrics(account, id));
        } catch (err) {
          // one deleted post must not hide the others' figures; a bad token or a limit stops all
          if (err instanceof PlatformError && err.kind === "rejected") return;
          throw err;
        }
      });
      return out;
    },

    async audience(account): Promise<AudienceReading> {
      const p = await read(graph(account.externalId), {
        token: account.accessToken,
        params: { fields: "followers_count" },
      });
      // Facebook gives no breakdown a Page can read without page-level insights Meta is retiring
      return {
        followers: typeof p?.followers_count === "number" ? p.followers_count : null,
        cities: [],
        ages: [],
        genders: [],
        activeHours: [],
      };
    },

    pages,
  };

  /**
   * A post's figures. Counts from the post itself (reactions, comments, shares); views and reach from
   * its insights: post_media_view and post_total_media_view_unique, which replaced post_impressions and
   * post_impressions_unique (Meta retired those for every API version). A video is its own object (no
   * "_" in its id) with video_insights instead: total_video_views and total_video_views_unique (people
   * who watched 3 seconds or to the end), the impressions having gone with the posts'.
   */
  async function postMetrics(account: AccountAccess, id: string): Promise<Metrics> {
    const token = account.accessToken;
    const isVideo = !id.includes("_");
    const [views, reach] = isVideo
      ? ["total_video_views", "total_video_views_unique"]
      : ["post_media_view", "post_total_media_view_unique"];
    const [node, figures] = await Promise.all([
      read(graph(id), {
        token,
        params: {
          fields: isVideo
            ? "comments.limit(0).summary(true),reactions.limit(0).summary(true)"
            : "shares,comments.limit(0).summary(true),reactions.limit(0).summary(true)",
        },
      }),
      // insights Facebook will not give (read_insights declined, a metric it refuses for this post) leave
      // views and reach at 0; the counts above still stand, and a dead token fails the read above
      insights(token, `${id}/${isVideo ? "video_insights" : "insights"}`, [views, reach]).catch((e) => {
        if (
          e instanceof PlatformError &&
          (e.kind === "rejected" || (e.kind === "auth" && isPermissionCode(e.opts.platformCode)))
        )
          return new Map<string, unknown>();
        throw e;
      }),
    ]);
    const value = (name: string) => {
      const v = figures.get(name);
      // some metrics break down by kind (paid, organic): their sum
      if (v && typeof v === "object")
        return Object.values(v as Record<string, unknown>).reduce<number>((s, n) => s + (Number(n) || 0), 0);
      return Number(v ?? 0) || 0;
    };
    return {
      views: value(views),
      reach: value(reach),
      likes: Number(node?.reactions?.summary?.total_count ?? 0),
      comments: Number(node?.comments?.summary?.total_count ?? 0),
      shares: Number(node?.shares?.count ?? 0),
    };
  }

  /**
   * Insights metrics by name (their lifetime value). One metric Graph no longer knows fails the whole
   * request with (#100) "The value must be a valid insights metric", which does not say which: then
   * each is asked alone, so a metric Meta retires costs its own figure, not the others'. One call while
   * every metric is valid, one more per metric when one is not.
   */
  async function insights(token: string, path: string, metrics: string[]): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    const ask = async (list: string[]) => {
      const r = await read(graph(path), { token, params: { metric: list.join(",") } });
      for (const d of (r?.data ?? []) as { name?: unknown; values?: { value?: unknown }[] }[])
        if (typeof d.name === "string") out.set(d.name, d.values?.[0]?.value);
    };
    try {
      await ask(metrics);
      return out;
    } catch (e) {
      if (!isInvalidMetric(e) || metrics.length < 2) throw e;
    }
    for (const m of metrics) {
      await ask([m]).catch((e) => {
        if (!isInvalidMetric(e)) throw e;
      });
    }
    return out;
  }
}

/** Graph's (#100) answer to an insights metric it does not know (retired, or never one). */
const isInvalidMetric = (e: unknown): boolean =>
  e instanceof PlatformError && e.kind === "rejected" && e.opts.platformCode === 100;

/** Code 10 and 200-299: a permission the person did not grant (not a dead token, which is 190). */
const isPermissionCode = (code: unknown): boolean =>
  code === 10 || (typeof code === "number" && code >= 200 && code <= 299);

/** A photo's alt text for screen readers (Page photos' alt_text_custom), when the post gives one. */
const altText = (m: PublishMedia): Record<string, string> => (m.altText ? { alt_text_custom: m.altText } : {});

function form(params: Record<string, string | undefined>): URLSearchParams {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) f.set(k, v);
  return f;
}

const normalise = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim();

/** During OAuth, any refusal means the person has to connect again. */
function asAuth(err: unknown): unknown {
  return err instanceof PlatformError && (err.kind === "rejected" || err.kind === "auth")
    ? new PlatformError("auth", err.platformMessage, err.opts)
    : err;
}

/**
 * Graph errors as Instagram's (meta-graph.ts graphError: 190 and missing permissions are "auth", the
 * throttling codes a rate limit), plus the Pages' own throttle (code 80001, a Page's Business Use Case
 * limit) and the Page's X-Page-Usage header: the wait is the one either usage header gives, else 15
 * minutes. 368 (blocked for a policy) and 100 (an invalid parameter) stay refusals: a person must look.
 */
function pageError(r: HttpResult): PlatformError {
  const err = graphError(r);
  if (err.kind !== "rate_limit" && r.body?.error?.code !== PAGE_THROTTLED) return err;
  const minutes = regainAccessMinutes(r.headers) ?? pageUsageMinutes(r.headers) ?? 15;
  return new PlatformError("rate_limit", err.platformMessage, {
    ...err.opts,
    retryAt: new Date(Date.now() + minutes * 60_000),
  });
}
/** "There have been too many calls to this Page account" (the Pages Business Use Case limit) */
const PAGE_THROTTLED = 80001;

/** X-Page-Usage: {"call_count": %, "total_cputime": %, "total_time": %, "estimated_time_to_regain_access": minutes}. */
function pageUsageMinutes(headers: Headers | undefined): number | null {
  const raw = headers?.get("x-page-usage");
  if (!raw) return null;
  try {
    const n = Number(
      (JSON.parse(raw) as { estimated_time_to_regain_access?: unknown })?.estimated_time_to_regain_access,
    );
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
