// Dropping a post on another day or hour: the new time (the calendar's date read back as the real
// instant) is checked with the shared rule first (at least a minute ahead, at most a year), then sent
// with schedulePost. A drop the rule or the server refuses goes back where it was, with the reason
// in the person's language; a move that worked says when the post will go out.
import { useMutation } from "@apollo/client/react";
import type { EventApi } from "@fullcalendar/core";
import { messageText, scheduleSchema } from "@sufra/schema";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { ScheduleMovePostDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { SCHEDULE_NS } from "../i18n.ts";
import { fromCalendar } from "../time.ts";

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
