// What a template's preview is filled with: the business's own details as the server fills them
// (the Arabic name in Arabic, opening hours in the template's language) and the editor's examples
// for what a post adds (a dish, a price, a discount), so a preview reads like a real post.
import { PLACEHOLDERS, type TemplateLanguage, type TemplateValues } from "@sufra/schema";
import type { TemplatesBusinessProfileQuery } from "../../../../../graphql/graphql.ts";

export type TemplatesProfile = TemplatesBusinessProfileQuery["businessProfile"] | null | undefined;

const hasArabic = (s: string) => /\p{Script=Arabic}/u.test(s);
const hasLatin = (s: string) => /[A-Za-z]/.test(s);
const example = (key: "dish" | "discount", language: TemplateLanguage) => PLACEHOLDERS.find((p) => p.key === key)!.example[language];

export function previewValues(profile: TemplatesProfile, language: TemplateLanguage): TemplateValues {
  const hours = profile
    ? language === "ar"
      ? profile.hoursAr || (profile.hours && !hasLatin(profile.hours) ? profile.hours : null)
      : profile.hours && !hasArabic(profile.hours)
        ? profile.hours
        : null
    : null;
  return {
    business: profile ? (language === "ar" ? profile.nameAr || profile.companyName : profile.companyName) : null,
    area: profile?.area,
    hours,
    dish: example("dish", language),
    price: 2.75,
    discount: example("discount", language),
  };
}
