// The AI content studio: captions and hashtags for a post, counted against the plan's monthly AI
// posts (docs/product.md#plans-and-prices: Basic 50, Professional 100, Premium 500), and the admins' choice of writer.
//
// Counting: a generation is reserved (a row in ai_generations) before the writer runs, under a
// per-business advisory lock, so two tabs pressing Generate at the last free slot cannot both get
// it; the writer then runs outside any transaction (a model may take 30 s). Hashtag suggestions
// are not counted: they are cheap and always local.
import {
  aiSettingsSchema, generateInputSchema, hashtagSuggestInputSchema, kuwaitDate, messageText, PLANS,
  type AiProviderName, type ContentLanguage, type Locale, type PlanId,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { AiWriter, ReviewReplyRequest, ReviewReplyResult } from "../../ai/provider.ts";
import type { GeneratedVariant } from "../../ai/types.ts";
import { createLocalWriter } from "../../ai/local/local-writer.ts";
import { suggestHashtags as localHashtags } from "../../ai/local/hashtags.ts";
import { createOpenAiWriter } from "../../ai/openai/openai-writer.ts";
import { builtInGuestReader, createOpenAiReader, type GuestMessage, type GuestMessageReading, type GuestReader } from "../../ai/openai/openai-reader.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { loadBusinessProfile, planOfBusiness } from "../business-profile/index.ts";
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
}

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

export const kuwaitMonth = (at: Date) => kuwaitDate(at).slice(0, 7);
export function nextMonthStart(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

export function createStudioService(deps: Deps, opts: { now?: () => Date } = {}) {
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

  async function settings(): Promise<WriterSettings & { source: "settings" | "configuration"; updatedAt: Date | null }> {
    const row = await db.aiSettings.findUnique({ where: { id: 1 } });
    if (row) {
      let apiKey: string | undefined;
      if (row.apiKeySealed) {
        try {
          apiKey = crypto.open(row.apiKeySealed);
        } catch {
          deps.logger.warn("ai: the stored API key cannot be read with this TOKEN_ENCRYPTION_KEY; set it again in settings");
        }
      }
      return { provider: row.provider, baseUrl: row.baseUrl ?? undefined, model: row.model ?? undefined, apiKey, source: "settings", updatedAt: row.updatedAt };
    }
    const c = config.ai;
    return { provider: c.provider, baseUrl: c.baseUrl, model: c.model, apiKey: c.apiKey, source: "configuration", updatedAt: null };
  }

  /** The writer for the current settings; the model's client is kept while they stay the same. */
  async function writer(): Promise<AiWriter> {
    const s = await settings();
    if (s.provider !== "openai" || !s.model) return local;
    const key = JSON.stringify([s.baseUrl, s.model, s.apiKey, config.ai.timeoutMs]);
    if (cached?.key !== key) {
      cached = { key, writer: createOpenAiWriter({ baseUrl: s.baseUrl, apiKey: s.apiKey, model: s.model, timeoutMs: config.ai.timeoutMs, logger: deps.logger }, local) };
    }
    return cached.writer;
  }

  /** The guests' reader for the current settings: the model (its cache kept while they stay the same) or the built-in one. */
  async function reader(): Promise<GuestReader> {
    const s = await settings();
    if (s.provider !== "openai" || !s.model) return builtInReader;
    const key = JSON.stringify([s.baseUrl, s.model, s.apiKey, config.ai.timeoutMs]);
    if (cachedReader?.key !== key) cachedReader = { key, reader: createOpenAiReader({ baseUrl: s.baseUrl, apiKey: s.apiKey, model: s.model, timeoutMs: config.ai.timeoutMs, logger: deps.logger }) };
    return cachedReader.reader;
  }

  async function usageOf(businessId: string, at = now()): Promise<AiUsage> {
    const month = kuwaitMonth(at);
    const [plan, used] = await Promise.all([planOfBusiness(db, businessId), db.aiGeneration.count({ where: { businessId, month } })]);
    const limit = PLANS[plan].aiPostsPerMonth;
    return { month, used, limit, remaining: Math.max(0, limit - used), plan, resetsOn: nextMonthStart(month) };
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
      const row = await tx.aiGeneration.create({ data: { businessId, userId, month, provider: "local", kind: "caption" } });
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
      const reservation = await reserve(businessId, v.userId, at);
      try {
        const [w, profile] = await Promise.all([writer(), loadBusinessProfile(db, businessId)]);
        const result = await w.generate({ prompt: input.prompt, platform: input.platform, language, tone: input.tone, occasion: input.occasion, variants: input.variants, seed: input.seed, business: profile });
        const fellBack = !!result.fellBack;
        await db.aiGeneration.update({ where: { id: reservation }, data: { provider: w.provider, fellBack } });
        const first = result.variants[0]!;
        return {
          content: first.content,
          hashtags: first.hashtags,
          language,
          provider: result.provider,
          fellBack,
          note: fellBack ? messageText("aiFellBack", meta.locale) : null,
          seed: result.seed ?? null,
          variants: result.variants,
          usage: await usageOf(businessId, at),
        };
      } catch (err) {
        // nothing was written for them: the AI post is not spent
        await db.aiGeneration.delete({ where: { id: reservation } }).catch(() => undefined);
        throw err;
      }
    },

    /** Hashtags for a caption: bilingual, relevant, no duplicates, capped per platform. Not counted. */
    async suggestHashtags(viewer: Viewer | null, raw: unknown): Promise<{ hashtags: string[] }> {
      const { businessId } = business(viewer);
      const input = validate(hashtagSuggestInputSchema, raw);
      const profile = await loadBusinessProfile(db, businessId);
      return { hashtags: localHashtags({ content: input.content, platform: input.platform, occasion: input.occasion, business: profile }) };
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
        const apiKeySealed = input.clearApiKey ? null : input.apiKey ? crypto.seal(input.apiKey) : (current?.apiKeySealed ?? null);
        const data = { provider: input.provider, baseUrl: input.baseUrl ?? null, model: input.model ?? null, apiKeySealed, updatedById: v.userId };
        await tx.aiSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
        await audit(tx, {
          actorId: v.userId,
          action: "ai_settings.update",
          entityType: "ai_settings",
          entityId: "1",
          data: { provider: input.provider, baseUrl: input.baseUrl ?? null, model: input.model ?? null, apiKey: input.clearApiKey ? "cleared" : input.apiKey ? "replaced" : "kept" },
          ip: meta.ip,
        });
      });
      cached = null;
      return view(await settings());
    },

    /** Asks the writer in force for one short caption: does the model answer, and how fast? Not counted. */
    async testAiSettings(viewer: Viewer | null, meta: Pick<RequestMeta, "locale">): Promise<{ ok: boolean; provider: AiProviderName; fellBack: boolean; latencyMs: number; sample: string; note: string | null }> {
      requireScope(viewer, "admin");
      const w = await writer();
      const started = performance.now();
      const r = await w.generate({ prompt: "Spanish latte", platform: "twitter", language: meta.locale as Locale, tone: "friendly", variants: 1, business: { name: "Sufra" } });
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
