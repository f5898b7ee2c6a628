// The posts service's reads (posts.service.ts): a post, a page of posts, the calendar's range, a post
// as an event's subscribers see it, and the composer's live preview. Every read is scoped to the caller's
// business, taken from the viewer, never from the input.
import {
  accountPostsLong,
  postCampaignFieldsSchema,
  postUpdateSchema,
  postsQuerySchema,
  previewPost,
  tiktokGoesToInbox,
  type PlatformName,
} from "@sufra/schema";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";
import { only, type Events } from "../../kernel/pubsub.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { PostsDeps } from "./posts.deps.ts";
import { inTransaction, postCountOf, readPost, readPosts, type PostRecord } from "./posts.read.ts";

export function createPostQueries(deps: PostsDeps) {
  const { db, pubsub, pooled } = deps;
  // each post.changed event's read, while someone holds the event (docs/architecture.md#how-a-request-flows, Events)
  const byEvent = new WeakMap<object, Promise<PostRecord | null>>();

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** Another business's post, or none: NOT_FOUND through every door (no hint that it exists). */
  async function own(businessId: string, id: unknown, tx: Tx | typeof db = db): Promise<PostRecord> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const post = await readPost(tx === db ? pooled : inTransaction(tx), businessId, id);
    if (!post) throw new AppError("NOT_FOUND");
    return post;
  }

  /** Whether the business's X account may post long posts (verified: X_LONG_POST_LENGTH); read only when X is chosen. */
  async function xLongPosts(
    q: Tx | typeof db,
    businessId: string,
    platforms: readonly PlatformName[] | undefined,
  ): Promise<boolean> {
    if (!platforms?.includes("twitter")) return false;
    const x = await q.platformAccount.findFirst({
      where: { businessId, platform: "twitter" },
      select: { platform: true, longPosts: true },
    });
    return !!x && accountPostsLong(x);
  }

  /**
   * Whether the business's TikTok posts go to the creator's TikTok inbox (this server's app may not post
   * directly: TIKTOK_DIRECT_POST), where the person picks who can watch in TikTok. Practice and demo
   * accounts publish on the simulated network, as a direct post would.
   */
  async function tiktokInbox(
    q: Tx | typeof db,
    businessId: string,
    platforms: readonly PlatformName[] | undefined,
  ): Promise<boolean> {
    if (!platforms?.includes("tiktok") || deps.config.platforms.tiktok.directPost) return false;
    const account = await q.platformAccount.findFirst({
      where: { businessId, platform: "tiktok" },
      select: { demo: true },
    });
    return !!account && tiktokGoesToInbox({ directPost: deps.config.platforms.tiktok.directPost, demo: account.demo });
  }

  /**
   * Filtered posts of the business, newest due first; `skip` overrides the page (Relay cursors). One
   * statement: the total comes from a window over the same scan, and only when `count` is not false
   * (a GraphQL page without totalCount); without it, `hasNextPage` says whether a row follows the page.
   */
  async function list(
    viewer: Viewer | null,
    input: unknown,
    opts: { drafts?: boolean; skip?: number; count?: boolean } = {},
  ) {
    const { businessId } = business(viewer);
    const q = validate(postsQuerySchema, input ?? {});
    const statuses = opts.drafts ? ["draft"] : q.status;
    // a post's date is when it is (or was) due, else when it was written; the same filters as Prisma's
    // contains (ILIKE, its wildcards live) and has, so both doors answer as they always did
    const within = (col: Prisma.Sql) =>
      Prisma.join(
        [
          ...(q.from ? [Prisma.sql`${col} >= ${q.from}::timestamptz`] : []),
          ...(q.to ? [Prisma.sql`${col} <= ${q.to}::timestamptz`] : []),
        ],
        " and ",
      );
    const where = Prisma.join(
      [
        Prisma.sql`p.business_id = ${businessId}::uuid`,
        ...(statuses?.length ? [Prisma.sql`p.status = any(${statuses}::"PostStatus"[])`] : []),
        ...(q.approval?.length ? [Prisma.sql`p.approval = any(${q.approval}::"PostApproval"[])`] : []),
        ...(q.platform
          ? [
              Prisma.sql`exists (select 1 from post_targets pt where pt.post_id = p.id and pt.platform = ${q.platform}::"Platform")`,
            ]
          : []),
        ...(q.from || q.to
          ? [
              Prisma.sql`((${within(Prisma.sql`p.scheduled_for`)}) or (p.scheduled_for is null and ${within(Prisma.sql`p.created_at`)}))`,
            ]
          : []),
        ...(q.search
          ? [
              Prisma.sql`(p.content ilike ${`%${q.search}%`} or p.hashtags @> array[${q.search.replace(/^#/, "")}]::text[])`,
            ]
          : []),
      ],
      " and ",
    );
    const skip = opts.skip ?? (q.page - 1) * q.limit;
    const count = opts.count !== false;
    // nothing filtered: the total is the business's counter, not a count of its whole history
    const filtered = statuses?.length || q.approval?.length || q.platform || q.from || q.to || q.search;
    const r = await readPosts(pooled, {
      where,
      orderBy: Prisma.sql`p.scheduled_for desc nulls first, p.created_at desc, p.id asc`,
      skip,
      take: count ? q.limit : q.limit + 1,
      count: count && (filtered ? true : postCountOf(businessId)),
    });
    const items = count ? r.items : r.items.slice(0, q.limit);
    return {
      items,
      total: r.total,
      hasNextPage: count ? skip + items.length < r.total! : r.items.length > q.limit,
      page: q.page,
      limit: q.limit,
      skip,
    };
  }

  /** Every post due, published or written within [from, to]: the calendar's month, week or day; of one campaign when `campaignId` is given. */
  async function calendar(viewer: Viewer | null, input: { from: unknown; to: unknown; campaignId?: unknown }) {
    const { businessId } = business(viewer);
    const q = validate(postsQuerySchema, { from: input.from, to: input.to });
    // a campaign that is not the business's simply has no posts here
    const { campaignId } = validate(postCampaignFieldsSchema, { campaignId: input.campaignId });
    if (!q.from || !q.to) throw new AppError("VALIDATION_ERROR", { from: ["dateRangeInvalid"] });
    if (q.to.getTime() - q.from.getTime() > 62 * 86_400_000)
      throw new AppError("VALIDATION_ERROR", { to: ["dateRangeInvalid"] });
    const where = Prisma.sql`p.business_id = ${businessId}::uuid ${campaignId ? Prisma.sql`and p.campaign_id = ${campaignId}::uuid` : Prisma.empty}
      and ((p.scheduled_for >= ${q.from}::timestamptz and p.scheduled_for <= ${q.to}::timestamptz)
        or (p.scheduled_for is null and p.published_at >= ${q.from}::timestamptz and p.published_at <= ${q.to}::timestamptz))`;
    return (await readPosts(pooled, { where, orderBy: Prisma.sql`p.scheduled_for asc, p.id asc`, take: 1000 })).items;
  }

  return {
    business,
    own,
    xLongPosts,
    tiktokInbox,
    list,
    calendar,
    get: async (viewer: Viewer | null, id: unknown) => own(business(viewer).businessId, id),

    /**
     * The post of a `post.changed` event, as its subscriber sees it (null once deleted): read once per event
     * and shared by every subscriber, since the pub/sub hands each of them the same event object
     * (docs/architecture.md#how-a-request-flows, Events). Tenancy per subscriber: another business's event
     * is NOT_FOUND, and the read is scoped to the event's business, which is then the caller's.
     */
    forEvent(viewer: Viewer | null, event: Events["post.changed"]): Promise<PostRecord | null> {
      const { businessId } = business(viewer);
      if (event.businessId !== businessId) return Promise.reject(new AppError("NOT_FOUND"));
      let read = byEvent.get(event);
      if (!read) {
        read = own(businessId, event.postId).catch((e) =>
          e instanceof AppError && e.code === "NOT_FOUND" ? null : Promise.reject(e),
        );
        byEvent.set(event, read);
      }
      return read;
    },

    /** Status changes of the caller's business's posts, from any server process. */
    subscribe(viewer: Viewer | null) {
      const { businessId } = business(viewer);
      return only(pubsub.subscribe("post.changed"), (e) => e.businessId === businessId);
    },

    /** What each chosen network will show, with its counts, warnings and errors (the composer's live preview). */
    async preview(viewer: Viewer | null, input: unknown) {
      const { businessId } = business(viewer);
      const body = (input ?? {}) as Record<string, unknown>;
      const data = validate(postUpdateSchema, {
        content: body.content ?? "",
        hashtags: body.hashtags,
        firstComment: body.firstComment,
        platforms: body.platforms,
        mediaIds: body.mediaIds,
      });
      const files = data.mediaIds?.length
        ? await db.media.findMany({ where: { businessId, id: { in: data.mediaIds } } })
        : [];
      if (files.length !== (data.mediaIds?.length ?? 0))
        throw new AppError("VALIDATION_ERROR", { mediaIds: ["mediaNotFound"] });
      // Snapchat is posted by hand only where Snap's Public Profile API has no credentials here (platforms/snapchat.ts)
      const snap = deps.config.platforms.snapchat;
      const assisted: PlatformName[] = snap.clientId && snap.clientSecret ? [] : ["snapchat"];
      return previewPost({
        content: data.content ?? "",
        hashtags: data.hashtags ?? [],
        firstComment: data.firstComment,
        platforms: data.platforms ?? [],
        media: files,
        google: body.googleOptions,
        network: body.networkOptions,
        xLongPosts: await xLongPosts(db, businessId, data.platforms),
        tiktokInbox: await tiktokInbox(db, businessId, data.platforms),
        assisted,
      });
    },
  };
}
export type PostQueries = ReturnType<typeof createPostQueries>;
