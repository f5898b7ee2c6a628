// Comments under a café's own Instagram posts, read and answered through the Instagram API with
// Instagram Login (graph.instagram.com): the comments edge of a media with its replies, a public
// reply, hiding, one Private Reply (a direct message to the commenter, within 7 days of the
// comment), and the comments webhook with its signature and subscription handshake
// (docs/architecture.md#the-rooms). Errors are the PlatformErrors meta-graph.ts maps Graph errors to;
// a permission the person did not grant comes back as "auth" whose platformCode names the scope.
import type { InstagramPermission } from "@sufra/schema";
import type { Config } from "../../config.ts";
import type { CommentEvent, GuestItem, GuestThreadEntry, InstagramGuests } from "../guests.ts";
import { fetchJson, withBackoff, withQuery, type HttpResult } from "../http.ts";
import { graphError, signedByMeta, subscriptionChallenge } from "../meta-graph.ts";
import { PlatformError, type AccountAccess } from "../types.ts";

export interface InstagramGuestsTuning {
  /** base delay of the backoff on calls that are safe to repeat */
  backoffMs?: number;
  /** comments asked for per page (Graph's default is 25) */
  pageSize?: number;
}

/**
 * Code 10 "This message is sent outside of allowed window": 2534022 is what graph.instagram.com
 * answers, 2018278 what Meta's Messenger error table lists for the same refusal.
 */
const PRIVATE_REPLY_WINDOW_SUBCODES: readonly number[] = [2534022, 2018278];
/** Code 100 "The comment is invalid for a private reply": its one private reply is used (or it cannot take one). */
const PRIVATE_REPLY_USED_SUBCODE = 2534025;

const COMMENTS: InstagramPermission = "instagram_business_manage_comments";
const MESSAGES: InstagramPermission = "instagram_business_manage_messages";
const REPLY_FIELDS = "id,text,timestamp,username,from";
const COMMENT_FIELDS = `id,text,timestamp,username,from,hidden,like_count,replies{${REPLY_FIELDS}}`;
/** a media with more comment pages than this is a loop, not a café's post */
const MAX_PAGES = 400;

/**
 * This server receives Instagram's webhooks: Meta signs them with the app secret and checks the callback
 * with the verify token (INSTAGRAM_APP_SECRET and INSTAGRAM_WEBHOOK_VERIFY_TOKEN).
 */
export const instagramWebhooksOn = (
  cfg: Pick<Config["platforms"]["instagram"], "appSecret" | "webhookVerifyToken">,
): boolean => Boolean(cfg.appSecret && cfg.webhookVerifyToken);

/** Why Instagram refused a Private Reply: too late, already used (or not possible), or something else (null). */
export function privateReplyRefusal(err: unknown): "window" | "used" | null {
  if (!(err instanceof PlatformError) || err.kind !== "rejected") return null;
  const code = Number(err.opts.platformCode);
  if (PRIVATE_REPLY_WINDOW_SUBCODES.includes(code)) return "window";
  return code === PRIVATE_REPLY_USED_SUBCODE ? "used" : null;
}

/** The scope a refused call lacked, when the refusal was a missing permission. */
export function missingInstagramPermission(err: unknown): InstagramPermission | null {
  if (!(err instanceof PlatformError) || err.kind !== "auth") return null;
  const code = err.opts.platformCode;
  return typeof code === "string" && code.startsWith("instagram_business_") ? (code as InstagramPermission) : null;
}

interface RawUser {
  id?: unknown;
  username?: unknown;
}
interface RawComment {
  id?: unknown;
  text?: unknown;
  timestamp?: unknown;
  username?: unknown;
  from?: RawUser;
  hidden?: unknown;
  replies?: RawPage<RawComment>;
}
interface RawPage<T> {
  data?: T[];
  paging?: { cursors?: { after?: unknown }; next?: unknown };
}

export function createInstagramGuests(
  cfg: Config["platforms"]["instagram"],
  tune: InstagramGuestsTuning = {},
): InstagramGuests {
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const pageSize = String(tune.pageSize ?? 50);
  const graphPath = (path: string) => `${cfg.graphUrl}/${cfg.graphVersion}/${path}`;

  /**
   * One Graph call. A refusal for a missing permission names the scope this call needs (Graph's own
   * message says only "Application does not have permission for this action"); code 3, "does not
   * have the capability", is the app's access level (App Review), which no reconnecting changes.
   */
  async function call<T = any>(
    method: "GET" | "POST",
    path: string,
    o: {
      token: string;
      needs: InstagramPermission;
      params?: Record<string, string | undefined>;
      json?: unknown;
      creates?: boolean;
    },
  ): Promise<T> {
    let r: HttpResult;
    if (method === "GET") {
      r = await fetchJson(withQuery(graphPath(path), { ...o.params, access_token: o.token }), { timeoutMs: 15_000 });
    } else if (o.json !== undefined) {
      // the messaging API takes JSON with the token as a bearer (Private Replies guide)
      r = await fetchJson(withQuery(graphPath(path), o.params ?? {}), {
        method: "POST",
        json: o.json,
        headers: { authorization: `Bearer ${o.token}` },
        creates: o.creates,
        timeoutMs: 30_000,
      });
    } else {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...o.params, access_token: o.token })) if (v !== undefined) body.set(k, v);
      r = await fetchJson(graphPath(path), { method: "POST", body, creates: o.creates, timeoutMs: 30_000 });
    }
    if (r.ok) return r.body as T;
    const err = graphError(r);
    const code = r.body?.error?.code;
    const subcode = r.body?.error?.error_subcode;
    // Messenger's wording of the closed window speaks of a "News Messaging permission": still a refusal of this comment
    if (PRIVATE_REPLY_WINDOW_SUBCODES.includes(subcode))
      return Promise.reject(new PlatformError("rejected", err.platformMessage, { ...err.opts, platformCode: subcode }));
    if (err.kind === "auth" && code !== 190 && r.status !== 401) {
      return Promise.reject(
        new PlatformError(
          "auth",
          `Instagram has not granted ${o.needs}: connect the account again and allow it (${err.platformMessage})`,
          { ...err.opts, platformCode: o.needs },
        ),
      );
    }
    if (code === 3) return Promise.reject(new PlatformError("plan", err.platformMessage, err.opts));
    throw err;
  }
  const read = <T = any>(path: string, o: Parameters<typeof call>[2]) =>
    withBackoff(() => call<T>("GET", path, o), backoff);

  /** Every page of an edge, following paging.cursors.after while Instagram says there is a next page. */
  async function allPages<T>(
    path: string,
    token: string,
    params: Record<string, string>,
    first?: RawPage<T>,
  ): Promise<T[]> {
    const out: T[] = [];
    let page: RawPage<T> | undefined = first;
    const seen = new Set<string>();
    for (let n = 0; n < MAX_PAGES; n++) {
      if (!page) page = await read<RawPage<T>>(path, { token, needs: COMMENTS, params });
      out.push(...(page.data ?? []));
      const after = page.paging?.next ? page.paging.cursors?.after : undefined;
      if (typeof after !== "string" || !after || seen.has(after)) break;
      seen.add(after);
      params = { ...params, after };
      page = undefined;
    }
    return out;
  }

  return {
    async comments(account, mediaId) {
      const token = account.accessToken;
      const top = await allPages<RawComment>(`${mediaId}/comments`, token, { fields: COMMENT_FIELDS, limit: pageSize });
      const items: GuestItem[] = [];
      for (const c of top) {
        const id = str(c.id);
        // the business's own comments (a first comment under its post) are nobody's guest item
        if (!id || byBusiness(c, account)) continue;
        // the nested edge carries its first page only: the rest comes from the comment's replies edge
        const replies = c.replies?.paging?.next
          ? await allPages<RawComment>(`${id}/replies`, token, { fields: REPLY_FIELDS, limit: pageSize }, c.replies)
          : (c.replies?.data ?? []);
        const thread: GuestThreadEntry[] = replies
          .map((x) => ({
            author: str(x.username),
            text: str(x.text),
            at: igTime(x.timestamp),
            fromBusiness: byBusiness(x, account),
          }))
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        const writtenAt = igTime(c.timestamp);
        const ours = thread.filter((t) => t.fromBusiness);
        const last = ours[ours.length - 1];
        const latest = thread.reduce((at, t) => (t.at > at ? t.at : at), writtenAt);
        items.push({
          kind: "comment",
          externalId: id,
          author: str(c.username),
          rating: null,
          text: str(c.text),
          writtenAt,
          updatedAt: latest,
          reply: last ? { text: last.text, at: last.at } : null,
          mediaExternalId: mediaId,
          hidden: c.hidden === true,
          permalink: null,
          thread,
        });
      }
      return items;
    },

    async reply(account, commentId, text) {
      const r = await call<{ id?: unknown }>("POST", `${commentId}/replies`, {
        token: account.accessToken,
        needs: COMMENTS,
        params: { message: text },
        creates: true,
      });
      return { id: str(r?.id) };
    },

    async hide(account, commentId, hidden) {
      // setting the same state twice changes nothing: safe to repeat after a lost answer
      await withBackoff(
        () =>
          call("POST", commentId, {
            token: account.accessToken,
            needs: COMMENTS,
            params: { hide: hidden ? "true" : "false" },
          }),
        backoff,
      );
    },

    async privateReply(account, commentId, text) {
      const r = await call<{ message_id?: unknown }>("POST", `${account.externalId}/messages`, {
        token: account.accessToken,
        needs: MESSAGES,
        json: { recipient: { comment_id: commentId }, message: { text } },
        creates: true,
      });
      return { messageId: str(r?.message_id) };
    },

    async subscribeComments(account) {
      // Instagram Login: graph.instagram.com with the account's own token; comments need
      // instagram_business_manage_comments (Webhooks: fields and permissions). Subscribing again is harmless.
      const r = await withBackoff(
        () =>
          call<{ success?: unknown }>("POST", `${account.externalId}/subscribed_apps`, {
            token: account.accessToken,
            needs: COMMENTS,
            params: { subscribed_fields: "comments" },
          }),
        backoff,
      );
      if (r?.success !== true && r?.success !== "true")
        throw new PlatformError("unavailable", "Instagram did not confirm the comments subscription");
    },

    readWebhook(rawBody, signature) {
      if (!signedByMeta(cfg.appSecret, rawBody, signature)) return null;
      let body: any;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return [];
      }
      if (body?.object !== "instagram" || !Array.isArray(body.entry)) return [];
      const events: CommentEvent[] = [];
      for (const entry of body.entry) {
        const igUserId = str(entry?.id);
        // entry.time is in seconds; accept milliseconds too
        const t = Number(entry?.time);
        const at = Number.isFinite(t) && t > 0 ? new Date(t < 1e12 ? t * 1000 : t) : new Date();
        for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
          if (change?.field !== "comments") continue;
          const v = change.value ?? {};
          const commentId = str(v.id);
          if (!igUserId || !commentId) continue;
          events.push({
            igUserId,
            commentId,
            // Instagram may leave out the media (comments on some albums): "" then, ask the comment
            mediaId: str(v.media?.id),
            author: str(v.from?.username),
            fromBusiness: str(v.from?.id) === igUserId,
            text: str(v.text),
            parentId: v.parent_id ? str(v.parent_id) : null,
            at,
          });
        }
      }
      return events;
    },

    verifySubscription: (query) => subscriptionChallenge(cfg.webhookVerifyToken, query as Record<string, unknown>),
  };
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** Written by the business's own account: its id (or, when Instagram leaves out `from`, its username). */
function byBusiness(c: RawComment, account: AccountAccess): boolean {
  const fromId = str(c.from?.id);
  if (fromId && fromId === account.externalId) return true;
  const name = str(c.username) || str(c.from?.username);
  return !!name && name.toLowerCase() === account.handle.toLowerCase();
}

/** Instagram's timestamps: 2024-05-01T10:00:00+0000 (the offset without a colon). */
function igTime(v: unknown): Date {
  const s = str(v).replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : new Date(0);
}
