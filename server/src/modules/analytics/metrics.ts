// Analytics' metrics collection: the hourly job reads the figures of the last 30 days' published
// targets from their networks (read-only calls the adapters retry with backoff), keeps each reading
// (target_metrics) and the target's latest figures, refreshes the daily rows of the days they moved
// (daily-metrics.ts), and reads each connected account's audience once a Kuwait day (audience.ts).
// Publishing and posts never write these rows: they hand analytics the Kuwait days their targets
// changed (refreshDays, recountDays) through services.ts.
import { kuwaitDate } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import { collectAudience } from "./audience.ts";
import { createDailyMetricsRefresher, refreshDailyMetrics } from "./daily-metrics.ts";

export function createMetricsCollection(deps: Pick<Deps, "db" | "logger" | "pubsub">, accounts: Pick<PlatformAccountsService, "access" | "adapterFor">) {
  const { db, logger, pubsub } = deps;

  /** Analytics' rows for those days; a failure is logged, never the caller's (start-up backfills). */
  const dailyRows = createDailyMetricsRefresher(db, (e, businessId) => logger.warn("daily metrics refresh failed", { businessId, error: e.message }));
  const refreshDays = (businessId: string, days: string[]) => dailyRows.refresh(businessId, days);

  /** Figures for published targets of the last 30 days (read-only calls, retried by the adapters). */
  async function collectMetrics(now = new Date()) {
    const targets = await db.postTarget.findMany({
      // a target published to a practice account a real one later replaced stays simulated: its
      // figures are not the real network's to give
      where: { status: "published", externalId: { not: null }, publishedAt: { gte: new Date(now.getTime() - 30 * 86_400_000) }, account: { status: "connected" }, OR: [{ account: { demo: true } }, { metricsSimulated: false }] },
      select: { id: true, externalId: true, accountId: true, publishedAt: true, account: { select: { demo: true, platform: true, businessId: true } } },
    });
    const byAccount = new Map<string, typeof targets>();
    for (const t of targets) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t]);
    let collected = 0;
    const changed = new Set<string>(); // businesses whose figures were written
    for (const [accountId, list] of byAccount) {
      try {
        const { account, access } = await accounts.access(accountId);
        if (account.status !== "connected") continue;
        const figures = await accounts.adapterFor(account).metrics(access, list.map((t) => t.externalId!));
        const days: string[] = [];
        for (const t of list) {
          const m = figures.get(t.externalId!);
          if (!m) continue;
          await db.$transaction([
            db.postTarget.update({ where: { id: t.id }, data: { ...m, metricsAt: now, metricsSimulated: account.demo } }),
            db.targetMetric.create({ data: { targetId: t.id, collectedAt: now, ...m, simulated: account.demo } }),
          ]);
          if (t.publishedAt) days.push(kuwaitDate(t.publishedAt));
          collected++;
        }
        // the days of the targets whose figures moved, once per account
        await refreshDays(list[0]!.account.businessId, days);
        if (days.length) changed.add(list[0]!.account.businessId);
      } catch (e) {
        logger.warn("metrics collection skipped an account", { accountId, error: (e as Error).message });
      }
    }
    // each connected account's audience, once a Kuwait day; its failures are its own (logged inside)
    const audience = await collectAudience(deps, accounts, now).catch((e: Error) => {
      logger.warn("audience collection failed", { error: e.message });
      return new Set<string>();
    });
    for (const businessId of new Set([...changed, ...audience])) await pubsub.publish("metrics.changed", { businessId }).catch(() => {});
    return collected;
  }

  return {
    collectMetrics,
    /** Recounts a business's daily rows for those Kuwait days after its targets changed (published); collapses concurrent calls. */
    refreshDays,
    /** The same inside the caller's transaction (a published post deleted): the rows change with it. */
    recountDays: refreshDailyMetrics,
    /** Waits for daily-row refreshes still running (a stopping process finishes them). */
    idle: () => dailyRows.idle(),
  };
}
