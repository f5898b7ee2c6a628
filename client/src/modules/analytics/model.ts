// The analytics screen's pure rules (docs/architecture.md#client-rooms: model.ts): the period, the names, the variables.
// The screen's filters as the URL keeps them (?period=&from=&to=&campaign=&demo=), read into the
// range of Kuwait days every analytics question takes. Pure: `today` is Kuwait's date, passed in.
import {
  addDays,
  ANALYTICS_MAX_DAYS,
  daysBetween,
  isIsoDate,
  CONTENT_OCCASIONS,
  EVERYDAY_OCCASION,
  EVERYDAY_OCCASION_LABELS,
  isContentOccasionKey,
  KUWAIT_AREAS,
  type Locale,
} from "@sufra/schema";
import { formatDate, formatNumber } from "../../lib/format.ts";

export const PERIODS = ["last7", "last30", "last90", "thisMonth", "lastMonth", "custom"] as const;
export type Period = (typeof PERIODS)[number];
const DEFAULT_PERIOD = "last30" satisfies Period;
/** The days of the "last N days" periods (the labels' {{n}}). */
export const PERIOD_DAYS: Partial<Record<Period, number>> = { last7: 7, last30: 30, last90: 90 };

export interface Range {
  from: string;
  to: string;
}

export interface Filters extends Range {
  period: Period;
  campaignId: string | undefined;
  /** undefined: the server decides (simulated figures only for a business with demo accounts only) */
  includeSimulated: boolean | undefined;
}

const isPeriod = (v: string | null): v is Period => !!v && (PERIODS as readonly string[]).includes(v);

/** The first day of the month holding `iso`. */
const monthStart = (iso: string) => `${iso.slice(0, 8)}01`;

/** The range a preset covers on `today` (Kuwait); custom ranges come from the URL. */
export function presetRange(period: Exclude<Period, "custom">, today: string): Range {
  const days = PERIOD_DAYS[period];
  if (days) return { from: addDays(today, -(days - 1)), to: today };
  if (period === "thisMonth") return { from: monthStart(today), to: today };
  const lastMonthEnd = addDays(monthStart(today), -1);
  return { from: monthStart(lastMonthEnd), to: lastMonthEnd };
}

/** A custom range that the server accepts: real days, in order, none after today, at most ANALYTICS_MAX_DAYS. */
function validCustom(from: string | null, to: string | null, today: string): Range | null {
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || from > to || to > today) return null;
  return daysBetween(from, to) + 1 <= ANALYTICS_MAX_DAYS ? { from, to } : null;
}

/** The filters a URL names; anything unreadable falls back to the last 30 days, all posts. */
export function readFilters(params: URLSearchParams, today: string): Filters {
  const asked = params.get("period");
  const period: Period = isPeriod(asked) ? asked : DEFAULT_PERIOD;
  const custom = period === "custom" ? validCustom(params.get("from"), params.get("to"), today) : null;
  const range = custom ?? presetRange(period === "custom" ? DEFAULT_PERIOD : period, today);
  const demo = params.get("demo");
  return {
    period: period === "custom" && !custom ? DEFAULT_PERIOD : period,
    ...range,
    campaignId: params.get("campaign") || undefined,
    includeSimulated: demo === "include" ? true : demo === "exclude" ? false : undefined,
  };
}

/** The URL's parameters after a change of filters (other parameters kept). */
export function writeFilters(params: URLSearchParams, change: Partial<Filters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  if (change.period) {
    set("period", change.period === DEFAULT_PERIOD ? undefined : change.period);
    set("from", change.period === "custom" ? change.from : undefined);
    set("to", change.period === "custom" ? change.to : undefined);
  }
  if ("campaignId" in change) set("campaign", change.campaignId);
  if ("includeSimulated" in change)
    set("demo", change.includeSimulated === undefined ? undefined : change.includeSimulated ? "include" : "exclude");
  return next;
}

/** The variables every section's query takes. */
export const rangeVariables = (clientId: string, f: Filters) => ({
  clientId,
  from: f.from,
  to: f.to,
  ...(f.campaignId ? { campaignId: f.campaignId } : {}),
  ...(f.includeSimulated === undefined ? {} : { includeSimulated: f.includeSimulated }),
});

// How the analytics screen names things: a Kuwait day, an occasion key (the studio's names, or
// "everyday"), a city reported by a network (the Kuwait area's name when it is one).
/** A Kuwait day written YYYY-MM-DD, in the person's language and digits (noon, so no time zone shifts it). */
export const formatDay = (iso: string, locale: Locale) => formatDate(`${iso}T12:00:00+03:00`, locale);

/** An occasion key in lower case (new_dish, everyday, ...) as the studio names it. */
export function occasionLabel(key: string, locale: Locale): string {
  if (key === EVERYDAY_OCCASION) return EVERYDAY_OCCASION_LABELS[locale];
  return isContentOccasionKey(key) ? CONTENT_OCCASIONS[key][locale] : key;
}

/** A city as reported: the Kuwait area's name in the person's language when the server matched one. */
export function cityLabel(city: { key: string; area?: string | null }, locale: Locale): string {
  const area =
    city.area && Object.hasOwn(KUWAIT_AREAS, city.area) ? KUWAIT_AREAS[city.area as keyof typeof KUWAIT_AREAS] : null;
  return area ? area[locale] : city.key;
}

/** An age band as the networks write it ("18-24", "65+") in the person's digits. */
export function ageLabel(key: string, locale: Locale): string {
  const band = /^(\d+)-(\d+)$/.exec(key);
  if (band) return `${formatNumber(Number(band[1]), locale)}–${formatNumber(Number(band[2]), locale)}`;
  const open = /^(\d+)\+$/.exec(key);
  return open ? `${formatNumber(Number(open[1]), locale)}+` : key;
}

// What every section of the screen is given: the business and the filters as query variables.
export interface RangeVariables {
  clientId: string;
  from: string;
  to: string;
  campaignId?: string;
  includeSimulated?: boolean;
}
