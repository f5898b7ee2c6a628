// Publishing a post's targets at their time, exactly once (docs/architecture.md#rules-of-the-house: publishing is never
// retried blindly). Each target has one job in the queue; a worker starts the due ones in batches
// (jobs/batched.ts, docs/architecture.md#how-a-request-flows) and claims the batch's targets in one conditional
// update (pending -> publishing, a new attempt key each): a target another worker claimed is not
// this one's. A worker renews the leases of its attempts and records the step each is in:
// "prepare" (uploads, containers: safe to redo) then "send" (the one call that creates the post).
// A worker that finds a lapsed lease resumes: from prepare it simply goes on; from send it first
// asks the network, read-only, whether the post exists. A timeout leaves the target "unconfirmed"
// for a person; rate limits move the target later (and hold the account's other targets until the
// network's reset); nothing is ever sent twice. Writes of many attempts at once (steps, leases,
// outcomes, events) are made together (jobs/group-commit.ts).
// The service is made of parts that share one deps object (docs/architecture.md#a-service-in-parts): the
// post's status following its targets (publishing.status.ts), claims (publishing.claims.ts), one attempt
// (publishing.attempt.ts), its outcome (publishing.outcome.ts) and recovery (publishing.recovery.ts).
import type { Deps } from "../../deps.ts";
import type { MediaService } from "../media/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { createAttempt } from "./publishing.attempt.ts";
import { createClaims } from "./publishing.claims.ts";
import { PUBLISH_JOB, type PublishedDays, type PublishingDeps } from "./publishing.deps.ts";
import { createOutcome } from "./publishing.outcome.ts";
import { createRecovery } from "./publishing.recovery.ts";
import { createPostStatus } from "./publishing.status.ts";

export function createPublishingService(
  deps: Deps,
  accounts: PlatformAccountsService,
  media: MediaService,
  notifications: NotificationsService,
  analytics: PublishedDays,
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">,
  links: PublishingDeps["links"],
) {
  const { db, queue, config } = deps;
  const leaseMs = config.platforms.leaseMs;
  const parts: PublishingDeps = {
    ...deps,
    accounts,
    media,
    notifications,
    analytics,
    webhooks,
    links,
    leaseUntil: () => new Date(Date.now() + leaseMs),
    // the lane is the network: the worker adapts how many calls it has in flight to each (jobs/adaptive.ts)
    enqueueOne: (targetId, when, lane) =>
      queue.enqueue(PUBLISH_JOB, { targetId, lane }, when, { "data.targetId": targetId }),
  };
  const status = createPostStatus(parts);
  const outcome = createOutcome(parts, status);
  const claims = createClaims(parts, status, outcome, createAttempt(parts, outcome));
  const recovery = createRecovery(parts, status);

  /** Queues targets whose network the caller did not say: one read for all of them. */
  async function enqueueTargets(targets: { id: string; dueAt: Date | null; platform?: string }[]) {
    const unknown = targets.filter((t) => !t.platform).map((t) => t.id);
    const lanes = new Map(
      unknown.length
        ? (await db.postTarget.findMany({ where: { id: { in: unknown } }, select: { id: true, platform: true } })).map(
            (r) => [r.id, r.platform as string],
          )
        : [],
    );
    for (const t of targets) await parts.enqueueOne(t.id, t.dueAt ?? new Date(), t.platform ?? lanes.get(t.id) ?? "");
  }

  return {
    changeTarget: status.changeTarget,
    syncPost: status.syncPost,
    /** One batch of due targets' jobs (publishing.jobs.ts). */
    runBatch: claims.runBatch,
    recover: recovery.recover,
    repairPosts: recovery.repairPosts,
    /** Queues (or moves) each target's job to its time. */
    enqueue: enqueueTargets,
    async cancel(targetIds: string[]) {
      for (const id of targetIds) await queue.cancel(PUBLISH_JOB, { targetId: id });
    },
    /**
     * A business that had stopped runs again: the targets it held are queued, those whose time passed
     * now, the others at their time (a job already queued is left as it is). Answers how many it queued.
     */
    resumeBusiness: recovery.resumeBusiness,
    /** After a reconnect, targets that waited for the account are due again. */
    resumeAccount: recovery.resumeAccount,
  };
}
export type PublishingService = ReturnType<typeof createPublishingService>;
