// Replies that answer, over real HTTP and Postgres: the guest facts saved through the business
// profile's two doors (REST and GraphQL, one rule, messages in Arabic), then a guest's question
// answered by the suggested reply from what was saved, or promised with the gap named on the item
// (REST and GraphQL); Ramadan hours when the server's clock is in Ramadan (kernel/clock.ts).
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { login } from "./support/team.ts";
import { loadBusinessProfile } from "../src/modules/business-profile/business-profile.read.ts";
import { startClockAt } from "../src/kernel/clock.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function business() {
  const c = await registeredClient(app.base, { over: { company_name: "Sufra Café" } });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token as string };
}

const FACTS = {
  address: "Salem Al Mubarak St, Block 10, Salmiya",
  address_ar: "شارع سالم المبارك، قطعة ١٠، السالمية",
  map_url: "https://maps.app.goo.gl/Sufra10",
  hours: "Daily 7 AM - 1 AM",
  ramadan_hours: "8 PM - 3 AM",
  ramadan_hours_ar: "من ٨ مساءً حتى ٣ فجرًا",
  delivery_apps: [{ app: "talabat", url: "https://www.talabat.com/kuwait/sufra-cafe" }],
  reservation_mode: "phone",
  reservation_phone: "+965 2222 3333",
  public_phone: "+96599998888",
};

const review = async (token: string, text: string, rating = 3) => {
  const r = await call(app.base, "POST", "/api/reviews", {
    token,
    body: { source: "google", author: "Fatma", rating, text, reviewed_at: "2026-01-10" },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
};
const suggestRest = async (token: string, id: string) => {
  const r = await call(app.base, "POST", `/api/reviews/${id}/suggest-reply`, { token, body: { seed: 3 } });
  expect(r.status).toBe(200);
  return r.body as { reply: string; reply_gaps: string[]; reply_rejected: string[] };
};
const SUGGEST = `mutation($id: ID!) { suggestInboxReply(id: $id, seed: 3) { reply replyGaps replyRejected } }`;

describe("the guest facts at both doors", () => {
  test("REST saves them, GraphQL reads and changes them, the writer's reader sees them", async () => {
    const b = await business();
    const put = await call(app.base, "PUT", "/api/business-profile", { token: b.token, body: FACTS });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      ...FACTS,
      delivery_apps: [{ app: "talabat", name: null, url: "https://www.talabat.com/kuwait/sufra-cafe" }],
      reservation_phone: "+96522223333",
      eid_hours: null,
    });
    const q = await gql(
      app.base,
      `{ businessProfile { address mapUrl ramadanHours deliveryApps { app name url } reservationMode reservationPhone publicPhone } }`,
      {},
      b.token,
    );
    expect(q.data.businessProfile).toEqual({
      address: FACTS.address,
      mapUrl: FACTS.map_url,
      ramadanHours: "8 PM - 3 AM",
      deliveryApps: [{ app: "TALABAT", name: null, url: "https://www.talabat.com/kuwait/sufra-cafe" }],
      reservationMode: "PHONE",
      reservationPhone: "+96522223333",
      publicPhone: "+96599998888",
    });
    const m = await gql(
      app.base,
      `mutation($input: BusinessProfileInput!) { updateBusinessProfile(input: $input) { deliveryApps { app name url } reservationMode reservationUrl eidHoursAr } }`,
      {
        input: {
          deliveryApps: [
            { app: "JAHEZ", name: "Sufra", url: "https://jahez.net/sufra" },
            { app: "OTHER", name: "Cari", url: "https://cari.example/sufra" },
          ],
          reservationMode: "LINK",
          reservationUrl: "https://book.example/sufra",
          eidHoursAr: "من ٢ ظهرًا",
        },
      },
      b.token,
    );
    expect(m.errors).toBeUndefined();
    expect(m.data.updateBusinessProfile).toEqual({
      deliveryApps: [
        { app: "JAHEZ", name: "Sufra", url: "https://jahez.net/sufra" },
        { app: "OTHER", name: "Cari", url: "https://cari.example/sufra" },
      ],
      reservationMode: "LINK",
      reservationUrl: "https://book.example/sufra",
      eidHoursAr: "من ٢ ظهرًا",
    });
    expect(await loadBusinessProfile(app.sufra.deps.db, b.businessId)).toMatchObject({
      address: FACTS.address,
      addressAr: FACTS.address_ar,
      mapUrl: FACTS.map_url,
      eidHoursAr: "من ٢ ظهرًا",
      deliveryApps: [
        { app: "jahez", name: "Sufra", url: "https://jahez.net/sufra" },
        { app: "other", name: "Cari", url: "https://cari.example/sufra" },
      ],
      reservation: { mode: "link", phone: "+96522223333", url: "https://book.example/sufra" },
      publicPhone: "+96599998888",
    });
    // cleared: a blank map link, an empty list of apps
    const cleared = await call(app.base, "PUT", "/api/business-profile", {
      token: b.token,
      body: { map_url: "", delivery_apps: null, address: "" },
    });
    expect(cleared.body).toMatchObject({ map_url: null, delivery_apps: [], address: null });
  });

  test("one rule at both doors, its messages in Arabic; nothing is saved", async () => {
    const b = await business();
    const bad = {
      map_url: "https://evil.example/maps",
      delivery_apps: [{ app: "talabat", url: "http://talabat.com/sufra" }],
      reservation_mode: "phone",
      public_phone: "12345",
    };
    const r = await call(app.base, "PUT", "/api/business-profile", { token: b.token, lang: "ar", body: bad });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({
      map_url: ["الصق رابط خرائط جوجل أو خرائط آبل بدءًا بـ https://"],
      "delivery_apps.0.url": ["الصق رابط متجركم في التطبيق بدءًا بـ https://"],
      public_phone: ["رقم هاتف كويتي غير صحيح. الصيغة: ‎+965XXXXXXXX"],
      reservation_phone: ["أدخل رقم الهاتف الذي يتصل به الضيوف للحجز"],
    });
    const g = await gql(
      app.base,
      `mutation($input: BusinessProfileInput!) { updateBusinessProfile(input: $input) { mapUrl } }`,
      { input: { mapUrl: "http://maps.google.com/?q=1" } },
      b.token,
    );
    expect(g.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { mapUrl: ["Paste a Google Maps or Apple Maps link starting with https://"] },
    });
    expect((await call(app.base, "GET", "/api/business-profile", { token: b.token })).body).toMatchObject({
      map_url: null,
      delivery_apps: [],
      public_phone: null,
    });
  });
});

describe("a suggested reply answers the guest's question", () => {
  test("Where exactly are you? Is this on Talabat? Answered with the profile's facts (REST and GraphQL)", async () => {
    const b = await business();
    await call(app.base, "PUT", "/api/business-profile", { token: b.token, body: FACTS });
    const where = await suggestRest(b.token, await review(b.token, "Where exactly are you?"));
    expect(where.reply).toContain("Salem Al Mubarak St, Block 10, Salmiya");
    expect(where.reply).toContain("https://maps.app.goo.gl/Sufra10");
    expect(where.reply_gaps).toEqual([]);
    expect(where.reply_rejected).toEqual([]);
    const talabat = (await gql(app.base, SUGGEST, { id: await review(b.token, "موجودين بطلبات؟") }, b.token)).data
      .suggestInboxReply;
    expect(talabat.reply).toContain("طلبات (https://www.talabat.com/kuwait/sufra-cafe)");
    expect(talabat.replyGaps).toEqual([]);
  });

  test("asked in Arabic and English: each part answers in its language, from the same facts", async () => {
    const b = await business();
    await call(app.base, "PUT", "/api/business-profile", { token: b.token, body: FACTS });
    const id = await review(b.token, "وينكم؟");
    const both = (
      await gql(
        app.base,
        `mutation($id: ID!) { suggestInboxReply(id: $id, languages: BOTH, seed: 3) { reply replyGaps } }`,
        { id },
        b.token,
      )
    ).data.suggestInboxReply;
    const [ar, en] = (both.reply as string).split(/\n\n(?=Hello|Hi|Dear)/);
    expect(ar).toContain("مكاننا: شارع سالم المبارك، قطعة ١٠، السالمية");
    expect(en).toContain("You'll find us at Salem Al Mubarak St, Block 10, Salmiya");
    expect(both.reply.match(/https:\/\/maps\.app\.goo\.gl\/Sufra10/g)).toHaveLength(2);
    expect(both.replyGaps).toEqual([]);
  });

  test("what the profile lacks is promised and named on the item, never made up", async () => {
    const b = await business();
    const id = await review(b.token, "Where exactly are you? Is this on Talabat?");
    const s = await suggestRest(b.token, id);
    expect(s.reply_gaps).toEqual(["address", "map_link", "delivery_apps"]);
    expect(s.reply).toContain("We'll get back to you with");
    expect(s.reply).not.toMatch(/\d|https?:|talabat\.com|Block|Street/i);
    // the gaps stay on the item for the inbox to show
    const item = await gql(app.base, `query($id: ID!) { inboxItem(id: $id) { replyGaps } }`, { id }, b.token);
    expect(item.data.inboxItem.replyGaps).toEqual(["ADDRESS", "MAP_LINK", "DELIVERY_APPS"]);
    const ar = (await gql(app.base, SUGGEST, { id: await review(b.token, "متى تفتحون؟ وأبي أحجز طاولة") }, b.token))
      .data.suggestInboxReply;
    expect(ar.replyGaps).toEqual(["HOURS", "RESERVATIONS"]);
    expect(ar.reply).not.toMatch(/\d|[٠-٩]/);
  });

  test("in Ramadan (the server's clock), an hours question gets the Ramadan hours", async () => {
    const b = await business();
    await call(app.base, "PUT", "/api/business-profile", { token: b.token, body: FACTS });
    const id = await review(b.token, "What time do you close?");
    const undo = startClockAt(new Date("2026-03-01T12:00:00+03:00"));
    let inRamadan: Awaited<ReturnType<typeof suggestRest>>;
    try {
      inRamadan = await suggestRest(b.token, id);
    } finally {
      undo();
    }
    expect(inRamadan.reply).toContain("During Ramadan our hours are: 8 PM - 3 AM.");
    expect(inRamadan.reply).not.toContain("7 AM");
    // after Ramadan: the everyday hours
    const undoAfter = startClockAt(new Date("2026-04-15T12:00:00+03:00"));
    try {
      const after = await suggestRest(b.token, id);
      expect(after.reply).toContain("Our opening hours: Daily 7 AM - 1 AM.");
    } finally {
      undoAfter();
    }
  });
});
