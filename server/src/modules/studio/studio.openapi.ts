// The OpenAPI entries of the AI studio: /api/posts/generate, /api/posts/hashtags/suggest and /api/ai/... (docs/architecture.md#names).
import { z } from "zod";
import { aiSettingsSchema, generateInputSchema, hashtagSuggestInputSchema } from "@sufra/schema";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";
import { restUsageSchema } from "./usage.shape.ts";

const variant = z.object({
  content: z.string(),
  hashtags: z.array(z.string()),
  language: z.string(),
  unused_facts: z
    .array(z.string())
    .describe("Facts of the prompt (dish, offer, time, place) the caption does not carry, as written in the prompt."),
});
const generated = z.object({
  content: z.string(),
  hashtags: z.array(z.string()),
  variants: z.array(variant),
  language: z.string(),
  provider: z.string(),
  fell_back: z.boolean(),
  note: z.string().nullable(),
  seed: z.number().int().nullable(),
  usage: restUsageSchema,
  photos_seen: z
    .boolean()
    .nullable()
    .describe(
      "With media_ids: whether the model saw the photos (false: written from the prompt and the photos' menu items); null without photos.",
    ),
  alt_texts: z
    .array(
      z.object({
        media_id: z.string(),
        text: z.string(),
        en: z.string().nullable(),
        ar: z.string().nullable(),
        source: z.enum(["vision", "menu_item"]),
      }),
    )
    .describe(
      "Alt text proposed per photo (from what a model saw, or from the photo's menu item); a photo nothing is known of has none.",
    ),
});
const capabilities = z.object({
  provider: z.string(),
  vision: z.boolean().describe("True when the post's photos are sent to a model that sees them."),
});
const settings = z.object({
  provider: z.string(),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  source: z.string(),
  timeout_seconds: z.number(),
  updated_at: isoDateTime.nullable(),
});
const tag = "AI studio";

export const studioOperations: RestOperation[] = [
  {
    method: "post",
    path: "/posts/generate",
    subscription: "ai",
    tag,
    access: "business",
    summary: "Write a post with the AI writer",
    description: "Counts against the plan's AI posts this month.",
    body: generateInputSchema,
    responses: { 200: { description: "The post, its variants and this month's usage.", schema: generated } },
  },
  {
    method: "post",
    path: "/posts/hashtags/suggest",
    tag,
    access: "business",
    summary: "Hashtags for a caption",
    body: hashtagSuggestInputSchema,
    responses: { 200: { description: "The hashtags.", schema: z.object({ hashtags: z.array(z.string()) }) } },
  },
  {
    method: "get",
    path: "/ai/capabilities",
    tag,
    access: "business",
    summary: "What the AI writer can do now",
    description: "Whether the post's photos are sent to a model that sees them.",
    responses: { 200: { description: "The writer and whether it sees photos.", schema: capabilities } },
  },
  {
    method: "get",
    path: "/ai/usage",
    tag,
    access: "business",
    summary: "AI posts this month against the plan's allowance",
    responses: { 200: { description: "The usage.", schema: restUsageSchema } },
  },
  {
    method: "get",
    path: "/ai/settings",
    tag,
    access: "admin",
    summary: "The AI writer's settings",
    responses: { 200: { description: "The settings (never the key itself).", schema: settings } },
  },
  {
    method: "put",
    path: "/ai/settings",
    tag,
    access: "admin",
    summary: "Change the AI writer",
    description: "An empty api_key keeps the stored one.",
    body: aiSettingsSchema,
    responses: { 200: { description: "The settings.", schema: settings } },
  },
  {
    method: "post",
    path: "/ai/settings/test",
    tag,
    access: "admin",
    summary: "One short caption by the writer in force, or by the settings sent (tried, not saved)",
    description:
      "With a body (as PUT /ai/settings takes it; an empty api_key tries the stored key), that writer is tried without saving it; without one, the writer in force.",
    body: aiSettingsSchema.optional(),
    responses: {
      200: {
        description: "How the writer answered.",
        schema: z.object({
          ok: z.boolean(),
          provider: z.string(),
          fell_back: z.boolean(),
          latency_ms: z.number(),
          sample: z.string().nullable(),
          note: z.string().nullable(),
        }),
      },
    },
  },
];
