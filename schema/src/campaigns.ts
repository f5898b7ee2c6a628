// Campaigns: a business's plan for a goal over a range of Kuwait days, with a budget in KWD
// and the posts attached to it. The rules of the campaign form (shared by the server and the client's
// form, message keys from messages.ts), the post fields that name a campaign and an occasion, and the
// small arithmetic of the campaign page (progress, cost per result in fils, days elapsed and left),
// so both sides compute them alike. Pure: the only clock is the `today` a caller passes.
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { hasFilsPrecision, parseKwd } from "./business-profile.ts";
import { addDays, daysBetween, isIsoDate, kuwaitDate } from "./calendar.ts";
import { CONTENT_OCCASION_KEYS, type ContentOccasionKey } from "./content.ts";
import type { Locale, MessageKey } from "./messages.ts";

type Labels = Readonly<Record<Locale, string>>;
const key = (k: MessageKey) => ({ error: k });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------- goals
/** What a campaign is for, and the figure that measures it. */
export const CAMPAIGN_GOALS = {
  awareness: { en: "Awareness", ar: "الانتشار" },
  footfall: { en: "Visits to the shop", ar: "زيارات المحل" },
  orders: { en: "Orders", ar: "الطلبات" },
  launch: { en: "Launch", ar: "إطلاق" },
} as const satisfies Record<string, Labels>;
export type CampaignGoal = keyof typeof CAMPAIGN_GOALS;
export const CAMPAIGN_GOAL_KEYS = Object.keys(CAMPAIGN_GOALS) as CampaignGoal[];
export const isCampaignGoal = (k: unknown): k is CampaignGoal =>
  typeof k === "string" && Object.hasOwn(CAMPAIGN_GOALS, k);

/** The figure each goal is measured by: reach and views come from the networks; visits and orders are counted in the shop. */
export const CAMPAIGN_GOAL_METRIC = {
  awareness: "reach",
  launch: "views",
  footfall: "visits",
  orders: "orders",
} as const satisfies Record<CampaignGoal, string>;
export type CampaignMetric = (typeof CAMPAIGN_GOAL_METRIC)[CampaignGoal];
export const CAMPAIGN_METRICS = {
  reach: { en: "Reach", ar: "الوصول" },
  views: { en: "Views", ar: "المشاهدات" },
  visits: { en: "Visits", ar: "الزيارات" },
  orders: { en: "Orders", ar: "الطلبات" },
} as const satisfies Record<CampaignMetric, Labels>;

/** Footfall and orders happen in the shop, not on a network: their result is entered by hand. */
export const isManualGoal = (goal: CampaignGoal) => goal === "footfall" || goal === "orders";

// ---------------------------------------------------------------- limits
export const CAMPAIGN_NAME_MAX = 80;
export const CAMPAIGN_NOTES_MAX = 1000;
/** A campaign covers at most a year of days, both ends included (a leap year fits). */
export const CAMPAIGN_MAX_DAYS = 366;
/** The largest budget: 100,000 KWD, in fils. */
export const CAMPAIGN_BUDGET_MAX_FILS = 100_000_000;
/** The largest goal target or result (a whole number of people, views or orders). */
export const CAMPAIGN_COUNT_MAX = 1_000_000_000;
/** Posts attached or detached in one request. */
export const CAMPAIGN_POSTS_MAX = 100;

// ---------------------------------------------------------------- money in fils
/**
 * A budget as people write it ("250", "1,250.500", "٢٥٠٫٥ د.ك") or as a number, in fils; null when it
 * is not a non-negative amount with at most three decimals. Money is kept in whole fils, never floats.
 */
export function budgetToFils(v: unknown): number | null {
  // thousands separators go ("1,250.500", "١٬٢٥٠"); a comma before other than three digits stays, for the reader to refuse
  const n =
    typeof v === "number"
      ? v
      : typeof v === "string"
        ? parseKwd(v.replace(/[,\u066C](?=[\d\u0660-\u0669]{3}(?![\d\u0660-\u0669]))/g, ""))
        : null;
  if (n === null || !Number.isFinite(n) || n < 0 || !hasFilsPrecision(n)) return null;
  return Math.round(n * 1000);
}

/** Fils as KWD written with three decimals: 1250500 -> "1250.500". */
export function filsToKwd(fils: number): string {
  const sign = fils < 0 ? "-" : "";
  const abs = Math.abs(Math.round(fils));
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`;
}

/** Spend per `per` units of a figure, in whole fils (half up); null without a budget or without the figure. */
export function filsPer(budgetFils: number | null, count: number | null, per = 1): number | null {
  if (budgetFils === null || count === null || !(count > 0)) return null;
  return Math.round((budgetFils * per) / count);
}

/** The goal reached, in percent (two decimals; over 100 when beaten); null without a target or a result. */
export function campaignProgress(goalTarget: number | null, actual: number | null): number | null {
  if (goalTarget === null || !(goalTarget > 0) || actual === null) return null;
  return Math.round((actual / goalTarget) * 10_000) / 100;
}

// ---------------------------------------------------------------- days
export type CampaignPhase = "upcoming" | "running" | "ended";
export interface CampaignDays {
  total: number;
  /** Days gone, today included while it runs. */
  elapsed: number;
  /** Days still to come after today. */
  left: number;
  phase: CampaignPhase;
}

/** Where `today` (a Kuwait date) stands in a campaign's days. */
export function campaignDays(startDate: string, endDate: string, today: string): CampaignDays {
  const total = daysBetween(startDate, endDate) + 1;
  if (today < startDate) return { total, elapsed: 0, left: total, phase: "upcoming" };
  if (today > endDate) return { total, elapsed: total, left: 0, phase: "ended" };
  return { total, elapsed: daysBetween(startDate, today) + 1, left: daysBetween(today, endDate), phase: "running" };
}

/** A Kuwait date inside the campaign's days, both ends included. */
export const isWithinCampaign = (day: string, c: { startDate: string; endDate: string }) =>
  day >= c.startDate && day <= c.endDate;

/** Running first (ending soonest), then the coming ones (starting soonest), then the ended ones (latest first): "current first". */
export function compareCampaigns(
  a: { startDate: string; endDate: string; name: string },
  b: { startDate: string; endDate: string; name: string },
  today: string,
): number {
  const rank = (c: { startDate: string; endDate: string }) => (c.startDate > today ? 1 : c.endDate < today ? 2 : 0);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  const by =
    ra === 0
      ? a.endDate.localeCompare(b.endDate)
      : ra === 1
        ? a.startDate.localeCompare(b.startDate)
        : b.endDate.localeCompare(a.endDate);
  return by || a.name.localeCompare(b.name);
}

// ---------------------------------------------------------------- the campaign form
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && !v.trim()) ? null : v);
/** Left out stays left out (unchanged); null or blank is null (cleared). */
const clearable = (v: unknown) => (v === undefined ? undefined : blankToNull(v));
const wholeNumber = (v: unknown) => {
  const b = blankToNull(v);
  if (typeof b === "string") return /^\s*\d+\s*$/.test(b) ? Number(b) : Number.NaN;
  return b;
};
const day = (k: MessageKey) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), singleLine(key(k)).refine(isIsoDate, key(k)));
const count = (k: MessageKey, min: number) =>
  z.preprocess(wholeNumber, z.number(key(k)).int(key(k)).min(min, key(k)).max(CAMPAIGN_COUNT_MAX, key(k)).nullable());

/** Each field on its own: the client's form checks a field with these, the whole with campaignInputSchema. */
export const campaignFieldsSchema = z.object({
  name: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    singleLine(key("campaignNameRequired"))
      .trim()
      .min(1, key("campaignNameRequired"))
      .max(CAMPAIGN_NAME_MAX, key("campaignNameTooLong")),
  ),
  goal: z.enum(CAMPAIGN_GOAL_KEYS as [CampaignGoal, ...CampaignGoal[]], key("campaignGoalInvalid")),
  startDate: day("campaignStartInvalid"),
  endDate: day("campaignEndInvalid"),
  /** KWD: text or a number, at most three decimals; blank is "no budget". */
  budgetKwd: z.preprocess(blankToNull, z.unknown()).transform((v, ctx): number | null => {
    if (v === null) return null;
    const fils = budgetToFils(v);
    if (fils === null || fils > CAMPAIGN_BUDGET_MAX_FILS) {
      ctx.addIssue({ code: "custom", message: "campaignBudgetInvalid" satisfies MessageKey });
      return z.NEVER;
    }
    return fils;
  }),
  occasion: z.preprocess(
    blankToNull,
    z
      .enum(CONTENT_OCCASION_KEYS as [ContentOccasionKey, ...ContentOccasionKey[]], key("contentOccasionInvalid"))
      .nullable(),
  ),
  goalTarget: count("campaignTargetInvalid", 1),
  goalResult: count("campaignResultInvalid", 0),
  notes: z.preprocess(
    blankToNull,
    multiLine(key("invalidValue")).trim().max(CAMPAIGN_NOTES_MAX, key("campaignNotesTooLong")).nullable(),
  ),
});

export interface CampaignData {
  name: string;
  goal: CampaignGoal;
  startDate: string;
  endDate: string;
  budgetFils: number | null;
  occasion: ContentOccasionKey | null;
  goalTarget: number | null;
  goalResult: number | null;
  notes: string | null;
}

/** The rules between fields, checked on whichever of the fields involved are valid themselves. */
function crossProblems(raw: unknown): { path: CampaignField; message: MessageKey }[] {
  const v = (raw ?? {}) as Record<string, unknown>;
  const f = campaignFieldsSchema.shape;
  const start = f.startDate.safeParse(v.startDate);
  const end = f.endDate.safeParse(v.endDate);
  const goal = f.goal.safeParse(v.goal);
  const result = f.goalResult.safeParse(v.goalResult);
  const out: { path: CampaignField; message: MessageKey }[] = [];
  if (start.success && end.success) {
    if (end.data < start.data) out.push({ path: "endDate", message: "campaignEndBeforeStart" });
    else if (daysBetween(start.data, end.data) + 1 > CAMPAIGN_MAX_DAYS)
      out.push({ path: "endDate", message: "campaignTooLong" });
  }
  if (goal.success && result.success && result.data !== null && !isManualGoal(goal.data))
    out.push({ path: "goalResult", message: "campaignResultNotManual" });
  return out;
}

/**
 * A whole campaign (create, and an update merged over the stored one): the fields' rules, then the
 * end on or after the start, at most CAMPAIGN_MAX_DAYS days, and a result by hand only for the goals
 * counted in the shop (footfall, orders). Every problem is reported at once, the ones between fields
 * too, so a form shows them all on the first try.
 */
export const campaignInputSchema = z.unknown().transform((raw, ctx): CampaignData => {
  const r = campaignFieldsSchema.safeParse(raw ?? {});
  const issues = [
    ...(r.error?.issues ?? []).map((i) => ({ path: i.path, message: i.message })),
    ...crossProblems(raw).map((p) => ({ path: [p.path], message: p.message })),
  ];
  for (const i of issues) ctx.addIssue({ code: "custom", path: i.path as PropertyKey[], message: i.message });
  if (!r.success || issues.length) return z.NEVER;
  const { budgetKwd, ...c } = r.data;
  return { ...c, budgetFils: budgetKwd };
});
export type CampaignInput = z.input<typeof campaignFieldsSchema>;
export type CampaignField = keyof typeof campaignFieldsSchema.shape;

/** The stored campaign as the form's input, so an update is the stored one with the changes laid over it. */
export const campaignAsInput = (c: CampaignData): Record<CampaignField, unknown> => ({
  name: c.name,
  goal: c.goal,
  startDate: c.startDate,
  endDate: c.endDate,
  budgetKwd: c.budgetFils === null ? null : filsToKwd(c.budgetFils),
  occasion: c.occasion,
  goalTarget: c.goalTarget,
  goalResult: c.goalResult,
  notes: c.notes,
});

/** The problems of a whole form, by field: the first message key of each. */
export function campaignProblems(input: unknown): Partial<Record<CampaignField, MessageKey>> {
  const r = campaignInputSchema.safeParse(input);
  const out: Partial<Record<CampaignField, MessageKey>> = {};
  for (const issue of r.error?.issues ?? []) {
    const f = issue.path[0] as CampaignField | undefined;
    if (f && !out[f]) out[f] = issue.message as MessageKey;
  }
  return out;
}

/** Posts attached to or detached from a campaign in one request. Whose the posts are is the server's question. */
export const campaignPostIdsSchema = z.object({
  postIds: z
    .array(singleLine(key("invalidValue")).trim(), key("campaignPostsRequired"))
    .min(1, key("campaignPostsRequired"))
    .max(CAMPAIGN_POSTS_MAX, key("campaignPostsTooMany"))
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/**
 * The campaign and occasion of a post (composer and calendar): left out, unchanged; null or empty,
 * cleared; set, a campaign id (the server checks it is the business's) or a CONTENT_OCCASIONS key.
 */
export const postCampaignFieldsSchema = z.object({
  campaignId: z.preprocess(
    clearable,
    singleLine(key("campaignNotFound")).trim().regex(UUID, key("campaignNotFound")).toLowerCase().nullable().optional(),
  ),
  occasion: z.preprocess(
    clearable,
    z
      .enum(CONTENT_OCCASION_KEYS as [ContentOccasionKey, ...ContentOccasionKey[]], key("contentOccasionInvalid"))
      .nullable()
      .optional(),
  ),
});
export type PostCampaignFields = z.output<typeof postCampaignFieldsSchema>;

/** The campaign's last day, given its first and a length in days (the "plan for this occasion" pre-fill). */
export const campaignEnd = (startDate: string, days: number) =>
  addDays(startDate, Math.max(1, Math.min(days, CAMPAIGN_MAX_DAYS)) - 1);

/**
 * A post due or published on a Kuwait day outside its campaign's days: allowed (a teaser before the
 * start, a thank-you after the end), but the composer, the calendar and the campaign page say so.
 * A draft without a time is never outside.
 */
export function isOutsideCampaign(
  at: Date | string | null | undefined,
  campaign: { startDate: string; endDate: string } | null | undefined,
): boolean {
  if (!at || !campaign) return false;
  return !isWithinCampaign(kuwaitDate(new Date(at)), campaign);
}
