// Analytics (issue 7): the date range every analytics question takes, and the small arithmetic both
// sides agree on (the previous period, engagement rate, change in percent). Ranges are Kuwait days
// written YYYY-MM-DD, both ends included. Pure: the only clock is the `today` a caller passes, or
// Kuwait's today when the range rule is parsed without one.
import { z } from "zod";
import { addDays, daysBetween, isIsoDate, kuwaitDate } from "./calendar.ts";
import type { MessageKey } from "./messages.ts";

/** A range left out is the last 30 days, today in Kuwait included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one question may cover (two years of days; a leap day fits). */
export const ANALYTICS_MAX_DAYS = 731;

const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const day = z.preprocess(
  (v) => blankToUndefined(typeof v === "string" ? v.trim() : v),
  z.string(key("analyticsDateInvalid")).refine(isIsoDate, key("analyticsDateInvalid")).optional(),
);

export interface AnalyticsRange {
  /** undefined when the caller named none: the service answers FORBIDDEN (issue 7) */
  clientId: string | undefined;
  from: string;
  to: string;
}

/**
 * The range rule with a clock: `today` gives Kuwait's date (tests pass a fixed one). A missing `to` is
 * today; a missing `from` is 30 days ending at `to`. `to` may not come before `from`, and the range
 * covers at most ANALYTICS_MAX_DAYS days. `clientId` is checked only for its form here; whether the
 * caller may name it is the server's question.
 */
export const analyticsRangeSchemaAt = (today: () => string = () => kuwaitDate()) =>
  z
    .object({
      clientId: z.preprocess(blankToUndefined, z.string(key("analyticsClientInvalid")).trim().regex(UUID, key("analyticsClientInvalid")).toLowerCase().optional()),
      from: day,
      to: day,
    })
    .transform((v, ctx): AnalyticsRange => {
      const to = v.to ?? today();
      const from = v.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
      if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: "analyticsRangeOrder" satisfies MessageKey });
      else if (daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["from"], message: "analyticsRangeTooLong" satisfies MessageKey });
      return { clientId: v.clientId, from, to };
    });

/** ?client_id=&from=&to= with Kuwait's today as the clock. */
export const analyticsRangeSchema = analyticsRangeSchemaAt();
export type AnalyticsRangeInput = z.input<typeof analyticsRangeSchema>;

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Engagement in percent: likes, comments and shares over reach, or over views when the network gives
 * no reach (X reports impressions only); null when there is neither. Two decimals.
 */
export function engagementRate(f: { likes: number; comments: number; shares: number; reach: number; views: number }): number | null {
  const audience = f.reach > 0 ? f.reach : f.views;
  if (!(audience > 0)) return null;
  return round2(((f.likes + f.comments + f.shares) / audience) * 100);
}

/** Change from `before` to `now` in percent (two decimals); null when there was nothing before to compare with. */
export function percentChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return round2(((now - before) / Math.abs(before)) * 100);
}
