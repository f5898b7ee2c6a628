// Peak-hours posting insights (docs/product.md#kuwait-calendar-and-posting-times): when the viewer's
// business should post, as a heat map of Kuwait weekdays × hours and suggested times for the next
// seven days. The model is @sufra/schema's insights.ts; this service feeds it the week's prayer times,
// Ramadan (from the calendar service, so the admins' corrections count) and, once the business has
// published enough posts with figures, their engagement by Kuwait weekday and hour (one SQL
// aggregate; every row is never loaded).
import {
  addDays,
  blendGrids,
  bestHours,
  defaultPostingScores,
  gridCells,
  INSIGHTS_LOOKBACK_DAYS,
  kuwaitDate,
  MIN_POSTS_FOR_OWN_INSIGHTS,
  ownPostingScores,
  planSuggestions,
  postingInsightsQuerySchema,
  RAMADAN_OWN_SHARE,
  SUGGESTION_DAYS,
  weekdayOf,
  type EngagementSample,
  type KuwaitHoliday,
  type PlanDay,
  type PostingInsights,
  type PostingSuggestion,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { validate } from "../../kernel/errors.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { kuwaitPrayerTimes, type CalendarService } from "../calendar/index.ts";

/** The Ramadan days among `dates`, from the calendar's first and last days of Ramadan (corrections applied). */
function ramadanDays(dates: readonly string[], holidays: readonly KuwaitHoliday[]): boolean[] {
  const starts = holidays
    .filter((h) => h.occasionKey === "ramadan_start")
    .map((h) => h.date)
    .sort();
  const ends = holidays
    .filter((h) => h.occasionKey === "ramadan_end")
    .map((h) => h.date)
    .sort();
  return dates.map((d) => {
    const start = starts.filter((s) => s <= d).at(-1);
    if (!start) return false;
    const end = ends.find((e) => e >= start);
    return !!end && d <= end;
  });
}

interface Figures {
  posts: number;
  /** posts of the lookback published only with simulated figures (demo or practice accounts): not counted, but said */
  simulated: number;
  samples: EngagementSample[];
}

export function createInsightsService(deps: Deps, calendar: CalendarService, opts: { now?: () => Date } = {}) {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());

  /**
   * The business's published targets of the lookback that have real figures (a demo account's are
   * simulated and say nothing about its audience). Each target's engagement is likes + comments +
   * shares over reach (or views when the network gives no reach); without either, its absolute
   * engagement. Either is divided by the business's mean of the same measure on the same network,
   * so Instagram's and X's scales compare. Then averaged per Kuwait weekday and hour of publishing.
   */
  async function ownFigures(businessId: string, since: Date, until: Date): Promise<Figures> {
    const rows = await db.$queryRaw<{ weekday: number; hour: number; posts: number; value: number; total: number }[]>`
      with t as (
        select pt.post_id, pt.platform,
               coalesce(pt.published_at, p.published_at) as at,
               (pt.likes + pt.comments + pt.shares)::float8 as engagement,
               nullif(case when pt.reach > 0 then pt.reach else pt.views end, 0)::float8 as audience
          from post_targets pt
          join posts p on p.id = pt.post_id
         where p.business_id = ${businessId}::uuid
           and pt.status = 'published'
           and pt.metrics_at is not null
           and not pt.metrics_simulated
           and coalesce(pt.published_at, p.published_at) >= ${since.toISOString()}::timestamptz
           and coalesce(pt.published_at, p.published_at) < ${until.toISOString()}::timestamptz
      ), m as (
        select post_id, at, audience is not null as rated,
               platform, case when audience is not null then engagement / audience else engagement end as measure
          from t
      ), v as (
        select post_id, at,
               coalesce(measure / nullif(avg(measure) over (partition by platform, rated), 0), 1) as value
          from m
      )
      select extract(dow from at at time zone 'Asia/Kuwait')::int as weekday,
             extract(hour from at at time zone 'Asia/Kuwait')::int as hour,
             count(distinct post_id)::int as posts,
             avg(value)::float8 as value,
             (select count(distinct post_id) from v)::int as total
        from v
       group by 1, 2`;
    // the posts the figures leave out because theirs are simulated, so the card can say why it still waits
    const [simulated] = await db.$queryRaw<{ n: number }[]>`
      select count(distinct p.id)::int as n
        from post_targets pt
        join posts p on p.id = pt.post_id
        join platform_accounts a on a.id = pt.account_id
       where p.business_id = ${businessId}::uuid
         and pt.status = 'published'
         and (pt.metrics_simulated or a.demo)
         and coalesce(pt.published_at, p.published_at) >= ${since.toISOString()}::timestamptz
         and coalesce(pt.published_at, p.published_at) < ${until.toISOString()}::timestamptz
         and not exists (select 1 from post_targets r where r.post_id = p.id and r.status = 'published' and r.metrics_at is not null and not r.metrics_simulated)`;
    return {
      posts: rows[0]?.total ?? 0,
      simulated: simulated?.n ?? 0,
      samples: rows.map((r) => ({ weekday: r.weekday, hour: r.hour, posts: r.posts, value: r.value })),
    };
  }

  /** Which of `dates` (consecutive, YYYY-MM-DD) fall in Ramadan, the admins' corrections applied. */
  async function inRamadanOn(v: Viewer, dates: readonly string[]): Promise<boolean[]> {
    // a Ramadan that began in the previous year (December) is found in that year's list
    const years = [...new Set([addDays(dates[0]!, -31), dates.at(-1)!].map((d) => Number(d.slice(0, 4))))];
    const holidays = (await Promise.all(years.map((year) => calendar.holidays(v, { year })))).flat();
    return ramadanDays(dates, holidays);
  }

  /** The grid for the seven days from `from` (the heat map's), and those days with their prayer times and Ramadan. */
  async function gridFor(v: Viewer, from: string, figures: Figures) {
    const dates = Array.from({ length: SUGGESTION_DAYS }, (_, i) => addDays(from, i));
    const inRamadan = await inRamadanOn(v, dates);
    // each weekday occurs once in the seven days: it takes that day's prayer times and Ramadan
    const days: PlanDay[] = dates.map((date, i) => ({
      date,
      prayers: kuwaitPrayerTimes(date),
      ramadan: inRamadan[i]!,
    }));
    const byWeekday = [...days].sort((a, b) => weekdayOf(a.date) - weekdayOf(b.date));
    const ramadanByWeekday = byWeekday.map((d) => d.ramadan);
    const defaults = defaultPostingScores({ prayers: byWeekday.map((d) => d.prayers), ramadan: ramadanByWeekday });
    const own = figures.posts >= MIN_POSTS_FOR_OWN_INSIGHTS;
    let grid = defaults;
    if (own) {
      // the prior is the ordinary defaults: the figures were (mostly) gathered outside Ramadan
      const ordinary = defaultPostingScores({ prayers: byWeekday.map((d) => d.prayers) });
      grid = ownPostingScores(figures.samples, ordinary);
      if (ramadanByWeekday.some(Boolean)) grid = blendGrids(grid, defaults, RAMADAN_OWN_SHARE, ramadanByWeekday);
    }
    return { days, inRamadan, grid, source: (own ? "own" : "defaults") as "own" | "defaults" };
  }

  return {
    /**
     * The suggested times of each of `dates` (YYYY-MM-DD, Kuwait; any days, in any order) for the viewer's
     * business, as the posting-times card suggests them (planSuggestions: around the prayers, never at one),
     * best score first per day; a day left with none (all of it past) is missing from the answer.
     */
    async suggestionsOn(viewer: Viewer | null, dates: readonly string[]): Promise<Map<string, PostingSuggestion[]>> {
      const v = requireScope(viewer, "business");
      const at = now();
      const figures = await ownFigures(v.businessId!, new Date(at.getTime() - INSIGHTS_LOOKBACK_DAYS * 86_400_000), at);
      const sorted = [...new Set(dates)].sort();
      const out = new Map<string, PostingSuggestion[]>();
      let i = 0;
      while (i < sorted.length) {
        const from = sorted[i]!;
        const { days, grid, source } = await gridFor(v, from, figures);
        const week = sorted.filter((d) => d >= from && d < addDays(from, SUGGESTION_DAYS));
        const chosen = days.filter((d) => week.includes(d.date));
        // every good time of the day, not only the card's two: the planner prefers the one its occasion names (before Iftar)
        for (const s of planSuggestions({ days: chosen, grid, source, now: at, perDay: 6 })) {
          const day = kuwaitDate(new Date(s.at));
          out.set(
            day,
            [...(out.get(day) ?? []), s].sort((a, b) => b.score - a.score),
          );
        }
        i += week.length;
      }
      return out;
    },

    /** Whether a Kuwait day (YYYY-MM-DD) is in Ramadan: the prayer card's tip names Ramadan's windows then. */
    async ramadan(viewer: Viewer | null, date: string): Promise<boolean> {
      const v = requireScope(viewer, "authenticated");
      return (await inRamadanOn(v, [date]))[0]!;
    },

    /**
     * Best posting hours for the viewer's business, for the seven days from `from` (YYYY-MM-DD,
     * default today in Kuwait): the heat map, the best three hours of each weekday and suggested times.
     */
    async postingTimes(viewer: Viewer | null, input: { from?: unknown } = {}): Promise<PostingInsights> {
      const v = requireScope(viewer, "business");
      const q = validate(postingInsightsQuerySchema, input);
      const at = now();
      const from = q.from ?? kuwaitDate(at);
      const figures = await ownFigures(v.businessId!, new Date(at.getTime() - INSIGHTS_LOOKBACK_DAYS * 86_400_000), at);
      const { days, inRamadan, grid, source } = await gridFor(v, from, figures);
      const own = source === "own";

      return {
        source: own ? "own" : "defaults",
        ramadan: inRamadan.some(Boolean),
        postsAnalysed: figures.posts,
        simulatedPosts: figures.simulated,
        minPosts: MIN_POSTS_FOR_OWN_INSIGHTS,
        from,
        cells: gridCells(grid),
        best: bestHours(grid),
        suggestions: planSuggestions({ days, grid, source, now: at }),
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
