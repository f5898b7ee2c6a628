// The Kuwait calendar over real HTTP and Postgres: prayer times against a published Kuwait City
// timetable, the 2026 and 2027 holidays through both doors, the admins' corrections (audited, admins
// only), and the query rules in both languages.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let token: string;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  const c = await registeredClient(app.base);
  token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })).body
    .access_token;
  admin = await adminToken(app.base);
});
afterAll(async () => {
  await app?.stop();
});

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Fajr and Maghrib on the first day of five months of 2025, Kuwait City, from the published yearly
 * timetable at https://dailyrates.app/ar/kuwait/kuwait-city/prayer-times/2025 (times announced under
 * Kuwait's Ministry of Awqaf and Islamic Affairs; GMT+3, no daylight saving).
 */
const PUBLISHED_2025: Record<string, { fajr: string; maghrib: string }> = {
  "2025-01-01": { fajr: "05:18", maghrib: "17:01" },
  "2025-03-01": { fajr: "04:55", maghrib: "17:48" },
  "2025-06-01": { fajr: "03:16", maghrib: "18:43" },
  "2025-09-01": { fajr: "04:03", maghrib: "18:11" },
  "2025-12-01": { fajr: "05:01", maghrib: "16:49" },
};

/**
 * Dhuhr begins at the sun's transit: solar noon in Kuwait City by NOAA's equation of time
 * (https://gml.noaa.gov/grad/solcalc/solareqns.PDF), minutes after midnight, UTC+3.
 */
function solarNoon(iso: string, longitude = 47.9774): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const dayOfYear = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  return 720 - 4 * longitude - eqTime + 180;
}

describe("prayer times", () => {
  test.each(Object.entries(PUBLISHED_2025))(
    "%s: within two minutes of the published Kuwait City timetable",
    async (date, published) => {
      const r = await call(app.base, "GET", `/api/calendar/prayer-times?date=${date}`, { token });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(["date", "fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]);
      expect(r.body.date).toBe(date);
      for (const k of ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"])
        expect(r.body[k]).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(Math.abs(minutes(r.body.fajr) - minutes(published.fajr))).toBeLessThanOrEqual(2);
      expect(Math.abs(minutes(r.body.maghrib) - minutes(published.maghrib))).toBeLessThanOrEqual(2);
      expect(Math.abs(minutes(r.body.dhuhr) - solarNoon(date))).toBeLessThanOrEqual(2);
      // the day's order, and Isha by the Kuwait method's 17.5° (over an hour after Maghrib)
      const order = ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"].map((k) => minutes(r.body[k]));
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(minutes(r.body.isha) - minutes(r.body.maghrib)).toBeGreaterThan(60);
    },
  );

  test("no date: today in Kuwait; GraphQL answers the same times", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(new Date());
    const r = await call(app.base, "GET", "/api/calendar/prayer-times", { token });
    expect(r.body.date).toBe(today);
    const g = await gql(
      app.base,
      "query ($d: String) { prayerTimes(date: $d) { date fajr sunrise dhuhr asr maghrib isha } }",
      { d: "2025-06-01" },
      token,
    );
    const rest = await call(app.base, "GET", "/api/calendar/prayer-times?date=2025-06-01", { token });
    expect(g.data.prayerTimes).toEqual(rest.body);
  });

  test("GraphQL says whether the day is in Ramadan, so the prayer card's tip names Ramadan's windows", async () => {
    const q = "query ($d: String) { prayerTimes(date: $d) { date maghrib ramadan } }";
    expect((await gql(app.base, q, { d: "2027-02-15" }, token)).data.prayerTimes.ramadan).toBe(true); // Ramadan 1448
    expect((await gql(app.base, q, { d: "2026-12-15" }, token)).data.prayerTimes).toEqual({
      date: "2026-12-15",
      maghrib: expect.stringMatching(/^16:/),
      ramadan: false,
    });
  });

  test("a bad date is refused naming `date`, in English and Arabic", async () => {
    const en = await call(app.base, "GET", "/api/calendar/prayer-times?date=2026-02-30", { token });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe("VALIDATION_ERROR");
    expect(en.body.details).toEqual({ date: ["Enter a real date written YYYY-MM-DD, for example 2026-03-20"] });
    expect(en.body.message).toContain("date:");
    const ar = await call(app.base, "GET", "/api/calendar/prayer-times?date=tomorrow", { token, lang: "ar" });
    expect(ar.status).toBe(400);
    expect(ar.body.details.date).toEqual(["أدخل تاريخًا صحيحًا بالصيغة YYYY-MM-DD، مثل 2026-03-20"]);
    const g = await gql(app.base, '{ prayerTimes(date: "1999-01-01") { fajr } }', {}, token, "ar");
    expect(g.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { date: ["يجب أن تكون السنة عددًا صحيحًا من ٢٠٠٠ إلى ٢١٠٠"] },
    });
  });

  test("signed-in callers only", async () => {
    expect((await call(app.base, "GET", "/api/calendar/prayer-times")).status).toBe(401);
    expect((await call(app.base, "GET", "/api/calendar/holidays?year=2026")).status).toBe(401);
    const g = await gql(app.base, "{ kuwaitHolidays(year: 2026) { date } }");
    expect(g.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });
});

const dates = (body: { date: string; occasion_key: string; day: number }[]) =>
  body.map((h) => `${h.date} ${h.occasion_key}${h.day > 1 ? ` ${h.day}` : ""}`);

describe("holidays and occasions", () => {
  test("2026 (GET /api/calendar/holidays?year=2026): Umm al-Qura dates, names in both languages", async () => {
    const r = await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token });
    expect(r.status).toBe(200);
    expect(dates(r.body)).toEqual([
      "2026-01-01 new_year",
      "2026-01-16 isra_miraj",
      "2026-02-18 ramadan_start",
      "2026-02-25 national_day",
      "2026-02-26 liberation_day",
      "2026-03-04 gergean",
      "2026-03-19 ramadan_end",
      "2026-03-20 eid_al_fitr",
      "2026-03-21 eid_al_fitr 2",
      "2026-03-21 mothers_day",
      "2026-03-22 eid_al_fitr 3",
      "2026-05-26 arafat_day",
      "2026-05-27 eid_al_adha",
      "2026-05-28 eid_al_adha 2",
      "2026-05-29 eid_al_adha 3",
      "2026-06-16 islamic_new_year",
      "2026-08-25 prophets_birthday",
    ]);
    expect(r.body.find((h: { occasion_key: string }) => h.occasion_key === "national_day")).toMatchObject({
      date: "2026-02-25",
      name_en: "National Day",
      name_ar: "العيد الوطني",
      kind: "national",
    });
    expect(r.body[0]).toEqual({
      date: "2026-01-01",
      name_en: "New Year's Day",
      name_ar: "رأس السنة الميلادية",
      kind: "public",
      occasion_key: "new_year",
      day: 1,
      days: 1,
      occurrence_year: 2026,
      occurrence: 0,
      calendar_date: "2026-01-01",
      corrected: false,
    });
  });

  test("2027 through GraphQL: Ramadan 1448 from 8 February, Eid al-Adha on 16 May, Isra and Mi'raj twice", async () => {
    const g = await gql(
      app.base,
      "{ kuwaitHolidays(year: 2027) { date occasionKey nameEn nameAr kind day } }",
      {},
      token,
    );
    expect(g.errors).toBeUndefined();
    const list = g.data.kuwaitHolidays as {
      date: string;
      occasionKey: string;
      day: number;
      nameAr: string;
      kind: string;
    }[];
    expect(list.map((h) => `${h.date} ${h.occasionKey}${h.day > 1 ? ` ${h.day}` : ""}`)).toEqual([
      "2027-01-01 new_year",
      "2027-01-05 isra_miraj",
      "2027-02-08 ramadan_start",
      "2027-02-22 gergean",
      "2027-02-25 national_day",
      "2027-02-26 liberation_day",
      "2027-03-08 ramadan_end",
      "2027-03-09 eid_al_fitr",
      "2027-03-10 eid_al_fitr 2",
      "2027-03-11 eid_al_fitr 3",
      "2027-03-21 mothers_day",
      "2027-05-15 arafat_day",
      "2027-05-16 eid_al_adha",
      "2027-05-17 eid_al_adha 2",
      "2027-05-18 eid_al_adha 3",
      "2027-06-06 islamic_new_year",
      "2027-08-14 prophets_birthday",
      "2027-12-25 isra_miraj",
    ]);
    expect(list.find((h) => h.occasionKey === "eid_al_adha")).toMatchObject({ nameAr: "عيد الأضحى", kind: "ISLAMIC" });
  });

  test("a bad year is refused naming `year`", async () => {
    const r = await call(app.base, "GET", "/api/calendar/holidays?year=1999", { token, lang: "ar" });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({ year: ["يجب أن تكون السنة عددًا صحيحًا من ٢٠٠٠ إلى ٢١٠٠"] });
  });

  test("upcoming occasions: first days within the window, nearest first, with the posts to plan", async () => {
    const g = await gql(
      app.base,
      "{ upcomingOccasions(days: 366) { occasionKey date daysUntil suggestedPosts } }",
      {},
      token,
    );
    const list = g.data.upcomingOccasions as { occasionKey: string; daysUntil: number; suggestedPosts: number }[];
    expect(list.length).toBeGreaterThanOrEqual(11); // every occasion falls once a year
    expect(list.map((o) => o.daysUntil)).toEqual([...list.map((o) => o.daysUntil)].sort((a, b) => a - b));
    expect(list.every((o) => o.daysUntil >= 0 && o.daysUntil <= 366)).toBe(true);
    expect(list.find((o) => o.occasionKey === "eid_al_fitr")?.suggestedPosts).toBe(3);
    const bad = await call(app.base, "GET", "/api/calendar/upcoming?days=0", { token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(["days"]);
  });
});

describe("corrections by admins", () => {
  test("an admin moves Eid al-Fitr 2026 by a day: every door shows it, and the change is audited", async () => {
    const put = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "eid_al_fitr", year: 2026, date: "2026-03-21", note: "Cabinet decision" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      occasion_key: "eid_al_fitr",
      year: 2026,
      occurrence: 0,
      date: "2026-03-21",
      calendar_date: "2026-03-20",
      name_en: "Eid al-Fitr",
      note: "Cabinet decision",
    });

    const year = await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token });
    const eid = year.body.filter((h: { occasion_key: string }) => h.occasion_key === "eid_al_fitr");
    expect(eid.map((h: { date: string; corrected: boolean }) => [h.date, h.corrected])).toEqual([
      ["2026-03-21", true],
      ["2026-03-22", true],
      ["2026-03-23", true],
    ]);
    const g = await gql(
      app.base,
      "{ kuwaitHolidays(year: 2026) { date occasionKey corrected calendarDate } }",
      {},
      token,
    );
    expect(g.data.kuwaitHolidays.find((h: { occasionKey: string }) => h.occasionKey === "eid_al_fitr")).toEqual({
      date: "2026-03-21",
      occasionKey: "eid_al_fitr",
      corrected: true,
      calendarDate: "2026-03-20",
    });

    // a second correction replaces the first
    const again = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "eid_al_fitr", year: 2026, date: "2026-03-22" },
    });
    expect(again.body.id).toBe(put.body.id);
    const list = await call(app.base, "GET", "/api/calendar/holiday-overrides?year=2026", { token: admin });
    expect(list.body.map((o: { id: string; date: string }) => [o.id, o.date])).toEqual([[put.body.id, "2026-03-22"]]);

    const audit = await app.sufra.deps.pool.query<{ action: string; from: string | null; to: string | null }>(
      "select action, data->>'from' as from, data->>'to' as to from audit_log where entity_id = $1 and action like 'holiday_override.%' order by created_at",
      [put.body.id],
    );
    expect(audit.rows).toEqual([
      { action: "holiday_override.set", from: null, to: "2026-03-21" },
      { action: "holiday_override.set", from: "2026-03-21", to: "2026-03-22" },
    ]);

    // removing it brings the calendar's date back
    const del = await call(app.base, "DELETE", `/api/calendar/holiday-overrides/${put.body.id}`, { token: admin });
    expect(del.status).toBe(200);
    const back = await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token });
    expect(back.body.find((h: { occasion_key: string }) => h.occasion_key === "eid_al_fitr")).toMatchObject({
      date: "2026-03-20",
      corrected: false,
    });
    const removed = await app.sufra.deps.pool.query(
      "select 1 from audit_log where entity_id = $1 and action = 'holiday_override.removed'",
      [put.body.id],
    );
    expect(removed.rowCount).toBe(1);
    expect(
      (await call(app.base, "DELETE", `/api/calendar/holiday-overrides/${put.body.id}`, { token: admin })).status,
    ).toBe(404);
  });

  test("GraphQL: an admin corrects and removes; the correction's rules name the field", async () => {
    const set = await gql(
      app.base,
      'mutation { setHolidayOverride(occasionKey: "national_day", year: 2027, date: "2027-02-24", note: "moved to Wednesday") { id date calendarDate nameAr } }',
      {},
      admin,
    );
    expect(set.data.setHolidayOverride).toMatchObject({
      date: "2027-02-24",
      calendarDate: "2027-02-25",
      nameAr: "العيد الوطني",
    });
    const q = await gql(app.base, "{ holidayOverrides(year: 2027) { id occasionKey } }", {}, admin);
    expect(q.data.holidayOverrides).toEqual([{ id: set.data.setHolidayOverride.id, occasionKey: "national_day" }]);
    const del = await gql(
      app.base,
      "mutation ($id: ID!) { removeHolidayOverride(id: $id) { id } }",
      { id: set.data.setHolidayOverride.id },
      admin,
    );
    expect(del.data.removeHolidayOverride.id).toBe(set.data.setHolidayOverride.id);

    const far = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "eid_al_adha", year: 2026, date: "2026-09-01" },
    });
    expect(far.status).toBe(400);
    expect(far.body.details).toEqual({ date: ["The corrected date must be within 30 days of the calendar's date"] });
    const unknown = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      lang: "ar",
      body: { occasion_key: "diwali", year: 2026, date: "2026-11-08" },
    });
    expect(unknown.body.details).toEqual({ occasion_key: ["مناسبة غير معروفة"] });
  });

  test("a business's person cannot correct or list corrections (403)", async () => {
    const put = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token,
      body: { occasion_key: "eid_al_fitr", year: 2026, date: "2026-03-21" },
    });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe("FORBIDDEN");
    expect((await call(app.base, "GET", "/api/calendar/holiday-overrides", { token })).status).toBe(403);
    const g = await gql(
      app.base,
      'mutation { setHolidayOverride(occasionKey: "eid_al_fitr", year: 2026, date: "2026-03-21") { id } }',
      {},
      token,
    );
    expect(g.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect(await app.sufra.deps.db.holidayOverride.count()).toBe(0);
  });
});
