// Plans, prices and limits (docs/product.md#plans-and-prices). Prices are whole KWD per month; the client formats them.
export const PLAN_IDS = ["basic", "professional", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN: PlanId = "professional";
export const MOST_POPULAR_PLAN: PlanId = "professional";

/** Days of trial an approved sign-up starts with. */
export const TRIAL_DAYS = 14;
/** An admin may gift between these many trial days at once. */
export const GIFT_TRIAL_DAYS = { min: 1, max: 90 } as const;

import type { Bilingual } from "./networks/common.ts";
import { NETWORK_PACKS, PLATFORMS, type PlatformName } from "./networks/index.ts";

export type { Bilingual };

export interface Plan {
  id: PlanId;
  name: Bilingual;
  priceKwd: number;
  aiPostsPerMonth: number;
  features: { key: string; label: Bilingual }[];
}

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: "basic",
    name: { en: "Basic", ar: "الأساسية" },
    priceKwd: 10,
    aiPostsPerMonth: 50,
    features: [
      { key: "aiPosts", label: { en: "50 AI posts a month", ar: "٥٠ منشورًا بالذكاء الاصطناعي شهريًا" } },
      { key: "basicTemplates", label: { en: "Basic templates", ar: "قوالب أساسية" } },
      { key: "emailSupport", label: { en: "Email support", ar: "دعم عبر البريد الإلكتروني" } },
      {
        key: "instagram",
        label: { en: "Instagram and Google Business Profile", ar: "إنستغرام والملف التجاري على جوجل" },
      },
    ],
  },
  professional: {
    id: "professional",
    name: { en: "Professional", ar: "الاحترافية" },
    priceKwd: 15,
    aiPostsPerMonth: 100,
    features: [
      { key: "aiPosts", label: { en: "100 AI posts a month", ar: "١٠٠ منشور بالذكاء الاصطناعي شهريًا" } },
      { key: "advancedTemplates", label: { en: "Advanced templates", ar: "قوالب متقدمة" } },
      { key: "imageEnhancement", label: { en: "Image enhancement", ar: "تحسين الصور" } },
      { key: "prioritySupport", label: { en: "Priority support", ar: "دعم ذو أولوية" } },
      { key: "analytics", label: { en: "Analytics dashboard", ar: "لوحة التحليلات" } },
      {
        key: "networks",
        label: {
          en: "Instagram, X, Snapchat, TikTok, Facebook and Google",
          ar: "إنستغرام وإكس وسناب شات وتيك توك وفيسبوك وجوجل",
        },
      },
    ],
  },
  premium: {
    id: "premium",
    name: { en: "Premium", ar: "المميزة" },
    priceKwd: 49,
    aiPostsPerMonth: 500,
    features: [
      { key: "aiPosts", label: { en: "500 AI posts a month", ar: "٥٠٠ منشور بالذكاء الاصطناعي شهريًا" } },
      { key: "customTemplates", label: { en: "Custom templates", ar: "قوالب مخصصة" } },
      { key: "team", label: { en: "Team collaboration", ar: "العمل الجماعي" } },
      { key: "api", label: { en: "API access", ar: "الوصول إلى واجهة البرمجة" } },
      { key: "dedicatedSupport", label: { en: "Dedicated support", ar: "دعم مخصص" } },
      {
        key: "networks",
        label: {
          en: "Instagram, X, Snapchat, TikTok, Facebook and Google",
          ar: "إنستغرام وإكس وسناب شات وتيك توك وفيسبوك وجوجل",
        },
      },
    ],
  },
};

export const isPlanId = (v: unknown): v is PlanId =>
  typeof v === "string" && (PLAN_IDS as readonly string[]).includes(v);

/**
 * Which networks each plan connects (docs/product.md#plans-and-prices: the Basic plan is Instagram
 * integration only, with Google Business Profile in every plan, as reviews matter to every café).
 */
export const PLAN_PLATFORMS: Record<PlanId, readonly PlatformName[]> = {
  basic: PLATFORMS.filter((p) => NETWORK_PACKS[p].everyPlan),
  professional: PLATFORMS,
  premium: PLATFORMS,
};
