// /schedule: the content calendar (docs/product.md#routes). Month, week and day views of the posts due or published
// in the days shown (calendarPosts, fetched again when the range changes), each with its networks'
// icons (in their colours), time and caption, coloured by status, all networks' or one's (?network=). Kuwait time throughout (see time.ts for how), weeks
// from Saturday and right to left in Arabic, the Hijri date in each day. Scheduled posts and drafts
// move by drag and drop; a click on a day or hour plans a post there, a click on a post opens it.
// Status changes arrive live (postChanged). An empty range names the coming occasions. Kuwait's
// holidays and occasions (kuwaitHolidays of the years shown) are labelled in their days. Each post shows its
// approval, and the week or month shown can be sent for the café's approval at once (Kuwait days,
// docs/product.md#agencies-and-approvals).
import { skipToken, useQuery, useSubscription } from "@apollo/client/react";
import type {
  DatesSetArg,
  DayCellContentArg,
  DayHeaderContentArg,
  EventClickArg,
  EventContentArg,
  EventInput,
} from "@fullcalendar/core";
import arLocale from "@fullcalendar/core/locales/ar";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type DateClickArg } from "@fullcalendar/interaction";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { isPlatformName, SCHEDULE_MIN_LEAD_MS, type PlatformName } from "@sufra/schema";
import { App, Button, Grid, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { platformName } from "../../shared/platformMeta.tsx";
import { LoadError } from "../../shared/LoadError.tsx";
import { RouteButton } from "../../shared/RouteButton.tsx";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";
import {
  ScheduleCalendarPostsDocument,
  SchedulePostChangedDocument,
  type ApprovalState,
  type ScheduleCalendarPostFragment,
} from "../../graphql/graphql.ts";
import { formatNumber, joinParts } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { firstWeekday } from "../../shared/week.ts";
import { EventBody, postTime } from "./components/EventBody.tsx";
import { NetworkFilter } from "./components/NetworkFilter.tsx";
import { OccasionsBanner } from "./components/OccasionsBanner.tsx";
import { PostDrawer } from "./components/PostDrawer.tsx";
import { StatusLegend } from "./components/StatusLegend.tsx";
import { CampaignFilter } from "../campaigns/index.ts";
import { useApprovalRule } from "../agencies/index.ts";
import {
  ApprovalFilter,
  approvalFilterOf,
  APPROVALS_NS,
  monthOf,
  SendForApprovalModal,
  weekOf,
  type ApprovalRequest,
} from "../approvals/index.ts";
import { useHolidays, type CalendarHoliday } from "./data.ts";
import { useReschedule } from "./data.ts";
import { SCHEDULE_NS } from "./i18n.ts";
import { excerpt, isMovable, POST_STATUS_COLORS, postStatusLabel } from "../../shared/postStatus.ts";
import { calendarLocaleCode, calendarNow, formatHijriDay, fromCalendar, toCalendar } from "./time.ts";
import { DEFAULT_SCROLL_HOUR, scrollHour, scrollTimeOf, visibleHoursOf } from "./model.ts";
import "./schedule.css";
import { holidayKindKey, postStatusKey } from "../../graphql/enumKeys.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A click on a whole day (month view) plans the post at 10:00 Kuwait time that day. */
const DAY_CLICK_HOUR = 10;

/** The real instant to pre-fill the composer with for a clicked slot; null when it has passed. */
export function slotTime(calendarDate: Date, allDay: boolean, now = Date.now()): Date | null {
  const earliest = now + SCHEDULE_MIN_LEAD_MS;
  if (!allDay) {
    const at = fromCalendar(calendarDate);
    return at.getTime() >= earliest ? at : null;
  }
  const at = fromCalendar(new Date(calendarDate.getTime() + DAY_CLICK_HOUR * HOUR_MS));
  if (at.getTime() >= earliest) return at;
  // today, after 10:00: the next whole hour, if it is still today in Kuwait
  const nextHour = fromCalendar(new Date(Math.ceil((calendarNow(earliest).getTime() + 1) / HOUR_MS) * HOUR_MS));
  return nextHour.getTime() < fromCalendar(calendarDate).getTime() + DAY_MS ? nextHour : null;
}

/** The Hijri day of a calendar cell (its date is Kuwait's day at midnight, written as UTC). */
const hijriOfCell = (calendarDate: Date, locale: "en" | "ar") =>
  formatHijriDay(new Date(fromCalendar(calendarDate).getTime() + 12 * HOUR_MS), locale);

const START_DATE = /^\d{4}-\d{2}-\d{2}$/;

export default function SchedulePage() {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  const rtl = locale === "ar";
  // the first view is chosen once, before antd's breakpoints are known (they arrive after the first
  // render): a phone opens on the day, a wider screen on the month
  const [narrowAtStart] = useState(
    () => typeof window.matchMedia === "function" && window.matchMedia("(max-width: 767.98px)").matches,
  );
  const md = Grid.useBreakpoint().md;
  const small = md === undefined ? narrowAtStart : !md;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  // ?date=2026-03-04 opens the calendar on that day (a link from elsewhere); else Kuwait's today
  const [initialDate] = useState(() => {
    const d = params.get("date");
    return d && START_DATE.test(d) ? d : calendarNow();
  });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  // the Kuwait day the week or month sent for approval holds: today when shown, else the view's first day
  const [anchor, setAnchor] = useState<string | null>(null);
  const [sending, setSending] = useState<ApprovalRequest | null>(null);
  const { approvalRequired } = useApprovalRule();
  const [openId, setOpenId] = useState<string | null>(null);
  // ?campaign=<id> opens the calendar on one campaign's posts
  const [campaignId, setCampaignId] = useState<string | null>(() => params.get("campaign"));
  // ?network=tiktok opens the calendar on one network's posts
  const [network, setNetwork] = useState<PlatformName | null>(() => {
    const n = params.get("network");
    return isPlatformName(n) ? n : null;
  });

  // ?approval=in_review,changes_requested shows only posts in those approval states (as the posts list does)
  const [approval, setApproval] = useState<ApprovalState[]>(() => approvalFilterOf(params.get("approval")));

  const { data, previousData, error, refetch } = useQuery(
    ScheduleCalendarPostsDocument,
    range ? { variables: campaignId ? { ...range, campaignId } : range, fetchPolicy: "cache-and-network" } : skipToken,
  );
  const reload = useSerialRefetch(refetch, !!range);
  // a post published, failed or moved elsewhere (another tab, the scheduler): fetch the range again
  useSubscription(SchedulePostChangedDocument, { onData: () => void reload() });
  const onEventDrop = useReschedule(reload);
  const holidays = useHolidays(range);
  /** The holidays and occasions of a calendar day (Kuwait's day at midnight, written as UTC). */
  const holidaysOn = (calendarDate: Date) => holidays.get(calendarDate.toISOString().slice(0, 10)) ?? [];
  const holidayLabels = (calendarDate: Date) =>
    holidaysOn(calendarDate).map((h: CalendarHoliday) => {
      const name = locale === "ar" ? h.nameAr : h.nameEn;
      const kind = t(`holiday.kinds.${h.kind}`);
      return (
        <span
          key={`${h.occasionKey}-${h.day}`}
          className={`sufra-holiday is-${holidayKindKey[h.kind]}`}
          data-testid="holiday-label"
          title={h.corrected ? joinParts([kind, t("holiday.corrected")], locale) : kind}
        >
          {h.day > 1 ? t("holiday.day", { name, day: formatNumber(h.day, locale) }) : name}
        </span>
      );
    });

  const posts = useMemo(() => {
    const all = (data ?? previousData)?.calendarPosts ?? [];
    return all.filter(
      (p) =>
        (!network || p.platforms.some((x) => platformName(x) === network)) &&
        (!approval.length || approval.includes(p.approval)),
    );
  }, [data, previousData, network, approval]);
  const events = useMemo<EventInput[]>(
    () =>
      posts.flatMap((p) => {
        const when = postTime(p);
        if (!when) return [];
        const color = POST_STATUS_COLORS[p.status];
        return [
          {
            id: p.id,
            title: t("event", { status: postStatusLabel(p.status, locale), caption: excerpt(p.content, 40) }),
            start: toCalendar(when),
            allDay: false,
            startEditable: isMovable(p.status),
            durationEditable: false,
            backgroundColor: color,
            borderColor: color,
            textColor: "#FFFFFF",
            classNames: ["sufra-event", `is-${postStatusKey[p.status]}`],
            extendedProps: { post: p },
          },
        ];
      }),
    [posts, t, locale],
  );
  const opened = openId ? (posts.find((p) => p.id === openId) ?? null) : null;

  // the week and day views scroll inside a fixed height (so they can open at an hour, with the toolbar
  // still in sight); the month grows with its weeks. FullCalendar reads its height from the calendar's
  // options only (a view's own height is ignored), so it follows the view shown.
  const [timeGridHeight] = useState(() => Math.max(480, Math.min(900, (window.innerHeight || 800) - 160)));
  const [viewType, setViewType] = useState(narrowAtStart ? "timeGridDay" : "dayGridMonth");
  const timeGrid = viewType.startsWith("timeGrid");
  const calendarRef = useRef<FullCalendar>(null);
  const scrolledFor = useRef<string | null>(null);
  // once the posts of a newly shown week or day are in, open the grid where they are (see scroll.ts);
  // later refetches of the same range leave the person's own scrolling alone
  useEffect(() => {
    if (!range || !data || !timeGrid) return;
    const key = `${locale}|${viewType}|${range.from}|${range.to}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    const hour = scrollHour(
      events.map((e) => e.start as Date),
      visibleHoursOf(timeGridHeight),
    );
    calendarRef.current?.getApi().scrollToTime(scrollTimeOf(hour));
  }, [range, data, events, timeGridHeight, locale, viewType, timeGrid]);

  const datesSet = useCallback((arg: DatesSetArg) => {
    setViewType(arg.view.type);
    const next = { from: fromCalendar(arg.start).toISOString(), to: fromCalendar(arg.end).toISOString() };
    setRange((r) => (r && r.from === next.from && r.to === next.to ? r : next));
    const today = calendarNow();
    const shown = today >= arg.view.currentStart && today < arg.view.currentEnd ? today : arg.view.currentStart;
    setAnchor(shown.toISOString().slice(0, 10));
  }, []);

  const dateClick = (arg: DateClickArg) => {
    const at = slotTime(arg.date, arg.allDay);
    if (!at) {
      void message.info(t("pastSlot"));
      return;
    }
    void navigate(`/posts/new?at=${encodeURIComponent(at.toISOString())}`);
  };

  const eventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    setOpenId(arg.event.id);
  };

  const eventContent = (arg: EventContentArg) => (
    <EventBody
      post={arg.event.extendedProps.post as ScheduleCalendarPostFragment}
      locale={locale}
      month={arg.view.type === "dayGridMonth"}
      approvalRequired={approvalRequired}
    />
  );

  /** A day's Gregorian label with its Hijri date and holidays under it (month cells, week and day heads). */
  const withHijri = (className: string, label: React.ReactNode, date: Date) => (
    <span className={className}>
      {label}
      <span className="sufra-hijri" data-testid="hijri-day">
        {hijriOfCell(date, locale)}
      </span>
      {holidayLabels(date)}
    </span>
  );

  const dayCellContent = (arg: DayCellContentArg) =>
    arg.view.type === "dayGridMonth"
      ? withHijri("sufra-day-cell", <span className="sufra-day-number">{arg.dayNumberText}</span>, arg.date)
      : arg.dayNumberText;

  /**
   * A week's day head on a phone, where seven share ~50 px each: the weekday short (FullCalendar's
   * dayHeaderFormat below), the day of the month, the Hijri day, and the day's occasions as a marker
   * named for them (the day view and the month write them out).
   */
  const compactHead = (arg: DayHeaderContentArg) => {
    const names = [...new Set(holidaysOn(arg.date).map((h) => (locale === "ar" ? h.nameAr : h.nameEn)))];
    const named = names.join(locale === "ar" ? "، " : ", ");
    return (
      <span className="sufra-day-head is-compact">
        <span className="sufra-day-weekday" data-testid="day-weekday">
          {arg.text}
        </span>
        <span className="sufra-day-date" data-testid="day-number">
          {formatNumber(arg.date.getUTCDate(), locale)}
        </span>
        <span className="sufra-hijri" data-testid="hijri-day">
          {hijriOfCell(arg.date, locale)}
        </span>
        {names.length > 0 && (
          <span className="sufra-holiday-dot" role="img" aria-label={named} title={named} data-testid="holiday-dot" />
        )}
      </span>
    );
  };
  const dayHeaderContent = (arg: DayHeaderContentArg) =>
    !arg.view.type.startsWith("timeGrid")
      ? arg.text
      : small && arg.view.type === "timeGridWeek"
        ? compactHead(arg)
        : withHijri("sufra-day-head", <span>{arg.text}</span>, arg.date);

  const fcLocale = useMemo(
    () => (rtl ? { ...arLocale, code: calendarLocaleCode("ar") } : calendarLocaleCode("en")),
    [rtl],
  );
  const views = ["dayGridMonth", "timeGridWeek", "timeGridDay"].join(",");

  return (
    <div className="sufra-schedule">
      <Typography.Title level={1} className="sufra-page-title">
        {t("title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("intro")} {t("kuwaitTime")}
      </Typography.Paragraph>
      <div className="sufra-calendar-filters">
        <NetworkFilter value={network} onChange={setNetwork} />
        <CampaignFilter value={campaignId} onChange={setCampaignId} />
        <ApprovalFilter value={approval} onChange={setApproval} className="sufra-calendar-approval" />
        <RouteButton to="/planner" testId="plan-month">
          {t("planMonth")}
        </RouteButton>
        <Button
          disabled={!anchor}
          onClick={() => anchor && setSending(weekOf(anchor, firstWeekday(locale)))}
          data-testid="send-week"
        >
          {t("send.week", { ns: APPROVALS_NS })}
        </Button>
        <Button disabled={!anchor} onClick={() => anchor && setSending(monthOf(anchor))} data-testid="send-month">
          {t("send.month", { ns: APPROVALS_NS })}
        </Button>
      </div>
      {error && <LoadError title={t("loadFailed")} error={error} onRetry={reload} />}
      {data && data.calendarPosts.length === 0 && !campaignId && <OccasionsBanner />}
      <div className="sufra-calendar" data-testid="calendar">
        <FullCalendar
          ref={calendarRef}
          key={locale /* a new language: new locale, direction and first day, from a fresh calendar */}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView={narrowAtStart ? "timeGridDay" : "dayGridMonth"}
          initialDate={initialDate}
          timeZone="UTC"
          now={() => calendarNow()}
          locale={fcLocale}
          direction={rtl ? "rtl" : "ltr"}
          firstDay={firstWeekday(locale)}
          headerToolbar={
            small
              ? { start: "prev,next", center: "title", end: "today" }
              : { start: "prev,next today", center: "title", end: views }
          }
          footerToolbar={small ? { center: views } : false}
          buttonText={{ today: t("view.today") }}
          views={{
            dayGridMonth: { buttonText: t("view.month"), height: "auto" },
            // a phone's week: the weekday in a letter (Arabic's are distinct) or three (English), the day under it (compactHead)
            timeGridWeek: {
              buttonText: t("view.week"),
              ...(small ? { dayHeaderFormat: { weekday: rtl ? "narrow" : "short" } as const } : {}),
            },
            timeGridDay: { buttonText: t("view.day") },
          }}
          scrollTime={scrollTimeOf(DEFAULT_SCROLL_HOUR)}
          height={timeGrid ? timeGridHeight : "auto"}
          allDaySlot={false}
          nowIndicator
          eventDisplay="block"
          dayMaxEvents={3}
          events={events}
          eventContent={eventContent}
          dayCellContent={dayCellContent}
          dayCellClassNames={(arg) => (holidaysOn(arg.date).length ? ["has-holiday"] : [])}
          // FullCalendar names a day by its number alone while the cell also shows the Hijri date (axe:
          // label-content-name-mismatch): let the cell's own text name it
          dayCellDidMount={(arg) => arg.el.removeAttribute("aria-labelledby")}
          dayHeaderDidMount={(arg) => arg.el.removeAttribute("aria-labelledby")}
          // a day's "+N more" is an <a> without href that opens a popover: as a button its aria-expanded is allowed
          // (axe: aria-allowed-attr, seen on a day with more posts than the cell shows)
          moreLinkDidMount={(arg) => arg.el.setAttribute("role", "button")}
          // its prev/next chevrons are role="img" without a name; the buttons carry the name (title)
          viewDidMount={(arg) =>
            arg.el
              .closest(".fc")
              ?.querySelectorAll(".fc-icon")
              .forEach((i) => i.setAttribute("aria-hidden", "true"))
          }
          dayHeaderContent={dayHeaderContent}
          datesSet={datesSet}
          dateClick={dateClick}
          eventClick={eventClick}
          eventDrop={(info) => void onEventDrop(info)}
          editable
          eventDurationEditable={false}
        />
      </div>
      <StatusLegend />
      <SendForApprovalModal request={sending} onClose={() => setSending(null)} onSent={reload} />
      <PostDrawer post={opened} open={!!openId} onClose={() => setOpenId(null)} onChanged={reload} />
    </div>
  );
}
