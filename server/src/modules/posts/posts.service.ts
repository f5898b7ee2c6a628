// Posts: a caption, hashtags, a first comment and media, with one target per chosen network. People
// write, schedule, reschedule, cancel and publish here; the publishing service does the sending.
// Every function takes the caller's business from the viewer, never from the input.
import {
  assertPostTransition,
  assertTargetTransition,
  canSendTo,
  DEFAULT_GOOGLE_POST_OPTIONS,
  DELETABLE_POST_STATUSES,
  EDITABLE_POST_STATUSES,
  hasCaptionOrMedia,
  kuwaitDate,
  StateTransitionError,
  PLAN_PLATFORMS,
  postCampaignFieldsSchema,
  postGoogleFieldsSchema,
  postInputSchema,
  postNetworkFieldsSchema,
  tiktokGoesToInbox,
  postUpdateSchema,
  postsQuerySchema,
  previewPost,
  scheduleSchema,
  type GooglePostOptions,
  type NetworkOptions,
  type PlatformName,
} from "@sufra/schema";
import { z } from "zod";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma, type PostStatus } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";
import { only, type Events } from "../../kernel/pubsub.ts";
import { audit } from "../../kernel/audit.ts";
import { assertCampaignOf } from "../campaigns/index.ts";
import { requireRunning } from "../billing/index.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { MediaService } from "../media/index.ts";
import type { PublishingService } from "../publishing/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { isUuid, UUID_RE } from "../../kernel/ids.ts";
import { inTransaction, onPool, readPost, readPosts } from "./posts.read.ts";

export const postInclude = {
  targets: {
    include: {
      account: { select: { id: true, handle: true, displayName: true, demo: true, status: true, platform: true } },
    },
    orderBy: { platform: "asc" },
  },
  media: { orderBy: { position: "asc" }, include: { media: true } },
  author: { select: { id: true, name: true } },
  // the calendar and the composer show the post's campaign, and whether the post is outside its days
  campaign: { select: { id: true, name: true, startDate: true, endDate: true } },
} as const satisfies Prisma.PostInclude;
export type PostRecord = Prisma.PostGetPayload<{ include: typeof postInclude }>;

export const idsSchema = z.object({
  ids: z
    .array(z.string().regex(UUID_RE, { error: "invalidValue" }), { error: "invalidValue" })
    .min(1, { error: "invalidValue" })
    .max(100, { error: "invalidValue" }),
});

export const duplicateSchema = z.object({ mediaOnly: z.boolean({ error: "invalidValue" }).nullish() });

/** What posts tell analytics (services.ts hands it analytics' function): a published post's Kuwait days, recounted in the caller's transaction. */
export interface DeletedDays {
  recountDays(tx: Tx, businessId: string, days: string[]): Promise<void>;
}

export function createPostsService(
  deps: Deps,
  publishing: PublishingService,
  media: MediaService,
  analytics: DeletedDays,
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">,
) {
  const { db, pubsub } = deps;
  // a read outside a transaction goes to pg straight (posts.read.ts)
  const pooled = onPool(deps.pool);
  // each post.changed event's read, while someone holds the event (docs/architecture.md#how-a-request-flows, Events)
  const byEvent = new WeakMap<object, Promise<PostRecord | null>>();

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** Another business's post, or none: NOT_FOUND through every door (no hint that it exists). */
  async function own(businessId: string, id: unknown, tx: Tx | typeof db = db): Promise<PostRecord> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const post = await readPost(tx === db ? pooled : inTransaction(tx), businessId, id);
    if (!post) throw new AppError("NOT_FOUND");
    return post;
  }

  /** Locks the post row for a status change in this transaction, and reads it. */
  async function lock(tx: Tx, businessId: string, id: unknown) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from posts where id = ${id}::uuid and business_id = ${businessId}::uuid for update`;
    return own(businessId, id, tx);
  }

  /** The business's accounts for the chosen networks: each must be connected and in the plan (none: a draft). */
  async function accountsFor(tx: Tx | typeof db, businessId: string, platforms: PlatformName[]) {
    if (!platforms.length) return [];
    const b = await tx.business.findUniqueOrThrow({ where: { id: businessId }, include: { subscription: true } });
    const plan = b.subscription?.plan ?? b.requestedPlan;
    const outside = platforms.filter((p) => !PLAN_PLATFORMS[plan].includes(p));
    if (outside.length) throw new AppError("PLATFORM_NOT_IN_PLAN", { platforms: ["platformNotInPlan"] });
    const accounts = await tx.platformAccount.findMany({
      where: { businessId, platform: { in: platforms }, status: { not: "disconnected" } },
    });
    if (accounts.length !== platforms.length)
      throw new AppError("PLATFORM_NOT_CONNECTED", { platforms: ["platformNotConnected"] });
    return accounts;
  }

  async function checkMedia(tx: Tx | typeof db, businessId: string, ids: string[]) {
    if (!ids.length) return [];
    const found = await tx.media.findMany({ where: { businessId, id: { in: ids } } });
    if (found.length !== new Set(ids).size) throw new AppError("VALIDATION_ERROR", { mediaIds: ["mediaNotFound"] });
    return ids.map((id) => found.find((m) => m.id === id)!);
  }

  /**
   * A post's Google options, only when it goes to Google (docs/product.md#posts): those given (null: the
   * default), else those it had, else a "What's new" post. Checked by the shared rule; ignored (null)
   * for a post that does not go to Google.
   */
  function googleOptionsFor(
    platforms: readonly PlatformName[],
    input: unknown,
    had: unknown = null,
  ): GooglePostOptions | null {
    if (!platforms.includes("google")) return null;
    const given = (input as { googleOptions?: unknown } | null)?.googleOptions;
    if (given === undefined && had) return had as GooglePostOptions;
    return validate(postGoogleFieldsSchema, { googleOptions: given }).googleOptions ?? DEFAULT_GOOGLE_POST_OPTIONS;
  }

  /**
   * A post's own options per network (schema/src/network-options.ts): those given (null clears them),
   * else those it had. Kept whatever the networks chosen, so a network added back finds its choices.
   */
  function networkOptionsFor(input: unknown, had: unknown = null): NetworkOptions | null {
    const given = (input as { networkOptions?: unknown } | null)?.networkOptions;
    if (given === undefined) return (had as NetworkOptions | null) ?? null;
    return validate(postNetworkFieldsSchema, { networkOptions: given }).networkOptions ?? null;
  }
  const networkJson = (o: NetworkOptions | null) => (o ? (o as unknown as Prisma.InputJsonObject) : Prisma.DbNull);

  /** Whether the business's X account may post long posts (verified: X_LONG_POST_LENGTH); read only when X is chosen. */
  async function xLongPosts(
    q: Tx | typeof db,
    businessId: string,
    platforms: readonly PlatformName[] | undefined,
  ): Promise<boolean> {
    if (!platforms?.includes("twitter")) return false;
    return (
      (await q.platformAccount.findFirst({ where: { businessId, platform: "twitter" }, select: { longPosts: true } }))
        ?.longPosts ?? false
    );
  }

  /**
   * Whether the business's TikTok posts go to the creator's TikTok inbox (this server's app may not post
   * directly: TIKTOK_DIRECT_POST), where the person picks who can watch in TikTok. Practice and demo
   * accounts publish on the simulated network, as a direct post would.
   */
  async function tiktokInbox(
    q: Tx | typeof db,
    businessId: string,
    platforms: readonly PlatformName[] | undefined,
  ): Promise<boolean> {
    if (!platforms?.includes("tiktok") || deps.config.platforms.tiktok.directPost) return false;
    const account = await q.platformAccount.findFirst({
      where: { businessId, platform: "tiktok" },
      select: { demo: true },
    });
    return !!account && tiktokGoesToInbox({ directPost: deps.config.platforms.tiktok.directPost, demo: account.demo });
  }

  /** The preview's errors for the chosen networks refuse the post (the same check the composer shows). */
  async function checkFits(
    q: Tx | typeof db,
    businessId: string,
    input: {
      content: string;
      hashtags: string[];
      firstComment?: string | null;
      platforms: PlatformName[];
      google?: unknown;
      network?: unknown;
    },
    files: {
      kind: "image" | "video";
      bytes: number;
      width: number | null;
      height: number | null;
      durationMs: number | null;
    }[],
  ) {
    const previews = previewPost({
      ...input,
      media: files,
      xLongPosts: await xLongPosts(q, businessId, input.platforms),
      tiktokInbox: await tiktokInbox(q, businessId, input.platforms),
    });
    // each problem keeps its values ({platform}, {limit}) so its text names them; the same one once
    const problems = new Map(previews.flatMap((p) => p.errors.map((e) => [JSON.stringify(e), e] as const)));
    if (problems.size) throw new AppError("POST_INVALID_FOR_PLATFORM", { content: [...problems.values()] });
  }

  async function changed(post: { id: string; businessId: string; status: PostStatus }) {
    await pubsub.publish("post.changed", { businessId: post.businessId, postId: post.id, status: post.status });
  }

  /**
   * Puts the post's waiting targets on the clock (their jobs), all at `when`. A person's new time is a
   * fresh start: the count of automatic attempts restarts, and nothing looks begun until one is made.
   * The caller sets the post's status in the same transaction, under the post's lock.
   */
  async function scheduleTargets(tx: Tx, postId: string, when: Date) {
    const waiting = ["pending", "failed"] as const;
    assertTargetTransition(waiting, "pending");
    await tx.postTarget.updateMany({
      where: { postId, status: { in: [...waiting] } },
      data: { status: "pending", dueAt: when, errorCode: null, errorMessage: null, attemptStep: null, attempts: 0 },
    });
    return tx.postTarget.findMany({ where: { postId, status: "pending" }, select: { id: true, dueAt: true } });
  }

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
          status: when ? "scheduled" : "draft",
          content: data.content,
          hashtags: data.hashtags ?? [],
          firstComment: data.firstComment ?? null,
          scheduledFor: when,
          campaignId: plan.campaignId ?? null,
          occasion: plan.occasion ?? null,
          googleOptions: googleOptions ? (googleOptions as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
          networkOptions: networkJson(networkOptions),
          targets: { create: accounts.map((a) => ({ accountId: a.id, platform: a.platform, dueAt: when })) },
          media: { create: files.map((m, position) => ({ mediaId: m.id, position })) },
        },
        select: { id: true },
      });
      await audit(tx, {
        actorId: v.userId,
        action: when ? "post.scheduled" : "post.created",
        entityType: "post",
        entityId: created.id,
        data: { platforms: data.platforms, scheduledFor: when?.toISOString() ?? null },
        ip: meta.ip,
      });
      const deliveries = when
        ? await webhooks.record(tx, businessId, { type: "post.scheduled", postId: created.id })
        : [];
      return { id: created.id, deliveries };
    });
    const post = await own(businessId, id);
    const targets = post.targets;
    await webhooks.dispatch(deliveries);
    if (when) await publishing.enqueue(targets.map((t) => ({ id: t.id, dueAt: when })));
    await changed(post);
    return post;
  }

  async function update(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const data = validate(postUpdateSchema, input);
    const plan = validate(postCampaignFieldsSchema, input);
    const { post, added, removed } = await db.$transaction(async (tx) => {
      const p = await lock(tx, businessId, id);
      if (!(EDITABLE_POST_STATUSES as readonly string[]).includes(p.status)) throw new AppError("POST_NOT_EDITABLE");
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
      const after = await own(businessId, p.id, tx);
      if (!hasCaptionOrMedia({ content: after.content, mediaIds: after.media.map((m) => m.mediaId) }))
        throw new AppError("VALIDATION_ERROR", { content: ["captionOrMediaRequired"] });
      // a scheduled post keeps at least one network; a draft may have none
      if (after.status === "scheduled" && !canSendTo(after.targets))
        throw new AppError("VALIDATION_ERROR", { platforms: ["platformsRequired"] });
      if (after.status === "scheduled")
        await checkFits(
          tx,
          businessId,
          {
            content: after.content,
            hashtags: after.hashtags,
            firstComment: after.firstComment,
            platforms: after.targets.map((t) => t.platform),
            google: after.googleOptions,
            network: after.networkOptions,
          },
          after.media.map((m) => m.media),
        );
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

  /** Draft, scheduled or failed -> scheduled at `scheduledFor` (future, within a year); the jobs move. */
  async function schedule(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
    const { v, businessId } = business(viewer);
    const { scheduledFor } = validate(scheduleSchema(new Date()), input);
    const { post, targets, deliveries } = await db.$transaction(async (tx) => {
      await requireRunning(tx, businessId, "schedule");
      const p = await lock(tx, businessId, id);
      if (!["draft", "scheduled", "failed"].includes(p.status)) throw new AppError("POST_NOT_EDITABLE");
      if (!canSendTo(p.targets)) throw new AppError("VALIDATION_ERROR", { platforms: ["platformsRequired"] });
      await checkFits(
        tx,
        businessId,
        {
          content: p.content,
          hashtags: p.hashtags,
          firstComment: p.firstComment,
          platforms: p.targets.map((t) => t.platform),
          google: p.googleOptions,
          network: p.networkOptions,
        },
        p.media.map((m) => m.media),
      );
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
      return { post: await own(businessId, p.id, tx), targets, deliveries };
    });
    await webhooks.dispatch(deliveries);
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
    const now = new Date();
    const { post, targets } = await db.$transaction(async (tx) => {
      await requireRunning(tx, businessId, "publish");
      const p = await lock(tx, businessId, id);
      if (!["draft", "scheduled", "failed", "partially_published"].includes(p.status))
        throw new AppError("INVALID_STATE");
      if (!canSendTo(p.targets)) throw new AppError("VALIDATION_ERROR", { platforms: ["platformsRequired"] });
      await checkFits(
        tx,
        businessId,
        {
          content: p.content,
          hashtags: p.hashtags,
          firstComment: p.firstComment,
          platforms: p.targets.map((t) => t.platform),
          google: p.googleOptions,
          network: p.networkOptions,
        },
        p.media.map((m) => m.media),
      );
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
      if (!(DELETABLE_POST_STATUSES as readonly string[]).includes(p.status)) throw new AppError("POST_NOT_EDITABLE");
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

  /**
   * Filtered posts of the business, newest due first; `skip` overrides the page (Relay cursors). One
   * statement: the total comes from a window over the same scan, and only when `count` is not false
   * (a GraphQL page without totalCount); without it, `hasNextPage` says whether a row follows the page.
   */
  async function list(
    viewer: Viewer | null,
    input: unknown,
    opts: { drafts?: boolean; skip?: number; count?: boolean } = {},
  ) {
    const { businessId } = business(viewer);
    const q = validate(postsQuerySchema, input ?? {});
    const statuses = opts.drafts ? ["draft"] : q.status;
    // a post's date is when it is (or was) due, else when it was written; the same filters as Prisma's
    // contains (ILIKE, its wildcards live) and has, so both doors answer as they always did
    const within = (col: Prisma.Sql) =>
      Prisma.join(
        [
          ...(q.from ? [Prisma.sql`${col} >= ${q.from}::timestamptz`] : []),
          ...(q.to ? [Prisma.sql`${col} <= ${q.to}::timestamptz`] : []),
        ],
        " and ",
      );
    const where = Prisma.join(
      [
        Prisma.sql`p.business_id = ${businessId}::uuid`,
        ...(statuses?.length ? [Prisma.sql`p.status = any(${statuses}::"PostStatus"[])`] : []),
        ...(q.platform
          ? [
              Prisma.sql`exists (select 1 from post_targets pt where pt.post_id = p.id and pt.platform = ${q.platform}::"Platform")`,
            ]
          : []),
        ...(q.from || q.to
          ? [
              Prisma.sql`((${within(Prisma.sql`p.scheduled_for`)}) or (p.scheduled_for is null and ${within(Prisma.sql`p.created_at`)}))`,
            ]
          : []),
        ...(q.search
          ? [
              Prisma.sql`(p.content ilike ${`%${q.search}%`} or p.hashtags @> array[${q.search.replace(/^#/, "")}]::text[])`,
            ]
          : []),
      ],
      " and ",
    );
    const skip = opts.skip ?? (q.page - 1) * q.limit;
    const count = opts.count !== false;
    const r = await readPosts(pooled, {
      where,
      orderBy: Prisma.sql`p.scheduled_for desc nulls first, p.created_at desc, p.id asc`,
      skip,
      take: count ? q.limit : q.limit + 1,
      count,
    });
    const items = count ? r.items : r.items.slice(0, q.limit);
    return {
      items,
      total: r.total,
      hasNextPage: count ? skip + items.length < r.total! : r.items.length > q.limit,
      page: q.page,
      limit: q.limit,
      skip,
    };
  }

  /** Every post due, published or written within [from, to]: the calendar's month, week or day; of one campaign when `campaignId` is given. */
  async function calendar(viewer: Viewer | null, input: { from: unknown; to: unknown; campaignId?: unknown }) {
    const { businessId } = business(viewer);
    const q = validate(postsQuerySchema, { from: input.from, to: input.to });
    // a campaign that is not the business's simply has no posts here
    const { campaignId } = validate(postCampaignFieldsSchema, { campaignId: input.campaignId });
    if (!q.from || !q.to) throw new AppError("VALIDATION_ERROR", { from: ["dateRangeInvalid"] });
    if (q.to.getTime() - q.from.getTime() > 62 * 86_400_000)
      throw new AppError("VALIDATION_ERROR", { to: ["dateRangeInvalid"] });
    const where = Prisma.sql`p.business_id = ${businessId}::uuid ${campaignId ? Prisma.sql`and p.campaign_id = ${campaignId}::uuid` : Prisma.empty}
      and ((p.scheduled_for >= ${q.from}::timestamptz and p.scheduled_for <= ${q.to}::timestamptz)
        or (p.scheduled_for is null and p.published_at >= ${q.from}::timestamptz and p.published_at <= ${q.to}::timestamptz))`;
    return (await readPosts(pooled, { where, orderBy: Prisma.sql`p.scheduled_for asc, p.id asc`, take: 1000 })).items;
  }

  return {
    create,
    update,
    schedule,
    unschedule,
    publishNow,
    duplicate,
    remove,
    confirmTarget,
    retryTarget,
    list,
    calendar,
    get: async (viewer: Viewer | null, id: unknown) => own(business(viewer).businessId, id),

    /**
     * The post of a `post.changed` event, as its subscriber sees it (null once deleted): read once per event
     * and shared by every subscriber, since the pub/sub hands each of them the same event object
     * (docs/architecture.md#how-a-request-flows, Events). Tenancy per subscriber: another business's event
     * is NOT_FOUND, and the read is scoped to the event's business, which is then the caller's.
     */
    forEvent(viewer: Viewer | null, event: Events["post.changed"]): Promise<PostRecord | null> {
      const { businessId } = business(viewer);
      if (event.businessId !== businessId) return Promise.reject(new AppError("NOT_FOUND"));
      let read = byEvent.get(event);
      if (!read) {
        read = own(businessId, event.postId).catch((e) =>
          e instanceof AppError && e.code === "NOT_FOUND" ? null : Promise.reject(e),
        );
        byEvent.set(event, read);
      }
      return read;
    },

    /** Status changes of the caller's business's posts, from any server process. */
    subscribe(viewer: Viewer | null) {
      const { businessId } = business(viewer);
      return only(pubsub.subscribe("post.changed"), (e) => e.businessId === businessId);
    },

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

    /** What each chosen network will show, with its counts, warnings and errors (the composer's live preview). */
    async preview(viewer: Viewer | null, input: unknown) {
      const { businessId } = business(viewer);
      const body = (input ?? {}) as Record<string, unknown>;
      const data = validate(postUpdateSchema, {
        content: body.content ?? "",
        hashtags: body.hashtags,
        firstComment: body.firstComment,
        platforms: body.platforms,
        mediaIds: body.mediaIds,
      });
      const files = data.mediaIds?.length
        ? await db.media.findMany({ where: { businessId, id: { in: data.mediaIds } } })
        : [];
      if (files.length !== (data.mediaIds?.length ?? 0))
        throw new AppError("VALIDATION_ERROR", { mediaIds: ["mediaNotFound"] });
      // Snapchat is posted by hand only where Snap's Public Profile API has no credentials here (networks/snapchat/adapter.ts)
      const snap = deps.config.platforms.snapchat;
      const assisted: PlatformName[] = snap.clientId && snap.clientSecret ? [] : ["snapchat"];
      return previewPost({
        content: data.content ?? "",
        hashtags: data.hashtags ?? [],
        firstComment: data.firstComment,
        platforms: data.platforms ?? [],
        media: files,
        google: body.googleOptions,
        network: body.networkOptions,
        xLongPosts: await xLongPosts(db, businessId, data.platforms),
        tiktokInbox: await tiktokInbox(db, businessId, data.platforms),
        assisted,
      });
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
