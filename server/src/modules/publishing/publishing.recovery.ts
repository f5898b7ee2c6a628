// Recovery (publishing.service.ts): nothing stays stuck silently. Posts whose status their targets
// contradict are set right; attempts whose worker died (lease lapsed) and due targets still waiting (their
// job lost) are queued again; a business that pays again and an account reconnected get their held targets
// queued. Queuing twice is harmless: the claim is conditional, and a lapsed attempt asks before it sends.
import { STOPPED_STATUSES } from "@sufra/schema";
import { PUBLISH_JOB, type PublishingDeps } from "./publishing.deps.ts";
import type { PostStatusPart } from "./publishing.status.ts";
import { postsOutOfStep } from "./post-status.ts";

/**
 * A due target's job normally starts within one scan of the scheduler (5 s); one still waiting after
 * this long is queued again by the recovery pass (harmless if its job exists: the same job moves).
 */
const DUE_GRACE_MS = 15_000;
/**
 * The repair pass reads only the posts changed since its last pass began, less this overlap: a
 * transaction commits after its rows' updated_at was written (30 s at most), and clocks differ a little.
 */
const REPAIR_OVERLAP_MS = 2 * 60_000;
/** A process's first repair pass looks back this far: what changed while no process ran jobs. */
const REPAIR_FIRST_LOOKBACK_MS = 7 * 86_400_000;

export function createRecovery({ db, queue, logger, enqueueOne }: PublishingDeps, { refreshPost }: PostStatusPart) {
  /**
   * Nothing stays stuck silently: posts whose status their targets contradict are set right (a process
   * that stopped before this was one transaction, or hands on the database); attempts whose worker died
   * (lease lapsed) and due targets still waiting (their job lost, or locked by a process that is gone)
   * are queued again. The conditional claim makes a duplicate job harmless; a lapsed attempt resumes by
   * asking the network first, never by sending again. `graceMs`: how long past due a target waits
   * before it counts as stuck (none at start-up: whatever is due goes out now).
   */
  async function recover(now = new Date(), graceMs = DUE_GRACE_MS) {
    await repairPosts();
    const stale = await db.postTarget.findMany({
      where: {
        OR: [
          { status: "publishing", leaseUntil: { lt: now } },
          {
            status: "pending",
            dueAt: { lte: new Date(now.getTime() - graceMs) },
            OR: [{ errorCode: null }, { errorCode: { not: "ACCOUNT_RECONNECT_NEEDED" } }],
            post: {
              status: { in: ["scheduled", "publishing"] },
              business: { subscription: { isNot: { status: { in: STOPPED_STATUSES } } } },
            },
            account: { status: "connected" },
          },
        ],
      },
      select: { id: true, platform: true },
      take: 500,
    });
    // a target whose job is still queued (a backlog waiting for its turn, a job a gone process held,
    // which the scheduler releases) needs nothing; only a lost job is queued again
    const queued = await queue.waiting(
      PUBLISH_JOB,
      "targetId",
      stale.map((s) => s.id),
    );
    const lost = stale.filter((s) => !queued.has(s.id));
    for (const s of lost) await enqueueOne(s.id, now, s.platform);
    return lost.length;
  }

  /** when this process's last repair pass began (ms): the next reads what changed since */
  let repairedFrom: number | null = null;
  /**
   * One pass over the posts changed since `since` (by default since this process's last pass, or a week
   * back at its first): the ones out of step with their targets are re-derived, each under its lock.
   */
  async function repairPosts(since?: Date) {
    const started = Date.now();
    const from =
      since ?? new Date(repairedFrom === null ? started - REPAIR_FIRST_LOOKBACK_MS : repairedFrom - REPAIR_OVERLAP_MS);
    const suspects = await postsOutOfStep(db, from);
    const repaired: { postId: string; from: string; to: string }[] = [];
    for (const id of suspects) {
      const r = await refreshPost(id);
      if (r) repaired.push({ postId: id, from: r.was, to: r.status });
    }
    if (repaired.length) logger.warn("post statuses repaired from their targets", { repaired });
    if (!since) repairedFrom = started;
    return repaired;
  }

  /**
   * A business that had stopped runs again: the targets it held are queued, those whose time passed
   * now, the others at their time (a job already queued is left as it is). Answers how many it queued.
   */
  async function resumeBusiness(businessId: string) {
    const waiting = await db.postTarget.findMany({
      where: {
        status: "pending",
        dueAt: { not: null },
        post: { businessId, status: { in: ["scheduled", "publishing"] } },
        account: { status: "connected" },
      },
      select: { id: true, dueAt: true, platform: true },
    });
    const queued = await queue.waiting(
      PUBLISH_JOB,
      "targetId",
      waiting.map((w) => w.id),
    );
    const now = Date.now();
    const lost = waiting.filter((w) => !queued.has(w.id) || w.dueAt!.getTime() <= now);
    for (const w of lost) await enqueueOne(w.id, new Date(Math.max(now, w.dueAt!.getTime())), w.platform);
    return lost.length;
  }

  /** After a reconnect, targets that waited for the account are due again. */
  async function resumeAccount(accountId: string) {
    const waiting = await db.postTarget.findMany({
      where: { accountId, status: "pending", post: { status: { in: ["scheduled", "publishing"] } } },
      select: { id: true, dueAt: true, platform: true },
    });
    await db.postTarget.updateMany({
      where: { id: { in: waiting.map((w) => w.id) }, errorCode: "ACCOUNT_RECONNECT_NEEDED" },
      data: { errorCode: null, errorMessage: null },
    });
    const now = Date.now();
    for (const w of waiting) await enqueueOne(w.id, new Date(Math.max(now, w.dueAt?.getTime() ?? now)), w.platform);
  }

  return { recover, repairPosts, resumeBusiness, resumeAccount };
}
