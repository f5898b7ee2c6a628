// Times in the posts screens are Kuwait times whatever the browser's zone: a picker's value is read as
// a wall clock (its year, month, day, hour and minute) in Asia/Kuwait, and an instant is shown in the
// picker by its Kuwait wall clock. The conversion back goes through @sufra/schema's parseInstant, the
// same rule the server applies to a time written without a zone.
import { parseInstant } from "@sufra/schema";
import dayjs, { type Dayjs } from "dayjs";
import { TIME_ZONE } from "../../lib/format.ts";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-03-01T13:30:00": the Kuwait wall clock of an instant. */
function kuwaitWallClock(instant: Date | string): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The wall clock of a picker value, with Latin digits whatever dayjs's locale ("ar" writes Arabic-Indic digits). */
const wallClockOf = (d: Dayjs) =>
  `${pad(d.year(), 4)}-${pad(d.month() + 1)}-${pad(d.date())}T${pad(d.hour())}:${pad(d.minute())}:00`;

/** A picker value showing the instant's Kuwait wall clock. */
export const toPickerValue = (instant: Date | string): Dayjs => dayjs(kuwaitWallClock(instant));

/** The instant a picker value means in Kuwait, as ISO 8601 (UTC). */
export function fromPickerValue(d: Dayjs): string {
  return parseInstant(wallClockOf(d))!.toISOString();
}

/** The first and last instant of a Kuwait day (a picker value's date), for the list's date filter. */
export function kuwaitDayBounds(d: Dayjs, end: boolean): string {
  const day = `${pad(d.year(), 4)}-${pad(d.month() + 1)}-${pad(d.date())}`;
  return parseInstant(day, end)!.toISOString();
}

/** Today in Kuwait, as a picker value at midnight (to disable past days). */
export const kuwaitToday = (now = new Date()) => dayjs(kuwaitWallClock(now).slice(0, 10));
