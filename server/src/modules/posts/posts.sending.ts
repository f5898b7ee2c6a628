// When a post goes out (posts.service.ts): schedule (and a new time), unschedule, publish now, many at once,
// and a person's word on one network's part (confirm it is there, send it again). The publishing service
// does the sending; these put the post's targets on the clock under the post's lock.
import {
  assertPostTransition,
  mayPublishNowFrom,
  mayScheduleFrom,
  StateTransitionError,
  scheduleSchema,
} from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { requireRunning } from "../billing/index.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireAgencyRight } from "../../kernel/policy.ts";
import type { PostApproval } from "./posts.approval.ts";
import type { PostsDeps } from "./posts.deps.ts";
import type { PostChecks } from "./posts.checks.ts";
import { idsSchema } from "./posts.commands.ts";
import type { PostQueries } from "./posts.queries.ts";

export function createPostSending(
  deps: PostsDeps,
  { business, own }: PostQueries,
  { lock, checkReady, changed, scheduleTargets }: PostChecks,
  approval: PostApproval,
) {
  const { db, publishing, webhooks } = deps;

  /** Draft, scheduled or failed -> scheduled at `scheduledFor` (future, within a year); the jobs move. */
  async function schedule(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const { scheduledFor } = validate(scheduleSchema(new Date()), input);
    const gated = await approval.gate(db, businessId);
    if (!gated) requireAgencyRight(v, "publish");
    const { post, targets, deliveries, off } = await db.$transaction(async (tx) => {
      await requireRunning(tx, businessId, "schedule");
      const p = await lock(tx, businessId, id);
      if (!mayScheduleFrom(p.status)) throw new AppError("POST_NOT_EDITABLE");
      // in a café that approves posts, a time is the post's plan until an approval covers it: an approval given
      // without a time takes one, one given with a time covers only that time (docs/product.md#agencies-and-approvals)
      const sameTime = p.scheduledFor?.getTime() === scheduledFor.getTime();
      if (gated && !(p.approval === "approved" && (!p.scheduledFor || sameTime))) {
        const revised = sameTime ? null : await approval.revise(tx, p, p, { userId: v.userId, name: v.name }, true);
        await tx.post.update({ where: { id: p.id }, data: { status: "draft", scheduledFor } });
        await tx.postTarget.updateMany({ where: { postId: p.id, status: "pending" }, data: { dueAt: null } });
        const wasOn = p.status === "scheduled" ? p.targets.filter((t) => t.status === "pending").map((t) => t.id) : [];
        await audit(tx, {
          actorId: v.userId,
          action: "post.planned",
          entityType: "post",
          entityId: p.id,
          data: { from: p.scheduledFor?.toISOString() ?? null, to: scheduledFor.toISOString() },
          ip: meta.ip,
        });
        const off = [...new Set([...wasOn, ...(revised?.off ?? [])])];
        return { post: await own(businessId, p.id, tx), targets: [], deliveries: [], off };
      }
      await checkReady(tx, businessId, p);
      assertPostTransition(p.status, "scheduled");
      const targets = await scheduleTargets(tx, p.id, scheduledFor);
      await tx.post.update({ where: { id: p.id }, data: { status: "scheduled", scheduledFor } });
      await audit(tx, {
        actorId: v.userId,
        action: p.status === "scheduled" ? "post.rescheduled" : "post.scheduled",
        entityType: "post",
        entityId: p.id,
        data: { from: p.scheduledFor?.toISOString() ?? null, to: scheduledFor.toISOString() },
        ip: meta.ip,
      });
      // a new time is announced too (the body's scheduled_for says which)
      const deliveries = await webhooks.record(tx, businessId, { type: "post.scheduled", postId: p.id });
      return { post: await own(businessId, p.id, tx), targets, deliveries, off: [] as string[] };
    });
    await webhooks.dispatch(deliveries);
    if (off.length) await publishing.cancel(off);
    await publishing.enqueue(targets);
    await changed(post);
    return post;
  }

  /** Scheduled -> draft: the jobs are cancelled; nothing goes out. */
  async function unschedule(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const post = await db.$transaction(async (tx) => {
      const p = await lock(tx, businessId, id);
      if (p.status !== "scheduled") throw new AppError("INVALID_STATE");
      assertPostTransition(p.status, "draft");
      // the time an approval covered is gone: the approval with it
      await approval.revise(tx, p, p, { userId: v.userId, name: v.name }, true);
      await tx.post.update({ where: { id: p.id }, data: { status: "draft", scheduledFor: null } });
      await tx.postTarget.updateMany({ where: { postId: p.id, status: "pending" }, data: { dueAt: null } });
      await audit(tx, {
        actorId: v.userId,
        action: "post.unscheduled",
        entityType: "post",
        entityId: p.id,
        ip: meta.ip,
      });
      return own(businessId, p.id, tx);
    });
    await publishing.cancel(post.targets.map((t) => t.id));
    await changed(post);
    return post;
  }

  /** Publish now: every target not yet published is due at once. */
  async function publishNow(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    requireAgencyRight(v, "publish");
    const now = new Date();
    const gated = await approval.gate(db, businessId);
    const { post, targets } = await db.$transaction(async (tx) => {
      await requireRunning(tx, businessId, "publish");
      const p = await lock(tx, businessId, id);
      if (!mayPublishNowFrom(p.status)) throw new AppError("INVALID_STATE");
      if (gated && p.approval !== "approved") throw new AppError("APPROVAL_REQUIRED");
      await checkReady(tx, businessId, p);
      assertPostTransition(p.status, "publishing");
      const targets = await scheduleTargets(tx, p.id, now);
      await tx.post.update({
        where: { id: p.id },
        data: {
          status: "publishing",
          scheduledFor: p.scheduledFor && p.scheduledFor > now ? now : (p.scheduledFor ?? now),
        },
      });
      await audit(tx, {
        actorId: v.userId,
        action: "post.publish_requested",
        entityType: "post",
        entityId: p.id,
        ip: meta.ip,
      });
      return { post: await own(businessId, p.id, tx), targets };
    });
    await publishing.enqueue(targets);
    await changed(post);
    return post;
  }

  /**
   * A person's change of one network's part (confirm, retry). The target's own status is checked by
   * `where`; its post may still be unable to follow (a post back in the drafts while its target says
   * unconfirmed): that is the state the person sees, INVALID_STATE (409), not a fault of the code.
   */
  async function personChangesTarget(...args: Parameters<typeof publishing.changeTarget>) {
    try {
      return await publishing.changeTarget(...args);
    } catch (e) {
      if (e instanceof StateTransitionError && e.machine === "post") throw new AppError("INVALID_STATE");
      throw e;
    }
  }

  /** A person's word on one network's part: "it is there" (unconfirmed, or Snapchat posted by hand). */
  async function confirmTarget(
    viewer: Viewer | null,
    targetId: unknown,
    input: { permalink?: unknown },
    meta: RequestMeta,
  ) {
    const { v, businessId } = business(viewer);
    const permalink =
      typeof input.permalink === "string" && /^https?:\/\/\S+$/.test(input.permalink.trim())
        ? input.permalink.trim()
        : null;
    if (input.permalink !== undefined && input.permalink !== null && input.permalink !== "" && !permalink)
      throw new AppError("VALIDATION_ERROR", { permalink: ["permalinkInvalid"] });
    const t = await targetOf(businessId, targetId);
    // the target, its post's status and the audit row in one transaction
    const ok = await personChangesTarget(
      t,
      { status: { in: ["unconfirmed", "awaiting_manual"] } },
      {
        status: "published",
        publishedAt: new Date(),
        permalink: permalink ?? t.permalink,
        errorCode: null,
        errorMessage: null,
        attemptStep: "done",
      },
      (tx) =>
        audit(tx, {
          actorId: v.userId,
          action: "post.target_confirmed",
          entityType: "post",
          entityId: t.postId,
          data: { platform: t.platform },
          ip: meta.ip,
        }),
    );
    if (!ok) throw new AppError("INVALID_STATE");
    return own(businessId, t.postId);
  }

  /** A person's decision to send again (after checking an unconfirmed post is not there, or after a failure). */
  async function retryTarget(viewer: Viewer | null, targetId: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const t = await targetOf(businessId, targetId);
    await requireRunning(db, businessId, "publish");
    const now = new Date();
    const ok = await personChangesTarget(
      t,
      { status: { in: ["unconfirmed", "failed"] } },
      {
        status: "pending",
        dueAt: now,
        errorCode: null,
        errorMessage: null,
        attemptStep: null,
        attemptKey: null,
        attempts: 0,
        progress: {},
      },
      (tx) =>
        audit(tx, {
          actorId: v.userId,
          action: "post.target_retried",
          entityType: "post",
          entityId: t.postId,
          data: { platform: t.platform, was: t.status },
          ip: meta.ip,
        }),
    );
    if (!ok) throw new AppError("INVALID_STATE");
    // a crash before this line leaves a due target without its job: the recovery pass queues it
    await publishing.enqueue([{ id: t.id, dueAt: now }]);
    return own(businessId, t.postId);
  }

  async function targetOf(businessId: string, targetId: unknown) {
    if (!isUuid(targetId)) throw new AppError("NOT_FOUND");
    const t = await db.postTarget.findFirst({ where: { id: targetId, post: { businessId } } });
    if (!t) throw new AppError("NOT_FOUND");
    return t;
  }

  return {
    schedule,
    unschedule,
    publishNow,
    confirmTarget,
    retryTarget,
    async scheduleMany(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const { ids } = validate(idsSchema, input);
      const { scheduledFor } = validate(scheduleSchema(new Date()), input);
      // one refusal for the whole choice, rather than the same one per post
      await requireRunning(db, business(viewer).businessId, "schedule");
      const done: string[] = [];
      const refused: { id: string; code: string }[] = [];
      for (const id of ids) {
        try {
          await schedule(viewer, id, { scheduledFor }, meta);
          done.push(id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          refused.push({ id, code: e.code });
        }
      }
      return { done, refused };
    },
  };
}
