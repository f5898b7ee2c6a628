// Templates × occasions (docs/product.md#templates): every built-in template, in both languages, filled for
// every kind of day the Kuwait calendar has (an ordinary day, a Ramadan day, an Eid day, National Day in and
// out of Ramadan) states no fact that contradicts the day or its occasion: never the daytime opening hours
// in Ramadan, at Suhoor or at Eid; Iftar's time only on a Ramadan day; a fact that is missing is left out
// for the person to fill, never made up.
import { describe, expect, test } from "@jest/globals";
import { BUILT_IN_TEMPLATES, clockText, fillTemplate, isRamadanDay, kuwaitHolidays, templateHours, type TemplateDay, type TemplateLanguage } from "./index.ts";

const HOURS = { hours: "Daily 7 AM - 11 PM", hoursAr: "يوميًا من ٧ صباحًا حتى ١١ مساءً" };
const DAYTIME: Record<TemplateLanguage, RegExp> = { en: /7 AM|11 PM/, ar: /٧ صباحًا|١١ مساءً/ };
const MAGHRIB = "17:52";

/** A day as the calendar has it (corrections none): Ramadan from the calendar, Eid from its holidays. */
function dayOn(date: string): TemplateDay {
  const eid = kuwaitHolidays(Number(date.slice(0, 4))).some((h) => h.date === date && (h.occasionKey === "eid_al_fitr" || h.occasionKey === "eid_al_adha"));
  return { ramadan: isRamadanDay(date), eid, maghrib: MAGHRIB };
}

const DAYS = {
  ordinary: "2026-04-15",
  ramadan: "2026-03-10",
  eidAlFitr: "2026-03-20",
  eidAlAdha: kuwaitHolidays(2026).find((h) => h.occasionKey === "eid_al_adha")!.date,
  nationalDayInRamadan: "2026-02-25",
  nationalDayOutside: "2030-02-25",
} as const;

describe("the calendar's days", () => {
  test("are what the test takes them for", () => {
    expect(dayOn(DAYS.ordinary)).toEqual({ ramadan: false, eid: false, maghrib: MAGHRIB });
    expect(dayOn(DAYS.ramadan)).toMatchObject({ ramadan: true, eid: false });
    expect(dayOn(DAYS.eidAlFitr)).toMatchObject({ ramadan: false, eid: true });
    expect(dayOn(DAYS.eidAlAdha)).toMatchObject({ ramadan: false, eid: true });
    expect(dayOn(DAYS.nationalDayInRamadan)).toMatchObject({ ramadan: true, eid: false });
    expect(dayOn(DAYS.nationalDayOutside)).toMatchObject({ ramadan: false, eid: false });
  });
});

describe.each(BUILT_IN_TEMPLATES.map((t) => [t.key, t] as const))("template %s", (_key, t) => {
  test.each(Object.entries(DAYS))("on %s (%s), in both languages, states no fact against the day", (_kind, date) => {
    const day = dayOn(date);
    for (const language of ["en", "ar"] as const) {
      const hours = templateHours({ occasion: t.occasion, day, ...HOURS, language });
      const text = fillTemplate(t.body[language], { business: language === "ar" ? "دار القهوة" : "Dar Al Qahwa", hours, dish: language === "ar" ? "شاي كرك" : "Karak tea" }, language);
      expect(text).not.toMatch(/[{}]|\[\[|\]\]/);
      const noDaytime = day.ramadan || day.eid || ["ramadan_iftar", "ramadan_suhoor", "eid_al_fitr", "eid_al_adha"].includes(t.occasion);
      if (noDaytime) expect(text).not.toMatch(DAYTIME[language]);
      const usesHours = t.body[language].includes("{hours}");
      const iftar = language === "en" ? `Iftar at ${clockText(MAGHRIB, "en")}` : `الإفطار الساعة ${clockText(MAGHRIB, "ar")}`;
      if (t.occasion === "ramadan_iftar" && day.ramadan && usesHours) expect(text).toContain(iftar);
      else expect(text).not.toContain(iftar);
      // everyday templates on an ordinary day keep the business's hours: only facts that contradict go
      if (!noDaytime && usesHours) expect(text).toMatch(DAYTIME[language]);
      // the occasions' own words stay theirs: no Eid greeting in Ramadan's templates, no Iftar in Eid's
      if (t.occasion === "ramadan_iftar" || t.occasion === "ramadan_suhoor") expect(text).not.toMatch(/Eid Mubarak|عيدكم مبارك/);
      if (t.occasion === "eid_al_fitr" || t.occasion === "eid_al_adha") expect(text).not.toMatch(/Iftar at|Suhoor|الإفطار الساعة|السحور/);
    }
  });
});

describe("clockText", () => {
  test("writes a Kuwait time as a caption says it, digits in the language's script", () => {
    expect(clockText("17:52", "en")).toBe("5:52 PM");
    expect(clockText("04:05", "en")).toBe("4:05 AM");
    expect(clockText("12:00", "en")).toBe("12:00 PM");
    expect(clockText("00:30", "en")).toBe("12:30 AM");
    expect(clockText("17:52", "ar")).toBe("٥:٥٢ م");
  });
});
