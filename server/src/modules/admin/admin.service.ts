// The admin console's figures (admin stats, docs/product.md#data-shapes, plus pending approvals and new sign-ups), and a
// watcher that tells open admin pages when the measured health changes.
import { BILLING_STATUSES, clientActions, type BillingFigures } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { HealthService } from "../health/index.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { bursts } from "../../kernel/pubsub.ts";
import { sharedRuns } from "../../kernel/shared-runs.ts";

const DAY = 86_400_000;
const RECENT_CLIENTS = 10;

/** Midnight in Asia/Kuwait (UTC+3, no daylight saving), as a UTC instant. */
function startOfKuwaitDay(now = new Date()) {
  const kuwait = new Date(now.getTime() + 3 * 3_600_000);
  return new Date(Date.UTC(kuwait.getUTCFullYear(), kuwait.getUTCMonth(), kuwait.getUTCDate()) - 3 * 3_600_000);
}

/** Billing's figures when no billing module is wired (tests of the admin alone): nothing counted. */
const NO_BILLING: BillingFigures = {
  mrrFils: 0,
  monthRevenueFils: 0,
  counts: Object.fromEntries(BILLING_STATUSES.map((s) => [s, 0])) as BillingFigures["counts"],
};

/** events closer together than this send one fresh view */
const QUIET_MS = 100;

/**
 * `billingFigures`: MRR, subscriptions by status and the Kuwait month's revenue, from the billing module
 * (services.ts hands it in; docs/product.md#subscriptions-and-billing, "Admin"), one statement.
 */
export function createAdminService(
  deps: Deps,
  health?: HealthService,
  opts: { healthWatchMs?: number; billingFigures?: () => Promise<BillingFigures> } = {},
) {
  const { db } = deps;
  let watcher: NodeJS.Timeout | null = null;
  let lastHealth = "";

  // every open admin console asks again after the same event: one read for all of them
  const live = sharedRuns<Awaited<ReturnType<typeof figures>>>({ keepMs: QUIET_MS });
  const heard: AsyncIterableIterator<unknown>[] = [];

  /** `live`: the subscription's read, shared by every admin subscribed (kernel/shared-runs.ts). */
  async function stats(viewer: Viewer, opts: { live?: boolean } = {}) {
    requireScope(viewer, "admin");
    return opts.live ? live.run("figures", figures) : figures();
  }

  async function figures() {
    const today = startOfKuwaitDay();
    const [
      totalClients,
      activeClients,
      pendingApprovals,
      newSignups,
      totalPosts,
      todayPosts,
      recent,
      systemHealth,
      billing,
    ] = await Promise.all([
      db.business.count(),
      db.business.count({ where: { status: "active" } }),
      db.business.count({ where: { status: "pending" } }),
      db.business.count({ where: { createdAt: { gte: new Date(Date.now() - 7 * DAY) } } }),
      // every post in the system: the businesses' counters (post_counts, kept by the posts' triggers), one row per
      // business, so the figure costs the same at any history (docs/scaling.md#history-flat-reads)
      db.$queryRaw<{ n: number }[]>`select coalesce(sum(posts), 0)::int as n from post_counts`.then(
        (r) => r[0]?.n ?? 0,
      ),
      // today's only: bounded by the posts (published_at) index
      db.post.count({ where: { status: "published", publishedAt: { gte: today } } }),
      db.business.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: RECENT_CLIENTS,
        include: { subscription: true },
      }),
      health?.check(),
      opts.billingFigures?.() ?? NO_BILLING,
    ]);
    // each recent client's account holder (its earliest membership, docs/architecture.md#memberships) and
    // when any of its people last signed in: one statement for all of them
    const rows = await db.$queryRaw<{ id: string; email: string | null; lastActive: Date | null }[]>`
      select b.id::text as id,
             (select u.email from memberships m join users u on u.id = m.user_id
               where m.business_id = b.id order by m.created_at asc, m.user_id asc limit 1) as email,
             (select max(u.last_login_at) from memberships m join users u on u.id = m.user_id
               where m.business_id = b.id) as "lastActive"
        from businesses b where b.id = any(${recent.map((b) => b.id)}::uuid[])`;
    const people = new Map(rows.map((r) => [r.id, r]));
    return {
      totalClients,
      activeClients,
      pendingApprovals,
      newSignups,
      totalPosts,
      todayPosts,
      billing,
      systemHealth: {
        api: systemHealth?.api ?? "healthy",
        database: systemHealth?.database ?? "healthy",
        scheduler: systemHealth?.scheduler ?? "down",
        reasons: systemHealth?.reasons ?? [],
      },
      recentClients: recent.map((b) => ({
        id: b.id,
        name: b.companyName,
        email: people.get(b.id)?.email ?? null,
        plan: b.subscription?.plan ?? b.requestedPlan,
        status: b.status,
        lastActive: people.get(b.id)?.lastActive?.toISOString() ?? null,
        // what the overview may offer, by the rule each action checks (clients and billing)
        allowedActions: clientActions(b),
      })),
    };
  }

  return {
    stats,
    /**
     * Every change an admin's figures depend on (sign-ups and status changes, posts, health, payments,
     * refunds and subscriptions moving: billing.changed), as one
     * stream; bursts within 100 ms count once. return() (an admin closing the page) ends it at once.
     */
    changes(): AsyncIterableIterator<string> {
      const { pubsub } = deps;
      return bursts(
        [
          ["client", pubsub.subscribe("client.changed")],
          ["stats", pubsub.subscribe("stats.changed")],
          ["health", pubsub.subscribe("health.changed")],
          ["billing", pubsub.subscribe("billing.changed")],
        ],
        { quietMs: QUIET_MS },
      );
    },
    /** Watches the measured health and publishes "health.changed" when any part changes state. */
    async start() {
      // the events the figures change with, heard so that shared reads are never older than them
      if (!heard.length) {
        for (const topic of ["client.changed", "stats.changed", "health.changed", "billing.changed"] as const) {
          const events = deps.pubsub.subscribe(topic);
          heard.push(events);
          void (async () => {
            for await (const _ of events) live.changed("figures");
          })();
        }
        live.watch(true);
      }
      if (!health || watcher) return;
      const tick = async () => {
        try {
          const h = await health.check();
          const now = `${h.api}/${h.database}/${h.scheduler}`;
          if (lastHealth && now !== lastHealth) await deps.pubsub.publish("health.changed", { status: now });
          lastHealth = now;
        } catch (e) {
          deps.logger.debug("health watch failed", { error: (e as Error).message });
        }
      };
      await tick();
      watcher = setInterval(() => void tick(), opts.healthWatchMs ?? 5_000);
      watcher.unref();
    },
    async stop() {
      live.watch(false);
      for (const events of heard.splice(0)) await events.return?.();
      if (watcher) clearInterval(watcher);
      watcher = null;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
