// The content planner over real HTTP and Postgres (docs/product.md#planning-a-month), with the server's clock
// at 10 February 2026 (Kuwait), so March 2026 and Ramadan 2026 lie ahead. The project's calendar (Umm al-Qura)
// has Ramadan 2026 from 18 February to 19 March, Gergean on 4 March, Eid al-Fitr from 20 to 22 March.
// The plan obeys the calendar, times avoid the prayers, dishes come from the menu, the AI allowance is
// counted and refused when short, approving makes exactly the posts chosen and never twice; templates'
// facts follow the day (Iftar's time, the café's Ramadan and Eid hours, never daytime hours in Ramadan or at Eid);
// a photo the person labelled with a dish goes with that dish.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { atPrayerTime, kuwaitClock, kuwaitDate } from "@sufra/schema";
import { kuwaitPrayerTimes } from "../src/modules/calendar/index.ts";
import { startClockAt } from "../src/kernel/clock.ts";
import { adminToken, call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { startFakeChat } from "./fakes/chat-completions-server.ts";

let app: TestApp;
let undoClock: () => void;
const RAMADAN = { from: "2026-02-18", to: "2026-03-19" };
const EID = ["2026-03-20", "2026-03-21", "2026-03-22"];
const inRamadan = (d: string) => d >= RAMADAN.from && d <= RAMADAN.to;
const MENU = [
  { name: "Karak tea", name_ar: "شاي كرك", price_kwd: 0.5 },
  { name: "Pistachio kunafa", name_ar: "كنافة بالفستق", price_kwd: 2.75 },
  { name: "Spanish latte", name_ar: "سبانش لاتيه", price_kwd: 1.75 },
];

beforeAll(async () => {
  // the server's clock as CLOCK_START sets it (kernel/clock.ts), in this process
  undoClock = startClockAt(new Date("2026-02-10T09:00:00+03:00"));
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
  undoClock?.();
});

/** A café on a plan, with its practice accounts (a connected account per network of the plan), a menu and daytime hours. */
async function cafe(plan: "basic" | "professional" | "premium" = "professional", opts: { menu?: boolean } = {}) {
  const c = await signedInBusiness(app.base, { practice: true, over: { requested_plan: plan } });
  const profile = await call(app.base, "PUT", "/api/business-profile", {
    token: c.token,
    body: { hours: "Daily 7 AM - 11 PM", hours_ar: "يوميًا من ٧ صباحًا حتى ١١ مساءً" },
  });
  expect(profile.status).toBe(200);
  const menu: { id: string; name: string }[] = [];
  for (const item of opts.menu === false ? [] : MENU) {
    const r = await call(app.base, "POST", "/api/business-profile/menu", { token: c.token, body: item });
    expect(r.status).toBe(201);
    menu.push({ id: r.body.id, name: r.body.name });
  }
  return { ...c, menu };
}

async function photo(token: string, name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080"><rect width="100%" height="100%" fill="#8a7a6a"/><circle cx="540" cy="540" r="300" fill="#a89080"/></svg>`;
  const file = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

const usage = async (token: string) =>
  (await call(app.base, "GET", "/api/ai/usage", { token })).body as { used: number; remaining: number; limit: number };

type Proposal = {
  id: string;
  date: string;
  calendar_key: string | null;
  occasion: string | null;
  menu_item_id: string | null;
  dish: { en: string; ar: string } | null;
  platform: string;
  format: string;
  scheduled_for: string;
  reason: string;
  content: string;
  hashtags: string[];
  media_id: string | null;
  shot_list: {
    what: { en: string; ar: string };
    angle: { en: string; ar: string };
    light: { en: string; ar: string };
  } | null;
  status: string;
  post_id: string | null;
};

describe("the plan obeys the Kuwait calendar", () => {
  test("previewing March 2026 names Gergean, Ramadan's days, its last day, Eid and ordinary days, and spends nothing", async () => {
    const c = await cafe();
    const days = [
      "2026-03-04",
      "2026-03-10",
      "2026-03-11",
      "2026-03-19",
      "2026-03-20",
      "2026-03-21",
      "2026-03-25",
      "2026-03-26",
    ];
    const r = await call(app.base, "POST", "/api/planner/preview", {
      token: c.token,
      body: { period: "month", month: "2026-03", days },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ from: "2026-03-01", to: "2026-03-31", cost: 8, enough: true, missing: [] });
    expect(r.body.usage).toMatchObject({ used: 0, limit: 100, remaining: 100 });
    const by = Object.fromEntries(r.body.days.map((d: { date: string }) => [d.date, d]));
    expect(by["2026-03-04"]).toMatchObject({
      calendar_key: "gergean",
      occasion: null,
      ramadan: true,
      occasion_name: { en: "Gergean", ar: "القرقيعان" },
    });
    expect(by["2026-03-10"]).toMatchObject({ calendar_key: null, occasion: "ramadan_iftar", ramadan: true });
    expect(by["2026-03-11"]).toMatchObject({ calendar_key: null, occasion: "ramadan_suhoor", ramadan: true });
    // the last day of Ramadan is still a fasting day; Eid starts the next day
    expect(by["2026-03-19"]).toMatchObject({ calendar_key: "ramadan_end", occasion: "ramadan_iftar", ramadan: true });
    expect(by["2026-03-20"]).toMatchObject({ calendar_key: "eid_al_fitr", occasion: "eid_al_fitr", ramadan: false });
    // Mother's Day falls on Eid's second day in 2026: Eid wins
    expect(by["2026-03-21"]).toMatchObject({ calendar_key: "eid_al_fitr", occasion: "eid_al_fitr", ramadan: false });
    expect(by["2026-03-25"]).toMatchObject({ calendar_key: null, occasion: "food_photo", ramadan: false });
    expect(by["2026-03-26"]).toMatchObject({ calendar_key: null, occasion: "weekend", ramadan: false }); // a Thursday
    expect((await usage(c.token)).used).toBe(0);
  });

  test("a month planned by posts a week: Ramadan occasions only on Ramadan days, Eid on Eid days, real menu items, good times", async () => {
    const c = await cafe();
    const karak = await photo(c.token, "karak-tea-cup.jpg");
    const other = await photo(c.token, "IMG_2041.jpg");
    const before = await usage(c.token);
    const r = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { period: "month", month: "2026-03", per_week: 3, language: "en" },
    });
    expect(r.status).toBe(201);
    const proposals = r.body.proposals as Proposal[];
    // March 2026 has five Kuwait weeks (1-7, 8-14, 15-21, 22-28, 29-31): 3 + 3 + 3 + 3 + 3 days
    expect(proposals).toHaveLength(15);
    expect(new Set(proposals.map((p) => p.date)).size).toBe(15);
    // the calendar's occasion days come first in their weeks
    for (const d of ["2026-03-04", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22"])
      expect(proposals.map((p) => p.date)).toContain(d);
    expect(r.body.usage).toMatchObject({ used: before.used + 15, remaining: before.remaining - 15 });
    expect((await usage(c.token)).used).toBe(before.used + 15);

    const menuNames = new Map(c.menu.map((m) => [m.id, m.name]));
    const accounts = (await call(app.base, "GET", "/api/platforms", { token: c.token })).body;
    const connected = new Set(
      accounts.platforms
        .filter((a: { account: unknown; available: boolean }) => a.account && a.available)
        .map((a: { platform: string }) => a.platform),
    );
    expect(connected.size).toBeGreaterThan(1);
    for (const [i, p] of proposals.entries()) {
      // the calendar: Ramadan's occasions on Ramadan's days and nowhere else, Eid on Eid's days
      if (p.occasion === "ramadan_iftar" || p.occasion === "ramadan_suhoor") expect(inRamadan(p.date)).toBe(true);
      if (inRamadan(p.date)) expect(["ramadan_iftar", "ramadan_suhoor", null]).toContain(p.occasion);
      if (EID.includes(p.date)) expect(p).toMatchObject({ calendar_key: "eid_al_fitr", occasion: "eid_al_fitr" });
      else expect(p.occasion).not.toBe("eid_al_fitr");
      // the menu: the business's own items, in turn
      expect(menuNames.get(p.menu_item_id!)).toBe(p.dish!.en);
      expect(p.menu_item_id).toBe(c.menu[i % c.menu.length]!.id);
      expect(p.content.toLowerCase()).toContain(p.dish!.en.toLowerCase().split(" ")[0]);
      // the network: a connected account's, in its format
      expect(connected.has(p.platform)).toBe(true);
      if (p.platform === "instagram") expect(p.format).toBe(p.occasion === "ramadan_suhoor" ? "story" : "feed");
      else if (p.platform === "snapchat") expect(p.format).toBe("story");
      else expect(p.format).toBe("post");
      // the time: on its day in Kuwait, never inside a prayer the model avoids
      const at = new Date(p.scheduled_for);
      expect(kuwaitDate(at)).toBe(p.date);
      const prayers = kuwaitPrayerTimes(p.date);
      expect(atPrayerTime(p.date, kuwaitClock(at), { prayers, ramadan: inRamadan(p.date) })).toBe(false);
      if (p.occasion === "ramadan_iftar") {
        expect(p.reason).toBe("before_iftar");
        expect(kuwaitClock(at) < prayers.maghrib).toBe(true);
      }
      // no daytime opening hours in a Ramadan or Eid caption
      if (inRamadan(p.date) || EID.includes(p.date)) expect(p.content).not.toMatch(/7 AM|11 PM/);
      // a photo from the library, or a shot list in both languages
      if (p.media_id) expect(p.shot_list).toBeNull();
      else {
        expect(p.shot_list!.what.en).toContain(p.dish!.en);
        expect(p.shot_list!.what.ar).toContain(p.dish!.ar);
        for (const k of ["angle", "light"] as const) expect(p.shot_list![k].ar).toMatch(/\p{Script=Arabic}/u);
        if (p.format === "story") expect(p.shot_list!.angle.en).toContain("9:16");
      }
    }
    // the photo named after Karak tea goes with Karak tea; the other photo once; the rest get shot lists
    const withPhoto = proposals.filter((p) => p.media_id);
    expect(withPhoto).toHaveLength(2);
    expect(withPhoto.find((p) => p.media_id === karak.id)!.dish!.en).toBe("Karak tea");
    expect(withPhoto.some((p) => p.media_id === other.id)).toBe(true);

    // kept: the plan reads back the same after a reload
    const again = await call(app.base, "GET", `/api/planner/plans/${r.body.id}`, { token: c.token });
    expect(again.status).toBe(200);
    expect(again.body.proposals.map((p: Proposal) => p.id)).toEqual(proposals.map((p) => p.id));
  });

  test("a photo the person labelled with the dish goes with that dish before a newer unlabelled one and before a file name's match", async () => {
    const c = await cafe();
    const [karak, kunafa] = c.menu;
    // oldest first: the labelled kunafa photo (its file name says nothing), one named after kunafa, then the newest, unnamed
    const labelled = await photo(c.token, "DSC_0001.jpg");
    const set = await call(app.base, "PATCH", `/api/posts/media/${labelled.id}`, {
      token: c.token,
      body: { menu_item_id: kunafa!.id },
    });
    expect(set.status).toBe(200);
    expect(set.body.menu_item_id).toBe(kunafa!.id);
    const named = await photo(c.token, "pistachio-kunafa.jpg");
    const newest = await photo(c.token, "IMG_9999.jpg");
    // 25 and 26 March: Karak tea, then Pistachio kunafa (the menu in turn)
    const r = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { month: "2026-03", days: ["2026-03-25", "2026-03-26"], language: "en" },
    });
    expect(r.status).toBe(201);
    const [first, second] = r.body.proposals as Proposal[];
    expect(first).toMatchObject({ menu_item_id: karak!.id });
    expect(second).toMatchObject({ menu_item_id: kunafa!.id, media_id: labelled.id });
    // Karak tea has no labelled photo and no file named after it: the newest unused one
    expect(first!.media_id).toBe(newest.id);
    expect([first!.media_id, second!.media_id]).not.toContain(named.id);
  });

  test("Plan Ramadan covers Ramadan's days only, with the national days inside it and no daytime hours", async () => {
    const c = await cafe();
    const r = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { period: "ramadan", year: 2026, per_week: 2, language: "ar" },
      lang: "ar",
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ period: "ramadan", from: RAMADAN.from, to: RAMADAN.to, language: "ar" });
    const proposals = r.body.proposals as Proposal[];
    expect(proposals.length).toBeGreaterThanOrEqual(8);
    for (const p of proposals) {
      expect(inRamadan(p.date)).toBe(true);
      expect(
        p.occasion === null ||
          ["ramadan_iftar", "ramadan_suhoor", "national_day", "liberation_day"].includes(p.occasion),
      ).toBe(true);
      expect(p.content).toMatch(/\p{Script=Arabic}/u);
      expect(p.content).not.toMatch(/٧ صباحًا|7 AM/);
    }
    expect(proposals.map((p) => [p.date, p.calendar_key])).toEqual(
      expect.arrayContaining([
        ["2026-02-18", "ramadan_start"],
        ["2026-02-25", "national_day"],
        ["2026-02-26", "liberation_day"],
        ["2026-03-04", "gergean"],
        ["2026-03-19", "ramadan_end"],
      ]),
    );
  });

  test("days outside the period are refused; a café with no menu gets proposals that name no dish (none is invented)", async () => {
    const c = await cafe("professional", { menu: false });
    const outside = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { month: "2026-03", days: ["2026-04-02"] },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.details.days).toEqual(["A day picked is outside the period or already past"]);
    const past = await call(app.base, "POST", "/api/planner/preview", {
      token: c.token,
      body: { month: "2026-01", per_week: 2 },
    });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe("PLAN_NO_DAYS");
    const both = await call(app.base, "POST", "/api/planner/preview", {
      token: c.token,
      body: { month: "2026-03", per_week: 2, days: ["2026-03-02"] },
    });
    expect(both.status).toBe(400);

    const preview = await call(app.base, "POST", "/api/planner/preview", {
      token: c.token,
      body: { month: "2026-03", days: ["2026-03-25"] },
    });
    expect(preview.body.missing).toEqual(["menu"]);
    const r = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { month: "2026-03", days: ["2026-03-25"], language: "en" },
    });
    expect(r.status).toBe(201);
    const [p] = r.body.proposals as Proposal[];
    expect(p).toMatchObject({ menu_item_id: null, dish: null, occasion: "food_photo" });
    expect(p!.shot_list!.what.en).toMatch(/^your best-selling dish or drink/);
  });
});

describe("the AI allowance", () => {
  test("the preview states the cost; a plan bigger than what remains is refused in both languages and spends nothing", async () => {
    const c = await cafe("basic");
    // spend all but 3 of the Basic plan's 50
    await app.sufra.deps.db.aiGeneration.createMany({
      data: Array.from({ length: 47 }, () => ({
        businessId: c.businessId,
        month: "2026-02",
        provider: "local" as const,
      })),
    });
    const body = { month: "2026-03", days: ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-08"] };
    const preview = await call(app.base, "POST", "/api/planner/preview", { token: c.token, body });
    expect(preview.body).toMatchObject({ cost: 5, enough: false, usage: { used: 47, remaining: 3, limit: 50 } });

    const en = await call(app.base, "POST", "/api/planner/plans", { token: c.token, body });
    expect(en.status).toBe(429);
    expect(en.body.code).toBe("PLAN_ALLOWANCE_TOO_SMALL");
    expect(en.body.message).toMatch(/Choose fewer days/);
    expect(en.body.details.days).toEqual([
      "This plan needs 5 AI captions and 3 remain this month: choose at most 3 days",
    ]);
    const ar = await call(app.base, "POST", "/api/planner/plans", { token: c.token, body, lang: "ar" });
    expect(ar.status).toBe(429);
    expect(ar.body.message).toMatch(/اختر أيامًا أقل/);
    expect(ar.body.details.days[0]).toContain("٣");
    expect((await usage(c.token)).used).toBe(47);
    expect((await call(app.base, "GET", "/api/planner/plans", { token: c.token })).body).toEqual([]);

    // three days fit exactly
    const ok = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { ...body, days: body.days.slice(0, 3) },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.usage).toMatchObject({ used: 50, remaining: 0 });
  });
});

describe("approving", () => {
  test("approving some makes exactly those posts (scheduled with a photo, drafts without); approving again makes nothing new", async () => {
    const c = await cafe();
    await photo(c.token, "spanish-latte.jpg");
    const plan = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { month: "2026-03", days: ["2026-03-22", "2026-03-23", "2026-03-24", "2026-03-25"], language: "en" },
    });
    expect(plan.status).toBe(201);
    const proposals = plan.body.proposals as Proposal[];
    const first = proposals.find((p) => p.platform === "instagram" && p.media_id)!;
    const bare =
      proposals.find((p) => p.platform === "instagram" && !p.media_id) ??
      proposals.find((p) => !p.media_id && p.platform !== "twitter")!;
    const chosen = [first.id, bare.id];
    const countBefore = await app.sufra.deps.db.post.count({ where: { businessId: c.businessId } });

    const r = await call(app.base, "POST", `/api/planner/plans/${plan.body.id}/approve`, {
      token: c.token,
      body: { proposal_ids: chosen, schedule: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.failed).toEqual([]);
    expect(r.body.created.map((x: { proposal_id: string }) => x.proposal_id).sort()).toEqual([...chosen].sort());
    expect(await app.sufra.deps.db.post.count({ where: { businessId: c.businessId } })).toBe(countBefore + 2);
    const made = await app.sufra.deps.db.post.findMany({
      where: { businessId: c.businessId },
      include: { targets: true, media: true },
    });
    const one = made.find(
      (p) => p.id === r.body.created.find((x: { proposal_id: string }) => x.proposal_id === first.id).post_id,
    )!;
    expect(one).toMatchObject({ status: "scheduled", content: first.content, hashtags: first.hashtags });
    expect(one.scheduledFor!.toISOString()).toBe(new Date(first.scheduled_for).toISOString());
    expect(one.targets.map((t) => t.platform)).toEqual(["instagram"]);
    expect(one.media.map((m) => m.mediaId)).toEqual([first.media_id]);
    expect(one.networkOptions).toMatchObject({ instagram: { format: "feed" } });
    const two = made.find(
      (p) => p.id === r.body.created.find((x: { proposal_id: string }) => x.proposal_id === bare.id).post_id,
    )!;
    // no photo for a network that needs one: a draft, to finish once the photographer's shot is in
    expect(two.status).toBe("draft");
    const states = Object.fromEntries((r.body.plan.proposals as Proposal[]).map((p) => [p.id, p.status]));
    for (const p of proposals) expect(states[p.id]).toBe(chosen.includes(p.id) ? "approved" : "proposed");

    // approving the same again, and one more: only the new one is made
    const third = proposals.find((p) => !chosen.includes(p.id))!;
    const again = await call(app.base, "POST", `/api/planner/plans/${plan.body.id}/approve`, {
      token: c.token,
      body: { proposal_ids: [...chosen, third.id] },
    });
    expect(again.status).toBe(200);
    expect(again.body.created.map((x: { proposal_id: string }) => x.proposal_id)).toEqual([third.id]);
    const twice = await call(app.base, "POST", `/api/planner/plans/${plan.body.id}/approve`, {
      token: c.token,
      body: { proposal_ids: [...chosen, third.id] },
    });
    expect(twice.body.created).toEqual([]);
    expect(await app.sufra.deps.db.post.count({ where: { businessId: c.businessId } })).toBe(countBefore + 3);

    // two tabs approving the last one at once: one post
    const last = proposals.find((p) => ![...chosen, third.id].includes(p.id))!;
    const both = await Promise.all(
      [0, 1].map(() =>
        call(app.base, "POST", `/api/planner/plans/${plan.body.id}/approve`, {
          token: c.token,
          body: { proposal_ids: [last.id], schedule: false },
        }),
      ),
    );
    expect(both.flatMap((b) => b.body.created)).toHaveLength(1);
    expect(await app.sufra.deps.db.post.count({ where: { businessId: c.businessId } })).toBe(countBefore + 4);

    // another business's plan is not found
    const stranger = await cafe();
    const theirs = await call(app.base, "POST", `/api/planner/plans/${plan.body.id}/approve`, {
      token: stranger.token,
      body: { proposal_ids: [last.id] },
    });
    expect(theirs.status).toBe(404);
  });

  test("the GraphQL door: planPreview, planMonth and approvePlan", async () => {
    const c = await cafe();
    const input = { period: "MONTH", month: "2026-03", days: ["2026-03-25", "2026-03-26"], language: "EN" };
    const p = await gql(
      app.base,
      "query ($input: PlanInput!) { planPreview(input: $input) { cost enough usage { remaining } days { date occasion calendarKey ramadan occasionName { en ar } } networks } }",
      { input },
      c.token,
    );
    expect(p.errors).toBeUndefined();
    expect(p.data.planPreview).toMatchObject({
      cost: 2,
      enough: true,
      usage: { remaining: 100 },
      days: [
        { date: "2026-03-25", occasion: "food_photo" },
        { date: "2026-03-26", occasion: "weekend" },
      ],
    });
    expect(p.data.planPreview.networks[0]).toBe("INSTAGRAM");
    const m = await gql(
      app.base,
      "mutation ($input: PlanInput!) { planMonth(input: $input) { id usage { used } proposals { id date platform format scheduledFor reason content dish { en ar } shotList { what { en ar } } status } } }",
      { input },
      c.token,
    );
    expect(m.errors).toBeUndefined();
    expect(m.data.planMonth.usage.used).toBe(2);
    const ids = m.data.planMonth.proposals.map((x: { id: string }) => x.id);
    const a = await gql(
      app.base,
      "mutation ($input: ApprovePlanInput!) { approvePlan(input: $input) { created { proposalId postId scheduled } failed { code } plan { proposals { status postId } } } }",
      { input: { planId: m.data.planMonth.id, proposalIds: ids, schedule: false } },
      c.token,
    );
    expect(a.errors).toBeUndefined();
    expect(a.data.approvePlan.created).toHaveLength(2);
    expect(a.data.approvePlan.created.every((x: { scheduled: boolean }) => !x.scheduled)).toBe(true);
    expect(
      a.data.approvePlan.plan.proposals.every(
        (x: { status: string; postId: string }) => x.status === "APPROVED" && x.postId,
      ),
    ).toBe(true);
    const refused = await gql(
      app.base,
      "mutation ($input: PlanInput!) { planMonth(input: $input) { id } }",
      { input: { ...input, days: undefined } },
      c.token,
    );
    expect(refused.errors?.[0]?.extensions?.reason).toBe("VALIDATION_ERROR");
  });
});

describe("templates fit the time of day", () => {
  const apply = (token: string, { template_id, ...body }: Record<string, unknown>, lang?: string) =>
    call(app.base, "POST", `/api/templates/${encodeURIComponent(String(template_id))}/apply`, { token, body, lang });

  test("an Iftar template says the day's Iftar time in Ramadan, never the daytime hours; outside Ramadan it leaves the hours out", async () => {
    const c = await cafe();
    const maghrib = kuwaitPrayerTimes("2026-03-10").maghrib;
    const [h, m] = maghrib.split(":").map(Number) as [number, number];
    const en = await apply(c.token, { template_id: "builtin:iftar_table:en", date: "2026-03-10" });
    expect(en.status).toBe(200);
    expect(en.body.content).toContain(`Iftar at ${h - 12}:${String(m).padStart(2, "0")} PM`);
    expect(en.body.content).not.toMatch(/7 AM/);
    const ar = await apply(c.token, { template_id: "builtin:iftar_table:ar", date: "2026-03-10" });
    expect(ar.body.content).toContain("الإفطار الساعة");
    expect(ar.body.content).not.toContain("٧ صباحًا");
    // today (10 February) is not in Ramadan: no Iftar time, no daytime hours
    const today = await apply(c.token, { template_id: "builtin:iftar_table:en" });
    expect(today.body.content).not.toMatch(/Iftar at|7 AM/);
  });

  test("Suhoor and Eid templates never state the daytime hours; an everyday template does on an ordinary day, not in Ramadan", async () => {
    const c = await cafe();
    for (const id of ["builtin:suhoor_late:en", "builtin:eid_fitr_hours:en"]) {
      const r = await apply(c.token, { template_id: id, date: id.includes("eid") ? "2026-03-20" : "2026-03-10" });
      expect(r.status).toBe(200);
      expect(r.body.content).not.toMatch(/7 AM|11 PM|\{|\}/);
    }
    const everyday = (await call(app.base, "GET", "/api/templates?occasion=food_photo&language=en", { token: c.token }))
      .body;
    const withHours = everyday.templates.find((t: { body: string }) => t.body.includes("{hours}"));
    expect(withHours).toBeDefined();
    expect((await apply(c.token, { template_id: withHours.id, date: "2026-04-15" })).body.content).toContain(
      "Daily 7 AM - 11 PM",
    );
    expect((await apply(c.token, { template_id: withHours.id, date: "2026-03-10" })).body.content).not.toContain(
      "7 AM",
    );
  });

  test("with the café's Ramadan and Eid hours, Suhoor and Ramadan-day templates state the Ramadan hours, Eid's the Eid hours", async () => {
    const c = await cafe();
    const put = await call(app.base, "PUT", "/api/business-profile", {
      token: c.token,
      body: { ramadan_hours: "8 PM - 3 AM", ramadan_hours_ar: "من ٨ مساءً حتى ٣ فجرًا", eid_hours: "4 PM - 1 AM" },
    });
    expect(put.status).toBe(200);
    const suhoor = await apply(c.token, { template_id: "builtin:suhoor_late:en", date: "2026-03-10" });
    expect(suhoor.body.content).toContain("8 PM - 3 AM");
    expect(suhoor.body.content).not.toMatch(/7 AM|4 PM/);
    const suhoorAr = await apply(c.token, { template_id: "builtin:suhoor_late:ar", date: "2026-03-10" });
    expect(suhoorAr.body.content).toContain("من ٨ مساءً حتى ٣ فجرًا");
    const iftar = await apply(c.token, { template_id: "builtin:iftar_table:en", date: "2026-03-10" });
    expect(iftar.body.content).toMatch(/Iftar at \d{1,2}:\d{2} PM · Ramadan hours: 8 PM - 3 AM/);
    const eid = await apply(c.token, { template_id: "builtin:eid_fitr_hours:en", date: "2026-03-20" });
    expect(eid.body.content).toContain("Eid hours: 4 PM - 1 AM");
    expect(eid.body.content).not.toMatch(/7 AM|8 PM/);
    // no Arabic Eid hours, and the English ones have Latin letters: the Arabic line is left out, not invented
    const eidAr = await apply(c.token, { template_id: "builtin:eid_fitr_hours:ar", date: "2026-03-20" });
    expect(eidAr.body.content).not.toMatch(/مواعيد العيد:|4 PM|٧ صباحًا/);
    const everyday = (await call(app.base, "GET", "/api/templates?occasion=food_photo&language=en", { token: c.token }))
      .body;
    const withHours = everyday.templates.find((t: { body: string }) => t.body.includes("{hours}"));
    expect((await apply(c.token, { template_id: withHours.id, date: "2026-03-10" })).body.content).toContain(
      "8 PM - 3 AM",
    );
    expect((await apply(c.token, { template_id: withHours.id, date: "2026-03-21" })).body.content).toContain(
      "4 PM - 1 AM",
    );
    expect((await apply(c.token, { template_id: withHours.id, date: "2026-04-15" })).body.content).toContain(
      "Daily 7 AM - 11 PM",
    );
  });
});

describe("the business's writer", () => {
  test("with a model configured, the plan's captions are the model's, one request each, told only the facts that fit the day", async () => {
    const fake = await startFakeChat();
    const admin = await adminToken(app.base);
    const model = await call(app.base, "PUT", "/api/ai/settings", {
      token: admin,
      body: { provider: "openai", base_url: fake.url, model: "sufra-test-model", api_key: fake.apiKey },
    });
    expect(model.status).toBe(200);
    try {
      fake.fallback = (req) => {
        const asked = JSON.parse(req.body.messages[1]!.content as string) as { prompt: string };
        return {
          content: JSON.stringify({
            variants: [{ content: `Fresh from our kitchen: ${asked.prompt}.`, hashtags: ["Q8Food"] }],
          }),
        };
      };
      const c = await cafe();
      // the café's voice is playful: a plan that names no tone writes in it
      expect(
        (await call(app.base, "PUT", "/api/business-profile/voice", { token: c.token, body: { tone: "playful" } }))
          .status,
      ).toBe(200);
      const before = fake.requests.length;
      const r = await call(app.base, "POST", "/api/planner/plans", {
        token: c.token,
        body: { month: "2026-03", days: ["2026-03-10", "2026-03-20", "2026-03-25"], language: "en" },
      });
      expect(r.status).toBe(201);
      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(3);
      for (const q of sent) expect(q.body.messages[0]!.content).toContain("Tone: Playful.");
      const asked = sent.map(
        (q) =>
          JSON.parse(q.body.messages[1]!.content as string) as { prompt: string; business: { hours?: string | null } },
      );
      const byPrompt = (dish: string) => asked.find((a) => a.prompt.includes(dish))!;
      // 10 March is an Iftar day: the model hears the Iftar time, not the daytime hours
      expect(byPrompt("Karak tea").prompt).toBe("Ramadan: Iftar: Karak tea");
      expect(JSON.stringify(byPrompt("Karak tea").business)).toMatch(/Iftar at \d{1,2}:\d{2} PM/);
      expect(JSON.stringify(byPrompt("Karak tea").business)).not.toContain("7 AM");
      // Eid: no hours at all; an ordinary day: the business's own
      expect(JSON.stringify(byPrompt("Pistachio kunafa").business)).not.toMatch(/7 AM|Iftar at/);
      expect(JSON.stringify(byPrompt("Spanish latte").business)).toContain("Daily 7 AM - 11 PM");
      const proposals = r.body.proposals as Proposal[];
      expect(proposals.map((p) => p.content)).toEqual([
        "Fresh from our kitchen: Ramadan: Iftar: Karak tea.",
        "Fresh from our kitchen: Eid al-Fitr: Pistachio kunafa.",
        "Fresh from our kitchen: From the menu: Spanish latte.",
      ]);
      const rows = await app.sufra.deps.db.aiGeneration.findMany({ where: { businessId: c.businessId } });
      expect(rows.map((x) => x.provider)).toEqual(["openai", "openai", "openai"]);

      // with the café's Ramadan and Eid hours: Iftar's time and the Ramadan hours in Ramadan, the Eid hours at Eid, never the daytime hours then
      const seasonal = await call(app.base, "PUT", "/api/business-profile", {
        token: c.token,
        body: {
          ramadan_hours: "8 PM - 3 AM",
          ramadan_hours_ar: "من ٨ مساءً حتى ٣ فجرًا",
          eid_hours: "4 PM - 1 AM",
          eid_hours_ar: "من ٤ عصرًا حتى ١ ليلًا",
        },
      });
      expect(seasonal.status).toBe(200);
      const since = fake.requests.length;
      const again = await call(app.base, "POST", "/api/planner/plans", {
        token: c.token,
        body: { month: "2026-03", days: ["2026-03-11", "2026-03-21", "2026-03-24"], language: "en" },
      });
      expect(again.status).toBe(201);
      const business = fake.requests
        .slice(since)
        .map(
          (q) =>
            JSON.parse(q.body.messages[1]!.content as string) as { prompt: string; business: Record<string, unknown> },
        );
      expect(business).toHaveLength(3);
      const of = (date: string) =>
        business.find((b) =>
          b.prompt.includes((again.body.proposals as Proposal[]).find((p) => p.date === date)!.dish!.en),
        )!.business;
      const ramadanDay = JSON.stringify(of("2026-03-11"));
      expect(ramadanDay).toContain("8 PM - 3 AM");
      expect(ramadanDay).not.toMatch(/7 AM|4 PM - 1 AM/);
      const eidDay = JSON.stringify(of("2026-03-21"));
      expect(eidDay).toContain("4 PM - 1 AM");
      expect(eidDay).toContain("من ٤ عصرًا حتى ١ ليلًا");
      expect(eidDay).not.toMatch(/7 AM|8 PM - 3 AM/);
      const ordinary = JSON.stringify(of("2026-03-24"));
      expect(ordinary).toContain("Daily 7 AM - 11 PM");
      expect(ordinary).not.toMatch(/8 PM - 3 AM|4 PM - 1 AM/);
    } finally {
      await call(app.base, "PUT", "/api/ai/settings", { token: admin, body: { provider: "local" } });
      await fake.close();
    }
  });
});

describe("school breaks: announced by an admin, then in the calendar and the plan", () => {
  test("an admin announces the summer break with its days; the calendar lists it; the plan proposes a family post on a break day", async () => {
    const admin = await adminToken(app.base);
    const c = await cafe();
    // nobody announced it yet: no school break in 2026
    const before = await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token: c.token });
    expect(before.body.some((h: { kind: string }) => h.kind === "school")).toBe(false);

    // a business's person cannot announce it (REST and GraphQL)
    const refused = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: c.token,
      body: { occasion_key: "school_summer_break", year: 2026, date: "2026-06-18", days: 80 },
    });
    expect(refused.status).toBe(403);
    const refusedGql = await gql(
      app.base,
      'mutation { setHolidayOverride(occasionKey: "school_summer_break", year: 2026, date: "2026-06-18", days: 80) { id } }',
      {},
      c.token,
    );
    expect(refusedGql.errors?.[0]?.extensions.code).toBe("FORBIDDEN");

    // a length out of 1..120, or none, is refused naming `days`, in both languages; Eid keeps its own length
    const long = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "school_summer_break", year: 2026, date: "2026-06-18", days: 121 },
    });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual({
      days: ["A school break lasts 1 to 120 days: enter the number of days the Ministry of Education announced"],
    });
    const none = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      lang: "ar",
      body: { occasion_key: "school_summer_break", year: 2026, date: "2026-06-18" },
    });
    expect(none.body.details).toEqual({
      days: ["تمتد العطلة المدرسية من يوم واحد إلى ١٢٠ يومًا: أدخل عدد الأيام الذي أعلنته وزارة التربية"],
    });
    const eid = await gql(
      app.base,
      'mutation { setHolidayOverride(occasionKey: "eid_al_adha", year: 2026, date: "2026-05-28", days: 5) { id } }',
      {},
      admin,
    );
    expect(eid.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(eid.errors)).toContain(
      "This occasion keeps its own length: only a school break takes a number of days",
    );
    expect(await app.sufra.deps.db.holidayOverride.count()).toBe(0);

    // the admin announces it: 18 June 2026 for 80 days (to 5 September)
    const put = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: {
        occasion_key: "school_summer_break",
        year: 2026,
        date: "2026-06-18",
        days: 80,
        note: "Ministry of Education",
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      occasion_key: "school_summer_break",
      name_en: "Summer school break",
      name_ar: "العطلة الصيفية",
      date: "2026-06-18",
      days: 80,
      calendar_date: null,
    });
    const after = (await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token: c.token })).body.filter(
      (h: { kind: string }) => h.kind === "school",
    );
    expect(after).toHaveLength(80);
    expect(after[0]).toMatchObject({
      date: "2026-06-18",
      occasion_key: "school_summer_break",
      day: 1,
      days: 80,
      corrected: false,
    });
    expect(after.at(-1)).toMatchObject({ date: "2026-09-05", day: 80 });
    expect(
      (await call(app.base, "GET", "/api/calendar/holidays?year=2027", { token: c.token })).body.some(
        (h: { kind: string }) => h.kind === "school",
      ),
    ).toBe(false);
    const g = await gql(app.base, "{ kuwaitHolidays(year: 2026) { date occasionKey kind days } }", {}, c.token);
    expect(g.data.kuwaitHolidays.find((h: { occasionKey: string }) => h.occasionKey === "school_summer_break")).toEqual(
      { date: "2026-06-18", occasionKey: "school_summer_break", kind: "SCHOOL", days: 80 },
    );

    // the plan: a family post on a break day (Saturday 20 June), an everyday one before the break (Monday 15 June)
    const plan = await call(app.base, "POST", "/api/planner/plans", {
      token: c.token,
      body: { month: "2026-06", days: ["2026-06-15", "2026-06-20"], language: "both" },
    });
    expect(plan.status).toBe(201);
    const [ordinary, onBreak] = plan.body.proposals as Proposal[];
    expect(ordinary).toMatchObject({ date: "2026-06-15", calendar_key: null, occasion: "food_photo" });
    expect(onBreak).toMatchObject({
      date: "2026-06-20",
      calendar_key: "school_summer_break",
      occasion: "school_holidays",
    });
    // every opening of the school-holidays bank names the family or the children, in both languages
    expect(onBreak!.content).toMatch(/famil|kids/i);
    expect(onBreak!.content).toMatch(/عائل|العيلة|الأولاد|العيال/);

    // removing the announcement takes the break out of the calendar again
    expect(
      (await call(app.base, "DELETE", `/api/calendar/holiday-overrides/${put.body.id}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call(app.base, "GET", "/api/calendar/holidays?year=2026", { token: c.token })).body.some(
        (h: { kind: string }) => h.kind === "school",
      ),
    ).toBe(false);
  });
});
