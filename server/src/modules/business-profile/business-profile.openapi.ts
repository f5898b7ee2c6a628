// The OpenAPI entries of /api/business-profile: what the AI writer composes from (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import {
  ARABIC_VARIETY_KEYS,
  businessProfileSchema,
  businessVoiceSchema,
  CAPTION_LENGTH_KEYS,
  CONTENT_TONE_KEYS,
  DELIVERY_APP_KEYS,
  EMOJI_HABIT_KEYS,
  HASHTAG_SCRIPT_KEYS,
  LANGUAGE_ORDER_KEYS,
  menuImportSchema,
  menuItemSchema,
  menuItemUpdateSchema,
  menuOrderSchema,
  RESERVATION_MODES,
} from "@sufra/schema";
import { named, type RestOperation } from "../../http/openapi/operation.ts";

export const restMenuItemSchema = named(
  "MenuItem",
  z.object({
    id: z.string(),
    name: z.string(),
    name_ar: z.string().nullable(),
    price_kwd: z.number().nullable(),
    section: z.string().nullable(),
    section_ar: z.string().nullable(),
    position: z.number().int(),
  }),
);
const restDeliveryAppSchema = named(
  "DeliveryApp",
  z.object({ app: z.enum(DELIVERY_APP_KEYS), name: z.string().nullable(), url: z.string() }),
);
export const restBusinessProfileSchema = named(
  "BusinessProfile",
  z.object({
    company_name: z.string(),
    name_ar: z.string().nullable(),
    cuisine: z.string().nullable(),
    area: z.string().nullable(),
    hours: z.string().nullable(),
    hours_ar: z.string().nullable(),
    address: z.string().nullable(),
    address_ar: z.string().nullable(),
    map_url: z.string().nullable(),
    ramadan_hours: z.string().nullable(),
    ramadan_hours_ar: z.string().nullable(),
    eid_hours: z.string().nullable(),
    eid_hours_ar: z.string().nullable(),
    delivery_apps: z.array(restDeliveryAppSchema),
    reservation_mode: z.enum(RESERVATION_MODES).nullable(),
    reservation_phone: z.string().nullable(),
    reservation_url: z.string().nullable(),
    public_phone: z.string().nullable(),
    menu: z.array(restMenuItemSchema),
  }),
);
const profile = { description: "The profile and its menu.", schema: restBusinessProfileSchema };

/** The café's voice habits, each in force (voice) or as chosen / learned (null: not chosen, not learned). */
const habits = <N extends boolean>(nullable: N) => {
  const f = <T extends z.ZodType>(t: T) => (nullable ? t.nullable() : t);
  return z.object({
    arabic_variety: f(z.enum(ARABIC_VARIETY_KEYS)),
    language_order: f(z.enum(LANGUAGE_ORDER_KEYS)),
    tone: f(z.enum(CONTENT_TONE_KEYS)),
    length: f(z.enum(CAPTION_LENGTH_KEYS)),
    emoji: f(z.enum(EMOJI_HABIT_KEYS)),
    hashtag_count: f(z.number().int().min(0).max(15)),
    hashtag_script: f(z.enum(HASHTAG_SCRIPT_KEYS)),
  });
};
const share = z.number().min(0).max(1).nullable();
export const restBusinessVoiceSchema = named(
  "BusinessVoice",
  z.object({
    voice: habits(false),
    sources: z.record(z.string(), z.enum(["chosen", "learned", "default"])),
    chosen: habits(true),
    learned: habits(true),
    evidence: z.object({
      posts: z.number().int(),
      arabic_posts: z.number().int(),
      gulf_posts: z.number().int(),
      msa_posts: z.number().int(),
      edits: z.number().int(),
      edits_toward_gulf: z.number().int(),
      edits_toward_msa: z.number().int(),
      gulf_share: share,
      average_length: z.number().nullable(),
      emoji_per_post: z.number().nullable(),
      hashtags_per_post: z.number().nullable(),
      arabic_hashtag_share: share,
      arabic_first_share: share,
      edit_length_change: z.number().nullable(),
      edit_emoji_change: z.number().nullable(),
    }),
  }),
);
const voice = {
  description:
    "The café's voice: the habits in force, where each comes from, what was chosen, what was learned and from what.",
  schema: restBusinessVoiceSchema,
};
const item = (description: string) => ({ description, schema: restMenuItemSchema });
const tag = "Business profile";

export const businessProfileOperations: RestOperation[] = [
  {
    method: "get",
    path: "/business-profile",
    tag,
    access: "business",
    summary: "The business profile and menu",
    responses: { 200: profile },
  },
  {
    method: "put",
    path: "/business-profile",
    tag,
    access: "business",
    summary: "Change the profile",
    description: "A field left out stays, a blank one is cleared.",
    body: businessProfileSchema,
    responses: { 200: profile },
  },
  {
    method: "get",
    path: "/business-profile/voice",
    tag,
    access: "business",
    summary: "The café's voice",
    description:
      "Learned from the posts it published and its edits of AI drafts; a chosen habit wins over a learned one.",
    responses: { 200: voice },
  },
  {
    method: "put",
    path: "/business-profile/voice",
    tag,
    access: "business",
    summary: "Choose habits of the café's voice",
    description: "A habit left out stays; null gives it back to what is learned (or the default).",
    body: businessVoiceSchema,
    responses: { 200: voice },
  },
  {
    method: "post",
    path: "/business-profile/menu",
    tag,
    access: "business",
    summary: "Add a menu item at the end",
    body: menuItemSchema,
    responses: { 201: item("The new item.") },
  },
  {
    method: "post",
    path: "/business-profile/menu/import",
    tag,
    access: "business",
    summary: "Import menu items from text, one a line",
    description:
      "`name, price` or `name | الاسم | price`, one item a line; a line `## Hot drinks | مشروبات ساخنة` starts a section for the items below it.",
    body: menuImportSchema,
    responses: { 200: profile },
  },
  {
    method: "put",
    path: "/business-profile/menu/order",
    tag,
    access: "business",
    summary: "Reorder the menu",
    body: menuOrderSchema,
    responses: { 200: profile },
  },
  {
    method: "put",
    path: "/business-profile/menu/{id}",
    tag,
    access: "business",
    summary: "Change a menu item",
    body: menuItemUpdateSchema,
    responses: { 200: item("The item.") },
  },
  {
    method: "delete",
    path: "/business-profile/menu/{id}",
    tag,
    access: "business",
    summary: "Remove a menu item",
    responses: { 200: item("The item removed.") },
  },
];
