// Replies that answer: a guest's question is answered from the business profile (address and map
// link, hours — Ramadan's in Ramadan —, delivery apps and links, booking, menu prices in KWD), in
// the guest's language and dialect; a fact the profile lacks is promised, never made up, and named
// as a gap. Complaints get an apology and a way to make it right; praise is thanked by name. Both
// writers: the built-in one, and the configured model through the chat-completions stand-in, whose
// draft is refused when it states a fact the profile does not hold.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { hoursSeasonOn, isMapUrl, businessProfileSchema, fieldErrors } from "@sufra/schema";
import { suggestReviewReply } from "../src/ai/local/review-reply.ts";
import { factsOfProfile, inventedFacts, arabicVoiceOf } from "../src/ai/local/guest-answers.ts";
import { createOpenAiWriter } from "../src/ai/openai/openai-writer.ts";
import type { AiWriter } from "../src/ai/provider.ts";
import type { BusinessProfile } from "../src/ai/types.ts";
import { startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";
import { logLines } from "./support/log-lines.ts";

const FULL: BusinessProfile = {
  name: "Sufra Café",
  nameAr: "مقهى سفرة",
  area: "salmiya",
  hours: "Daily 7 AM - 1 AM",
  hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
  ramadanHours: "8 PM - 3 AM",
  ramadanHoursAr: "من ٨ مساءً حتى ٣ فجرًا",
  eidHours: "2 PM - 2 AM",
  eidHoursAr: "من ٢ ظهرًا حتى ٢ فجرًا",
  address: "Salem Al Mubarak St, Block 10, Salmiya",
  addressAr: "شارع سالم المبارك، قطعة ١٠، السالمية",
  mapUrl: "https://maps.app.goo.gl/Sufra10",
  deliveryApps: [
    { app: "talabat", name: null, url: "https://www.talabat.com/kuwait/sufra-cafe" },
    { app: "jahez", name: "Sufra", url: "https://jahez.net/sufra" },
  ],
  reservation: { mode: "phone", phone: "+96522223333" },
  publicPhone: "+96599998888",
  menu: [
    { name: "Karak Tea", nameAr: "شاي كرك", priceKwd: 0.5 },
    { name: "Pistachio Kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.75 },
    { name: "Spanish Latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 },
  ],
};
/** Only the names: every question is a gap. */
const BARE: BusinessProfile = { name: "Sufra Café", nameAr: "مقهى سفرة" };

const reply = (
  text: string,
  business: BusinessProfile,
  more: { rating?: number; season?: "ramadan" | "eid" | null; author?: string } = {},
) =>
  suggestReviewReply({
    review: { author: more.author ?? "Fatma", rating: more.rating ?? 3, text },
    business,
    seed: 1,
    season: more.season ?? null,
  });

/** Latin letters outside links. */
const latinOutsideLinks = (s: string) => /[A-Za-z]/.test(s.replace(/https?:\/\/\S+/g, "").replace(/Fatma/g, ""));
/** Any figure, link, phone, time or delivery app: none may appear when the profile holds none. */
const ANY_FACT =
  /\d|[٠-٩]|https?:|www\.|\.com|talabat|deliveroo|jahez|keeta|carriage|طلبات|جاهز|كيتا|كاريدج|ديليفرو|\bKWD\b|د\.ك|\b(?:AM|PM)\b|صباح|مساء|فجر|street|\bSt\b|شارع|قطعة|block/iu;

describe("a question is answered from the profile", () => {
  test("Where exactly are you? The address and the map link", () => {
    const r = reply("Where exactly are you?", FULL);
    expect(r.asks).toEqual(["location"]);
    expect(r.gaps).toEqual([]);
    expect(r.reply).toContain("Salem Al Mubarak St, Block 10, Salmiya");
    expect(r.reply).toContain("https://maps.app.goo.gl/Sufra10");
    // not the review boilerplate that answered the wrong question
    expect(r.reply).not.toMatch(/review|always improving|looking into/i);
  });

  test("Is this on Talabat? The delivery apps and their links", () => {
    const r = reply("Is this on Talabat?", FULL);
    expect(r.asks).toEqual(["delivery"]);
    expect(r.reply).toContain("Talabat (https://www.talabat.com/kuwait/sufra-cafe)");
    expect(r.reply).toContain("Jahez (https://jahez.net/sufra)");
    expect(r.reply).not.toMatch(/delivery times|looking into/i);
  });

  test("Gulf Arabic is answered in Gulf Arabic: وين مكانكم بالضبط، موجودين بطلبات؟", () => {
    const where = reply("وين مكانكم بالضبط", FULL);
    expect(where.language).toBe("ar");
    expect(where.reply).toContain("مكاننا: شارع سالم المبارك، قطعة ١٠، السالمية");
    expect(where.reply).toContain("https://maps.app.goo.gl/Sufra10");
    expect(latinOutsideLinks(where.reply)).toBe(false);
    const talabat = reply("موجودين بطلبات؟", FULL);
    expect(talabat.reply).toContain("تقدرون تطلبون منا من طلبات (https://www.talabat.com/kuwait/sufra-cafe)");
    expect(talabat.reply).toContain("جاهز (https://jahez.net/sufra)");
  });

  test("Modern Standard Arabic is answered in Modern Standard Arabic", () => {
    expect(arabicVoiceOf("أين يقع المقهى؟")).toBe("msa");
    expect(arabicVoiceOf("وين مكانكم؟")).toBe("gulf");
    const r = reply("أين يقع المقهى؟ أرسلوا العنوان من فضلكم", FULL);
    expect(r.reply).toContain("عنواننا: شارع سالم المبارك");
    expect(r.reply).toContain("وهذا موقعنا على الخريطة: https://maps.app.goo.gl/Sufra10");
    expect(r.reply).not.toMatch(/هلا|مشكورين|اللوكيشن/);
  });

  test("hours, booking and prices in KWD with three decimals", () => {
    expect(reply("What time do you open?", FULL).reply).toContain("Our opening hours: Daily 7 AM - 1 AM.");
    expect(reply("Do you take reservations?", FULL).reply).toContain(
      "To book a table, please call us on +965 2222 3333.",
    );
    expect(reply("كم سعر الكرك؟", FULL).reply).toContain("شاي كرك");
    expect(reply("كم سعر الكرك؟", FULL).reply).toContain("0.500 د.ك");
    const en = reply("How much is the pistachio kunafa?", FULL);
    expect(en.reply).toContain("Pistachio Kunafa is 2.750 KWD.");
    expect(en.gaps).toEqual([]);
    const link = reply("أبي أحجز طاولة", {
      ...FULL,
      reservation: { mode: "link", url: "https://book.sufra.example/table" },
    });
    expect(link.reply).toContain("https://book.sufra.example/table");
    expect(reply("Can I book a table for 4?", { ...FULL, reservation: { mode: "walk_in" } }).reply).toContain(
      "We don't take bookings; just walk in",
    );
  });

  test("Ramadan hours during Ramadan, Eid hours on Eid, and the season the guest names", () => {
    expect(hoursSeasonOn("2026-03-01")).toBe("ramadan");
    expect(hoursSeasonOn("2026-03-20")).toBe("eid");
    expect(hoursSeasonOn("2026-04-15")).toBeNull();
    const inRamadan = reply("What time do you close?", FULL, { season: "ramadan" });
    expect(inRamadan.reply).toContain("During Ramadan our hours are: 8 PM - 3 AM.");
    expect(inRamadan.reply).not.toContain("7 AM");
    expect(reply("متى تسكرون؟", FULL, { season: "ramadan" }).reply).toContain("دوامنا في رمضان: من ٨ مساءً حتى ٣ فجرًا");
    expect(reply("هل تفتحون في العيد؟", FULL).reply).toContain("أوقات العمل في العيد: من ٢ ظهرًا حتى ٢ فجرًا");
    expect(reply("شنو دوامكم بالعيد؟", FULL).reply).toContain("دوامنا في العيد: من ٢ ظهرًا حتى ٢ فجرًا");
    expect(reply("What time do you close during Ramadan?", FULL).reply).toContain("8 PM - 3 AM");
    // in Ramadan without Ramadan hours: the everyday hours may be wrong, so they are not given
    const missing = reply(
      "What time do you close?",
      { ...FULL, ramadanHours: null, ramadanHoursAr: null },
      { season: "ramadan" },
    );
    expect(missing.gaps).toEqual(["ramadan_hours"]);
    expect(missing.reply).not.toMatch(/7 AM|1 AM/);
    expect(missing.reply).toContain("We'll get back to you with our Ramadan hours shortly.");
  });
});

describe("a fact the profile lacks is never invented", () => {
  const questions: [string, string[]][] = [
    ["Where exactly are you?", ["address", "map_link"]],
    ["وين مكانكم بالضبط", ["address", "map_link"]],
    ["Is this on Talabat?", ["delivery_apps"]],
    ["موجودين بطلبات؟", ["delivery_apps"]],
    ["What time do you close during Ramadan?", ["ramadan_hours"]],
    ["تفتحون بالعيد؟", ["eid_hours"]],
    ["متى تفتحون", ["hours"]],
    ["Do you take reservations?", ["reservations"]],
    ["أبي أحجز طاولة", ["reservations"]],
    ["كم سعر الكرك؟", ["menu"]],
    ["How much is the Spanish latte?", ["menu"]],
    ["Where are you and do you deliver?", ["address", "map_link", "delivery_apps"]],
  ];
  test.each(questions)("%s", (text, gaps) => {
    const r = reply(text, BARE);
    expect(r.gaps).toEqual(gaps);
    expect(r.reply).not.toMatch(ANY_FACT);
    expect(r.reply).toMatch(/get back to you|بنرد عليكم|سنوافيكم/);
    expect(inventedFacts(r.reply, BARE)).toEqual([]);
  });

  test("a price the menu does not hold is a gap, the price it holds is given", () => {
    const menu = {
      ...BARE,
      menu: [
        { name: "Karak Tea", nameAr: "شاي كرك", priceKwd: null },
        { name: "Spanish Latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 },
      ],
    };
    const r = reply("How much is the karak?", menu);
    expect(r.gaps).toEqual(["prices"]);
    expect(r.reply).not.toMatch(/\d/);
  });

  test("an address without its map link is given, the link is a gap", () => {
    const r = reply("Where exactly are you?", { ...BARE, address: "Block 10, Salmiya" });
    expect(r.reply).toContain("Block 10, Salmiya");
    expect(r.gaps).toEqual(["map_link"]);
    expect(r.reply).not.toMatch(/https?:/);
  });
});

describe("complaints and praise", () => {
  test("a complaint: an apology and the profile's phone to make it right, in each language", () => {
    const en = reply("The karak was cold and the staff ignored us.", FULL, { rating: 1 });
    expect(en.sentiment).toBe("negative");
    expect(en.reply).toMatch(/sorry|apologise/i);
    expect(en.reply).toContain("+965 9999 8888");
    const ar = reply("الكرك وصل بارد والموظفين ما اهتموا فينا", FULL, { rating: 1 });
    expect(ar.reply).toMatch(/نعتذر|آسفين|حقكم علينا/);
    expect(ar.reply).toContain("+965 9999 8888");
    expect(latinOutsideLinks(ar.reply)).toBe(false);
  });

  test("a complaint without a phone for guests is invited to message the café, no number made up", () => {
    const en = reply("Terrible service, waited an hour.", BARE, { rating: 1 });
    expect(en.reply).toMatch(/message us directly|send us a direct message/);
    expect(en.reply).not.toMatch(/\d{4}/);
    const ar = reply("الخدمة زفت وانتظرنا ساعة", BARE, { rating: 1 });
    expect(ar.reply).toMatch(/راسلونا على الخاص|تراسلونا|مراسلتنا/);
  });

  test("praise is thanked, naming what was praised", () => {
    const en = reply("The pistachio kunafa was amazing!", FULL, { rating: 5 });
    expect(en.reply).toMatch(/thank/i);
    expect(en.reply).toContain("the pistachio kunafa");
    const ar = reply("الكنافة بالفستق خطيرة، تسلم ايدكم", FULL, { rating: 5 });
    expect(ar.reply).toContain("الكنافة");
    expect(ar.reply).toMatch(/مشكورين|تسلمون|فرحنا/);
  });

  test("a question that complains: sorry, then the answer", () => {
    const r = reply("Ordered yesterday and it was cold. Do you deliver to Jahra through Talabat?", FULL, { rating: 1 });
    expect(r.asks).toEqual(["delivery"]);
    expect(r.reply).toMatch(/sorry|apologise/i);
    expect(r.reply).toContain("https://www.talabat.com/kuwait/sufra-cafe");
  });
});

describe("the profile's facts and what a draft may state", () => {
  test("map links: Google Maps and Apple Maps over https only", () => {
    for (const ok of [
      "https://maps.app.goo.gl/abc",
      "https://www.google.com/maps/place/Sufra",
      "https://maps.google.com/?q=29.33,48.07",
      "https://goo.gl/maps/xyz",
      "https://maps.apple.com/?q=Sufra",
    ])
      expect(isMapUrl(ok)).toBe(true);
    for (const bad of [
      "http://maps.app.goo.gl/abc",
      "https://evil.example/maps",
      "https://www.google.com/search?q=sufra",
      "maps.app.goo.gl/abc",
      "javascript:alert(1)",
      "https://user:pw@maps.apple.com/",
    ])
      expect(isMapUrl(bad)).toBe(false);
  });

  test("the profile's rule: links are https, booking by phone names a phone, each app once", () => {
    const bad = businessProfileSchema.safeParse({
      mapUrl: "http://maps.google.com",
      deliveryApps: [
        { app: "talabat", url: "http://talabat.com/x" },
        { app: "talabat", url: "https://talabat.com/y" },
      ],
      reservationMode: "phone",
      publicPhone: "123",
    });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({
      mapUrl: ["mapUrlInvalid"],
      "deliveryApps.0.url": ["deliveryAppUrlInvalid"],
      "deliveryApps.1.app": ["deliveryAppTwice"],
      publicPhone: ["invalidPhone"],
      reservationPhone: ["reservationPhoneRequired"],
    });
    const good = businessProfileSchema.parse({
      mapUrl: " https://maps.app.goo.gl/abc ",
      deliveryApps: [{ app: "keeta", url: "https://keeta.com/s/1", name: "" }],
      reservationMode: "phone",
      reservationPhone: "+965 2222 3333",
      publicPhone: "",
    });
    expect(good).toMatchObject({
      mapUrl: "https://maps.app.goo.gl/abc",
      deliveryApps: [{ app: "keeta", url: "https://keeta.com/s/1", name: null }],
      reservationPhone: "+96522223333",
      publicPhone: null,
    });
  });

  test("invented facts: a price, phone, link or time the profile does not hold", () => {
    expect(factsOfProfile(FULL).urls.has("https://maps.app.goo.gl/sufra10")).toBe(true);
    expect(
      inventedFacts("Karak Tea is 0.500 KWD; call +965 9999 8888 or see https://maps.app.goo.gl/Sufra10", FULL),
    ).toEqual([]);
    expect(inventedFacts("Karak Tea is 0.750 KWD", FULL)).toEqual(["0.750"]);
    expect(inventedFacts("Call us on 2200 1234", FULL)).toEqual(["2200 1234"]);
    expect(inventedFacts("Order at https://deliveroo.com/sufra", FULL)).toEqual(["https://deliveroo.com/sufra"]);
    expect(inventedFacts("We open at 9 AM", FULL)).toEqual(["9"]);
    expect(inventedFacts("نفتح الساعة ٩ صباحًا", FULL)).toEqual(["9"]);
    // a delivery app the profile does not list, even one the guest named
    expect(inventedFacts("Yes, you can find us on Talabat!", BARE, "Is this on Talabat?")).toEqual(["Talabat"]);
    expect(
      inventedFacts("إي موجودين بطلبات وجاهز", {
        ...BARE,
        deliveryApps: [{ app: "jahez", url: "https://jahez.net/s" }],
      }),
    ).toEqual(["Talabat"]);
    // the guest's own figures may come back ("your order for 4")
    expect(inventedFacts("Thank you for your order for 4!", FULL, "a table for 4")).toEqual([]);
  });
});

// ---------------------------------------------------------------- the configured model
let fake: FakeChat;
beforeAll(async () => {
  fake = await startFakeChat();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
});

const LOCAL: AiWriter = {
  provider: "local",
  generate: async () => ({ variants: [], provider: "local" }),
  replyToReview: async (req) => {
    const { seed: _seed, ...r } = suggestReviewReply({ ...req, seed: 1 });
    return { ...r, provider: "local" };
  },
};

function model() {
  const log = logLines();
  return {
    writer: createOpenAiWriter(
      { baseUrl: fake.url, apiKey: fake.apiKey, model: "gpt-4o-mini", timeoutMs: 5_000, logger: log.logger() },
      LOCAL,
    ),
    log,
  };
}

describe("the configured model", () => {
  test("is given the profile's facts only, told what is missing and never to invent; its answer with the profile's facts is used", async () => {
    const { writer } = model();
    fake.replies.push({
      content: JSON.stringify({
        reply: "Hi Fatma! Yes, you can order from us on Talabat: https://www.talabat.com/kuwait/sufra-cafe",
      }),
    });
    const r = await writer.replyToReview({
      review: { author: "Fatma", rating: 3, text: "Is this on Talabat?" },
      business: FULL,
    });
    expect(r).toMatchObject({ provider: "openai", fellBack: false, asks: ["delivery"], gaps: [] });
    expect(r.reply).toContain("https://www.talabat.com/kuwait/sufra-cafe");
    const [system, user] = fake.requests[0]!.body.messages;
    expect(system!.content).toMatch(/Never invent facts/);
    expect(system!.content).toMatch(/The guest asks about: delivery/);
    const facts = JSON.parse(user!.content as string).facts;
    expect(facts.delivery_apps).toEqual([
      { app: "Talabat", app_ar: "طلبات", link: "https://www.talabat.com/kuwait/sufra-cafe" },
      { app: "Jahez", app_ar: "جاهز", store_name: "Sufra", link: "https://jahez.net/sufra" },
    ]);
    expect(facts.map_link).toBe("https://maps.app.goo.gl/Sufra10");
  });

  test("a draft that invents a fact is refused: the built-in draft is used, marked, and the invented facts named", async () => {
    const { writer, log } = model();
    // the stand-in makes up an address, a map link and a delivery app the profile does not hold
    fake.replies.push({
      content: JSON.stringify({
        reply: "Hi Fatma! We're at Block 4, Street 12, Salmiya: https://maps.app.goo.gl/Made4Up and on Talabat.",
      }),
    });
    const r = await writer.replyToReview({
      review: { author: "Fatma", rating: 3, text: "Where exactly are you? Is this on Talabat?" },
      business: BARE,
    });
    expect(r.fellBack).toBe(true);
    expect(r.provider).toBe("local");
    expect(r.rejected).toEqual(expect.arrayContaining(["https://maps.app.goo.gl/Made4Up", "4", "12", "Talabat"]));
    expect(r.gaps).toEqual(["address", "map_link", "delivery_apps"]);
    expect(r.reply).not.toMatch(ANY_FACT);
    expect(r.reply).toContain("We'll get back to you with our exact address and where you can order from us shortly.");
    expect(log.records.find((l) => l.level === "warn")).toMatchObject({
      invented: expect.arrayContaining(["https://maps.app.goo.gl/Made4Up"]),
    });
    // the model was told what is missing
    expect(fake.requests[0]!.body.messages[0]!.content).toMatch(/do not include: address, map_link, delivery_apps/);
  });

  test("in Ramadan the model is told to give the Ramadan hours", async () => {
    const { writer } = model();
    fake.replies.push({ content: JSON.stringify({ reply: "Hi Fatma! During Ramadan we're open 8 PM - 3 AM." }) });
    const r = await writer.replyToReview({
      review: { author: "Fatma", rating: 3, text: "What time do you close?" },
      business: FULL,
      season: "ramadan",
    });
    expect(r).toMatchObject({
      provider: "openai",
      fellBack: false,
      reply: "Hi Fatma! During Ramadan we're open 8 PM - 3 AM.",
    });
    const facts = JSON.parse(fake.requests[0]!.body.messages[1]!.content as string).facts;
    expect(facts).toMatchObject({
      today_in_kuwait: "Ramadan: give the Ramadan hours",
      ramadan_hours: "8 PM - 3 AM",
      opening_hours: "Daily 7 AM - 1 AM",
    });
  });

  test("an invented price in Gulf Arabic is refused too", async () => {
    const { writer } = model();
    fake.replies.push({ content: JSON.stringify({ reply: "هلا فاطمة، الكرك عندنا بـ ٠٫٧٥٠ د.ك، حياكم الله" }) });
    const r = await writer.replyToReview({
      review: { author: "فاطمة", rating: 3, text: "كم سعر الكرك؟" },
      business: FULL,
    });
    expect(r).toMatchObject({ fellBack: true, rejected: ["0.750"] });
    expect(r.reply).toContain("0.500 د.ك");
    expect(fake.requests[0]!.body.messages[0]!.content).toMatch(/Modern Standard Arabic|Gulf/);
  });

  test("a Gulf Arabic draft with the profile's facts is used; the model is asked for Gulf Arabic", async () => {
    const { writer } = model();
    fake.replies.push({
      content: JSON.stringify({
        reply:
          "هلا فاطمة، مكاننا في شارع سالم المبارك، قطعة ١٠، السالمية، وهذا اللوكيشن: https://maps.app.goo.gl/Sufra10",
      }),
    });
    const r = await writer.replyToReview({
      review: { author: "فاطمة", rating: 3, text: "وين مكانكم بالضبط" },
      business: FULL,
    });
    expect(r).toMatchObject({ provider: "openai", fellBack: false });
    expect(fake.requests[0]!.body.messages[0]!.content).toMatch(/Gulf \(Kuwaiti\) Arabic/);
  });
});
