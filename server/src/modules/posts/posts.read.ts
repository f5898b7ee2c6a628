// Posts read in one statement: a page of posts with their targets (and accounts), media, author and
// campaign, aggregated as JSON by PostgreSQL, in the exact shape of Prisma's `include: postInclude`
// (PostRecord). Prisma's own include sends one statement per relation level (about 8 for a page); the
// posts list, a post, and the calendar are the studio's busiest reads (docs/architecture.md#how-a-request-flows).
// A column added to these tables must be added here too: tests/posts-statements.test.ts compares this
// read with Prisma's include, field by field.
import type pg from "pg";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";

/** A post as every door answers it: Prisma's include, which the statements below build in one read. */
export const postInclude = {
  targets: {
    include: {
      account: { select: { id: true, handle: true, displayName: true, demo: true, status: true, platform: true } },
    },
    orderBy: { platform: "asc" },
  },
  media: { orderBy: { position: "asc" }, include: { media: true } },
  author: { select: { id: true, name: true } },
  // the calendar and the composer show the post's campaign, and whether the post is outside its days
  campaign: { select: { id: true, name: true, startDate: true, endDate: true } },
} as const satisfies Prisma.PostInclude;
export type PostRecord = Prisma.PostGetPayload<{ include: typeof postInclude }>;

/** Where the statement runs: a transaction (Prisma's), or the pg pool for a read on its own. */
export type Reader = (sql: Prisma.Sql) => Promise<Record<string, unknown>[]>;
export const inTransaction =
  (tx: Pick<Tx, "$queryRaw">): Reader =>
  (sql) =>
    tx.$queryRaw<Record<string, unknown>[]>(sql);
// pg straight: Prisma's raw-query path costs about a third more CPU than the statement's own rows
export const onPool =
  (pool: Pick<pg.Pool, "query">): Reader =>
  async (sql) =>
    (await pool.query(sql.text, sql.values)).rows;

const targetJson = Prisma.sql`json_build_object(
  'id', t.id, 'postId', t.post_id, 'accountId', t.account_id, 'platform', t.platform, 'status', t.status, 'dueAt', t.due_at,
  'attemptKey', t.attempt_key, 'attemptStep', t.attempt_step, 'attemptStartedAt', t.attempt_started_at, 'leaseUntil', t.lease_until,
  'attempts', t.attempts, 'progress', t.progress, 'externalId', t.external_id, 'permalink', t.permalink, 'errorCode', t.error_code,
  'errorMessage', t.error_message, 'publishedAt', t.published_at, 'views', t.views, 'likes', t.likes, 'comments', t.comments,
  'shares', t.shares, 'reach', t.reach, 'metricsAt', t.metrics_at, 'metricsSimulated', t.metrics_simulated,
  'createdAt', t.created_at, 'updatedAt', t.updated_at,
  'account', json_build_object('id', a.id, 'handle', a.handle, 'displayName', a.display_name, 'demo', a.demo, 'status', a.status, 'platform', a.platform))`;

const mediaJson = Prisma.sql`json_build_object(
  'postId', pm.post_id, 'mediaId', pm.media_id, 'position', pm.position,
  'media', json_build_object('id', m.id, 'businessId', m.business_id, 'uploaderId', m.uploader_id, 'kind', m.kind, 'mime', m.mime,
    'bytes', m.bytes, 'width', m.width, 'height', m.height, 'durationMs', m.duration_ms, 'originalName', m.original_name,
    'storageKey', m.storage_key, 'variants', m.variants, 'sourceId', m.source_id, 'menuItemId', m.menu_item_id, 'createdAt', m.created_at))`;

/** The relations of each post of `page` (an alias `p` over posts' columns), as JSON columns. */
const relations = Prisma.sql`
  (select coalesce(json_agg(${targetJson} order by t.platform), '[]'::json)
     from post_targets t join platform_accounts a on a.id = t.account_id where t.post_id = p.id) as "targets",
  (select coalesce(json_agg(${mediaJson} order by pm.position), '[]'::json)
     from post_media pm join media m on m.id = pm.media_id where pm.post_id = p.id) as "media",
  (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = p.author_id) as "author",
  (select json_build_object('id', c.id, 'name', c.name, 'startDate', c.start_date, 'endDate', c.end_date) from campaigns c where c.id = p.campaign_id) as "campaign"`;

const postColumns = Prisma.sql`p.id, p.business_id as "businessId", p.author_id as "authorId", p.status::text as "status", p.content, p.hashtags,
  p.first_comment as "firstComment", p.scheduled_for as "scheduledFor", p.published_at as "publishedAt", p.occasion,
  p.campaign_id as "campaignId", p.google_options as "googleOptions", p.network_options as "networkOptions",
  p.approval::text as "approval", p.revision, p.created_at as "createdAt", p.updated_at as "updatedAt"`;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const jsonOf = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

type Row = Record<string, unknown> & { total?: number };

/** A row as Prisma's include answers it: JSON's timestamps back to Dates. */
function record(r: Row): PostRecord {
  const { total: _total, targets, media, author, campaign, ...post } = r;
  const c = jsonOf(campaign) as Record<string, unknown> | null;
  return {
    ...(post as object),
    scheduledFor: date(post.scheduledFor),
    publishedAt: date(post.publishedAt),
    createdAt: date(post.createdAt),
    updatedAt: date(post.updatedAt),
    googleOptions: jsonOf(post.googleOptions) ?? null,
    networkOptions: jsonOf(post.networkOptions) ?? null,
    targets: (jsonOf(targets) as Record<string, unknown>[]).map((t) => ({
      ...t,
      dueAt: date(t.dueAt),
      attemptStartedAt: date(t.attemptStartedAt),
      leaseUntil: date(t.leaseUntil),
      publishedAt: date(t.publishedAt),
      metricsAt: date(t.metricsAt),
      createdAt: date(t.createdAt),
      updatedAt: date(t.updatedAt),
    })),
    media: (jsonOf(media) as { media: Record<string, unknown> }[]).map((pm) => ({
      ...pm,
      media: { ...pm.media, createdAt: date(pm.media.createdAt) },
    })),
    author: jsonOf(author) ?? null,
    campaign: c ? { ...c, startDate: date(c.startDate), endDate: date(c.endDate) } : null,
  } as unknown as PostRecord;
}

/**
 * The posts matching `where` (SQL over `p`, the posts table) in `orderBy`'s order, `skip` then `take`,
 * with their relations, in one statement; with `count`, how many match in all, in the same statement:
 * `count` as SQL is a cheaper source of that number (the business's post_counts row when nothing is
 * filtered), `true` counts the matches on their own (docs/scaling.md#history-flat-reads).
 */
export async function readPosts(
  read: Reader,
  q: { where: Prisma.Sql; orderBy: Prisma.Sql; skip?: number; take?: number; count?: boolean | Prisma.Sql },
): Promise<{ items: PostRecord[]; total: number | null }> {
  const limit = q.take !== undefined ? Prisma.sql`limit ${q.take}` : Prisma.empty;
  const offset = q.skip ? Prisma.sql`offset ${q.skip}` : Prisma.empty;
  const page = Prisma.sql`select p.* from posts p where ${q.where} order by ${q.orderBy} ${limit} ${offset}`;
  if (!q.count) {
    // the page first, then its relations: read for the page's rows only
    const rows = (await read(Prisma.sql`
      select ${postColumns}, ${relations} from (${page}) p order by ${q.orderBy}`)) as Row[];
    return { items: rows.map(record), total: null };
  }
  // The page is read from the (business, scheduled_for desc, created_at desc, id) index and the total on its
  // own (a count over the same filter, which reads an index and no post's row, or the counter); a window
  // over the page's scan (count(*) over ()) read every matching post at full width. The total's row is
  // joined to the page, so an empty page (past the last) still answers the total in this one statement.
  const total = q.count === true ? Prisma.sql`(select count(*)::int from posts p where ${q.where})` : q.count;
  const rows = (await read(Prisma.sql`
    select ${postColumns}, n.total, ${relations}
      from (select ${total} as total) n left join (${page}) p on true
     order by ${q.orderBy}`)) as Row[];
  const found = rows.filter((r) => r.id !== null);
  return { items: found.map(record), total: Number(rows[0]?.total ?? 0) };
}

/** The business's posts in all, from its counter (post_counts, kept by the posts' triggers), as SQL for readPosts' `count`. */
export const postCountOf = (businessId: string): Prisma.Sql =>
  Prisma.sql`coalesce((select c.posts from post_counts c where c.business_id = ${businessId}::uuid), 0)`;

/** One post of the business, or null, with its relations, in one statement. */
export async function readPost(read: Reader, businessId: string, id: string): Promise<PostRecord | null> {
  const { items } = await readPosts(read, {
    where: Prisma.sql`p.id = ${id}::uuid and p.business_id = ${businessId}::uuid`,
    orderBy: Prisma.sql`p.id`,
  });
  return items[0] ?? null;
}

/**
 * The captions a business published, newest first (at most `limit`): what learning the café's voice
 * reads (docs/product.md#the-cafes-voice). One statement, text and hashtags only.
 */
export async function publishedCaptions(
  db: Pick<Tx, "$queryRaw">,
  businessId: string,
  limit: number,
): Promise<{ content: string; hashtags: string[]; publishedAt: Date }[]> {
  const rows = await db.$queryRaw<{ content: string; hashtags: string[]; published_at: Date }[]>`
    select content, hashtags, published_at from posts
     where business_id = ${businessId}::uuid and published_at is not null and status in ('published', 'partially_published') and content <> ''
     order by published_at desc limit ${limit}`;
  return rows.map((r) => ({ content: r.content, hashtags: r.hashtags ?? [], publishedAt: new Date(r.published_at) }));
}
