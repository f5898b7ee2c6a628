// The café's voice over real HTTP and Postgres: read and chosen through both doors (REST
// /api/business-profile/voice, GraphQL businessVoice / updateBusinessVoice), the rules' messages in
// Arabic, learned from the posts the business published and the AI drafts it edited, the choice
// winning over what was learned, and the studio writing in the voice in force and keeping its drafts.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { gulfMarkersIn, msaMarkersIn } from "../src/ai/dialect.ts";
import { kuwaitMonth } from "../src/modules/studio/studio.service.ts";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { login } from "./support/team.ts";
import { GULF_CAFE_DRAFTS, GULF_CAFE_POSTS } from "./fixtures/voice-posts.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function business() {
  const c = await registeredClient(app.base, { over: { requested_plan: "premium" } });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

const NONE = {
  arabic_variety: null,
  language_order: null,
  tone: null,
  length: null,
  emoji: null,
  hashtag_count: null,
  hashtag_script: null,
};
const VOICE = `{ businessVoice { voice { arabicVariety languageOrder tone length emoji hashtagCount hashtagScript } sources { arabicVariety tone length } chosen { arabicVariety tone } learned { arabicVariety length } evidence { posts edits gulfPosts } } }`;
const UPDATE = `mutation($input: BusinessVoiceInput!) { updateBusinessVoice(input: $input) { voice { arabicVariety tone emoji } sources { arabicVariety tone emoji } chosen { arabicVariety tone emoji } } }`;

/** The fixture café's published posts, and its AI drafts as the studio keeps them. */
async function publish(businessId: string) {
  const db = app.sufra.deps.db;
  for (const p of GULF_CAFE_POSTS)
    await db.post.create({
      data: {
        businessId,
        status: "published",
        content: p.content,
        hashtags: [...p.hashtags],
        publishedAt: p.publishedAt,
      },
    });
  // a draft that was never published, so it counts nowhere
  await db.post.create({ data: { businessId, status: "draft", content: "سوف نفتح الآن، لقد وصلنا" } });
  const now = new Date();
  // the fixture's dates moved to end today: learning reads drafts of the last 60 days
  const shift = now.getTime() - GULF_CAFE_POSTS.at(-1)!.publishedAt.getTime();
  for (const p of await db.post.findMany({ where: { businessId, status: "published" } }))
    await db.post.update({ where: { id: p.id }, data: { publishedAt: new Date(p.publishedAt!.getTime() + shift) } });
  for (const d of GULF_CAFE_DRAFTS) {
    await db.aiGeneration.create({
      data: {
        businessId,
        month: kuwaitMonth(now),
        provider: "local",
        drafts: [d.content],
        createdAt: new Date(d.createdAt.getTime() + shift),
      },
    });
  }
}

describe("the café's voice", () => {
  test("nothing chosen, nothing learned: Gulf Arabic and the defaults, through both doors", async () => {
    const b = await business();
    const r = await call(app.base, "GET", "/api/business-profile/voice", { token: b.token });
    expect(r.status).toBe(200);
    expect(r.body.voice).toEqual({
      arabic_variety: "gulf",
      language_order: "ar_first",
      tone: "friendly",
      length: "medium",
      emoji: "few",
      hashtag_count: 5,
      hashtag_script: "both",
    });
    expect(r.body.sources).toEqual({
      arabic_variety: "default",
      language_order: "default",
      tone: "default",
      length: "default",
      emoji: "default",
      hashtag_count: "default",
      hashtag_script: "default",
    });
    expect(r.body.chosen).toEqual(NONE);
    expect(r.body.learned).toEqual(NONE);
    expect(r.body.evidence).toMatchObject({ posts: 0, edits: 0, gulf_share: null });
    const g = await gql(app.base, VOICE, {}, b.token);
    expect(g.errors).toBeUndefined();
    expect(g.data.businessVoice.voice).toEqual({
      arabicVariety: "GULF",
      languageOrder: "AR_FIRST",
      tone: "FRIENDLY",
      length: "MEDIUM",
      emoji: "FEW",
      hashtagCount: 5,
      hashtagScript: "BOTH",
    });
  });

  test("chosen at either door, read at the other; null gives a habit back; the rules answer in Arabic and nothing is saved", async () => {
    const b = await business();
    const bad = await call(app.base, "PUT", "/api/business-profile/voice", {
      token: b.token,
      lang: "ar",
      body: { arabic_variety: "egyptian", hashtag_count: 40, emoji: "lots" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      arabic_variety: ["اختر اللهجة الخليجية أو العربية الفصحى"],
      hashtag_count: ["الوسوم: عدد صحيح من ٠ إلى ١٥"],
      emoji: ["اختر بدون إيموجي أو قليلًا أو كثيرًا"],
    });

    const put = await call(app.base, "PUT", "/api/business-profile/voice", {
      token: b.token,
      body: { arabic_variety: "msa", language_order: "en_first", hashtag_count: 3 },
    });
    expect(put.status).toBe(200);
    expect(put.body.chosen).toEqual({ ...NONE, arabic_variety: "msa", language_order: "en_first", hashtag_count: 3 });
    expect(put.body.sources).toMatchObject({
      arabic_variety: "chosen",
      language_order: "chosen",
      hashtag_count: "chosen",
      tone: "default",
    });

    const g = await gql(app.base, UPDATE, { input: { tone: "PREMIUM", emoji: "NONE", arabicVariety: null } }, b.token);
    expect(g.errors).toBeUndefined();
    expect(g.data.updateBusinessVoice).toEqual({
      voice: { arabicVariety: "GULF", tone: "PREMIUM", emoji: "NONE" },
      sources: { arabicVariety: "DEFAULT", tone: "CHOSEN", emoji: "CHOSEN" },
      chosen: { arabicVariety: null, tone: "PREMIUM", emoji: "NONE" },
    });
    const back = await call(app.base, "GET", "/api/business-profile/voice", { token: b.token });
    expect(back.body.chosen).toEqual({
      ...NONE,
      language_order: "en_first",
      hashtag_count: 3,
      tone: "premium",
      emoji: "none",
    });

    const gBad = await gql(app.base, UPDATE, { input: { hashtagCount: -1 } }, b.token);
    expect(gBad.errors?.[0].extensions).toMatchObject({
      reason: "VALIDATION_ERROR",
      details: { hashtagCount: ["Hashtags: a whole number from 0 to 15"] },
    });

    const audit = await app.sufra.deps.pool.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action = 'business_voice.updated'",
      [b.businessId],
    );
    expect(audit.rows).toHaveLength(2);

    // another business's voice is its own
    const other = await business();
    expect((await call(app.base, "GET", "/api/business-profile/voice", { token: other.token })).body.chosen).toEqual(
      NONE,
    );
  });

  test("learned from the published posts and the edited drafts, with the evidence; a choice wins over it", async () => {
    const b = await business();
    await publish(b.businessId);
    const r = await call(app.base, "GET", "/api/business-profile/voice", { token: b.token });
    expect(r.body.learned).toEqual({
      arabic_variety: "gulf",
      language_order: "ar_first",
      tone: null,
      length: "short",
      emoji: "few",
      hashtag_count: 2,
      hashtag_script: "ar",
    });
    expect(r.body.evidence).toMatchObject({
      posts: 14,
      gulf_posts: 12,
      msa_posts: 0,
      edits: 2,
      edits_toward_gulf: 2,
      gulf_share: 1,
    });
    expect(r.body.sources).toMatchObject({ arabic_variety: "learned", length: "learned", tone: "default" });
    expect(r.body.voice).toMatchObject({
      arabic_variety: "gulf",
      length: "short",
      hashtag_count: 2,
      hashtag_script: "ar",
    });

    const chosen = await call(app.base, "PUT", "/api/business-profile/voice", {
      token: b.token,
      body: { arabic_variety: "msa", length: "long" },
    });
    expect(chosen.body.voice).toMatchObject({ arabic_variety: "msa", length: "long", hashtag_count: 2 });
    expect(chosen.body.sources).toMatchObject({ arabic_variety: "chosen", length: "chosen", hashtag_count: "learned" });
    // what was learned is still shown beside the choice
    expect(chosen.body.learned.arabic_variety).toBe("gulf");
  });
});

describe("the studio writes in the voice in force", () => {
  test("MSA chosen: no Gulf word; Gulf learned: Gulf captions with the learned hashtags; the drafts are kept", async () => {
    const b = await business();
    await publish(b.businessId);
    const gulf = await call(app.base, "POST", "/api/posts/generate", {
      token: b.token,
      body: { prompt: "كنافة بالفستق جديدة", platform: "instagram", language: "ar", variants: 3, seed: 3 },
    });
    expect(gulf.status).toBe(200);
    for (const v of gulf.body.variants) {
      expect(gulfMarkersIn(v.content).length).toBeGreaterThan(0);
      expect(msaMarkersIn(v.content)).toEqual([]);
      expect(v.hashtags.length).toBeLessThanOrEqual(2);
      for (const t of v.hashtags) expect(t).toMatch(/\p{Script=Arabic}/u);
      expect(v.unused_facts).toEqual([]);
    }
    const kept = await app.sufra.deps.db.aiGeneration.findFirst({
      where: { businessId: b.businessId },
      orderBy: { createdAt: "desc" },
    });
    expect(kept!.drafts).toEqual(gulf.body.variants.map((v: { content: string }) => v.content));

    await call(app.base, "PUT", "/api/business-profile/voice", { token: b.token, body: { arabic_variety: "msa" } });
    const msa = await gql(
      app.base,
      `mutation($input: GeneratePostInput!) { generatePost(input: $input) { variants { content hashtags unusedFacts } } }`,
      { input: { prompt: "كنافة بالفستق جديدة", platform: "INSTAGRAM", language: "AR", variants: 3, seed: 3 } },
      b.token,
    );
    expect(msa.errors).toBeUndefined();
    for (const v of msa.data.generatePost.variants) {
      expect(gulfMarkersIn(v.content)).toEqual([]);
      expect(v.unusedFacts).toEqual([]);
    }
  });

  test("a prompt's time and place reach the caption through the door, and what cannot is reported", async () => {
    const b = await business();
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: b.token,
      body: {
        prompt: "new Zaatar Halloumi Bites 20% off from 4 to 7 pm at The Avenues",
        platform: "instagram",
        language: "ar",
        variants: 2,
        seed: 8,
      },
    });
    expect(r.status).toBe(200);
    for (const v of r.body.variants) {
      expect(v.content).toContain("من ٤ إلى ٧ مساءً");
      expect(v.content).toContain("The Avenues");
      expect(v.content).toContain("٢٠٪");
      expect(v.unused_facts).toEqual(["Zaatar Halloumi Bites"]);
    }
  });
});
