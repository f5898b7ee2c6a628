// For tests only: an InsightsPostingTimes answer built by @sufra/schema's own model (the Kuwait
// defaults with March's prayer times, or a business's own figures), shaped as the server sends it, and
// the Apollo mock that serves it to every screen showing insights.
import {
  bestHours,
  defaultPostingScores,
  gridCells,
  ownPostingScores,
  planSuggestions,
  type EngagementSample,
  type PlanDay,
  type PrayerClock,
} from "@sufra/schema";
import { InsightsPostingTimesDocument, type InsightsPostingTimesQuery } from "../../graphql/graphql.ts";

/** Kuwait City, 20 March 2026. */
const MARCH: PrayerClock = { fajr: "04:33", dhuhr: "11:56", asr: "15:23", maghrib: "17:59", isha: "19:16" };

export function insightsData(
  opts: {
    from?: string;
    now?: Date;
    own?: EngagementSample[];
    postsAnalysed?: number;
    simulatedPosts?: number;
    ramadan?: boolean;
  } = {},
): InsightsPostingTimesQuery {
  // by default the week from today, so the suggested times are still ahead
  const from = opts.from ?? new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(new Date());
  const ramadan = opts.ramadan ?? false;
  const days: PlanDay[] = Array.from({ length: 7 }, (_, i) => ({
    date: new Date(Date.parse(`${from}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    prayers: MARCH,
    ramadan,
  }));
  const defaults = defaultPostingScores({ prayers: MARCH, ramadan });
  const grid = opts.own ? ownPostingScores(opts.own, defaults) : defaults;
  const source = opts.own ? "own" : "defaults";
  // __typename as the server sends it (the generated types leave it out)
  const data = {
    postingInsights: {
      __typename: "PostingInsights",
      source: (opts.own ? "OWN" : "DEFAULTS") as InsightsPostingTimesQuery["postingInsights"]["source"],
      ramadan,
      postsAnalysed: opts.postsAnalysed ?? (opts.own ? opts.own.reduce((a, s) => a + s.posts, 0) : 0),
      simulatedPosts: opts.simulatedPosts ?? 0,
      minPosts: 12,
      from,
      cells: gridCells(grid).map((c) => ({ __typename: "PostingHeatCell", ...c })),
      best: bestHours(grid).map((b) => ({ __typename: "WeekdayBest", ...b })),
      suggestions: planSuggestions({
        days,
        grid,
        source,
        now: opts.now ?? (opts.from ? new Date(`${from}T00:00:00+03:00`) : new Date()),
      }).map((s) => ({
        __typename: "PostingSuggestion",
        at: s.at,
        score: s.score,
        reason: s.reason.toUpperCase() as InsightsPostingTimesQuery["postingInsights"]["suggestions"][number]["reason"],
      })),
    },
  };
  return data as InsightsPostingTimesQuery;
}

/** Serves `data` to every InsightsPostingTimes query of a test. */
export const insightsMock = (data: InsightsPostingTimesQuery = insightsData()) => ({
  request: { query: InsightsPostingTimesDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data },
});
