// The content planner (docs/product.md#planning-a-month): "Plan my month" and "Plan Ramadan" propose one
// post for each chosen day (the days picked, or a count per week): the day's occasion from the Kuwait
// calendar, a dish from the business's own menu in turn, a connected network and its format, the day's
// best time around the prayers (the insights module), a caption by the writer in force (the studio, one
// of the month's AI posts each, all or none) and a photo from the library, or a shot list for the
// photographer when none is left. The proposals are kept (content_plans, plan_proposals) so approving
// works after a reload; approving makes each chosen proposal a post through the posts module, once.
import {
  approvePlanSchema,
  isoDay,
  kuwaitDate,
  monthRange,
  pickPlanDays,
  planCost,
  planDayOccasion,
  planFormatFor,
  planInputSchema,
  planNetworkFor,
  NETWORK_PACKS,
  PLATFORMS,
  planPhotoFor,
  preferredReasons,
  shotListFor,
  templateHours,
  type ContentLanguage,
  type ContentOccasionKey,
  type KuwaitHoliday,
  type Locale,
  type PlanFormat,
  type PlanInput,
  planOccasionDays,
  type PlatformName,
  type ProposalStatus,
  type ShotList,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, renderError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Media } from "../../generated/prisma/client.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { BusinessProfile } from "../../ai/types.ts";
import { loadBusinessProfile, loadMenuItems } from "../business-profile/index.ts";
import { kuwaitPrayerTimes, type CalendarService } from "../calendar/index.ts";
import type { InsightsService } from "../insights/index.ts";
import type { MediaService } from "../media/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { PostsService } from "../posts/index.ts";
import type { AiUsage, StudioService } from "../studio/index.ts";

type Labels = { en: string; ar: string };

export interface PlanDayView {
  date: string;
  calendarKey: string | null;
  occasion: ContentOccasionKey | null;
  occasionName: Labels;
  ramadan: boolean;
}

/** What a plan would propose and what it costs, before anything is written or spent. */
export interface PlanPreview {
  from: string;
  to: string;
  days: PlanDayView[];
  /** AI captions the plan uses (one per day). */
  cost: number;
  usage: AiUsage;
  /** The allowance left covers the plan. */
  enough: boolean;
  /** The networks the proposals take turns on (the business's connected accounts). */
  networks: PlatformName[];
  /** What the business has not given that the plan would use: "menu" (no menu items), "networks" (no account connected). */
  missing: string[];
}

export interface ProposalView {
  id: string;
  date: string;
  calendarKey: string | null;
  occasion: string | null;
  occasionName: Labels;
  menuItemId: string | null;
  dish: Labels | null;
  platform: PlatformName;
  format: PlanFormat;
  scheduledFor: Date;
  reason: string;
  content: string;
  hashtags: string[];
  mediaId: string | null;
  media: Media | null;
  shotList: ShotList | null;
  status: ProposalStatus;
  postId: string | null;
}

export interface PlanView {
  id: string;
  period: string;
  from: string;
  to: string;
  language: ContentLanguage;
  createdAt: Date;
  proposals: ProposalView[];
  /** After planning: the month's AI posts. */
  usage: AiUsage | null;
}

export interface ApprovalOutcome {
  plan: PlanView;
  /** The posts made by this approval (none when every proposal chosen was approved before). */
  created: { proposalId: string; postId: string; scheduled: boolean }[];
  /** Proposals the posts module refused, with its reason in the caller's language; they stay proposed. */
  failed: { proposalId: string; code: string; message: string }[];
}

/** Instagram first: most cafés in Kuwait live there. */
const NETWORK_ORDER: readonly PlatformName[] = ["instagram", ...PLATFORMS.filter((p) => p !== "instagram")];
/** A scheduled time must leave this long to publish; a nearer one becomes a draft. */
const SCHEDULE_LEAD_MS = 5 * 60_000;

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function createPlannerService(
  deps: Deps,
  modules: {
    calendar: CalendarService;
    insights: InsightsService;
    studio: StudioService;
    media: MediaService;
    platformAccounts: PlatformAccountsService;
    posts: PostsService;
  },
  opts: { now?: () => Date } = {},
) {
  const { db } = deps;
  const { calendar, insights, studio, media, platformAccounts, posts } = modules;
  const now = opts.now ?? (() => new Date());

  const business = (viewer: Viewer | null) => {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  };

  /** The holidays of the years from..to and the year before (a Ramadan begun in December). */
  async function holidaysAround(v: Viewer, fromYear: number, toYear: number): Promise<KuwaitHoliday[]> {
    const years = Array.from({ length: toYear - fromYear + 2 }, (_, i) => fromYear - 1 + i);
    return (await Promise.all(years.map((year) => calendar.holidays(v, { year })))).flat();
  }

  const inRamadan = (date: string, holidays: readonly KuwaitHoliday[]) => {
    const start = holidays
      .filter((h) => h.occasionKey === "ramadan_start" && h.date <= date)
      .map((h) => h.date)
      .sort()
      .at(-1);
    const end = start
      ? holidays
          .filter((h) => h.occasionKey === "ramadan_end" && h.date >= start)
          .map((h) => h.date)
          .sort()[0]
      : undefined;
    return !!end && date <= end;
  };

  /** The period asked for, its days to plan with their occasions, and the networks: what preview and plan share. */
  async function daysOf(v: Viewer, input: PlanInput) {
    let range: { from: string; to: string };
    let holidays: KuwaitHoliday[];
    if (input.period === "ramadan") {
      holidays = await holidaysAround(v, input.year!, input.year! + 1);
      const from = holidays.find(
        (h) => h.occasionKey === "ramadan_start" && h.date.startsWith(String(input.year)),
      )?.date;
      const to = from
        ? holidays
            .filter((h) => h.occasionKey === "ramadan_end" && h.date >= from)
            .map((h) => h.date)
            .sort()[0]
        : undefined;
      if (!from || !to) throw new AppError("PLAN_NO_DAYS");
      range = { from, to };
    } else {
      range = monthRange(input.month!);
      holidays = await holidaysAround(v, Number(range.from.slice(0, 4)), Number(range.to.slice(0, 4)));
    }
    const today = kuwaitDate(now());
    const occasionDays = planOccasionDays(holidays, range.from, range.to);
    const picked = pickPlanDays({ ...range, today, days: input.days, perWeek: input.perWeek, occasionDays });
    if (picked.outside.length) throw new AppError("VALIDATION_ERROR", { days: ["planDayOutside"] });
    if (!picked.days.length) throw new AppError("PLAN_NO_DAYS");
    let ramadanIndex = 0;
    const days = picked.days.map<PlanDayView>((date) => {
      const ramadan = inRamadan(date, holidays);
      // Iftar and Suhoor take turns over the Ramadan days the calendar names nothing for
      const o = planDayOccasion(date, holidays, ramadan, ramadanIndex);
      if (ramadan && !o.calendarKey) ramadanIndex++;
      return {
        date,
        calendarKey: o.calendarKey,
        occasion: o.content,
        occasionName: { en: o.name.en, ar: o.name.ar },
        ramadan,
      };
    });
    const connections = await platformAccounts.list(v);
    const networks = NETWORK_ORDER.filter((p) => connections.some((c) => c.platform === p && c.available && c.account));
    return { range, days, holidays, networks };
  }

  /**
   * The business's profile as the writer gets it on a day: the hours that fit the occasion and the day
   * (templates' rule, templateHours: the Ramadan hours in Ramadan, the Eid hours at Eid, never the daytime
   * hours then, Iftar's time for an Iftar post; a seasonal field the business left empty: no hours) as
   * its hours, and no other hours beside them.
   */
  function profileOn(profile: BusinessProfile, day: PlanDayView, holidays: readonly KuwaitHoliday[]): BusinessProfile {
    const eid = holidays.some(
      (h) => h.date === day.date && (h.occasionKey === "eid_al_fitr" || h.occasionKey === "eid_al_adha"),
    );
    const ctx = { ramadan: day.ramadan, eid, maghrib: kuwaitPrayerTimes(day.date).maghrib };
    const occasion = day.occasion ?? (day.ramadan ? "ramadan_suhoor" : "food_photo");
    const source = {
      hours: profile.hours,
      hoursAr: profile.hoursAr,
      ramadanHours: profile.ramadanHours,
      ramadanHoursAr: profile.ramadanHoursAr,
      eidHours: profile.eidHours,
      eidHoursAr: profile.eidHoursAr,
    };
    const hours = templateHours({ occasion, day: ctx, ...source, language: "en" });
    const hoursAr = templateHours({ occasion, day: ctx, ...source, language: "ar" });
    return { ...profile, hours, hoursAr, ramadanHours: null, ramadanHoursAr: null, eidHours: null, eidHoursAr: null };
  }

  function toView(
    p: Prisma.ContentPlanGetPayload<{ include: { proposals: true } }>,
    mediaById: Map<string, Media>,
    usage: AiUsage | null,
  ): PlanView {
    return {
      id: p.id,
      period: p.period,
      from: isoDay(p.fromDate),
      to: isoDay(p.toDate),
      language: p.language as ContentLanguage,
      createdAt: p.createdAt,
      usage,
      proposals: [...p.proposals]
        .sort((a, b) => a.date.getTime() - b.date.getTime() || a.scheduledFor.getTime() - b.scheduledFor.getTime())
        .map((r) => ({
          id: r.id,
          date: isoDay(r.date),
          calendarKey: r.calendarKey,
          occasion: r.occasion,
          occasionName: { en: r.occasionEn, ar: r.occasionAr },
          menuItemId: r.menuItemId,
          dish: r.dishEn ? { en: r.dishEn, ar: r.dishAr ?? r.dishEn } : null,
          platform: r.platform as PlatformName,
          format: r.format as PlanFormat,
          scheduledFor: r.scheduledFor,
          reason: r.reason,
          content: r.content,
          hashtags: r.hashtags,
          mediaId: r.mediaId,
          media: r.mediaId ? (mediaById.get(r.mediaId) ?? null) : null,
          shotList: (r.shotList as ShotList | null) ?? null,
          status: r.status as ProposalStatus,
          postId: r.postId,
        })),
    };
  }

  async function readPlan(businessId: string, id: unknown, usage: AiUsage | null = null): Promise<PlanView> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const plan = await db.contentPlan.findFirst({ where: { id, businessId }, include: { proposals: true } });
    if (!plan) throw new AppError("NOT_FOUND");
    const ids = plan.proposals.map((p) => p.mediaId).filter((x): x is string => !!x);
    const rows = await media.ofBusiness(businessId, ids);
    return toView(plan, new Map(rows.map((m) => [m.id, m])), usage);
  }

  return {
    /** What a plan would propose and cost (days, occasions, AI captions against those left), spending nothing. */
    async preview(viewer: Viewer | null, raw: unknown): Promise<PlanPreview> {
      const { v, businessId } = business(viewer);
      const input = validate(planInputSchema, raw);
      const [{ range, days, networks }, usage, menu] = await Promise.all([
        daysOf(v, input),
        studio.usage(v),
        loadMenuItems(db, businessId),
      ]);
      const cost = planCost(days.length);
      const missing = [...(menu.length ? [] : ["menu"]), ...(networks.length ? [] : ["networks"])];
      return { from: range.from, to: range.to, days, cost, usage, enough: cost <= usage.remaining, networks, missing };
    },

    /**
     * Plans the period: one proposal per day, each caption written by the writer in force (the plan's AI
     * posts are taken all at once, or the plan is refused with PLAN_ALLOWANCE_TOO_SMALL); kept until approved.
     */
    async plan(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<PlanView> {
      const { v, businessId } = business(viewer);
      const input = validate(planInputSchema, raw);
      const language: ContentLanguage = input.language ?? meta.locale;
      const { range, days, holidays, networks } = await daysOf(v, input);
      if (!networks.length) throw new AppError("PLATFORM_NOT_CONNECTED", { platforms: ["platformNotConnected"] });

      const menu = await loadMenuItems(db, businessId);
      const [profile, times, unused, held] = await Promise.all([
        loadBusinessProfile(db, businessId),
        insights.suggestionsOn(
          v,
          days.map((d) => d.date),
        ),
        // the newest unused photos, and every unused one labelled with a dish of the menu
        media.unusedImages(
          businessId,
          100,
          menu.map((m) => m.id),
        ),
        // photos another plan's open proposals already offer are left for them
        db.planProposal.findMany({
          where: { plan: { businessId }, status: "proposed", mediaId: { not: null } },
          select: { mediaId: true },
        }),
      ]);
      // a day whose times are all past (today, late) is not planned
      const planned = days.filter((d) => times.get(d.date)?.length);
      if (!planned.length) throw new AppError("PLAN_NO_DAYS");
      const free = unused.filter((m) => !held.some((h) => h.mediaId === m.id));
      const taken = new Set<string>();

      const drafts = planned.map((day, i) => {
        const item = menu.length ? menu[i % menu.length]! : null;
        const dish = item ? { en: item.name, ar: item.nameAr ?? item.name } : null;
        const platform = planNetworkFor(networks, i)!;
        const format = planFormatFor(platform, day.occasion);
        const suggestions = times.get(day.date)!;
        const wanted = preferredReasons(day.occasion);
        const time = suggestions.find((s) => wanted.includes(s.reason)) ?? suggestions[0]!;
        // a photo labelled with the dish, else one whose file name names it, else the newest unused one; none left: a shot list
        const photo = planPhotoFor(free, item ? { menuItemId: item.id, names: [dish!.en, dish!.ar] } : null, taken);
        if (photo) taken.add(photo.id);
        const shotList = photo
          ? null
          : shotListFor({ dish, content: day.occasion, calendarKey: day.calendarKey as never, format });
        const lang: Locale = language === "ar" ? "ar" : "en";
        const subject = dish ? dish[lang] : null;
        const prompt = subject ? `${day.occasionName[lang]}: ${subject}` : day.occasionName[lang];
        return {
          day,
          item,
          dish,
          platform,
          format,
          time,
          photo,
          shotList,
          request: {
            prompt,
            platform,
            language,
            tone: input.tone,
            occasion: day.occasion ?? undefined,
            business: profileOn(profile, day, holidays),
          },
        };
      });

      // all the plan's captions or none: refused before anything is written when too few AI posts remain
      const written = await studio.captionsForPlan(
        v,
        drafts.map((d) => d.request),
      );

      const id = await db.$transaction(async (tx) => {
        const plan = await tx.contentPlan.create({
          data: {
            businessId,
            createdById: v.userId,
            period: input.period,
            fromDate: dayOf(range.from),
            toDate: dayOf(range.to),
            language,
            proposals: {
              create: drafts.map((d, i) => ({
                date: dayOf(d.day.date),
                calendarKey: d.day.calendarKey,
                occasion: d.day.occasion,
                occasionEn: d.day.occasionName.en,
                occasionAr: d.day.occasionName.ar,
                menuItemId: d.item?.id ?? null,
                dishEn: d.dish?.en ?? null,
                dishAr: d.dish?.ar ?? null,
                platform: d.platform,
                format: d.format,
                scheduledFor: new Date(d.time.at),
                reason: d.time.reason,
                content: written.results[i]!.content,
                hashtags: written.results[i]!.hashtags,
                mediaId: d.photo?.id ?? null,
                shotList: d.shotList ? (d.shotList as unknown as Prisma.InputJsonObject) : undefined,
              })),
            },
          },
          select: { id: true },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "content_plan.created",
          entityType: "content_plan",
          entityId: plan.id,
          data: { period: input.period, from: range.from, to: range.to, proposals: drafts.length },
          ip: meta.ip,
        });
        return plan.id;
      });
      return readPlan(businessId, id, written.usage);
    },

    /** One of the business's plans, with its proposals in date order. */
    async get(viewer: Viewer | null, id: unknown): Promise<PlanView> {
      return readPlan(business(viewer).businessId, id);
    },

    /** The business's latest plans, newest first (at most 10). */
    async list(viewer: Viewer | null): Promise<PlanView[]> {
      const { businessId } = business(viewer);
      const rows = await db.contentPlan.findMany({
        where: { businessId },
        orderBy: { createdAt: "desc" },
        take: 10,
        select: { id: true },
      });
      return Promise.all(rows.map((r) => readPlan(businessId, r.id)));
    },

    /**
     * Approves proposals of a plan: each becomes a post through the posts module (its rules, its checks),
     * scheduled at its time when asked and possible (a photo where the network needs one, a time still
     * ahead), else a draft. A proposal is claimed before its post is made, so approving twice, or from two
     * tabs at once, makes each post once; one the posts module refuses stays proposed, with the reason.
     */
    async approve(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ApprovalOutcome> {
      const { businessId } = business(viewer);
      // another business's plan (or none) is NOT_FOUND before anything about the request is judged
      const plan = await readPlan(businessId, (raw as { planId?: unknown } | null)?.planId);
      const input = validate(approvePlanSchema, raw);
      const chosen = [...new Set(input.proposalIds.map((x) => x.toLowerCase()))];
      if (chosen.some((id) => !plan.proposals.some((p) => p.id === id))) throw new AppError("NOT_FOUND");
      const claimed = await db.$queryRaw<{ id: string }[]>`
        update plan_proposals set status = 'approving'
         where plan_id = ${plan.id}::uuid and id = any(${chosen}::uuid[]) and status = 'proposed'
        returning id`;
      const created: ApprovalOutcome["created"] = [];
      const failed: ApprovalOutcome["failed"] = [];
      for (const p of plan.proposals.filter((x) => claimed.some((c) => c.id === x.id))) {
        const canSchedule =
          input.schedule &&
          p.scheduledFor.getTime() > now().getTime() + SCHEDULE_LEAD_MS &&
          (!!p.mediaId || !NETWORK_PACKS[p.platform].limits.requiresMedia);
        const networkOptions = NETWORK_PACKS[p.platform].proposalOptions?.(p.format);
        try {
          const post = await posts.create(
            viewer,
            {
              content: p.content,
              hashtags: p.hashtags,
              platforms: [p.platform],
              mediaIds: p.mediaId ? [p.mediaId] : [],
              occasion: p.occasion,
              networkOptions,
              scheduledFor: canSchedule ? p.scheduledFor.toISOString() : undefined,
            },
            meta,
          );
          await db.planProposal.update({
            where: { id: p.id },
            data: { status: "approved", postId: post.id, approvedAt: now() },
          });
          created.push({ proposalId: p.id, postId: post.id, scheduled: post.status === "scheduled" });
        } catch (err) {
          await db.planProposal.update({ where: { id: p.id }, data: { status: "proposed" } });
          if (!(err instanceof AppError)) throw err;
          failed.push({ proposalId: p.id, code: err.code, message: renderError(err, meta.locale).message });
        }
      }
      return { plan: await readPlan(businessId, plan.id), created, failed };
    },
  };
}
