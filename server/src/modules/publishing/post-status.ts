// A post's status follows from its targets' (one per network). Pure, so both the publisher and
// people's actions (confirm, retry) agree on it.
import type { Db } from "../../db/prisma.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { PostStatus, TargetStatus } from "../../generated/prisma/enums.ts";

export interface TargetState {
  status: TargetStatus;
  attempts: number;
  errorCode: string | null;
}

const FINAL: readonly PostStatus[] = ["published", "partially_published", "failed", "unconfirmed"];

export function postStatusFrom(targets: TargetState[], current: PostStatus): PostStatus {
  const live = targets.filter((t) => t.status !== "cancelled");
  if (!live.length) return current;
  if (live.some((t) => t.status === "publishing" || t.status === "awaiting_manual")) return "publishing";
  const pending = live.filter((t) => t.status === "pending");
  if (pending.length) {
    // a target that was tried, or waits (rate limit, reconnect), means publishing has begun
    const begun = pending.some((t) => t.attempts > 0 || t.errorCode) || live.some((t) => t.status !== "pending");
    if (begun || FINAL.includes(current) || current === "publishing") return "publishing";
    return current;
  }
  const published = live.filter((t) => t.status === "published").length;
  if (published === live.length) return "published";
  if (live.some((t) => t.status === "unconfirmed")) return "unconfirmed";
  return published > 0 ? "partially_published" : "failed";
}

/**
 * Posts whose status differs from the one `postStatusFrom` gives their targets, among the posts that
 * changed (or whose targets changed) since `since`: the same rule, written in SQL (tests hold the two
 * to the same cases). Only a finder: each is then re-derived by the rule above under the post's lock,
 * so a post whose targets change meanwhile is never set from a stale reading. Reading only what
 * changed keeps the pass proportional to recent work, not to history (the `updated_at` indexes;
 * docs/scaling.md#background-jobs-at-scale).
 */
function postsOutOfStepSql(since: Date) {
  return Prisma.sql`
    with changed as (
      select post_id as id from post_targets where updated_at >= ${since}
      union
      select id from posts where updated_at >= ${since}
    ), t as (
      select post_id,
        count(*) filter (where status <> 'cancelled') as live,
        count(*) filter (where status in ('publishing', 'awaiting_manual')) as busy,
        count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'pending' and (attempts > 0 or error_code is not null)) as pending_begun,
        count(*) filter (where status not in ('cancelled', 'pending')) as moved,
        count(*) filter (where status = 'published') as published,
        count(*) filter (where status = 'unconfirmed') as unconfirmed,
        min(published_at) as first_published
      from post_targets where post_id in (select id from changed) group by post_id
    ), d as (
      select p.id, p.status::text as status, p.published_at, t.first_published,
        case
          when t.live = 0 then p.status::text
          when t.busy > 0 then 'publishing'
          when t.pending > 0 then
            case when t.pending_begun > 0 or t.moved > 0 or p.status in ('published', 'partially_published', 'failed', 'unconfirmed', 'publishing') then 'publishing' else p.status::text end
          when t.published = t.live then 'published'
          when t.unconfirmed > 0 then 'unconfirmed'
          when t.published > 0 then 'partially_published'
          else 'failed'
        end as derived
      from posts p join t on t.post_id = p.id
    )
    select id::text from d where derived <> status or published_at is distinct from first_published`;
}

export async function postsOutOfStep(db: Pick<Db, "$queryRaw">, since: Date): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>(postsOutOfStepSql(since));
  return rows.map((r) => r.id);
}
