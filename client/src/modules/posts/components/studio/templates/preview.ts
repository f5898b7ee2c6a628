// What a template's preview is filled with: the business's own details as the server fills them
// (the Arabic name in Arabic; the hours the template's occasion and today take, by templateHours: the
// Ramadan hours in Ramadan, the Eid hours at Eid, never the daytime hours then, in the template's
// language) and the editor's examples for what a post adds (a dish, a price, a discount), so a preview
// reads like a real post. Iftar's time is the server's to add (the browser does not compute prayer times).
import {
  hoursSeasonOn,
  isRamadanDay,
  kuwaitDate,
  PLACEHOLDERS,
  templateHours,
  type ContentOccasionKey,
  type TemplateLanguage,
  type TemplateValues,
} from "@sufra/schema";
import type { TemplatesBusinessProfileQuery } from "../../../../../graphql/graphql.ts";

export type TemplatesProfile = TemplatesBusinessProfileQuery["businessProfile"] | null | undefined;

const example = (key: "dish" | "discount", language: TemplateLanguage) =>
  PLACEHOLDERS.find((p) => p.key === key)!.example[language];

/** `today`: the Kuwait day (YYYY-MM-DD) the preview is for, as the server fills a template applied now. */
export function previewValues(
  profile: TemplatesProfile,
  language: TemplateLanguage,
  occasion: ContentOccasionKey,
  today: string = kuwaitDate(),
): TemplateValues {
  const day = { ramadan: isRamadanDay(today), eid: hoursSeasonOn(today) === "eid", maghrib: null };
  const hours = profile
    ? templateHours({
        occasion,
        day,
        language,
        hours: profile.hours,
        hoursAr: profile.hoursAr,
        ramadanHours: profile.ramadanHours,
        ramadanHoursAr: profile.ramadanHoursAr,
        eidHours: profile.eidHours,
        eidHoursAr: profile.eidHoursAr,
      })
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
