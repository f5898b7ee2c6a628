// A post's status follows its targets (publishing.service.ts): every change of a target's status and its
// post's status are written in one transaction, the post row locked first, and announced after the commit
// (analytics' days, webhook deliveries, the events screens listen to). Every other part of the service
// changes targets through here.
import { assertPostTransition, assertTargetTransition, kuwaitDate, TARGET_STATUSES } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import { groupCommit } from "../../jobs/group-commit.ts";
import { publishIn, type Events } from "../../kernel/pubsub.ts";
import type { PostStatus, Prisma, TargetStatus } from "../../generated/prisma/client.ts";
import type { PublishingDeps } from "./publishing.deps.ts";
import { postStatusFrom, type TargetState } from "./post-status.ts";

const TARGET_STATE = { status: true, attempts: true, errorCode: true, publishedAt: true } as const;

/** The statuses a target matching a `where` on status may be in: the one named, those listed, or any. */
function statusesOf(where: Prisma.PostTargetWhereInput["status"]): readonly TargetStatus[] {
  if (typeof where === "string") return [where];
  if (where && Array.isArray(where.in)) return where.in;
  return TARGET_STATUSES;
}

/** A post's new status that is a webhook event (docs/product.md#webhooks); a partly published post is published. */
const POST_EVENTS: Partial<
  Record<PostStatus, "post.scheduled" | "post.published" | "post.failed" | "post.unconfirmed">
> = {
  scheduled: "post.scheduled",
  published: "post.published",
  partially_published: "post.published",
  failed: "post.failed",
  unconfirmed: "post.unconfirmed",
};

export interface Synced {
  businessId: string;
  status: PostStatus;
  was: PostStatus;
  changed: boolean;
  /** Kuwait days of the post's published targets: analytics' daily rows count them */
  days: string[];
  /** webhook deliveries recorded with the change, queued after the commit */
  deliveries: string[];
}

/** The status (and first publication time) a post's targets give it; throws on a move the machine refuses. */
function derive(
  post: { status: PostStatus; publishedAt: Date | null; targets: (TargetState & { publishedAt: Date | null })[] },
  repair: boolean,
) {
  const days = post.targets.flatMap((t) =>
    t.status === "published" && t.publishedAt ? [kuwaitDate(t.publishedAt)] : [],
  );
  const status = postStatusFrom(post.targets, post.status);
  const firstPublished =
    post.targets
      .map((t) => t.publishedAt)
      .filter((d): d is Date => !!d)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  const changed =
    status !== post.status || (post.publishedAt?.getTime() ?? null) !== (firstPublished?.getTime() ?? null);
  if (status !== post.status && !repair) assertPostTransition(post.status, status);
  return { days, status, firstPublished, changed };
}

type Event = { [T in "post.changed" | "stats.changed"]: { topic: T; payload: Events[T] } }[
  "post.changed" | "stats.changed"];

export function createPostStatus({ db, pubsub, analytics, webhooks }: PublishingDeps) {
  /**
   * Writes the status (and first publication time) that the post's targets give, inside the caller's
   * transaction. The post row is locked first: two targets of one post finishing at once take turns,
   * and the second sees the first. The move must be in POST_TRANSITIONS, unless this is a `repair`:
   * setting right a post its targets already contradict is not a step of the machine.
   */
  async function syncPost(tx: Tx, postId: string, repair = false): Promise<Synced | null> {
    await tx.$queryRaw`select id from posts where id = ${postId}::uuid for update`;
    const post = await tx.post.findUnique({ where: { id: postId }, include: { targets: { select: TARGET_STATE } } });
    if (!post) return null;
    const d = derive(post, repair);
    if (d.changed)
      await tx.post.update({ where: { id: postId }, data: { status: d.status, publishedAt: d.firstPublished } });
    return recordEvent(tx, post, d);
  }

  /**
   * `syncPost` for many posts at once, which the caller's transaction has locked (in id order): one
   * read of them all and one update of those that change, the same rule for each.
   */
  async function syncPosts(tx: Tx, postIds: string[]): Promise<Map<string, Synced>> {
    const posts = postIds.length
      ? await tx.post.findMany({ where: { id: { in: postIds } }, include: { targets: { select: TARGET_STATE } } })
      : [];
    const derived = posts.map((post) => ({ post, d: derive(post, false) }));
    const changed = derived.filter((x) => x.d.changed);
    if (changed.length) {
      const ids = changed.map((x) => x.post.id);
      const statuses = changed.map((x) => x.d.status);
      const firsts = changed.map((x) => x.d.firstPublished);
      await tx.$executeRaw`update posts p set status = x.status::"PostStatus", published_at = x.first, updated_at = now()
        from unnest(${ids}::uuid[], ${statuses}::text[], ${firsts}::timestamptz[]) as x(id, status, first) where p.id = x.id`;
    }
    const out = new Map<string, Synced>();
    for (const { post, d } of derived) out.set(post.id, await recordEvent(tx, post, d));
    return out;
  }

  /** The webhook event of a post's new status, recorded in the same transaction. */
  async function recordEvent(
    tx: Tx,
    post: { id: string; businessId: string; status: PostStatus },
    d: ReturnType<typeof derive>,
  ): Promise<Synced> {
    const event = d.status !== post.status ? POST_EVENTS[d.status] : undefined;
    const deliveries = event ? await webhooks.record(tx, post.businessId, { type: event, postId: post.id }) : [];
    return {
      businessId: post.businessId,
      status: d.status,
      was: post.status,
      changed: d.changed,
      days: d.days,
      deliveries,
    };
  }

  /** Events of many posts changing at once go out together, in one transaction (delivered at its commit, in order). */
  const notify = groupCommit<Event, void>(async (asked) => {
    // the same event twice in one transaction is delivered once (Postgres folds them): sent once
    const events = [...new Map(asked.map((e) => [JSON.stringify(e), e])).values()];
    // a few go out one by one, in order (a transaction costs more round trips than it saves)
    if (events.length <= 3) for (const e of events) await pubsub.publish(e.topic, e.payload as never);
    else
      await db.$transaction(async (tx) => {
        for (const e of events) await publishIn(tx, e.topic, e.payload as never);
      });
    return asked.map(() => undefined);
  });

  /** After the commit: analytics' daily rows, and the events screens listen to. */
  async function announce(postId: string, s: Synced) {
    if (s.days.length) await analytics.refreshDays(s.businessId, s.days);
    await webhooks.dispatch(s.deliveries);
    if (!s.changed) return;
    const events: Promise<void>[] = [
      notify({ topic: "post.changed", payload: { businessId: s.businessId, postId, status: s.status } }),
    ];
    if (s.status === "published" || s.status === "partially_published" || s.was === "published")
      events.push(notify({ topic: "stats.changed", payload: { reason: "post.published" } }));
    await Promise.all(events);
  }

  /**
   * Every change of a target's status goes through here: the target (if it still matches `where`) and
   * its post's status change in one transaction, so neither a crash between the two nor a sibling
   * target finishing at the same moment can leave the post behind its targets. `also` writes more in
   * the same transaction (an audit row). False when the target no longer matched.
   */
  async function changeTarget(
    target: { id: string; postId: string },
    where: Prisma.PostTargetWhereInput,
    data: Prisma.PostTargetUpdateManyMutationInput,
    also?: (tx: Tx) => Promise<unknown>,
  ) {
    // every status `where` admits must be allowed to become the new one (TARGET_TRANSITIONS)
    const to = typeof data.status === "object" ? data.status.set : data.status;
    if (to) assertTargetTransition(statusesOf(where.status), to);
    const synced = await db.$transaction(async (tx) => {
      // the post first, as every other writer of the post and its targets does
      await tx.$queryRaw`select id from posts where id = ${target.postId}::uuid for update`;
      const { count } = await tx.postTarget.updateMany({
        where: { ...where, id: target.id, postId: target.postId },
        data,
      });
      if (!count) return null;
      await also?.(tx);
      return syncPost(tx, target.postId);
    });
    if (!synced) return false;
    await announce(target.postId, synced);
    return true;
  }

  /** Re-derives one post's status in its own transaction (a repair: any status its targets give). */
  async function refreshPost(postId: string) {
    const synced = await db.$transaction((tx) => syncPost(tx, postId, true));
    if (synced) await announce(postId, synced);
    return synced?.changed ? synced : null;
  }

  return { syncPost, syncPosts, announce, changeTarget, refreshPost };
}
export type PostStatusPart = ReturnType<typeof createPostStatus>;
