// A post's approval (posts.service.ts; docs/product.md#agencies-and-approvals): in a café that approves posts
// (approvalRequired), a post is sent for approval, the owners approve it or ask for changes, and only an approved
// post is put on the clock. An approval names the post's revision: any change to what it covers (text, media,
// networks, options, and the time when it had one) moves the revision on, voids an approval given and takes a
// scheduled post back to the drafts, its time kept as the plan. Every move is in the post's history.
import { canApprovalMove, type ApprovalAction, type ApprovalDecision, type ApprovalState } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import { AppError } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { needsApproval } from "../agencies/index.ts";
import { notifyIn } from "../notifications/index.ts";
import { managersOf, peopleOf } from "../team/index.ts";
import type { PostsDeps } from "./posts.deps.ts";
import type { PostChecks } from "./posts.checks.ts";
import type { PostQueries } from "./posts.queries.ts";
import type { PostRecord } from "./posts.read.ts";

/** Who acted on an approval: a person, or the holder of an approval link. */
export type ApprovalActor = { userId: string; name: string } | { linkId: string };

/** What an approval covers, compared before and after a change. */
const approvalCovers = (p: PostRecord) =>
  JSON.stringify([
    p.content,
    p.hashtags,
    p.firstComment,
    p.media.map((m) => m.mediaId),
    p.targets.map((t) => t.accountId).sort(),
    p.googleOptions,
    p.networkOptions,
  ]);

const excerptOf = (content: string) => (content.length > 80 ? `${content.slice(0, 79)}…` : content);

export function createPostApproval(
  deps: PostsDeps,
  { own }: PostQueries,
  { lock, scheduleTargets, changed, checkReady }: PostChecks,
) {
  const { db, publishing, webhooks } = deps;

  async function move(tx: Tx, p: PostRecord, to: ApprovalState, event: Omit<Event, "postId" | "revision">) {
    if (!canApprovalMove(p.approval as ApprovalState, to)) throw new AppError("INVALID_STATE");
    await tx.post.update({ where: { id: p.id }, data: { approval: to } });
    await record(tx, { ...event, postId: p.id, revision: p.revision });
  }

  type Event = {
    postId: string;
    revision: number;
    action: ApprovalAction;
    actor?: ApprovalActor | null;
    comment?: string | null;
  };
  const record = (tx: Tx, e: Event) =>
    tx.postApprovalEvent.create({
      data: {
        postId: e.postId,
        revision: e.revision,
        action: e.action,
        actorId: e.actor && "userId" in e.actor ? e.actor.userId : null,
        linkId: e.actor && "linkId" in e.actor ? e.actor.linkId : null,
        comment: e.comment ?? null,
      },
    });

  /** A scheduled post back to the drafts, its time kept as the plan: its targets leave the clock. */
  async function backToDraft(tx: Tx, p: PostRecord) {
    if (p.status !== "scheduled") return [];
    await tx.post.update({ where: { id: p.id }, data: { status: "draft" } });
    await tx.postTarget.updateMany({ where: { postId: p.id, status: "pending" }, data: { dueAt: null } });
    return p.targets.filter((t) => t.status === "pending").map((t) => t.id);
  }

  /**
   * Who hears of a decision: an approval or changes asked, the post's sender and its author; a post the lead
   * passed, the café's managers (its own people, not an agency's).
   */
  async function tell(
    tx: Tx,
    businessId: string,
    p: PostRecord,
    what: "approved" | "changes" | "waiting",
    actor: ApprovalActor,
    comment: string,
  ) {
    const { companyName } = await tx.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { companyName: true },
    });
    const base = { businessId, companyName, postId: p.id, excerpt: excerptOf(p.content) };
    if (what === "waiting") {
      const link = await tx.approvalLinkPost.findFirst({
        where: { postId: p.id },
        orderBy: { link: { createdAt: "desc" } },
        select: { linkId: true },
      });
      const managers = managersOf((await peopleOf(tx, businessId)).filter((m) => !m.agencyId));
      return notifyIn(
        tx,
        managers.map((m) => ({
          userId: m.id,
          type: "posts_awaiting_approval" as const,
          data: { businessId, companyName, count: 1, linkId: link?.linkId ?? "" },
          dedupeKey: `posts_awaiting_approval:${p.id}:${p.revision}:${m.id}`,
        })),
      );
    }
    const sender = await tx.postApprovalEvent.findFirst({
      where: { postId: p.id, action: "sent", actorId: { not: null } },
      orderBy: { createdAt: "desc" },
      select: { actorId: true },
    });
    const hearers = [...new Set([sender?.actorId, p.authorId].filter((x): x is string => !!x))];
    return notifyIn(
      tx,
      hearers.map((userId) =>
        what === "approved"
          ? {
              userId,
              type: "post_approved" as const,
              data: { ...base, approver: "name" in actor ? actor.name : null },
              dedupeKey: `post_approved:${p.id}:${p.revision}:${userId}`,
            }
          : {
              userId,
              type: "post_changes_requested" as const,
              data: { ...base, comment },
              dedupeKey: `post_changes_requested:${p.id}:${p.revision}:${Date.now()}:${userId}`,
            },
      ),
    );
  }

  return {
    /**
     * After a change to a locked post (`before` and `after` read under the lock): when what an approval covers
     * changed (or the time, for an approval given with one), the revision moves on and an approval given is
     * voided; in a café that approves, a post no longer approved leaves the clock. Answers null when nothing an
     * approval covers changed, else the targets to take off the clock (the caller cancels their jobs after the commit).
     */
    async revise(
      tx: Tx,
      before: PostRecord,
      after: PostRecord,
      actor: ApprovalActor,
      timeChanged = false,
    ): Promise<{ off: string[] } | null> {
      const covered = approvalCovers(before) !== approvalCovers(after) || (timeChanged && !!before.scheduledFor);
      if (!covered) return null;
      const voided = after.approval === "approved";
      await tx.post.update({
        where: { id: after.id },
        data: { revision: { increment: 1 }, ...(voided ? { approval: "none" as const } : {}) },
      });
      if (!voided) return { off: [] };
      await record(tx, { postId: after.id, revision: before.revision, action: "voided", actor });
      return { off: (await needsApproval(tx, after.businessId)) ? await backToDraft(tx, after) : [] };
    },

    /** Whether the café approves posts before they are scheduled. */
    gate: (tx: Tx | PostsDeps["db"], businessId: string) => needsApproval(tx, businessId),

    /**
     * Sends posts for approval (the approvals module's link names them): each draft, scheduled or failed post not
     * already approved moves to in_review, in its history. Answers the ids sent, in their order.
     */
    async send(tx: Tx, businessId: string, ids: string[], actor: ApprovalActor, to: "lead_review" | "in_review") {
      const sent: string[] = [];
      for (const id of ids) {
        const p = await lock(tx, businessId, id);
        if (!["draft", "scheduled", "failed"].includes(p.status) || p.approval === "approved") continue;
        // a post the lead already passed stays with the owners
        if (to === "lead_review" && p.approval === "in_review") {
          sent.push(p.id);
          continue;
        }
        await move(tx, p, to, { action: "sent", actor });
        sent.push(p.id);
      }
      return sent;
    },

    /**
     * The agency lead's check (the optional first step): a post in lead_review goes on to the owners (in_review),
     * or back with changes asked. The owners hear that a post waits; the sender and the author hear of changes.
     */
    async leadDecide(businessId: string, id: string, d: ApprovalDecision, actor: ApprovalActor & { userId: string }) {
      const post = await db.$transaction(async (tx) => {
        const p = await lock(tx, businessId, id);
        if (p.revision !== d.revision) throw new AppError("POST_CHANGED");
        // a post waiting for the owners (or decided) is theirs, not the lead's
        if (p.approval !== "lead_review") throw new AppError("FORBIDDEN");
        const passed = d.decision === "approve";
        await move(tx, p, passed ? "in_review" : "changes_requested", {
          action: passed ? "lead_approved" : "changes_requested",
          actor,
          comment: d.comment ?? null,
        });
        await tell(tx, businessId, p, passed ? "waiting" : "changes", actor, d.comment ?? "");
        return own(businessId, p.id, tx);
      });
      await changed(post);
      return post;
    },

    /**
     * An owner's word on a post in review (or an approved one they now want changed): `revision` must be the
     * post's (POST_CHANGED otherwise). Approved, a post with a time still ahead goes on the clock; asked to
     * change, a scheduled post goes back to the drafts. The sender and the author hear of it.
     */
    async decide(businessId: string, id: string, d: ApprovalDecision, actor: ApprovalActor) {
      const now = new Date();
      const { post, due, off, deliveries } = await db.$transaction(async (tx) => {
        const p = await lock(tx, businessId, id);
        if (p.revision !== d.revision) throw new AppError("POST_CHANGED");
        const to: ApprovalState = d.decision === "approve" ? "approved" : "changes_requested";
        if (p.approval === to) return { post: p, due: [], off: [], deliveries: [] };
        let deliveries: Awaited<ReturnType<typeof webhooks.record>> = [];
        await move(tx, p, to, { action: to, actor, comment: d.comment ?? null });
        let due: { id: string; dueAt: Date | null }[] = [];
        let off: string[] = [];
        // approved with a time ahead, and ready to go (a network, fitting it): on the clock; else it waits for one
        if (to === "approved" && p.status === "draft" && p.scheduledFor && p.scheduledFor > now) {
          const ready = await checkReady(tx, businessId, p).then(
            () => true,
            (e: unknown) => (e instanceof AppError ? false : Promise.reject(e)),
          );
          if (ready) {
            due = await scheduleTargets(tx, p.id, p.scheduledFor);
            await tx.post.update({ where: { id: p.id }, data: { status: "scheduled" } });
            // scheduled by the approval: in the audit log and to the café's webhooks, as a person's scheduling is
            await audit(tx, {
              actorId: "userId" in actor ? actor.userId : null,
              action: "post.scheduled",
              entityType: "post",
              entityId: p.id,
              data: { scheduledFor: p.scheduledFor.toISOString(), by: "approval", viaLink: "linkId" in actor },
            });
            deliveries = await webhooks.record(tx, businessId, { type: "post.scheduled", postId: p.id });
          }
        }
        if (to === "changes_requested") off = await backToDraft(tx, p);
        await tell(tx, businessId, p, to === "approved" ? "approved" : "changes", actor, d.comment ?? "");
        return { post: await own(businessId, p.id, tx), due, off, deliveries };
      });
      await webhooks.dispatch(deliveries);
      if (due.length) await publishing.enqueue(due);
      if (off.length) await publishing.cancel(off);
      await changed(post);
      return post;
    },

    /** A post of the business as the doors answer it, or null (the approval page reads the posts its link names). */
    read: (businessId: string, id: string) =>
      own(businessId, id).catch((e: unknown) =>
        e instanceof AppError && e.code === "NOT_FOUND" ? null : Promise.reject(e),
      ),

    /** A post's approval history, newest first, with who acted (a person's name, or "the link"). */
    async history(businessId: string, id: string) {
      await own(businessId, id);
      const rows = await db.postApprovalEvent.findMany({
        where: { postId: id },
        orderBy: { createdAt: "desc" },
        take: 100,
      });
      const people = await db.user.findMany({
        where: { id: { in: rows.map((r) => r.actorId).filter((x): x is string => !!x) } },
        select: { id: true, name: true },
      });
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        revision: r.revision,
        actorName: people.find((u) => u.id === r.actorId)?.name ?? null,
        viaLink: !!r.linkId,
        comment: r.comment,
        createdAt: r.createdAt,
      }));
    },
  };
}
export type PostApproval = ReturnType<typeof createPostApproval>;
