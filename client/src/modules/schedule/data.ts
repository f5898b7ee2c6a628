// The calendar's conversation with the server (docs/architecture.md#client-rooms: data.ts); time.ts converts its instants.
// Kuwait's holidays and occasions in the calendar's visible range: kuwaitHolidays for each year the
// range touches (one or two), grouped by Kuwait day (YYYY-MM-DD). The labels are a help, not the
// calendar's content: a failure leaves the days unlabelled.
import { skipToken, useQuery, useMutation } from "@apollo/client/react";
import { useMemo } from "react";
import {
  ScheduleHolidaysDocument,
  type ScheduleHolidaysQuery,
  ScheduleMovePostDocument,
} from "../../graphql/graphql.ts";
import { toCalendar, fromCalendar } from "./time.ts";
import type { EventApi } from "@fullcalendar/core";
import { messageText, scheduleSchema } from "@sufra/schema";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { SCHEDULE_NS } from "./i18n.ts";

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

// Dropping a post on another day or hour: the new time (the calendar's date read back as the real
// instant) is checked with the shared rule first (at least a minute ahead, at most a year), then sent
// with schedulePost. A drop the rule or the server refuses goes back where it was, with the reason
// in the person's language; a move that worked says when the post will go out.
/** What the handler reads of FullCalendar's eventDrop argument. */
export interface DropInfo {
  event: Pick<EventApi, "id" | "start">;
  revert: () => void;
}

export function useReschedule(onMoved?: () => unknown) {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [move] = useMutation(ScheduleMovePostDocument);

  return async function onEventDrop(info: DropInfo): Promise<boolean> {
    if (!info.event.start) {
      info.revert();
      return false;
    }
    const at = fromCalendar(info.event.start);
    const check = scheduleSchema().safeParse({ scheduledFor: at });
    if (!check.success) {
      info.revert();
      void message.error(messageText(check.error.issues[0]?.message ?? "scheduleInvalid", locale));
      return false;
    }
    try {
      await move({ variables: { id: info.event.id, scheduledFor: at.toISOString() } });
    } catch (e) {
      info.revert();
      void message.error(errorMessage(e));
      return false;
    }
    void message.success(t("moved", { time: formatDateTime(at, locale) }));
    await onMoved?.();
    return true;
  };
}
