// One attempt (publishing.service.ts): a claimed target (or one a dead worker left) driven through the
// network's adapter to an outcome. Its lease is renewed while it runs; "prepare" (uploads, containers:
// safe to redo) is recorded as done before "send" (the one call that creates the post), so a successor
// that finds the step at send asks the network, read-only, instead of sending again.
import {
  PLATFORM_LIMITS,
  X_LONG_POST_LENGTH,
  platformLength,
  altTextOf,
  mediaFormatOf,
  composeText,
  DEFAULT_GOOGLE_POST_OPTIONS,
  type GooglePostOptions,
  type NetworkOptions,
} from "@sufra/schema";
import type { Load } from "../../jobs/adaptive.ts";
import { groupCommit } from "../../jobs/group-commit.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { PlatformError, type PublishRequest } from "../../networks/types.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { LoadedTarget, PublishingDeps, Step } from "./publishing.deps.ts";
import type { OutcomePart } from "./publishing.outcome.ts";

/** One read of an account (and its token) per batch (publishing.claims.ts). */
export type AccessOf = (accountId: string) => ReturnType<PlatformAccountsService["access"]>;

/** What a failure says about the network's load: slow down on 429s, timeouts and 5xx; a refusal is an answer. */
function loadOf(e: unknown, quotaSpent: boolean): Load {
  if (!(e instanceof PlatformError)) return "none";
  if (e.kind === "rate_limit") return quotaSpent ? "none" : "overload";
  return e.kind === "timeout" || e.kind === "unavailable" ? "overload" : "ok";
}

export function createAttempt(
  { db, config, accounts, media, links, leaseUntil }: PublishingDeps,
  { settle, tellAuthor, waitForAccount, finish, unconfirmed, failed }: OutcomePart,
) {
  const leaseMs = config.platforms.leaseMs;

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

  /**
   * Where a Google post goes (docs/product.md#posts): the business's picked and verified locations of
   * this Google connection; null when there is none to post to. Read here, not through the accounts module: publishing only reads the picked rows.
   */
  async function googleLocations(t: LoadedTarget): Promise<NonNullable<PublishRequest["google"]>["locations"] | null> {
    const locations = await db.googleLocation.findMany({
      where: { businessId: t.post.businessId, accountId: t.accountId, picked: true, verified: true },
      select: { googleAccount: true, name: true },
      orderBy: [{ title: "asc" }, { name: "asc" }],
    });
    return locations.length ? locations : null;
  }

  /**
   * What the post says on this network with its links as short links, counted per post and network
   * (docs/architecture.md#short-links): the caption and the first comment, and a Google post's button and
   * offer link. A text may grow by them only up to the network's limit (the X account's, when it posts long):
   * past it the composer's preview would no longer hold, so such a text keeps its longer addresses.
   * The same post and network give the same codes, so an attempt resumed at send asks for the same text.
   */
  async function withShortLinks(t: LoadedTarget, longPosts: boolean) {
    const of = { postId: t.post.id, campaignId: t.post.campaignId, platform: t.platform };
    const limit = t.platform === "twitter" && longPosts ? X_LONG_POST_LENGTH : PLATFORM_LIMITS[t.platform].maxLength;
    const linked = (text: string) => {
      const written = platformLength(t.platform, text);
      return links.captionText(t.post.businessId, of, text, (s) => {
        const n = platformLength(t.platform, s);
        return n <= limit || n <= written;
      });
    };
    const text = await linked(composeText(t.post.content, t.post.hashtags));
    // the networks that post a first comment after the post (schema: PLATFORM_LIMITS[...].firstComment)
    const comment = PLATFORM_LIMITS[t.platform].firstComment ? t.post.firstComment : null;
    const firstComment = comment ? await linked(comment) : comment;
    let google: GooglePostOptions | null = null;
    if (t.platform === "google") {
      const post = (t.post.googleOptions as GooglePostOptions | null) ?? DEFAULT_GOOGLE_POST_OPTIONS;
      const url = (u: string | null | undefined) => (u ? links.captionUrl(t.post.businessId, of, u) : u);
      google = {
        ...post,
        ...(post.cta ? { cta: { ...post.cta, url: await url(post.cta.url) } } : {}),
        ...(post.offer ? { offer: { ...post.offer, redeemUrl: await url(post.offer.redeemUrl) } } : {}),
      };
    }
    return { text, firstComment, google };
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
      const locations = t.platform === "google" ? await googleLocations(t) : undefined;
      if (locations === null && !account.demo) {
        // nowhere to post it: refused before anything is sent; a person picks a location, then retries
        if (await settle(t, key, { status: "failed", errorCode: "GOOGLE_NO_LOCATION", errorMessage: null }))
          await tellAuthor({ ...t, attemptKey: key }, "post_failed", { errorCode: "GOOGLE_NO_LOCATION" });
        return "none";
      }
      const said = await withShortLinks(t, access.longPosts === true);
      req = {
        attemptKey: key,
        attemptStartedAt: t.attemptStartedAt ?? new Date(),
        account: access,
        text: said.text,
        firstComment: said.firstComment,
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
        ...(said.google ? { google: { locations: locations ?? [], post: said.google } } : {}),
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

  return { attempt };
}
export type AttemptPart = ReturnType<typeof createAttempt>;
