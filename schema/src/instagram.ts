// The permissions Sufra asks Instagram for when a café connects its professional account
// ("Instagram API with Instagram Login" scopes), and what each is for, in both languages, so the
// platforms card can tell the person what they grant and what stops working without it.
import type { Bilingual } from "./plans.ts";

export const INSTAGRAM_PERMISSIONS = [
  {
    scope: "instagram_business_basic",
    purpose: { en: "See the account's profile and its posts", ar: "الاطلاع على الملف التعريفي للحساب ومنشوراته" },
  },
  {
    scope: "instagram_business_content_publish",
    purpose: { en: "Publish posts, carousels and reels", ar: "نشر المنشورات والألبومات ومقاطع الريلز" },
  },
  {
    scope: "instagram_business_manage_insights",
    purpose: { en: "Read the figures of posts and of the audience", ar: "قراءة أرقام المنشورات والجمهور" },
  },
  {
    scope: "instagram_business_manage_comments",
    purpose: {
      en: "Read, answer and hide comments under the café's posts",
      ar: "قراءة التعليقات على منشورات المقهى والرد عليها وإخفاؤها",
    },
  },
  {
    scope: "instagram_business_manage_messages",
    purpose: { en: "Send a private reply to a guest who commented", ar: "إرسال رد خاص إلى ضيف علّق على منشور" },
  },
] as const satisfies readonly { scope: string; purpose: Bilingual }[];

export type InstagramPermission = (typeof INSTAGRAM_PERMISSIONS)[number]["scope"];

/** The scopes requested at connect time, in the order above. */
export const INSTAGRAM_SCOPES: readonly InstagramPermission[] = INSTAGRAM_PERMISSIONS.map((p) => p.scope);
