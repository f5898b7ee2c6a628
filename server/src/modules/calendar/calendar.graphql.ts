// The Kuwait calendar at the GraphQL door: thin, every field calls the calendar service.
import {
  HOLIDAY_KINDS,
  UPCOMING_OCCASIONS_DEFAULT_DAYS,
  type HolidayKind,
  type KuwaitHoliday as KuwaitHolidayShape,
  type PrayerTimes as PrayerTimesShape,
  type UpcomingOccasion as UpcomingOccasionShape,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import type { HolidayOverrideRow } from "./calendar.service.ts";

const HolidayKindEnum = builder.enumType("HolidayKind", {
  description:
    "public: a public holiday; islamic: an Islamic occasion; national: National and Liberation Days; season: Ramadan's start and end; school: a school break an admin announced.",
  values: upper<HolidayKind>(HOLIDAY_KINDS, {
    public: "A public holiday (New Year's Day).",
    islamic: "An Islamic occasion on the Hijri calendar (the Eids, the Islamic New Year, the Prophet's Birthday...).",
    national: "National Day (25 February) and Liberation Day (26 February).",
    season: "Ramadan's first and last days.",
    school: "A school break (mid-year, summer): in the calendar only in a year an admin announced it, with its length.",
  }),
});

const PrayerTimes = builder.objectRef<PrayerTimesShape>("PrayerTimes").implement({
  description: "One day's prayer times in Kuwait City (the Kuwait method, Shafi Asr), each HH:mm Kuwait time.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "The day, YYYY-MM-DD (a Kuwait day)." }),
    fajr: t.exposeString("fajr", { description: "Fajr, the dawn prayer, HH:mm Kuwait time." }),
    sunrise: t.exposeString("sunrise", { description: "Sunrise, HH:mm Kuwait time." }),
    dhuhr: t.exposeString("dhuhr", { description: "Dhuhr, the noon prayer, HH:mm Kuwait time." }),
    asr: t.exposeString("asr", { description: "Asr, the afternoon prayer (Shafi), HH:mm Kuwait time." }),
    maghrib: t.exposeString("maghrib", {
      description: "Maghrib, the sunset prayer (Iftar in Ramadan), HH:mm Kuwait time.",
    }),
    isha: t.exposeString("isha", { description: "Isha, the night prayer, HH:mm Kuwait time." }),
    ramadan: t.boolean({
      description: "The day is in Ramadan (the admins' corrections applied): the posting tip names Ramadan's windows.",
      resolve: (p, _a, ctx) => ctx.services.insights.ramadan(ctx.viewer, p.date),
    }),
  }),
});

const KuwaitHoliday = builder.objectRef<KuwaitHolidayShape>("KuwaitHoliday").implement({
  description: "One day of a Kuwait holiday or occasion (Umm al-Qura calendar, with the admins' corrections).",
  fields: (t) => ({
    date: t.exposeString("date", { description: "The day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait)." }),
    occasionKey: t.exposeString("occasionKey", {
      description: "The occasion's key, such as eid_al_fitr or national_day.",
    }),
    nameEn: t.exposeString("nameEn", { description: "Its name in English." }),
    nameAr: t.exposeString("nameAr", { description: "Its name in Arabic." }),
    kind: t.field({ description: "What kind of occasion it is.", type: HolidayKindEnum, resolve: (h) => h.kind }),
    day: t.exposeInt("day", { description: "Which day of the occasion, from 1." }),
    days: t.exposeInt("days", { description: "How many days it lasts (the Eids: three)." }),
    occurrenceYear: t.int({
      description: "The year its calendar date starts in; with occurrence, names it for a correction.",
      resolve: (h) => h.year,
    }),
    occurrence: t.exposeInt("occurrence", {
      description: "0, or 1 for the second time a Hijri occasion falls in that year.",
    }),
    calendarDate: t.exposeString("calendarDate", {
      description: "The Umm al-Qura calendar's first day, before any correction.",
    }),
    corrected: t.exposeBoolean("corrected", { description: "An admin moved it (the Cabinet's decision)." }),
  }),
});

const UpcomingOccasion = builder.objectRef<UpcomingOccasionShape>("UpcomingOccasion").implement({
  description: "An occasion whose first day is coming up, for the studio's suggestions.",
  fields: (t) => ({
    occasionKey: t.exposeString("occasionKey", { description: "The occasion's key, such as ramadan_start." }),
    nameEn: t.exposeString("nameEn", { description: "Its name in English." }),
    nameAr: t.exposeString("nameAr", { description: "Its name in Arabic." }),
    kind: t.field({ description: "What kind of occasion it is.", type: HolidayKindEnum, resolve: (o) => o.kind }),
    date: t.exposeString("date", { description: "Its first day, YYYY-MM-DD (a Kuwait day)." }),
    days: t.exposeInt("days", { description: "How many days it lasts." }),
    daysUntil: t.exposeInt("daysUntil", { description: "Whole Kuwait days until its first day; 0 when it is today." }),
    suggestedPosts: t.exposeInt("suggestedPosts", { description: "How many posts to plan for it." }),
  }),
});

const HolidayOverride = builder.objectRef<HolidayOverrideRow>("HolidayOverride").implement({
  description:
    "An admin's correction of an occasion's date, or the announcement of a school break (its first day and length).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The correction's id (a UUID)." }),
    occasionKey: t.exposeString("occasionKey", { description: "The occasion corrected, such as eid_al_adha." }),
    nameEn: t.exposeString("nameEn", { description: "The occasion's name in English." }),
    nameAr: t.exposeString("nameAr", { description: "The occasion's name in Arabic." }),
    year: t.exposeInt("year", { description: "The Gregorian year of the occurrence corrected." }),
    occurrence: t.exposeInt("occurrence", {
      description: "0, or 1 for the second time a Hijri occasion falls in that year.",
    }),
    date: t.exposeString("date", { description: "The real first day, YYYY-MM-DD (a Kuwait day)." }),
    days: t.exposeInt("days", {
      nullable: true,
      description:
        "An announced school break's length in days; null for a correction (the occasion keeps its own length).",
    }),
    calendarDate: t.exposeString("calendarDate", {
      nullable: true,
      description: "The Umm al-Qura calendar's first day it corrects; null when unknown.",
    }),
    note: t.exposeString("note", {
      description: "The admin's note (the decision it follows); null when none.",
      nullable: true,
    }),
    updatedAt: t.expose("updatedAt", { description: "When it was last set (UTC).", type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  prayerTimes: t.field({
    type: PrayerTimes,
    description: "Prayer times in Kuwait City for a date (YYYY-MM-DD); today in Kuwait when left out.",
    authScopes: { authenticated: true },
    args: { date: t.arg.string({ description: "The day, YYYY-MM-DD; today in Kuwait when left out." }) },
    resolve: (_r, { date }, ctx) => ctx.services.calendar.prayerTimes(ctx.viewer, { date: date ?? undefined }),
  }),
  kuwaitHolidays: t.field({
    type: [KuwaitHoliday],
    description: "Kuwait's holidays and occasions of a Gregorian year (this year when left out), one entry per day.",
    authScopes: { authenticated: true },
    args: { year: t.arg.int({ description: "The Gregorian year; this year (in Kuwait) when left out." }) },
    resolve: (_r, { year }, ctx) => ctx.services.calendar.holidays(ctx.viewer, { year: year ?? undefined }),
  }),
  upcomingOccasions: t.field({
    type: [UpcomingOccasion],
    description: "Occasions starting within the next `days` days, nearest first.",
    authScopes: { authenticated: true },
    args: {
      days: t.arg.int({
        defaultValue: UPCOMING_OCCASIONS_DEFAULT_DAYS,
        description: "How many days ahead to look, 1 to 366 (60 by default).",
      }),
    },
    resolve: (_r, { days }, ctx) => ctx.services.calendar.upcoming(ctx.viewer, { days: days ?? undefined }),
  }),
  holidayOverrides: t.field({
    type: [HolidayOverride],
    description: "Admin: the corrections (of one year when given).",
    authScopes: { admin: true },
    args: { year: t.arg.int({ description: "Only this Gregorian year's corrections; all when left out." }) },
    resolve: (_r, { year }, ctx) => ctx.services.calendar.listOverrides(ctx.viewer, { year: year ?? undefined }),
  }),
}));

builder.mutationFields((t) => ({
  setHolidayOverride: t.field({
    type: HolidayOverride,
    description:
      "Admin: the real first day of an occurrence of an occasion (when the Cabinet moves it), or a school break's first day and length as the Ministry of Education announced them.",
    authScopes: { admin: true },
    args: {
      occasionKey: t.arg.string({ required: true, description: "The occasion to correct, such as eid_al_fitr." }),
      year: t.arg.int({ required: true, description: "The Gregorian year of the occurrence." }),
      occurrence: t.arg.int({
        defaultValue: 0,
        description: "0, or 1 for the second time a Hijri occasion falls in that year.",
      }),
      date: t.arg.string({ required: true, description: "The real first day, YYYY-MM-DD (a Kuwait day)." }),
      days: t.arg.int({
        description:
          "A school break's length, 1 to 120 days (required for a school break, refused for the other occasions).",
      }),
      note: t.arg.string({ description: "A note, such as the decision it follows." }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.calendar.setOverride(
        ctx.viewer,
        { ...args, occurrence: args.occurrence ?? 0, days: args.days ?? undefined, note: args.note ?? undefined },
        ctx.meta,
      ),
  }),
  removeHolidayOverride: t.field({
    type: HolidayOverride,
    description: "Admin: removes a correction; the calendar's date applies again.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: "The correction's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.calendar.removeOverride(ctx.viewer, String(id), ctx.meta),
  }),
}));
