// Attempt limits on login, register and forgot-password, per IP and per e-mail. Counters live in
// Postgres (rate_limits) so every API process counts together. Both doors call consume() through
// the auth service, so GraphQL and REST share one budget.
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

export type LimitedAction = "login" | "register" | "forgot";

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
