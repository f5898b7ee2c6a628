// The AI studio at the GraphQL door: thin, every field calls the studio service.
import { AI_PROVIDERS, type AiProviderName } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ContentLanguageEnum, ContentOccasionEnum, ContentToneEnum, PlanEnum, PlatformEnum } from "../../graphql/enums.ts";
import type { GeneratedVariant as GeneratedVariantShape } from "../../ai/types.ts";
import type { AiSettingsView, AiUsage as AiUsageShape, GeneratedPost as GeneratedPostShape } from "./studio.service.ts";

export const AiProviderEnum = builder.enumType("AiProviderName", {
  description: "local: Sufra's built-in offline writer; openai: an OpenAI-compatible model",
  values: Object.fromEntries(AI_PROVIDERS.map((p) => [p.toUpperCase(), { value: p }])) as Record<Uppercase<AiProviderName>, { value: AiProviderName }>,
});

export const AiUsage = builder.objectRef<AiUsageShape>("AiUsage").implement({
  description: "AI posts this month (Kuwait calendar month) against the plan's allowance.",
  fields: (t) => ({
    month: t.exposeString("month", { description: "YYYY-MM" }),
    used: t.exposeInt("used"),
    limit: t.exposeInt("limit"),
    remaining: t.exposeInt("remaining"),
    plan: t.field({ type: PlanEnum, resolve: (u) => u.plan }),
    resetsOn: t.exposeString("resetsOn", { description: "YYYY-MM-DD: the count starts again" }),
  }),
});

const GeneratedVariant = builder.objectRef<GeneratedVariantShape>("GeneratedVariant").implement({
  fields: (t) => ({
    content: t.exposeString("content", { description: "The caption without its hashtags" }),
    hashtags: t.exposeStringList("hashtags", { description: "Without '#'" }),
    language: t.field({ type: ContentLanguageEnum, resolve: (v) => v.language }),
  }),
});

const GeneratedPost = builder.objectRef<GeneratedPostShape>("GeneratedPost").implement({
  description: "Captions to pick from; content and hashtags are the first variant's.",
  fields: (t) => ({
    content: t.exposeString("content"),
    hashtags: t.exposeStringList("hashtags"),
    language: t.field({ type: ContentLanguageEnum, resolve: (g) => g.language }),
    provider: t.field({ type: AiProviderEnum, resolve: (g) => g.provider }),
    fellBack: t.exposeBoolean("fellBack", { description: "The model failed and the built-in writer answered" }),
    note: t.exposeString("note", { nullable: true, description: "Why, in the caller's language" }),
    seed: t.float({ nullable: true, description: "The built-in writer's seed; sent again with the same input, the same captions", resolve: (g) => g.seed }),
    variants: t.field({ type: [GeneratedVariant], resolve: (g) => g.variants }),
    usage: t.field({ type: AiUsage, resolve: (g) => g.usage }),
  }),
});

const HashtagSuggestion = builder.objectRef<{ hashtags: string[] }>("HashtagSuggestion").implement({
  fields: (t) => ({ hashtags: t.exposeStringList("hashtags", { description: "Without '#'" }) }),
});

const AiSettings = builder.objectRef<AiSettingsView>("AiSettings").implement({
  description: "The writer in force. The API key is never sent back.",
  fields: (t) => ({
    provider: t.field({ type: AiProviderEnum, resolve: (s) => s.provider }),
    baseUrl: t.exposeString("baseUrl", { nullable: true }),
    model: t.exposeString("model", { nullable: true }),
    hasApiKey: t.exposeBoolean("hasApiKey"),
    source: t.exposeString("source", { description: "settings (an admin chose) or configuration (the environment)" }),
    timeoutSeconds: t.exposeFloat("timeoutSeconds"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

const AiCheck = builder
  .objectRef<{ ok: boolean; provider: AiProviderName; fellBack: boolean; latencyMs: number; sample: string; note: string | null }>("AiCheck")
  .implement({
    fields: (t) => ({
      ok: t.exposeBoolean("ok"),
      provider: t.field({ type: AiProviderEnum, resolve: (c) => c.provider }),
      fellBack: t.exposeBoolean("fellBack"),
      latencyMs: t.exposeInt("latencyMs"),
      sample: t.exposeString("sample"),
      note: t.exposeString("note", { nullable: true }),
    }),
  });

const GeneratePostInput = builder.inputType("GeneratePostInput", {
  fields: (t) => ({
    prompt: t.string({ required: true, description: "What the post is about, up to 500 characters" }),
    platform: t.field({ type: PlatformEnum, required: true }),
    language: t.field({ type: ContentLanguageEnum, description: "The caller's language when left out" }),
    tone: t.field({ type: ContentToneEnum }),
    occasion: t.field({ type: ContentOccasionEnum, description: "Read from the prompt when left out" }),
    variants: t.int({ description: "1 to 5, default 3" }),
    seed: t.float({ description: "The built-in writer's seed (0 to 2^32-1): the same input and seed, the same captions" }),
  }),
});

const SuggestHashtagsInput = builder.inputType("SuggestHashtagsInput", {
  fields: (t) => ({
    content: t.string({ required: true }),
    platform: t.field({ type: PlatformEnum, required: true }),
    occasion: t.field({ type: ContentOccasionEnum }),
  }),
});

const AiSettingsInput = builder.inputType("AiSettingsInput", {
  fields: (t) => ({
    provider: t.field({ type: AiProviderEnum, required: true }),
    baseUrl: t.string(),
    model: t.string(),
    apiKey: t.string({ description: "Left out or empty: the stored key stays" }),
    clearApiKey: t.boolean(),
  }),
});

const ofBusiness = { authScopes: { business: true } } as const;

builder.queryFields((t) => ({
  aiUsage: t.field({ type: AiUsage, ...ofBusiness, resolve: (_r, _a, ctx) => ctx.services.studio.usage(ctx.viewer) }),
  aiSettings: t.field({ type: AiSettings, authScopes: { admin: true }, resolve: (_r, _a, ctx) => ctx.services.studio.aiSettings(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  generatePost: t.field({
    type: GeneratedPost,
    description: "Captions for a post; counts one of the month's AI posts.",
    ...ofBusiness,
    args: { input: t.arg({ type: GeneratePostInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.generate(ctx.viewer, input, ctx.meta),
  }),
  suggestHashtags: t.field({
    type: HashtagSuggestion,
    description: "Hashtags for a caption; not counted.",
    ...ofBusiness,
    args: { input: t.arg({ type: SuggestHashtagsInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.suggestHashtags(ctx.viewer, input),
  }),
  updateAiSettings: t.field({
    type: AiSettings,
    description: "Admin: the writer (built-in or an OpenAI-compatible model).",
    authScopes: { admin: true },
    args: { input: t.arg({ type: AiSettingsInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.updateAiSettings(ctx.viewer, input, ctx.meta),
  }),
  testAiSettings: t.field({
    type: AiCheck,
    description: "Admin: one short caption by the writer in force; not counted.",
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => ctx.services.studio.testAiSettings(ctx.viewer, ctx.meta),
  }),
}));
