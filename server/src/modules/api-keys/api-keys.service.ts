// API access (Premium): keys that let a business's own software call /graphql for it, with client
// rights. A key is shown once when created and kept only as a SHA-256 hash, with its first characters
// in clear so people can tell keys apart. Managers (see team.service.ts) create and revoke keys, from a
// person's session only; everyone of the business may see the list. REST never accepts keys.
import { randomBytes } from "node:crypto";
import { API_KEY_DISPLAY_LENGTH, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, API_KEY_RATE_LIMIT, apiKeyNameSchema, isApiKeyShape, isPremium } from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { ApiKey } from "../../generated/prisma/client.ts";
import { createApiKeyLimiter } from "../../http/rate-limits.ts";
import { audit } from "../../kernel/audit.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { hashToken } from "../auth/index.ts";
import { accessOf, BLOCKED_STATUS, requireManager } from "../team/index.ts";
import { isUuid } from "../../kernel/ids.ts";

export interface ApiKeysOptions {
  /** requests per key per window (default API_KEY_RATE_LIMIT: 600 a minute) */
  rateLimit?: { points: number; durationSeconds: number };
  /** lastUsedAt is written at most this often per key, to spare writes (default one minute) */
  touchEveryMs?: number;
}

/** sk_live_ and 32 random base64url characters (24 random bytes). */
export function newApiKey() {
  const key = API_KEY_PREFIX + randomBytes((API_KEY_RANDOM_LENGTH * 3) / 4).toString("base64url");
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), keyHash: hashToken(key) };
}

export function createApiKeysService(deps: Deps, opts: ApiKeysOptions = {}) {
  const { db } = deps;
  const limiter = createApiKeyLimiter(deps.pool, opts.rateLimit ?? API_KEY_RATE_LIMIT);
  const touchEveryMs = opts.touchEveryMs ?? 60_000;

  return {
    /** The keys of the viewer's business, newest first, revoked ones included (marked). */
    async list(viewer: Viewer | null) {
      const access = await accessOf(db, viewer);
      const keys = await db.apiKey.findMany({ where: { businessId: access.viewer.businessId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
      return { premium: access.premium, canManage: access.canManage, keys };
    },

    /** Creates a key (Premium, managers). The key itself is in this answer and nowhere else, ever. */
    async create(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<{ apiKey: ApiKey; key: string }> {
      const access = await requireManager(db, viewer);
      if (!access.premium) throw new AppError("API_ACCESS_REQUIRES_PREMIUM");
      const { name } = validate(apiKeyNameSchema, input);
      const { businessId, userId } = access.viewer;
      const { key, prefix, keyHash } = newApiKey();
      const apiKey = await db.$transaction(async (tx) => {
        const created = await tx.apiKey.create({ data: { businessId, name, prefix, keyHash, createdById: userId } });
        await audit(tx, { actorId: userId, action: "api_key.created", entityType: "business", entityId: businessId, data: { apiKeyId: created.id, name, prefix }, ip: meta.ip });
        return created;
      });
      return { apiKey, key };
    },

    /** Revokes a key of the viewer's business at once (managers; allowed on any plan). */
    async revoke(viewer: Viewer | null, id: string, meta: RequestMeta): Promise<ApiKey> {
      const access = await requireManager(db, viewer);
      const { businessId, userId } = access.viewer;
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const found = await tx.apiKey.findFirst({ where: { id, businessId } });
        if (!found) throw new AppError("NOT_FOUND");
        if (found.revokedAt) return found;
        const revoked = await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
        await audit(tx, { actorId: userId, action: "api_key.revoked", entityType: "business", entityId: businessId, data: { apiKeyId: id, name: found.name, prefix: found.prefix }, ip: meta.ip });
        return revoked;
      });
    },

    /**
     * Turns a Bearer API key into a Viewer acting for its business with client rights, as the person who
     * created it. Unknown or revoked: UNAUTHENTICATED. Business suspended (pending, rejected): its own
     * code. No longer Premium: API_ACCESS_REQUIRES_PREMIUM. Over the key's budget: RATE_LIMITED.
     */
    async authenticate(token: string): Promise<Viewer> {
      if (!isApiKeyShape(token)) throw new AppError("UNAUTHENTICATED");
      const key = await db.apiKey.findUnique({ where: { keyHash: hashToken(token) }, include: { business: { include: { subscription: true } } } });
      if (!key || key.revokedAt) throw new AppError("UNAUTHENTICATED");
      const blocked = BLOCKED_STATUS[key.business.status];
      if (blocked) throw new AppError(blocked);
      if (!isPremium(key.business.subscription)) throw new AppError("API_ACCESS_REQUIRES_PREMIUM");
      const [creator] = await Promise.all([db.user.findUnique({ where: { id: key.createdById } }), limiter.consume(key.id)]);
      // removing a member revokes their keys; a creator gone or moved otherwise still ends the key's use
      if (!creator || creator.businessId !== key.businessId) throw new AppError("UNAUTHENTICATED");
      const now = Date.now();
      if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= touchEveryMs) {
        // conditional, so that several processes seeing the same stale value write once
        await db.apiKey.updateMany({ where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - touchEveryMs) } }] }, data: { lastUsedAt: new Date(now) } });
      }
      return { userId: creator.id, role: "client", email: creator.email, name: creator.name, businessId: key.businessId, sessionId: `apikey:${key.id}`, apiKeyId: key.id };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
