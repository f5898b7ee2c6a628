// The AI content studio: captions and hashtags for a post, counted against the plan's monthly AI
// posts (docs/product.md#plans-and-prices: Basic 50, Professional 100, Premium 500), and the admins' choice of writer.
//
// Counting: a generation is reserved (a row in ai_generations) before the writer runs, under a
// per-business advisory lock, so two tabs pressing Generate at the last free slot cannot both get
// it; the writer then runs outside any transaction (a model may take 30 s). Hashtag suggestions
// are not counted: they are cheap and always local.
import {
  aiSettingsSchema,
  generateInputSchema,
  hashtagSuggestInputSchema,
  kuwaitDate,
  LEARN_MAX_POSTS,
  messageText,
  PLANS,
  resolveVoice,
  VOICE_FIELDS,
  type BusinessVoice,
  type AiProviderName,
  type ContentLanguage,
  type Locale,
  type PlanId,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { AiWriter, ReviewReplyRequest, ReviewReplyResult } from "../../ai/provider.ts";
import type { GenerateRequest, GeneratedVariant, PhotoAltText, PostPhoto } from "../../ai/types.ts";
import { createLocalWriter } from "../../ai/local/local-writer.ts";
import { suggestHashtags as localHashtags } from "../../ai/local/hashtags.ts";
import { createOpenAiWriter } from "../../ai/openai/openai-writer.ts";
import {
  builtInGuestReader,
  createOpenAiReader,
  type GuestMessage,
  type GuestMessageReading,
  type GuestReader,
} from "../../ai/openai/openai-reader.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { loadBusinessProfile, loadChosenVoice, planOfBusiness } from "../business-profile/index.ts";
import { publishedCaptions } from "../posts/index.ts";
import { learnVoice, type LearnedVoice } from "../../ai/voice.ts";
import { requireRunning } from "../billing/index.ts";

export interface AiUsage {
  /** Kuwait calendar month, "2026-11". */
  month: string;
  used: number;
  limit: number;
  remaining: number;
  plan: PlanId;
  /** The first day of next month (Kuwait), when the count starts again. */
  resetsOn: string;
}

export interface GeneratedPost {
  content: string;
  hashtags: string[];
  language: ContentLanguage;
  provider: AiProviderName;
  fellBack: boolean;
  /** Why the captions are not the model's, in the caller's language. */
  note: string | null;
  /** The built-in writer's seed: sent again with the same request, the same captions. */
  seed: number | null;
  variants: GeneratedVariant[];
  usage: AiUsage;
  /** With photos: whether the model saw them; null without photos. */
  photosSeen: boolean | null;
  /** Alt text proposed per photo, in the caption's language(s); only where something is known of the photo. */
  altTexts: ProposedAltText[];
}

/** An alt text proposal for one photo of the post. */
export interface ProposedAltText {
  mediaId: string;
  /** In the caption's language (both: Arabic, then English). */
  text: string;
  en: string | null;
  ar: string | null;
  /** "vision": a model saw the photo; "menu_item": from the menu item said for it. */
  source: "vision" | "menu_item";
}

/** What the AI can do for the caller's posts now (the composer shows it). */
export interface AiCapabilities {
  provider: AiProviderName;
  /** True when the post's photos are sent to a model that sees them. */
  vision: boolean;
}

/** The photos the writer is given: the media module's forWriter (docs/architecture.md#what-the-ai-is-sent). */
export type PhotosOf = (businessId: string, mediaIds: readonly string[]) => Promise<PostPhoto[]>;

/** The writer in force, as an admin sees it (the key never leaves the server). */
export interface AiSettingsView {
  provider: AiProviderName;
  baseUrl: string | null;
  model: string | null;
  hasApiKey: boolean;
  /** "settings" when an admin chose it; "configuration" when the environment decides. */
  source: "settings" | "configuration";
  timeoutSeconds: number;
  updatedAt: Date | null;
}

interface WriterSettings {
  provider: AiProviderName;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
}

/** How many of a plan's captions are written at once. */
const PLAN_WRITERS = 4;

export const kuwaitMonth = (at: Date) => kuwaitDate(at).slice(0, 7);
function nextMonthStart(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The alt text a post keeps for a photo, in the caption's language; null when that language has none. */
function altTextFor(a: PhotoAltText, language: ContentLanguage): string | null {
  if (language === "both") return a.ar && a.en ? `${a.ar} / ${a.en}` : (a.ar ?? a.en);
  return a[language];
}

export function createStudioService(deps: Deps, opts: { now?: () => Date; photos?: PhotosOf } = {}) {
  const { db, config } = deps;
  const now = opts.now ?? (() => new Date());
  const crypto = createTokenCrypto(config.tokenKey);
  const local = createLocalWriter();
  let cached: { key: string; writer: AiWriter } | null = null;
  const builtInReader = builtInGuestReader();
  let cachedReader: { key: string; reader: GuestReader } | null = null;

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }
  const this_business = business;

  async function settings(): Promise<
    WriterSettings & { source: "settings" | "configuration"; updatedAt: Date | null }
  > {
    const row = await db.aiSettings.findUnique({ where: { id: 1 } });
    if (row) {
      let apiKey: string | undefined;
      if (row.apiKeySealed) {
        try {
          apiKey = crypto.open(row.apiKeySealed);
        } catch {
          deps.logger.warn(
            "ai: the stored API key cannot be read with this TOKEN_ENCRYPTION_KEY; set it again in settings",
          );
        }
      }
      return {
        provider: row.provider,
        baseUrl: row.baseUrl ?? undefined,
        model: row.model ?? undefined,
        apiKey,
        source: "settings",
        updatedAt: row.updatedAt,
      };
    }
    const c = config.ai;
    return {
      provider: c.provider,
      baseUrl: c.baseUrl,
      model: c.model,
      apiKey: c.apiKey,
      source: "configuration",
      updatedAt: null,
    };
  }

  /** The writer for the current settings; the model's client is kept while they stay the same. */
  async function writer(): Promise<AiWriter> {
    const s = await settings();
    if (s.provider !== "openai" || !s.model) return local;
    const key = JSON.stringify([s.baseUrl, s.model, s.apiKey, config.ai.timeoutMs, config.ai.vision]);
    if (cached?.key !== key) {
      cached = {
        key,
        writer: createOpenAiWriter(
          {
            baseUrl: s.baseUrl,
            apiKey: s.apiKey,
            model: s.model,
            timeoutMs: config.ai.timeoutMs,
            logger: deps.logger,
            vision: config.ai.vision,
          },
          local,
        ),
      };
    }
    return cached.writer;
  }

  /** The guests' reader for the current settings: the model (its cache kept while they stay the same) or the built-in one. */
  async function reader(): Promise<GuestReader> {
    const s = await settings();
    if (s.provider !== "openai" || !s.model) return builtInReader;
    const key = JSON.stringify([s.baseUrl, s.model, s.apiKey, config.ai.timeoutMs]);
    if (cachedReader?.key !== key)
      cachedReader = {
        key,
        reader: createOpenAiReader({
          baseUrl: s.baseUrl,
          apiKey: s.apiKey,
          model: s.model,
          timeoutMs: config.ai.timeoutMs,
          logger: deps.logger,
        }),
      };
    return cachedReader.reader;
  }

  async function usageOf(businessId: string, at = now()): Promise<AiUsage> {
    const month = kuwaitMonth(at);
    const [plan, used] = await Promise.all([
      planOfBusiness(db, businessId),
      db.aiGeneration.count({ where: { businessId, month } }),
    ]);
    const limit = PLANS[plan].aiPostsPerMonth;
    return { month, used, limit, remaining: Math.max(0, limit - used), plan, resetsOn: nextMonthStart(month) };
  }

  /** AI drafts learning compares published posts with: the most recent, written in the last 60 days. */
  const LEARN_MAX_DRAFTS = 300;

  /**
   * What the business's published posts and its edits of AI drafts show of its voice
   * (ai/voice.ts: learnVoice), from the newest LEARN_MAX_POSTS posts and LEARN_MAX_DRAFTS drafts.
   */
  async function learnedVoice(businessId: string): Promise<LearnedVoice> {
    const since = new Date(now().getTime() - 60 * 24 * 3600 * 1000);
    const [posts, generations] = await Promise.all([
      publishedCaptions(db, businessId, LEARN_MAX_POSTS),
      db.aiGeneration.findMany({
        where: { businessId, createdAt: { gte: since } },
        orderBy: { createdAt: "desc" },
        take: LEARN_MAX_DRAFTS,
        select: { drafts: true, createdAt: true },
      }),
    ]);
    const drafts = generations
      .flatMap((g) => g.drafts.map((content) => ({ content, createdAt: g.createdAt })))
      .slice(0, LEARN_MAX_DRAFTS);
    return learnVoice(posts, drafts);
  }

  /** The voice the writer follows: chosen, else learned, else the defaults (schema/src/voice.ts). */
  async function voiceOf(businessId: string): Promise<BusinessVoice> {
    const chosen = await loadChosenVoice(db, businessId);
    // every habit chosen: what was learned cannot change the voice, so the posts are not read (every generate asks)
    if (VOICE_FIELDS.every((f) => chosen[f] != null)) return resolveVoice(chosen, null).voice;
    return resolveVoice(chosen, (await learnedVoice(businessId)).proposal).voice;
  }

  /** Takes one of this month's AI posts for the business, or refuses with AI_QUOTA_EXCEEDED. */
  async function reserve(businessId: string, userId: string, at: Date): Promise<string> {
    const month = kuwaitMonth(at);
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${businessId}`}, 0))`;
      // a stopped subscription writes no more with AI (docs/product.md#subscriptions-and-billing); hashtag suggestions are local and stay
      await requireRunning(tx, businessId, "ai");
      const plan = await planOfBusiness(tx, businessId);
      const used = await tx.aiGeneration.count({ where: { businessId, month } });
      if (used >= PLANS[plan].aiPostsPerMonth) throw new AppError("AI_QUOTA_EXCEEDED");
      const row = await tx.aiGeneration.create({
        data: { businessId, userId, month, provider: "local", kind: "caption" },
      });
      return row.id;
    });
  }

  const view = (s: Awaited<ReturnType<typeof settings>>): AiSettingsView => ({
    provider: s.provider,
    baseUrl: s.baseUrl ?? null,
    model: s.model ?? null,
    hasApiKey: !!s.apiKey,
    source: s.source,
    timeoutSeconds: config.ai.timeoutMs / 1000,
    updatedAt: s.updatedAt,
  });

  return {
    /** This month's AI posts for the caller's business. */
    async usage(viewer: Viewer | null): Promise<AiUsage> {
      const { businessId } = business(viewer);
      return usageOf(businessId);
    },

    /** Captions for a post, in variants to pick from; counts one AI post. */
    async generate(viewer: Viewer | null, raw: unknown, meta: Pick<RequestMeta, "locale">): Promise<GeneratedPost> {
      const { v, businessId } = business(viewer);
      const input = validate(generateInputSchema, raw);
      const language: ContentLanguage = input.language ?? meta.locale;
      const at = now();
      // the photos are read before an AI post is spent: a foreign or missing one is NOT_FOUND
      const photos = input.mediaIds?.length && opts.photos ? await opts.photos(businessId, input.mediaIds) : [];
      const reservation = await reserve(businessId, v.userId, at);
      try {
        const [w, profile, voice] = await Promise.all([
          writer(),
          loadBusinessProfile(db, businessId),
          voiceOf(businessId),
        ]);
        // the tone asked for, else the café's own
        const tone = input.tone ?? voice.tone;
        const result = await w.generate({
          prompt: input.prompt,
          platform: input.platform,
          language,
          tone,
          occasion: input.occasion,
          variants: input.variants,
          seed: input.seed,
          business: profile,
          voice,
          photos,
        });
        const fellBack = !!result.fellBack;
        const photosSeen = photos.length ? !!result.photosSeen : null;
        // nobody saw the photo: say so, and whether the caption could name it (its menu item)
        const photoNote =
          photosSeen === false
            ? messageText(photos.some((p) => p.menuItem) ? "aiPhotoNotSeen" : "aiPhotoNoMenuItem", meta.locale)
            : null;
        const notes = [fellBack ? messageText("aiFellBack", meta.locale) : null, photoNote].filter(
          (n): n is string => !!n,
        );
        // the drafts are kept (text only), so learning can read how the post each became was edited
        const drafts = result.variants.map((v) => v.content);
        await db.aiGeneration.update({ where: { id: reservation }, data: { provider: w.provider, fellBack, drafts } });
        const first = result.variants[0]!;
        return {
          content: first.content,
          hashtags: first.hashtags,
          language,
          provider: result.provider,
          fellBack,
          note: notes.length ? notes.join(". ") : null,
          seed: result.seed ?? null,
          variants: result.variants,
          usage: await usageOf(businessId, at),
          photosSeen,
          altTexts: (result.altTexts ?? []).flatMap((a) => {
            const text = altTextFor(a, language);
            return text ? [{ mediaId: a.mediaId, text, en: a.en, ar: a.ar, source: a.source }] : [];
          }),
        };
      } catch (err) {
        // nothing was written for them: the AI post is not spent
        await db.aiGeneration.delete({ where: { id: reservation } }).catch(() => undefined);
        throw err;
      }
    },

    /**
     * Captions for a content plan (docs/product.md#planning-a-month): one AI post each, all taken at once
     * under the same lock as a single one, or none: when fewer remain than asked, PLAN_ALLOWANCE_TOO_SMALL
     * says how many are needed and how many remain. The writer in force writes each; a caption the
     * writer fails to write gives its AI post back.
     */
    async captionsForPlan(
      viewer: Viewer | null,
      requests: readonly (Omit<GenerateRequest, "variants" | "tone"> & { tone?: GenerateRequest["tone"] })[],
    ): Promise<{ results: GeneratedVariant[]; provider: AiProviderName; usage: AiUsage }> {
      const { v, businessId } = this_business(viewer);
      const at = now();
      const month = kuwaitMonth(at);
      const ids = await db.$transaction(async (tx) => {
        await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${businessId}`}, 0))`;
        await requireRunning(tx, businessId, "ai");
        const plan = await planOfBusiness(tx, businessId);
        const used = await tx.aiGeneration.count({ where: { businessId, month } });
        const remaining = Math.max(0, PLANS[plan].aiPostsPerMonth - used);
        if (requests.length > remaining) {
          throw new AppError("PLAN_ALLOWANCE_TOO_SMALL", {
            days: [
              {
                key: "planAllowanceTooSmall",
                params: { needed: String(requests.length), remaining: String(remaining) },
              },
            ],
          });
        }
        const rows = await tx.aiGeneration.createManyAndReturn({
          data: requests.map(() => ({
            businessId,
            userId: v.userId,
            month,
            provider: "local" as const,
            kind: "caption",
          })),
          select: { id: true },
        });
        return rows.map((r) => r.id);
      });
      // the plan's captions are in the café's voice like any other (its tone unless the plan asked one)
      const [w, voice] = await Promise.all([writer(), voiceOf(businessId)]);
      const results: GeneratedVariant[] = new Array(requests.length);
      let written = 0;
      let next = 0;
      // a few at a time: a model may take seconds a caption, and a month is up to 31 of them
      const lane = async () => {
        while (next < requests.length) {
          const i = next++;
          const r = await w.generate({ voice, ...requests[i]!, tone: requests[i]!.tone ?? voice.tone, variants: 1 });
          results[i] = r.variants[0]!;
          written++;
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(PLAN_WRITERS, requests.length) }, lane));
        await db.aiGeneration.updateMany({ where: { id: { in: ids } }, data: { provider: w.provider } });
      } catch (err) {
        // the captions not written give their AI posts back (the reservations are alike: any of them)
        next = requests.length;
        await db.aiGeneration.deleteMany({ where: { id: { in: ids.slice(written) } } }).catch(() => undefined);
        throw err;
      }
      return { results, provider: w.provider, usage: await usageOf(businessId, at) };
    },

    /** What the AI can do now for the caller's business: whether it will see the post's photos. */
    async capabilities(viewer: Viewer | null): Promise<AiCapabilities> {
      business(viewer);
      const w = await writer();
      return { provider: w.provider, vision: w.seesPhotos?.() ?? false };
    },

    /** What the business's posts and edits show of its voice (the business-profile module shows it). */
    learnedVoice,

    /** Hashtags for a caption: bilingual, relevant, no duplicates, capped per platform. Not counted. */
    async suggestHashtags(viewer: Viewer | null, raw: unknown): Promise<{ hashtags: string[] }> {
      const { businessId } = business(viewer);
      const input = validate(hashtagSuggestInputSchema, raw);
      const profile = await loadBusinessProfile(db, businessId);
      return {
        hashtags: localHashtags({
          content: input.content,
          platform: input.platform,
          occasion: input.occasion,
          business: profile,
        }),
      };
    },

    /**
     * Guests' messages read by the reader in force: the admins' model, with the built-in reader behind
     * it for whatever the model does not answer, or the built-in reader (the inbox calls this).
     */
    async readGuests(messages: GuestMessage[]): Promise<GuestMessageReading[]> {
      return (await reader()).read(messages);
    },

    /** A reply to a customer review, by the writer in force (the reviews module calls this). */
    async replyToReview(req: ReviewReplyRequest): Promise<ReviewReplyResult> {
      return (await writer()).replyToReview(req);
    },

    async aiSettings(viewer: Viewer | null): Promise<AiSettingsView> {
      requireScope(viewer, "admin");
      return view(await settings());
    },

    /** An admin chooses the writer; the key is sealed at rest and never sent back. Audited. */
    async updateAiSettings(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<AiSettingsView> {
      const v = requireScope(viewer, "admin");
      const input = validate(aiSettingsSchema, raw);
      await db.$transaction(async (tx) => {
        const current = await tx.aiSettings.findUnique({ where: { id: 1 } });
        const apiKeySealed = input.clearApiKey
          ? null
          : input.apiKey
            ? crypto.seal(input.apiKey)
            : (current?.apiKeySealed ?? null);
        const data = {
          provider: input.provider,
          baseUrl: input.baseUrl ?? null,
          model: input.model ?? null,
          apiKeySealed,
          updatedById: v.userId,
        };
        await tx.aiSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
        await audit(tx, {
          actorId: v.userId,
          action: "ai_settings.update",
          entityType: "ai_settings",
          entityId: "1",
          data: {
            provider: input.provider,
            baseUrl: input.baseUrl ?? null,
            model: input.model ?? null,
            apiKey: input.clearApiKey ? "cleared" : input.apiKey ? "replaced" : "kept",
          },
          ip: meta.ip,
        });
      });
      cached = null;
      return view(await settings());
    },

    /**
     * Asks a writer for one short caption: does the model answer, and how fast? Not counted. `raw`: the
     * settings being edited (checked as saving checks them; an empty apiKey tries the stored one, as saving
     * keeps it), tried without being saved; none: the writer in force.
     */
    async testAiSettings(
      viewer: Viewer | null,
      meta: Pick<RequestMeta, "locale">,
      raw?: unknown,
    ): Promise<{
      ok: boolean;
      provider: AiProviderName;
      fellBack: boolean;
      latencyMs: number;
      sample: string;
      note: string | null;
    }> {
      requireScope(viewer, "admin");
      let w: AiWriter;
      if (raw === undefined || raw === null) w = await writer();
      else {
        const input = validate(aiSettingsSchema, raw);
        const apiKey = input.clearApiKey ? undefined : input.apiKey || (await settings()).apiKey;
        w =
          input.provider !== "openai" || !input.model
            ? local
            : createOpenAiWriter(
                {
                  baseUrl: input.baseUrl,
                  apiKey,
                  model: input.model,
                  timeoutMs: config.ai.timeoutMs,
                  logger: deps.logger,
                  vision: config.ai.vision,
                },
                local,
              );
      }
      const started = performance.now();
      const r = await w.generate({
        prompt: "Spanish latte",
        platform: "twitter",
        language: meta.locale as Locale,
        tone: "friendly",
        variants: 1,
        business: { name: "Sufra" },
      });
      const fellBack = !!r.fellBack;
      return {
        ok: !fellBack,
        provider: w.provider,
        fellBack,
        latencyMs: Math.round(performance.now() - started),
        sample: r.variants[0]?.content ?? "",
        note: fellBack ? messageText("aiFellBack", meta.locale) : null,
      };
    },
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
