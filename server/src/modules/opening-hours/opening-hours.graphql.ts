// Opening hours at the GraphQL door (docs/architecture.md#menus-and-hours): thin, every field calls the opening-hours
// service, which checks who may act. Reads: the business's people and its API key; changes: its people; confirming
// special hours and sending to Google: its managers.
import { SPECIAL_OCCASIONS, WEEK_DAYS, type HoursPeriod as HoursPeriodShape, type WeeklyPeriod } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type {
  HoursDiff,
  HoursDiffRow,
  HoursLocationView,
  OpeningHoursView,
  SpecialSpanView,
} from "./opening-hours.service.ts";

const ofBusiness = { authScopes: { business: true } } as const;

const WeekDayEnum = builder.enumType("HoursWeekDay", {
  description: "A day of the week, as Google names it (the Kuwait week starts on Sunday).",
  values: upper(WEEK_DAYS, {
    SUNDAY: "The week's Sunday, as Google names it.",
    MONDAY: "The week's Monday, as Google names it.",
    TUESDAY: "The week's Tuesday, as Google names it.",
    WEDNESDAY: "The week's Wednesday, as Google names it.",
    THURSDAY: "The week's Thursday, as Google names it.",
    FRIDAY: "The week's Friday, as Google names it.",
    SATURDAY: "The week's Saturday, as Google names it.",
  }),
});
const OccasionEnum = builder.enumType("SpecialHoursOccasion", {
  description: "What special hours are for.",
  values: upper(SPECIAL_OCCASIONS, {
    ramadan: "The month of Ramadan.",
    eid_al_fitr: "Eid al-Fitr (three days).",
    eid_al_adha: "Eid al-Adha (three days).",
    national_day: "National Day, 25 February.",
    liberation_day: "Liberation Day, 26 February.",
    other: "The café's own (a closure, a private event).",
  }),
});

const HoursPeriod = builder.objectRef<HoursPeriodShape>("HoursPeriod").implement({
  description: "An opening from open to close, HH:MM Kuwait time; a close at or before the open ends the next day.",
  fields: (t) => ({
    open: t.exposeString("open", { description: "Opens at, HH:MM (00:00 to 23:59)." }),
    close: t.exposeString("close", { description: "Closes at, HH:MM; 24:00 is midnight at the day's end." }),
  }),
});
const WeeklyHoursPeriod = builder.objectRef<WeeklyPeriod>("WeeklyHoursPeriod").implement({
  description: "An opening of the regular week.",
  fields: (t) => ({
    day: t.field({ type: WeekDayEnum, description: "The day it opens on.", resolve: (p) => p.day }),
    open: t.exposeString("open", { description: "Opens at, HH:MM." }),
    close: t.exposeString("close", { description: "Closes at, HH:MM; before the open: the next day." }),
  }),
});
const SpecialHoursSpan = builder.objectRef<SpecialSpanView>("SpecialHoursSpan").implement({
  description: "Special hours over some days: closed, or the same periods each day.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The span's id (a UUID)." }),
    locationId: t.exposeID("locationId", {
      nullable: true,
      description: "The branch (Google location) they are for; null: the café's own.",
    }),
    occasion: t.field({
      type: OccasionEnum,
      description: "What they are for.",
      resolve: (s) => s.occasion as (typeof SPECIAL_OCCASIONS)[number],
    }),
    startDate: t.exposeString("startDate", { description: "The first day, YYYY-MM-DD (Kuwait)." }),
    endDate: t.exposeString("endDate", { description: "The last day, YYYY-MM-DD (Kuwait), included." }),
    closed: t.exposeBoolean("closed", { description: "Closed all those days." }),
    periods: t.field({ type: [HoursPeriod], description: "The periods of each day.", resolve: (s) => s.periods }),
    status: t.exposeString("status", {
      description: "proposed (from the calendar or a change, waiting for a manager) or confirmed.",
    }),
    needsTimes: t.exposeBoolean("needsTimes", {
      description: "Neither closed nor with times: a proposal waiting for the café's hours.",
    }),
    confirmedAt: t.expose("confirmedAt", {
      type: "DateTime",
      nullable: true,
      description: "When a manager confirmed the span; null while proposed.",
    }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true, description: "When Google last took them." }),
    sendError: t.exposeString("sendError", {
      nullable: true,
      description: "Google's reason when the last send was refused.",
    }),
  }),
});
const HoursLocation = builder.objectRef<HoursLocationView>("HoursLocation").implement({
  description: "A picked Google location (branch) and its hours.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The location's id in Sufra." }),
    title: t.exposeString("title", { description: "Its name on Google." }),
    address: t.exposeString("address", { description: "Its address on Google." }),
    verified: t.exposeBoolean("verified", { description: "Google lets the business manage it (Voice of Merchant)." }),
    demo: t.exposeBoolean("demo", { description: "A simulated location (nothing goes to Google)." }),
    regularHours: t.field({
      type: [WeeklyHoursPeriod],
      nullable: true,
      description: "The branch's own week; null: the café's week.",
      resolve: (l) => l.regularHours,
    }),
    hoursSentAt: t.expose("hoursSentAt", {
      type: "DateTime",
      nullable: true,
      description: "When Google last took its hours.",
    }),
    sendError: t.exposeString("sendError", { nullable: true, description: "Google's reason for the last refusal." }),
  }),
});
const OpeningHours = builder.objectRef<OpeningHoursView>("OpeningHours").implement({
  description: "The café's hours: its week, its picked branches and its special hours.",
  fields: (t) => ({
    weekly: t.field({ type: [WeeklyHoursPeriod], description: "The café's regular week.", resolve: (h) => h.weekly }),
    locations: t.field({ type: [HoursLocation], description: "The picked branches.", resolve: (h) => h.locations }),
    special: t.field({
      type: [SpecialHoursSpan],
      description: "Special hours, café-wide and per branch, first day first.",
      resolve: (h) => h.special,
    }),
  }),
});
const HoursDiffCell = builder.objectRef<{ closed: boolean; periods: HoursPeriodShape[] }>("HoursDiffCell").implement({
  description: "One side's hours of a day.",
  fields: (t) => ({
    closed: t.exposeBoolean("closed", { description: "Closed that day." }),
    periods: t.field({
      type: [HoursPeriod],
      description: "The openings of that day on this side, in Kuwait time.",
      resolve: (c) => c.periods,
    }),
  }),
});
const HoursDiffRowRef = builder.objectRef<HoursDiffRow>("HoursDiffRow").implement({
  description: "Google's hours beside Sufra's for a week day or a date of special hours.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "The week day (SUNDAY...) or the date (YYYY-MM-DD)." }),
    kind: t.exposeString("kind", { description: "week or date." }),
    google: t.field({
      type: HoursDiffCell,
      nullable: true,
      description: "What Google holds; null: nothing special that date.",
      resolve: (r) => r.google,
    }),
    sufra: t.field({
      type: HoursDiffCell,
      nullable: true,
      description: "What Sufra holds; null: nothing special that date.",
      resolve: (r) => r.sufra,
    }),
    same: t.exposeBoolean("same", { description: "Both say the same." }),
  }),
});
const GoogleHoursDiff = builder.objectRef<HoursDiff>("GoogleHoursDiff").implement({
  description: "A branch's hours on Google beside Sufra's.",
  fields: (t) => ({
    locationId: t.exposeID("locationId", { description: "The Google location (branch) compared." }),
    simulated: t.exposeBoolean("simulated", { description: "A demo location: Google was not asked." }),
    same: t.exposeBoolean("same", { description: "Every row is the same." }),
    sufraWeekEmpty: t.exposeBoolean("sufraWeekEmpty", {
      description: "Sufra has no regular week for it yet (nothing can be sent).",
    }),
    rows: t.field({ type: [HoursDiffRowRef], description: "Week days, then dates.", resolve: (d) => d.rows }),
  }),
});
const DraftPost = builder.objectRef<{ postId: string }>("SpecialHoursDraftPost").implement({
  description: "The draft post made from special hours.",
  fields: (t) => ({ postId: t.exposeID("postId", { description: "The draft post's id." }) }),
});
const SpecialHoursDeleted = builder.objectRef<{ id: string; deleted: true }>("SpecialHoursDeleted").implement({
  description: "A span removed.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The span's id." }),
    deleted: t.exposeBoolean("deleted", {
      description: "True once the span is gone (or dismissed, for a calendar proposal).",
    }),
  }),
});

const HoursPeriodInput = builder.inputType("HoursPeriodInput", {
  description: "An opening, HH:MM to HH:MM.",
  fields: (t) => ({
    open: t.string({ required: true, description: "Opens at, HH:MM." }),
    close: t.string({ required: true, description: "Closes at, HH:MM (24:00: midnight; before open: the next day)." }),
  }),
});
const WeeklyHoursPeriodInput = builder.inputType("WeeklyHoursPeriodInput", {
  description: "An opening of the week.",
  fields: (t) => ({
    day: t.field({ type: WeekDayEnum, required: true, description: "The day it opens on." }),
    open: t.string({ required: true, description: "Opens at, HH:MM." }),
    close: t.string({ required: true, description: "Closes at, HH:MM." }),
  }),
});
const SpecialHoursInput = builder.inputType("SpecialHoursInput", {
  description: "Special hours the café adds itself.",
  fields: (t) => ({
    occasion: t.field({ type: OccasionEnum, description: "What they are for; other when left out." }),
    startDate: t.string({ required: true, description: "The first day, YYYY-MM-DD." }),
    endDate: t.string({ required: true, description: "The last day, YYYY-MM-DD." }),
    closed: t.boolean({ description: "Closed all those days." }),
    periods: t.field({ type: [HoursPeriodInput], description: "The periods of each day." }),
    locationId: t.id({ description: "The branch; left out: the café's own." }),
  }),
});
const SpecialHoursUpdateInput = builder.inputType("SpecialHoursUpdateInput", {
  description: "A change to special hours: only the fields given change.",
  fields: (t) => ({
    startDate: t.string({ description: "The first day, YYYY-MM-DD." }),
    endDate: t.string({ description: "The last day, YYYY-MM-DD." }),
    closed: t.boolean({ description: "Closed all those days." }),
    periods: t.field({ type: [HoursPeriodInput], description: "The periods of each day." }),
  }),
});

/** GraphQL's nulls for fields left out become absent, as the REST door's are. */
const given = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
  openingHours: t.field({
    type: OpeningHours,
    ...ofBusiness,
    description:
      "The café's week, its picked branches' hours and its special hours. People of the business or its key.",
    resolve: (_r, _a, ctx) => ctx.services.openingHours.hours(ctx.viewer),
  }),
  googleHoursDiff: t.field({
    type: GoogleHoursDiff,
    ...personOfBusiness,
    description: "A branch's hours as Google holds them beside Sufra's, read from Google now. People of the business.",
    args: { locationId: t.arg.id({ required: true, description: "The location's id." }) },
    resolve: (_r, { locationId }, ctx) => ctx.services.openingHours.googleDiff(ctx.viewer, String(locationId)),
  }),
}));

builder.mutationFields((t) => ({
  updateWeeklyHours: t.field({
    type: OpeningHours,
    ...personOfBusiness,
    description: "Replaces the café's regular week. People of the business.",
    args: { periods: t.arg({ type: [WeeklyHoursPeriodInput], required: true, description: "The whole week." }) },
    resolve: (_r, { periods }, ctx) => ctx.services.openingHours.updateWeekly(ctx.viewer, { periods }, ctx.meta),
  }),
  updateLocationHours: t.field({
    type: HoursLocation,
    ...personOfBusiness,
    description: "Sets a branch's own week, or (periods left out) makes it follow the café's. People of the business.",
    args: {
      locationId: t.arg.id({ required: true, description: "The location's id." }),
      periods: t.arg({ type: [WeeklyHoursPeriodInput], description: "Its own week; left out: the café's." }),
    },
    resolve: (_r, { locationId, periods }, ctx) =>
      ctx.services.openingHours.updateLocationHours(
        ctx.viewer,
        String(locationId),
        { regularHours: periods ?? null },
        ctx.meta,
      ),
  }),
  proposeSpecialHours: t.field({
    type: [SpecialHoursSpan],
    ...personOfBusiness,
    description:
      "Proposes a year's Ramadan, Eids, National and Liberation Day for the café and each picked branch, once each; answers those made now.",
    args: { year: t.arg.int({ required: true, description: "The Gregorian year." }) },
    resolve: (_r, { year }, ctx) => ctx.services.openingHours.propose(ctx.viewer, { year }),
  }),
  createSpecialHours: t.field({
    type: SpecialHoursSpan,
    ...personOfBusiness,
    description: "Adds special hours (proposed until a manager confirms them). People of the business.",
    args: {
      input: t.arg({
        type: SpecialHoursInput,
        required: true,
        description: "The occasion, the Kuwait dates and the day's openings or closed.",
      }),
    },
    resolve: (_r, { input }, ctx) => ctx.services.openingHours.createSpecial(ctx.viewer, given(input), ctx.meta),
  }),
  updateSpecialHours: t.field({
    type: SpecialHoursSpan,
    ...personOfBusiness,
    description: "Changes special hours; a confirmed span changed by someone else than a manager is proposed again.",
    args: {
      id: t.arg.id({ required: true, description: "The span's id." }),
      input: t.arg({ type: SpecialHoursUpdateInput, required: true, description: "The fields to change." }),
    },
    resolve: (_r, { id, input }, ctx) =>
      ctx.services.openingHours.updateSpecial(ctx.viewer, String(id), given(input), ctx.meta),
  }),
  confirmSpecialHours: t.field({
    type: [SpecialHoursSpan],
    ...personOfBusiness,
    description: "Confirms spans at once (all or none). The café's managers.",
    args: { ids: t.arg.idList({ required: true, description: "The spans, 1 to 200." }) },
    resolve: (_r, { ids }, ctx) =>
      ctx.services.openingHours.confirmSpecial(ctx.viewer, { ids: ids.map(String) }, ctx.meta),
  }),
  deleteSpecialHours: t.field({
    type: SpecialHoursDeleted,
    ...personOfBusiness,
    description: "Removes a span (a calendar proposal is not proposed again); a confirmed one: managers only.",
    args: { id: t.arg.id({ required: true, description: "The span's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.openingHours.deleteSpecial(ctx.viewer, String(id)),
  }),
  sendHoursToGoogle: t.field({
    type: HoursLocation,
    ...personOfBusiness,
    description:
      "Sends a branch's week and confirmed special hours to Google, replacing Google's. The café's managers, on confirmation.",
    args: { locationId: t.arg.id({ required: true, description: "The location's id." }) },
    resolve: (_r, { locationId }, ctx) =>
      ctx.services.openingHours.sendToGoogle(ctx.viewer, String(locationId), ctx.meta),
  }),
  draftSpecialHoursPost: t.field({
    type: DraftPost,
    ...personOfBusiness,
    description: "Makes a draft post announcing special hours, in the café's languages. People of the business.",
    args: { id: t.arg.id({ required: true, description: "The span's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.openingHours.draftPost(ctx.viewer, String(id), ctx.meta),
  }),
}));
