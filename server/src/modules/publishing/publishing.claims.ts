// Claims (publishing.service.ts): a batch of due jobs' targets read in one query and the due ones claimed
// exactly once, together, in one conditional update (pending -> publishing, a new attempt key each: a
// target another worker claimed is not this one's); then each target is driven on its own: its claimed
// attempt, a dead worker's attempt resumed, or the reason it waits.
import { assertTargetTransition, mayUse } from "@sufra/schema";
import type { Load } from "../../jobs/adaptive.ts";
import type { BatchOutcome } from "../../jobs/batched.ts";
import { targetInclude, type LoadedTarget, type PublishingDeps } from "./publishing.deps.ts";
import type { AccessOf, AttemptPart } from "./publishing.attempt.ts";
import type { OutcomePart } from "./publishing.outcome.ts";
import type { PostStatusPart } from "./publishing.status.ts";

type Claim = { attemptKey: string; attemptStartedAt: Date; attempts: number };

/**
 * A target of a business whose subscription stopped (expired, cancelled) is held: it stays pending
 * and scheduled, nothing is sent, and its job ends without running again; when the business pays,
 * resumeBusiness queues it (docs/product.md#subscriptions-and-billing: scheduled posts are held, not lost).
 */
const held = (t: LoadedTarget) => !mayUse(t.post.business.subscription, "publish");

export function createClaims(
  { db, logger, accounts, leaseUntil }: PublishingDeps,
  { syncPosts, announce, changeTarget }: PostStatusPart,
  { again, rerunOf, forgetRerun, waitsUntil, waitForAccount, tellAuthor }: OutcomePart,
  { attempt }: AttemptPart,
) {
  const loadTargets = (ids: string[]) => db.postTarget.findMany({ where: { id: { in: ids } }, include: targetInclude });

  /**
   * The batch's due targets, claimed together in one transaction: each still pending becomes
   * publishing with an attempt key of its own (the exactly-once guard: a target another worker
   * claimed first is not in the answer), and their posts' statuses follow. Targets of an account the
   * network told to wait are moved to its reset instead, with the reason shown meanwhile.
   */
  async function claimMany(
    ready: LoadedTarget[],
    held: { t: LoadedTarget; until: Date }[],
  ): Promise<Map<string, Claim>> {
    if (!ready.length && !held.length) return new Map();
    assertTargetTransition(["pending"], "publishing");
    const posts = [...new Set([...ready, ...held.map((h) => h.t)].map((t) => t.postId))].sort();
    const ids = ready.map((t) => t.id);
    const { rows, synced } = await db.$transaction(
      async (tx) => {
        await tx.$queryRaw`select id from posts where id = any(${posts}::uuid[]) order by id for update`;
        const rows = ids.length
          ? await tx.$queryRaw<
              { id: string; post_id: string; attempt_key: string; attempt_started_at: Date; attempts: number }[]
            >`
              update post_targets
                 set status = 'publishing', attempt_key = gen_random_uuid()::text, attempt_step = 'prepare', attempt_started_at = now(),
                     progress = '{}'::jsonb, error_code = null, error_message = null, lease_until = ${leaseUntil()}, attempts = attempts + 1, updated_at = now()
               where id = any(${ids}::uuid[]) and status = 'pending'
           returning id::text, post_id::text, attempt_key, attempt_started_at, attempts`
          : [];
        const moved: string[] = [];
        for (const h of held) {
          const n = await tx.postTarget.updateMany({
            where: { id: h.t.id, status: "pending" },
            data: { dueAt: h.until, errorCode: "RATE_LIMITED", attemptStep: null },
          });
          if (n.count) moved.push(h.t.postId);
        }
        const synced = [...(await syncPosts(tx, [...new Set([...rows.map((r) => r.post_id), ...moved])].sort()))];
        return { rows, synced };
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    for (const h of held) again(h.t.id, h.until);
    await Promise.all(synced.map(([postId, s]) => announce(postId, s)));
    return new Map(
      rows.map((r) => [
        r.id,
        { attemptKey: r.attempt_key, attemptStartedAt: new Date(r.attempt_started_at), attempts: Number(r.attempts) },
      ]),
    );
  }

  /** Whether a pending target is to be claimed now; otherwise `runTarget` says why not (and does what that asks). */
  function claimable(t: LoadedTarget, now: number) {
    if (t.status !== "pending" || t.post.status === "draft") return false;
    if (held(t)) return false;
    if (t.dueAt && t.dueAt.getTime() > now + 1_000) return false;
    if (t.account.status !== "connected") return false;
    return !(accounts.adapterFor(t.account).manual && !t.account.demo);
  }

  /**
   * One batch of due jobs (publishing.jobs.ts): the targets read in one query, the due ones claimed
   * in one transaction, then each driven on its own. One answer per target, in order: when to run
   * its job again (if ever) and how the network took it (the worker's in-flight limit adapts to it).
   */
  function runBatch(
    targetIds: string[],
    answered: (index: number, load: Load) => void = () => {},
  ): Promise<BatchOutcome>[] {
    const now = Date.now();
    const loaded = loadTargets(targetIds).then((rows) => new Map(rows.map((t) => [t.id, t])));
    const claims = loaded.then((byId) => {
      const ready: LoadedTarget[] = [];
      const held: { t: LoadedTarget; until: Date }[] = [];
      for (const t of byId.values()) {
        if (!claimable(t, now)) continue;
        const until = waitsUntil(t.accountId);
        if (until) held.push({ t, until });
        else ready.push(t);
      }
      return claimMany(ready, held);
    });
    // one read of an account (and one token refresh, if due) for all of its targets in the batch
    const access = new Map<string, ReturnType<AccessOf>>();
    const accessOf: AccessOf = (accountId) => {
      let a = access.get(accountId);
      if (!a) {
        a = accounts.access(accountId);
        a.catch(() => {});
        access.set(accountId, a);
      }
      return a;
    };
    return targetIds.map(async (id, i): Promise<BatchOutcome> => {
      try {
        const t = (await loaded).get(id);
        const load = t ? await runTarget(t, claims, accessOf, (l) => answered(i, l)) : "none";
        return { again: rerunOf(id), load };
      } finally {
        forgetRerun(id);
      }
    });
  }

  /** One target of a batch: its claimed attempt, a dead worker's attempt to resume, or why it waits. */
  async function runTarget(
    t: LoadedTarget,
    claims: Promise<Map<string, Claim>>,
    accessOf: AccessOf,
    answered: (load: Load) => void,
  ): Promise<Load> {
    if (t.status === "pending") {
      const claim = (await claims).get(t.id);
      if (claim) {
        const claimed = {
          ...t,
          status: "publishing" as const,
          attemptStep: "prepare",
          progress: {},
          errorCode: null,
          errorMessage: null,
          ...claim,
        };
        return attempt(claimed, accessOf, answered);
      }
      if (t.post.status === "draft") return "none"; // unscheduled meanwhile
      if (held(t)) return "none"; // the business stopped: held until it pays
      if (t.dueAt && t.dueAt.getTime() > Date.now() + 1_000) {
        again(t.id, t.dueAt); // moved later
        return "none";
      }
      if (t.account.status !== "connected") {
        await waitForAccount(t);
        return "none";
      }
      const adapter = accounts.adapterFor(t.account);
      if (adapter.manual && !t.account.demo) {
        // Snapchat: the person posts it; we hand them the caption and media at the time
        if (
          await changeTarget(
            t,
            { status: "pending" },
            { status: "awaiting_manual", errorCode: null, errorMessage: null },
          )
        )
          await tellAuthor(t, "snapchat_ready");
      }
      return "none"; // another worker has it, or it waits for its account's reset
    }
    if (t.status === "publishing") {
      // a lapsed lease: its worker is gone; take the attempt over where it stopped
      const { count } = await db.postTarget.updateMany({
        where: { id: t.id, status: "publishing", OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }] },
        data: { leaseUntil: leaseUntil() },
      });
      if (!count) return "none";
      logger.info("resuming a publish attempt", { targetId: t.id, step: t.attemptStep });
      return attempt(t, accessOf, answered);
    }
    return "none";
  }

  return { runBatch };
}
