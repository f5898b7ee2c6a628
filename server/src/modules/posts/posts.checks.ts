// What the posts service's commands check and write alike (posts.service.ts): the post locked and read,
// the business's accounts for the chosen networks (connected, in the plan), its media, each network's own
// options, the preview's errors refusing a post, and the targets put on the clock.
import {
  assertTargetTransition,
  canSendTo,
  DEFAULT_GOOGLE_POST_OPTIONS,
  PLAN_PLATFORMS,
  postGoogleFieldsSchema,
  postNetworkFieldsSchema,
  previewPost,
  type GooglePostOptions,
  type NetworkOptions,
  type PlatformName,
} from "@sufra/schema";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma, type PostStatus } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { PostsDeps } from "./posts.deps.ts";
import type { PostQueries } from "./posts.queries.ts";
import type { PostRecord } from "./posts.read.ts";

export function createPostChecks(deps: PostsDeps, { own, xLongPosts, tiktokInbox }: PostQueries) {
  const { pubsub } = deps;
  /** A transaction or the pool: the checks read through whichever the command holds. */
  type Reader = Tx | PostsDeps["db"];

  /** Locks the post row for a status change in this transaction, and reads it. */
  async function lock(tx: Tx, businessId: string, id: unknown) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from posts where id = ${id}::uuid and business_id = ${businessId}::uuid for update`;
    return own(businessId, id, tx);
  }

  /** The business's accounts for the chosen networks: each must be connected and in the plan (none: a draft). */
  async function accountsFor(tx: Reader, businessId: string, platforms: PlatformName[]) {
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

  async function checkMedia(tx: Reader, businessId: string, ids: string[]) {
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

  /** The preview's errors for the chosen networks refuse the post (the same check the composer shows). */
  async function checkFits(
    q: Reader,
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

  /** A stored post may go out: it keeps a network to send to, and fits every one it names. */
  async function checkReady(tx: Tx, businessId: string, p: PostRecord) {
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

  return {
    lock,
    accountsFor,
    checkMedia,
    googleOptionsFor,
    networkOptionsFor,
    networkJson,
    checkFits,
    checkReady,
    changed,
    scheduleTargets,
  };
}
export type PostChecks = ReturnType<typeof createPostChecks>;
