// Peak-hours posting insights: when a Kuwait restaurant or café should post. Until the
// business has enough published posts with figures, a default model of Kuwait food-and-beverage
// habits around the prayer times (lunch; after Maghrib and after Isha, about 6-8 PM and 9-11 PM, docs/product.md#kuwait-calendar-and-posting-times
// moving with the day's real times; Thursday and Friday late nights; quiet during the prayers and from 2 to 6 AM), and in Ramadan
// the hour before Iftar, the nights after Taraweeh and before Suhoor. Afterwards, the business's own
// engagement by Kuwait weekday and hour, smoothed towards the defaults so thin hours cannot dominate.
// Pure functions: no clock, no database; the server feeds them prayer times and figures.
import { z } from "zod";
import { addMinutes, PRAYERS, prayerTimesQuerySchema, type PrayerName, type PrayerTimes } from "./calendar.ts";

/** 0 = Sunday ... 6 = Saturday, as JavaScript counts them (Kuwait time). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const HOURS_PER_DAY = 24;

/** Own figures replace the defaults once this many posts were published, with figures, in the lookback. */
export const MIN_POSTS_FOR_OWN_INSIGHTS = 12;
/** How far back the business's own posts are read. */
export const INSIGHTS_LOOKBACK_DAYS = 90;
/** Suggestions cover this many days from the first one. */
export const SUGGESTION_DAYS = 7;
/** A suggested time is at least this far in the future (time to write the post). */
export const SUGGESTION_MIN_LEAD_MINUTES = 15;
export const SUGGESTIONS_PER_DAY = 2;
/** Two suggestions on one day are at least this many hours apart. */
export const SUGGESTION_MIN_GAP_HOURS = 3;
/** Best hours listed per weekday. */
export const BEST_HOURS_PER_DAY = 3;
/** The defaults count as this many posts in every hour of the own-data estimate. */
export const OWN_PRIOR_WEIGHT = 3;
/** How much of the defaults' shape the own-data estimate keeps for hours the business never tried (0..1). */
export const OWN_PRIOR_STRENGTH = 0.5;
/** In Ramadan the own figures (mostly gathered outside it) are blended half and half with the Ramadan defaults. */
export const RAMADAN_OWN_SHARE = 0.5;

export const INSIGHTS_SOURCES = ["own", "defaults"] as const;
export type InsightsSource = (typeof INSIGHTS_SOURCES)[number];

/** Why a time is suggested (each has a label in both languages on the client). */
export const SUGGESTION_REASONS = [
  "lunch",
  "after_maghrib",
  "after_isha",
  "weekend_night",
  "before_iftar",
  "after_iftar",
  "before_suhoor",
  "own_peak",
] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** [weekday][hour] → score 0..100 (Kuwait time). */
export type PostingGrid = number[][];
export interface PostingHeatCell {
  weekday: Weekday;
  hour: number;
  score: number;
}
export interface WeekdayBest {
  weekday: Weekday;
  /** The best hours first (0..23). */
  hours: number[];
}
export interface PostingSuggestion {
  /** ISO instant. */
  at: string;
  reason: SuggestionReason;
  score: number;
}
export interface PostingInsights {
  source: InsightsSource;
  /** Any of the days covered is in Ramadan. */
  ramadan: boolean;
  /** Published posts with figures in the lookback. */
  postsAnalysed: number;
  /** Posts of the lookback with simulated figures only (demo and practice accounts): never counted towards minPosts. */
  simulatedPosts: number;
  minPosts: number;
  /** The first day covered, YYYY-MM-DD (Kuwait). */
  from: string;
  cells: PostingHeatCell[];
  best: WeekdayBest[];
  suggestions: PostingSuggestion[];
}

/** The prayer times a day's model needs, HH:mm Kuwait time. */
export type PrayerClock = Pick<PrayerTimes, PrayerName>;
/** What shapes one weekday of the defaults: its prayer times and whether it falls in Ramadan. */
export interface DayContext {
  prayers: PrayerClock;
  ramadan: boolean;
}

/** ?from=YYYY-MM-DD (missing: today in Kuwait, filled by the service). */
export const postingInsightsQuerySchema = z.object({ from: prayerTimesQuerySchema.shape.date });
export type PostingInsightsQuery = z.output<typeof postingInsightsQuerySchema>;

// ---------------------------------------------------------------- the default model
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const DAY_MINUTES = 1440;
const isWeekendNight = (w: Weekday) => w === 4 || w === 5; // Thursday and Friday nights (the weekend is Friday and Saturday)

/** The level of attention hour by hour before any prayer-time window: low from 2 to 6 AM. */
const BASE = [38, 24, 10, 5, 4, 6, 12, 20, 26, 30, 34, 40, 46, 46, 40, 36, 40, 46, 52, 56, 56, 58, 56, 48];
/** In Ramadan: the day is quiet (fasting, short working hours), the night long. */
const BASE_RAMADAN = [62, 58, 50, 34, 14, 6, 4, 4, 5, 6, 8, 10, 14, 16, 18, 22, 28, 34, 30, 38, 48, 58, 64, 64];

interface Window {
  reason: SuggestionReason;
  from: number;
  to: number;
  lift: number;
  /** the prayer whose "post at" time (30 minutes after, docs/product.md#kuwait-calendar-and-posting-times) a suggestion prefers */
  after?: PrayerName;
}

/**
 * The day's windows around its prayers, in minutes from midnight: what the default model lifts and
 * what the prayer card's tip names, so both follow the day's real times (Maghrib at 4:50 PM in
 * winter, 6:45 PM in summer) and Ramadan's evenings.
 */
function prayerWindows(prayers: PrayerClock, ramadan: boolean): Window[] {
  // only the five prayers: a caller may pass a whole day (date, sunrise, ...)
  const p = Object.fromEntries(PRAYERS.map((k) => [k, minutesOf(prayers[k])])) as Record<PrayerName, number>;
  return ramadan
    ? [
        // people order for Iftar in the last hour of the fast
        { reason: "before_iftar", from: p.maghrib - 75, to: p.maghrib - 10, lift: 60 },
        // after Taraweeh (about an hour after Isha) until one in the morning
        { reason: "after_iftar", from: p.isha + 60, to: DAY_MINUTES, lift: 32 },
        { reason: "after_iftar", from: 0, to: 60, lift: 26 },
        // Suhoor orders, from one in the morning until shortly before Fajr
        { reason: "before_suhoor", from: 60, to: p.fajr - 45, lift: 34 },
      ]
    : [
        { reason: "lunch", from: 12 * 60, to: 14 * 60, lift: 24 },
        // the evening after Maghrib ends where the one after Isha begins (in winter they are barely 80 minutes apart)
        {
          reason: "after_maghrib",
          from: p.maghrib + 20,
          to: Math.min(p.maghrib + 140, p.isha + 20),
          lift: 26,
          after: "maghrib",
        },
        { reason: "after_isha", from: p.isha + 20, to: Math.max(23 * 60, p.isha + 150), lift: 34, after: "isha" },
      ];
}

/** One window of the prayer card's tip, HH:mm Kuwait time (`to` may be past midnight: 01:00). */
export interface PrayerTipWindow {
  reason: SuggestionReason;
  from: string;
  to: string;
}

/**
 * The tip's windows for a day, from its computed prayer times: after Maghrib and after Isha; in
 * Ramadan before Iftar, after Taraweeh (until one in the morning) and before Suhoor.
 */
export function prayerTipWindows(prayers: PrayerClock, ramadan: boolean): PrayerTipWindow[] {
  const clock = (m: number) => addMinutes("00:00", m);
  const out: PrayerTipWindow[] = [];
  for (const w of prayerWindows(prayers, ramadan)) {
    if (w.reason === "lunch") continue;
    const last = out.at(-1);
    // the night after Taraweeh is one window across midnight
    if (last?.reason === w.reason && w.from === 0) last.to = clock(w.to);
    else out.push({ reason: w.reason, from: clock(w.from), to: clock(w.to) });
  }
  return out;
}

function windowsOf(w: Weekday, ctx: DayContext): Window[] {
  const list = prayerWindows(ctx.prayers, ctx.ramadan);
  // the weekend is Friday and Saturday, and starts on Thursday evening: Thursday and Friday nights run
  // late, and so do the first hours of Friday and Saturday (these lifts add to the evening's)
  if (isWeekendNight(w))
    list.push({ reason: "weekend_night", from: (ctx.ramadan ? 22 : 20) * 60, to: DAY_MINUTES, lift: 30 });
  if (w === 5 || w === 6) list.push({ reason: "weekend_night", from: 0, to: (ctx.ramadan ? 3 : 2) * 60, lift: 40 });
  return list;
}

/** Minutes the people of Kuwait spend at each prayer, when few scroll: Friday's Dhuhr is Jumu'ah. */
function atPrayer(m: number, w: Weekday, ctx: DayContext): boolean {
  for (const name of ["dhuhr", "asr", "maghrib", "isha"] as const) {
    const start = minutesOf(ctx.prayers[name]);
    const length = name === "dhuhr" && w === 5 ? 45 : ctx.ramadan && name === "isha" ? 50 : 20;
    if (m >= start && m < start + length) return true;
  }
  // Iftar itself: everyone is at the table
  if (ctx.ramadan) {
    const maghrib = minutesOf(ctx.prayers.maghrib);
    if (m >= maghrib - 10 && m < maghrib + 40) return true;
  }
  return false;
}

/**
 * Whether a Kuwait wall-clock time (HH:mm) of a day is inside a prayer the model keeps posts away from
 * (the first minutes of each prayer, Friday's Jumu'ah, in Ramadan Iftar itself and Taraweeh's start).
 */
export function atPrayerTime(date: string, clock: string, ctx: DayContext): boolean {
  return atPrayer(minutesOf(clock), weekdayOf(date), ctx);
}

interface Attention {
  value: number;
  reason: SuggestionReason | null;
  after?: PrayerName;
}

/** The model's attention at one minute of a weekday (before normalising to 0..100). */
function attentionAt(w: Weekday, m: number, ctx: DayContext): Attention {
  const base = (ctx.ramadan ? BASE_RAMADAN : BASE)[Math.floor(m / 60)]!;
  let best: Window | null = null;
  let lift = 0;
  for (const win of windowsOf(w, ctx)) {
    if (m < win.from || m >= win.to) continue;
    // a weekend night adds to the evening; the other windows do not stack
    if (win.reason === "weekend_night") lift += win.lift / 2;
    else if (win.lift > (best?.lift ?? 0)) best = win;
  }
  lift += best?.lift ?? 0;
  const weekendReason = !best && lift > 0 ? "weekend_night" : null;
  const value = (base + lift) * (atPrayer(m, w, ctx) ? 0.5 : 1);
  return { value, reason: best?.reason ?? weekendReason, after: best?.after };
}

/** One hour's raw attention: the mean over its quarter hours. */
function hourAttention(w: Weekday, h: number, ctx: DayContext) {
  let sum = 0;
  for (const q of [7, 22, 37, 52]) sum += attentionAt(w, h * 60 + q, ctx).value;
  return sum / 4;
}

const asDays = <T>(v: T | readonly T[]): readonly T[] =>
  Array.isArray(v) ? (v as readonly T[]) : WEEKDAYS.map(() => v as T);

/** Scales a grid so its best cell is 100, rounding to whole numbers. */
export function normaliseGrid(grid: PostingGrid): PostingGrid {
  const max = Math.max(...grid.flat(), 0);
  return grid.map((row) => row.map((v) => (max > 0 ? Math.max(0, Math.min(100, Math.round((v / max) * 100))) : 0)));
}

/**
 * The Kuwait food-and-beverage defaults, 0..100 by weekday and hour: one set of prayer times for the
 * week or one per weekday (index = weekday), and Ramadan for the week or per weekday.
 */
export function defaultPostingScores(input: {
  prayers: PrayerClock | readonly PrayerClock[];
  ramadan?: boolean | readonly boolean[];
}): PostingGrid {
  const prayers = asDays(input.prayers);
  const ramadan = asDays(input.ramadan ?? false);
  return normaliseGrid(
    WEEKDAYS.map((w) =>
      Array.from({ length: HOURS_PER_DAY }, (_, h) =>
        hourAttention(w, h, { prayers: prayers[w]!, ramadan: ramadan[w]! }),
      ),
    ),
  );
}

/** Why an hour of a weekday is good in the defaults (the window covering most of it), or null. */
export function reasonForHour(w: Weekday, h: number, ctx: DayContext): SuggestionReason | null {
  const counts = new Map<SuggestionReason, number>();
  for (let m = h * 60; m < h * 60 + 60; m += 5) {
    const r = attentionAt(w, m, ctx).reason;
    if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  let best: SuggestionReason | null = null;
  for (const [r, n] of counts) if (!best || n > counts.get(best)!) best = r;
  return best;
}

/**
 * The minute within an hour to suggest (HH:mm): the best moment of the hour in the defaults (never at
 * a prayer), preferring 30 minutes after the prayer the window follows (docs/product.md#kuwait-calendar-and-posting-times), else the earliest;
 * none earlier than `notBefore` minutes into the day. Null when the whole hour is too early.
 */
export function slotInHour(w: Weekday, h: number, ctx: DayContext, notBefore = 0): string | null {
  const marks: { m: number; a: Attention }[] = [];
  for (let m = h * 60; m < h * 60 + 60; m += 5) if (m >= notBefore) marks.push({ m, a: attentionAt(w, m, ctx) });
  if (!marks.length) return null;
  const top = Math.max(...marks.map((x) => x.a.value));
  const good = marks.filter((x) => x.a.value >= top * 0.98);
  const preferred = good.find((x) => x.a.after && x.m === Math.ceil((minutesOf(ctx.prayers[x.a.after]) + 30) / 5) * 5);
  const m = (preferred ?? good[0]!).m;
  return addMinutes("00:00", m);
}

// ---------------------------------------------------------------- own figures
/** A weekday and hour's published posts: how many and their mean engagement relative to the business's average (1 = average). */
export interface EngagementSample {
  weekday: number;
  hour: number;
  posts: number;
  value: number;
}

/**
 * The business's own grid, 0..100: each hour's relative engagement, with half weight from the hours
 * beside it (so one lucky post does not make an island), and the defaults as a prior worth
 * OWN_PRIOR_WEIGHT posts. The prior is scaled so that, over the hours the business posted at, it
 * averages the business's own average; its shape is kept at OWN_PRIOR_STRENGTH, so hours the
 * business has tried and found good rank above hours it has never tried.
 */
export function ownPostingScores(
  samples: readonly EngagementSample[],
  defaults: PostingGrid,
  opts: { priorWeight?: number; priorStrength?: number } = {},
): PostingGrid {
  const k = opts.priorWeight ?? OWN_PRIOR_WEIGHT;
  const strength = opts.priorStrength ?? OWN_PRIOR_STRENGTH;
  const size = WEEKDAYS.length * HOURS_PER_DAY;
  const n = new Array<number>(size).fill(0);
  const s = new Array<number>(size).fill(0);
  for (const x of samples) {
    if (!(x.weekday >= 0 && x.weekday < 7 && x.hour >= 0 && x.hour < 24 && x.posts > 0 && Number.isFinite(x.value)))
      continue;
    const i = x.weekday * HOURS_PER_DAY + x.hour;
    n[i]! += x.posts;
    s[i]! += x.posts * x.value;
  }
  const flat = defaults.flat();
  const posted = n.reduce((a, b) => a + b, 0);
  const priorMean =
    posted > 0 ? n.reduce((a, c, i) => a + c * flat[i]!, 0) / posted : flat.reduce((a, b) => a + b, 0) / size;
  const prior = (i: number) => 1 + strength * ((priorMean > 0 ? flat[i]! / priorMean : 1) - 1);
  const grid: PostingGrid = WEEKDAYS.map(() => new Array<number>(HOURS_PER_DAY).fill(0));
  for (let i = 0; i < size; i++) {
    // the hours around, across midnight into the next or previous weekday
    let nn = 0;
    let ss = 0;
    for (const [d, weight] of [
      [-1, 0.5],
      [0, 1],
      [1, 0.5],
    ] as const) {
      const j = (i + d + size) % size;
      nn += weight * n[j]!;
      ss += weight * s[j]!;
    }
    grid[Math.floor(i / HOURS_PER_DAY)]![i % HOURS_PER_DAY] = (ss + k * prior(i)) / (nn + k);
  }
  return normaliseGrid(grid);
}

/** Blends two grids cell by cell for the weekdays chosen (`share` of `a`), others kept from `a`. */
export function blendGrids(a: PostingGrid, b: PostingGrid, share: number, weekdays: readonly boolean[]): PostingGrid {
  return normaliseGrid(a.map((row, w) => (weekdays[w] ? row.map((v, h) => share * v + (1 - share) * b[w]![h]!) : row)));
}

// ---------------------------------------------------------------- reading a grid
export const gridCells = (grid: PostingGrid): PostingHeatCell[] =>
  WEEKDAYS.flatMap((weekday) => grid[weekday]!.map((score, hour) => ({ weekday, hour, score })));

/** The best `count` hours of each weekday, best first (earlier hour on a tie). */
export const bestHours = (grid: PostingGrid, count = BEST_HOURS_PER_DAY): WeekdayBest[] =>
  WEEKDAYS.map((weekday) => ({
    weekday,
    hours: grid[weekday]!.map((score, hour) => ({ score, hour }))
      .sort((a, b) => b.score - a.score || a.hour - b.hour)
      .slice(0, count)
      .map((x) => x.hour),
  }));

/** The weekday of a Kuwait date written YYYY-MM-DD. */
export const weekdayOf = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay() as Weekday;

/** One day to plan: its date (Kuwait) and what shapes it. */
export interface PlanDay extends DayContext {
  date: string;
}

/**
 * The suggested times for the days given: for each day its best hours in `grid` (at most
 * SUGGESTIONS_PER_DAY unless `perDay` says more (the planner picks among them), SUGGESTION_MIN_GAP_HOURS apart, none before `now` + SUGGESTION_MIN_LEAD_MINUTES),
 * each at a good minute of its hour, in time order. With the defaults only hours a window explains
 * are suggested; with own figures the reason is "own_peak", except on Ramadan days, where the grid
 * blends the Ramadan defaults and their window names the reason when there is one.
 */
export function planSuggestions(input: {
  days: readonly PlanDay[];
  grid: PostingGrid;
  source: InsightsSource;
  now: Date;
  perDay?: number;
}): PostingSuggestion[] {
  const perDay = input.perDay ?? SUGGESTIONS_PER_DAY;
  const earliest = input.now.getTime() + SUGGESTION_MIN_LEAD_MINUTES * 60_000;
  const out: PostingSuggestion[] = [];
  for (const day of input.days) {
    const w = weekdayOf(day.date);
    const dayStart = Date.parse(`${day.date}T00:00:00+03:00`);
    const notBefore = Math.max(0, Math.ceil((earliest - dayStart) / 60_000));
    if (notBefore >= DAY_MINUTES) continue;
    const ranked = input.grid[w]!.map((score, hour) => ({ score, hour })).sort(
      (a, b) => b.score - a.score || a.hour - b.hour,
    );
    const chosen: number[] = [];
    for (const { score, hour } of ranked) {
      if (chosen.length >= perDay || score <= 0) break;
      if (chosen.some((h) => Math.abs(h - hour) < SUGGESTION_MIN_GAP_HOURS)) continue;
      const window = reasonForHour(w, hour, day);
      const reason: SuggestionReason | null = input.source === "own" && !(day.ramadan && window) ? "own_peak" : window;
      if (!reason) continue;
      const clock = slotInHour(w, hour, day, notBefore);
      if (!clock) continue;
      chosen.push(hour);
      out.push({ at: new Date(`${day.date}T${clock}:00+03:00`).toISOString(), reason, score });
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
