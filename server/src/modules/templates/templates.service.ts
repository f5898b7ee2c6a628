// The templates library: the built-in templates (@sufra/schema's templates.ts) and the
// business's own saved ones (ContentTemplate rows), listed with what the caller's plan opens, and
// applied to the composer filled with the business's details (name, area, opening hours, a dish
// from its menu or one typed in, a price in KWD, a discount).
//
// Plans (docs/product.md#plans-and-prices): basic templates on every plan, advanced ones from Professional, the business's
// own on Premium. Templates a plan does not open are still listed (locked), so people see what an
// upgrade brings; applying one is refused. A subscription that no longer runs (expired, cancelled)
// opens the basic templates only, as with the other paid features (team, image enhancement).
import {
  applyTemplateSchema,
  BUILT_IN_TEMPLATES,
  builtInTemplateId,
  customTemplateSchema,
  fillTemplate,
  findKuwaitArea,
  KUWAIT_AREAS,
  normalizeHashtag,
  parseBuiltInTemplateId,
  subscriptionRuns,
  templateHours,
  templateListQuerySchema,
  templateTiersForPlan,
  TEMPLATE_HASHTAGS_MAX,
  isRamadanDay,
  kuwaitDate,
  kuwaitHolidays,
  type ContentOccasionKey,
  type TemplateDay,
  type Locale,
  type PlanId,
  type TemplateLanguage,
  type TemplateTier,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { ContentTemplate } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { loadBusinessProfile } from "../business-profile/index.ts";
import { holidayOverrideInputs, kuwaitPrayerTimes } from "../calendar/index.ts";
import { isUuid } from "../../kernel/ids.ts";

/** One template in one language, as the list shows it. */
export interface TemplateRecord {
  /** "builtin:<key>:<language>" for a built-in template, the row's uuid for the business's own. */
  id: string;
  /** The built-in template's key; null for the business's own. */
  key: string | null;
  /** A built-in template's name in the caller's language; the business's own as written. */
  name: string;
  occasion: ContentOccasionKey;
  language: TemplateLanguage;
  tier: TemplateTier;
  /** The plan does not open it: listed to show what an upgrade brings, not applicable. */
  locked: boolean;
  body: string;
  hashtags: string[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface AppliedTemplate {
  /** The caption without its hashtags (composeText joins them when publishing). */
  content: string;
  hashtags: string[];
  language: TemplateLanguage;
}

export interface TemplateAccess {
  plan: PlanId;
  tiers: readonly TemplateTier[];
}

export function createTemplatesService(deps: Deps, opts: { now?: () => Date } = {}) {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());

  /** The plan the business is on and the tiers it opens (basic only once a subscription stops running). */
  async function accessOf(businessId: string): Promise<TemplateAccess> {
    const b = await db.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { requestedPlan: true, subscription: { select: { plan: true, status: true } } },
    });
    const plan = b.subscription?.plan ?? b.requestedPlan;
    const running = !b.subscription || subscriptionRuns(b.subscription.status);
    return { plan, tiers: templateTiersForPlan(running ? plan : "basic") };
  }

  const business = (viewer: Viewer | null) => {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  };

  function customRecord(r: ContentTemplate, locked: boolean): TemplateRecord {
    return {
      id: r.id,
      key: null,
      name: r.name,
      occasion: r.occasion as ContentOccasionKey,
      language: r.language === "ar" ? "ar" : "en",
      tier: "custom",
      locked,
      body: r.body,
      hashtags: r.hashtags,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }

  /** A custom template's row, the caller's business's only; anything else is NOT_FOUND. */
  async function ownRow(businessId: string, id: string): Promise<ContentTemplate> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const row = await db.contentTemplate.findFirst({ where: { id, businessId } });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  /** What the post's day is (docs/product.md#templates): Ramadan, an Eid day, its Maghrib; the admins' corrections applied. */
  async function dayOf(date: string): Promise<TemplateDay> {
    const overrides = await holidayOverrideInputs(db);
    const eid = kuwaitHolidays(Number(date.slice(0, 4)), overrides).some(
      (h) => h.date === date && (h.occasionKey === "eid_al_fitr" || h.occasionKey === "eid_al_adha"),
    );
    return { ramadan: isRamadanDay(date, overrides), eid, maghrib: kuwaitPrayerTimes(date).maghrib };
  }

  /** The details a template is filled with, from the profile and the request, in the template's language, fit for its occasion and day. */
  async function valuesFor(
    businessId: string,
    language: TemplateLanguage,
    occasion: ContentOccasionKey,
    input: { menuItemId?: string; dish?: string; price?: number; discount?: string; date?: string },
  ) {
    const profile = await loadBusinessProfile(db, businessId);
    let dish = input.dish;
    let price = input.price;
    if (input.menuItemId) {
      const item = await db.menuItem.findFirst({ where: { id: input.menuItemId, businessId } });
      if (!item) throw new AppError("NOT_FOUND");
      dish ??= language === "ar" ? item.nameAr || item.name : item.name;
      price ??= item.priceKwd == null ? undefined : Number(item.priceKwd);
    }
    // hours only where they fit the occasion and the day: Ramadan's in Ramadan, Eid's at Eid, an Iftar template says when Iftar is, never the daytime hours then
    const day = await dayOf(input.date ?? kuwaitDate(now()));
    const hours = templateHours({
      occasion,
      day,
      language,
      hours: profile.hours,
      hoursAr: profile.hoursAr,
      ramadanHours: profile.ramadanHours,
      ramadanHoursAr: profile.ramadanHoursAr,
      eidHours: profile.eidHours,
      eidHoursAr: profile.eidHoursAr,
    });
    return {
      business: language === "ar" ? profile.nameAr || profile.name : profile.name,
      area: profile.area,
      cuisine: profile.cuisine,
      hours,
      dish,
      price,
      discount: input.discount,
    };
  }

  /** The template's hashtags and, for a known area, the area's name (#Salmiya / #السالمية), each once. */
  function hashtagsFor(tags: readonly string[], area: string | null | undefined, language: TemplateLanguage): string[] {
    const out = [...tags];
    const known = findKuwaitArea(area);
    const areaTag = known ? normalizeHashtag(KUWAIT_AREAS[known][language]) : null;
    if (areaTag && !out.some((t) => t.toLowerCase() === areaTag.toLowerCase())) out.push(areaTag);
    return out.slice(0, TEMPLATE_HASHTAGS_MAX);
  }

  return {
    /** The plan and the template tiers it opens. */
    async access(viewer: Viewer | null): Promise<TemplateAccess> {
      return accessOf(business(viewer).businessId);
    },

    /**
     * The business's own templates (newest first), then the built-in ones in the library's order, one
     * entry per template per language; filtered by occasion and language ("both" or none: both).
     */
    async list(
      viewer: Viewer | null,
      input: { occasion?: unknown; language?: unknown } = {},
      locale: Locale = "en",
    ): Promise<TemplateRecord[]> {
      const { businessId } = business(viewer);
      const q = validate(templateListQuerySchema, input);
      const languages: TemplateLanguage[] = !q.language || q.language === "both" ? ["en", "ar"] : [q.language];
      const [{ tiers }, rows] = await Promise.all([
        accessOf(businessId),
        db.contentTemplate.findMany({
          where: { businessId, language: { in: languages }, ...(q.occasion ? { occasion: q.occasion } : {}) },
          orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
        }),
      ]);
      const custom = rows.map((r) => customRecord(r, !tiers.includes("custom")));
      const builtIn = BUILT_IN_TEMPLATES.filter((t) => !q.occasion || t.occasion === q.occasion).flatMap((t) =>
        languages.map<TemplateRecord>((language) => ({
          id: builtInTemplateId(t.key, language),
          key: t.key,
          name: t.name[locale],
          occasion: t.occasion,
          language,
          tier: t.tier,
          locked: !tiers.includes(t.tier),
          body: t.body[language],
          hashtags: [...t.hashtags[language]],
          createdAt: null,
          updatedAt: null,
        })),
      );
      return [...custom, ...builtIn];
    },

    /**
     * A template filled with the business's details: its name (Arabic name in Arabic), area, opening
     * hours, and a dish and price from its menu (menuItemId) or typed in (dish, price: they win over
     * the menu's), and a discount. Whatever is missing leaves the caption cleanly (fillTemplate).
     */
    async apply(viewer: Viewer | null, input: unknown): Promise<AppliedTemplate> {
      const { businessId } = business(viewer);
      const data = validate(applyTemplateSchema, input);
      const { tiers } = await accessOf(businessId);
      let body: string;
      let language: TemplateLanguage;
      let tags: readonly string[];
      let occasion: ContentOccasionKey;
      const builtIn = parseBuiltInTemplateId(data.templateId);
      if (builtIn) {
        const lang = builtIn.language ?? data.language;
        if (!lang) throw new AppError("VALIDATION_ERROR", { language: ["templateLanguageInvalid"] });
        if (!tiers.includes(builtIn.template.tier)) throw new AppError("TEMPLATE_PLAN_REQUIRED");
        language = lang;
        body = builtIn.template.body[lang];
        tags = builtIn.template.hashtags[lang];
        occasion = builtIn.template.occasion;
      } else {
        const row = await ownRow(businessId, data.templateId);
        if (!tiers.includes("custom")) throw new AppError("CUSTOM_TEMPLATES_REQUIRE_PREMIUM");
        language = row.language === "ar" ? "ar" : "en";
        body = row.body;
        tags = row.hashtags;
        occasion = row.occasion as ContentOccasionKey;
      }
      const values = await valuesFor(businessId, language, occasion, data);
      return {
        content: fillTemplate(body, values, language),
        hashtags: hashtagsFor(tags, values.area, language),
        language,
      };
    },

    /** Premium: saves a template of the business's own; with an id, changes that one (the business's only). */
    async save(viewer: Viewer | null, input: unknown, meta?: RequestMeta, id?: string | null): Promise<TemplateRecord> {
      const { v, businessId } = business(viewer);
      // the plan first: someone without it learns that, not what the form lacks
      const { tiers } = await accessOf(businessId);
      if (!tiers.includes("custom")) throw new AppError("CUSTOM_TEMPLATES_REQUIRE_PREMIUM");
      const data = validate(customTemplateSchema, input);
      const row = await db.$transaction(async (tx) => {
        let saved: ContentTemplate;
        if (id) {
          if (!isUuid(id) || !(await tx.contentTemplate.findFirst({ where: { id, businessId }, select: { id: true } })))
            throw new AppError("NOT_FOUND");
          saved = await tx.contentTemplate.update({ where: { id }, data });
        } else saved = await tx.contentTemplate.create({ data: { ...data, businessId, createdById: v.userId } });
        await audit(tx, {
          actorId: v.userId,
          action: id ? "content_template.updated" : "content_template.created",
          entityType: "content_template",
          entityId: saved.id,
          data: { name: data.name, occasion: data.occasion, language: data.language },
          ip: meta?.ip,
        });
        return saved;
      });
      return customRecord(row, false);
    },

    /**
     * Deletes a template of the business's own. Allowed on any plan: a business that left Premium
     * keeps its saved templates (locked) and may still clear them out.
     */
    async remove(viewer: Viewer | null, id: string, meta?: RequestMeta): Promise<{ id: string }> {
      const { v, businessId } = business(viewer);
      await db.$transaction(async (tx) => {
        if (!isUuid(id)) throw new AppError("NOT_FOUND");
        const found = await tx.contentTemplate.findFirst({ where: { id, businessId } });
        if (!found) throw new AppError("NOT_FOUND");
        await tx.contentTemplate.delete({ where: { id } });
        await audit(tx, {
          actorId: v.userId,
          action: "content_template.deleted",
          entityType: "content_template",
          entityId: id,
          data: { name: found.name },
          ip: meta?.ip,
        });
      });
      return { id };
    },
  };
}
