// API access (Premium): keys that let a business's own software call /graphql for it, with client
// rights. A key is shown once when created and kept only as a SHA-256 hash, with its first characters
// in clear so people can tell keys apart. Managers (see team.service.ts) create and revoke keys, from a
// person's session only; everyone of the business may see the list. REST never accepts keys.
// Each key's GraphQL requests, and those answered with errors, are counted per Kuwait day
// (api_key_usage_days), batched in memory and written every few seconds: one statement per flush, not
// per request (docs/product.md#api-keys).
import { randomBytes } from "node:crypto";
import {
  addDays,
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_RATE_LIMIT,
  apiKeyNameSchema,
  isApiKeyShape,
  isoDay,
  isPremium,
  kuwaitDate,
  mayUse,
  type BusinessStatus,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { ApiKey } from "../../generated/prisma/client.ts";
import { createApiKeyLimiter, type ApiKeyBudget } from "../../http/rate-limits.ts";
import { audit } from "../../kernel/audit.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { hashToken } from "../auth/index.ts";
import { accessOf, BLOCKED_STATUS, requireManager } from "../team/index.ts";
import { assertRunning } from "../billing/index.ts";
import { isUuid } from "../../kernel/ids.ts";

export interface ApiKeysOptions {
  /** requests per key per window (default API_KEY_RATE_LIMIT: 600 a minute) */
  rateLimit?: { points: number; durationSeconds: number };
  /** lastUsedAt is written at most this often per key, to spare writes (default one minute) */
  touchEveryMs?: number;
  /** counted requests are written at most this long after they end (default five seconds) */
  flushEveryMs?: number;
}

/** The most days `usage` reads back (the page shows 30). */
const API_KEY_USAGE_MAX_DAYS = 90;

/** One Kuwait day of a key: its GraphQL requests and how many answered with errors. */
export interface ApiKeyUsageDay {
  day: string;
  requests: number;
  errors: number;
}

/** What the GraphQL door learns from a key: the caller (or why not), which key, and its budget. */
export interface KeyCaller {
  viewer: Viewer | null;
  error: AppError | null;
  /** the key, when it was found (a refused key's requests are counted too, e.g. over its budget) */
  apiKeyId: string | null;
  /** where the key stands in its rate-limit window; null when it was refused before counting */
  budget: ApiKeyBudget | null;
}

/** What identify reads of a key in its one statement. */
interface KeyRow {
  id: string;
  businessId: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  businessStatus: BusinessStatus;
  plan: string | null;
  subscriptionStatus: string | null;
  creatorId: string | null;
  creatorEmail: string | null;
  creatorName: string | null;
  creatorBusinessId: string | null;
}

/** sk_live_ and 32 random base64url characters (24 random bytes). */
function newApiKey() {
  const key = API_KEY_PREFIX + randomBytes((API_KEY_RANDOM_LENGTH * 3) / 4).toString("base64url");
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), keyHash: hashToken(key) };
}

export function createApiKeysService(deps: Deps, opts: ApiKeysOptions = {}) {
  const { db } = deps;
  const limiter = createApiKeyLimiter(deps.pool, opts.rateLimit ?? API_KEY_RATE_LIMIT);
  const touchEveryMs = opts.touchEveryMs ?? 60_000;
  const flushEveryMs = opts.flushEveryMs ?? 5_000;

  // counts not yet written, by key and Kuwait day
  let pending = new Map<string, { apiKeyId: string; day: string; requests: number; errors: number }>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  /** Writes the counts gathered so far in one statement; a key deleted meanwhile is skipped. */
  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      if (!pending.size) return;
      const rows = [...pending.values()];
      pending = new Map();
      try {
        await deps.pool.query(
          `insert into api_key_usage_days (api_key_id, day, requests, errors)
           select u.id, u.day, u.requests, u.errors
             from unnest($1::uuid[], $2::date[], $3::int[], $4::int[]) as u(id, day, requests, errors)
             join api_keys k on k.id = u.id
           on conflict (api_key_id, day) do update
             set requests = api_key_usage_days.requests + excluded.requests, errors = api_key_usage_days.errors + excluded.errors`,
          [rows.map((r) => r.apiKeyId), rows.map((r) => r.day), rows.map((r) => r.requests), rows.map((r) => r.errors)],
        );
      } catch (e) {
        // counts are a convenience for the page: a database away for a moment loses them, never a request
        deps.logger.error("could not write API key usage", { error: (e as Error).message, rows: rows.length });
      }
    });
    return flushing;
  };

  /** Adds to a key's counts for today in Kuwait; written within flushEveryMs. */
  const record = (apiKeyId: string, requests: number, errors: number) => {
    const day = kuwaitDate();
    const id = `${apiKeyId}|${day}`;
    const row = pending.get(id) ?? { apiKeyId, day, requests: 0, errors: 0 };
    row.requests += requests;
    row.errors += errors;
    pending.set(id, row);
    if (!timer) {
      timer = setInterval(() => void flush(), flushEveryMs);
      timer.unref(); // never keeps a process alive
    }
  };

  const service = {
    /** The keys of the viewer's business, newest first, revoked ones included (marked). */
    async list(viewer: Viewer | null) {
      const access = await accessOf(db, viewer, "api_keys");
      const keys = await db.apiKey.findMany({
        where: { businessId: access.viewer.businessId },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      });
      return { premium: access.premium, canManage: access.canManage, keys };
    },

    /** Creates a key (Premium, managers). The key itself is in this answer and nowhere else, ever. */
    async create(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<{ apiKey: ApiKey; key: string }> {
      const access = await requireManager(db, viewer, "api_keys");
      assertRunning(access.business.subscription, "api");
      if (!access.premium) throw new AppError("API_ACCESS_REQUIRES_PREMIUM");
      const { name } = validate(apiKeyNameSchema, input);
      const { businessId, userId } = access.viewer;
      const { key, prefix, keyHash } = newApiKey();
      const apiKey = await db.$transaction(async (tx) => {
        const created = await tx.apiKey.create({ data: { businessId, name, prefix, keyHash, createdById: userId } });
        await audit(tx, {
          actorId: userId,
          action: "api_key.created",
          entityType: "business",
          entityId: businessId,
          data: { apiKeyId: created.id, name, prefix },
          ip: meta.ip,
        });
        return created;
      });
      return { apiKey, key };
    },

    /** Revokes a key of the viewer's business at once (managers; allowed on any plan). */
    async revoke(viewer: Viewer | null, id: string, meta: RequestMeta): Promise<ApiKey> {
      const access = await requireManager(db, viewer, "api_keys");
      const { businessId, userId } = access.viewer;
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const found = await tx.apiKey.findFirst({ where: { id, businessId } });
        if (!found) throw new AppError("NOT_FOUND");
        if (found.revokedAt) return found;
        const revoked = await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
        await audit(tx, {
          actorId: userId,
          action: "api_key.revoked",
          entityType: "business",
          entityId: businessId,
          data: { apiKeyId: id, name: found.name, prefix: found.prefix },
          ip: meta.ip,
        });
        return revoked;
      });
    },

    /**
     * Turns a Bearer API key into a Viewer acting for its business with client rights, as the person who
     * created it. Unknown or revoked: UNAUTHENTICATED. Business suspended (pending, rejected): its own
     * code. No longer Premium: API_ACCESS_REQUIRES_PREMIUM. Over the key's budget: RATE_LIMITED.
     */
    async authenticate(token: string): Promise<Viewer> {
      const caller = await service.identify(token);
      if (caller.error) throw caller.error;
      return caller.viewer!;
    },

    /**
     * authenticate's answer for the GraphQL door, which also reports the key's budget in its headers and
     * counts the request: the caller or the refusal, the key's id once found, and its budget once counted.
     */
    async identify(token: string, operations = 1): Promise<KeyCaller> {
      const refused = (
        code: ConstructorParameters<typeof AppError>[0],
        apiKeyId: string | null = null,
        budget: ApiKeyBudget | null = null,
      ): KeyCaller => ({ viewer: null, error: new AppError(code), apiKeyId, budget });
      if (!isApiKeyShape(token)) return refused("UNAUTHENTICATED");
      // the key, its business's status and plan, and its creator, in one statement; read on every request
      // (not kept like a person's checked caller): a plan or a key changes here at once, and the budget
      // below is counted per request anyway
      const [key] = await db.$queryRaw<KeyRow[]>`
        select k.id, k.business_id as "businessId", k.revoked_at as "revokedAt", k.last_used_at as "lastUsedAt",
               b.status::text as "businessStatus", s.plan::text as plan, s.status::text as "subscriptionStatus",
               u.id as "creatorId", u.email as "creatorEmail", u.name as "creatorName", m.business_id as "creatorBusinessId"
          from api_keys k
          join businesses b on b.id = k.business_id
          left join subscriptions s on s.business_id = k.business_id
          left join users u on u.id = k.created_by_id
          left join memberships m on m.user_id = u.id and m.business_id = k.business_id
         where k.key_hash = ${hashToken(token)}`;
      if (!key || key.revokedAt) return refused("UNAUTHENTICATED");
      const blocked = BLOCKED_STATUS[key.businessStatus];
      if (blocked) return refused(blocked, key.id);
      // a Premium business whose subscription stopped keeps its keys; they work again when it pays (docs/product.md#subscriptions-and-billing)
      if (key.plan === "premium" && key.subscriptionStatus && !mayUse({ status: key.subscriptionStatus }, "api"))
        return refused("SUBSCRIPTION_ENDED", key.id);
      if (!isPremium(key.plan && key.subscriptionStatus ? { plan: key.plan, status: key.subscriptionStatus } : null))
        return refused("API_ACCESS_REQUIRES_PREMIUM", key.id);
      // a batched HTTP request spends one request of the budget per operation it carries
      const budget = await limiter.consume(key.id, operations);
      // removing a member revokes their keys; a creator gone or moved otherwise still ends the key's use
      if (!key.creatorId || key.creatorBusinessId !== key.businessId) return refused("UNAUTHENTICATED", key.id);
      const creator = { id: key.creatorId, email: key.creatorEmail!, name: key.creatorName! };
      if (budget.exceeded) return refused("RATE_LIMITED", key.id, budget);
      const now = Date.now();
      if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= touchEveryMs) {
        // conditional, so that several processes seeing the same stale value write once
        await db.apiKey.updateMany({
          where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - touchEveryMs) } }] },
          data: { lastUsedAt: new Date(now) },
        });
      }
      const viewer: Viewer = {
        userId: creator.id,
        role: "client",
        email: creator.email,
        name: creator.name,
        businessId: key.businessId,
        sessionId: `apikey:${key.id}`,
        apiKeyId: key.id,
      };
      return { viewer, error: null, apiKeyId: key.id, budget };
    },

    /** Counts one GraphQL request (or subscription) of a key, and whether it answered with errors, on today's Kuwait day. */
    countRequest(apiKeyId: string, failed: boolean) {
      record(apiKeyId, 1, failed ? 1 : 0);
    },

    /** Counts an error on a request already counted (a subscription that failed after it started). */
    countError(apiKeyId: string) {
      record(apiKeyId, 0, 1);
    },

    /** Writes the counts gathered so far (tests; the page's read does it too). */
    flushUsage: flush,

    /**
     * A key's requests and errors on each of the last `days` Kuwait days (today last), every day present
     * (zeros where none). Only people of the key's business (never a key): anyone else gets NOT_FOUND.
     */
    async usage(
      viewer: Viewer | null,
      apiKey: Pick<ApiKey, "id" | "businessId">,
      days = 30,
    ): Promise<ApiKeyUsageDay[]> {
      if (!viewer?.businessId || viewer.businessId !== apiKey.businessId || viewer.apiKeyId)
        throw new AppError("NOT_FOUND");
      // 1 to 90 days: a number outside reads as the nearest
      days = Math.min(API_KEY_USAGE_MAX_DAYS, Math.max(1, Math.trunc(days) || 1));
      await flush();
      const to = kuwaitDate();
      const from = addDays(to, -(days - 1));
      const rows = await db.apiKeyUsageDay.findMany({
        where: { apiKeyId: apiKey.id, day: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
      });
      const byDay = new Map(rows.map((r) => [isoDay(r.day), r]));
      return Array.from({ length: days }, (_, i) => {
        const day = addDays(from, i);
        const r = byDay.get(day);
        return { day, requests: r?.requests ?? 0, errors: r?.errors ?? 0 };
      });
    },

    /** Listening (app.ts): nothing to start, the writer's timer starts with the first count. */
    async start() {},

    /** Stops the writer and writes what is left, so a process going down keeps its counts. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
  return service;
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
