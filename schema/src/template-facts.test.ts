// Templates × occasions (docs/product.md#templates): every built-in template, in both languages, filled for
// every kind of day the Kuwait calendar has (an ordinary day, a Ramadan day, an Eid day, National Day in and
// out of Ramadan) states no fact that contradicts the day or its occasion: never the daytime opening hours
// in Ramadan, at Suhoor or at Eid; the business's Ramadan hours in Ramadan, its Eid hours at Eid; Iftar's
// time only on a Ramadan day; a fact that is missing (a profile without seasonal hours) is left out for the
// person to fill, never made up.
import { describe, expect, test } from "@jest/globals";
import {
  BUILT_IN_TEMPLATES,
  clockText,
  fillTemplate,
  isRamadanDay,
  kuwaitHolidays,
  templateHours,
  type TemplateDay,
  type TemplateLanguage,
} from "./index.ts";

const HOURS = { hours: "Daily 7 AM - 11 PM", hoursAr: "يوميًا من ٧ صباحًا حتى ١١ مساءً" };
const DAYTIME: Record<TemplateLanguage, RegExp> = { en: /7 AM|11 PM/, ar: /٧ صباحًا|١١ مساءً/ };
const SEASONAL = {
  ramadanHours: "8 PM - 3 AM",
  ramadanHoursAr: "من ٨ مساءً حتى ٣ فجرًا",
  eidHours: "4 PM - 1 AM",
  eidHoursAr: "من ٤ عصرًا حتى ١ ليلًا",
};
const RAMADAN: Record<TemplateLanguage, RegExp> = { en: /8 PM - 3 AM/, ar: /من ٨ مساءً حتى ٣ فجرًا/ };
const EID: Record<TemplateLanguage, RegExp> = { en: /4 PM - 1 AM/, ar: /من ٤ عصرًا حتى ١ ليلًا/ };
const MAGHRIB = "17:52";

/** A day as the calendar has it (corrections none): Ramadan from the calendar, Eid from its holidays. */
function dayOn(date: string): TemplateDay {
  const eid = kuwaitHolidays(Number(date.slice(0, 4))).some(
    (h) => h.date === date && (h.occasionKey === "eid_al_fitr" || h.occasionKey === "eid_al_adha"),
  );
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

const fill = (t: (typeof BUILT_IN_TEMPLATES)[number], language: TemplateLanguage, hours: string | null) =>
  fillTemplate(
    t.body[language],
    {
      business: language === "ar" ? "دار القهوة" : "Dar Al Qahwa",
      hours,
      dish: language === "ar" ? "شاي كرك" : "Karak tea",
    },
    language,
  );

describe.each(BUILT_IN_TEMPLATES.map((t) => [t.key, t] as const))("template %s", (_key, t) => {
  test.each(Object.entries(DAYS))("on %s (%s), in both languages, states no fact against the day", (_kind, date) => {
    const day = dayOn(date);
    for (const language of ["en", "ar"] as const) {
      // a profile with no Ramadan or Eid hours: the seasonal line is left out, never filled with the daytime hours
      const text = fill(t, language, templateHours({ occasion: t.occasion, day, ...HOURS, language }));
      // the same profile with its Ramadan and Eid hours
      const seasonal = fill(t, language, templateHours({ occasion: t.occasion, day, ...HOURS, ...SEASONAL, language }));
      for (const x of [text, seasonal]) expect(x).not.toMatch(/[{}]|\[\[|\]\]/);
      const iftarOccasion = t.occasion === "ramadan_iftar";
      const suhoorOccasion = t.occasion === "ramadan_suhoor";
      const eidOccasion = t.occasion === "eid_al_fitr" || t.occasion === "eid_al_adha";
      const noDaytime = day.ramadan || day.eid || iftarOccasion || suhoorOccasion || eidOccasion;
      if (noDaytime) for (const x of [text, seasonal]) expect(x).not.toMatch(DAYTIME[language]);
      // without seasonal hours none appear
      expect(text).not.toMatch(RAMADAN[language]);
      expect(text).not.toMatch(EID[language]);
      const usesHours = t.body[language].includes("{hours}");
      const iftar =
        language === "en" ? `Iftar at ${clockText(MAGHRIB, "en")}` : `الإفطار الساعة ${clockText(MAGHRIB, "ar")}`;
      if (iftarOccasion && day.ramadan && usesHours) for (const x of [text, seasonal]) expect(x).toContain(iftar);
      else for (const x of [text, seasonal]) expect(x).not.toContain(iftar);
      // which seasonal hours the line states: Ramadan's on a Ramadan day (Iftar after its time, Suhoor, any
      // other template but an Eid one), Eid's in an Eid template or on an Eid day (never Iftar's or Suhoor's)
      const wantRamadan = usesHours && day.ramadan && !eidOccasion;
      const wantEid = usesHours && !iftarOccasion && !suhoorOccasion && (eidOccasion || day.eid);
      if (wantRamadan) expect(seasonal).toMatch(RAMADAN[language]);
      else expect(seasonal).not.toMatch(RAMADAN[language]);
      if (wantEid) expect(seasonal).toMatch(EID[language]);
      else expect(seasonal).not.toMatch(EID[language]);
      // everyday templates on an ordinary day keep the business's hours: only facts that contradict go
      if (!noDaytime && usesHours) for (const x of [text, seasonal]) expect(x).toMatch(DAYTIME[language]);
      // the occasions' own words stay theirs: no Eid greeting in Ramadan's templates, no Iftar in Eid's
      if (iftarOccasion || suhoorOccasion) expect(seasonal).not.toMatch(/Eid Mubarak|عيدكم مبارك/);
      if (eidOccasion) expect(seasonal).not.toMatch(/Iftar at|Suhoor|الإفطار الساعة|السحور/);
    }
  });
});

describe("templateHours with seasonal hours", () => {
  const ramadanDay = dayOn(DAYS.ramadan);
  const eidDay = dayOn(DAYS.eidAlFitr);
  test("Iftar says when Iftar is, then the Ramadan hours when the business gave them", () => {
    expect(templateHours({ occasion: "ramadan_iftar", day: ramadanDay, ...HOURS, ...SEASONAL, language: "en" })).toBe(
      "Iftar at 5:52 PM · Ramadan hours: 8 PM - 3 AM",
    );
    expect(templateHours({ occasion: "ramadan_iftar", day: ramadanDay, ...HOURS, ...SEASONAL, language: "ar" })).toBe(
      "الإفطار الساعة ٥:٥٢ م، مواعيد رمضان: من ٨ مساءً حتى ٣ فجرًا",
    );
    expect(templateHours({ occasion: "ramadan_iftar", day: ramadanDay, ...HOURS, language: "en" })).toBe(
      "Iftar at 5:52 PM",
    );
    // Maghrib not known (a preview): the Ramadan hours alone, or nothing; never the daytime hours
    expect(
      templateHours({
        occasion: "ramadan_iftar",
        day: { ...ramadanDay, maghrib: null },
        ...HOURS,
        ...SEASONAL,
        language: "en",
      }),
    ).toBe("Ramadan hours: 8 PM - 3 AM");
    expect(
      templateHours({ occasion: "ramadan_iftar", day: { ...ramadanDay, maghrib: null }, ...HOURS, language: "en" }),
    ).toBeNull();
  });
  test("Suhoor and other templates on a Ramadan day state the Ramadan hours; Eid's on an Eid day", () => {
    expect(templateHours({ occasion: "ramadan_suhoor", day: ramadanDay, ...HOURS, ...SEASONAL, language: "en" })).toBe(
      "8 PM - 3 AM",
    );
    expect(templateHours({ occasion: "weekend", day: ramadanDay, ...HOURS, ...SEASONAL, language: "ar" })).toBe(
      "من ٨ مساءً حتى ٣ فجرًا",
    );
    expect(templateHours({ occasion: "eid_al_fitr", day: eidDay, ...HOURS, ...SEASONAL, language: "en" })).toBe(
      "4 PM - 1 AM",
    );
    expect(templateHours({ occasion: "food_photo", day: eidDay, ...HOURS, ...SEASONAL, language: "ar" })).toBe(
      "من ٤ عصرًا حتى ١ ليلًا",
    );
    expect(
      templateHours({ occasion: "ramadan_suhoor", day: dayOn(DAYS.ordinary), ...HOURS, ...SEASONAL, language: "en" }),
    ).toBeNull();
  });
  test("a missing seasonal field is left out, never invented, never the daytime hours", () => {
    expect(
      templateHours({ occasion: "ramadan_suhoor", day: ramadanDay, ...HOURS, eidHours: "4 PM - 1 AM", language: "en" }),
    ).toBeNull();
    expect(
      templateHours({ occasion: "food_photo", day: eidDay, ...HOURS, ramadanHours: "8 PM - 3 AM", language: "en" }),
    ).toBeNull();
    // Arabic takes the English text only when it has no Latin letters; English never takes Arabic
    expect(
      templateHours({
        occasion: "ramadan_suhoor",
        day: ramadanDay,
        ...HOURS,
        ramadanHours: "8 PM - 3 AM",
        language: "ar",
      }),
    ).toBeNull();
    expect(
      templateHours({
        occasion: "ramadan_suhoor",
        day: ramadanDay,
        ...HOURS,
        ramadanHours: "20:00 - 03:00",
        language: "ar",
      }),
    ).toBe("20:00 - 03:00");
    expect(
      templateHours({
        occasion: "ramadan_suhoor",
        day: ramadanDay,
        ...HOURS,
        ramadanHoursAr: "من ٨ مساءً",
        language: "en",
      }),
    ).toBeNull();
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
