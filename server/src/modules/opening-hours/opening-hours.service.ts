// Opening hours (docs/architecture.md#menus-and-hours, docs/product.md#one-menu-and-one-link): the café's regular week
// held once, a branch's own week when it differs, special spans proposed from the Kuwait calendar for the café and each
// picked branch, confirmed by its managers, and sent to each Google location on a person's confirmation after they saw
// Google's hours beside Sufra's.
//
// Who may do what: the people of the business read and prepare (the week, a branch's week, spans, proposals, a draft
// post); the café's managers (its owners and account holder, or an agency the owner lets publish) confirm spans and
// send to Google, as they are what guests read on Maps. Nothing reaches Google without sendToGoogle.
//
// Proposals carry no times: Ramadan's and the Eids' hours differ from café to café (a night after iftar, a morning
// closure, a late Eid opening), and the café's free-text ramadanHours cannot be read reliably, so a proposal says only
// what the calendar knows (the occasion and its days) and waits for the café's times or "closed"; it cannot be
// confirmed before. A proposal the café removes is kept as dismissed, so proposing the year again does not bring it
// back. A confirmed span that is edited goes back to proposed: a manager confirms what goes to Google.
import {
  addDays,
  CONTENT_OCCASION_KEYS,
  confirmSpecialHoursSchema,
  isoDay,
  kuwaitDate,
  kuwaitHolidays,
  locationHoursSchema,
  proposeSpecialHoursSchema,
  ramadanOf,
  specialHoursCaption,
  specialHoursReady,
  specialHoursSchema,
  specialHoursUpdateSchema,
  weeklyHoursSchema,
  weeklyHoursUpdateSchema,
  WEEK_DAYS,
  type ContentOccasionKey,
  type HoursPeriod,
  type SpecialOccasion,
  type WeeklyPeriod,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { Prisma, type GoogleLocation, type SpecialHours } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import {
  canonicalClose,
  fromSpecialHourPeriods,
  fromTimePeriods,
  toSpecialHourPeriods,
  toTimePeriods,
  type GoogleHoursClient,
  type SpecialDay,
} from "../../networks/google/hours.ts";
import { PlatformError, type AccountAccess } from "../../networks/types.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { PostsService } from "../posts/index.ts";
import { accessOf, requirePersonOfBusiness } from "../team/index.ts";

export interface OpeningHoursOptions {
  platformAccounts: Pick<PlatformAccountsService, "access" | "markReconnectNeeded">;
  posts: Pick<PostsService, "create">;
  google: GoogleHoursClient;
  /** the admins' corrections of moon-sighted dates (the calendar module's face) */
  overrides(db: Db): Promise<Parameters<typeof kuwaitHolidays>[1]>;
  now?: () => Date;
}

/** A special span as the doors show it. */
export interface SpecialSpanView {
  id: string;
  locationId: string | null;
  occasion: string;
  startDate: string;
  endDate: string;
  closed: boolean;
  periods: HoursPeriod[];
  status: string;
  /** not closed and without times: a proposal waiting for the café's hours */
  needsTimes: boolean;
  confirmedById: string | null;
  confirmedAt: Date | null;
  sentAt: Date | null;
  sendError: string | null;
}
export interface HoursLocationView {
  id: string;
  title: string;
  address: string;
  verified: boolean;
  demo: boolean;
  /** the branch's own week; null: the café's */
  regularHours: WeeklyPeriod[] | null;
  hoursSentAt: Date | null;
  sendError: string | null;
}
export interface OpeningHoursView {
  weekly: WeeklyPeriod[];
  locations: HoursLocationView[];
  special: SpecialSpanView[];
}
/** One row of Google's hours beside Sufra's: a week day, or a date of special hours. */
export interface HoursDiffRow {
  /** a week day (GOOGLE's name) or a date (YYYY-MM-DD) */
  key: string;
  kind: "week" | "date";
  google: { closed: boolean; periods: HoursPeriod[] } | null;
  sufra: { closed: boolean; periods: HoursPeriod[] } | null;
  same: boolean;
}
export interface HoursDiff {
  locationId: string;
  /** a demo location: Google is not asked, its side is what Sufra last sent */
  simulated: boolean;
  same: boolean;
  rows: HoursDiffRow[];
  sufraWeekEmpty: boolean;
}

const OCCASION_OF_CALENDAR: Partial<Record<string, SpecialOccasion>> = {
  eid_al_fitr: "eid_al_fitr",
  eid_al_adha: "eid_al_adha",
  national_day: "national_day",
  liberation_day: "liberation_day",
};
/** A span's occasion as the posts' occasions name it (the draft post is filed under it). */
const POST_OCCASION: Partial<Record<string, string>> = {
  ramadan: "ramadan_iftar",
  eid_al_fitr: "eid_al_fitr",
  eid_al_adha: "eid_al_adha",
  national_day: "national_day",
  liberation_day: "liberation_day",
};

const periodsOf = (v: unknown): HoursPeriod[] =>
  Array.isArray(v) ? (v as HoursPeriod[]).map((p) => ({ open: String(p.open), close: String(p.close) })) : [];
const weekOf = (v: unknown): WeeklyPeriod[] =>
  Array.isArray(v)
    ? (v as WeeklyPeriod[]).map((p) => ({ day: p.day, open: String(p.open), close: String(p.close) }))
    : [];
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function spanView(s: SpecialHours): SpecialSpanView {
  const periods = periodsOf(s.periods);
  return {
    id: s.id,
    locationId: s.locationId,
    occasion: s.occasion,
    startDate: isoDay(s.startDate),
    endDate: isoDay(s.endDate),
    closed: s.closed,
    periods,
    status: s.status,
    needsTimes: !specialHoursReady({ closed: s.closed, periods }),
    confirmedById: s.confirmedById,
    confirmedAt: s.confirmedAt,
    sentAt: s.sentAt,
    sendError: s.sendError,
  };
}
const locationView = (l: GoogleLocation): HoursLocationView => ({
  id: l.id,
  title: l.title,
  address: l.address,
  verified: l.verified,
  demo: l.demo,
  regularHours: l.regularHours === null ? null : weekOf(l.regularHours),
  hoursSentAt: l.hoursSentAt,
  sendError: l.sendError,
});

/** Periods in one order with midnight written one way, so Google's and Sufra's compare equal when they mean the same. */
const comparable = (ps: readonly HoursPeriod[]) =>
  ps
    .map(canonicalClose)
    .map((p) => `${p.open}-${p.close}`)
    .sort()
    .join(",");

export function createOpeningHoursService(deps: Deps, o: OpeningHoursOptions) {
  const { db } = deps;
  const now = o.now ?? (() => new Date());

  /** The café's managers (owners, its account holder, an agency the owner lets publish), from their own session. */
  async function manager(viewer: Viewer | null) {
    const v = requirePersonOfBusiness(viewer);
    const access = await accessOf(db, v, "publish");
    if (!access.canManage && !v.agency) throw new AppError("FORBIDDEN");
    return v;
  }
  const reader = (viewer: Viewer | null) => requireScope(viewer, "business");

  async function locationOf(businessId: string, id: unknown): Promise<GoogleLocation> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const l = await db.googleLocation.findFirst({ where: { id, businessId } });
    if (!l) throw new AppError("NOT_FOUND");
    return l;
  }
  async function spanOf(client: Db | Tx, businessId: string, id: unknown): Promise<SpecialHours> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const s = await client.specialHours.findFirst({ where: { id, businessId, status: { not: "dismissed" } } });
    if (!s) throw new AppError("NOT_FOUND");
    return s;
  }
  const lockBusiness = (tx: Tx, businessId: string) =>
    tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;

  async function view(businessId: string): Promise<OpeningHoursView> {
    const [business, locations, spans] = await Promise.all([
      db.business.findUniqueOrThrow({ where: { id: businessId }, select: { weeklyHours: true } }),
      db.googleLocation.findMany({
        where: { businessId, picked: true, goneAt: null },
        orderBy: [{ title: "asc" }, { name: "asc" }],
      }),
      db.specialHours.findMany({
        where: { businessId, status: { not: "dismissed" } },
        orderBy: [{ startDate: "asc" }, { createdAt: "asc" }],
      }),
    ]);
    return {
      weekly: weekOf(business.weeklyHours),
      locations: locations.map(locationView),
      special: spans.map(spanView),
    };
  }

  /** A confirmed span must not share a day with another confirmed span of the same branch (or both café-wide). */
  async function assertNoOverlap(tx: Tx, s: SpecialHours) {
    const other = await tx.specialHours.findFirst({
      where: {
        businessId: s.businessId,
        locationId: s.locationId,
        status: "confirmed",
        id: { not: s.id },
        startDate: { lte: s.endDate },
        endDate: { gte: s.startDate },
      },
    });
    if (other) throw new AppError("VALIDATION_ERROR", { startDate: ["specialHoursSpansOverlap"] });
  }

  /** What Sufra sends a branch: its week (or the café's), and its confirmed special days from today on. */
  async function sufraHoursOf(location: GoogleLocation) {
    const business = await db.business.findUniqueOrThrow({ where: { id: location.businessId } });
    const week = location.regularHours === null ? weekOf(business.weeklyHours) : weekOf(location.regularHours);
    const today = kuwaitDate(now());
    const spans = await db.specialHours.findMany({
      where: {
        businessId: location.businessId,
        status: "confirmed",
        endDate: { gte: day(today) },
        OR: [{ locationId: location.id }, { locationId: null }],
      },
      orderBy: [{ startDate: "asc" }, { createdAt: "asc" }],
    });
    // the branch's own span wins over the café's on a day both cover
    const byDate = new Map<string, SpecialDay & { spanId: string; own: boolean }>();
    for (const s of spans) {
      const v = spanView(s);
      for (let d = v.startDate; d <= v.endDate; d = addDays(d, 1)) {
        if (d < today) continue;
        const own = s.locationId !== null;
        const had = byDate.get(d);
        if (had && (had.own || !own)) continue;
        byDate.set(d, { date: d, closed: v.closed, periods: v.closed ? [] : v.periods, spanId: s.id, own });
      }
    }
    const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
    return { week, days, spans, business };
  }

  /**
   * Google's answer as the person is told it: a token Google no longer takes (after one refresh) or a missing
   * permission asks for a reconnect, a rate limit for a minute's wait, an unverified location or refused hours say so.
   */
  async function googleCall<T>(location: GoogleLocation, fn: (a: AccountAccess) => Promise<T>): Promise<T> {
    const attempt = async (force: boolean) => {
      const got = await o.platformAccounts.access(location.accountId, { force });
      if (got.account.platform !== "google" || got.account.status !== "connected")
        throw new AppError("GOOGLE_RECONNECT_NEEDED");
      return { got, result: await fn(got.access) };
    };
    try {
      try {
        return (await attempt(false)).result;
      } catch (e) {
        // an access token Google stopped taking before its time: refreshed once, then the call again (nothing was changed)
        if (e instanceof PlatformError && e.kind === "auth" && e.opts.status === 401)
          return (await attempt(true)).result;
        throw e;
      }
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      const code = String(e.opts.platformCode ?? "");
      if (e.kind === "auth") {
        const account = await db.platformAccount.findUnique({ where: { id: location.accountId } });
        if (account) await o.platformAccounts.markReconnectNeeded(account, e.platformMessage);
        throw new AppError(
          code === "ACCESS_TOKEN_SCOPE_INSUFFICIENT" ? "GOOGLE_HOURS_SCOPE_MISSING" : "GOOGLE_RECONNECT_NEEDED",
        );
      }
      if (e.kind === "rate_limit") throw new AppError("GOOGLE_BUSY");
      if (e.kind === "rejected" && (code === "FAILED_PRECONDITION" || code.startsWith("FAILED_PRECONDITION")))
        throw new GoogleRefusal("GOOGLE_HOURS_NOT_VERIFIED", e.platformMessage);
      if (e.kind === "rejected" && e.opts.status === 404) throw new AppError("NOT_FOUND");
      if (e.kind === "rejected") throw new GoogleRefusal("GOOGLE_HOURS_REFUSED", e.platformMessage);
      deps.logger.warn("google hours call failed", { locationId: location.id, error: e.message });
      throw new AppError("NETWORK_UNAVAILABLE");
    }
  }

  async function saveSpan(
    viewer: Viewer | null,
    existing: SpecialHours | null,
    input: unknown,
    meta: RequestMeta,
  ): Promise<SpecialSpanView> {
    const v = requirePersonOfBusiness(viewer);
    const businessId = v.businessId;
    const merged = existing
      ? {
          occasion: existing.occasion,
          startDate: isoDay(existing.startDate),
          endDate: isoDay(existing.endDate),
          closed: existing.closed,
          periods: periodsOf(existing.periods),
          locationId: existing.locationId,
          ...validate(specialHoursUpdateSchema, input),
        }
      : input;
    const data = validate(specialHoursSchema, merged);
    if (!existing && data.locationId) await locationOf(businessId, data.locationId);
    // a confirmed span changed by someone who may not confirm goes back to its managers; a manager keeps it confirmed
    const keepConfirmed = existing?.status === "confirmed" && (await mayManage(v));
    const row = await db.$transaction(async (tx) => {
      const fields = {
        startDate: day(data.startDate),
        endDate: day(data.endDate),
        closed: data.closed,
        periods: data.closed ? [] : data.periods,
        sendError: null,
      };
      const saved = existing
        ? await tx.specialHours.update({
            where: { id: existing.id },
            data: {
              ...fields,
              ...(keepConfirmed ? {} : { status: "proposed", confirmedById: null, confirmedAt: null }),
            },
          })
        : await tx.specialHours.create({
            data: { ...fields, businessId, occasion: data.occasion, locationId: data.locationId ?? null },
          });
      if (keepConfirmed) {
        if (!specialHoursReady({ closed: saved.closed, periods: periodsOf(saved.periods) }))
          throw new AppError("VALIDATION_ERROR", { periods: ["specialHoursNeedTimes"] });
        await assertNoOverlap(tx, saved);
      }
      await audit(tx, {
        actorId: v.userId,
        action: "opening_hours.updated",
        entityType: "business",
        entityId: businessId,
        data: { specialHoursId: saved.id, occasion: saved.occasion, locationId: saved.locationId },
        ip: meta.ip,
      });
      return saved;
    });
    return spanView(row);
  }

  async function mayManage(v: Viewer): Promise<boolean> {
    try {
      await manager(v);
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** The week, the picked branches with their own weeks and sends, and the special spans (not dismissed). */
    async hours(viewer: Viewer | null): Promise<OpeningHoursView> {
      return view(reader(viewer).businessId!);
    },

    async updateWeekly(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<OpeningHoursView> {
      const v = requirePersonOfBusiness(viewer);
      const { periods } = validate(weeklyHoursUpdateSchema, input);
      await db.$transaction(async (tx) => {
        await tx.business.update({ where: { id: v.businessId }, data: { weeklyHours: periods } });
        await audit(tx, {
          actorId: v.userId,
          action: "opening_hours.updated",
          entityType: "business",
          entityId: v.businessId,
          data: { weekly: periods.length },
          ip: meta.ip,
        });
      });
      return view(v.businessId);
    },

    /** A branch's own week, or null: the café's week. */
    async updateLocationHours(
      viewer: Viewer | null,
      locationId: unknown,
      input: unknown,
      meta: RequestMeta,
    ): Promise<HoursLocationView> {
      const v = requirePersonOfBusiness(viewer);
      const location = await locationOf(v.businessId, locationId);
      const { regularHours } = validate(locationHoursSchema, input);
      const saved = await db.$transaction(async (tx) => {
        const row = await tx.googleLocation.update({
          where: { id: location.id },
          data: { regularHours: regularHours === null ? Prisma.DbNull : regularHours },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "opening_hours.updated",
          entityType: "business",
          entityId: v.businessId,
          data: { locationId: location.id, own: regularHours !== null },
          ip: meta.ip,
        });
        return row;
      });
      return locationView(saved);
    },

    /**
     * The calendar's spans of a Gregorian year (Ramadan starting in it, both Eids, National and Liberation Day), for
     * the café and each picked branch, proposed once each (occasion, branch, first day): a second call, or a call
     * after the café dismissed one, proposes nothing again. Spans already over are not proposed.
     */
    async propose(viewer: Viewer | null, input: unknown): Promise<SpecialSpanView[]> {
      const v = requirePersonOfBusiness(viewer);
      const { year } = validate(proposeSpecialHoursSchema, input);
      const overrides = await o.overrides(db);
      const spans: { occasion: SpecialOccasion; startDate: string; endDate: string }[] = [];
      const ramadan = ramadanOf(year, overrides);
      if (ramadan) spans.push({ occasion: "ramadan", startDate: ramadan.from, endDate: ramadan.to });
      const holidays = kuwaitHolidays(year, overrides);
      const occurrences = new Map<string, { occasion: SpecialOccasion; dates: string[] }>();
      for (const h of holidays) {
        const occasion = OCCASION_OF_CALENDAR[h.occasionKey];
        if (!occasion) continue;
        const k = `${h.occasionKey}:${h.year}:${h.occurrence}`;
        const got = occurrences.get(k) ?? { occasion, dates: [] };
        got.dates.push(h.date);
        occurrences.set(k, got);
      }
      for (const { occasion, dates } of occurrences.values()) {
        dates.sort();
        spans.push({ occasion, startDate: dates[0]!, endDate: dates[dates.length - 1]! });
      }
      const today = kuwaitDate(now());
      const ahead = spans.filter((s) => s.endDate >= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
      const made = await db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const branches = await tx.googleLocation.findMany({
          where: { businessId: v.businessId, picked: true, goneAt: null },
          select: { id: true },
        });
        const targets: (string | null)[] = [null, ...branches.map((b) => b.id)];
        const out: SpecialHours[] = [];
        for (const s of ahead)
          for (const locationId of targets) {
            const had = await tx.specialHours.findFirst({
              where: { businessId: v.businessId, occasion: s.occasion, locationId, startDate: day(s.startDate) },
              select: { id: true },
            });
            if (had) continue;
            out.push(
              await tx.specialHours.create({
                data: {
                  businessId: v.businessId,
                  locationId,
                  occasion: s.occasion,
                  startDate: day(s.startDate),
                  endDate: day(s.endDate),
                  closed: false,
                  periods: [],
                  status: "proposed",
                },
              }),
            );
          }
        return out;
      });
      return made.map(spanView);
    },

    /** A span the café adds itself (a closure, a private event), café-wide or for a branch; proposed until confirmed. */
    createSpecial: (viewer: Viewer | null, input: unknown, meta: RequestMeta) => saveSpan(viewer, null, input, meta),

    async updateSpecial(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
      const v = requirePersonOfBusiness(viewer);
      return saveSpan(viewer, await spanOf(db, v.businessId, id), input, meta);
    },

    /** Confirms spans at once (several branches' Ramadan): all of them, or none when one cannot be. */
    async confirmSpecial(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<SpecialSpanView[]> {
      const v = await manager(viewer);
      const { ids } = validate(confirmSpecialHoursSchema, input);
      const unique = [...new Set(ids.map((x) => x.toLowerCase()))];
      const rows = await db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const out: SpecialHours[] = [];
        for (const id of unique) {
          const s = await spanOf(tx, v.businessId, id);
          if (!specialHoursReady({ closed: s.closed, periods: periodsOf(s.periods) }))
            throw new AppError("VALIDATION_ERROR", { periods: ["specialHoursNeedTimes"] });
          // stored before a rule changed, or by hand: checked again as the door checks it
          validate(specialHoursSchema, { ...spanView(s), locationId: s.locationId });
          const saved =
            s.status === "confirmed"
              ? s
              : await tx.specialHours.update({
                  where: { id: s.id },
                  data: { status: "confirmed", confirmedById: v.userId, confirmedAt: now() },
                });
          await assertNoOverlap(tx, saved);
          out.push(saved);
        }
        await audit(tx, {
          actorId: v.userId,
          action: "special_hours.confirmed",
          entityType: "business",
          entityId: v.businessId,
          data: { ids: unique },
          ip: meta.ip,
        });
        return out;
      });
      return rows.map(spanView);
    },

    /** Removes a span: a calendar proposal is kept as dismissed (not proposed again); a confirmed one needs a manager. */
    async deleteSpecial(viewer: Viewer | null, id: unknown): Promise<{ id: string; deleted: true }> {
      const v = requirePersonOfBusiness(viewer);
      const s = await spanOf(db, v.businessId, id);
      if (s.status === "confirmed") await manager(viewer);
      if (s.occasion === "other") await db.specialHours.delete({ where: { id: s.id } });
      else await db.specialHours.update({ where: { id: s.id }, data: { status: "dismissed" } });
      return { id: s.id, deleted: true };
    },

    /** Google's hours of a branch beside Sufra's, week day by week day and date by date (special days from today). */
    async googleDiff(viewer: Viewer | null, locationId: unknown): Promise<HoursDiff> {
      const v = requirePersonOfBusiness(viewer);
      const location = await locationOf(v.businessId, locationId);
      const sufra = await sufraHoursOf(location);
      const google = location.demo
        ? { week: location.hoursSentAt ? sufra.week : [], days: location.hoursSentAt ? sufra.days : [] }
        : await googleCall(location, async (a) => {
            const g = await o.google.read(a, location.name);
            return {
              week: fromTimePeriods(g.regularHours?.periods),
              days: fromSpecialHourPeriods(g.specialHours?.specialHourPeriods),
            };
          }).catch((e: unknown) => {
            throw e instanceof GoogleRefusal ? new AppError(e.code) : e;
          });
      const today = kuwaitDate(now());
      const rows: HoursDiffRow[] = [];
      const cell = (periods: HoursPeriod[], closed: boolean) => ({
        closed,
        periods: [...periods].sort((a, b) => a.open.localeCompare(b.open)),
      });
      for (const d of WEEK_DAYS) {
        const g = google.week.filter((p) => p.day === d);
        const s = sufra.week.filter((p) => p.day === d);
        const gp = g.map(({ open, close }) => ({ open, close }));
        const sp = s.map(({ open, close }) => ({ open, close }));
        rows.push({
          key: d,
          kind: "week",
          google: cell(gp, gp.length === 0),
          sufra: cell(sp, sp.length === 0),
          same: comparable(gp) === comparable(sp),
        });
      }
      const dates = [...new Set([...google.days.map((x) => x.date), ...sufra.days.map((x) => x.date)])]
        .filter((d) => d >= today)
        .sort();
      for (const d of dates) {
        const g = google.days.find((x) => x.date === d) ?? null;
        const s = sufra.days.find((x) => x.date === d) ?? null;
        const same =
          !!g &&
          !!s &&
          g.closed === s.closed &&
          comparable(g.closed ? [] : g.periods) === comparable(s.closed ? [] : s.periods);
        rows.push({
          key: d,
          kind: "date",
          google: g ? cell(g.closed ? [] : g.periods, g.closed) : null,
          sufra: s ? cell(s.closed ? [] : s.periods, s.closed) : null,
          same,
        });
      }
      return {
        locationId: location.id,
        simulated: location.demo,
        same: rows.every((r) => r.same),
        rows,
        sufraWeekEmpty: sufra.week.length === 0,
      };
    },

    /**
     * Sends a branch's hours to Google on a manager's confirmation: its week (or the café's) and its confirmed special
     * days from today, replacing what Google holds in both fields. The send and its refusal are recorded on the
     * branch and the spans sent.
     */
    async sendToGoogle(viewer: Viewer | null, locationId: unknown, meta: RequestMeta): Promise<HoursLocationView> {
      const v = await manager(viewer);
      const location = await locationOf(v.businessId, locationId);
      const sufra = await sufraHoursOf(location);
      const fail = async (
        code: "GOOGLE_HOURS_NOT_VERIFIED" | "GOOGLE_HOURS_REFUSED",
        why: string,
        spanIds: string[],
      ) => {
        await db.$transaction([
          db.googleLocation.update({ where: { id: location.id }, data: { sendError: why } }),
          db.specialHours.updateMany({ where: { id: { in: spanIds } }, data: { sendError: why } }),
        ]);
        throw new AppError(code);
      };
      if (!location.verified) await fail("GOOGLE_HOURS_NOT_VERIFIED", "This location is not verified on Google", []);
      if (sufra.week.length === 0) throw new AppError("GOOGLE_HOURS_WEEK_EMPTY");
      // what was stored before a rule changed is checked again, as the doors check it
      validate(weeklyHoursSchema, sufra.week);
      const spanIds = [...new Set(sufra.days.map((d) => d.spanId))];
      for (const s of sufra.spans.filter((x) => spanIds.includes(x.id)))
        validate(specialHoursSchema, { ...spanView(s), locationId: s.locationId });
      const body = {
        regularHours: { periods: toTimePeriods(sufra.week) },
        specialHours: sufra.days.length ? { specialHourPeriods: toSpecialHourPeriods(sufra.days) } : null,
      };
      if (!location.demo) {
        try {
          await googleCall(location, (a) => o.google.write(a, location.name, body));
        } catch (e) {
          if (e instanceof GoogleRefusal) await fail(e.code, e.why, spanIds);
          throw e;
        }
      }
      const at = now();
      const saved = await db.$transaction(async (tx) => {
        const row = await tx.googleLocation.update({
          where: { id: location.id },
          data: { hoursSentAt: at, sendError: null },
        });
        await tx.specialHours.updateMany({ where: { id: { in: spanIds } }, data: { sentAt: at, sendError: null } });
        await audit(tx, {
          actorId: v.userId,
          action: "opening_hours.sent",
          entityType: "business",
          entityId: v.businessId,
          data: { locationId: location.id, week: sufra.week.length, specialDays: sufra.days.length },
          ip: meta.ip,
        });
        return row;
      });
      return locationView(saved);
    },

    /**
     * A draft post announcing a span, built only from its hours and the café's names (specialHoursCaption), in the
     * café's order of languages; the person picks its networks and photo in the composer.
     */
    async draftPost(viewer: Viewer | null, id: unknown, meta: RequestMeta): Promise<{ postId: string }> {
      const v = requirePersonOfBusiness(viewer);
      const s = await spanOf(db, v.businessId, id);
      const span = spanView(s);
      if (span.needsTimes) throw new AppError("VALIDATION_ERROR", { periods: ["specialHoursNeedTimes"] });
      const business = await db.business.findUniqueOrThrow({ where: { id: v.businessId } });
      const branch = s.locationId ? (await locationOf(v.businessId, s.locationId)).title : null;
      const order = (business.voice as { languageOrder?: "ar_first" | "en_first" } | null)?.languageOrder;
      const content = specialHoursCaption(span, { name: business.companyName, nameAr: business.nameAr, branch, order });
      const occasion = POST_OCCASION[s.occasion];
      const post = await o.posts.create(
        viewer,
        {
          content,
          platforms: [],
          ...(occasion && (CONTENT_OCCASION_KEYS as string[]).includes(occasion)
            ? { occasion: occasion as ContentOccasionKey }
            : {}),
        },
        meta,
      );
      return { postId: post.id };
    },
  };
}

/** Google refused what was sent (recorded on the branch and its spans before the person is told). */
class GoogleRefusal extends Error {
  constructor(
    readonly code: "GOOGLE_HOURS_NOT_VERIFIED" | "GOOGLE_HOURS_REFUSED",
    readonly why: string,
  ) {
    super(code);
  }
}
