// Publishing a post's targets at their time, exactly once (docs/architecture.md#rules-of-the-house: publishing is never
// retried blindly). Each target has one Agenda job. A run claims the target with a conditional
// update (pending -> publishing, a new attempt key), renews a lease while it works, and records
// the step it is in: "prepare" (uploads, containers: safe to redo) then "send" (the one call that
// creates the post). A worker that finds a lapsed lease resumes: from prepare it simply goes on;
// from send it first asks the network, read-only, whether the post exists. A timeout leaves the
// target "unconfirmed" for a person; rate limits move the job later; nothing is ever sent twice.
import { randomUUID } from "node:crypto";
import { assertPostTransition, assertTargetTransition, composeText, DEFAULT_GOOGLE_POST_OPTIONS, kuwaitDate, TARGET_STATUSES, type GooglePostOptions } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { PostStatus, Prisma, TargetStatus } from "../../generated/prisma/client.ts";
import { PlatformError, type PublishRequest, type Published } from "../../platforms/types.ts";
import type { MediaService } from "../media/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { postsOutOfStep, postStatusFrom } from "./post-status.ts";

export const PUBLISH_JOB = "publish.target";
export const RECOVER_JOB = "publish.recover";
/** automatic attempts after "the network is unavailable" or a refused token, before giving up */
const MAX_ATTEMPTS = 5;
/**
 * A due target's job normally starts within one scan of the scheduler (5 s); one still waiting after
 * this long is queued again by the recovery pass (harmless if its job exists: the same job moves).
 */
const DUE_GRACE_MS = 15_000;

type Step = "prepare" | "send";

/** The statuses a target matching a `where` on status may be in: the one named, those listed, or any. */
function statusesOf(where: Prisma.PostTargetWhereInput["status"]): readonly TargetStatus[] {
  if (typeof where === "string") return [where];
  if (where && Array.isArray(where.in)) return where.in;
  return TARGET_STATUSES;
}

/** What publishing tells analytics (services.ts hands it analytics' function): the Kuwait days whose published targets changed. */
export interface PublishedDays {
  refreshDays(businessId: string, days: string[]): Promise<void>;
}

/** A post's new status that is a webhook event (docs/product.md#webhooks); a partly published post is published. */
const POST_EVENTS: Partial<Record<PostStatus, "post.scheduled" | "post.published" | "post.failed" | "post.unconfirmed">> = {
  scheduled: "post.scheduled",
  published: "post.published",
  partially_published: "post.published",
  failed: "post.failed",
  unconfirmed: "post.unconfirmed",
};

export function createPublishingService(deps: Deps, accounts: PlatformAccountsService, media: MediaService, notifications: NotificationsService, analytics: PublishedDays, webhooks: Pick<WebhookEmitter, "record" | "dispatch">) {
  const { db, pubsub, queue, logger, config } = deps;
  const leaseMs = config.platforms.leaseMs;
  const leaseUntil = () => new Date(Date.now() + leaseMs);

  const enqueueOne = (targetId: string, when: Date) => queue.enqueue(PUBLISH_JOB, { targetId }, when, { "data.targetId": targetId });
  /**
   * A run that wants its target tried again later says so here; the job wrapper hands the date to
   * Agenda, which would otherwise clear the one-off job's next run when the run ends (and with it an
   * enqueue made during the run).
   */
  const rerunAt = new Map<string, Date>();
  const again = (targetId: string, when: Date) => {
    const prev = rerunAt.get(targetId);
    if (!prev || when < prev) rerunAt.set(targetId, when);
  };

  interface Synced {
    businessId: string;
    status: PostStatus;
    was: PostStatus;
    changed: boolean;
    /** Kuwait days of the post's published targets: analytics' daily rows count them */
    days: string[];
    /** webhook deliveries recorded with the change, queued after the commit */
    deliveries: string[];
  }

  /**
   * Writes the status (and first publication time) that the post's targets give, inside the caller's
   * transaction. The post row is locked first: two targets of one post finishing at once take turns,
   * and the second sees the first. The move must be in POST_TRANSITIONS, unless this is a `repair`:
   * setting right a post its targets already contradict is not a step of the machine.
   */
  async function syncPost(tx: Tx, postId: string, repair = false): Promise<Synced | null> {
    await tx.$queryRaw`select id from posts where id = ${postId}::uuid for update`;
    const post = await tx.post.findUnique({ where: { id: postId }, include: { targets: { select: { status: true, attempts: true, errorCode: true, publishedAt: true } } } });
    if (!post) return null;
    const days = post.targets.flatMap((t) => (t.status === "published" && t.publishedAt ? [kuwaitDate(t.publishedAt)] : []));
    const status = postStatusFrom(post.targets, post.status);
    const firstPublished = post.targets.map((t) => t.publishedAt).filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    const changed = status !== post.status || (post.publishedAt?.getTime() ?? null) !== (firstPublished?.getTime() ?? null);
    if (status !== post.status && !repair) assertPostTransition(post.status, status);
    if (changed) await tx.post.update({ where: { id: postId }, data: { status, publishedAt: firstPublished } });
    const event = status !== post.status ? POST_EVENTS[status] : undefined;
    const deliveries = event ? await webhooks.record(tx, post.businessId, { type: event, postId }) : [];
    return { businessId: post.businessId, status, was: post.status, changed, days, deliveries };
  }

  /** After the commit: analytics' daily rows, and the events screens listen to. */
  async function announce(postId: string, s: Synced) {
    if (s.days.length) await analytics.refreshDays(s.businessId, s.days);
    await webhooks.dispatch(s.deliveries);
    if (!s.changed) return;
    await pubsub.publish("post.changed", { businessId: s.businessId, postId, status: s.status });
    if (s.status === "published" || s.status === "partially_published" || s.was === "published") await pubsub.publish("stats.changed", { reason: "post.published" });
  }

  /**
   * Every change of a target's status goes through here: the target (if it still matches `where`) and
   * its post's status change in one transaction, so neither a crash between the two nor a sibling
   * target finishing at the same moment can leave the post behind its targets. `also` writes more in
   * the same transaction (an audit row). False when the target no longer matched.
   */
  async function changeTarget(target: { id: string; postId: string }, where: Prisma.PostTargetWhereInput, data: Prisma.PostTargetUpdateManyMutationInput, also?: (tx: Tx) => Promise<unknown>) {
    // every status `where` admits must be allowed to become the new one (TARGET_TRANSITIONS)
    const to = typeof data.status === "object" ? data.status.set : data.status;
    if (to) assertTargetTransition(statusesOf(where.status), to);
    const synced = await db.$transaction(async (tx) => {
      // the post first, as every other writer of the post and its targets does
      await tx.$queryRaw`select id from posts where id = ${target.postId}::uuid for update`;
      const { count } = await tx.postTarget.updateMany({ where: { ...where, id: target.id, postId: target.postId }, data });
      if (!count) return null;
      await also?.(tx);
      return syncPost(tx, target.postId);
    });
    if (!synced) return false;
    await announce(target.postId, synced);
    return true;
  }

  /** Re-derives one post's status in its own transaction (a repair: any status its targets give). */
  async function refreshPost(postId: string) {
    const synced = await db.$transaction((tx) => syncPost(tx, postId, true));
    if (synced) await announce(postId, synced);
    return synced?.changed ? synced : null;
  }

  /** Tells the post's author (or, without one, the business's people) once per attempt. */
  async function tellAuthor(
    t: { id: string; attemptKey: string | null; platform: string; post: { id: string; businessId: string; authorId: string | null; content: string } },
    type: "post_failed" | "post_unconfirmed" | "snapchat_ready",
    extra: { errorCode?: string; errorMessage?: string | null } = {},
  ) {
    const to = t.post.authorId ? [t.post.authorId] : (await db.user.findMany({ where: { businessId: t.post.businessId }, select: { id: true } })).map((u) => u.id);
    const excerpt = t.post.content.length > 80 ? `${t.post.content.slice(0, 79)}…` : t.post.content;
    const base = { businessId: t.post.businessId, postId: t.post.id, platform: t.platform, excerpt };
    await notifications.deliver(
      to.map((userId) => ({
        userId,
        type,
        data: type === "post_failed" ? { ...base, errorCode: extra.errorCode ?? "PUBLISH_FAILED", errorMessage: extra.errorMessage ?? null } : base,
        dedupeKey: `${type}:${t.id}:${t.attemptKey ?? "manual"}:${userId}`,
      })) as Parameters<NotificationsService["deliver"]>[0],
    );
  }

  /** Writes a target's outcome, only if this attempt still owns it. */
  const settle = (t: { id: string; postId: string }, attemptKey: string, data: Prisma.PostTargetUpdateManyMutationInput) =>
    changeTarget(t, { status: "publishing", attemptKey }, { leaseUntil: null, ...data });

  const loadTarget = (id: string) =>
    db.postTarget.findUnique({
      where: { id },
      include: { account: true, post: { include: { media: { orderBy: { position: "asc" }, select: { mediaId: true } } } } },
    });
  type LoadedTarget = NonNullable<Awaited<ReturnType<typeof loadTarget>>>;

  /** The account cannot publish now: the target waits, visibly, until it is reconnected. */
  async function waitForAccount(t: LoadedTarget) {
    await changeTarget(t, { status: { in: ["pending", "publishing"] } }, { status: "pending", errorCode: "ACCOUNT_RECONNECT_NEEDED", errorMessage: t.account.lastError, leaseUntil: null, attemptStep: null });
  }

  /**
   * Where a Google post goes and what it says (docs/product.md#posts): the business's picked and
   * verified locations of this Google connection, with the post's options. Null when there is none to
   * post to. Read here, not through the accounts module: publishing only reads the picked rows.
   */
  async function googleRequest(t: LoadedTarget): Promise<NonNullable<PublishRequest["google"]> | null> {
    const locations = await db.googleLocation.findMany({
      where: { businessId: t.post.businessId, accountId: t.accountId, picked: true, verified: true },
      select: { googleAccount: true, name: true },
      orderBy: [{ title: "asc" }, { name: "asc" }],
    });
    if (!locations.length) return null;
    return { locations, post: (t.post.googleOptions as GooglePostOptions | null) ?? DEFAULT_GOOGLE_POST_OPTIONS };
  }

  /** One run of the job: claim the target (or resume a dead worker's attempt) and drive it. */
  async function runTarget(targetId: string, touch: () => Promise<void> = async () => {}) {
    const t = await loadTarget(targetId);
    if (!t) return;
    if (t.status === "pending") {
      if (t.post.status === "draft") return; // unscheduled meanwhile
      if (t.dueAt && t.dueAt.getTime() > Date.now() + 1_000) return again(t.id, t.dueAt); // moved later
      if (t.account.status !== "connected") return waitForAccount(t);
      const adapter = accounts.adapterFor(t.account);
      if (adapter.manual && !t.account.demo) {
        // Snapchat: the person posts it; we hand them the caption and media at the time
        if (await changeTarget(t, { status: "pending" }, { status: "awaiting_manual", errorCode: null, errorMessage: null })) await tellAuthor(t, "snapchat_ready");
        return;
      }
      const claim = { status: "publishing" as const, attemptKey: randomUUID(), attemptStep: "prepare", attemptStartedAt: new Date(), progress: {}, errorCode: null, errorMessage: null };
      if (!(await changeTarget(t, { status: "pending" }, { ...claim, leaseUntil: leaseUntil(), attempts: { increment: 1 } }))) return; // another worker has it
      return attempt({ ...t, ...claim, attempts: t.attempts + 1 }, touch);
    }
    if (t.status === "publishing") {
      // a lapsed lease: its worker is gone; take the attempt over where it stopped
      const { count } = await db.postTarget.updateMany({ where: { id: t.id, status: "publishing", OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }] }, data: { leaseUntil: leaseUntil() } });
      if (!count) return;
      logger.info("resuming a publish attempt", { targetId: t.id, step: t.attemptStep });
      return attempt(t, touch);
    }
  }

  /** Drives the attempt `t` (as claimed, or as the dead worker left it) to an outcome. */
  async function attempt(t: LoadedTarget, touch: () => Promise<void>) {
    const targetId = t.id;
    const key = t.attemptKey!;
    const renew = setInterval(() => {
      db.postTarget.updateMany({ where: { id: targetId, status: "publishing", attemptKey: key }, data: { leaseUntil: leaseUntil() } }).catch(() => {});
      touch().catch(() => {});
    }, Math.max(200, leaseMs / 3));
    let step: Step = t.attemptStep === "send" ? "send" : "prepare";
    let req: PublishRequest | null = null;
    try {
      const { account, access } = await accounts.access(t.accountId);
      if (account.status !== "connected") return await waitForAccount({ ...t, account });
      const adapter = accounts.adapterFor(account);
      const files = await media.forPublish(t.post.businessId, t.post.media.map((m) => m.mediaId), t.platform);
      const google = t.platform === "google" ? await googleRequest(t) : undefined;
      if (google === null && !account.demo) {
        // nowhere to post it: refused before anything is sent; a person picks a location, then retries
        if (await settle(t, key, { status: "failed", errorCode: "GOOGLE_NO_LOCATION", errorMessage: null })) await tellAuthor({ ...t, attemptKey: key }, "post_failed", { errorCode: "GOOGLE_NO_LOCATION" });
        return;
      }
      req = {
        attemptKey: key,
        attemptStartedAt: t.attemptStartedAt ?? new Date(),
        account: access,
        text: composeText(t.post.content, t.post.hashtags),
        firstComment: t.platform === "instagram" ? t.post.firstComment : null,
        media: files,
        progress: (t.progress ?? {}) as Record<string, unknown>,
        saveProgress: async (progress) => {
          req!.progress = progress;
          await db.postTarget.updateMany({ where: { id: targetId, attemptKey: key }, data: { progress: progress as Prisma.InputJsonValue, leaseUntil: leaseUntil() } });
        },
        signal: AbortSignal.timeout(config.platforms.publishTimeoutMs * 10),
        ...(t.platform === "google" ? { google: google ?? { locations: [], post: (t.post.googleOptions as GooglePostOptions | null) ?? DEFAULT_GOOGLE_POST_OPTIONS } } : {}),
      };
      if (step === "send") {
        // resumed after the send may have happened: ask before anything else
        // any doubt (the question itself failing included) goes to a person, never to a second send
        const r = await adapter.reconcile(req).catch(() => ({ state: "unknown" as const }));
        if (r.state === "published") return await finish(t, key, r.result);
        if (r.state === "unknown") return await unconfirmed(t, key);
      } else {
        if (adapter.quota) {
          const q = await adapter.quota(access);
          if (q.remaining <= 0) throw new PlatformError("rate_limit", "publishing limit reached", { retryAt: q.resetAt });
        }
        await adapter.prepare(req);
        step = "send";
        await db.postTarget.updateMany({ where: { id: targetId, attemptKey: key }, data: { attemptStep: "send", leaseUntil: leaseUntil() } });
      }
      req.signal = AbortSignal.timeout(config.platforms.publishTimeoutMs);
      const result = await adapter.send(req);
      await finish(t, key, result);
    } catch (e) {
      await failed(t, key, step, e, req);
    } finally {
      clearInterval(renew);
    }
  }

  async function finish(t: LoadedTarget, key: string, r: Published) {
    await settle(t, key, { status: "published", externalId: r.externalId, permalink: r.permalink ?? null, publishedAt: new Date(), attemptStep: "done", errorCode: null, errorMessage: null });
  }

  async function unconfirmed(t: LoadedTarget, key: string) {
    if (await settle(t, key, { status: "unconfirmed", errorCode: "PUBLISH_TIMEOUT" })) {
      await tellAuthor({ ...t, attemptKey: key }, "post_unconfirmed");
    }
  }

  /** Back to pending, due at `when`, with the reason shown meanwhile. */
  async function later(t: LoadedTarget, key: string, when: Date, errorCode: string, errorMessage: string | null) {
    if (await settle(t, key, { status: "pending", dueAt: when, attemptStep: null, errorCode, errorMessage })) again(t.id, when);
  }

  async function failed(t: LoadedTarget, key: string, step: Step, e: unknown, req: PublishRequest | null) {
    const pe = e instanceof PlatformError ? e : null;
    logger.warn("publish attempt did not succeed", { targetId: t.id, step, kind: pe?.kind ?? "error", error: (e as Error).message });
    const giveUp = async (errorCode: string, errorMessage: string | null) => {
      if (await settle(t, key, { status: "failed", errorCode, errorMessage })) {
        await tellAuthor({ ...t, attemptKey: key }, "post_failed", { errorCode, errorMessage });
      }
    };
    const backoff = () => new Date(Date.now() + Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, t.attempts - 1)));

    if (pe?.kind === "rate_limit") return later(t, key, pe.opts.retryAt ?? new Date(Date.now() + 15 * 60_000), "RATE_LIMITED", pe.platformMessage);
    if (pe?.kind === "rejected") return giveUp("PUBLISH_REJECTED", pe.platformMessage);
    // the server's API access with the network lacks this call: retrying cannot help, an administrator must act
    if (pe?.kind === "plan") return giveUp("PUBLISH_PLAN_UNAVAILABLE", pe.platformMessage);
    if (pe?.kind === "auth") {
      // the network refused the token before creating anything: refresh once and try again, or wait for a reconnect
      const { account } = await accounts.access(t.accountId, { force: true }).catch(() => ({ account: { ...t.account, status: "reconnect_needed" as const } }));
      if (account.status !== "connected") return waitForAccount({ ...t, account: account as LoadedTarget["account"] });
      if (t.attempts >= MAX_ATTEMPTS) return giveUp("PUBLISH_AUTH", pe.platformMessage);
      return later(t, key, new Date(), "PUBLISH_AUTH", pe.platformMessage);
    }
    if (step === "send") {
      // the network may have received it: never send again on our own
      if (pe?.kind === "timeout" || !pe) return unconfirmed(t, key);
      // unavailable (5xx, connection dropped): ask, read-only, before deciding
      const r = req ? await accounts.adapterFor(t.account).reconcile(req).catch(() => ({ state: "unknown" as const })) : { state: "unknown" as const };
      if (r.state === "published") return finish(t, key, r.result);
      if (r.state === "unknown") return unconfirmed(t, key);
    }
    if (t.attempts >= MAX_ATTEMPTS) return giveUp("PUBLISH_UNAVAILABLE", pe?.platformMessage ?? (e as Error).message);
    return later(t, key, backoff(), "PUBLISH_UNAVAILABLE", pe?.platformMessage ?? null);
  }

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
            post: { status: { in: ["scheduled", "publishing"] } },
            account: { status: "connected" },
          },
        ],
      },
      select: { id: true },
      take: 500,
    });
    for (const s of stale) await enqueueOne(s.id, now);
    return stale.length;
  }

  /** One pass over every post: the ones out of step with their targets are re-derived, each under its lock. */
  async function repairPosts() {
    const suspects = await postsOutOfStep(db);
    const repaired: { postId: string; from: string; to: string }[] = [];
    for (const id of suspects) {
      const r = await refreshPost(id);
      if (r) repaired.push({ postId: id, from: r.was, to: r.status });
    }
    if (repaired.length) logger.warn("post statuses repaired from their targets", { repaired });
    return repaired;
  }

  /** One job run: the target's next run, when it wants one (rate limit, backoff, moved later). */
  async function runJob(targetId: string, touch: () => Promise<void>) {
    try {
      await runTarget(targetId, touch);
      return rerunAt.get(targetId);
    } finally {
      rerunAt.delete(targetId);
    }
  }

  return {
    changeTarget,
    syncPost,
    /** One run of a target's job (publishing.jobs.ts). */
    runJob,
    recover,
    repairPosts,
    /** Queues (or moves) each target's job to its time. */
    async enqueue(targets: { id: string; dueAt: Date | null }[]) {
      for (const t of targets) await enqueueOne(t.id, t.dueAt ?? new Date());
    },
    async cancel(targetIds: string[]) {
      for (const id of targetIds) await queue.cancel(PUBLISH_JOB, { targetId: id });
    },
    /** After a reconnect, targets that waited for the account are due again. */
    async resumeAccount(accountId: string) {
      const waiting = await db.postTarget.findMany({ where: { accountId, status: "pending", post: { status: { in: ["scheduled", "publishing"] } } }, select: { id: true, dueAt: true } });
      await db.postTarget.updateMany({ where: { id: { in: waiting.map((w) => w.id) }, errorCode: "ACCOUNT_RECONNECT_NEEDED" }, data: { errorCode: null, errorMessage: null } });
      const now = Date.now();
      for (const w of waiting) await enqueueOne(w.id, new Date(Math.max(now, w.dueAt?.getTime() ?? now)));
    },
  };
}
export type PublishingService = ReturnType<typeof createPublishingService>;
