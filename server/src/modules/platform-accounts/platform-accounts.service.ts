// A business's accounts on Instagram, X, Snapchat and Google: connect (OAuth, PKCE where the network has it),
// keep tokens fresh ahead of expiry, and say "reconnect needed" before a scheduled post is lost.
import { createHash, randomBytes } from "node:crypto";
import {
  assertPostTransition,
  EDITABLE_POST_STATUSES,
  PLAN_PLATFORMS,
  PLATFORMS,
  type ErrorCode,
  type PlanId,
  type PlatformName,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import { AppError } from "../../kernel/errors.ts";
import type { PlatformAccount } from "../../generated/prisma/client.ts";
import { createPlatforms } from "../../networks/index.ts";
import { PlatformError, type AccountAccess, type PlatformAdapter } from "../../networks/types.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { isUuid } from "../../kernel/ids.ts";
import { ownPath } from "../../kernel/request-input.ts";
import { inboxCreatorInfo, simulatedCreatorInfo, type TikTokCreatorInfo } from "../../networks/tiktok/adapter.ts";
import { createGoogleLocations } from "./google-locations.ts";
import { createFacebookPages } from "./facebook-pages.ts";
import { isFacebookPageSource } from "../../networks/facebook/adapter.ts";

const STATE_TTL_MS = 15 * 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const isPlatform = (v: unknown): v is PlatformName =>
  typeof v === "string" && (PLATFORMS as readonly string[]).includes(v);

/** A practice account's network id: what tells it from the demo café's accounts (both demo: true). */
const practiceExternalId = (platform: PlatformName) => `practice-${platform}`;
/** A practice account: a demo account every approved business gets, to rehearse on. */
export const isPracticeAccount = (a: { demo: boolean; platform: PlatformName; externalId: string }): boolean =>
  a.demo && a.externalId === practiceExternalId(a.platform);

/**
 * The business's practice accounts: one per network of its plan, publishing to the simulated network
 * (demo: true, as the demo café's), so a new business can rehearse compose, schedule and publish and
 * see figures before it connects anything real. Only the plan's networks: the plan rule stays the one
 * rule for every account. A network that already has an account (real, practice or disconnected) is
 * left as it is, so this can run again safely (approval, "Add practice accounts", a plan upgrade).
 * Returns the networks that got one.
 */
export async function ensurePracticeAccounts(tx: Tx, businessId: string, plan: PlanId): Promise<PlatformName[]> {
  const have = await tx.platformAccount.findMany({
    where: { businessId },
    select: { id: true, platform: true, demo: true, externalId: true, status: true },
  });
  // a practice account someone disconnected comes back; a real account, even disconnected, stays as it is
  const back = have.filter(
    (a) => PLAN_PLATFORMS[plan].includes(a.platform) && a.status === "disconnected" && isPracticeAccount(a),
  );
  if (back.length)
    await tx.platformAccount.updateMany({
      where: { id: { in: back.map((a) => a.id) } },
      data: { status: "connected", connectedAt: new Date() },
    });
  const missing = PLAN_PLATFORMS[plan].filter((p) => !have.some((a) => a.platform === p));
  if (!missing.length) return back.map((a) => a.platform);
  await tx.platformAccount.createMany({
    data: missing.map((platform) => ({
      businessId,
      platform,
      externalId: practiceExternalId(platform),
      handle: `practice_${platform}`,
      displayName: "Practice account (simulated)",
      demo: true,
      status: "connected" as const,
    })),
    skipDuplicates: true,
  });
  return [...back.map((a) => a.platform), ...missing];
}

/**
 * A real account takes the place of the network's practice account (one account per network): what
 * was published there stays simulated for good (its targets are marked so, as the account will no
 * longer be), and what was not sent yet is taken off its posts, so a rehearsal never goes out on the
 * real network; a scheduled post left with no network goes back to the drafts.
 */
async function retirePracticeAccount(tx: Tx, businessId: string, platform: PlatformName) {
  const old = await tx.platformAccount.findUnique({ where: { businessId_platform: { businessId, platform } } });
  if (!old?.demo) return;
  await tx.postTarget.updateMany({
    where: { accountId: old.id, status: "published" },
    data: { metricsSimulated: true },
  });
  const unsent = await tx.postTarget.findMany({
    where: {
      accountId: old.id,
      status: { in: ["pending", "failed"] },
      post: { status: { in: [...EDITABLE_POST_STATUSES] } },
    },
    select: { id: true, postId: true },
  });
  if (!unsent.length) return;
  await tx.postTarget.deleteMany({ where: { id: { in: unsent.map((t) => t.id) } } });
  assertPostTransition("scheduled", "draft");
  await tx.post.updateMany({
    where: { id: { in: unsent.map((t) => t.postId) }, status: "scheduled", targets: { none: {} } },
    data: { status: "draft", scheduledFor: null },
  });
}

export interface PlatformConnection {
  platform: PlatformName;
  /** the business's plan includes this network */
  available: boolean;
  /** this server has app credentials for it (always true for Snapchat: posted by hand) */
  configured: boolean;
  manual: boolean;
  account: PlatformAccount | null;
  /** addPracticeAccounts would give this network a practice account (in the plan, and no account or a disconnected practice one) */
  practiceAvailable: boolean;
  /** why this server cannot connect it though configured (an error code), refused by connect too; null when it can */
  setupProblem: ErrorCode | null;
  /** what connecting asks the network for, where the server's setup decides it (TikTok); null: the client's own list */
  scopes: readonly string[] | null;
}

export function createPlatformAccountsService(deps: Deps, notifications: NotificationsService) {
  const { db, config, pubsub, logger } = deps;
  const crypto = createTokenCrypto(config.tokenKey);
  const platforms = createPlatforms(config);
  const adapterFor = (a: { platform: PlatformName; demo: boolean }): PlatformAdapter =>
    platforms.adapter(a.platform, { demo: a.demo });
  const redirectUri = (p: PlatformName) => `${config.publicUrl}/api/platforms/${p}/callback`;

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  async function planOf(businessId: string): Promise<PlanId> {
    return (await planAndNetworks(businessId)).plan;
  }

  /**
   * The business's plan (its subscription's, else the plan it asked for at sign-up) and the networks of its
   * accounts, in one statement: the connections list and the analytics audience ask both on every screen.
   */
  async function planAndNetworks(
    businessId: string,
  ): Promise<{ plan: PlanId; accounts: { platform: PlatformName; demo: boolean }[] }> {
    const [r] = await db.$queryRaw<{ plan: PlanId; accounts: { platform: PlatformName; demo: boolean }[] }[]>`
      select coalesce(s.plan::text, b.requested_plan::text) as plan,
             coalesce((select json_agg(json_build_object('platform', a.platform::text, 'demo', a.demo)) from platform_accounts a where a.business_id = b.id), '[]'::json) as accounts
        from businesses b left join subscriptions s on s.business_id = b.id where b.id = ${businessId}::uuid`;
    if (!r) throw new AppError("NOT_FOUND");
    return r;
  }

  function parsePlatform(p: unknown): PlatformName {
    if (!isPlatform(p)) throw new AppError("NOT_FOUND");
    return p;
  }

  async function announce(a: Pick<PlatformAccount, "businessId" | "platform" | "status">) {
    await pubsub.publish("account.changed", { businessId: a.businessId, platform: a.platform, status: a.status });
  }

  /** The business's people hear once per account and day that it needs reconnecting. */
  async function markReconnectNeeded(account: PlatformAccount, reason: string) {
    const updated = await db.platformAccount.update({
      where: { id: account.id },
      data: { status: "reconnect_needed", lastError: reason },
    });
    const people = await db.user.findMany({
      where: { memberships: { some: { businessId: account.businessId } } },
      select: { id: true },
    });
    const day = new Date().toISOString().slice(0, 10);
    await notifications.deliver(
      people.map((p) => ({
        userId: p.id,
        type: "account_reconnect_needed" as const,
        data: { businessId: account.businessId, platform: account.platform, handle: account.handle },
        dedupeKey: `account_reconnect_needed:${account.id}:${day}:${p.id}`,
      })),
    );
    await announce(updated);
    logger.warn("platform account needs reconnecting", { accountId: account.id, platform: account.platform, reason });
    return updated;
  }

  /**
   * The account with a usable access token, refreshed first when it expires within the adapter's margin.
   * The row is locked while refreshing: X rotates refresh tokens, so two workers refreshing at once would
   * make the second one's token invalid and wrongly ask for a reconnect.
   */
  async function access(
    accountId: string,
    opts: { force?: boolean } = {},
  ): Promise<{ account: PlatformAccount; access: AccountAccess }> {
    const current = await db.platformAccount.findUniqueOrThrow({ where: { id: accountId } });
    const adapter = adapterFor(current);
    const due = (a: PlatformAccount) =>
      opts.force || (a.tokenExpiresAt && a.tokenExpiresAt.getTime() - Date.now() < adapter.refreshMarginMs);
    let account = current;
    if (!current.demo && !adapter.manual && current.status === "connected" && due(current)) {
      account = await db.$transaction(
        async (tx) => {
          const [locked] = await tx.$queryRaw<
            { id: string }[]
          >`select id from platform_accounts where id = ${accountId}::uuid for update`;
          if (!locked) throw new AppError("NOT_FOUND");
          const fresh = await tx.platformAccount.findUniqueOrThrow({ where: { id: accountId } });
          if (fresh.status !== "connected" || !(opts.force ? fresh.updatedAt <= current.updatedAt : due(fresh)))
            return fresh; // someone else refreshed
          try {
            const t = await adapter.refresh({
              accessToken: crypto.open(fresh.accessToken!),
              refreshToken: fresh.refreshToken ? crypto.open(fresh.refreshToken) : null,
              expiresAt: fresh.tokenExpiresAt,
            });
            return tx.platformAccount.update({
              where: { id: accountId },
              data: {
                accessToken: crypto.seal(t.accessToken),
                refreshToken: t.refreshToken ? crypto.seal(t.refreshToken) : fresh.refreshToken,
                tokenExpiresAt: t.expiresAt ?? null,
                ...(t.scopes ? { scopes: t.scopes } : {}),
                // X: whether the account may post long posts, as X says with each token
                ...(t.longPosts !== undefined ? { longPosts: t.longPosts } : {}),
                lastError: null,
              },
            });
          } catch (e) {
            if (e instanceof PlatformError && e.kind === "auth")
              return { ...fresh, status: "reconnect_needed" as const, lastError: e.platformMessage };
            throw e;
          }
        },
        { timeout: 60_000 },
      );
      if (account.status === "reconnect_needed")
        account = await markReconnectNeeded(current, account.lastError ?? "refresh refused");
    }
    const token = account.accessToken ? crypto.open(account.accessToken) : "";
    return {
      account,
      access: {
        externalId: account.externalId,
        handle: account.handle,
        accessToken: token,
        longPosts: account.longPosts,
      },
    };
  }

  /** Tokens that expire soon are refreshed ahead of time, so a post never waits on a dead token. */
  async function refreshExpiring(now = new Date()) {
    const soon = await db.platformAccount.findMany({
      where: {
        status: "connected",
        demo: false,
        tokenExpiresAt: { not: null, lte: new Date(now.getTime() + 8 * 86_400_000) },
      },
      select: { id: true },
    });
    let refreshed = 0;
    for (const a of soon) {
      try {
        const r = await access(a.id);
        if (r.account.status === "connected") refreshed++;
      } catch (e) {
        logger.warn("token refresh failed", { accountId: a.id, error: (e as Error).message });
      }
    }
    return refreshed;
  }

  async function connections(businessId: string): Promise<PlatformConnection[]> {
    const [plan, accounts] = await Promise.all([
      planOf(businessId),
      db.platformAccount.findMany({ where: { businessId } }),
    ]);
    return PLATFORMS.map((platform) => {
      const adapter = platforms.adapter(platform, { demo: false });
      const row = accounts.find((a) => a.platform === platform);
      const account = row && row.status !== "disconnected" ? row : null;
      const available = PLAN_PLATFORMS[plan].includes(platform);
      const configured = adapter.configured();
      return {
        platform,
        available,
        configured,
        manual: adapter.manual,
        account,
        practiceAvailable: available && (!row || (row.status === "disconnected" && isPracticeAccount(row))),
        setupProblem: configured ? (adapter.setupProblem?.() ?? null) : null,
        scopes: adapter.scopes?.() ?? null,
      };
    });
  }

  /** Google: the connection's locations (branches), read from Google and picked by a person. */
  const googleLocations = createGoogleLocations(deps, {
    access,
    google: (demo) => platforms.google({ demo }),
    markReconnectNeeded,
  });

  /** Facebook: the Pages the person who connected manages, and the one the account publishes to. */
  const facebookSource = platforms.adapter("facebook", { demo: false });
  const facebookPages = createFacebookPages(deps, {
    source: isFacebookPageSource(facebookSource) ? facebookSource : { pages: async () => [] },
    crypto,
    connected: async (a) => {
      await announce(a);
      await onReconnected(a.id);
    },
  });

  /** After a reconnect: targets that waited for this account (their time passed) are due now. */
  let onReconnected: (accountId: string) => Promise<void> = async () => {};

  return {
    /** The hourly token refresh (platform-accounts.jobs.ts). */
    refreshExpiring,
    access,
    adapterFor,
    /** The business's plan (its subscription's, else the one it asked for): PLAN_PLATFORMS says its networks. */
    planOf,
    planAndNetworks,
    markReconnectNeeded,
    googleLocations,
    facebookPages,
    setOnReconnected(fn: (accountId: string) => Promise<void>) {
      onReconnected = fn;
    },

    list: (viewer: Viewer | null) => connections(business(viewer).businessId),

    /**
     * What the composer must show before a TikTok post (TikTok's posting guidelines): the creator's
     * privacy levels, the switches the creator turned off, the longest video; read fresh from TikTok
     * each time. A demo or practice account answers a simulated creator, labelled so.
     */
    async tiktokCreatorInfo(
      viewer: Viewer | null,
      accountId: unknown,
    ): Promise<TikTokCreatorInfo & { directPost: boolean; simulated: boolean }> {
      const { businessId } = business(viewer);
      const row = isUuid(accountId)
        ? await db.platformAccount.findFirst({ where: { id: accountId, businessId, platform: "tiktok" } })
        : null;
      if (!row) throw new AppError("NOT_FOUND");
      const directPost = config.platforms.tiktok.directPost;
      if (row.demo) return { ...simulatedCreatorInfo(row.handle), directPost, simulated: true };
      if (row.status !== "connected") throw new AppError("PLATFORM_NOT_CONNECTED");
      const { account, access: a } = await access(row.id);
      if (account.status !== "connected") throw new AppError("PLATFORM_NOT_CONNECTED");
      // the inbox: no creator_info (it needs video.publish, which an inbox app is not granted); the person
      // sets who can watch in TikTok, and TikTok takes developer-sent videos of up to 10 minutes
      if (!directPost) return { ...inboxCreatorInfo(account), directPost, simulated: false };
      try {
        return { ...(await platforms.tiktok().creatorInfo(a)), directPost, simulated: false };
      } catch (e) {
        if (!(e instanceof PlatformError)) throw e;
        logger.warn("tiktok creator info failed", { accountId: row.id, kind: e.kind, error: e.platformMessage });
        // a refused token: the account is marked for reconnecting (its posts wait), the person told why
        if (e.kind === "auth") {
          await markReconnectNeeded(account, e.platformMessage);
          throw new AppError("PLATFORM_NOT_CONNECTED");
        }
        throw new AppError(e.kind === "rate_limit" ? "RATE_LIMITED" : "SERVICE_UNAVAILABLE");
      }
    },

    /**
     * Starts connecting: the authorize URL to send the person to (state and PKCE verifier kept, hashed
     * state, 15 minutes). Snapchat has no posting API: it connects at once with the handle given.
     */
    async connect(
      viewer: Viewer | null,
      input: { platform: unknown; returnTo?: unknown; handle?: unknown },
      meta: RequestMeta,
    ) {
      const { v, businessId } = business(viewer);
      const platform = parsePlatform(input.platform);
      if (!PLAN_PLATFORMS[await planOf(businessId)].includes(platform)) throw new AppError("PLATFORM_NOT_IN_PLAN");
      const adapter = platforms.adapter(platform, { demo: false });
      if (adapter.manual) {
        const handle = typeof input.handle === "string" ? input.handle.trim().replace(/^@+/, "") : "";
        if (!/^[A-Za-z0-9._-]{2,30}$/.test(handle))
          throw new AppError("VALIDATION_ERROR", { handle: ["handleInvalid"] });
        const account = await db.$transaction(async (tx) => {
          await retirePracticeAccount(tx, businessId, platform);
          const a = await tx.platformAccount.upsert({
            where: { businessId_platform: { businessId, platform } },
            create: { businessId, platform, externalId: handle, handle, status: "connected", connectedById: v.userId },
            update: {
              externalId: handle,
              handle,
              status: "connected",
              demo: false,
              accessToken: null,
              refreshToken: null,
              tokenExpiresAt: null,
              lastError: null,
              connectedById: v.userId,
              connectedAt: new Date(),
            },
          });
          await audit(tx, {
            actorId: v.userId,
            action: "platform.connected",
            entityType: "business",
            entityId: businessId,
            data: { platform, handle },
            ip: meta.ip,
          });
          return a;
        });
        await announce(account);
        await onReconnected(account.id);
        return { account, authorizeUrl: null };
      }
      if (!adapter.configured()) throw new AppError("PLATFORM_NOT_CONFIGURED");
      // refused before the person is sent to the network, not after a post has started (TikTok's pulls)
      const problem = adapter.setupProblem?.();
      if (problem) throw new AppError(problem);
      const state = randomBytes(24).toString("base64url");
      const codeVerifier = randomBytes(48).toString("base64url");
      const returnTo = ownPath(input.returnTo, "/settings");
      await db.oAuthState.create({
        data: {
          stateHash: sha256(state),
          businessId,
          userId: v.userId,
          platform,
          purpose: "platform",
          codeVerifier,
          returnTo,
          expiresAt: new Date(Date.now() + STATE_TTL_MS),
        },
      });
      const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
      return {
        account: null,
        authorizeUrl: adapter.authorizeUrl({ state, codeChallenge, redirectUri: redirectUri(platform) }),
      };
    },

    /**
     * The network sends the person back here with a code. The state is single use; the account is
     * stored with its tokens sealed. Returns where to send the person, with the outcome in the query.
     */
    async completeConnect(
      input: { platform: unknown; state?: unknown; code?: unknown; error?: unknown },
      meta: RequestMeta,
    ): Promise<string> {
      const platform = parsePlatform(input.platform);
      const state = typeof input.state === "string" ? input.state : "";
      const row = state ? await db.oAuthState.findUnique({ where: { stateHash: sha256(state) } }) : null;
      // a state of another sign-in (Facebook for competitor figures) is not ours to use up
      if (!row || row.platform !== platform || row.purpose !== "platform")
        return `/settings?connect_error=OAUTH_FAILED&platform=${platform}`;
      await db.oAuthState.delete({ where: { id: row.id } }).catch(() => {});
      const back = (q: string) => `${row.returnTo}?${q}&platform=${platform}`;
      if (row.expiresAt < new Date() || typeof input.code !== "string" || !input.code || input.error)
        return back("connect_error=OAUTH_FAILED");
      try {
        const got = await platforms
          .adapter(platform, { demo: false })
          .exchangeCode({ code: input.code, codeVerifier: row.codeVerifier, redirectUri: redirectUri(platform) });
        // Facebook: signed in as a person; the account waits until a Page is chosen (facebook-pages.ts)
        const facebook = platform === "facebook";
        const data = {
          externalId: got.externalId,
          handle: got.handle,
          displayName: got.displayName ?? null,
          status: "connected" as const,
          demo: false,
          accessToken: crypto.seal(got.accessToken),
          refreshToken: got.refreshToken ? crypto.seal(got.refreshToken) : null,
          tokenExpiresAt: got.expiresAt ?? null,
          scopes: got.scopes ?? [],
          longPosts: got.longPosts ?? false,
          lastError: null,
          connectedById: row.userId,
          connectedAt: new Date(),
          ...(facebook ? facebookPages.waitingData(got) : {}),
        };
        const account = await db.$transaction(async (tx) => {
          await retirePracticeAccount(tx, row.businessId, platform);
          const a = await tx.platformAccount.upsert({
            where: { businessId_platform: { businessId: row.businessId, platform } },
            create: { businessId: row.businessId, platform, ...data },
            update: data,
          });
          await audit(tx, {
            actorId: row.userId,
            action: "platform.connected",
            entityType: "business",
            entityId: row.businessId,
            data: { platform, handle: got.handle },
            ip: meta.ip,
          });
          return a;
        });
        await announce(account);
        if (facebook)
          return back(
            (await facebookPages.readAfterConnect(account, got.accessToken, row.userId))
              ? "connected=1"
              : "connected=1&choose_page=1",
          );
        await onReconnected(account.id);
        // Google: its locations are read at once, so the card lists them to pick; a failed read leaves the connection made
        if (platform === "google" && !(await googleLocations.readAfterConnect(account.id, row.userId)))
          return back("connected=1&locations_error=1");
        return back("connected=1");
      } catch (e) {
        logger.warn("platform connect failed", { platform, error: (e as Error).message });
        return back("connect_error=OAUTH_FAILED");
      }
    },

    /** Forgets the tokens. Posts waiting for this account stay waiting (shown) until it is connected again. */
    async disconnect(viewer: Viewer | null, platformInput: unknown, meta: RequestMeta) {
      const { v, businessId } = business(viewer);
      const platform = parsePlatform(platformInput);
      const existing = await db.platformAccount.findUnique({
        where: { businessId_platform: { businessId, platform } },
      });
      if (!existing || existing.status === "disconnected") throw new AppError("NOT_FOUND");
      const account = await db.$transaction(async (tx) => {
        const a = await tx.platformAccount.update({
          where: { id: existing.id },
          data: { status: "disconnected", accessToken: null, refreshToken: null, tokenExpiresAt: null },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "platform.disconnected",
          entityType: "business",
          entityId: businessId,
          data: { platform },
          ip: meta.ip,
        });
        return a;
      });
      await announce(account);
      return account;
    },

    /** Practice accounts for the networks of the plan that have no account yet; the connections after. */
    async addPracticeAccounts(viewer: Viewer | null, meta: RequestMeta): Promise<PlatformConnection[]> {
      const { v, businessId } = business(viewer);
      const plan = await planOf(businessId);
      const added = await db.$transaction(async (tx) => {
        // one at a time per business: two clicks at once add each account once
        await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
        const platforms = await ensurePracticeAccounts(tx, businessId, plan);
        if (platforms.length)
          await audit(tx, {
            actorId: v.userId,
            action: "platform.practice_added",
            entityType: "business",
            entityId: businessId,
            data: { platforms },
            ip: meta.ip,
          });
        return platforms;
      });
      for (const platform of added) await announce({ businessId, platform, status: "connected" });
      return connections(businessId);
    },

    /** The demo business's clearly labelled accounts, publishing to the simulated network. */
    async ensureDemoAccounts(businessId: string) {
      for (const platform of PLATFORMS) {
        const handle = `sufra_demo_${platform}`;
        await db.platformAccount.upsert({
          where: { businessId_platform: { businessId, platform } },
          create: {
            businessId,
            platform,
            externalId: `demo-${platform}`,
            handle,
            displayName: "Sufra demo (simulated)",
            demo: true,
            status: "connected",
          },
          update: {},
        });
      }
    },
  };
}
export type PlatformAccountsService = ReturnType<typeof createPlatformAccountsService>;
