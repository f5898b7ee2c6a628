// The hand-written twin of the posts page, for bench/api.bench.ts: node:http and `pg` on Sufra's own
// database, no framework, two SQL statements a request (the token's person and session, then the page
// with its targets, accounts, media, author, campaign and total aggregated by PostgreSQL; the total from the
// business's counter, as Sufra reads it: docs/scaling.md#history-flat-reads). It answers
// the same JSON as Sufra's REST `GET /api/posts?limit=N` and as Sufra's GraphQL answer to the web
// client's PostsList operation (POST /graphql here answers that one operation, whatever is sent).
// It is what Sufra's doors cost beside the least a server must do; the bench checks the answers match.
import http from "node:http";
import pg from "pg";
import { jwtVerify } from "jose";
import {
  isContentOccasionKey,
  MEDIA_CROP_NAMES,
  messageText,
  PLATFORM_LABELS,
  TARGET_ERROR_MESSAGES,
} from "@sufra/schema";
import { createUrlSigner } from "../src/modules/media/signed-urls.ts";

const PAGE_SQL = `
  select p.*, (select coalesce(json_agg(json_build_object('id', t.id, 'platform', t.platform, 'status', t.status, 'dueAt', t.due_at,
            'externalId', t.external_id, 'permalink', t.permalink, 'errorCode', t.error_code, 'errorMessage', t.error_message,
            'publishedAt', t.published_at, 'views', t.views, 'likes', t.likes, 'comments', t.comments, 'shares', t.shares, 'reach', t.reach,
            'metricsSimulated', t.metrics_simulated, 'metricsAt', t.metrics_at, 'accountId', a.id, 'handle', a.handle, 'demo', a.demo) order by t.platform), '[]')
          from post_targets t join platform_accounts a on a.id = t.account_id where t.post_id = p.id) as targets,
       (select coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'mime', m.mime, 'bytes', m.bytes, 'width', m.width, 'height', m.height,
            'durationMs', m.duration_ms, 'originalName', m.original_name, 'variants', m.variants, 'sourceId', m.source_id, 'menuItemId', m.menu_item_id) order by pm.position), '[]')
          from post_media pm join media m on m.id = pm.media_id where pm.post_id = p.id) as media,
       (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = p.author_id) as author,
       (select c.name from campaigns c where c.id = p.campaign_id) as campaign_name
    from (select p.*, coalesce((select c.posts from post_counts c where c.business_id = $1), 0) as total from posts p where p.business_id = $1
           order by p.scheduled_for desc nulls first, p.created_at desc, p.id asc limit $2 offset $3) p
   order by p.scheduled_for desc nulls first, p.created_at desc, p.id asc`;

// the shape Sufra's page had before (docs/scaling.md#history-flat-reads): the total as a window over the page's
// scan, which reads every post of the café; GET /api/posts?count=window answers by it, for the history bench
export const WINDOW_SQL = PAGE_SQL.replace(
  /coalesce\(\(select c\.posts from post_counts c where c\.business_id = \$1\), 0\) as total/,
  "count(*) over ()::int as total",
);

type Json = Record<string, any>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const up = (v: string | null) => v && v.toUpperCase();
/** JSON's keys in snake_case, at every depth (the REST contract's network options). */
const snakeKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(snakeKeys)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v).map(([k, x]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(x)]),
        )
      : v;
const cursor = (i: number) => Buffer.from(`o:${i}`).toString("base64url");

export async function startTwin(opts: { connectionString: string; jwtSecret: string; publicUrl: string }) {
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: 10 });
  const key = new TextEncoder().encode(opts.jwtSecret);
  const signer = createUrlSigner({ jwtSecret: opts.jwtSecret, publicUrl: opts.publicUrl });

  /** Statement 1: the token's person, their business, their session still open. */
  async function viewer(req: http.IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return null;
    const { payload } = await jwtVerify(token, key, { issuer: "sufra", algorithms: ["HS256"] }).catch(() => ({
      payload: null,
    }));
    if (!payload) return null;
    const r = await pool.query(
      `select m.business_id from memberships m join businesses b on b.id = m.business_id join refresh_tokens s on s.id = $2 and s.user_id = m.user_id
        where m.user_id = $1 and s.revoked_at is null and s.expires_at > now() and b.status = 'active'
        order by m.last_used_at desc nulls last, m.created_at asc limit 1`,
      [payload.sub, payload.sid],
    );
    return (r.rows[0]?.business_id as string | undefined) ?? null;
  }

  const rest = (p: Json) => ({
    id: p.id,
    status: p.status,
    content: p.content,
    hashtags: p.hashtags,
    first_comment: p.first_comment,
    platforms: p.targets.map((t: Json) => t.platform),
    media_ids: p.media.map((m: Json) => m.id),
    scheduled_for: iso(p.scheduled_for),
    published_at: iso(p.published_at),
    author: p.author,
    occasion: p.occasion,
    campaign_id: p.campaign_id,
    campaign_name: p.campaign_name,
    network_options: p.network_options ? snakeKeys(p.network_options) : null,
    google_options: p.google_options
      ? {
          type: p.google_options.type,
          cta: p.google_options.cta
            ? { action: p.google_options.cta.action, url: p.google_options.cta.url ?? null }
            : null,
          offer: p.google_options.offer
            ? {
                coupon_code: p.google_options.offer.couponCode ?? null,
                redeem_url: p.google_options.offer.redeemUrl ?? null,
                terms: p.google_options.offer.terms ?? null,
              }
            : null,
          event: p.google_options.event
            ? {
                title: p.google_options.event.title,
                starts_at: p.google_options.event.startsAt,
                ends_at: p.google_options.event.endsAt,
              }
            : null,
        }
      : null,
    targets: p.targets.map((t: Json) => ({
      id: t.id,
      platform: t.platform,
      status: t.status,
      account: { id: t.accountId, handle: t.handle, demo: t.demo },
      due_at: iso(t.dueAt),
      external_id: t.externalId,
      permalink: t.permalink,
      error: t.errorCode ? { code: t.errorCode, message: t.errorMessage } : null,
      published_at: iso(t.publishedAt),
      metrics: {
        views: t.views,
        likes: t.likes,
        comments: t.comments,
        shares: t.shares,
        reach: t.reach,
        simulated: t.metricsSimulated,
        collected_at: iso(t.metricsAt),
      },
    })),
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  });

  const media = (m: Json) => {
    const v = m.variants ?? {};
    const at = (variant: string) => signer.path(m.id, variant);
    return {
      id: m.id,
      kind: up(m.kind),
      mime: m.mime,
      bytes: m.bytes,
      width: m.width,
      height: m.height,
      durationMs: m.durationMs,
      originalName: m.originalName,
      url: at("original"),
      thumbnailUrl: v.thumb ? at("thumb") : null,
      sourceId: m.sourceId,
      menuItemId: m.menuItemId,
      crops: MEDIA_CROP_NAMES.filter((n) => v[n]).map((name) => ({
        name,
        url: at(name),
        width: v[name].width,
        height: v[name].height,
      })),
    };
  };
  const graphql = (p: Json) => {
    const o = p.google_options as Json | null;
    return {
      id: p.id,
      content: p.content,
      hashtags: p.hashtags,
      firstComment: p.first_comment,
      platforms: p.targets.map((t: Json) => up(t.platform)),
      status: up(p.status),
      scheduledFor: iso(p.scheduled_for),
      publishedAt: iso(p.published_at),
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
      authorName: p.author?.name ?? null,
      occasion: isContentOccasionKey(p.occasion) ? up(p.occasion) : null,
      campaignId: p.campaign_id,
      approval: up(p.approval),
      revision: p.revision,
      // the bench's posts carry no network options; the comparison of answers would show any that differ
      networkOptions: p.network_options ?? null,
      googleOptions: o
        ? {
            type: up(o.type),
            cta: o.cta ? { action: up(o.cta.action), url: o.cta.url ?? null } : null,
            offer: o.offer
              ? {
                  couponCode: o.offer.couponCode ?? null,
                  redeemUrl: o.offer.redeemUrl ?? null,
                  terms: o.offer.terms ?? null,
                }
              : null,
            event: o.event
              ? { title: o.event.title, startsAt: iso(o.event.startsAt), endsAt: iso(o.event.endsAt) }
              : null,
          }
        : null,
      media: p.media.map(media),
      targets: p.targets.map((t: Json) => ({
        id: t.id,
        platform: up(t.platform),
        handle: t.handle,
        status: up(t.status),
        error: t.errorCode
          ? messageText(
              t.errorCode === "PUBLISH_UNAVAILABLE" && t.status === "failed"
                ? "targetUnavailableFailed"
                : (TARGET_ERROR_MESSAGES[t.errorCode] ?? "targetFailed"),
              "en",
              {
                platform: PLATFORM_LABELS[t.platform as keyof typeof PLATFORM_LABELS].en,
                message: t.errorMessage ?? "",
              },
            )
          : null,
        errorCode: t.errorCode,
        permalink: t.permalink,
        demo: t.demo,
        dueAt: iso(t.dueAt),
        publishedAt: iso(t.publishedAt),
      })),
    };
  };

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? "/", "http://twin");
      let first = 20;
      let graph = false;
      if (req.method === "POST" && url.pathname === "/graphql") {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        first = Number(JSON.parse(Buffer.concat(chunks).toString()).variables?.first ?? 20);
        graph = true;
      } else if (req.method === "GET" && url.pathname === "/api/posts") {
        first = Number(url.searchParams.get("limit") ?? 20);
      } else return send(404, { message: "Not found" });
      const businessId = await viewer(req);
      if (!businessId) return send(401, { message: "Sign in" });
      const sql = url.searchParams.get("count") === "window" ? WINDOW_SQL : PAGE_SQL;
      const rows = (await pool.query(sql, [businessId, first, 0])).rows as Json[];
      const total = rows.length ? (rows[0]!.total as number) : 0;
      if (!graph)
        return send(200, { posts: rows.map(rest), total, page: 1, limit: first, pages: Math.ceil(total / first) });
      send(200, {
        data: {
          posts: {
            totalCount: total,
            pageInfo: { hasNextPage: rows.length < total, endCursor: rows.length ? cursor(rows.length - 1) : null },
            edges: rows.map((p, i) => ({ cursor: cursor(i), node: graphql(p) })),
          },
        },
      });
    } catch (e) {
      send(500, { message: String(e) });
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((ok) => server.close(ok));
      await pool.end();
    },
  };
}
