// Attempt limits on login, register, forgot-password, invitation acceptance and the payment return. Counters live in
// Postgres (rate_limits) so every API process counts together. Both doors call consume() through the
// services, so GraphQL and REST share one budget. API keys have their own budget per key
// (createApiKeyLimiter), counted in the same table.
//
// Per e-mail, a stranger must not be able to lock the owner out: the hard limit counts an address's
// attempts from one client address only; attempts on an address from everywhere together are slowed
// (a growing wait, capped), never refused.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { APPROVAL_LINK_RATE } from "@sufra/schema";
import type { Config } from "../config.ts";
import { AppError } from "../kernel/errors.ts";

/**
 * accept_invitation: a public form that creates an account, limited per IP like sign-up. payment_return:
 * the payment gateway's public return address, which may read a charge from the gateway with our key.
 */
export type LimitedAction = "login" | "register" | "forgot" | "accept_invitation" | "payment_return";

/** the first wait once an address's attempts from everywhere pass the per-e-mail limit; it doubles each attempt */
const SLOWDOWN_FIRST_MS = 250;
export const SLOWDOWN_MAX_MS = 4_000;

/** How long an attempt waits, given how many attempts on its e-mail address (from anywhere) came before it. */
export const slowdownMs = (earlier: number, perEmail: number) =>
  earlier < perEmail ? 0 : Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_FIRST_MS * 2 ** Math.min(earlier - perEmail, 16));

export function createRateLimits(pool: pg.Pool, cfg: Config["rateLimit"]) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration: cfg.windowSeconds,
    });
  const byIp = make("ip", cfg.perIp);
  const byEmailFromIp = make("email-ip", cfg.perEmail);
  // counts only: never refuses (its points are out of reach)
  const byEmail = make("email", Number.MAX_SAFE_INTEGER);
  // counted before the address is validated: control characters dropped (Postgres refuses a NUL in the key)
  // an address as typed may be 200,000 characters or hold a lone surrogate, which the counters' table (text,
  // indexed) cannot store: such a one is counted under its digest; a real address stays readable
  const emailKey = (action: LimitedAction, email: string) => {
    const e = email
      .replace(/[\u0000-\u001F\u007F-\u009F]/gu, "")
      .trim()
      .toLowerCase();
    const storable = e.length <= 254 && Buffer.from(e, "utf8").toString("utf8") === e;
    return `${action}:${storable ? e : `sha256:${createHash("sha256").update(e).digest("base64url")}`}`;
  };

  // approval links (docs/product.md#agencies-and-approvals): per link and per client address, each with its budget
  const approvalLinks = new Map<number, RateLimiterPostgres>();
  const approvalLimiter = (points: number) => {
    let l = approvalLinks.get(points);
    if (!l) {
      l = new RateLimiterPostgres({
        storeClient: pool,
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: `approval-link-${points}`,
        points,
        duration: APPROVAL_LINK_RATE.durationSeconds,
      });
      approvalLinks.set(points, l);
    }
    return l;
  };

  return {
    /** Counts one use of `key` (a link, a client address) within `points` a minute; RATE_LIMITED past it. */
    async consumeApprovalLink(key: string, points: number) {
      try {
        await approvalLimiter(points).consume(key);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw e;
      }
    },
    /**
     * Counts one attempt; throws RATE_LIMITED (429) when the IP's budget, or the budget for this e-mail
     * from this IP, is spent. An attempt on an address already tried often from elsewhere waits first.
     */
    async consume(action: LimitedAction, ip: string, email?: string) {
      try {
        await byIp.consume(`${action}:${ip}`);
        if (!email) return;
        await byEmailFromIp.consume(`${emailKey(action, email)}:${ip}`);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw e;
      }
      const { consumedPoints } = await byEmail.consume(emailKey(action, email));
      const wait = slowdownMs(consumedPoints - 1, cfg.perEmail);
      if (wait) await sleep(wait);
    },
    /** A successful login clears that e-mail's count from this IP, so a typo earlier does not lock its owner out. */
    async reset(action: LimitedAction, email: string, ip: string) {
      await byEmailFromIp.delete(`${emailKey(action, email)}:${ip}`);
    },
    /** Drops expired counters (run by the maintenance job). */
    async sweep() {
      await pool.query("delete from rate_limits where expire is not null and expire < $1", [Date.now()]);
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** Where a key stands in its window: what the RateLimit-* answer headers report (graphql/api-key-calls.ts). */
export interface ApiKeyBudget {
  /** requests per window */
  limit: number;
  /** requests left in this window (0 when spent) */
  remaining: number;
  /** whole seconds until the window starts again */
  resetSeconds: number;
  /** the window's length in seconds */
  windowSeconds: number;
  /** this request was over the budget (refused with RATE_LIMITED) */
  exceeded: boolean;
}

/** Requests per API key per window; the api-keys service consumes one point per authenticated request. */
export function createApiKeyLimiter(pool: pg.Pool, opts: { points: number; durationSeconds: number }) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "apikey",
    points: opts.points,
    duration: opts.durationSeconds,
  });
  const budget = (r: RateLimiterRes, exceeded: boolean): ApiKeyBudget => ({
    limit: opts.points,
    remaining: Math.max(0, r.remainingPoints),
    resetSeconds: Math.max(0, Math.ceil(r.msBeforeNext / 1000)),
    windowSeconds: opts.durationSeconds,
    exceeded,
  });
  return {
    /**
     * Counts one request of the key (a batch: one per operation) and says where the key stands; over the
     * budget, `exceeded` (the caller refuses with RATE_LIMITED).
     */
    async consume(apiKeyId: string, points = 1): Promise<ApiKeyBudget> {
      try {
        return budget(await limiter.consume(apiKeyId, points), false);
      } catch (e) {
        if (e instanceof RateLimiterRes) return budget(e, true);
        throw e;
      }
    },
  };
}
