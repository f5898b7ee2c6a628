// Instagram API with Instagram Login (professional accounts). Publishing is Instagram's own
// two-step flow: prepare creates a media container and waits until Instagram has fetched and
// processed the media; send publishes the container. Instagram refuses to publish a container
// twice, so the container id saved in progress is what makes a publish safe to reason about.
// A post is a feed post (a photo, a carousel, or one video as a reel), a story (STORIES: one photo or
// video, no caption) or a reel (REELS, with its cover, audio name and sharing), per the post's
// InstagramOptions (schema/src/networks/instagram.ts); what Instagram refuses in a format is refused here
// before any container is made, by the same rule the composer's preview shows.
import { INSTAGRAM_SCOPES, instagramFormatProblems, messageText, type InstagramOptions } from "@sufra/schema";
import { fetchJson, mapLimit, sleep, withBackoff, withQuery } from "../http.ts";
import { addFirstComment, graphError, PUBLISH_LIMIT_SUBCODE } from "../meta-graph.ts";
import {
  PlatformError,
  type AccountAccess,
  type Metrics,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
  type Reconciled,
  type TokenSet,
} from "../types.ts";

export interface InstagramConfig {
  appId?: string;
  appSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  graphUrl: string;
  graphVersion: string;
  /** the longest a publish call may take */
  publishTimeoutMs?: number;
}

export interface InstagramTuning {
  /** first wait between container status polls; doubles up to pollMaxMs */
  pollFirstMs?: number;
  pollMaxMs?: number;
  /** give up waiting for processing after this long (Instagram suggests up to 5 minutes) */
  pollTotalMs?: number;
  /** base delay of the backoff on read-only calls */
  backoffMs?: number;
  /** container creations tried again after "Media download has failed" (2207052) */
  mediaFetchRetries?: number;
}

// what each is for, in both languages, lives beside the list (@sufra/schema INSTAGRAM_PERMISSIONS)
const SCOPES: string[] = [...INSTAGRAM_SCOPES];
const DAY_MS = 86_400_000;
/** "Media download has failed": Instagram could not fetch the media URL, often for a moment only */
const MEDIA_FETCH_FAILED_SUBCODE = 2207052;
/** a long-lived token lasts 60 days and can be refreshed once it is a day old (refresh_access_token) */
const LONG_LIVED_MS = 60 * DAY_MS;
const REFRESHABLE_AFTER_MS = DAY_MS;
const METRICS = ["views", "likes", "comments", "shares", "reach"] as const;
/**
 * A story's insights are other metrics (no likes or comments: replies instead) and only while the story
 * is live, 24 hours; Instagram answers nothing after that.
 */
const STORY_METRICS = ["views", "reach", "replies", "shares"] as const;
const STORY_LIFE_MS = DAY_MS;

interface IgProgress {
  containerId?: string;
}

export function createInstagramAdapter(cfg: InstagramConfig, tune: InstagramTuning = {}): PlatformAdapter {
  const pollFirstMs = tune.pollFirstMs ?? 2_000;
  const pollMaxMs = tune.pollMaxMs ?? 30_000;
  const pollTotalMs = tune.pollTotalMs ?? 5 * 60_000;
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const mediaFetchRetries = tune.mediaFetchRetries ?? 2;
  const publishTimeoutMs = cfg.publishTimeoutMs ?? 30_000;
  const graphPath = (path: string) => `${cfg.graphUrl}/${cfg.graphVersion}/${path}`;

  interface CallOpts {
    method?: "GET" | "POST";
    token: string;
    params?: Record<string, string | undefined>;
    signal?: AbortSignal;
    creates?: boolean;
    timeoutMs?: number;
    /** whose publishing limit to read when Instagram says it is reached */
    account?: AccountAccess;
  }

  /** One Graph API call. POST parameters go in a form body: captions are too long for a URL. */
  async function call<T = any>(url: string, o: CallOpts): Promise<T> {
    const params = { ...o.params, access_token: o.token };
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
    const err = graphError(r);
    if (err.kind === "rate_limit" && err.opts.platformCode === PUBLISH_LIMIT_SUBCODE && o.account) {
      // the 24-hour publishing limit: waiting 15 minutes would only hit it again
      const resetAt = await quota(o.account).then(
        (q) => q.resetAt,
        () => null,
      );
      if (resetAt) throw new PlatformError("rate_limit", err.platformMessage, { ...err.opts, retryAt: resetAt });
    }
    throw err;
  }
  const read = <T = any>(url: string, o: CallOpts) =>
    withBackoff(() => call<T>(url, o), { ...backoff, signal: o.signal });

  async function quota(account: AccountAccess): Promise<{ remaining: number; resetAt: Date }> {
    const r = await read(graphPath(`${account.externalId}/content_publishing_limit`), {
      token: account.accessToken,
      params: { fields: "quota_usage,config" },
    });
    const d = r?.data?.[0] ?? {};
    const total = Number(d.config?.quota_total ?? 100);
    const windowMs = Number(d.config?.quota_duration ?? 86_400) * 1000;
    const remaining = Math.max(0, total - Number(d.quota_usage ?? 0));
    let resetAt = new Date(Date.now() + windowMs);
    if (remaining === 0) {
      // the window rolls: a slot frees when the oldest post inside it turns 24 hours old
      const list = await read(graphPath(`${account.externalId}/media`), {
        token: account.accessToken,
        params: { fields: "id,timestamp", limit: "100" },
      }).catch(() => null);
      const since = Date.now() - windowMs;
      const times = ((list?.data ?? []) as { timestamp?: string }[])
        .map((m) => Date.parse(m.timestamp ?? ""))
        .filter((t) => t > since);
      if (times.length) resetAt = new Date(Math.min(...times) + windowMs);
    }
    return { remaining, resetAt };
  }

  async function createContainers(req: PublishRequest): Promise<string> {
    const { account, media } = req;
    if (media.length === 0) throw new PlatformError("rejected", "Instagram posts need at least one photo or video");
    if (media.length > 10) throw new PlatformError("rejected", "Instagram carousels hold at most 10 photos or videos");
    const create = (params: Record<string, string | undefined>) =>
      call<{ id: string }>(graphPath(`${account.externalId}/media`), {
        method: "POST",
        token: account.accessToken,
        params,
        signal: req.signal,
        timeoutMs: 120_000, // Instagram downloads the image before it answers
        account,
      }).then((r) => r.id);
    const o = instagramOptions(req);
    if (o.format === "story") {
      // a story shows no caption: Instagram ignores one, so none is sent
      const m = media[0];
      return create(
        m.kind === "video" ? { media_type: "STORIES", video_url: m.url } : { media_type: "STORIES", image_url: m.url },
      );
    }
    // where the post goes: collaborators and location on the post (the carousel itself), never on a child
    const shared = {
      caption: req.text,
      collaborators: o.collaborators?.length ? JSON.stringify(o.collaborators) : undefined,
      location_id: o.locationId ?? undefined,
    };
    // people tagged at x,y on the first photo; alt text on each photo (images only: not on videos or stories)
    const tags = o.userTags?.length ? o.userTags : null;
    const firstPhoto = media.find((m) => m.kind === "image");
    const image = (m: PublishMedia) => ({
      image_url: m.url,
      alt_text: m.altText || undefined,
      user_tags:
        tags && m === firstPhoto
          ? JSON.stringify(tags.map((t) => ({ username: t.username, x: t.x, y: t.y })))
          : undefined,
    });
    const reel = reelParts(req, o);
    if (reel) {
      const r = o.reel ?? {};
      return create({
        ...shared,
        media_type: "REELS",
        video_url: reel.video.url,
        share_to_feed: String(r.shareToFeed ?? true),
        cover_url: reel.cover?.url,
        // a chosen cover photo wins over a frame of the video
        thumb_offset: !reel.cover && r.thumbOffsetMs != null ? String(r.thumbOffsetMs) : undefined,
        audio_name: r.audioName ?? undefined,
        // a reel's tags have no place on the picture: usernames only
        user_tags: tags ? JSON.stringify(tags.map((t) => ({ username: t.username }))) : undefined,
      });
    }
    if (media.length === 1) return create({ ...shared, ...image(media[0]) });
    const children: string[] = [];
    for (const m of media) {
      const id = await create(
        m.kind === "video"
          ? { media_type: "VIDEO", video_url: m.url, is_carousel_item: "true" }
          : { ...image(m), is_carousel_item: "true" },
      );
      // a carousel may only list children that are FINISHED: images are processed too, only faster
      await waitProcessed(id, account, req.signal);
      children.push(id);
    }
    return create({ ...shared, media_type: "CAROUSEL", children: children.join(",") });
  }

  /** Refuses, before any call, a format Instagram would refuse (the composer's preview shows the same). */
  function checkFormat(req: PublishRequest): void {
    const problems = instagramFormatProblems(req.options ?? null, req.media);
    if (problems.length)
      throw new PlatformError("rejected", problems.map((k) => messageText(k, "en")).join("; "), {
        platformCode: "FORMAT",
      });
  }

  /** Which media ids were published as stories: listed by the stories edge, not by media. */
  async function findStory(req: PublishRequest): Promise<Reconciled> {
    const { account } = req;
    const list = await read(graphPath(`${account.externalId}/stories`), {
      token: account.accessToken,
      params: { fields: "id,permalink,timestamp" },
    });
    const since = req.attemptStartedAt.getTime() - 60_000;
    const hits = ((list?.data ?? []) as { id: string; permalink?: string; timestamp?: string }[]).filter(
      (m) => Date.parse(m.timestamp ?? "") >= since,
    );
    // a story has no caption to tell it by: only one story since the attempt began is certainly ours
    return hits.length === 1
      ? { state: "published", result: { externalId: hits[0].id, permalink: hits[0].permalink ?? null } }
      : { state: "unknown" };
  }

  /** Polls a container until Instagram has processed it: FINISHED (or already PUBLISHED). */
  async function waitProcessed(containerId: string, account: AccountAccess, signal: AbortSignal): Promise<string> {
    const giveUpAt = Date.now() + pollTotalMs;
    for (let delay = pollFirstMs; ; delay = Math.min(delay * 2, pollMaxMs)) {
      const r = await read<{ status_code?: string; status?: string }>(graphPath(containerId), {
        token: account.accessToken,
        params: { fields: "status_code,status" },
        signal,
      });
      const code = r.status_code ?? "";
      if (code === "FINISHED" || code === "PUBLISHED" || code === "EXPIRED") return code;
      if (code === "ERROR") {
        // the status names the subcode in brackets: "Error: Media download has failed. (2207052)"
        const fetchFailed = (r.status ?? "").includes(String(MEDIA_FETCH_FAILED_SUBCODE));
        throw new PlatformError("rejected", r.status || "Instagram could not process the media", {
          platformCode: fetchFailed ? MEDIA_FETCH_FAILED_SUBCODE : "ERROR",
        });
      }
      if (Date.now() + delay > giveUpAt)
        throw new PlatformError("unavailable", "Instagram is still processing the media");
      await sleep(delay, signal);
    }
  }

  return {
    name: "instagram",
    manual: false,
    refreshMarginMs: 7 * DAY_MS,
    configured: () => Boolean(cfg.appId && cfg.appSecret),

    // Instagram does not support PKCE: the state alone protects the callback
    authorizeUrl: ({ state, redirectUri }) =>
      withQuery(cfg.authorizeUrl, {
        client_id: cfg.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: SCOPES.join(","),
        state,
      }).toString(),

    async exchangeCode({ code, redirectUri }) {
      // Instagram appends "#_" to the code in the redirect
      const r = await fetchJson(cfg.tokenUrl, {
        method: "POST",
        body: form({
          client_id: cfg.appId,
          client_secret: cfg.appSecret,
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
          code: code.replace(/#_$/, ""),
        }),
      });
      if (!r.ok) throw asAuth(graphError(r));
      // the current API answers { data: [ {...} ] }; the older one answered the object itself
      const short = r.body?.data?.[0] ?? r.body;
      const long = await call(`${cfg.graphUrl}/access_token`, {
        token: short.access_token,
        params: { grant_type: "ig_exchange_token", client_secret: cfg.appSecret },
      }).catch((e) => Promise.reject(asAuth(e)));
      const me = await read(graphPath("me"), { token: long.access_token, params: { fields: "user_id,username,name" } });
      const permissions = short.permissions;
      return {
        ...tokenSet(long),
        scopes: Array.isArray(permissions)
          ? permissions
          : typeof permissions === "string"
            ? permissions.split(",")
            : SCOPES,
        externalId: String(me.user_id ?? short.user_id ?? me.id),
        handle: me.username,
        displayName: me.name ?? null,
      };
    },

    // a long-lived token is refreshed by itself; an expired or revoked one cannot be, nor one issued
    // less than a day ago (Instagram refuses those): a token that young which was refused is dead
    async refresh({ accessToken, expiresAt }) {
      if (expiresAt && expiresAt.getTime() - LONG_LIVED_MS + REFRESHABLE_AFTER_MS > Date.now()) {
        throw new PlatformError(
          "auth",
          "the Instagram token is less than a day old and cannot be refreshed: connect the account again",
        );
      }
      const r = await call(`${cfg.graphUrl}/refresh_access_token`, {
        token: accessToken,
        params: { grant_type: "ig_refresh_token" },
      }).catch((e) => Promise.reject(asAuth(e)));
      return tokenSet(r);
    },

    async prepare(req) {
      checkFormat(req);
      let containerId = (req.progress as IgProgress).containerId;
      if (containerId) {
        // a restarted worker continues with the saved container, unless it expired unpublished (24 h)
        if ((await waitProcessed(containerId, req.account, req.signal)) !== "EXPIRED") return;
      }
      for (let attempt = 0; ; attempt++) {
        try {
          containerId = await createContainers(req);
          // saved before polling: from now on reconcile can ask Instagram about this container
          await req.saveProgress({ ...req.progress, containerId });
          const state = await waitProcessed(containerId, req.account, req.signal);
          if (state === "EXPIRED")
            throw new PlatformError("unavailable", "the media container expired before it was ready");
          return;
        } catch (err) {
          // Instagram's fetch of our URL fails now and then ("Media download has failed", at creation or
          // while a video processes): a container never published changes nothing, so new ones are made
          const fetchFailed = err instanceof PlatformError && err.opts.platformCode === MEDIA_FETCH_FAILED_SUBCODE;
          if (!fetchFailed || attempt >= mediaFetchRetries || req.signal.aborted) throw err;
          await sleep(backoff.baseMs * 2 ** attempt, req.signal);
        }
      }
    },

    async send(req) {
      const containerId = (req.progress as IgProgress).containerId;
      if (!containerId) throw new Error("instagram send before prepare: no container in progress");
      const { account } = req;
      const { id } = await call<{ id: string }>(graphPath(`${account.externalId}/media_publish`), {
        method: "POST",
        token: account.accessToken,
        params: { creation_id: containerId },
        signal: req.signal,
        creates: true,
        timeoutMs: publishTimeoutMs,
        account,
      });
      // the post is out: nothing below may turn this into a failure (or a second attempt)
      const after = { token: account.accessToken, timeoutMs: 15_000 };
      const permalink = await read(graphPath(id), { ...after, params: { fields: "permalink" } }).then(
        (m) => (m?.permalink as string) ?? null,
        () => null,
      );
      const message = req.firstComment;
      const warning = !message
        ? null
        : instagramOptions(req).format === "story"
          ? "The story is published; stories take no comments, so its first comment was not added."
          : await addFirstComment(() =>
              call(graphPath(`${id}/comments`), { ...after, method: "POST", params: { message } }),
            );
      return { externalId: id, permalink, warning };
    },

    async reconcile(req): Promise<Reconciled> {
      const containerId = (req.progress as IgProgress).containerId;
      if (!containerId) return { state: "absent" };
      const { account } = req;
      let status: string;
      try {
        const r = await read(graphPath(containerId), { token: account.accessToken, params: { fields: "status_code" } });
        status = r?.status_code ?? "";
      } catch (err) {
        // Instagram refusing the question (unknown container) tells us nothing either way
        if (err instanceof PlatformError && err.kind === "rejected") return { state: "unknown" };
        throw err;
      }
      // never published: Instagram will publish this container at most once, so sending is safe
      if (status === "FINISHED" || status === "IN_PROGRESS" || status === "ERROR" || status === "EXPIRED")
        return { state: "absent" };
      if (status !== "PUBLISHED") return { state: "unknown" };
      if (instagramOptions(req).format === "story") return findStory(req);
      // published: find which media it became (same caption, made after the attempt started)
      const list = await read(graphPath(`${account.externalId}/media`), {
        token: account.accessToken,
        params: { fields: "id,caption,permalink,timestamp", limit: "25" },
      });
      const since = req.attemptStartedAt.getTime() - 60_000;
      const want = normalise(req.text);
      const hit = (
        (list?.data ?? []) as { id: string; caption?: string; permalink?: string; timestamp?: string }[]
      ).find((m) => normalise(m.caption ?? "") === want && Date.parse(m.timestamp ?? "") >= since);
      return hit
        ? { state: "published", result: { externalId: hit.id, permalink: hit.permalink ?? null } }
        : { state: "unknown" };
    },

    quota,

    async metrics(account, externalIds) {
      const out = new Map<string, Metrics>();
      await mapLimit(externalIds, 4, async (id) => {
        try {
          // stories have their own metrics, and none once they expire: ask what the media is first
          const kind = await read(graphPath(id), {
            token: account.accessToken,
            params: { fields: "media_product_type,timestamp" },
          });
          const story = kind?.media_product_type === "STORY";
          if (story && Date.now() - Date.parse(kind?.timestamp ?? "") > STORY_LIFE_MS) return;
          const r = await call(graphPath(`${id}/insights`), {
            token: account.accessToken,
            params: { metric: (story ? STORY_METRICS : METRICS).join(",") },
          });
          const m: Metrics = { views: 0, likes: 0, comments: 0, shares: 0, reach: 0 };
          for (const d of (r?.data ?? []) as {
            name: string;
            values?: { value?: number }[];
            total_value?: { value?: number };
          }[]) {
            // a story's replies are what comments are to a post
            const name = (d.name === "replies" ? "comments" : d.name) as keyof Metrics;
            if (name in m) m[name] = Number(d.total_value?.value ?? d.values?.[0]?.value ?? 0);
          }
          out.set(id, m);
        } catch (err) {
          // one deleted post must not hide the others' figures; a bad token or a limit stops all
          if (err instanceof PlatformError && err.kind === "rejected") return;
          throw err;
        }
      });
      return out;
    },

    async audience(account) {
      const { externalId: id, accessToken: token } = account;
      // demographics and online hours need 100 followers: below that Instagram refuses them, which is no failure
      const unless = <T>(p: Promise<T>, none: T) =>
        p.catch((e) => (e instanceof PlatformError && e.kind === "rejected" ? none : Promise.reject(e)));
      const insights = (params: Record<string, string>) => read(graphPath(`${id}/insights`), { token, params });
      const breakdown = (by: "city" | "age" | "gender") =>
        unless(
          insights({
            metric: "follower_demographics",
            period: "lifetime",
            metric_type: "total_value",
            breakdown: by,
          }).then((r) => demographicCounts(r, by)),
          [],
        );
      const now = Math.floor(Date.now() / 1000);
      const online = unless(
        insights({
          metric: "online_followers",
          period: "lifetime",
          since: String(now - 7 * 86_400),
          until: String(now),
        }).then(onlineKuwaitHours),
        [],
      );
      const [me, cities, ages, genders, activeHours] = await Promise.all([
        read(graphPath(id), { token, params: { fields: "followers_count" } }),
        breakdown("city"),
        breakdown("age"),
        breakdown("gender"),
        online,
      ]);
      return {
        followers: typeof me?.followers_count === "number" ? me.followers_count : null,
        cities,
        ages,
        genders,
        activeHours,
      };
    },
  };
}

/** The post's Instagram options; none: a feed post. */
function instagramOptions(req: PublishRequest): InstagramOptions {
  return (req.options as InstagramOptions | null | undefined) ?? { format: "feed" };
}

/**
 * The video and cover of a reel: format reel (the cover photo, when chosen, is one of the post's photos
 * and not an item of its own), or a feed post of one video, which Instagram publishes as a reel. Null:
 * not a reel.
 */
function reelParts(
  req: PublishRequest,
  o: InstagramOptions,
): { video: PublishMedia; cover: PublishMedia | null } | null {
  const coverId = o.format === "reel" ? o.reel?.coverMediaId?.toLowerCase() : undefined;
  const cover = coverId ? (req.media.find((m) => m.kind === "image" && m.id.toLowerCase() === coverId) ?? null) : null;
  const rest = req.media.filter((m) => m !== cover);
  if (rest.length !== 1 || rest[0].kind !== "video") return null;
  if (o.format === "reel" || o.format === "feed") return { video: rest[0], cover };
  return null;
}

function form(params: Record<string, string | undefined>): URLSearchParams {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) f.set(k, v);
  return f;
}

function tokenSet(t: { access_token: string; expires_in?: number }): TokenSet {
  return {
    accessToken: t.access_token,
    refreshToken: null,
    expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
  };
}

const normalise = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim();

/** During OAuth, any refusal means the person has to connect again. */
function asAuth(err: unknown): unknown {
  return err instanceof PlatformError && (err.kind === "rejected" || err.kind === "auth")
    ? new PlatformError("auth", err.platformMessage, err.opts)
    : err;
}

const GENDERS: Record<string, string> = { F: "female", M: "male", U: "unknown" };

/** follower_demographics: { data: [{ total_value: { breakdowns: [{ dimension_keys: ["city"], results: [{ dimension_values: ["Salmiya, Hawalli"], value }] }] } }] } */
function demographicCounts(r: any, by: "city" | "age" | "gender"): { key: string; count: number }[] {
  const out = new Map<string, number>();
  for (const d of r?.data ?? []) {
    if (d?.name !== "follower_demographics") continue;
    for (const b of d.total_value?.breakdowns ?? []) {
      const at = ((b?.dimension_keys ?? []) as string[]).indexOf(by);
      if (at < 0) continue;
      for (const x of b.results ?? []) {
        const raw = String(x?.dimension_values?.[at] ?? "");
        const key = by === "gender" ? (GENDERS[raw.toUpperCase()] ?? "unknown") : raw;
        if (key && typeof x.value === "number") out.set(key, (out.get(key) ?? 0) + x.value);
      }
    }
  }
  return [...out]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * online_followers: one { value: { "0": n, ..., "23": n }, end_time } per day, the hours counted in
 * Pacific time (Instagram's days end at midnight in California: end_time 07:00 UTC in summer, 08:00
 * in winter). Returns the average per Kuwait hour (UTC+3) over the days that have figures; [] without.
 */
export function onlineKuwaitHours(r: any): number[] {
  const metric = ((r?.data ?? []) as { name?: string; values?: { value?: unknown; end_time?: string }[] }[]).find(
    (d) => d?.name === "online_followers",
  );
  const sums: number[] = new Array(24).fill(0);
  let days = 0;
  for (const v of metric?.values ?? []) {
    const hours = Object.entries(v?.value && typeof v.value === "object" ? v.value : {}).filter(
      ([h, n]) => /^\d{1,2}$/.test(h) && Number(h) < 24 && typeof n === "number",
    );
    if (!hours.length) continue; // a day Instagram has no figures for yet: {}
    const end = Date.parse(v.end_time ?? "");
    // the offset in force during that day (its middle), so the switch to and from daylight saving is followed
    const shift = 3 - pacificOffsetHours(new Date((Number.isFinite(end) ? end : Date.now()) - 12 * 3_600_000));
    for (const [h, n] of hours) sums[(Number(h) + shift + 48) % 24] += n as number;
    days++;
  }
  return days ? sums.map((n) => Math.round(n / days)) : [];
}

/** America/Los_Angeles' offset from UTC at an instant: -7 (daylight saving) or -8. */
function pacificOffsetHours(at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /GMT([+-]\d+)/.exec(name);
  return m ? Number(m[1]) : -8;
}
