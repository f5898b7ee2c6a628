// REST compatibility for /api/calendar: thin, calls the calendar service. Reads: any signed-in
// caller; corrections: admins.
import { Router, type Request } from "express";
import type { KuwaitHoliday, UpcomingOccasion } from "@sufra/schema";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { HolidayOverrideRow } from "./calendar.service.ts";

const restHoliday = (h: KuwaitHoliday) => ({
  date: h.date,
  name_en: h.nameEn,
  name_ar: h.nameAr,
  kind: h.kind,
  occasion_key: h.occasionKey,
  day: h.day,
  days: h.days,
  occurrence_year: h.year,
  occurrence: h.occurrence,
  calendar_date: h.calendarDate,
  corrected: h.corrected,
});

const restUpcoming = (o: UpcomingOccasion) => ({
  occasion_key: o.occasionKey,
  name_en: o.nameEn,
  name_ar: o.nameAr,
  kind: o.kind,
  date: o.date,
  days: o.days,
  days_until: o.daysUntil,
  suggested_posts: o.suggestedPosts,
});

const restOverride = (o: HolidayOverrideRow) => ({
  id: o.id,
  occasion_key: o.occasionKey,
  name_en: o.nameEn,
  name_ar: o.nameAr,
  year: o.year,
  occurrence: o.occurrence,
  date: o.date,
  days: o.days,
  calendar_date: o.calendarDate,
  note: o.note,
  updated_by_id: o.updatedById,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export function calendarRouter(services: Services) {
  const r = Router();
  const { calendar } = services;
  // any signed-in caller reads; the service checks the same scopes again
  const viewer = (req: Request) => viewerOf(services, req);
  const admin = (req: Request) => viewerOf(services, req, "admin");

  /** {date, fajr, sunrise, dhuhr, asr, maghrib, isha}, HH:mm Kuwait time; ?date=YYYY-MM-DD, default today. */
  r.get("/prayer-times", async (req, res) => {
    res.json(calendar.prayerTimes(await viewer(req), { date: one(req.query.date) }));
  });

  /** [{date, name_en, name_ar, kind, ...}] for ?year=YYYY (default this year), corrections applied. */
  r.get("/holidays", async (req, res) => {
    res.json((await calendar.holidays(await viewer(req), { year: queryNumber(one(req.query.year)) })).map(restHoliday));
  });

  /** Occasions starting within ?days= (default 60), nearest first. */
  r.get("/upcoming", async (req, res) => {
    res.json(
      (await calendar.upcoming(await viewer(req), { days: queryNumber(one(req.query.days)) })).map(restUpcoming),
    );
  });

  r.get("/holiday-overrides", async (req, res) => {
    res.json(
      (await calendar.listOverrides(await admin(req), { year: queryNumber(one(req.query.year)) })).map(restOverride),
    );
  });

  /** {occasion_key, year, occurrence?, date, note?}: creates or replaces the occurrence's correction. */
  r.put("/holiday-overrides", async (req, res) => {
    res.json(restOverride(await calendar.setOverride(await admin(req), camelBody(req), metaOf(req))));
  });

  r.delete("/holiday-overrides/:id", async (req, res) => {
    res.json(restOverride(await calendar.removeOverride(await admin(req), req.params.id, metaOf(req))));
  });

  return r;
}
