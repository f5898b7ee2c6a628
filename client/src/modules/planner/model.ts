// The planner's view logic without React (docs/architecture.md#client-rooms): the months and days it
// offers (Kuwait's calendar), the request the choices make, and which kept plan the page opens on.
import type { Locale } from "@sufra/schema";
import type { ContentLanguage, PlanInput } from "../../graphql/graphql.ts";

export type Period = "month" | "ramadan";
export type Mode = "perWeek" | "days";

/** Today in Kuwait, YYYY-MM-DD. */
export const kuwaitToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(new Date());

/** `n` months from today's, YYYY-MM. */
export const nextMonths = (today: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const [y, m] = today.split("-").map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  });

/** Every day from `from` to `to`, both included, YYYY-MM-DD. */
export const daysBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to;
    d = new Date(d.getTime() + 86_400_000)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
};

/** A YYYY-MM-DD day as noon in Kuwait, so no time zone moves it to a neighbouring day. */
export const noonOf = (iso: string) => new Date(`${iso}T12:00:00+03:00`);

/** A text the server gives in both languages, in the person's. */
export const text = (l: { en: string; ar: string }, locale: Locale) => (locale === "ar" ? l.ar : l.en);

/** What the form's choices ask the server for. */
export const planInputOf = (c: {
  period: Period;
  month: string;
  year: number;
  mode: Mode;
  perWeek: number;
  days: string[];
  language: ContentLanguage;
}): PlanInput => ({
  period: c.period === "month" ? "MONTH" : "RAMADAN",
  ...(c.period === "month" ? { month: c.month } : { year: c.year }),
  ...(c.mode === "perWeek" ? { perWeek: c.perWeek } : { days: c.days }),
  language: c.language,
});

/** The first kept plan, in the server's order, with a proposal not yet approved; none: null. */
export const openPlanOf = <P extends { proposals: readonly { status: string }[] }>(plans: readonly P[]): P | null =>
  plans.find((p) => p.proposals.some((x) => x.status !== "APPROVED")) ?? null;
