// An attempt's outcome (publishing.service.ts): written only if the attempt still owns its target (its
// attempt key), many at once in one transaction; published, handed to the person, unconfirmed (never sent
// again on our own), later (a rate limit, a refused token, the network unavailable: at most MAX_ATTEMPTS) or
// failed, and the post's author told once per attempt. It also keeps what the next runs need to know: when
// a target's job runs again, and which accounts a network told to wait.
import { assertTargetTransition } from "@sufra/schema";
import { groupCommit } from "../../jobs/group-commit.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { PlatformError, type PublishRequest, type Published } from "../../networks/types.ts";
import type { NotificationsService } from "../notifications/index.ts";
import type { LoadedTarget, PublishingDeps, Step } from "./publishing.deps.ts";
import type { PostStatusPart, Synced } from "./publishing.status.ts";

/** automatic attempts after "the network is unavailable" or a refused token, before giving up */
const MAX_ATTEMPTS = 5;

export function createOutcome(
  { db, logger, accounts, notifications, analytics }: PublishingDeps,
  { syncPost, syncPosts, announce, changeTarget }: PostStatusPart,
) {
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
  /** When the run of `targetId` that ends now asked to run again, if it did. */
  const rerunOf = (targetId: string) => rerunAt.get(targetId) ?? null;
  /** The run ended: what it asked is handed on (or lost with it). */
  const forgetRerun = (targetId: string) => rerunAt.delete(targetId);

  /** Accounts a network told to wait (a 429 and its reset): none of their targets is sent before then. */
  const accountWaits = new Map<string, Date>();
  const waitsUntil = (accountId: string) => {
    const until = accountWaits.get(accountId);
    if (until && until.getTime() > Date.now()) return until;
    if (until) accountWaits.delete(accountId);
    return null;
  };

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
      : (
          await db.user.findMany({
            where: { memberships: { some: { businessId: t.post.businessId } } },
            select: { id: true },
          })
        ).map((u) => u.id);
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

  return { again, rerunOf, forgetRerun, waitsUntil, tellAuthor, settle, waitForAccount, finish, unconfirmed, failed };
}
export type OutcomePart = ReturnType<typeof createOutcome>;
