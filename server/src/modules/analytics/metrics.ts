// Analytics' metrics collection. A published target's figures are read on a schedule that starts
// soon after it goes out (schema's FIGURES_SCHEDULE_MINUTES: 5 and 30 minutes, 2, 6 and 24 hours; one
// `metrics.step` job per target, moved from step to step), and by the recurring sweep (hourly by
// default) for every published target of the last 30 days. Each reading (read-only calls the adapters
// retry with backoff) is kept (target_metrics) with the target's latest figures; the daily rows of the
// days they moved are recomputed (daily-metrics.ts: sums of the latest figures, so reading twice never
// counts twice), and each connected account's audience is read once a Kuwait day (audience.ts). A
// network that answers with its rate limit (a 429 and its reset) is asked nothing more for that
// account until the reset: its step jobs move to the reset, the sweep passes it by
// (docs/architecture.md#how-a-request-flows, Jobs). Publishing and posts never write these rows: they
// hand analytics the Kuwait days their targets changed (refreshDays, recountDays) and the targets
// just published (figuresDue) through services.ts.
import { figuresStepDone, kuwaitDate, nextFiguresCollection } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { PlatformError } from "../../networks/types.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import { collectAudience } from "./audience.ts";
import { createDailyMetricsRefresher, refreshDailyMetrics } from "./daily-metrics.ts";

/** The step jobs' name: one per published target, moved from step to step (analytics.jobs.ts). */
export const METRICS_STEP_JOB = "metrics.step";
/** Where a network said it is rate limited but not until when: wait this long. */
const RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** The longest schedule's span and a margin: the step collection reads the account's owed targets this young. */
const STEP_WINDOW_MS = 25 * 3_600_000;

export function createMetricsCollection(
  deps: Pick<Deps, "db" | "logger" | "pubsub" | "queue">,
  accounts: Pick<PlatformAccountsService, "access" | "adapterFor">,
) {
  const { db, logger, pubsub, queue } = deps;

  /** Analytics' rows for those days; a failure is logged, never the caller's (start-up backfills). */
  const dailyRows = createDailyMetricsRefresher(db, (e, businessId) =>
    logger.warn("daily metrics refresh failed", { businessId, error: e.message }),
  );
  const refreshDays = (businessId: string, days: string[]) => dailyRows.refresh(businessId, days);

  /**
   * Accounts whose network answered with its rate limit, until its reset (this process's memory, like
   * publishing's account waits): no figures are asked of them before then.
   */
  const waits = new Map<string, Date>();
  const waitOf = (accountId: string, now: Date): Date | null => {
    const until = waits.get(accountId);
    if (until && until > now) return until;
    waits.delete(accountId);
    return null;
  };

  // a target published to a practice account a real one later replaced stays simulated: its figures
  // are not the real network's to give
  const collectable = {
    status: "published",
    externalId: { not: null },
    account: { status: "connected" },
    OR: [{ account: { demo: true } }, { metricsSimulated: false }],
  } satisfies Prisma.PostTargetWhereInput;
  const TARGET = {
    id: true,
    externalId: true,
    accountId: true,
    publishedAt: true,
    metricsAt: true,
    account: { select: { demo: true, platform: true, businessId: true } },
  } as const satisfies Prisma.PostTargetSelect;
  type Target = {
    id: string;
    externalId: string | null;
    accountId: string;
    publishedAt: Date | null;
    account: { businessId: string };
  };

  /**
   * One call to the account's network for these targets' figures, written with the days they moved.
   * A rate limit is no failure: the account waits for the reset, which is answered; other errors throw.
   */
  async function readAccount(
    accountId: string,
    list: Target[],
    now: Date,
  ): Promise<{ collected: number; waitUntil?: Date }> {
    const { account, access } = await accounts.access(accountId);
    if (account.status !== "connected" || !list.length) return { collected: 0 };
    let figures: Awaited<ReturnType<ReturnType<typeof accounts.adapterFor>["metrics"]>>;
    try {
      figures = await accounts.adapterFor(account).metrics(
        access,
        list.map((t) => t.externalId!),
      );
    } catch (e) {
      if (!(e instanceof PlatformError && e.kind === "rate_limit")) throw e;
      const until =
        e.opts.retryAt && e.opts.retryAt > now ? e.opts.retryAt : new Date(now.getTime() + RATE_LIMIT_WAIT_MS);
      waits.set(accountId, until);
      logger.info("metrics collection waits for the network's rate limit", { accountId, until: until.toISOString() });
      return { collected: 0, waitUntil: until };
    }
    const days: string[] = [];
    let collected = 0;
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
    return { collected };
  }

  /** Figures for published targets of the last 30 days (the recurring sweep); accounts waiting for a rate limit's reset are passed by. */
  async function collectMetrics(now = new Date()) {
    const targets = await db.postTarget.findMany({
      where: { ...collectable, publishedAt: { gte: new Date(now.getTime() - 30 * 86_400_000) } },
      select: TARGET,
    });
    const byAccount = new Map<string, typeof targets>();
    for (const t of targets) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t]);
    let collected = 0;
    const changed = new Set<string>(); // businesses whose figures were written
    for (const [accountId, list] of byAccount) {
      if (waitOf(accountId, now)) continue;
      try {
        const r = await readAccount(accountId, list, now);
        collected += r.collected;
        if (r.collected) changed.add(list[0]!.account.businessId);
      } catch (e) {
        logger.warn("metrics collection skipped an account", { accountId, error: (e as Error).message });
      }
    }
    // each connected account's audience, once a Kuwait day; its failures are its own (logged inside)
    const audience = await collectAudience(deps, accounts, now).catch((e: Error) => {
      logger.warn("audience collection failed", { error: e.message });
      return new Set<string>();
    });
    for (const businessId of new Set([...changed, ...audience]))
      await pubsub.publish("metrics.changed", { businessId }).catch(() => {});
    return collected;
  }

  /** Queues the first step of targets just published (their job is keyed by the target: queuing twice moves the one job). */
  async function figuresDue(targets: { id: string; publishedAt: Date }[]) {
    for (const t of targets) {
      const first = nextFiguresCollection(t.publishedAt, t.publishedAt);
      if (first) await queue.enqueue(METRICS_STEP_JOB, { targetId: t.id }, first, { "data.targetId": t.id });
    }
  }

  /**
   * A target's step of the schedule: reads its figures unless the step already has its reading (a job
   * retried, a target queued twice, the sweep came first), together with the account's other young
   * targets that owe theirs (one call, not one per target). Answers when to run again: the next step,
   * or the rate limit's reset (the step stays owed); nothing after the last step.
   */
  async function collectStep(targetId: string, now = new Date()): Promise<Date | void> {
    const t = await db.postTarget.findFirst({ where: { id: targetId, ...collectable }, select: TARGET });
    if (!t?.publishedAt) return;
    const next = nextFiguresCollection(t.publishedAt, now) ?? undefined;
    const wait = waitOf(t.accountId, now);
    if (wait) return wait;
    if (figuresStepDone(t.publishedAt, t.metricsAt, now)) return next;
    const young = await db.postTarget.findMany({
      where: { ...collectable, accountId: t.accountId, publishedAt: { gte: new Date(now.getTime() - STEP_WINDOW_MS) } },
      select: TARGET,
    });
    const owed = young.filter((y) => y.id === t.id || !figuresStepDone(y.publishedAt!, y.metricsAt, now));
    try {
      const r = await readAccount(t.accountId, owed.some((y) => y.id === t.id) ? owed : [t, ...owed], now);
      if (r.waitUntil) return r.waitUntil;
      if (r.collected) await pubsub.publish("metrics.changed", { businessId: t.account.businessId }).catch(() => {});
    } catch (e) {
      // the sweep reads it again within the hour; the next step stands
      logger.warn("a scheduled figures collection failed", { targetId, error: (e as Error).message });
    }
    return next;
  }

  return {
    collectMetrics,
    figuresDue,
    collectStep,
    /** Recounts a business's daily rows for those Kuwait days after its targets changed (published); collapses concurrent calls. */
    refreshDays,
    /** The same inside the caller's transaction (a published post deleted): the rows change with it. */
    recountDays: refreshDailyMetrics,
    /** Waits for daily-row refreshes still running (a stopping process finishes them). */
    idle: () => dailyRows.idle(),
  };
}
