// Clicks in figures (docs/architecture.md#short-links): a business's counted clicks on its short links by Kuwait
// day, link-page button, post, campaign, network and kind, in one grouped statement (grouping sets over
// short_link_days joined to short_links), whatever the number of posts or campaigns asked about. A caption
// link's campaign is its post's campaign now (a post moved to another campaign takes its clicks along); any
// other link keeps the campaign it was made for.
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/prisma.ts";

export interface ClickQuery {
  /** Kuwait days YYYY-MM-DD, both included; left out: every day */
  from?: string;
  to?: string;
  /** only these posts' links */
  postIds?: readonly string[];
  /** only links counted to these campaigns */
  campaignIds?: readonly string[];
  /** only links that went to this network */
  platform?: Platform;
}

export interface ClickFigures {
  total: number;
  /** days with clicks, in order */
  byDay: { day: string; clicks: number }[];
  /** link-page buttons (a delivery app, whatsapp, menu...) */
  byButton: { button: string; clicks: number }[];
  byPost: Map<string, number>;
  byCampaign: Map<string, number>;
  byPlatform: { platform: Platform; clicks: number }[];
  /** link_page | caption | review */
  byKind: { kind: string; clicks: number }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ids = (xs: readonly string[]) => [...new Set(xs.filter((x) => UUID.test(x)))];

interface Row {
  g: number;
  day: string | null;
  button: string | null;
  post_id: string | null;
  campaign_id: string | null;
  platform: Platform | null;
  kind: string | null;
  clicks: number;
}

// grouping(day, button, post_id, campaign_id, platform, kind): a set's own column is 0, the others 1 (first = highest bit)
const SET = { day: 0b011111, button: 0b101111, post: 0b110111, campaign: 0b111011, platform: 0b111101, kind: 0b111110 };

/** A business's counted clicks, split every way at once. Ids that are no UUID are ignored (never a 5xx). */
export async function clickFigures(
  db: Pick<Db, "$queryRaw">,
  businessId: string,
  q: ClickQuery = {},
): Promise<ClickFigures> {
  const out: ClickFigures = {
    total: 0,
    byDay: [],
    byButton: [],
    byPost: new Map(),
    byCampaign: new Map(),
    byPlatform: [],
    byKind: [],
  };
  const posts = q.postIds ? ids(q.postIds) : null;
  const campaigns = q.campaignIds ? ids(q.campaignIds) : null;
  if ((posts && !posts.length) || (campaigns && !campaigns.length)) return out;
  const rows = await db.$queryRaw<Row[]>`
    with c as (
      select d.day, d.clicks, l.kind, l.button, l.post_id, l.platform,
             case when l.post_id is not null then p.campaign_id else l.campaign_id end as campaign_id
        from short_links l
        join short_link_days d on d.link_id = l.id
        left join posts p on p.id = l.post_id
       where l.business_id = ${businessId}::uuid
         ${q.from ? Prisma.sql`and d.day >= ${q.from}::date` : Prisma.empty}
         ${q.to ? Prisma.sql`and d.day <= ${q.to}::date` : Prisma.empty}
         ${posts ? Prisma.sql`and l.post_id = any(${posts}::uuid[])` : Prisma.empty}
         ${q.platform ? Prisma.sql`and l.platform::text = ${q.platform}` : Prisma.empty}
    )
    select grouping(day, button, post_id, campaign_id, platform, kind)::int as g,
           to_char(day, 'YYYY-MM-DD') as day, button, post_id::text, campaign_id::text, platform::text as platform, kind,
           coalesce(sum(clicks), 0)::int as clicks
      from c
     ${campaigns ? Prisma.sql`where campaign_id = any(${campaigns}::uuid[])` : Prisma.empty}
     group by grouping sets ((day), (button), (post_id), (campaign_id), (platform), (kind), ())
     order by 1, 2`;
  for (const r of rows) {
    if (r.g === 0b111111) out.total = r.clicks;
    else if (r.g === SET.day && r.day) out.byDay.push({ day: r.day, clicks: r.clicks });
    else if (r.g === SET.button && r.button) out.byButton.push({ button: r.button, clicks: r.clicks });
    else if (r.g === SET.post && r.post_id) out.byPost.set(r.post_id, r.clicks);
    else if (r.g === SET.campaign && r.campaign_id) out.byCampaign.set(r.campaign_id, r.clicks);
    else if (r.g === SET.platform && r.platform) out.byPlatform.push({ platform: r.platform, clicks: r.clicks });
    else if (r.g === SET.kind && r.kind) out.byKind.push({ kind: r.kind, clicks: r.clicks });
  }
  out.byButton.sort((a, b) => b.clicks - a.clicks || a.button.localeCompare(b.button));
  out.byPlatform.sort((a, b) => b.clicks - a.clicks || a.platform.localeCompare(b.platform));
  return out;
}
