// Opening hours (docs/architecture.md#menus-and-hours): the café's week and a branch's own week by the shared rules
// through both doors, special hours proposed once from the Kuwait calendar (Ramadan 2027 for the café and each picked
// branch), confirmed by the café's managers only (two branches at once), Google's hours beside Sufra's day by day, the
// send to Google in Google's TimePeriod / SpecialHourPeriod shapes, every refusal told in the person's language, and a
// draft post announcing the hours. Google is the strict stand-in (fakes/google-hours.ts through google-server.ts).
import { describe, expect, test } from "@jest/globals";
import { ERRORS, MESSAGES } from "@sufra/schema";
import { BUSINESS_SCOPE, startGoogleFake } from "./fakes/google-server.ts";
import { hoursOf } from "./fakes/google-hours.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import { createGoogleHours } from "../src/networks/google/hours.ts";
import { createOpeningHoursService } from "../src/modules/opening-hours/opening-hours.service.ts";
import { holidayOverrideInputs } from "../src/modules/calendar/index.ts";
import { PlatformError } from "../src/networks/types.ts";
import { call, gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { startMailbox } from "./support/mailbox.ts";
import { forFile } from "./support/per-file.ts";
import { joinedMember } from "./support/team.ts";

const { app, google, mailbox } = forFile(
  async () => {
    const google = await startGoogleFake();
    const mailbox = await startMailbox();
    const app = await startTestApp({ ...google.state.env, SMTP_URL: mailbox.url });
    return { google, mailbox, app };
  },
  async ({ app, google, mailbox }) => {
    await app.stop();
    await google.close();
    await mailbox.close();
  },
);

const RAMADAN = { open: "19:30", close: "03:00" };
const WEEK = [
  { day: "SUNDAY", open: "07:00", close: "23:00" },
  { day: "THURSDAY", open: "07:00", close: "01:00" },
  { day: "FRIDAY", open: "13:00", close: "24:00" },
];

/** A café with a Google connection on the stand-in: Salmiya and Kuwait City picked and verified, Jahra picked but unverified. */
async function cafe(opts: { scopes?: string[] } = {}) {
  const b = await signedInBusiness(app.base);
  const { person } = google.state.addPerson({ name: `Bait ${b.businessId.slice(0, 6)}` });
  const holder = google.state.addAccount({ accountName: "Bait Al Qahwa", people: [person.id] });
  const tokens = google.state.issueTokens(person.id, { scopes: opts.scopes });
  const { db, config } = app.sufra.deps;
  const crypto = createTokenCrypto(config.tokenKey);
  const account = await db.platformAccount.create({
    data: {
      businessId: b.businessId,
      platform: "google",
      externalId: person.id,
      handle: "Bait Al Qahwa",
      status: "connected",
      accessToken: crypto.seal(tokens.accessToken),
      refreshToken: crypto.seal(tokens.refreshToken),
      tokenExpiresAt: new Date(Date.now() + 3_500_000),
      scopes: opts.scopes ?? [BUSINESS_SCOPE],
    },
  });
  const places = {
    salmiya: google.state.addLocation(holder.name, { title: "Salmiya", verified: true }),
    kuwaitCity: google.state.addLocation(holder.name, { title: "Kuwait City", verified: true }),
    jahra: google.state.addLocation(holder.name, { title: "Jahra", verified: false }),
  };
  const ids: Record<keyof typeof places, string> = { salmiya: "", kuwaitCity: "", jahra: "" };
  for (const [k, l] of Object.entries(places) as [keyof typeof places, (typeof places)["salmiya"]][]) {
    const row = await db.googleLocation.create({
      data: {
        businessId: b.businessId,
        accountId: account.id,
        googleAccount: holder.name,
        name: l.name,
        title: l.title,
        verified: l.verified,
        picked: true,
      },
    });
    ids[k] = row.id;
  }
  return { ...b, places, ids, accountId: account.id };
}

const put = (token: string, path: string, body: unknown, locale = "en") =>
  call(app.base, "PUT", path, { token, body, headers: { "accept-language": locale } });
const post = (token: string, path: string, body: unknown = {}, locale = "en") =>
  call(app.base, "POST", path, { token, body, headers: { "accept-language": locale } });

/** The service with a fixed clock (the calendar's 2027 stays ahead whenever this runs). */
const serviceAt = (iso: string) =>
  createOpeningHoursService(app.sufra.deps, {
    platformAccounts: app.sufra.services.platformAccounts,
    posts: app.sufra.services.posts,
    google: createGoogleHours(app.sufra.deps.config.platforms.google),
    overrides: holidayOverrideInputs,
    now: () => new Date(iso),
  });
const viewerOf = (b: { token: string }) => app.sufra.services.auth.authenticate(b.token);

describe("the week by the shared rules, through both doors", () => {
  test("REST saves the week; GraphQL reads it back; an overlap and a bad time are refused in Arabic", async () => {
    const b = await cafe();
    const saved = await put(b.token, "/api/opening-hours/weekly", { periods: WEEK });
    expect(saved.status).toBe(200);
    expect(saved.body.weekly).toEqual(WEEK);
    expect(saved.body.locations.map((l: any) => l.title).sort()).toEqual(["Jahra", "Kuwait City", "Salmiya"]);

    const r = await gql(
      app.base,
      `{ openingHours { weekly { day open close } locations { title regularHours { day } } } }`,
      {},
      b.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.openingHours.weekly).toEqual(WEEK);
    expect(r.data.openingHours.locations.every((l: any) => l.regularHours === null)).toBe(true);

    // Thursday's night runs to 01:00 on Friday; a Friday opening at 00:30 meets it
    const overlap = await put(
      b.token,
      "/api/opening-hours/weekly",
      { periods: [...WEEK, { day: "FRIDAY", open: "00:30", close: "02:00" }] },
      "ar",
    );
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.body)).toContain(MESSAGES.hoursOverlap.ar);
    const bad = await gql(
      app.base,
      `mutation($p: [WeeklyHoursPeriodInput!]!) { updateWeeklyHours(periods: $p) { weekly { day } } }`,
      { p: [{ day: "MONDAY", open: "24:00", close: "10:00" }] },
      b.token,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(bad.errors)).toContain(MESSAGES.hoursOpenAt24.en);
  });

  test("a branch keeps its own week, or follows the café's again", async () => {
    const b = await cafe();
    const own = [{ day: "SATURDAY", open: "16:00", close: "02:00" }];
    const r = await put(b.token, `/api/opening-hours/locations/${b.ids.salmiya}`, { regular_hours: own });
    expect(r.status).toBe(200);
    expect(r.body.regular_hours).toEqual(own);
    const back = await put(b.token, `/api/opening-hours/locations/${b.ids.salmiya}`, { regular_hours: null });
    expect(back.body.regular_hours).toBeNull();
    const other = await cafe();
    expect(
      (await put(other.token, `/api/opening-hours/locations/${b.ids.salmiya}`, { regular_hours: own })).status,
    ).toBe(404);
  });
});

describe("special hours proposed from the Kuwait calendar", () => {
  test("2027: Ramadan, both Eids, National and Liberation Day for the café and each picked branch, proposed once", async () => {
    const b = await cafe();
    const svc = serviceAt("2026-12-01T09:00:00Z");
    const viewer = await viewerOf(b);
    const made = await svc.propose(viewer, { year: 2027 });
    const cafeWide = made.filter((s) => s.locationId === null);
    expect(cafeWide.map((s) => [s.occasion, s.startDate, s.endDate])).toEqual([
      ["ramadan", "2027-02-08", "2027-03-08"],
      ["national_day", "2027-02-25", "2027-02-25"],
      ["liberation_day", "2027-02-26", "2027-02-26"],
      ["eid_al_fitr", "2027-03-09", "2027-03-11"],
      ["eid_al_adha", "2027-05-16", "2027-05-18"],
    ]);
    // the café and its three picked branches
    expect(made).toHaveLength(5 * 4);
    // no times are invented: each waits for the café's
    expect(made.every((s) => s.status === "proposed" && s.needsTimes && s.periods.length === 0)).toBe(true);
    expect(await svc.propose(viewer, { year: 2027 })).toEqual([]);

    // a dismissed proposal is not proposed again
    const eid = cafeWide.find((s) => s.occasion === "eid_al_adha")!;
    expect((await call(app.base, "DELETE", `/api/opening-hours/special/${eid.id}`, { token: b.token })).status).toBe(
      200,
    );
    expect(await svc.propose(viewer, { year: 2027 })).toEqual([]);
    const listed = await call(app.base, "GET", "/api/opening-hours", { token: b.token });
    expect(listed.body.special.some((s: any) => s.id === eid.id)).toBe(false);

    // later in 2027 the spans already over are not proposed (a new café, after Eid al-Fitr)
    const late = await cafe();
    const after = await serviceAt("2027-04-01T09:00:00Z").propose(await viewerOf(late), { year: 2027 });
    expect([...new Set(after.map((s) => s.occasion))]).toEqual(["eid_al_adha"]);
  });

  test("the owner confirms Ramadan for two branches at once; a proposal without times and a team member are refused", async () => {
    const b = await cafe();
    const svc = serviceAt("2026-12-01T09:00:00Z");
    const made = await svc.propose(await viewerOf(b), { year: 2027 });
    const ramadanOf = (loc: string) => made.find((s) => s.occasion === "ramadan" && s.locationId === loc)!;
    const salmiya = ramadanOf(b.ids.salmiya);
    const city = ramadanOf(b.ids.kuwaitCity);

    const early = await post(b.token, "/api/opening-hours/special/confirm", { ids: [salmiya.id] }, "ar");
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain(MESSAGES.specialHoursNeedTimes.ar);

    for (const s of [salmiya, city]) {
      const r = await put(b.token, `/api/opening-hours/special/${s.id}`, { periods: [RAMADAN] });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ periods: [RAMADAN], needs_times: false, status: "proposed" });
    }
    // a night that runs past 11:59 the next morning is not special hours Google takes
    const late = await put(b.token, `/api/opening-hours/special/${city.id}`, {
      periods: [{ open: "20:00", close: "13:00" }],
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(MESSAGES.specialHoursCloseTooLate.en);

    const member = await joinedMember(app.base, mailbox, b.token, "client");
    const refused = await post(member.access_token, "/api/opening-hours/special/confirm", {
      ids: [salmiya.id, city.id],
    });
    expect(refused.status).toBe(403);

    const r = await gql(
      app.base,
      `mutation($ids: [ID!]!) { confirmSpecialHours(ids: $ids) { id status confirmedAt locationId } }`,
      { ids: [salmiya.id, city.id] },
      b.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.confirmSpecialHours.map((s: any) => s.status)).toEqual(["confirmed", "confirmed"]);

    // a team member's change sends a confirmed span back to the managers
    const changed = await put(member.access_token, `/api/opening-hours/special/${city.id}`, {
      periods: [{ open: "20:00", close: "03:00" }],
    });
    expect(changed.body.status).toBe("proposed");
    // and only a manager removes a confirmed span
    expect(
      (await call(app.base, "DELETE", `/api/opening-hours/special/${salmiya.id}`, { token: member.access_token }))
        .status,
    ).toBe(403);
  });
});

describe("Google's hours beside Sufra's, and the send", () => {
  async function readyCafe() {
    const b = await cafe();
    expect((await put(b.token, "/api/opening-hours/weekly", { periods: WEEK })).status).toBe(200);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const mk = async (body: Record<string, unknown>) => {
      const r = await post(b.token, "/api/opening-hours/special", body);
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    const nights = await mk({
      occasion: "ramadan",
      start_date: day(10),
      end_date: day(11),
      periods: [RAMADAN],
      location_id: b.ids.salmiya,
    });
    const closed = await mk({ occasion: "national_day", start_date: day(12), end_date: day(12), closed: true });
    expect((await post(b.token, "/api/opening-hours/special/confirm", { ids: [nights, closed] })).status).toBe(200);
    return { ...b, day, nights, closed };
  }

  test("the diff shows Google's week and days beside Sufra's; the send writes Google's shapes; then both agree", async () => {
    const b = await readyCafe();
    // Google holds an old Sunday and nothing else
    hoursOf(google.state).hours.set(b.places.salmiya.name, {
      regularHours: {
        periods: [{ openDay: "SUNDAY", openTime: { hours: 8 }, closeDay: "SUNDAY", closeTime: { hours: 22 } }],
      },
    });
    const diff = await call(app.base, "GET", `/api/opening-hours/locations/${b.ids.salmiya}/google`, {
      token: b.token,
    });
    expect(diff.status).toBe(200);
    expect(diff.body.same).toBe(false);
    const sunday = diff.body.rows.find((r: any) => r.key === "SUNDAY");
    expect(sunday).toMatchObject({
      kind: "week",
      google: { closed: false, periods: [{ open: "08:00", close: "22:00" }] },
      sufra: { closed: false, periods: [{ open: "07:00", close: "23:00" }] },
      same: false,
    });
    expect(diff.body.rows.find((r: any) => r.key === "MONDAY")).toMatchObject({ same: true, google: { closed: true } });
    expect(diff.body.rows.find((r: any) => r.key === b.day(10))).toMatchObject({
      kind: "date",
      google: null,
      sufra: { closed: false, periods: [RAMADAN] },
      same: false,
    });
    expect(diff.body.rows.find((r: any) => r.key === b.day(12))).toMatchObject({ sufra: { closed: true } });

    const sent = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.hours_sent_at).not.toBeNull();
    expect(sent.body.send_error).toBeNull();
    const update = hoursOf(google.state).updates.at(-1)!;
    expect(update.updateMask).toBe("regularHours,specialHours");
    // Thursday's night closes on Friday at 01:00; Friday's close at 24:00 stays on Friday
    expect(update.body.regularHours.periods).toEqual([
      {
        openDay: "SUNDAY",
        openTime: { hours: 7, minutes: 0 },
        closeDay: "SUNDAY",
        closeTime: { hours: 23, minutes: 0 },
      },
      {
        openDay: "THURSDAY",
        openTime: { hours: 7, minutes: 0 },
        closeDay: "FRIDAY",
        closeTime: { hours: 1, minutes: 0 },
      },
      {
        openDay: "FRIDAY",
        openTime: { hours: 13, minutes: 0 },
        closeDay: "FRIDAY",
        closeTime: { hours: 24, minutes: 0 },
      },
    ]);
    const [y, m, d] = b.day(10).split("-").map(Number);
    const [y2, m2, d2] = b.day(11).split("-").map(Number);
    expect(update.body.specialHours.specialHourPeriods[0]).toEqual({
      startDate: { year: y, month: m, day: d },
      openTime: { hours: 19, minutes: 30 },
      endDate: { year: y2, month: m2, day: d2 },
      closeTime: { hours: 3, minutes: 0 },
      closed: false,
    });
    const [y3, m3, d3] = b.day(12).split("-").map(Number);
    expect(update.body.specialHours.specialHourPeriods.at(-1)).toEqual({
      startDate: { year: y3, month: m3, day: d3 },
      closed: true,
    });
    const after = await call(app.base, "GET", `/api/opening-hours/locations/${b.ids.salmiya}/google`, {
      token: b.token,
    });
    expect(after.body.same).toBe(true);
    const spans = (await call(app.base, "GET", "/api/opening-hours", { token: b.token })).body.special;
    expect(spans.find((s: any) => s.id === b.nights).sent_at).not.toBeNull();

    // Kuwait City has no span of its own: the café-wide closure goes, Salmiya's Ramadan nights do not
    expect((await post(b.token, `/api/opening-hours/locations/${b.ids.kuwaitCity}/send`)).status).toBe(200);
    const city = hoursOf(google.state).updates.at(-1)!;
    expect(city.body.specialHours.specialHourPeriods).toEqual([
      { startDate: { year: y3, month: m3, day: d3 }, closed: true },
    ]);
  });

  test("refusals: an unverified branch, Google's FAILED_PRECONDITION, stored overlaps and closed days with times, a rate limit", async () => {
    const b = await readyCafe();
    const updates = () => hoursOf(google.state).updates.length;
    const before = updates();

    const jahra = await post(b.token, `/api/opening-hours/locations/${b.ids.jahra}/send`, {}, "ar");
    expect(jahra.status).toBe(409);
    expect(jahra.body.code).toBe("GOOGLE_HOURS_NOT_VERIFIED");
    expect(jahra.body.message).toBe(ERRORS.GOOGLE_HOURS_NOT_VERIFIED.ar);
    const { db } = app.sufra.deps;
    expect((await db.googleLocation.findUniqueOrThrow({ where: { id: b.ids.jahra } })).sendError).toBeTruthy();

    // Sufra thinks Kuwait City is verified; Google no longer does
    google.state.setVerified(b.places.kuwaitCity.name, false);
    const lost = await post(b.token, `/api/opening-hours/locations/${b.ids.kuwaitCity}/send`);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe("GOOGLE_HOURS_NOT_VERIFIED");
    google.state.setVerified(b.places.kuwaitCity.name, true);

    // hours stored before a rule (or by hand) are checked again before anything goes to Google
    await db.business.update({
      where: { id: b.businessId },
      data: { weeklyHours: [...WEEK, { day: "SUNDAY", open: "22:00", close: "23:30" }] },
    });
    const overlap = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`, {}, "ar");
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.body)).toContain(MESSAGES.hoursOverlap.ar);
    await db.business.update({ where: { id: b.businessId }, data: { weeklyHours: WEEK } });

    await db.specialHours.update({ where: { id: b.closed }, data: { periods: [{ open: "10:00", close: "12:00" }] } });
    const closedWithTimes = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`);
    expect(closedWithTimes.status).toBe(400);
    expect(JSON.stringify(closedWithTimes.body)).toContain(MESSAGES.specialHoursClosedWithTimes.en);
    await db.specialHours.update({ where: { id: b.closed }, data: { periods: [] } });
    expect(updates()).toBe(before);

    google.state.failures.set("patchLocation", { as: 429, times: 1, retryAfterSecs: 30 });
    const busy = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`, {}, "ar");
    expect(busy.status).toBe(503);
    expect(busy.body.message).toBe(ERRORS.GOOGLE_BUSY.ar);
    expect(updates()).toBe(before);

    // an access token Google stops taking early: refreshed once, then sent
    google.state.failures.set("patchLocation", { as: 401, times: 1 });
    expect((await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`)).status).toBe(200);
    expect(updates()).toBe(before + 1);
  });

  test("without Google's business.manage scope: a reconnect is asked, in the person's language", async () => {
    const b = await cafe({ scopes: ["openid"] });
    await put(b.token, "/api/opening-hours/weekly", { periods: WEEK });
    const r = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`, {}, "ar");
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("GOOGLE_HOURS_SCOPE_MISSING");
    expect(r.body.message).toBe(ERRORS.GOOGLE_HOURS_SCOPE_MISSING.ar);
    const account = await app.sufra.deps.db.platformAccount.findUniqueOrThrow({ where: { id: b.accountId } });
    expect(account.status).toBe("reconnect_needed");
  });

  test("no regular week: nothing is sent; only the café's managers send", async () => {
    const b = await cafe();
    const empty = await post(b.token, `/api/opening-hours/locations/${b.ids.salmiya}/send`);
    expect(empty.status).toBe(409);
    expect(empty.body.code).toBe("GOOGLE_HOURS_WEEK_EMPTY");
    await put(b.token, "/api/opening-hours/weekly", { periods: WEEK });
    const member = await joinedMember(app.base, mailbox, b.token, "client");
    const r = await gql(
      app.base,
      `mutation($id: ID!) { sendHoursToGoogle(locationId: $id) { hoursSentAt } }`,
      { id: b.ids.salmiya },
      member.access_token,
    );
    expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const owner = await joinedMember(app.base, mailbox, b.token, "owner");
    const ok = await gql(
      app.base,
      `mutation($id: ID!) { sendHoursToGoogle(locationId: $id) { hoursSentAt sendError } }`,
      { id: b.ids.salmiya },
      owner.access_token,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.sendHoursToGoogle.hoursSentAt).toBeTruthy();
  });
});

describe("the stand-in refuses what Google refuses", () => {
  const grant = () => {
    const { person } = google.state.addPerson({ name: "Stand-in" });
    const holder = google.state.addAccount({ accountName: "Stand-in", people: [person.id] });
    const loc = google.state.addLocation(holder.name, { title: "Stand-in" });
    return {
      access: { accessToken: google.state.issueTokens(person.id).accessToken, externalId: person.id, handle: "x" },
      loc,
    };
  };
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(PlatformError);
    return e as PlatformError;
  };
  const hours = () => createGoogleHours(google.state.config);
  const t = (h: number, m = 0) => ({ hours: h, minutes: m });

  test("a read without readMask, overlapping periods, a closed day with times, specials without a week, a bad time", async () => {
    const { access, loc } = grant();
    const raw = await fetch(`${google.state.url}/v1/${loc.name}`, {
      headers: { authorization: `Bearer ${access.accessToken}` },
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as any).error.status).toBe("INVALID_ARGUMENT");
    const noMask = await fetch(`${google.state.url}/v1/${loc.name}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${access.accessToken}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(noMask.status).toBe(400);

    const week = (periods: unknown[]) => ({ regularHours: { periods } as any, specialHours: null });
    const overlap = await refusal(
      hours().write(
        access,
        loc.name,
        week([
          { openDay: "MONDAY", openTime: t(8), closeDay: "MONDAY", closeTime: t(14) },
          { openDay: "MONDAY", openTime: t(13), closeDay: "MONDAY", closeTime: t(18) },
        ]),
      ),
    );
    expect(overlap).toMatchObject({ kind: "rejected", opts: { status: 400 } });
    expect(overlap.platformMessage).toMatch(/overlap/i);
    const bad = await refusal(
      hours().write(
        access,
        loc.name,
        week([{ openDay: "MONDAY", openTime: t(8, 60), closeDay: "MONDAY", closeTime: t(9) }]),
      ),
    );
    expect(bad.platformMessage).toMatch(/time of day/i);
    const open24 = await refusal(
      hours().write(
        access,
        loc.name,
        week([{ openDay: "MONDAY", openTime: t(24), closeDay: "TUESDAY", closeTime: t(9) }]),
      ),
    );
    expect(open24.kind).toBe("rejected");
    const specialsAlone = await refusal(
      hours().write(access, loc.name, {
        regularHours: null,
        specialHours: { specialHourPeriods: [{ startDate: { year: 2027, month: 2, day: 25 }, closed: true }] },
      }),
    );
    expect(specialsAlone.platformMessage).toMatch(/without regular hours/);
    const closedWithTimes = await refusal(
      hours().write(access, loc.name, {
        regularHours: { periods: [{ openDay: "MONDAY", openTime: t(8), closeDay: "MONDAY", closeTime: t(14) }] },
        specialHours: {
          specialHourPeriods: [
            { startDate: { year: 2027, month: 2, day: 25 }, closed: true, openTime: t(8), closeTime: t(12) },
          ],
        },
      }),
    );
    expect(closedWithTimes.platformMessage).toMatch(/closed/);
    const tooLate = await refusal(
      hours().write(access, loc.name, {
        regularHours: { periods: [{ openDay: "MONDAY", openTime: t(8), closeDay: "MONDAY", closeTime: t(14) }] },
        specialHours: {
          specialHourPeriods: [
            {
              startDate: { year: 2027, month: 2, day: 25 },
              endDate: { year: 2027, month: 2, day: 26 },
              openTime: t(13),
              closeTime: t(12),
            },
          ],
        },
      }),
    );
    expect(tooLate.kind).toBe("rejected");
    // and what Google takes, it answers in proto3 JSON: midnight is {}
    await hours().write(access, loc.name, {
      regularHours: { periods: [{ openDay: "FRIDAY", openTime: t(0), closeDay: "FRIDAY", closeTime: t(24) }] },
      specialHours: null,
    });
    const read = await hours().read(access, loc.name);
    expect(read.regularHours?.periods[0]).toEqual({
      openDay: "FRIDAY",
      openTime: {},
      closeDay: "FRIDAY",
      closeTime: { hours: 24 },
    });
  });

  test("a location without Voice of Merchant: FAILED_PRECONDITION; a missing scope: 403", async () => {
    const { access, loc } = grant();
    google.state.setVerified(loc.name, false);
    const e = await refusal(
      hours().write(access, loc.name, {
        regularHours: { periods: [{ openDay: "MONDAY", openTime: t(8), closeDay: "MONDAY", closeTime: t(14) }] },
        specialHours: null,
      }),
    );
    expect(e.opts.platformCode).toBe("FAILED_PRECONDITION");
    const { person } = google.state.addPerson({ name: "No scope" });
    const scoped = google.state.issueTokens(person.id, { scopes: ["openid"] }).accessToken;
    const s = await refusal(hours().read({ accessToken: scoped, externalId: person.id, handle: "x" }, loc.name));
    expect(s).toMatchObject({ kind: "auth", opts: { status: 403, platformCode: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" } });
  });
});

describe("a post announcing special hours", () => {
  test("a draft post is made from the span's hours, in both languages; a proposal without times has nothing to announce", async () => {
    const b = await cafe();
    const made = await serviceAt("2026-12-01T09:00:00Z").propose(await viewerOf(b), { year: 2027 });
    const ramadan = made.find((s) => s.occasion === "ramadan" && s.locationId === b.ids.salmiya)!;
    const waiting = await post(b.token, `/api/opening-hours/special/${ramadan.id}/draft-post`);
    expect(waiting.status).toBe(400);
    await put(b.token, `/api/opening-hours/special/${ramadan.id}`, { periods: [RAMADAN] });
    const r = await gql(
      app.base,
      `mutation($id: ID!) { draftSpecialHoursPost(id: $id) { postId } }`,
      { id: ramadan.id },
      b.token,
    );
    expect(r.errors).toBeUndefined();
    const p = await call(app.base, "GET", `/api/posts/${r.data.draftSpecialHoursPost.postId}`, { token: b.token });
    expect(p.body.status).toBe("draft");
    expect(p.body.content).toContain("Ramadan hours at");
    expect(p.body.content).toContain("(Salmiya)");
    expect(p.body.content).toContain("19:30 to 03:00");
    expect(p.body.content).toContain("مواعيد رمضان");
  });
});
