// Figures as a series over a range: zero-filled buckets (Kuwait days, or Kuwait weeks from Saturday)
// for the engagement chart and a network's page, and one period's totals against another's. Pure.
import { analyticsBuckets, bucketOf, percentChange, type AnalyticsInterval } from "@sufra/schema";
import type { Platform } from "../../generated/prisma/client.ts";
import {
  add,
  periodTotals,
  PLATFORM_ORDER,
  sumsOf,
  TOTAL_KEYS,
  zero,
  type AnalyticsFigures,
  type AnalyticsTotals,
  type Sums,
} from "./figures.ts";
import type { DailyFigures } from "./source.ts";

export interface SeriesPoint extends AnalyticsFigures {
  /** the bucket's first day, YYYY-MM-DD (a week's Saturday, which may come before the range) */
  date: string;
  /** the range's days in the bucket */
  days: number;
}

export interface PlatformSeries {
  platform: Platform;
  points: SeriesPoint[];
}

export type TotalsChange = Record<keyof AnalyticsTotals, number | null>;

/** The rows' figures per network. */
function byNetwork(rows: readonly DailyFigures[]): Map<Platform, Sums> {
  const m = new Map<Platform, Sums>();
  for (const r of rows) m.set(r.platform, add(m.get(r.platform) ?? zero(), sumsOf(r)));
  return m;
}

/** Every bucket of the range with its figures (zeros where nothing was published). */
export function seriesOf(
  rows: readonly DailyFigures[],
  from: string,
  to: string,
  interval: AnalyticsInterval,
): SeriesPoint[] {
  const buckets = new Map<string, DailyFigures[]>();
  for (const r of rows) {
    const b = bucketOf(r.day, interval);
    buckets.set(b, [...(buckets.get(b) ?? []), r]);
  }
  return analyticsBuckets(from, to, interval).map(({ date, days }) => {
    const { totals } = periodTotals(byNetwork(buckets.get(date) ?? []));
    const { followers: _f, ...figures } = totals;
    return { date, days, ...figures };
  });
}

/** The same series for each network with figures in the range, Instagram, X, Snapchat in that order. */
export function platformSeries(
  rows: readonly DailyFigures[],
  from: string,
  to: string,
  interval: AnalyticsInterval,
): PlatformSeries[] {
  return PLATFORM_ORDER.filter((p) => rows.some((r) => r.platform === p)).map((platform) => ({
    platform,
    points: seriesOf(
      rows.filter((r) => r.platform === platform),
      from,
      to,
      interval,
    ),
  }));
}

/**
 * A range's totals, their change against the previous period, and the split by network, from rows
 * that cover both (`from` splits them). The rate's change is taken from the unrounded rates, so
 * rounding does not show as change.
 */
export function compare(rows: readonly DailyFigures[], from: string) {
  const now = byNetwork(rows.filter((r) => r.day >= from));
  const before = byNetwork(rows.filter((r) => r.day < from));
  const a = periodTotals(now);
  const b = periodTotals(before);
  const change = Object.fromEntries(
    TOTAL_KEYS.map((k) => [
      k,
      k === "engagementRate" ? percentChange(a.exactRate, b.exactRate) : percentChange(a.totals[k], b.totals[k]),
    ]),
  ) as TotalsChange;
  const byPlatform = PLATFORM_ORDER.filter((p) => now.has(p)).map((platform) => ({
    platform,
    ...periodTotals(new Map([[platform, now.get(platform)!]])).totals,
  }));
  return { totals: a.totals, change, byPlatform: byPlatform.map(({ followers: _f, ...f }) => f) };
}
