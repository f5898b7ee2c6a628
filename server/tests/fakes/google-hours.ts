// The Google stand-in's opening hours (Business Information API v1, docs/architecture.md#menus-and-hours):
// locations.get with a readMask and locations.patch with an updateMask, mounted by google-server.ts, which checks the
// token (401 UNAUTHENTICATED), the business.manage scope (403 ACCESS_TOKEN_SCOPE_INSUFFICIENT), the rate limit (429
// RESOURCE_EXHAUSTED) and the forced failures first. Strict where Google's reference is: a readMask or updateMask is
// required (400 INVALID_ARGUMENT) and names Location fields only; a request body with a field Location does not have
// is refused as Google's JSON parser refuses it; regularHours' TimePeriods name a DayOfWeek for openDay and closeDay
// and TimeOfDay times 00:00-24:00 (hours 0-24, minutes 0-59, 24 only as 24:00), closing after they open; a
// SpecialHourPeriod has a startDate, an endDate at most one day after it, times unless closed, and a night ends by
// 11:59 the next morning; specialHours cannot be set without regular hours. Times are answered in proto3 JSON: a zero
// field is left out (00:00 is {}). Inferred, not documented by Google, and so kept narrow: an update of an unverified
// location (no Voice of Merchant) is 400 FAILED_PRECONDITION, as the posts' and menus' are; overlapping periods are
// 400 INVALID_ARGUMENT; a closed special day carrying times is refused (the reference says they are "ignored").
import type http from "node:http";

export type HoursEndpoint = "getLocation" | "patchLocation";
export const HOURS_SERVICES: Record<HoursEndpoint, string> = {
  getLocation: "mybusinessbusinessinformation.googleapis.com",
  patchLocation: "mybusinessbusinessinformation.googleapis.com",
};

interface TimeOfDay {
  hours?: number;
  minutes?: number;
  seconds?: number;
  nanos?: number;
}
interface GDate {
  year?: number;
  month?: number;
  day?: number;
}
interface GoogleTimePeriod {
  openDay: string;
  openTime: TimeOfDay;
  closeDay: string;
  closeTime: TimeOfDay;
}
interface GoogleSpecialHourPeriod {
  startDate: GDate;
  endDate?: GDate;
  openTime?: TimeOfDay;
  closeTime?: TimeOfDay;
  closed?: boolean;
}
export interface HoursFakeState {
  /** location name ("locations/456") -> its hours as Google keeps them */
  hours: Map<
    string,
    { regularHours?: { periods: GoogleTimePeriod[] }; specialHours?: { specialHourPeriods: GoogleSpecialHourPeriod[] } }
  >;
  /** every PATCH accepted, in order */
  updates: { location: string; updateMask: string; body: any }[];
}

const states = new WeakMap<object, HoursFakeState>();
/** The hours' side of a Google stand-in's state (made on first use). */
export function hoursOf(state: object): HoursFakeState {
  let s = states.get(state);
  if (!s) {
    s = { hours: new Map(), updates: [] };
    states.set(state, s);
  }
  return s;
}

/** v1's location paths: GET and PATCH /v1/locations/{id} (the account is not in the path). */
export function hoursRoute(method: string, path: string): [HoursEndpoint, string] | null {
  const m = path.match(/^\/v1\/(locations\/[^/]+)$/);
  if (!m) return null;
  if (method === "GET") return ["getLocation", m[1]!];
  if (method === "PATCH") return ["patchLocation", m[1]!];
  return null;
}
export const isHoursEndpoint = (e: string): e is HoursEndpoint => Object.hasOwn(HOURS_SERVICES, e);

/** What google-server.ts hands the hours' handler. */
export interface HoursCall {
  state: object;
  location: string;
  url: URL;
  raw: string;
  res: http.ServerResponse;
  /** the location, when it exists and the caller manages its account (404 otherwise) */
  managedLocation(): { name: string; title: string; verified: boolean };
  reply(res: http.ServerResponse, status: number, body: unknown): void;
  apiError(code: number, message: string, details?: unknown[], status?: string): Error;
  precondition(): Error;
}

// Location's fields (Schema$Location of mybusinessbusinessinformation v1)
export const LOCATION_FIELDS = [
  "name",
  "languageCode",
  "storeCode",
  "title",
  "phoneNumbers",
  "categories",
  "storefrontAddress",
  "websiteUri",
  "regularHours",
  "specialHours",
  "serviceArea",
  "labels",
  "adWordsLocationExtensions",
  "latlng",
  "openInfo",
  "metadata",
  "profile",
  "relationshipData",
  "moreHours",
  "serviceItems",
];
const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

const badRequest = (field: string, description: string) => ({
  "@type": "type.googleapis.com/google.rpc.BadRequest",
  fieldViolations: [{ field, description }],
});

export async function handleHours(endpoint: HoursEndpoint, c: HoursCall): Promise<void> {
  const s = hoursOf(c.state);
  const loc = c.managedLocation();
  const invalid = (field: string, description: string) =>
    c.apiError(400, "Request contains an invalid argument.", [badRequest(field, description)]);

  const mask = (param: string, snake: string): string[] => {
    const v = c.url.searchParams.get(param) ?? c.url.searchParams.get(snake);
    if (!v) throw invalid(snake, "Field is required");
    const fields = v.split(",").map((f) => f.trim());
    const bad = fields.find((f) => !LOCATION_FIELDS.includes(f.split(".")[0]!));
    if (bad) throw c.apiError(400, `Invalid field mask provided: ${bad}`);
    return fields;
  };

  const held = () => s.hours.get(loc.name) ?? {};
  const view = (fields: string[]) => {
    const h = held();
    const full: Record<string, unknown> = {
      name: loc.name,
      title: loc.title,
      languageCode: "en",
      metadata: { hasVoiceOfMerchant: loc.verified },
      regularHours: h.regularHours ? { periods: h.regularHours.periods.map(protoPeriod) } : undefined,
      specialHours: h.specialHours
        ? { specialHourPeriods: h.specialHours.specialHourPeriods.map(protoSpecial) }
        : undefined,
    };
    return Object.fromEntries(fields.filter((f) => full[f] !== undefined).map((f) => [f, full[f]]));
  };

  if (endpoint === "getLocation") return c.reply(c.res, 200, view(mask("readMask", "read_mask")));

  const fields = mask("updateMask", "update_mask");
  if (fields.includes("name") || fields.includes("metadata"))
    throw invalid("update_mask", "name and metadata are not updatable");
  // an update of a location the person has no Voice of Merchant for is refused (inferred: see the header)
  if (!loc.verified) throw c.precondition();
  let body: any;
  try {
    body = c.raw ? JSON.parse(c.raw) : {};
  } catch {
    throw c.apiError(400, "Invalid JSON payload received.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw c.apiError(400, "Invalid JSON payload received.");
  for (const k of Object.keys(body))
    if (!LOCATION_FIELDS.includes(k))
      throw c.apiError(400, `Invalid JSON payload received. Unknown name "${k}": Cannot find field.`);

  const next = { ...held() };
  if (fields.includes("regularHours")) {
    const periods = checkRegular(body.regularHours, invalid);
    next.regularHours = periods.length ? { periods } : undefined;
  }
  if (fields.includes("specialHours")) {
    const periods = checkSpecial(body.specialHours, invalid);
    // "This field cannot be set without regular hours."
    if (periods.length && !next.regularHours?.periods.length)
      throw invalid("location.special_hours", "Special hours cannot be set without regular hours.");
    next.specialHours = periods.length ? { specialHourPeriods: periods } : undefined;
  }
  s.hours.set(loc.name, next);
  s.updates.push({ location: loc.name, updateMask: fields.join(","), body });
  return c.reply(c.res, 200, view(["name", ...fields]));
}

// ---------------------------------------------------------------- the checks

type Invalid = (field: string, description: string) => Error;

/** Minutes of a TimeOfDay, or null when it is not one Google takes (24 only as 24:00). */
function minutesOf(t: unknown, may24: boolean): number | null {
  if (!t || typeof t !== "object" || Array.isArray(t)) return null;
  const o = t as Record<string, unknown>;
  if (Object.keys(o).some((k) => !["hours", "minutes", "seconds", "nanos"].includes(k))) return null;
  const n = (k: string) => (o[k] === undefined ? 0 : o[k]);
  const [h, m, sec, nanos] = ["hours", "minutes", "seconds", "nanos"].map(n);
  if (![h, m, sec, nanos].every((x) => Number.isInteger(x))) return null;
  const [H, M] = [h as number, m as number];
  if (H < 0 || H > 24 || M < 0 || M > 59 || sec !== 0 || nanos !== 0) return null;
  if (H === 24 && (M !== 0 || !may24)) return null;
  return H * 60 + M;
}

function checkRegular(v: unknown, invalid: Invalid): GoogleTimePeriod[] {
  if (v === undefined || v === null) return [];
  const periods = (v as { periods?: unknown }).periods;
  if (
    typeof v !== "object" ||
    Object.keys(v).some((k) => k !== "periods") ||
    (periods !== undefined && !Array.isArray(periods))
  )
    throw invalid("location.regular_hours", "Invalid BusinessHours.");
  const spans: [number, number][] = [];
  ((periods ?? []) as any[]).forEach((p, i) => {
    const f = `location.regular_hours.periods[${i}]`;
    if (!DAYS.includes(p?.openDay)) throw invalid(`${f}.open_day`, "Invalid day of week.");
    if (!DAYS.includes(p?.closeDay)) throw invalid(`${f}.close_day`, "Invalid day of week.");
    const open = minutesOf(p.openTime ?? {}, false);
    const close = minutesOf(p.closeTime ?? {}, true);
    if (open === null) throw invalid(`${f}.open_time`, "Invalid time of day.");
    if (close === null) throw invalid(`${f}.close_time`, "Invalid time of day.");
    const start = DAYS.indexOf(p.openDay) * 1440 + open;
    let end = DAYS.indexOf(p.closeDay) * 1440 + close;
    if (end <= start) end += 7 * 1440;
    // "The closing time must occur after the opening time, for example later in the same day, or on a subsequent day"
    if (end === start || end - start > 7 * 1440)
      throw invalid(`${f}.close_time`, "Close time must be after open time.");
    spans.push([start, end]);
  });
  for (let i = 0; i < spans.length; i++)
    for (let j = i + 1; j < spans.length; j++)
      for (const shift of [-7 * 1440, 0, 7 * 1440])
        if (spans[i]![0] < spans[j]![1] + shift && spans[j]![0] + shift < spans[i]![1])
          throw invalid(`location.regular_hours.periods[${j}]`, "Time periods overlap.");
  return ((periods ?? []) as GoogleTimePeriod[]).map((p) => ({
    openDay: p.openDay,
    openTime: p.openTime ?? {},
    closeDay: p.closeDay,
    closeTime: p.closeTime ?? {},
  }));
}

const dateMs = (d: GDate) => Date.UTC(d.year!, d.month! - 1, d.day!);
function validDate(d: unknown): d is Required<GDate> {
  if (!d || typeof d !== "object") return false;
  const { year, month, day } = d as GDate;
  if (![year, month, day].every((x) => Number.isInteger(x))) return false;
  const t = new Date(dateMs({ year, month, day }));
  return t.getUTCFullYear() === year && t.getUTCMonth() === month! - 1 && t.getUTCDate() === day;
}

function checkSpecial(v: unknown, invalid: Invalid): GoogleSpecialHourPeriod[] {
  if (v === undefined || v === null) return [];
  const periods = (v as { specialHourPeriods?: unknown }).specialHourPeriods;
  if (
    typeof v !== "object" ||
    Object.keys(v).some((k) => k !== "specialHourPeriods") ||
    (periods !== undefined && !Array.isArray(periods))
  )
    throw invalid("location.special_hours", "Invalid SpecialHours.");
  const spans: { closed: boolean; start: number; end: number; day: number; i: number }[] = [];
  ((periods ?? []) as any[]).forEach((p, i) => {
    const f = `location.special_hours.special_hour_periods[${i}]`;
    if (!p || typeof p !== "object") throw invalid(f, "Invalid SpecialHourPeriod.");
    const extra = Object.keys(p).find((k) => !["startDate", "endDate", "openTime", "closeTime", "closed"].includes(k));
    if (extra) throw invalid(`${f}.${extra}`, `Unknown field ${extra}.`);
    if (!validDate(p.startDate)) throw invalid(`${f}.start_date`, "Start date is required and must be a valid date.");
    const day = dateMs(p.startDate) / 86_400_000;
    if (p.closed === true) {
      // Google's reference: end_date, open_time and close_time are ignored for a closed day; the stand-in refuses them
      if (p.openTime !== undefined || p.closeTime !== undefined)
        throw invalid(f, "A closed special hour period must not have open or close times.");
      spans.push({ closed: true, start: day * 1440, end: day * 1440 + 1440, day, i });
      return;
    }
    if (p.openTime === undefined || p.closeTime === undefined)
      throw invalid(f, "Open time and close time must be specified if closed is false.");
    const open = minutesOf(p.openTime, false);
    const close = minutesOf(p.closeTime, true);
    if (open === null) throw invalid(`${f}.open_time`, "Invalid time of day.");
    if (close === null) throw invalid(`${f}.close_time`, "Invalid time of day.");
    let endDay = day;
    if (p.endDate !== undefined) {
      if (!validDate(p.endDate)) throw invalid(`${f}.end_date`, "Invalid end date.");
      endDay = dateMs(p.endDate) / 86_400_000;
      // "If set, this field must be equal to or at most 1 day after start_date"
      if (endDay < day || endDay > day + 1)
        throw invalid(`${f}.end_date`, "End date must be start date or the day after.");
    }
    const start = day * 1440 + open;
    const end = endDay * 1440 + close;
    // less than 24 hours, closing after opening, and a night ends by 11:59 the next morning
    if (end <= start || end - start >= 1440 || (endDay > day && close > 11 * 60 + 59))
      throw invalid(
        f,
        "Invalid special hour period: it must close after it opens, within 24 hours, by 11:59 the next day.",
      );
    spans.push({ closed: false, start, end, day, i });
  });
  for (let a = 0; a < spans.length; a++)
    for (let b = a + 1; b < spans.length; b++) {
      const x = spans[a]!;
      const y = spans[b]!;
      // a closed day and hours on the same day contradict each other; open periods must not overlap
      const clash = x.closed || y.closed ? x.day === y.day : x.start < y.end && y.start < x.end;
      if (clash) throw invalid(`location.special_hours.special_hour_periods[${y.i}]`, "Special hour periods overlap.");
    }
  return (periods ?? []) as GoogleSpecialHourPeriod[];
}

// ---------------------------------------------------------------- proto3 JSON: zero values are left out

function protoTime(t: TimeOfDay | undefined): TimeOfDay {
  const out: TimeOfDay = {};
  if (t?.hours) out.hours = t.hours;
  if (t?.minutes) out.minutes = t.minutes;
  return out;
}
const protoPeriod = (p: GoogleTimePeriod) => ({
  openDay: p.openDay,
  openTime: protoTime(p.openTime),
  closeDay: p.closeDay,
  closeTime: protoTime(p.closeTime),
});
const protoSpecial = (p: GoogleSpecialHourPeriod) => ({
  startDate: p.startDate,
  ...(p.endDate ? { endDate: p.endDate } : {}),
  ...(p.closed ? { closed: true } : { openTime: protoTime(p.openTime), closeTime: protoTime(p.closeTime) }),
});
