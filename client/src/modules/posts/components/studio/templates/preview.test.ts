// A template's preview states the hours the server would (templateHours, docs/product.md#templates): the
// daytime hours on an ordinary day in an everyday template, the café's Ramadan hours in Ramadan and its
// Eid hours at Eid, never the daytime hours in a Ramadan or Eid template; none the profile lacks.
import { previewValues, type TemplatesProfile } from "./preview.ts";

const profile = (extra: object = {}): TemplatesProfile => ({
  id: "b1",
  companyName: "Dar Al Qahwa",
  nameAr: "دار القهوة",
  area: "salmiya",
  hours: "Daily 7 AM - 11 PM",
  hoursAr: "يوميًا من ٧ صباحًا حتى ١١ مساءً",
  ramadanHours: null,
  ramadanHoursAr: null,
  eidHours: null,
  eidHoursAr: null,
  menu: [],
  ...extra,
});
const SEASONAL = {
  ramadanHours: "8 PM - 3 AM",
  ramadanHoursAr: "من ٨ مساءً حتى ٣ فجرًا",
  eidHours: "4 PM - 1 AM",
  eidHoursAr: "من ٤ عصرًا حتى ١ ليلًا",
};
const ORDINARY = "2026-04-15";
const RAMADAN = "2026-03-10";
const EID = "2026-03-20";

test("an everyday template on an ordinary day shows the opening hours in its language", () => {
  expect(previewValues(profile(), "en", "food_photo", ORDINARY).hours).toBe("Daily 7 AM - 11 PM");
  expect(previewValues(profile(), "ar", "food_photo", ORDINARY).hours).toBe("يوميًا من ٧ صباحًا حتى ١١ مساءً");
});

test("Ramadan and Eid templates never show the daytime hours; without seasonal hours they show none", () => {
  for (const occasion of ["ramadan_iftar", "ramadan_suhoor", "eid_al_fitr"] as const) {
    for (const day of [ORDINARY, RAMADAN, EID]) expect(previewValues(profile(), "en", occasion, day).hours).toBeNull();
  }
  expect(previewValues(profile(), "en", "food_photo", RAMADAN).hours).toBeNull();
});

test("with the café's seasonal hours: Ramadan's in Ramadan, Eid's at Eid, in the template's language", () => {
  const p = profile(SEASONAL);
  expect(previewValues(p, "en", "ramadan_suhoor", RAMADAN).hours).toBe("8 PM - 3 AM");
  expect(previewValues(p, "ar", "food_photo", RAMADAN).hours).toBe("من ٨ مساءً حتى ٣ فجرًا");
  expect(previewValues(p, "en", "ramadan_iftar", RAMADAN).hours).toBe("Ramadan hours: 8 PM - 3 AM");
  expect(previewValues(p, "en", "eid_al_fitr", EID).hours).toBe("4 PM - 1 AM");
  expect(previewValues(p, "ar", "weekend", EID).hours).toBe("من ٤ عصرًا حتى ١ ليلًا");
  expect(previewValues(p, "en", "ramadan_suhoor", ORDINARY).hours).toBeNull();
  expect(previewValues(p, "en", "weekend", ORDINARY).hours).toBe("Daily 7 AM - 11 PM");
});
