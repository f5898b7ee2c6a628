// The OpenAPI entries of /api/opening-hours (docs/architecture.md#menus-and-hours): the café's week, its branches'
// weeks, special hours from the Kuwait calendar, and Google's hours beside Sufra's, sent on confirmation.
import { z } from "zod";
import {
  confirmSpecialHoursSchema,
  locationHoursSchema,
  proposeSpecialHoursSchema,
  specialHoursSchema,
  specialHoursUpdateSchema,
  weeklyHoursUpdateSchema,
} from "@sufra/schema";
import { deleted, isoDate, isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const tag = "Opening hours";
const period = z.object({ open: z.string(), close: z.string() });
const weekly = z.array(z.object({ day: z.string(), open: z.string(), close: z.string() }));
const span = z.object({
  id: z.string(),
  location_id: z.string().nullable(),
  occasion: z.string(),
  start_date: isoDate,
  end_date: isoDate,
  closed: z.boolean(),
  periods: z.array(period),
  status: z.string(),
  needs_times: z.boolean(),
  confirmed_at: isoDateTime.nullable(),
  sent_at: isoDateTime.nullable(),
  send_error: z.string().nullable(),
});
const location = z.object({
  id: z.string(),
  title: z.string(),
  address: z.string(),
  verified: z.boolean(),
  demo: z.boolean(),
  regular_hours: weekly.nullable(),
  hours_sent_at: isoDateTime.nullable(),
  send_error: z.string().nullable(),
});
const hours = z.object({ weekly, locations: z.array(location), special: z.array(span) });
const cell = z.object({ closed: z.boolean(), periods: z.array(period) }).nullable();
const diff = z.object({
  location_id: z.string(),
  simulated: z.boolean(),
  same: z.boolean(),
  sufra_week_empty: z.boolean(),
  rows: z.array(
    z.object({ key: z.string(), kind: z.enum(["week", "date"]), google: cell, sufra: cell, same: z.boolean() }),
  ),
});

export const openingHoursOperations: RestOperation[] = [
  {
    method: "get",
    path: "/opening-hours",
    tag,
    access: "business",
    summary: "The café's week, its picked branches' hours and its special hours",
    responses: { 200: { description: "The hours.", schema: hours } },
  },
  {
    method: "put",
    path: "/opening-hours/weekly",
    tag,
    access: "business",
    summary: "Replace the café's regular week",
    description: "Periods HH:MM to HH:MM per Google day name; a close before the open ends the next day; no overlaps.",
    body: weeklyHoursUpdateSchema,
    responses: { 200: { description: "The hours.", schema: hours } },
  },
  {
    method: "put",
    path: "/opening-hours/locations/{id}",
    tag,
    access: "business",
    summary: "Set a branch's own week, or null to follow the café's",
    body: locationHoursSchema,
    responses: { 200: { description: "The branch.", schema: location } },
  },
  {
    method: "get",
    path: "/opening-hours/locations/{id}/google",
    tag,
    access: "business",
    summary: "A branch's hours on Google beside Sufra's, day by day",
    description: "Read from Google now (Business Information locations.get); nothing is changed.",
    responses: { 200: { description: "Both sides, week days then dates.", schema: diff } },
  },
  {
    method: "post",
    path: "/opening-hours/locations/{id}/send",
    tag,
    access: "manager",
    summary: "Send a branch's week and confirmed special hours to Google",
    description:
      "Replaces Google's regularHours and specialHours (locations.patch). 409 GOOGLE_HOURS_NOT_VERIFIED, GOOGLE_HOURS_REFUSED, GOOGLE_HOURS_WEEK_EMPTY, GOOGLE_HOURS_SCOPE_MISSING, GOOGLE_RECONNECT_NEEDED; 503 GOOGLE_BUSY.",
    responses: { 200: { description: "The branch, with when Google took its hours.", schema: location } },
  },
  {
    method: "post",
    path: "/opening-hours/special/propose",
    tag,
    access: "business",
    summary: "Propose a year's Ramadan, Eids, National and Liberation Day from the Kuwait calendar",
    description:
      "For the café and each picked branch, once each; the proposals carry no times until the café adds them.",
    body: proposeSpecialHoursSchema,
    responses: { 201: { description: "The spans proposed now.", schema: z.array(span) } },
  },
  {
    method: "post",
    path: "/opening-hours/special/confirm",
    tag,
    access: "manager",
    summary: "Confirm special hours, several at once (all or none)",
    body: confirmSpecialHoursSchema,
    responses: { 200: { description: "The spans confirmed.", schema: z.array(span) } },
  },
  {
    method: "post",
    path: "/opening-hours/special",
    tag,
    access: "business",
    summary: "Add special hours (proposed until a manager confirms them)",
    body: specialHoursSchema,
    responses: { 201: { description: "The span.", schema: span } },
  },
  {
    method: "put",
    path: "/opening-hours/special/{id}",
    tag,
    access: "business",
    summary: "Change special hours (only the fields sent change)",
    body: specialHoursUpdateSchema,
    responses: { 200: { description: "The span.", schema: span } },
  },
  {
    method: "delete",
    path: "/opening-hours/special/{id}",
    tag,
    access: "business",
    summary: "Remove special hours (a calendar proposal is not proposed again; a confirmed span: managers)",
    responses: { 200: { description: "Removed.", schema: deleted } },
  },
  {
    method: "post",
    path: "/opening-hours/special/{id}/draft-post",
    tag,
    access: "business",
    summary: "Make a draft post announcing special hours, in the café's languages",
    responses: { 201: { description: "The draft post.", schema: z.object({ post_id: z.string() }) } },
  },
];
