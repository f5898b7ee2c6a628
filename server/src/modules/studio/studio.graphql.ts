// The AI studio at the GraphQL door: thin, every field calls the studio service.
import { AI_PROVIDERS, type AiProviderName } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { AiUsageRef } from "../../graphql/refs.ts";
import {
  ContentLanguageEnum,
  ContentOccasionEnum,
  ContentToneEnum,
  PlanEnum,
  PlatformEnum,
  upper,
} from "../../graphql/enums.ts";
import type { GeneratedVariant as GeneratedVariantShape } from "../../ai/types.ts";
import type {
  AiCapabilities as AiCapabilitiesShape,
  AiSettingsView,
  GeneratedPost as GeneratedPostShape,
  ProposedAltText,
} from "./studio.service.ts";

const AiProviderEnum = builder.enumType("AiProviderName", {
  description: "local: Sufra's built-in offline writer; openai: an OpenAI-compatible model",
  values: upper<AiProviderName>(AI_PROVIDERS, {
    local: "Sufra's built-in offline writer (templates and rules; no network).",
    openai: "An OpenAI-compatible chat model at a base URL, with an API key.",
  }),
});

const AiUsage = AiUsageRef.implement({
  description: "AI posts this month (Kuwait calendar month) against the plan's allowance.",
  fields: (t) => ({
    month: t.exposeString("month", { description: "The Kuwait calendar month counted, YYYY-MM." }),
    used: t.exposeInt("used", { description: "AI posts written this month." }),
    limit: t.exposeInt("limit", { description: "The plan's AI posts a month (50, 100 or 500)." }),
    remaining: t.exposeInt("remaining", { description: "limit minus used, never below 0." }),
    plan: t.field({ description: "The plan the allowance comes from.", type: PlanEnum, resolve: (u) => u.plan }),
    resetsOn: t.exposeString("resetsOn", {
      description: "The Kuwait day the count starts again, YYYY-MM-DD (the next month's first).",
    }),
  }),
});

const GeneratedVariant = builder.objectRef<GeneratedVariantShape>("GeneratedVariant").implement({
  description: "One caption to pick from.",
  fields: (t) => ({
    content: t.exposeString("content", { description: "The caption without its hashtags." }),
    hashtags: t.exposeStringList("hashtags", { description: "Its hashtags, without '#'." }),
    language: t.field({
      description: "The language it is written in.",
      type: ContentLanguageEnum,
      resolve: (v) => v.language,
    }),
    unusedFacts: t.stringList({
      description:
        "Facts of the prompt (a dish, an offer, a time, a place) the caption does not carry, as written in the prompt; empty when all are in it.",
      resolve: (v) => v.unusedFacts ?? [],
    }),
  }),
});

const AltTextProposal = builder.objectRef<ProposedAltText>("AltTextProposal").implement({
  description:
    "Alt text proposed for one photo of the post: from what a model saw, or from the photo's menu item; never guessed.",
  fields: (t) => ({
    mediaId: t.exposeID("mediaId", { description: "The photo (a media id of the input's mediaIds)." }),
    text: t.exposeString("text", {
      description: "In the caption's language (both: Arabic / English): what the post keeps as the photo's alt text.",
    }),
    en: t.exposeString("en", { nullable: true, description: "In English; null when not known." }),
    ar: t.exposeString("ar", { nullable: true, description: "In Arabic; null when not known." }),
    source: t.exposeString("source", {
      description: "vision (a model saw the photo) or menu_item (from the menu item said for it).",
    }),
  }),
});

const AiCapabilities = builder.objectRef<AiCapabilitiesShape>("AiCapabilities").implement({
  description: "What the AI writer in force can do for the business's posts.",
  fields: (t) => ({
    provider: t.field({ description: "The writer in force.", type: AiProviderEnum, resolve: (c) => c.provider }),
    vision: t.exposeBoolean("vision", {
      description:
        "True when the post's photos are sent to a model that sees them; false: captions come from the prompt and the photos' menu items.",
    }),
  }),
});

const GeneratedPost = builder.objectRef<GeneratedPostShape>("GeneratedPost").implement({
  description: "Captions to pick from; content and hashtags are the first variant's.",
  fields: (t) => ({
    content: t.exposeString("content", { description: "The first variant's caption, without its hashtags." }),
    hashtags: t.exposeStringList("hashtags", { description: "The first variant's hashtags, without '#'." }),
    language: t.field({
      description: "The language the captions are written in.",
      type: ContentLanguageEnum,
      resolve: (g) => g.language,
    }),
    provider: t.field({ description: "The writer that answered.", type: AiProviderEnum, resolve: (g) => g.provider }),
    fellBack: t.exposeBoolean("fellBack", { description: "The model failed and the built-in writer answered" }),
    note: t.exposeString("note", {
      nullable: true,
      description: "Why the built-in writer answered, in the caller's language; null when the model did.",
    }),
    seed: t.float({
      nullable: true,
      description: "The built-in writer's seed; sent again with the same input, the same captions",
      resolve: (g) => g.seed,
    }),
    variants: t.field({
      description: "Every caption written, the first one first.",
      type: [GeneratedVariant],
      resolve: (g) => g.variants,
    }),
    usage: t.field({ description: "The month's AI posts after this one.", type: AiUsage, resolve: (g) => g.usage }),
    photosSeen: t.exposeBoolean("photosSeen", {
      nullable: true,
      description: "With mediaIds: whether the model saw the photos; null without photos.",
    }),
    altTexts: t.field({
      description: "Alt text proposed per photo that something is known of.",
      type: [AltTextProposal],
      resolve: (g) => g.altTexts,
    }),
  }),
});

const HashtagSuggestion = builder.objectRef<{ hashtags: string[] }>("HashtagSuggestion").implement({
  description: "Hashtags suggested for a caption.",
  fields: (t) => ({
    hashtags: t.exposeStringList("hashtags", { description: "Suggested hashtags, without '#', best first." }),
  }),
});

const AiSettings = builder.objectRef<AiSettingsView>("AiSettings").implement({
  description: "The writer in force. The API key is never sent back.",
  fields: (t) => ({
    provider: t.field({ description: "The writer in force.", type: AiProviderEnum, resolve: (s) => s.provider }),
    baseUrl: t.exposeString("baseUrl", {
      description: "The OpenAI-compatible model's base URL; null for the built-in writer.",
      nullable: true,
    }),
    model: t.exposeString("model", { description: "The model's name; null for the built-in writer.", nullable: true }),
    hasApiKey: t.exposeBoolean("hasApiKey", {
      description: "True when an API key for the model is stored (the key itself is never sent).",
    }),
    source: t.exposeString("source", { description: "settings (an admin chose) or configuration (the environment)" }),
    timeoutSeconds: t.exposeFloat("timeoutSeconds", {
      description: "How long the model may take before the built-in writer answers, in seconds.",
    }),
    updatedAt: t.expose("updatedAt", {
      description: "When an admin last changed the settings (UTC); null when they come from the configuration.",
      type: "DateTime",
      nullable: true,
    }),
  }),
});

const AiCheck = builder
  .objectRef<{
    ok: boolean;
    provider: AiProviderName;
    fellBack: boolean;
    latencyMs: number;
    sample: string;
    note: string | null;
  }>("AiCheck")
  .implement({
    description: "The outcome of one test caption by the writer in force.",
    fields: (t) => ({
      ok: t.exposeBoolean("ok", { description: "True when the writer in force answered itself (no fallback)." }),
      provider: t.field({ description: "The writer tested.", type: AiProviderEnum, resolve: (c) => c.provider }),
      fellBack: t.exposeBoolean("fellBack", {
        description: "True when the model failed and the built-in writer answered.",
      }),
      latencyMs: t.exposeInt("latencyMs", { description: "How long the caption took, in milliseconds." }),
      sample: t.exposeString("sample", { description: "The caption written (about a Spanish latte, for X)." }),
      note: t.exposeString("note", {
        description: "Why it fell back, in the caller's language; null when it did not.",
        nullable: true,
      }),
    }),
  });

const GeneratePostInput = builder.inputType("GeneratePostInput", {
  description: "What to write captions about.",
  fields: (t) => ({
    prompt: t.string({ required: true, description: "What the post is about, up to 500 characters" }),
    platform: t.field({
      type: PlatformEnum,
      required: true,
      description: "The network the caption is for (its length and habits).",
    }),
    language: t.field({ type: ContentLanguageEnum, description: "The caller's language when left out" }),
    tone: t.field({
      description: "The tone to write in; the café's voice's tone when left out (FRIENDLY unless it chose another).",
      type: ContentToneEnum,
    }),
    occasion: t.field({ type: ContentOccasionEnum, description: "Read from the prompt when left out" }),
    variants: t.int({ description: "How many captions to write, 1 to 5; 3 when left out." }),
    seed: t.float({
      description: "The built-in writer's seed (0 to 2^32-1): the same input and seed, the same captions",
    }),
    mediaIds: t.idList({
      description:
        "The post's photos from the media library, in order: a model that sees is sent the first four; each photo's menu item is used either way.",
    }),
  }),
});

const SuggestHashtagsInput = builder.inputType("SuggestHashtagsInput", {
  description: "A caption to suggest hashtags for.",
  fields: (t) => ({
    content: t.string({ required: true, description: "The caption, 1 to 2,200 characters." }),
    platform: t.field({ type: PlatformEnum, required: true, description: "The network it is for." }),
    occasion: t.field({
      description: "What the post is for; read from the caption when left out.",
      type: ContentOccasionEnum,
    }),
  }),
});

const AiSettingsInput = builder.inputType("AiSettingsInput", {
  description: "The writer to use, set by an admin.",
  fields: (t) => ({
    provider: t.field({ type: AiProviderEnum, required: true, description: "The writer to use." }),
    baseUrl: t.string({ description: "The OpenAI-compatible model's base URL (openai only)." }),
    model: t.string({ description: "The model's name (openai only)." }),
    apiKey: t.string({ description: "The model's API key; left out or empty: the stored key stays." }),
    clearApiKey: t.boolean({ description: "True: forget the stored API key." }),
  }),
});

const ofBusiness = { authScopes: { business: true } } as const;

builder.queryFields((t) => ({
  aiCapabilities: t.field({
    type: AiCapabilities,
    ...ofBusiness,
    description: "What the AI writer in force can do: whether it sees the post's photos.",
    resolve: (_r, _a, ctx) => ctx.services.studio.capabilities(ctx.viewer),
  }),
  aiUsage: t.field({
    type: AiUsage,
    ...ofBusiness,
    description: "The business's AI posts this month against its plan's allowance.",
    resolve: (_r, _a, ctx) => ctx.services.studio.usage(ctx.viewer),
  }),
  aiSettings: t.field({
    type: AiSettings,
    description: "The writer in force. Admins only.",
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => ctx.services.studio.aiSettings(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  generatePost: t.field({
    type: GeneratedPost,
    description: "Captions for a post; counts one of the month's AI posts.",
    ...ofBusiness,
    args: { input: t.arg({ type: GeneratePostInput, required: true, description: "What to write about." }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.generate(ctx.viewer, input, ctx.meta),
  }),
  suggestHashtags: t.field({
    type: HashtagSuggestion,
    description: "Hashtags for a caption; not counted.",
    ...ofBusiness,
    args: { input: t.arg({ type: SuggestHashtagsInput, required: true, description: "The caption to suggest for." }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.suggestHashtags(ctx.viewer, input),
  }),
  updateAiSettings: t.field({
    type: AiSettings,
    description: "Admin: the writer (built-in or an OpenAI-compatible model).",
    authScopes: { admin: true },
    args: { input: t.arg({ type: AiSettingsInput, required: true, description: "The writer's settings." }) },
    resolve: (_r, { input }, ctx) => ctx.services.studio.updateAiSettings(ctx.viewer, input, ctx.meta),
  }),
  testAiSettings: t.field({
    type: AiCheck,
    description:
      "Admin: one short caption by the writer in force, or by the one `input` describes (the form being edited: tried, not saved; an empty apiKey tries the stored key); not counted.",
    authScopes: { admin: true },
    args: {
      input: t.arg({
        type: AiSettingsInput,
        description:
          "The settings to try instead of the saved ones (checked as updateAiSettings checks them); left out: the writer in force.",
      }),
    },
    resolve: (_r, { input }, ctx) => ctx.services.studio.testAiSettings(ctx.viewer, ctx.meta, input ?? undefined),
  }),
}));
