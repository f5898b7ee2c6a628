// Orders counted to what started their conversation (docs/product.md#orders): per post and per campaign, the paid
// orders and the money kept (what was paid less what was given back), in fils. One statement per business and
// kind for any number of posts or campaigns: the fields of one GraphQL request ask through a batch held by the
// request (kernel/request-memo.ts), gathered until the resolvers of that level have all asked.
import type { Db } from "../../db/prisma.ts";
import { oncePerRequest } from "../../kernel/request-memo.ts";

export interface OrderFigure {
  /** paid orders (in full or in part refunded; wholly refunded ones are not counted) */
  orders: number;
  /** what those orders paid less what was given back, in fils */
  ordersFils: number;
}

export interface OrderFigures {
  posts: Map<string, OrderFigure>;
  campaigns: Map<string, OrderFigure>;
}

const NONE: OrderFigure = { orders: 0, ordersFils: 0 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function figuresBy(
  db: Db,
  businessId: string,
  column: "post_id" | "campaign_id",
  ids: readonly string[],
): Promise<Map<string, OrderFigure>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  const out = new Map<string, OrderFigure>();
  if (!wanted.length) return out;
  // the column is one of two names written here, never the caller's
  const rows =
    column === "post_id"
      ? await db.$queryRaw<{ key: string; orders: number; fils: bigint }[]>`
          select post_id::text as key, count(*)::int as orders, coalesce(sum(total_fils - refunded_fils), 0)::bigint as fils
            from orders
           where business_id = ${businessId}::uuid and status = 'paid' and post_id = any(${wanted}::uuid[])
           group by post_id`
      : await db.$queryRaw<{ key: string; orders: number; fils: bigint }[]>`
          select campaign_id::text as key, count(*)::int as orders, coalesce(sum(total_fils - refunded_fils), 0)::bigint as fils
            from orders
           where business_id = ${businessId}::uuid and status = 'paid' and campaign_id = any(${wanted}::uuid[])
           group by campaign_id`;
  for (const r of rows) out.set(r.key, { orders: r.orders, ordersFils: Number(r.fils) });
  return out;
}

/** The business's paid orders and their money, per post and per campaign asked for (those with none are left out). */
export async function orderFigures(
  db: Db,
  businessId: string,
  q: { postIds?: readonly string[]; campaignIds?: readonly string[] },
): Promise<OrderFigures> {
  const [posts, campaigns] = await Promise.all([
    figuresBy(db, businessId, "post_id", q.postIds ?? []),
    figuresBy(db, businessId, "campaign_id", q.campaignIds ?? []),
  ]);
  return { posts, campaigns };
}

/** Ids asked for during one turn of the event loop, read together once it ends. */
function batch(load: (ids: string[]) => Promise<Map<string, OrderFigure>>) {
  let waiting: Map<string, ((f: OrderFigure) => void)[]> | null = null;
  let failed: ((e: unknown) => void)[] = [];
  const flush = async () => {
    const asked = waiting!;
    const fail = failed;
    waiting = null;
    failed = [];
    try {
      const found = await load([...asked.keys()]);
      for (const [id, resolve] of asked) for (const r of resolve) r(found.get(id) ?? NONE);
    } catch (e) {
      for (const f of fail) f(e);
    }
  };
  return (id: string) =>
    new Promise<OrderFigure>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        // after every resolver of this level has asked (they run in the same turn, their awaits in microtasks)
        setImmediate(() => void flush());
      }
      waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
      failed.push(reject);
    });
}

/** One figure of a post or a campaign, read with the others its request asks for (one statement per kind). */
export function figureOf(db: Db, businessId: string, kind: "post" | "campaign", id: string): Promise<OrderFigure> {
  const column = kind === "post" ? "post_id" : "campaign_id";
  return oncePerRequest(`orders.figures:${businessId}:${kind}`, async () =>
    batch((ids) => figuresBy(db, businessId, column, ids)),
  ).then((load) => load(id));
}
