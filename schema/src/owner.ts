// Shared constants of the owner dashboard (docs/product.md#data-shapes, owner stats): the kinds of recent activity and
// their texts in both languages. The server writes `description` with them (REST, in the caller's
// language); the web client renders the same texts from type and subject in the person's language.
import type { Locale } from "./messages.ts";
import { platformLabel } from "./posts.ts";

export const OWNER_ACTIVITY_TYPES = ["post_published", "post_scheduled", "team_joined", "platform_connected"] as const;
export type OwnerActivityType = (typeof OWNER_ACTIVITY_TYPES)[number];

/** How many items the owner's recent activity lists. */
export const OWNER_RECENT_ACTIVITY = 5;
/** A post's text is quoted in its activity up to this many characters. */
export const ACTIVITY_EXCERPT_LENGTH = 60;

/** {subject}: a post's opening words, a member's name, a platform's name; `none` when there is no subject. */
const TEXTS: Record<OwnerActivityType, Record<Locale, { subject: string; none: string }>> = {
  post_published: {
    en: { subject: "Post published: “{subject}”", none: "A post was published" },
    ar: { subject: "تم نشر منشور: «{subject}»", none: "تم نشر منشور" },
  },
  post_scheduled: {
    en: { subject: "Post scheduled: “{subject}”", none: "A post was scheduled" },
    ar: { subject: "تمت جدولة منشور: «{subject}»", none: "تمت جدولة منشور" },
  },
  team_joined: {
    en: { subject: "{subject} joined the team", none: "A new member joined the team" },
    ar: { subject: "انضم {subject} إلى الفريق", none: "انضم عضو جديد إلى الفريق" },
  },
  platform_connected: {
    en: { subject: "{subject} connected", none: "A platform was connected" },
    ar: { subject: "تم ربط {subject}", none: "تم ربط منصة" },
  },
};

/** An activity's one-line description in a language; an unknown type reads as nothing. */
export function ownerActivityText(
  type: string,
  subject: string | null | undefined,
  locale: Locale,
  platform?: string | null,
): string {
  const t = (TEXTS as Record<string, Record<Locale, { subject: string; none: string }>>)[type]?.[locale];
  if (!t) return "";
  // a network is named in the person's language (X, إنستغرام), before the account's handle
  const named = platform ? [platformLabel(platform, locale), subject].filter(Boolean).join(" ") : subject;
  return named ? t.subject.replace("{subject}", named) : t.none;
}

/** A post's opening words for an activity line: white space folded, cut at a word where it can be. */
export function activityExcerpt(content: string): string | null {
  const text = content.replace(/\s+/g, " ").trim();
  if (!text) return null;
  if (text.length <= ACTIVITY_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, ACTIVITY_EXCERPT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > ACTIVITY_EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
