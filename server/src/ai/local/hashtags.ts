// Hashtags for a caption: the occasion's, the dish's, the area's, the brand's, the kind of kitchen
// and Kuwait's, in English and Arabic, the caption's language first; each once (case-insensitive),
// valid per normalizeHashtag, within the platform's cap (its pack's suggestedHashtags).
import {
  NETWORK_PACKS,
  normalizeHashtag,
  SUGGESTED_HASHTAG_LIMITS,
  type ContentOccasionKey,
  type CuisineKey,
} from "@sufra/schema";
import type { HashtagRequest } from "../types.ts";
import { inferOccasion, readProfile } from "./facts.ts";
import { findDishAr, findDishEn, FOOD_WORDS, type FoodWord } from "./lexicon.ts";

type Pair = { en: readonly string[]; ar: readonly string[] };

const OCCASION_TAGS: Record<ContentOccasionKey, Pair> = {
  new_dish: { en: ["NewOnTheMenu", "NewDish"], ar: ["جديدنا", "طبق_جديد"] },
  menu_promotion: { en: ["KuwaitOffers", "SpecialOffer"], ar: ["عروض_الكويت", "عروض"] },
  food_photo: { en: ["KuwaitFoodie", "Foodie"], ar: ["أكل_الكويت", "صور_أكل"] },
  weekend: { en: ["Weekend", "KuwaitWeekend"], ar: ["نهاية_الأسبوع", "الويكند"] },
  ramadan_iftar: { en: ["Ramadan_Kareem", "Iftar"], ar: ["رمضان_كريم", "إفطار_رمضان"] },
  ramadan_suhoor: { en: ["Ramadan_Kareem", "Suhoor"], ar: ["رمضان_كريم", "سحور"] },
  eid_al_fitr: { en: ["Eid_Mubarak", "EidAlFitr"], ar: ["عيد_الفطر", "عيدكم_مبارك"] },
  eid_al_adha: { en: ["Eid_Mubarak", "EidAlAdha"], ar: ["عيد_الأضحى", "أضحى_مبارك"] },
  national_day: { en: ["NationalDay", "KuwaitNationalDay"], ar: ["العيد_الوطني", "هلا_فبراير"] },
  liberation_day: { en: ["LiberationDay", "KuwaitLiberationDay"], ar: ["عيد_التحرير", "هلا_فبراير"] },
  islamic_new_year: { en: ["HijriNewYear", "IslamicNewYear"], ar: ["رأس_السنة_الهجرية", "عام_هجري_سعيد"] },
  prophets_birthday: { en: ["Mawlid", "MawlidAlNabi"], ar: ["المولد_النبوي", "المولد_النبوي_الشريف"] },
  back_to_school: { en: ["BackToSchool"], ar: ["العودة_إلى_المدارس", "العودة_للمدارس"] },
  school_holidays: { en: ["SchoolHolidays", "FamilyTime"], ar: ["العطلة_المدرسية", "وقت_العائلة"] },
  summer_nights: { en: ["SummerNights", "KuwaitSummer"], ar: ["ليالي_الصيف", "صيف_الكويت"] },
};

const CUISINE_TAGS: Record<CuisineKey | "restaurant", Pair> = {
  restaurant: { en: ["KuwaitRestaurants"], ar: ["مطاعم_الكويت"] },
  cafe: { en: ["KuwaitCafe", "CoffeeTime"], ar: ["كافيهات_الكويت", "قهوة"] },
  bakery: { en: ["KuwaitBakery"], ar: ["مخابز_الكويت"] },
  desserts: { en: ["KuwaitDesserts"], ar: ["حلويات_الكويت"] },
  kuwaiti: { en: ["KuwaitiFood"], ar: ["أكل_كويتي"] },
  arabic: { en: ["ArabicFood"], ar: ["أكل_عربي"] },
  lebanese: { en: ["LebaneseFood"], ar: ["أكل_لبناني"] },
  grills: { en: ["Grills"], ar: ["مشاوي"] },
  seafood: { en: ["Seafood"], ar: ["مأكولات_بحرية"] },
  burgers: { en: ["KuwaitBurgers"], ar: ["برغر_الكويت"] },
  italian: { en: ["ItalianFood"], ar: ["أكل_إيطالي"] },
  indian: { en: ["IndianFood"], ar: ["أكل_هندي"] },
  asian: { en: ["AsianFood"], ar: ["أكل_آسيوي"] },
  healthy: { en: ["HealthyFood"], ar: ["أكل_صحي"] },
  breakfast: { en: ["Breakfast"], ar: ["فطور"] },
};

const KUWAIT_TAGS: Pair = { en: ["Kuwait", "Q8"], ar: ["الكويت"] };
const FOOD_TAGS: Pair = { en: ["KuwaitFood", "Q8Food"], ar: ["مطاعم_الكويت"] };

/** "Qahwa House" -> "QahwaHouse"; "قهوة البيت" -> "قهوة_البيت". */
function brandTag(name: string): string | null {
  const latin = /[A-Za-z]/.test(name);
  const joined = latin
    ? name
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("")
    : name;
  return normalizeHashtag(joined);
}

/**
 * The dish's tags: the given food words (the writer knows the dish), or every known dish word in
 * the text (a caption someone wrote).
 */
function dishTags(content: string, known?: readonly FoodWord[]): Pair {
  const words = known ? [...known] : [...(findDishEn(content)?.words ?? []), ...(findDishAr(content)?.words ?? [])];
  if (!known) {
    for (const w of FOOD_WORDS) {
      if (!w.tag || words.includes(w)) continue;
      const en = new RegExp(`(?<![\\p{L}])${w.en.replace(/\s+/g, "\\s+")}(?![\\p{L}])`, "iu");
      const ar = new RegExp(`(?<![\\p{L}\\p{M}])(?:ال|بال|وال|و|ب)?${w.ar}(?![\\p{L}\\p{M}])`, "u");
      if (en.test(content) || ar.test(content)) words.push(w);
    }
  }
  const tagged = words.filter((w) => w.tag);
  return { en: tagged.map((w) => w.tag!.en), ar: tagged.map((w) => w.tag!.ar) };
}

const arabicShare = (s: string) => {
  const letters = [...s].filter((c) => /\p{L}/u.test(c));
  return letters.length ? letters.filter((c) => /\p{Script=Arabic}/u.test(c)).length / letters.length : 0;
};

/**
 * Hashtags for a caption, without "#": those that matter most first (the occasion or the dish, then the
 * place), up to the network's pack's suggestedHashtags, in both languages where its pack's writing says so.
 */
export function suggestHashtags(req: HashtagRequest & { dishWords?: readonly FoodWord[] }): string[] {
  const content = req.content.normalize("NFC");
  const language = req.language ?? (arabicShare(content) > 0.5 ? "ar" : "en");
  const cap = Math.min(req.max ?? Infinity, SUGGESTED_HASHTAG_LIMITS[req.platform]);
  const occasion = req.occasion ?? inferOccasion(content);
  const profile = req.business ? readProfile(req.business) : null;
  const areaTag = (l: "en" | "ar") =>
    profile?.area?.[l] ? [profile.area[l]!.replace(/[\s-]+/g, l === "en" ? "" : "_")] : [];

  const groups: Pair[] = [];
  if (occasion) groups.push(OCCASION_TAGS[occasion]);
  groups.push(dishTags(content, req.dishWords));
  groups.push({ en: areaTag("en"), ar: areaTag("ar") });
  groups.push(KUWAIT_TAGS);
  if (profile) {
    const brandEn = brandTag(profile.nameEn);
    const brandAr = profile.nameAr !== profile.nameEn ? brandTag(profile.nameAr) : null;
    groups.push({ en: brandEn ? [brandEn] : [], ar: brandAr ? [brandAr] : [] });
    groups.push(CUISINE_TAGS[profile.cuisine ?? "restaurant"]);
  } else groups.push(CUISINE_TAGS.restaurant);
  groups.push(FOOD_TAGS);

  const order: ("en" | "ar")[] = language === "en" ? ["en", "ar"] : ["ar", "en"];
  const ranked: string[] = [];
  if (req.script === "ar" || req.script === "en") {
    // the voice's one script: the top of each group first, then the rest
    const l = req.script;
    for (const g of groups) ranked.push(...g[l].slice(0, 1));
    for (const g of groups) ranked.push(...g[l].slice(1));
  } else if (NETWORK_PACKS[req.platform].writing.bilingualHashtags) {
    // each group in both languages, the caption's first
    for (const g of groups) for (const l of order) ranked.push(...g[l]);
  } else if (language === "both") {
    // the first of each group, alternating Arabic and English
    for (const g of groups) ranked.push(...g.ar.slice(0, 1), ...g.en.slice(0, 1));
  } else {
    // the caption's language: the top of each group first
    const l = order[0]!;
    for (const g of groups) ranked.push(...g[l].slice(0, 1));
    for (const g of groups) ranked.push(...g[l].slice(1));
  }

  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of ranked) {
    // a cap of 0 (a network whose posts take no hashtags) gives none
    if (out.length >= cap) break;
    const tag = normalizeHashtag(raw);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
    if (out.length >= cap) break;
  }
  return out;
}
