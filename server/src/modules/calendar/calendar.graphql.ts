// The Kuwait calendar at the GraphQL door: thin, every field calls the calendar service.
import { HOLIDAY_KINDS, UPCOMING_OCCASIONS_DEFAULT_DAYS, type HolidayKind, type KuwaitHoliday as KuwaitHolidayShape, type PrayerTimes as PrayerTimesShape, type UpcomingOccasion as UpcomingOccasionShape } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import type { HolidayOverrideRow } from "./calendar.service.ts";

export const HolidayKindEnum = builder.enumType("HolidayKind", {
  description: "public: a public holiday; islamic: an Islamic occasion; national: National and Liberation Days; season: Ramadan's start and end.",
  values: Object.fromEntries(HOLIDAY_KINDS.map((k) => [k.toUpperCase(), { value: k }])) as Record<Uppercase<HolidayKind>, { value: HolidayKind }>,
});

const PrayerTimes = builder.objectRef<PrayerTimesShape>("PrayerTimes").implement({
  description: "One day's prayer times in Kuwait City (the Kuwait method, Shafi Asr), each HH:mm Kuwait time.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD" }),
    fajr: t.exposeString("fajr"),
    sunrise: t.exposeString("sunrise"),
    dhuhr: t.exposeString("dhuhr"),
    asr: t.exposeString("asr"),
    maghrib: t.exposeString("maghrib"),
    isha: t.exposeString("isha"),
    ramadan: t.boolean({ description: "The day is in Ramadan (the admins' corrections applied): the posting tip names Ramadan's windows.", resolve: (p, _a, ctx) => ctx.services.insights.ramadan(ctx.viewer, p.date) }),
  }),
});

const KuwaitHoliday = builder.objectRef<KuwaitHolidayShape>("KuwaitHoliday").implement({
  description: "One day of a Kuwait holiday or occasion (Umm al-Qura calendar, with the admins' corrections).",
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD, Kuwait" }),
    occasionKey: t.exposeString("occasionKey", { description: "e.g. eid_al_fitr" }),
    nameEn: t.exposeString("nameEn"),
    nameAr: t.exposeString("nameAr"),
    kind: t.field({ type: HolidayKindEnum, resolve: (h) => h.kind }),
    day: t.exposeInt("day", { description: "Which day of the occasion, from 1." }),
    days: t.exposeInt("days", { description: "How many days it lasts (the Eids: three)." }),
    occurrenceYear: t.int({ description: "The year its calendar date starts in; with occurrence, names it for a correction.", resolve: (h) => h.year }),
    occurrence: t.exposeInt("occurrence", { description: "0, or 1 for the second time a Hijri occasion falls in that year." }),
    calendarDate: t.exposeString("calendarDate", { description: "The Umm al-Qura calendar's first day, before any correction." }),
    corrected: t.exposeBoolean("corrected", { description: "An admin moved it (the Cabinet's decision)." }),
  }),
});

const UpcomingOccasion = builder.objectRef<UpcomingOccasionShape>("UpcomingOccasion").implement({
  description: "An occasion whose first day is coming up, for the studio's suggestions.",
  fields: (t) => ({
    occasionKey: t.exposeString("occasionKey"),
    nameEn: t.exposeString("nameEn"),
    nameAr: t.exposeString("nameAr"),
    kind: t.field({ type: HolidayKindEnum, resolve: (o) => o.kind }),
    date: t.exposeString("date", { description: "Its first day, YYYY-MM-DD" }),
    days: t.exposeInt("days"),
    daysUntil: t.exposeInt("daysUntil", { description: "0: today" }),
    suggestedPosts: t.exposeInt("suggestedPosts", { description: "How many posts to plan for it" }),
  }),
});

const HolidayOverride = builder.objectRef<HolidayOverrideRow>("HolidayOverride").implement({
  description: "An admin's correction of an occasion's date.",
  fields: (t) => ({
    id: t.exposeID("id"),
    occasionKey: t.exposeString("occasionKey"),
    nameEn: t.exposeString("nameEn"),
    nameAr: t.exposeString("nameAr"),
    year: t.exposeInt("year"),
    occurrence: t.exposeInt("occurrence"),
    date: t.exposeString("date", { description: "The real first day, YYYY-MM-DD" }),
    calendarDate: t.exposeString("calendarDate", { nullable: true, description: "The calendar's date it corrects" }),
    note: t.exposeString("note", { nullable: true }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  prayerTimes: t.field({
    type: PrayerTimes,
    description: "Prayer times in Kuwait City for a date (YYYY-MM-DD); today in Kuwait when left out.",
    authScopes: { authenticated: true },
    args: { date: t.arg.string() },
    resolve: (_r, { date }, ctx) => ctx.services.calendar.prayerTimes(ctx.viewer, { date: date ?? undefined }),
  }),
  kuwaitHolidays: t.field({
    type: [KuwaitHoliday],
    description: "Kuwait's holidays and occasions of a Gregorian year (this year when left out), one entry per day.",
    authScopes: { authenticated: true },
    args: { year: t.arg.int() },
    resolve: (_r, { year }, ctx) => ctx.services.calendar.holidays(ctx.viewer, { year: year ?? undefined }),
  }),
  upcomingOccasions: t.field({
    type: [UpcomingOccasion],
    description: "Occasions starting within the next `days` days, nearest first.",
    authScopes: { authenticated: true },
    args: { days: t.arg.int({ defaultValue: UPCOMING_OCCASIONS_DEFAULT_DAYS }) },
    resolve: (_r, { days }, ctx) => ctx.services.calendar.upcoming(ctx.viewer, { days: days ?? undefined }),
  }),
  holidayOverrides: t.field({
    type: [HolidayOverride],
    description: "Admin: the corrections (of one year when given).",
    authScopes: { admin: true },
    args: { year: t.arg.int() },
    resolve: (_r, { year }, ctx) => ctx.services.calendar.listOverrides(ctx.viewer, { year: year ?? undefined }),
  }),
}));

builder.mutationFields((t) => ({
  setHolidayOverride: t.field({
    type: HolidayOverride,
    description: "Admin: the real first day of an occurrence of an occasion (when the Cabinet moves it).",
    authScopes: { admin: true },
    args: {
      occasionKey: t.arg.string({ required: true }),
      year: t.arg.int({ required: true }),
      occurrence: t.arg.int({ defaultValue: 0 }),
      date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      note: t.arg.string(),
    },
    resolve: (_r, args, ctx) => ctx.services.calendar.setOverride(ctx.viewer, { ...args, occurrence: args.occurrence ?? 0, note: args.note ?? undefined }, ctx.meta),
  }),
  removeHolidayOverride: t.field({
    type: HolidayOverride,
    description: "Admin: removes a correction; the calendar's date applies again.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.calendar.removeOverride(ctx.viewer, String(id), ctx.meta),
  }),
}));
