// Attempt limits on login, register, forgot-password and invitation acceptance, per IP and per
// e-mail. Counters live in Postgres (rate_limits) so every API process counts together. Both doors
// call consume() through the services, so GraphQL and REST share one budget. API keys have their
// own budget per key (createApiKeyLimiter), counted in the same table.
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/** accept_invitation: a public form that creates an account, limited per IP like sign-up. */
export type LimitedAction = "login" | "register" | "forgot" | "accept_invitation";

export function createRateLimits(pool: pg.Pool, cfg: Config["rateLimit"]) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({ storeClient: pool, tableName: "rate_limits", tableCreated: true, clearExpiredByTimeout: false, keyPrefix, points, duration: cfg.windowSeconds });
  const byIp = make("ip", cfg.perIp);
  const byEmail = make("email", cfg.perEmail);

  return {
    /** Counts one attempt; throws RATE_LIMITED (429) when either budget is spent. */
    async consume(action: LimitedAction, ip: string, email?: string) {
      try {
        await byIp.consume(`${action}:${ip}`);
        if (email) await byEmail.consume(`${action}:${email.trim().toLowerCase()}`);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw e;
      }
    },
    /** A successful login clears that e-mail's count, so a typo earlier does not lock its owner out. */
    async reset(action: LimitedAction, email: string) {
      await byEmail.delete(`${action}:${email.trim().toLowerCase()}`);
    },
    /** Drops expired counters (run by the maintenance job). */
    async sweep() {
      await pool.query("delete from rate_limits where expire is not null and expire < $1", [Date.now()]);
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** Requests per API key per window; the api-keys service consumes one point per authenticated request. */
export function createApiKeyLimiter(pool: pg.Pool, opts: { points: number; durationSeconds: number }) {
  const limiter = new RateLimiterPostgres({ storeClient: pool, tableName: "rate_limits", tableCreated: true, clearExpiredByTimeout: false, keyPrefix: "apikey", points: opts.points, duration: opts.durationSeconds });
  return {
    /** Counts one request of the key; throws RATE_LIMITED (429) when its budget for the window is spent. */
    async consume(apiKeyId: string) {
      try {
        await limiter.consume(apiKeyId);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw e;
      }
    },
  };
}
export type ApiKeyLimiter = ReturnType<typeof createApiKeyLimiter>;
