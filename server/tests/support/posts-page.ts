// The posts page as the web client asks for it, over a café with many posts: shared by the statement
// count test (tests/posts-statements.test.ts) and the API benchmark (bench/api.bench.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse, print, visit, type DefinitionNode, type DocumentNode } from "graphql";

const clientFile = (p: string) =>
  readFileSync(fileURLToPath(new URL(`../../../client/src/${p}`, import.meta.url)), "utf8");

/** The web client's own operation `name` from its .graphql files, with the fragments it spreads. */
export function clientOperation(name: string, files: string[]): string {
  const defs = files.flatMap((f) => parse(clientFile(f)).definitions);
  const fragment = new Map(defs.flatMap((d) => (d.kind === "FragmentDefinition" ? [[d.name.value, d] as const] : [])));
  const op = defs.find((d) => d.kind === "OperationDefinition" && d.name?.value === name);
  if (!op) throw new Error(`no operation ${name} in ${files.join(", ")}`);
  const picked: DefinitionNode[] = [op];
  const spread = (node: DefinitionNode) =>
    visit(node as unknown as DocumentNode, {
      FragmentSpread(s) {
        const f = fragment.get(s.name.value);
        if (f && !picked.includes(f)) {
          picked.push(f);
          spread(f);
        }
      },
    });
  spread(op);
  return picked.map((d) => print(d)).join("\n\n");
}

/** The posts screen's list: the operation the web client sends for its table. */
export const POSTS_LIST = clientOperation("PostsList", ["modules/posts/posts.graphql", "shared/fragments.graphql"]);

interface Sql {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/**
 * `count` posts for the business, written in SQL (fast), as the studio would have them: a mix of
 * statuses and times, two or three networks each on the business's accounts (some failed with an
 * error), one to three photos with their variants, a campaign on every third, Google options on some.
 * `after`: posts already seeded this way, so these go on back in time from the oldest (a growing history).
 */
export async function seedPosts(db: Sql, businessId: string, authorId: string, count: number, after = 0) {
  await db.$executeRawUnsafe(
    `insert into campaigns (id, business_id, name, goal, start_date, end_date, created_at, updated_at)
     values (gen_random_uuid(), $1::uuid, 'Ramadan nights', 'awareness', current_date - 10, current_date + 20, now(), now())
     on conflict do nothing`,
    businessId,
  );
  await db.$executeRawUnsafe(
    `insert into media (id, business_id, uploader_id, kind, mime, bytes, width, height, original_name, storage_key, variants, created_at)
     select gen_random_uuid(), $1::uuid, $2::uuid, 'image', 'image/jpeg', 180000 + g, 1080, 1080, 'kunafa-' || g || '.jpg', 'bench/' || g,
            '{"thumb":{"key":"t","width":320,"height":320,"bytes":9000},"square":{"key":"s","width":1080,"height":1080,"bytes":90000},"portrait":{"key":"p","width":1080,"height":1350,"bytes":99000},"landscape":{"key":"l","width":1080,"height":566,"bytes":70000}}'::jsonb,
            now() - make_interval(mins => g)
       from generate_series(1, 12) g`,
    businessId,
    authorId,
  );
  await db.$executeRawUnsafe(
    `insert into posts (id, business_id, author_id, status, content, hashtags, first_comment, scheduled_for, published_at, occasion, campaign_id, google_options, created_at, updated_at)
     select gen_random_uuid(), $1::uuid, $2::uuid,
            (array['draft','scheduled','published','failed','partially_published'])[1 + g % 5]::"PostStatus",
            case when g % 3 = 0 then 'قهوة مختصة وكنافة بالفستق في السالمية ' || g else 'Pistachio kunafa and a saffron latte, post ' || g end,
            array['kuwait', 'q8food'], case when g % 4 = 0 then 'Open till midnight' end,
            case when g % 5 <> 0 then now() + make_interval(hours => 30 - g) end,
            case when g % 5 in (2, 4) then now() - make_interval(hours => g) end,
            case when g % 6 = 0 then 'ramadan' end,
            case when g % 3 = 0 then (select id from campaigns where business_id = $1::uuid order by created_at limit 1) end,
            case when g % 3 = 0 and g % 4 = 0 then '{"type":"standard","cta":{"action":"order","url":"https://example.com/order"}}'::jsonb end,
            now() - make_interval(hours => g), now() - make_interval(mins => g)
       from generate_series(${Number(after) + 1}, ${Number(after) + Number(count)}) g`,
    businessId,
    authorId,
  );
  await db.$executeRawUnsafe(
    `insert into post_targets (id, post_id, account_id, platform, status, due_at, error_code, error_message, published_at, external_id, permalink, views, likes, created_at, updated_at)
     select gen_random_uuid(), p.id, a.id, a.platform,
            case p.status when 'published' then 'published' when 'failed' then 'failed' when 'partially_published' then (case when a.platform = 'twitter' then 'failed' else 'published' end) else 'pending' end::"TargetStatus",
            p.scheduled_for,
            case when p.status = 'failed' or (p.status = 'partially_published' and a.platform = 'twitter') then 'RATE_LIMITED' end,
            case when p.status = 'failed' then 'Too many posts today' end,
            case when p.status in ('published', 'partially_published') and not (p.status = 'partially_published' and a.platform = 'twitter') then p.published_at end,
            case when p.published_at is not null then md5(p.id::text || a.platform) end,
            case when p.published_at is not null then 'https://example.com/p/' || md5(p.id::text || a.platform) end,
            abs(hashtext(p.id::text)) % 5000, abs(hashtext(p.id::text)) % 300, now(), now()
       from posts p join platform_accounts a on a.business_id = p.business_id
      where p.business_id = $1::uuid and a.platform in ('instagram', 'twitter', 'snapchat')
        and (a.platform <> 'snapchat' or abs(hashtext(p.id::text)) % 2 = 0)
        and not exists (select 1 from post_targets x where x.post_id = p.id)`,
    businessId,
  );
  await db.$executeRawUnsafe(
    `insert into post_media (post_id, media_id, position)
     select p.id, m.id, m.n - 1
       from posts p cross join lateral (
              select id, row_number() over (order by created_at) as n from media where business_id = $1::uuid
               order by abs(hashtext(p.id::text || id::text)) limit 1 + abs(hashtext(p.id::text)) % 3) m
      where p.business_id = $1::uuid and not exists (select 1 from post_media x where x.post_id = p.id)`,
    businessId,
  );
}
