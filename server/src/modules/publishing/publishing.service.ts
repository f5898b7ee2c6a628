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
import { randomUUID } from "node:crypto";
import {
  PLATFORM_LIMITS,
  altTextOf,
  assertPostTransition,
  mediaFormatOf,
  assertTargetTransition,
  composeText,
  DEFAULT_GOOGLE_POST_OPTIONS,
  kuwaitDate,
  mayUse,
  STOPPED_STATUSES,
  TARGET_STATUSES,
  type GooglePostOptions,
  type NetworkOptions,
} from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { Load } from "../../jobs/adaptive.ts";
import type { BatchOutcome } from "../../jobs/batched.ts";
import { groupCommit } from "../../jobs/group-commit.ts";
import { publishIn, type Events } from "../../kernel/pubsub.ts";
import type { PostStatus, Prisma, TargetStatus } from "../../generated/prisma/client.ts";
import { PlatformError, type PublishRequest, type Published } from "../../networks/types.ts";
import type { MediaService } from "../media/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { postsOutOfStep, postStatusFrom, type TargetState } from "./post-status.ts";

export const PUBLISH_JOB = "publish.target";
export const RECOVER_JOB = "publish.recover";
/** automatic attempts after "the network is unavailable" or a refused token, before giving up */
const MAX_ATTEMPTS = 5;
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

type Step = "prepare" | "send";

const TARGET_STATE = { status: true, attempts: true, errorCode: true, publishedAt: true } as const;

/** The statuses a target matching a `where` on status may be in: the one named, those listed, or any. */
function statusesOf(where: Prisma.PostTargetWhereInput["status"]): readonly TargetStatus[] {
  if (typeof where === "string") return [where];
  if (where && Array.isArray(where.in)) return where.in;
  return TARGET_STATUSES;
}

/**
 * What publishing tells analytics (services.ts hands it analytics' functions): the Kuwait days whose
 * published targets changed, and the targets just published, whose figures analytics then reads on
 * its schedule (schema's FIGURES_SCHEDULE_MINUTES).
 */
export interface PublishedDays {
  refreshDays(businessId: string, days: string[]): Promise<void>;
  figuresDue(targets: { id: string; publishedAt: Date }[]): Promise<void>;
}

/** A post's new status that is a webhook event (docs/product.md#webhooks); a partly published post is published. */
const POST_EVENTS: Partial<
  Record<PostStatus, "post.scheduled" | "post.published" | "post.failed" | "post.unconfirmed">
> = {
  scheduled: "post.scheduled",
  published: "post.published",
  partially_published: "post.published",
  failed: "post.failed",
  unconfirmed: "post.unconfirmed",
};

export function createPublishingService(
  deps: Deps,
  accounts: PlatformAccountsService,
  media: MediaService,
  notifications: NotificationsService,
  analytics: PublishedDays,
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">,
) {
  const { db, pubsub, queue, logger, config } = deps;
  const leaseMs = config.platforms.leaseMs;
  const leaseUntil = () => new Date(Date.now() + leaseMs);

  // the lane is the network: the worker adapts how many calls it has in flight to each (jobs/adaptive.ts)
  const enqueueOne = (targetId: string, when: Date, lane: string) =>
    queue.enqueue(PUBLISH_JOB, { targetId, lane }, when, { "data.targetId": targetId });
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
    for (const t of targets) await enqueueOne(t.id, t.dueAt ?? new Date(), t.platform ?? lanes.get(t.id) ?? "");
  }
  /**
   * A run that wants its target tried again later says so here; the batch runner hands the date to
   * the queue, which would otherwise clear the one-off job's next run when the run ends (and with it
   * an enqueue made during the run).
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
    const post = await tx.post.findUnique({ where: { id: postId }, include: { targets: { select: TARGET_STATE } } });
    if (!post) return null;
    const d = derive(post, repair);
    if (d.changed)
      await tx.post.update({ where: { id: postId }, data: { status: d.status, publishedAt: d.firstPublished } });
    return recordEvent(tx, post, d);
  }

  /**
   * `syncPost` for many posts at once, which the caller's transaction has locked (in id order): one
   * read of them all and one update of those that change, the same rule for each.
   */
  async function syncPosts(tx: Tx, postIds: string[]): Promise<Map<string, Synced>> {
    const posts = postIds.length
      ? await tx.post.findMany({ where: { id: { in: postIds } }, include: { targets: { select: TARGET_STATE } } })
      : [];
    const derived = posts.map((post) => ({ post, d: derive(post, false) }));
    const changed = derived.filter((x) => x.d.changed);
    if (changed.length) {
      const ids = changed.map((x) => x.post.id);
      const statuses = changed.map((x) => x.d.status);
      const firsts = changed.map((x) => x.d.firstPublished);
      await tx.$executeRaw`update posts p set status = x.status::"PostStatus", published_at = x.first, updated_at = now()
        from unnest(${ids}::uuid[], ${statuses}::text[], ${firsts}::timestamptz[]) as x(id, status, first) where p.id = x.id`;
    }
    const out = new Map<string, Synced>();
    for (const { post, d } of derived) out.set(post.id, await recordEvent(tx, post, d));
    return out;
  }

  /** The status (and first publication time) a post's targets give it; throws on a move the machine refuses. */
  function derive(
    post: { status: PostStatus; publishedAt: Date | null; targets: (TargetState & { publishedAt: Date | null })[] },
    repair: boolean,
  ) {
    const days = post.targets.flatMap((t) =>
      t.status === "published" && t.publishedAt ? [kuwaitDate(t.publishedAt)] : [],
    );
    const status = postStatusFrom(post.targets, post.status);
    const firstPublished =
      post.targets
        .map((t) => t.publishedAt)
        .filter((d): d is Date => !!d)
        .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    const changed =
      status !== post.status || (post.publishedAt?.getTime() ?? null) !== (firstPublished?.getTime() ?? null);
    if (status !== post.status && !repair) assertPostTransition(post.status, status);
    return { days, status, firstPublished, changed };
  }

  /** The webhook event of a post's new status, recorded in the same transaction. */
  async function recordEvent(
    tx: Tx,
    post: { id: string; businessId: string; status: PostStatus },
    d: ReturnType<typeof derive>,
  ): Promise<Synced> {
    const event = d.status !== post.status ? POST_EVENTS[d.status] : undefined;
    const deliveries = event ? await webhooks.record(tx, post.businessId, { type: event, postId: post.id }) : [];
    return {
      businessId: post.businessId,
      status: d.status,
      was: post.status,
      changed: d.changed,
      days: d.days,
      deliveries,
    };
  }

  type Event = { [T in "post.changed" | "stats.changed"]: { topic: T; payload: Events[T] } }[
    "post.changed" | "stats.changed"];
  /** Events of many posts changing at once go out together, in one transaction (delivered at its commit, in order). */
  const notify = groupCommit<Event, void>(async (asked) => {
    // the same event twice in one transaction is delivered once (Postgres folds them): sent once
    const events = [...new Map(asked.map((e) => [JSON.stringify(e), e])).values()];
    // a few go out one by one, in order (a transaction costs more round trips than it saves)
    if (events.length <= 3) for (const e of events) await pubsub.publish(e.topic, e.payload as never);
    else
      await db.$transaction(async (tx) => {
        for (const e of events) await publishIn(tx, e.topic, e.payload as never);
      });
    return asked.map(() => undefined);
  });

  /** After the commit: analytics' daily rows, and the events screens listen to. */
  async function announce(postId: string, s: Synced) {
    if (s.days.length) await analytics.refreshDays(s.businessId, s.days);
    await webhooks.dispatch(s.deliveries);
    if (!s.changed) return;
    const events: Promise<void>[] = [
      notify({ topic: "post.changed", payload: { businessId: s.businessId, postId, status: s.status } }),
    ];
    if (s.status === "published" || s.status === "partially_published" || s.was === "published")
      events.push(notify({ topic: "stats.changed", payload: { reason: "post.published" } }));
    await Promise.all(events);
  }

  /**
   * Every change of a target's status goes through here: the target (if it still matches `where`) and
   * its post's status change in one transaction, so neither a crash between the two nor a sibling
   * target finishing at the same moment can leave the post behind its targets. `also` writes more in
   * the same transaction (an audit row). False when the target no longer matched.
   */
  async function changeTarget(
    target: { id: string; postId: string },
    where: Prisma.PostTargetWhereInput,
    data: Prisma.PostTargetUpdateManyMutationInput,
    also?: (tx: Tx) => Promise<unknown>,
  ) {
    // every status `where` admits must be allowed to become the new one (TARGET_TRANSITIONS)
    const to = typeof data.status === "object" ? data.status.set : data.status;
    if (to) assertTargetTransition(statusesOf(where.status), to);
    const synced = await db.$transaction(async (tx) => {
      // the post first, as every other writer of the post and its targets does
      await tx.$queryRaw`select id from posts where id = ${target.postId}::uuid for update`;
      const { count } = await tx.postTarget.updateMany({
        where: { ...where, id: target.id, postId: target.postId },
        data,
      });
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
    t: {
      id: string;
      attemptKey: string | null;
      platform: string;
      post: { id: string; businessId: string; authorId: string | null; content: string };
    },
    type: "post_failed" | "post_unconfirmed" | "snapchat_ready" | "tiktok_ready",
    extra: { errorCode?: string; errorMessage?: string | null } = {},
  ) {
    const to = t.post.authorId
      ? [t.post.authorId]
      : (await db.user.findMany({ where: { businessId: t.post.businessId }, select: { id: true } })).map((u) => u.id);
    const excerpt = t.post.content.length > 80 ? `${t.post.content.slice(0, 79)}…` : t.post.content;
    const base = { businessId: t.post.businessId, postId: t.post.id, platform: t.platform, excerpt };
    await notifications.deliver(
      to.map((userId) => ({
        userId,
        type,
        data:
          type === "post_failed"
            ? { ...base, errorCode: extra.errorCode ?? "PUBLISH_FAILED", errorMessage: extra.errorMessage ?? null }
            : base,
        dedupeKey: `${type}:${t.id}:${t.attemptKey ?? "manual"}:${userId}`,
      })) as Parameters<NotificationsService["deliver"]>[0],
    );
  }

  /**
   * Outcomes of attempts that end together, written in one transaction: each target only if its
   * attempt still owns it, then each post's status once (the posts locked in one order, as claims
   * lock them). A failure of the whole is retried one target at a time, so one target's trouble stays
   * its own. Each caller learns whether its write happened, and the post's change to announce.
   */
  type Outcome = { t: { id: string; postId: string }; key: string; data: Prisma.PostTargetUpdateManyMutationInput };
  const settleMany = groupCommit<Outcome, { done: boolean; synced?: Synced }>(
    async (items) => {
      try {
        return await db.$transaction(
          async (tx) => {
            const posts = [...new Set(items.map((i) => i.t.postId))].sort();
            await tx.$queryRaw`select id from posts where id = any(${posts}::uuid[]) order by id for update`;
            const done: boolean[] = [];
            for (const i of items) {
              const { count } = await tx.postTarget.updateMany({
                where: { id: i.t.id, postId: i.t.postId, status: "publishing", attemptKey: i.key },
                data: { leaseUntil: null, ...i.data },
              });
              done.push(count > 0);
            }
            const answers: { done: boolean; synced?: Synced }[] = done.map((d) => ({ done: d }));
            const touched = posts.filter((postId) => items.some((i, n) => done[n] && i.t.postId === postId));
            const synced = await syncPosts(tx, touched);
            for (const postId of touched)
              answers[items.findLastIndex((i, n) => done[n] && i.t.postId === postId)]!.synced = synced.get(postId);
            return answers;
          },
          { maxWait: 10_000, timeout: 30_000 },
        );
      } catch (e) {
        if (items.length === 1) throw e;
        return Promise.all(
          items.map(async (i) => {
            let synced: Synced | null = null;
            const done = await db.$transaction(async (tx) => {
              await tx.$queryRaw`select id from posts where id = ${i.t.postId}::uuid for update`;
              const { count } = await tx.postTarget.updateMany({
                where: { id: i.t.id, postId: i.t.postId, status: "publishing", attemptKey: i.key },
                data: { leaseUntil: null, ...i.data },
              });
              if (count) synced = await syncPost(tx, i.t.postId);
              return count > 0;
            });
            return { done, ...(synced ? { synced } : {}) };
          }),
        );
      }
      // two at once: one commits while the next is written (they lock their posts in one order)
    },
    { concurrency: 2 },
  );

  /** Writes a target's outcome, only if this attempt still owns it. */
  async function settle(
    t: { id: string; postId: string },
    attemptKey: string,
    data: Prisma.PostTargetUpdateManyMutationInput,
  ) {
    const to = typeof data.status === "object" ? data.status.set : data.status;
    if (to) assertTargetTransition(["publishing"], to);
    const r = await settleMany({ t, key: attemptKey, data });
    if (r.synced) await announce(t.postId, r.synced);
    return r.done;
  }

  // the business's subscription comes with the target: a stopped business's due targets are held (docs/product.md#subscriptions-and-billing)
  const include = {
    account: true,
    post: {
      include: {
        media: { orderBy: { position: "asc" }, select: { mediaId: true } },
        business: { select: { subscription: { select: { status: true } } } },
      },
    },
  } as const satisfies Prisma.PostTargetInclude;
  const loadTargets = (ids: string[]) => db.postTarget.findMany({ where: { id: { in: ids } }, include });
  type LoadedTarget = Awaited<ReturnType<typeof loadTargets>>[number];

  /**
   * Leases of the attempts this process drives, renewed together (one statement for all, while any
   * runs); a lease that lapses tells the other workers this one is gone.
   */
  const leases = new Map<string, string>();
  let renewing: NodeJS.Timeout | null = null;
  function holdLease(targetId: string, key: string) {
    leases.set(targetId, key);
    if (renewing) return;
    renewing = setInterval(
      () => {
        if (!leases.size) return;
        const ids = [...leases.keys()];
        const keys = [...leases.values()];
        void db.$executeRaw`update post_targets set lease_until = ${leaseUntil()}
        where status = 'publishing' and (id, attempt_key) in (select * from unnest(${ids}::uuid[], ${keys}::text[]))`.catch(
          () => {},
        );
      },
      Math.max(200, leaseMs / 3),
    );
    renewing.unref();
  }
  function dropLease(targetId: string) {
    leases.delete(targetId);
    if (!leases.size && renewing) {
      clearInterval(renewing);
      renewing = null;
    }
  }

  /** Attempts about to send, recorded as such together: the step is written before any of them sends. */
  const markSend = groupCommit<{ id: string; key: string }, boolean>(
    async (items) => {
      const ids = items.map((i) => i.id);
      const keys = items.map((i) => i.key);
      const rows = await db.$queryRaw<
        { id: string }[]
      >`update post_targets set attempt_step = 'send', lease_until = ${leaseUntil()}, updated_at = now()
      where (id, attempt_key) in (select * from unnest(${ids}::uuid[], ${keys}::text[])) returning id::text`;
      const marked = new Set(rows.map((r) => r.id));
      return items.map((i) => marked.has(i.id));
    },
    { concurrency: 2 },
  );

  /** Accounts a network told to wait (a 429 and its reset): none of their targets is sent before then. */
  const accountWaits = new Map<string, Date>();
  const waitsUntil = (accountId: string) => {
    const until = accountWaits.get(accountId);
    if (until && until.getTime() > Date.now()) return until;
    if (until) accountWaits.delete(accountId);
    return null;
  };

  /** The account cannot publish now: the target waits, visibly, until it is reconnected. */
  async function waitForAccount(t: LoadedTarget) {
    await changeTarget(
      t,
      { status: { in: ["pending", "publishing"] } },
      {
        status: "pending",
        errorCode: "ACCOUNT_RECONNECT_NEEDED",
        errorMessage: t.account.lastError,
        leaseUntil: null,
        attemptStep: null,
      },
    );
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

  type Claim = { attemptKey: string; attemptStartedAt: Date; attempts: number };

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
   * A target of a business whose subscription stopped (expired, cancelled) is held: it stays pending
   * and scheduled, nothing is sent, and its job ends without running again; when the business pays,
   * resumeBusiness queues it (docs/product.md#subscriptions-and-billing: scheduled posts are held, not lost).
   */
  const held = (t: LoadedTarget) => !mayUse(t.post.business.subscription, "publish");

  type AccessOf = (accountId: string) => ReturnType<typeof accounts.access>;

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
    const access = new Map<string, ReturnType<typeof accounts.access>>();
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
        return { again: rerunAt.get(id) ?? null, load };
      } finally {
        rerunAt.delete(id);
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

  /**
   * Drives the attempt `t` (as claimed, or as the dead worker left it) to an outcome; says how the
   * network took it, through `answered` as soon as it answered (the next attempt may start while
   * this one's outcome is written), and in the end.
   */
  async function attempt(t: LoadedTarget, accessOf: AccessOf, answered: (load: Load) => void): Promise<Load> {
    const targetId = t.id;
    const key = t.attemptKey!;
    holdLease(targetId, key);
    let step: Step = t.attemptStep === "send" ? "send" : "prepare";
    let req: PublishRequest | null = null;
    let quotaSpent = false;
    try {
      const { account, access } = await accessOf(t.accountId);
      if (account.status !== "connected") {
        await waitForAccount({ ...t, account });
        return "none";
      }
      const adapter = accounts.adapterFor(account);
      const networkOptions = t.post.networkOptions as NetworkOptions | null;
      const files = (
        await media.forPublish(
          t.post.businessId,
          t.post.media.map((m) => m.mediaId),
          t.platform,
          mediaFormatOf(t.platform, networkOptions),
        )
      ).map((f) => ({ ...f, altText: altTextOf(networkOptions, f.id) }));
      const google = t.platform === "google" ? await googleRequest(t) : undefined;
      if (google === null && !account.demo) {
        // nowhere to post it: refused before anything is sent; a person picks a location, then retries
        if (await settle(t, key, { status: "failed", errorCode: "GOOGLE_NO_LOCATION", errorMessage: null }))
          await tellAuthor({ ...t, attemptKey: key }, "post_failed", { errorCode: "GOOGLE_NO_LOCATION" });
        return "none";
      }
      req = {
        attemptKey: key,
        attemptStartedAt: t.attemptStartedAt ?? new Date(),
        account: access,
        text: composeText(t.post.content, t.post.hashtags),
        // the networks that post a first comment after the post (schema: PLATFORM_LIMITS[...].firstComment)
        firstComment: PLATFORM_LIMITS[t.platform].firstComment ? t.post.firstComment : null,
        media: files,
        options: t.platform === "google" ? null : (networkOptions?.[t.platform] ?? null),
        progress: (t.progress ?? {}) as Record<string, unknown>,
        saveProgress: async (progress) => {
          req!.progress = progress;
          await db.postTarget.updateMany({
            where: { id: targetId, attemptKey: key },
            data: { progress: progress as Prisma.InputJsonValue, leaseUntil: leaseUntil() },
          });
        },
        signal: AbortSignal.timeout(config.platforms.publishTimeoutMs * 10),
        ...(t.platform === "google"
          ? {
              google: google ?? {
                locations: [],
                post: (t.post.googleOptions as GooglePostOptions | null) ?? DEFAULT_GOOGLE_POST_OPTIONS,
              },
            }
          : {}),
      };
      if (step === "send") {
        // resumed after the send may have happened: ask before anything else
        // any doubt (the question itself failing included) goes to a person, never to a second send
        const r = await adapter.reconcile(req).catch(() => ({ state: "unknown" as const }));
        if (r.state === "published") {
          await finish(t, key, r.result);
          return "ok";
        }
        if (r.state === "unknown") {
          await unconfirmed(t, key);
          return "none";
        }
      } else {
        if (adapter.quota) {
          const q = await adapter.quota(access);
          if (q.remaining <= 0) {
            quotaSpent = true;
            throw new PlatformError("rate_limit", "publishing limit reached", { retryAt: q.resetAt });
          }
        }
        await adapter.prepare(req);
        // written before the send, so a successor asks instead of sending again; an attempt that no
        // longer owns its target (its key replaced) sends nothing
        if (!(await markSend({ id: targetId, key }))) return "none";
        step = "send";
      }
      req.signal = AbortSignal.timeout(config.platforms.publishTimeoutMs);
      const result = await adapter.send(req);
      answered("ok");
      await finish(t, key, result);
      return "ok";
    } catch (e) {
      const load = loadOf(e, quotaSpent);
      answered(load);
      await failed(t, key, step, e, req);
      return load;
    } finally {
      dropLease(targetId);
    }
  }

  /** What a failure says about the network's load: slow down on 429s, timeouts and 5xx; a refusal is an answer. */
  function loadOf(e: unknown, quotaSpent: boolean): Load {
    if (!(e instanceof PlatformError)) return "none";
    if (e.kind === "rate_limit") return quotaSpent ? "none" : "overload";
    return e.kind === "timeout" || e.kind === "unavailable" ? "overload" : "ok";
  }

  async function finish(t: LoadedTarget, key: string, r: Published) {
    if (r.handoff) {
      // handed to the person on the network (TikTok's inbox): it is theirs to post; they mark it done
      if (
        await settle(t, key, {
          status: "awaiting_manual",
          attemptStep: "done",
          errorCode: "TIKTOK_INBOX",
          errorMessage: null,
        })
      )
        await tellAuthor({ ...t, attemptKey: key }, "tiktok_ready");
      return;
    }
    // a follow-up step that failed after the post went out (a first comment, a thread's later part) is kept for the person to read
    const publishedAt = new Date();
    if (
      await settle(t, key, {
        status: "published",
        externalId: r.externalId,
        permalink: r.permalink ?? null,
        publishedAt,
        attemptStep: "done",
        errorCode: r.warning ? "PUBLISHED_WITH_WARNING" : null,
        errorMessage: r.warning ?? null,
      })
    ) {
      // its first figures minutes from now, not at the next hourly sweep; a failure to queue leaves it to the sweep
      await analytics
        .figuresDue([{ id: t.id, publishedAt }])
        .catch((e: Error) => logger.warn("could not queue a post's figures", { targetId: t.id, error: e.message }));
    }
  }

  async function unconfirmed(t: LoadedTarget, key: string) {
    if (await settle(t, key, { status: "unconfirmed", errorCode: "PUBLISH_TIMEOUT" })) {
      await tellAuthor({ ...t, attemptKey: key }, "post_unconfirmed");
    }
  }

  /** Back to pending, due at `when`, with the reason shown meanwhile. */
  async function later(t: LoadedTarget, key: string, when: Date, errorCode: string, errorMessage: string | null) {
    if (await settle(t, key, { status: "pending", dueAt: when, attemptStep: null, errorCode, errorMessage }))
      again(t.id, when);
  }

  async function failed(t: LoadedTarget, key: string, step: Step, e: unknown, req: PublishRequest | null) {
    const pe = e instanceof PlatformError ? e : null;
    logger.warn("publish attempt did not succeed", {
      targetId: t.id,
      step,
      kind: pe?.kind ?? "error",
      error: (e as Error).message,
    });
    const giveUp = async (errorCode: string, errorMessage: string | null) => {
      if (await settle(t, key, { status: "failed", errorCode, errorMessage })) {
        await tellAuthor({ ...t, attemptKey: key }, "post_failed", { errorCode, errorMessage });
      }
    };
    const backoff = () => new Date(Date.now() + Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, t.attempts - 1)));

    if (pe?.kind === "rate_limit") {
      // the account's limit is spent until the reset: its other targets wait for it too, unsent
      const until = pe.opts.retryAt ?? new Date(Date.now() + 15 * 60_000);
      if (until > (accountWaits.get(t.accountId) ?? new Date(0))) accountWaits.set(t.accountId, until);
      return later(t, key, until, "RATE_LIMITED", pe.platformMessage);
    }
    if (pe?.kind === "rejected") return giveUp("PUBLISH_REJECTED", pe.platformMessage);
    // the server's API access with the network lacks this call: retrying cannot help, an administrator must act
    if (pe?.kind === "plan") return giveUp("PUBLISH_PLAN_UNAVAILABLE", pe.platformMessage);
    if (pe?.kind === "auth") {
      // the network refused the token before creating anything: refresh once and try again, or wait for a reconnect
      const { account } = await accounts
        .access(t.accountId, { force: true })
        .catch(() => ({ account: { ...t.account, status: "reconnect_needed" as const } }));
      if (account.status !== "connected") return waitForAccount({ ...t, account: account as LoadedTarget["account"] });
      if (t.attempts >= MAX_ATTEMPTS) return giveUp("PUBLISH_AUTH", pe.platformMessage);
      return later(t, key, new Date(), "PUBLISH_AUTH", pe.platformMessage);
    }
    if (step === "send") {
      // the network may have received it: never send again on our own
      if (pe?.kind === "timeout" || !pe) return unconfirmed(t, key);
      // unavailable (5xx, connection dropped): ask, read-only, before deciding
      const r = req
        ? await accounts
            .adapterFor(t.account)
            .reconcile(req)
            .catch(() => ({ state: "unknown" as const }))
        : { state: "unknown" as const };
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

  return {
    changeTarget,
    syncPost,
    /** One batch of due targets' jobs (publishing.jobs.ts). */
    runBatch,
    recover,
    repairPosts,
    /** Queues (or moves) each target's job to its time. */
    enqueue: enqueueTargets,
    async cancel(targetIds: string[]) {
      for (const id of targetIds) await queue.cancel(PUBLISH_JOB, { targetId: id });
    },
    /**
     * A business that had stopped runs again: the targets it held are queued, those whose time passed
     * now, the others at their time (a job already queued is left as it is). Answers how many it queued.
     */
    async resumeBusiness(businessId: string) {
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
    },
    /** After a reconnect, targets that waited for the account are due again. */
    async resumeAccount(accountId: string) {
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
    },
  };
}
export type PublishingService = ReturnType<typeof createPublishingService>;
