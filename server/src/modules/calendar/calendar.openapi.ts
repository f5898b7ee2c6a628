// The OpenAPI entries of /api/calendar, the Kuwait calendar (docs/architecture.md#names).
import { z } from "zod";
import {
  holidayOverrideSchema,
  holidaysQuerySchema,
  prayerTimesQuerySchema,
  upcomingOccasionsQuerySchema,
} from "@sufra/schema";
import { isoDate, isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const holiday = z.object({
  date: isoDate,
  name_en: z.string(),
  name_ar: z.string(),
  kind: z.string(),
  occasion_key: z.string(),
  day: z.number().int(),
  days: z.number().int(),
  occurrence_year: z.number().int(),
  occurrence: z.number().int(),
  calendar_date: z.string().nullable(),
  corrected: z.boolean(),
});
const upcoming = z.object({
  occasion_key: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  kind: z.string(),
  date: isoDate,
  days: z.number().int(),
  days_until: z.number().int(),
  suggested_posts: z.number().int(),
});
const override = z.object({
  id: z.string(),
  occasion_key: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  year: z.number().int(),
  occurrence: z.number().int(),
  date: isoDate,
  days: z.number().int().nullable(),
  calendar_date: z.string().nullable(),
  note: z.string().nullable(),
  updated_by_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
const tag = "Kuwait calendar";

export const calendarOperations: RestOperation[] = [
  {
    method: "get",
    path: "/calendar/prayer-times",
    tag,
    access: "signedIn",
    summary: "Prayer times in Kuwait City for a day (HH:mm, Kuwait time)",
    query: prayerTimesQuerySchema,
    responses: {
      200: {
        description: "The day's times.",
        schema: z.object({
          date: isoDate,
          fajr: hhmm,
          sunrise: hhmm,
          dhuhr: hhmm,
          asr: hhmm,
          maghrib: hhmm,
          isha: hhmm,
        }),
      },
    },
  },
  {
    method: "get",
    path: "/calendar/holidays",
    tag,
    access: "signedIn",
    summary: "Kuwait's holidays and occasions of a year, corrections applied",
    query: holidaysQuerySchema,
    responses: { 200: { description: "The holidays.", schema: z.array(holiday) } },
  },
  {
    method: "get",
    path: "/calendar/upcoming",
    tag,
    access: "signedIn",
    summary: "Occasions starting within some days, nearest first",
    query: upcomingOccasionsQuerySchema,
    responses: { 200: { description: "The occasions.", schema: z.array(upcoming) } },
  },
  {
    method: "get",
    path: "/calendar/holiday-overrides",
    tag,
    access: "admin",
    summary: "The corrections of moon-sighted dates",
    query: holidaysQuerySchema,
    responses: { 200: { description: "The corrections.", schema: z.array(override) } },
  },
  {
    method: "put",
    path: "/calendar/holiday-overrides",
    tag,
    access: "admin",
    summary: "Correct an occurrence's date (creates or replaces)",
    body: holidayOverrideSchema,
    responses: { 200: { description: "The correction.", schema: override } },
  },
  {
    method: "delete",
    path: "/calendar/holiday-overrides/{id}",
    tag,
    access: "admin",
    summary: "Remove a correction",
    responses: { 200: { description: "The correction removed.", schema: override } },
  },
];
