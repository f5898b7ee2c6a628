// The content planner (docs/product.md#planning-a-month): "Plan my month" and "Plan Ramadan" propose one
// post for each chosen day. What a plan may ask for (zod, message keys), which days a count per week
// picks, the occasion of each day from the Kuwait calendar (calendar.ts), the caption occasion the
// writer is given, the format on each network, and the photographer's shot list when the library has
// no photo to use. Pure functions: no clock unless one is passed in, no database.
import { z } from "zod";
import { addDays, isIsoDate, type KuwaitHoliday, type OccasionKey } from "./calendar.ts";
import {
  CALENDAR_CONTENT_OCCASIONS,
  CONTENT_LANGUAGE_KEYS,
  CONTENT_TONE_KEYS,
  type ContentLanguage,
  type ContentOccasionKey,
  type ContentTone,
} from "./content.ts";
import type { Locale, MessageKey } from "./messages.ts";
import { NETWORK_PACKS, type PlatformName } from "./networks/index.ts";
import { singleLine } from "./text.ts";

type Labels = Readonly<Record<Locale, string>>;

/** A plan covers a Gregorian month, or the days of one Ramadan. */
export const PLAN_PERIODS = ["month", "ramadan"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
/** One post a day at most: a plan has at most this many proposals. */
export const PLAN_MAX_DAYS = 31;
export const PLAN_PER_WEEK_MAX = 7;
/** Every proposal's caption is written by the AI writer: one of the month's AI posts each. */
export const PLAN_AI_CAPTIONS_PER_PROPOSAL = 1;

/** What each proposal is posted as on its network (its pack's planFormat; a post where it has none). */
export const PLAN_FORMATS = ["feed", "story", "reel", "post"] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** A proposal's life: proposed, then approved (a post was made of it). Never approved twice. */
export const PROPOSAL_STATUSES = ["proposed", "approving", "approved"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Plan my month / Plan Ramadan: the period, and either the days picked or a count per week. */
export const planInputSchema = z
  .object({
    period: z.preprocess(blankToUndefined, z.enum(PLAN_PERIODS, key("planPeriodInvalid")).default("month")),
    /** YYYY-MM, for a month's plan. */
    month: z.preprocess(
      blankToUndefined,
      singleLine(key("planMonthInvalid")).regex(MONTH_RE, key("planMonthInvalid")).optional(),
    ),
    /** The Gregorian year Ramadan begins in, for Ramadan's plan. */
    year: z.preprocess(
      blankToUndefined,
      z.coerce
        .number(key("calendarYearRange"))
        .int(key("calendarYearRange"))
        .min(2000, key("calendarYearRange"))
        .max(2100, key("calendarYearRange"))
        .optional(),
    ),
    days: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .array(
          singleLine(key("calendarDateInvalid")).refine(isIsoDate, key("calendarDateInvalid")),
          key("planDaysInvalid"),
        )
        .min(1, key("planDaysInvalid"))
        .max(PLAN_MAX_DAYS, key("planDaysInvalid"))
        .optional(),
    ),
    perWeek: z.preprocess(
      blankToUndefined,
      z.coerce
        .number(key("planPerWeekRange"))
        .int(key("planPerWeekRange"))
        .min(1, key("planPerWeekRange"))
        .max(PLAN_PER_WEEK_MAX, key("planPerWeekRange"))
        .optional(),
    ),
    language: z.preprocess(
      blankToUndefined,
      z.enum(CONTENT_LANGUAGE_KEYS as [ContentLanguage, ...ContentLanguage[]], key("invalidValue")).optional(),
    ),
    tone: z.preprocess(
      blankToUndefined,
      z.enum(CONTENT_TONE_KEYS as [ContentTone, ...ContentTone[]], key("invalidValue")).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.days === undefined) === (v.perWeek === undefined))
      ctx.addIssue({ code: "custom", path: ["perWeek"], message: "planDaysOrPerWeek" });
    if (v.period === "month" && !v.month)
      ctx.addIssue({ code: "custom", path: ["month"], message: "planMonthInvalid" });
    if (v.period === "ramadan" && !v.year)
      ctx.addIssue({ code: "custom", path: ["year"], message: "calendarYearRange" });
  });
export type PlanInput = z.output<typeof planInputSchema>;

/** Approving: the proposals that become posts, as drafts or scheduled at their times. */
export const approvePlanSchema = z.object({
  planId: z.uuid(key("invalidValue")),
  proposalIds: z
    .array(z.uuid(key("invalidValue")), key("planProposalsRequired"))
    .min(1, key("planProposalsRequired"))
    .max(PLAN_MAX_DAYS, key("planProposalsRequired")),
  schedule: z.preprocess((v) => (v === null || v === undefined ? true : v), z.boolean(key("invalidValue"))),
});
export type ApprovePlanInput = z.output<typeof approvePlanSchema>;

/** The first and last day of a Gregorian month written YYYY-MM. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const from = `${month}-01`;
  const to = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`, -1);
  return { from, to };
}

const weekdayOfIso = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
const dayIndex = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/**
 * The days a plan proposes posts for. Days picked by the person are kept when they fall in the period
 * and not before today (others are refused: `outside`). With a count per week, each week (Sunday to
 * Saturday, Kuwait's) gets that many of its days left in the period: occasion days first, then the days
 * furthest from those already chosen, Thursday and Friday (the weekend's eve and its first day) before
 * others at the same distance, then the earlier.
 */
export function pickPlanDays(input: {
  from: string;
  to: string;
  today: string;
  days?: readonly string[];
  perWeek?: number;
  occasionDays?: ReadonlySet<string>;
}): { days: string[]; outside: string[] } {
  const first = input.from > input.today ? input.from : input.today;
  if (input.days) {
    const unique = [...new Set(input.days)].sort();
    const outside = unique.filter((d) => d < first || d > input.to);
    return { days: unique.filter((d) => d >= first && d <= input.to), outside };
  }
  const perWeek = input.perWeek ?? 0;
  const weeks = new Map<number, string[]>();
  for (let d = first; d <= input.to; d = addDays(d, 1)) {
    const week = dayIndex(d) - weekdayOfIso(d);
    weeks.set(week, [...(weeks.get(week) ?? []), d]);
  }
  const occasion = input.occasionDays ?? new Set<string>();
  const weekendRank = (d: string) => (weekdayOfIso(d) === 4 ? 0 : weekdayOfIso(d) === 5 ? 1 : 2);
  const out: string[] = [];
  for (const days of weeks.values()) {
    const chosen: string[] = days.filter((d) => occasion.has(d)).slice(0, perWeek);
    while (chosen.length < Math.min(perWeek, days.length)) {
      const rest = days.filter((d) => !chosen.includes(d));
      const gap = (d: string) =>
        chosen.length ? Math.min(...chosen.map((c) => Math.abs(dayIndex(c) - dayIndex(d)))) : 0;
      rest.sort((a, b) => gap(b) - gap(a) || weekendRank(a) - weekendRank(b) || a.localeCompare(b));
      chosen.push(rest[0]!);
    }
    out.push(...chosen);
  }
  return { days: out.sort(), outside: [] };
}

/**
 * The days a count a week picks first (pickPlanDays): the period's occasion days, of a school break its first
 * day only, so that the posts of a week inside a long break still spread out (and reach the weekend) instead of
 * taking its first days; the break's other days still get its family post when picked (planDayOccasion).
 */
export function planOccasionDays(holidays: readonly KuwaitHoliday[], from: string, to: string): Set<string> {
  return new Set(
    holidays.filter((h) => h.date >= from && h.date <= to && (h.kind !== "school" || h.day === 1)).map((h) => h.date),
  );
}

/** A plan day's occasion: the Kuwait calendar's when the day has one, else Ramadan's evening or night, or an everyday post. */
export interface PlanDayOccasion {
  /** The calendar's occasion of the day (calendar.ts OCCASIONS), null on an ordinary day. */
  calendarKey: OccasionKey | null;
  /** What the caption is written for (content.ts), null when no caption occasion fits (Gergean, Mother's Day: the prompt names it). */
  content: ContentOccasionKey | null;
  name: Labels;
}

/** Which occasion wins when a day has several. */
const OCCASION_PRIORITY: readonly OccasionKey[] = [
  "eid_al_fitr",
  "eid_al_adha",
  "arafat_day",
  "national_day",
  "liberation_day",
  "gergean",
  "ramadan_start",
  "ramadan_end",
  "mothers_day",
  "isra_miraj",
  "islamic_new_year",
  "prophets_birthday",
  "new_year",
];
/** The school breaks an admin announced (calendar.ts): weaker than every occasion above and than Ramadan. */
const SCHOOL_BREAKS: readonly OccasionKey[] = ["school_midyear_break", "school_summer_break"];

const EVERYDAY: Readonly<Record<"weekend" | "food_photo" | "ramadan_iftar" | "ramadan_suhoor", Labels>> = {
  weekend: { en: "Weekend", ar: "عطلة نهاية الأسبوع" },
  food_photo: { en: "From the menu", ar: "من قائمتنا" },
  ramadan_iftar: { en: "Ramadan: Iftar", ar: "رمضان: الإفطار" },
  ramadan_suhoor: { en: "Ramadan: Suhoor", ar: "رمضان: السحور" },
};

/**
 * The occasion of one plan day: the day's calendar occasion (Eid days are Eid, 25 and 26 February the
 * national days, 15 Ramadan Gergean), else in Ramadan Iftar and Suhoor in turn (`index`: the day's place
 * among the plan's Ramadan days), else on a school break an admin announced a family post for the school
 * holidays, else the weekend on Thursday and Friday and a dish from the menu on the other days. Never an
 * occasion that is not on the day: no Ramadan outside Ramadan, no school break nobody announced.
 */
export function planDayOccasion(
  date: string,
  holidays: readonly KuwaitHoliday[],
  ramadan: boolean,
  index: number,
): PlanDayOccasion {
  const today = holidays.filter((h) => h.date === date);
  const found = OCCASION_PRIORITY.find((k) => today.some((h) => h.occasionKey === k));
  if (found) {
    const h = today.find((x) => x.occasionKey === found)!;
    const mapped = CALENDAR_CONTENT_OCCASIONS[found] ?? null;
    // the last day of Ramadan is still a fasting day: its caption is Ramadan's, Eid comes the next day
    const content: ContentOccasionKey | null = found === "ramadan_end" ? "ramadan_iftar" : mapped;
    return { calendarKey: found, content, name: { en: h.nameEn, ar: h.nameAr } };
  }
  if (ramadan) {
    const content = index % 2 === 0 ? "ramadan_iftar" : "ramadan_suhoor";
    return { calendarKey: null, content, name: EVERYDAY[content] };
  }
  const schoolBreak = SCHOOL_BREAKS.find((k) => today.some((h) => h.occasionKey === k));
  if (schoolBreak) {
    const h = today.find((x) => x.occasionKey === schoolBreak)!;
    return {
      calendarKey: schoolBreak,
      content: CALENDAR_CONTENT_OCCASIONS[schoolBreak] ?? null,
      name: { en: h.nameEn, ar: h.nameAr },
    };
  }
  const w = weekdayOfIso(date);
  const content = w === 4 || w === 5 ? "weekend" : "food_photo";
  return { calendarKey: null, content, name: EVERYDAY[content] };
}

/** The network's format for a proposal, as its pack says (planFormat); a network that says nothing: a post. */
export function planFormatFor(platform: PlatformName, content: ContentOccasionKey | null): PlanFormat {
  return NETWORK_PACKS[platform].planFormat?.(content) ?? "post";
}

/** The networks take turns over the plan's days, in the order given (the business's connected accounts). */
export const planNetworkFor = (networks: readonly PlatformName[], index: number): PlatformName | null =>
  networks.length ? networks[index % networks.length]! : null;

/** The suggested-time reasons (insights.ts) a proposal prefers for its occasion; none: the day's best. */
export function preferredReasons(content: ContentOccasionKey | null): readonly string[] {
  if (content === "ramadan_iftar") return ["before_iftar"];
  if (content === "ramadan_suhoor") return ["before_suhoor", "after_iftar"];
  if (content === "weekend") return ["weekend_night", "after_isha"];
  return [];
}

/** The photographer's brief when the library has no photo for a proposal: what to shoot, the angle, the light. */
export interface ShotList {
  what: Labels;
  angle: Labels;
  light: Labels;
}

/**
 * What to shoot for a proposal with no photo: the dish from the menu (or the café, when the menu is
 * empty), set for the occasion; the angle for the format (a story is vertical, 9:16); the light of the
 * occasion's hour. Props are suggestions for the picture, never claims about the café.
 */
export function shotListFor(input: {
  dish: Labels | null;
  content: ContentOccasionKey | null;
  calendarKey: OccasionKey | null;
  format: PlanFormat;
}): ShotList {
  const dish = input.dish ?? { en: "your best-selling dish or drink", ar: "أكثر طبق أو مشروب مبيعًا لديكم" };
  const setting: Labels =
    input.content === "ramadan_iftar"
      ? {
          en: "on an Iftar table with dates and water, a lantern in the background",
          ar: "على سفرة إفطار مع التمر والماء، وفانوس في الخلفية",
        }
      : input.content === "ramadan_suhoor"
        ? { en: "on a late-night Suhoor table, cups of tea beside it", ar: "على سفرة سحور ليلية، وبجانبه أكواب الشاي" }
        : input.calendarKey === "gergean"
          ? { en: "beside a Gergean basket of sweets and nuts", ar: "بجانب سلة قرقيعان من الحلويات والمكسرات" }
          : input.content === "eid_al_fitr" || input.content === "eid_al_adha"
            ? {
                en: "on a festive Eid table, with sweets and a card saying Eid Mubarak",
                ar: "على سفرة عيد، مع الحلويات وبطاقة مكتوب عليها عيدكم مبارك",
              }
            : input.content === "national_day" || input.content === "liberation_day"
              ? {
                  en: "with Kuwait's flag colours (green, white, red, black) in the props",
                  ar: "مع ألوان علم الكويت (الأخضر والأبيض والأحمر والأسود) في التنسيق",
                }
              : input.content === "school_holidays"
                ? {
                    en: "on a family table to share, set for parents and children",
                    ar: "على طاولة عائلية للمشاركة، مهيأة للأهل والأطفال",
                  }
                : input.calendarKey === "mothers_day"
                  ? {
                      en: "with flowers and two cups, a table for a mother and her family",
                      ar: "مع الورد وكوبين، طاولة لأم وعائلتها",
                    }
                  : input.content === "weekend"
                    ? {
                        en: "shared on a table for friends, hands reaching in",
                        ar: "على طاولة أصدقاء يتشاركونه، وأيادٍ تمتد إليه",
                      }
                    : {
                        en: "on a clean table, the dish alone in the frame",
                        ar: "على طاولة نظيفة، والطبق وحده في الصورة",
                      };
  const angle: Labels =
    input.format === "story"
      ? {
          en: "Vertical (9:16), at eye level, the dish in the lower third, room at the top for text",
          ar: "عمودية (٩:١٦)، بمستوى النظر، والطبق في الثلث السفلي مع مساحة للنص في الأعلى",
        }
      : {
          en: "Square (1:1) or 4:5, at 45 degrees; overhead for flat dishes and trays",
          ar: "مربعة (١:١) أو ٤:٥، بزاوية ٤٥ درجة؛ ومن الأعلى للأطباق المسطحة والصواني",
        };
  const light: Labels =
    input.content === "ramadan_iftar"
      ? {
          en: "Warm golden light, the hour before sunset, or a warm lamp beside a window",
          ar: "ضوء ذهبي دافئ في الساعة التي تسبق الغروب، أو مصباح دافئ بجانب نافذة",
        }
      : input.content === "ramadan_suhoor" || input.content === "weekend"
        ? {
            en: "Low warm light of the evening, no flash; a small lamp to the side",
            ar: "إضاءة مسائية دافئة وخافتة بلا فلاش؛ مصباح صغير على الجانب",
          }
        : { en: "Soft daylight from a side window, no flash", ar: "ضوء نهار ناعم من نافذة جانبية، بلا فلاش" };
  return { what: { en: `${dish.en}, ${setting.en}`, ar: `${dish.ar}، ${setting.ar}` }, angle, light };
}

/** The AI captions a plan of `days` days uses (each proposal's caption is written by the writer). */
export const planCost = (days: number) => days * PLAN_AI_CAPTIONS_PER_PROPOSAL;

/** A library photo the planner may propose: its id, the file's name, the menu item the person said it shows. */
export interface PlanPhotoCandidate {
  id: string;
  originalName: string;
  menuItemId: string | null;
}

const foldedName = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_\-.]+/g, " ")
    .trim();

/**
 * The photo a proposal gets from the unused ones (newest first), none of those already `taken`: one the
 * person labelled with the proposal's menu item ("Which menu item is this?"), else one whose file name
 * names the dish (English or Arabic, three letters at least), else the newest; null when none is left
 * (the proposal gets a shot list).
 */
export function planPhotoFor<T extends PlanPhotoCandidate>(
  photos: readonly T[],
  dish: { menuItemId: string | null; names: readonly string[] } | null,
  taken: ReadonlySet<string>,
): T | null {
  const free = photos.filter((m) => !taken.has(m.id));
  const names = (dish?.names ?? []).map(foldedName).filter((n) => n.length >= 3);
  return (
    (dish?.menuItemId ? free.find((m) => m.menuItemId === dish.menuItemId) : undefined) ??
    free.find((m) => names.some((n) => foldedName(m.originalName).includes(n))) ??
    free[0] ??
    null
  );
}
