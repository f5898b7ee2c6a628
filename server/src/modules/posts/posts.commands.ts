// The posts service's commands on a post's content (posts.service.ts): write, change, duplicate and delete
// posts. Each change is made under the post's row lock and audited in the same transaction; when a post
// goes out is posts.sending.ts's.
import {
  hasCaptionOrMedia,
  isPostDeletable,
  isPostEditable,
  kuwaitDate,
  PLAN_PLATFORMS,
  postCampaignFieldsSchema,
  postInputSchema,
  postUpdateSchema,
  scheduleSchema,
  type NetworkOptions,
} from "@sufra/schema";
import { z } from "zod";
import type { RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { assertCampaignOf } from "../campaigns/index.ts";
import { requireRunning } from "../billing/index.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { UUID_RE } from "../../kernel/ids.ts";
import type { PostsDeps } from "./posts.deps.ts";
import type { PostChecks } from "./posts.checks.ts";
import type { PostQueries } from "./posts.queries.ts";
import { postInclude } from "./posts.read.ts";
import type { PostApproval } from "./posts.approval.ts";
import { requireAgencyRight } from "../../kernel/policy.ts";

export const idsSchema = z.object({
  ids: z
    .array(z.string().regex(UUID_RE, { error: "invalidValue" }), { error: "invalidValue" })
    .min(1, { error: "invalidValue" })
    .max(100, { error: "invalidValue" }),
});

export const duplicateSchema = z.object({ mediaOnly: z.boolean({ error: "invalidValue" }).nullish() });

export function createPostCommands(
  deps: PostsDeps,
  { business, own }: PostQueries,
  {
    lock,
    accountsFor,
    checkMedia,
    googleOptionsFor,
    networkOptionsFor,
    networkJson,
    checkFits,
    checkReady,
    changed,
  }: PostChecks,
  approval: PostApproval,
) {
  const { db, publishing, analytics, webhooks } = deps;

  async function create(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const data = validate(postInputSchema, input);
    const plan = validate(postCampaignFieldsSchema, input);
    const scheduledFor = (input as { scheduledFor?: unknown })?.scheduledFor;
    const when =
      scheduledFor !== undefined && scheduledFor !== null
        ? validate(scheduleSchema(new Date()), { scheduledFor }).scheduledFor
        : null;
    const googleOptions = googleOptionsFor(data.platforms, input);
    const networkOptions = networkOptionsFor(input);
    // The checks read on their own, before the transaction: under READ COMMITTED a plain read in a
    // transaction locks nothing and sees what one outside sees, and a transaction holds its pooled
    // connection for every round trip it makes (docs/scaling.md#the-database-pool-under-load). The
    // transaction keeps only the writes, and the post is read back after the commit, in one statement.
    // a stopped subscription keeps writing drafts, not scheduling (docs/product.md#subscriptions-and-billing)
    if (when) await requireRunning(db, businessId, "schedule");
    // in a café that approves posts, a new post's time is its plan: it goes on the clock once approved
    const planned = !!when && (await approval.gate(db, businessId));
    if (when && !planned) requireAgencyRight(v, "publish");
    const accounts = await accountsFor(db, businessId, data.platforms);
    const files = await checkMedia(db, businessId, data.mediaIds ?? []);
    if (plan.campaignId) await assertCampaignOf(db, businessId, plan.campaignId);
    if (when)
      await checkFits(
        db,
        businessId,
        {
          content: data.content,
          hashtags: data.hashtags ?? [],
          firstComment: data.firstComment,
          platforms: data.platforms,
          google: googleOptions,
          network: networkOptions,
        },
        files,
      );
    const { id, deliveries } = await db.$transaction(async (tx) => {
      const created = await tx.post.create({
        data: {
          businessId,
          authorId: v.userId,
          status: when && !planned ? "scheduled" : "draft",
          content: data.content,
          hashtags: data.hashtags ?? [],
          firstComment: data.firstComment ?? null,
          scheduledFor: when,
          campaignId: plan.campaignId ?? null,
          occasion: plan.occasion ?? null,
          googleOptions: googleOptions ? (googleOptions as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
          networkOptions: networkJson(networkOptions),
          targets: {
            create: accounts.map((a) => ({ accountId: a.id, platform: a.platform, dueAt: planned ? null : when })),
          },
          media: { create: files.map((m, position) => ({ mediaId: m.id, position })) },
        },
        select: { id: true },
      });
      await audit(tx, {
        actorId: v.userId,
        action: when && !planned ? "post.scheduled" : "post.created",
        entityType: "post",
        entityId: created.id,
        data: { platforms: data.platforms, scheduledFor: when?.toISOString() ?? null },
        ip: meta.ip,
      });
      const deliveries =
        when && !planned ? await webhooks.record(tx, businessId, { type: "post.scheduled", postId: created.id }) : [];
      return { id: created.id, deliveries };
    });
    const post = await own(businessId, id);
    const targets = post.targets;
    await webhooks.dispatch(deliveries);
    if (when && !planned) await publishing.enqueue(targets.map((t) => ({ id: t.id, dueAt: when })));
    await changed(post);
    return post;
  }

  async function update(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const data = validate(postUpdateSchema, input);
    const plan = validate(postCampaignFieldsSchema, input);
    const { post, added, removed } = await db.$transaction(async (tx) => {
      const p = await lock(tx, businessId, id);
      if (!isPostEditable(p.status)) throw new AppError("POST_NOT_EDITABLE");
      if (plan.campaignId) await assertCampaignOf(tx, businessId, plan.campaignId);
      let added: { id: string; dueAt: Date | null }[] = [];
      let removed: string[] = [];
      if (data.platforms) {
        const accounts = await accountsFor(tx, businessId, data.platforms);
        const keep = new Set(accounts.map((a) => a.id));
        removed = p.targets.filter((t) => !keep.has(t.accountId)).map((t) => t.id);
        await tx.postTarget.deleteMany({ where: { id: { in: removed } } });
        const have = new Set(p.targets.map((t) => t.accountId));
        const fresh = accounts.filter((a) => !have.has(a.id));
        if (fresh.length) {
          await tx.postTarget.createMany({
            data: fresh.map((a) => ({ postId: p.id, accountId: a.id, platform: a.platform, dueAt: p.scheduledFor })),
          });
          added = await tx.postTarget.findMany({
            where: { postId: p.id, accountId: { in: fresh.map((a) => a.id) } },
            select: { id: true, dueAt: true },
          });
        }
      }
      const platformsAfter = data.platforms ?? p.targets.map((t) => t.platform);
      const googleOptions = googleOptionsFor(platformsAfter, input, p.googleOptions);
      const networkOptions = networkOptionsFor(input, p.networkOptions);
      if (data.mediaIds) {
        const files = await checkMedia(tx, businessId, data.mediaIds);
        await tx.postMedia.deleteMany({ where: { postId: p.id } });
        await tx.postMedia.createMany({
          data: files.map((m, position) => ({ postId: p.id, mediaId: m.id, position })),
        });
      }
      await tx.post.update({
        where: { id: p.id },
        data: {
          ...(data.content !== undefined ? { content: data.content } : {}),
          ...(data.hashtags !== undefined ? { hashtags: data.hashtags } : {}),
          ...(data.firstComment !== undefined ? { firstComment: data.firstComment } : {}),
          ...(plan.campaignId !== undefined ? { campaignId: plan.campaignId } : {}),
          ...(plan.occasion !== undefined ? { occasion: plan.occasion } : {}),
          googleOptions: googleOptions ? (googleOptions as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
          networkOptions: networkJson(networkOptions),
        },
      });
      let after = await own(businessId, p.id, tx);
      if (!hasCaptionOrMedia({ content: after.content, mediaIds: after.media.map((m) => m.mediaId) }))
        throw new AppError("VALIDATION_ERROR", { content: ["captionOrMediaRequired"] });
      // a change to what an approval covers voids it (and, in a café that approves, takes the post off the clock)
      const revised = await approval.revise(tx, p, after, { userId: v.userId, name: v.name });
      if (revised) {
        removed = [...removed, ...revised.off];
        after = await own(businessId, p.id, tx);
      }
      // a scheduled post stays ready to go (a network, and fitting it); a draft need not
      if (after.status === "scheduled") await checkReady(tx, businessId, after);
      await audit(tx, {
        actorId: v.userId,
        action: "post.updated",
        entityType: "post",
        entityId: p.id,
        data: { fields: [...Object.keys(data), ...Object.keys(plan)] },
        ip: meta.ip,
      });
      return { post: after, added, removed };
    });
    if (removed.length) await publishing.cancel(removed);
    if (post.status === "scheduled" && added.length) await publishing.enqueue(added);
    await changed(post);
    return post;
  }

  /**
   * A new draft from any post of the business (a published one included): the same caption, hashtags,
   * first comment, occasion, campaign and networks, and the same media files (shared, not copied).
   * `mediaOnly` keeps just the media, for a new post around the same photos. Networks that are no
   * longer connected or no longer in the plan are left out (a draft may have none); the time is not kept.
   */
  async function duplicate(
    viewer: Viewer | null,
    id: unknown,
    input: { mediaOnly?: unknown } | null | undefined,
    meta: RequestMeta,
  ) {
    const { v, businessId } = business(viewer);
    const mediaOnly = validate(duplicateSchema, input ?? {}).mediaOnly === true;
    const post = await db.$transaction(async (tx) => {
      const p = await own(businessId, id, tx);
      const b = await tx.business.findUniqueOrThrow({ where: { id: businessId }, include: { subscription: true } });
      const inPlan = PLAN_PLATFORMS[b.subscription?.plan ?? b.requestedPlan] as readonly string[];
      const accounts = mediaOnly
        ? []
        : p.targets
            .filter((t) => t.account.status !== "disconnected" && inPlan.includes(t.platform))
            .map((t) => t.account);
      const created = await tx.post.create({
        data: {
          businessId,
          authorId: v.userId,
          status: "draft",
          content: mediaOnly ? "" : p.content,
          hashtags: mediaOnly ? [] : p.hashtags,
          firstComment: mediaOnly ? null : p.firstComment,
          campaignId: mediaOnly ? null : p.campaignId,
          occasion: mediaOnly ? null : p.occasion,
          googleOptions:
            !mediaOnly && accounts.some((a) => a.platform === "google") && p.googleOptions
              ? (p.googleOptions as Prisma.InputJsonObject)
              : Prisma.DbNull,
          // alt texts name the media by id: they go with the media, the other choices with the caption
          networkOptions: networkJson(
            mediaOnly
              ? (p.networkOptions as NetworkOptions | null)?.altText
                ? { altText: (p.networkOptions as NetworkOptions).altText }
                : null
              : (p.networkOptions as NetworkOptions | null),
          ),
          targets: { create: accounts.map((a) => ({ accountId: a.id, platform: a.platform })) },
          media: { create: p.media.map((m, position) => ({ mediaId: m.mediaId, position })) },
        },
        include: postInclude,
      });
      await audit(tx, {
        actorId: v.userId,
        action: "post.duplicated",
        entityType: "post",
        entityId: created.id,
        data: { from: p.id, mediaOnly },
        ip: meta.ip,
      });
      return created;
    });
    await changed(post);
    return post;
  }

  async function remove(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const post = await db.$transaction(async (tx) => {
      const p = await lock(tx, businessId, id);
      if (!isPostDeletable(p.status)) throw new AppError("POST_NOT_EDITABLE");
      await tx.post.delete({ where: { id: p.id } });
      // a published post leaves analytics' daily rows with it
      await analytics.recountDays(
        tx,
        businessId,
        p.targets.flatMap((t) => (t.status === "published" && t.publishedAt ? [kuwaitDate(t.publishedAt)] : [])),
      );
      await audit(tx, {
        actorId: v.userId,
        action: "post.deleted",
        entityType: "post",
        entityId: p.id,
        data: { status: p.status },
        ip: meta.ip,
      });
      return p;
    });
    await publishing.cancel(post.targets.map((t) => t.id));
    await changed({ ...post, status: "draft" });
    return post;
  }

  return {
    create,
    update,
    duplicate,
    remove,

    /** Bulk: each post on its own, so one that cannot change does not block the others. */
    async removeMany(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const { ids } = validate(idsSchema, input);
      const done: string[] = [];
      const refused: { id: string; code: string }[] = [];
      for (const id of ids) {
        try {
          await remove(viewer, id, meta);
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
