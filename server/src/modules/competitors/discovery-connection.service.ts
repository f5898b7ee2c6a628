// A business's optional "Facebook sign-in for competitor figures": Instagram business discovery is
// offered only through Facebook Login, as the Instagram professional account linked to a Facebook
// Page the person manages. Connect (state hashed, single use, 15 minutes, like platform accounts),
// the callback (code -> long-lived token -> the Page chosen), disconnect, and the lookup the
// competitors service reads through. The token is sealed at rest; Facebook gives no refresh token,
// so an expired or refused token means the person signs in again (status reconnect_needed).
import { createHash, randomBytes } from "node:crypto";
import { COMPETITOR_DISCOVERY_NOTICE_DAYS, kuwaitDate } from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError } from "../../kernel/errors.ts";
import type { CompetitorDiscoveryConnection } from "../../generated/prisma/client.ts";
import { PlatformError } from "../../networks/types.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { Draft, NotificationsService } from "../notifications/index.ts";
import { ownPath } from "../../kernel/request-input.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import type { DiscoveredAccount } from "../../networks/facebook/discovered-account.ts";
import {
  choosePage,
  createFacebookDiscovery,
  DISCOVERY_NOT_PROFESSIONAL,
  type FacebookDiscovery,
} from "../../networks/facebook/discovery.ts";

const DISCOVERY_PURPOSE = "competitor_discovery";
const DAY_MS = 86_400_000;
const STATE_TTL_MS = 15 * 60_000;
const DEFAULT_RETURN = "/competitors";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

type DiscoveryStatusName = "not_connected" | "connected" | "reconnect_needed";

export interface DiscoveryStatus {
  /** this server can sign in for discovery (facebook-discovery.ts configured) */
  configured: boolean;
  /** the business's Instagram is a demo account: readings are simulated, nothing to connect */
  demo: boolean;
  status: DiscoveryStatusName;
  /** the professional account lookups are made as */
  instagramUsername: string | null;
  pageName: string | null;
  connectedAt: Date | null;
  expiresAt: Date | null;
}

/** The callback's outcome, in the query of the page the person is sent back to. */
export type DiscoveryCallbackError = "OAUTH_FAILED" | "NO_INSTAGRAM_BUSINESS";

export function createDiscoveryConnectionService(
  deps: Deps,
  notifications: Pick<NotificationsService, "deliver">,
  opts: { now?: () => Date; facebook?: FacebookDiscovery } = {},
) {
  const { db, config, logger } = deps;
  const now = opts.now ?? (() => new Date());
  const facebook = opts.facebook ?? createFacebookDiscovery(config.platforms.facebook);
  const crypto = createTokenCrypto(config.tokenKey);
  const redirectUri = `${config.publicUrl}/api/competitors/discovery/callback`;

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }
  /** Signing in with Facebook is a person's act: an API key has no one to sign in. */
  function person(viewer: Viewer | null) {
    const b = business(viewer);
    if (b.v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
    return b;
  }

  const expired = (c: Pick<CompetitorDiscoveryConnection, "tokenExpiresAt">) =>
    !!c.tokenExpiresAt && c.tokenExpiresAt.getTime() <= now().getTime();

  /** Readings through Instagram are simulated while the business's Instagram account is a demo one. */
  async function isDemo(businessId: string): Promise<boolean> {
    const a = await db.platformAccount.findUnique({
      where: { businessId_platform: { businessId, platform: "instagram" } },
      select: { demo: true },
    });
    return !!a?.demo;
  }

  async function statusOf(businessId: string): Promise<DiscoveryStatus> {
    const [c, demo] = await Promise.all([
      db.competitorDiscoveryConnection.findUnique({ where: { businessId } }),
      isDemo(businessId),
    ]);
    const base = { configured: facebook.configured(), demo };
    if (!c || c.status === "disconnected")
      return {
        ...base,
        status: "not_connected",
        instagramUsername: null,
        pageName: null,
        connectedAt: null,
        expiresAt: null,
      };
    // a token past its date is as good as refused: say so before a lookup fails
    const status: DiscoveryStatusName = c.status === "connected" && !expired(c) ? "connected" : "reconnect_needed";
    return {
      ...base,
      status,
      instagramUsername: c.igUsername,
      pageName: c.pageName,
      connectedAt: c.connectedAt,
      expiresAt: c.tokenExpiresAt,
    };
  }

  async function markReconnectNeeded(c: CompetitorDiscoveryConnection, reason: string) {
    await db.competitorDiscoveryConnection.updateMany({
      where: { id: c.id, status: "connected" },
      data: { status: "reconnect_needed", lastError: reason.slice(0, 500) },
    });
    logger.warn("competitor discovery sign-in needs renewing", { businessId: c.businessId, reason });
  }

  /**
   * Facebook gives no refresh token: the people of each business whose sign-in expires within
   * COMPETITOR_DISCOVERY_NOTICE_DAYS hear of it, once per expiry date, and can sign in again first.
   */
  async function notifyExpiring(at = now()) {
    const soon = await db.competitorDiscoveryConnection.findMany({
      where: {
        status: "connected",
        tokenExpiresAt: { gt: at, lte: new Date(at.getTime() + COMPETITOR_DISCOVERY_NOTICE_DAYS * DAY_MS) },
        business: { status: "active" },
      },
      select: {
        businessId: true,
        igUsername: true,
        tokenExpiresAt: true,
        business: { select: { memberships: { select: { userId: true } } } },
      },
    });
    const drafts = soon.flatMap((c) =>
      c.business.memberships.map((u): Draft<"competitor_discovery_expiring"> => ({
        userId: u.userId,
        type: "competitor_discovery_expiring",
        data: { businessId: c.businessId, handle: c.igUsername, expiresAt: c.tokenExpiresAt!.toISOString() },
        dedupeKey: `competitor_discovery_expiring:${c.businessId}:${kuwaitDate(c.tokenExpiresAt!)}:${u.userId}`,
      })),
    );
    return notifications.deliver(drafts);
  }

  return {
    /** The daily notice of sign-ins about to expire (competitors.jobs.ts). */
    notifyExpiring,
    status: (viewer: Viewer | null) => statusOf(business(viewer).businessId),

    /** The Facebook address to send the person to (state hashed, single use, 15 minutes). */
    async connect(viewer: Viewer | null, input: { returnTo?: unknown } = {}): Promise<{ authorizeUrl: string }> {
      const { v, businessId } = person(viewer);
      if (!facebook.configured()) throw new AppError("FACEBOOK_NOT_CONFIGURED");
      const state = randomBytes(24).toString("base64url");
      // only a path of ours: the callback never sends the person to another site
      const returnTo = ownPath(input.returnTo, DEFAULT_RETURN);
      await db.oAuthState.create({
        // Facebook's code flow here is protected by the state alone: no PKCE verifier to keep
        data: {
          stateHash: sha256(state),
          businessId,
          userId: v.userId,
          platform: "instagram",
          purpose: DISCOVERY_PURPOSE,
          codeVerifier: "",
          returnTo,
          expiresAt: new Date(now().getTime() + STATE_TTL_MS),
        },
      });
      return { authorizeUrl: facebook.authorizeUrl({ state, redirectUri }) };
    },

    /**
     * Facebook sends the person back here (no session: the state names the business). Returns the path
     * to send them to: `?discovery=connected`, or `?discovery_error=OAUTH_FAILED|NO_INSTAGRAM_BUSINESS`.
     */
    async completeConnect(
      input: { state?: unknown; code?: unknown; error?: unknown },
      meta: RequestMeta,
    ): Promise<string> {
      const state = typeof input.state === "string" ? input.state : "";
      const row = state ? await db.oAuthState.findUnique({ where: { stateHash: sha256(state) } }) : null;
      const fail = (to: string, why: DiscoveryCallbackError) => `${to}?discovery_error=${why}`;
      if (!row || row.purpose !== DISCOVERY_PURPOSE) return fail(DEFAULT_RETURN, "OAUTH_FAILED");
      // single use: gone before anything else can fail
      const taken = await db.oAuthState.deleteMany({ where: { id: row.id } });
      if (!taken.count) return fail(row.returnTo, "OAUTH_FAILED");
      if (
        row.expiresAt <= now() ||
        typeof input.code !== "string" ||
        !input.code ||
        input.error ||
        !facebook.configured()
      )
        return fail(row.returnTo, "OAUTH_FAILED");
      try {
        const got = await facebook.signIn({ code: input.code, redirectUri });
        const own = await db.platformAccount.findUnique({
          where: { businessId_platform: { businessId: row.businessId, platform: "instagram" } },
          select: { handle: true, status: true },
        });
        const page = choosePage(got.pages, own && own.status !== "disconnected" ? own.handle : null);
        if (!page) return fail(row.returnTo, "NO_INSTAGRAM_BUSINESS");
        const data = {
          status: "connected" as const,
          facebookUserId: got.facebookUserId,
          pageId: page.id,
          pageName: page.name,
          igUserId: page.instagram.id,
          igUsername: page.instagram.username,
          accessToken: crypto.seal(got.accessToken),
          tokenExpiresAt: got.expiresAt,
          lastError: null,
          connectedById: row.userId,
          connectedAt: now(),
        };
        await db.$transaction(async (tx) => {
          await tx.competitorDiscoveryConnection.upsert({
            where: { businessId: row.businessId },
            create: { businessId: row.businessId, ...data },
            update: data,
          });
          await audit(tx, {
            actorId: row.userId,
            action: "competitor_discovery.connected",
            entityType: "business",
            entityId: row.businessId,
            data: { pageId: page.id, pageName: page.name, instagramUsername: page.instagram.username },
            ip: meta.ip,
          });
        });
        return `${row.returnTo}?discovery=connected`;
      } catch (e) {
        logger.warn("competitor discovery sign-in failed", { businessId: row.businessId, error: (e as Error).message });
        return fail(row.returnTo, "OAUTH_FAILED");
      }
    },

    /** Forgets the token (and asks Facebook to take back the app's permissions, best effort). */
    async disconnect(viewer: Viewer | null, meta: RequestMeta): Promise<DiscoveryStatus> {
      const { v, businessId } = person(viewer);
      const c = await db.competitorDiscoveryConnection.findUnique({ where: { businessId } });
      if (c) {
        await db.$transaction(async (tx) => {
          await tx.competitorDiscoveryConnection.delete({ where: { id: c.id } });
          await audit(tx, {
            actorId: v.userId,
            action: "competitor_discovery.disconnected",
            entityType: "business",
            entityId: businessId,
            data: { pageId: c.pageId, instagramUsername: c.igUsername },
            ip: meta.ip,
          });
        });
        if (c.status === "connected" && !expired(c)) {
          await facebook
            .revoke(crypto.open(c.accessToken))
            .catch((e) => logger.warn("facebook permissions not revoked", { businessId, error: (e as Error).message }));
        }
      }
      return statusOf(businessId);
    },

    /**
     * A competitor's business discovery answer through the business's connection. No connection:
     * FACEBOOK_NOT_CONNECTED; refused or expired token: FACEBOOK_RECONNECT_NEEDED (the connection is
     * marked so); a personal account or unknown name: INSTAGRAM_NOT_PROFESSIONAL.
     */
    async discover(businessId: string, username: string): Promise<DiscoveredAccount> {
      if (!facebook.configured()) throw new AppError("FACEBOOK_NOT_CONFIGURED");
      const c = await db.competitorDiscoveryConnection.findUnique({ where: { businessId } });
      if (!c || c.status === "disconnected") throw new AppError("FACEBOOK_NOT_CONNECTED");
      if (c.status !== "connected") throw new AppError("FACEBOOK_RECONNECT_NEEDED");
      if (expired(c)) {
        await markReconnectNeeded(c, "the Facebook token expired");
        throw new AppError("FACEBOOK_RECONNECT_NEEDED");
      }
      try {
        return await facebook.discoverBusiness(
          { igUserId: c.igUserId, accessToken: crypto.open(c.accessToken) },
          username,
        );
      } catch (e) {
        if (!(e instanceof PlatformError)) throw e;
        if (e.opts.platformCode === DISCOVERY_NOT_PROFESSIONAL) throw new AppError("INSTAGRAM_NOT_PROFESSIONAL");
        if (e.kind === "auth") {
          await markReconnectNeeded(c, e.platformMessage);
          throw new AppError("FACEBOOK_RECONNECT_NEEDED");
        }
        if (e.kind === "rate_limit") throw new AppError("RATE_LIMITED");
        logger.warn("competitor discovery failed", { businessId, kind: e.kind, message: e.platformMessage });
        throw new AppError("INSTAGRAM_UNAVAILABLE");
      }
    },
  };
}

export type DiscoveryConnectionService = ReturnType<typeof createDiscoveryConnectionService>;
