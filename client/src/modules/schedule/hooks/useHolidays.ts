// Kuwait's holidays and occasions in the calendar's visible range: kuwaitHolidays for each year the
// range touches (one or two), grouped by Kuwait day (YYYY-MM-DD). The labels are a help, not the
// calendar's content: a failure leaves the days unlabelled.
import { skipToken, useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { ScheduleHolidaysDocument, type ScheduleHolidaysQuery } from "../../../graphql/graphql.ts";
import { toCalendar } from "../time.ts";

export type CalendarHoliday = ScheduleHolidaysQuery["kuwaitHolidays"][number];

/** The Kuwait year of an instant. */
const kuwaitYear = (d: Date | string) => toCalendar(d).getUTCFullYear();

export function useHolidays(range: { from: string; to: string } | null): Map<string, CalendarHoliday[]> {
  const first = range ? kuwaitYear(range.from) : null;
  // the range's end is exclusive: its last day is a millisecond before it
  const last = range ? kuwaitYear(new Date(new Date(range.to).getTime() - 1)) : null;
  const a = useQuery(ScheduleHolidaysDocument, first ? { variables: { year: first } } : skipToken);
  const b = useQuery(ScheduleHolidaysDocument, last && last !== first ? { variables: { year: last } } : skipToken);
  const aList = (a.data ?? a.previousData)?.kuwaitHolidays;
  const bList = b.data?.kuwaitHolidays;
  return useMemo(() => {
    const byDay = new Map<string, CalendarHoliday[]>();
    for (const h of [...(aList ?? []), ...(bList ?? [])]) byDay.set(h.date, [...(byDay.get(h.date) ?? []), h]);
    return byDay;
  }, [aList, bList]);
}
