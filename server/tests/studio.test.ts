// The AI studio over real HTTP and Postgres: captions and hashtags through both doors with the
// offline writer, the monthly AI posts per plan (counted in the service, refused in the person's
// language, exactly once under concurrent requests), and the OpenAI-compatible writer against a
// local chat-completions server, with its fallback to the local writer when the model fails.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { arabicShare } from "../src/ai/openai/openai-writer.ts";
import { kuwaitMonth } from "../src/modules/studio/studio.service.ts";
import { normalizeHashtag, platformLength, composeText } from "@sufra/schema";
import { startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let fake: FakeChat;
let admin: string;

async function client(plan: "basic" | "professional" | "premium" = "premium") {
  const c = await registeredClient(app.base, { over: { requested_plan: plan } });
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  return { ...c, token };
}

/** Spends `n` of this month's AI posts for a business without writing anything. */
async function spend(businessId: string, n: number, month = kuwaitMonth(new Date())) {
  await app.sufra.deps.db.aiGeneration.createMany({
    data: Array.from({ length: n }, () => ({ businessId, month, provider: "local" as const })),
  });
}

const useLocal = () => call(app.base, "PUT", "/api/ai/settings", { token: admin, body: { provider: "local" } });
const useModel = (over: Record<string, unknown> = {}) =>
  call(app.base, "PUT", "/api/ai/settings", {
    token: admin,
    body: { provider: "openai", base_url: fake.url, model: "sufra-test-model", api_key: fake.apiKey, ...over },
  });

beforeAll(async () => {
  fake = await startFakeChat();
  // a short model timeout keeps the hanging-model test quick; production's default is 30 s
  app = await startTestApp({ AI_TIMEOUT_SECONDS: "1.5" });
  admin = await adminToken(app.base);
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe("captions with the offline writer", () => {
  test("POST /api/posts/generate answers {content, hashtags, variants, language, provider} and counts one AI post", async () => {
    const c = await client("basic");
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: {
        prompt: "New pistachio kunafa, 2.500 KWD",
        platform: "instagram",
        language: "en",
        tone: "friendly",
        variants: 3,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe("local");
    expect(r.body.language).toBe("en");
    expect(r.body.fell_back).toBe(false);
    expect(r.body.note).toBeNull();
    expect(r.body.variants).toHaveLength(3);
    expect(new Set(r.body.variants.map((v: { content: string }) => v.content)).size).toBe(3);
    expect(r.body.content).toBe(r.body.variants[0].content);
    expect(r.body.hashtags).toEqual(r.body.variants[0].hashtags);
    for (const v of r.body.variants) {
      expect(v.content).toMatch(/kunafa/i);
      expect(v.content).not.toMatch(/[{}]|\bundefined\b|\bnull\b/);
      expect(arabicShare(v.content)).toBeLessThan(0.1);
      for (const h of v.hashtags) expect(normalizeHashtag(h)).toBe(h);
    }
    expect(r.body.usage).toEqual({
      month: kuwaitMonth(new Date()),
      used: 1,
      limit: 50,
      remaining: 49,
      plan: "basic",
      resets_on: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });
  });

  test("without a language, captions come in the person's language; X's captions fit 280 as X counts", async () => {
    const c = await client();
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      lang: "ar",
      body: { prompt: "سبانش لاتيه مثلج", platform: "twitter" },
    });
    expect(r.status).toBe(200);
    expect(r.body.language).toBe("ar");
    expect(r.body.variants).toHaveLength(3); // the default
    for (const v of r.body.variants) {
      expect(arabicShare(v.content)).toBeGreaterThan(0.6);
      expect(platformLength("twitter", composeText(v.content, v.hashtags))).toBeLessThanOrEqual(280);
      expect(v.hashtags.length).toBeLessThanOrEqual(2);
    }
  });

  test("the same request and seed give the same captions; the answer says its seed", async () => {
    const c = await client();
    const body = {
      prompt: "Saffron cake with Arabic coffee",
      platform: "instagram",
      language: "both",
      tone: "premium",
      variants: 3,
      seed: 2026,
    };
    const a = await call(app.base, "POST", "/api/posts/generate", { token: c.token, body });
    const b = await call(app.base, "POST", "/api/posts/generate", { token: c.token, body });
    expect(a.body.seed).toBe(2026);
    expect(b.body.variants).toEqual(a.body.variants);
    const other = await call(app.base, "POST", "/api/posts/generate", { token: c.token, body: { ...body, seed: 7 } });
    expect(other.body.variants).not.toEqual(a.body.variants);
    const unseeded = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: { ...body, seed: undefined },
    });
    expect(Number.isInteger(unseeded.body.seed)).toBe(true);
    const g = await gql(
      app.base,
      `mutation { generatePost(input: { prompt: "Saffron cake with Arabic coffee", platform: INSTAGRAM, language: BOTH, tone: PREMIUM, variants: 3, seed: 2026 }) { seed variants { content } } }`,
      {},
      c.token,
    );
    expect(g.data.generatePost.seed).toBe(2026);
    expect(g.data.generatePost.variants.map((v: { content: string }) => v.content)).toEqual(
      a.body.variants.map((v: { content: string }) => v.content),
    );
  });

  test("bad input is refused in the person's language and costs nothing", async () => {
    const c = await client();
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      lang: "ar",
      body: { prompt: " ", platform: "myspace", variants: 9 },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.details.prompt).toEqual(["أخبر الكاتب عمّا يدور حوله المنشور"]);
    expect(r.body.details.platform).toBeDefined();
    expect(r.body.details.variants).toEqual(["اطلب من ١ إلى ٥ صيغ"]);
    const long = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: { prompt: "x".repeat(501), platform: "instagram" },
    });
    expect(long.body.details.prompt).toEqual(["Keep the prompt under 500 characters"]);
    expect((await call(app.base, "GET", "/api/ai/usage", { token: c.token })).body.used).toBe(0);
  });

  test("signed-out callers and admins (no business) cannot generate", async () => {
    expect(
      (await call(app.base, "POST", "/api/posts/generate", { body: { prompt: "karak", platform: "instagram" } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(app.base, "POST", "/api/posts/generate", {
          token: admin,
          body: { prompt: "karak", platform: "instagram" },
        })
      ).status,
    ).toBe(403);
  });

  test("POST /api/posts/hashtags/suggest: bilingual, valid, no duplicates, capped per platform; not counted", async () => {
    const c = await client();
    const ig = await call(app.base, "POST", "/api/posts/hashtags/suggest", {
      token: c.token,
      body: { content: "Our saffron cake is back for Ramadan Iftar in Salmiya", platform: "instagram" },
    });
    expect(ig.status).toBe(200);
    const tags: string[] = ig.body.hashtags;
    expect(tags.length).toBeGreaterThanOrEqual(5);
    expect(tags.length).toBeLessThanOrEqual(15);
    expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
    for (const t of tags) expect(normalizeHashtag(t)).toBe(t);
    expect(tags.some((t) => /\p{Script=Arabic}/u.test(t))).toBe(true);
    expect(tags.some((t) => /^[A-Za-z0-9_]+$/.test(t))).toBe(true);
    expect(tags.some((t) => /ramadan|رمضان/i.test(t))).toBe(true);
    const x = await call(app.base, "POST", "/api/posts/hashtags/suggest", {
      token: c.token,
      body: { content: "Saffron cake is back", platform: "twitter" },
    });
    expect(x.body.hashtags.length).toBeLessThanOrEqual(2);
    const empty = await call(app.base, "POST", "/api/posts/hashtags/suggest", {
      token: c.token,
      lang: "ar",
      body: { content: "", platform: "twitter" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details.content).toEqual(["اكتب النص أولًا ثم اطلب الوسوم"]);
    expect((await call(app.base, "GET", "/api/ai/usage", { token: c.token })).body.used).toBe(0);
  });

  test("GraphQL: aiUsage, generatePost and suggestHashtags", async () => {
    const c = await client("professional");
    const r = await gql(
      app.base,
      `mutation($input: GeneratePostInput!) { generatePost(input: $input) { content hashtags language provider fellBack note variants { content hashtags language } usage { used limit remaining plan month resetsOn } } }`,
      {
        input: {
          prompt: "Eid breakfast platter for the family",
          platform: "INSTAGRAM",
          language: "BOTH",
          tone: "FAMILY",
          occasion: "EID_AL_FITR",
          variants: 2,
        },
      },
      c.token,
    );
    expect(r.errors).toBeUndefined();
    const g = r.data.generatePost;
    expect(g.provider).toBe("LOCAL");
    expect(g.language).toBe("BOTH");
    expect(g.variants).toHaveLength(2);
    for (const v of g.variants) {
      const share = arabicShare(v.content);
      expect(share).toBeGreaterThan(0.2);
      expect(share).toBeLessThan(0.9);
    }
    expect(g.usage).toMatchObject({ used: 1, limit: 100, remaining: 99, plan: "PROFESSIONAL" });
    const u = await gql(app.base, `{ aiUsage { used remaining limit } }`, {}, c.token);
    expect(u.data.aiUsage).toEqual({ used: 1, remaining: 99, limit: 100 });
    const h = await gql(
      app.base,
      `mutation { suggestHashtags(input: { content: "Eid breakfast platter", platform: SNAPCHAT, occasion: EID_AL_FITR }) { hashtags } }`,
      {},
      c.token,
    );
    expect(h.data.suggestHashtags.hashtags.length).toBeGreaterThan(0);
    expect(h.data.suggestHashtags.hashtags.length).toBeLessThanOrEqual(3);
  });
});

describe("AI posts per plan and month", () => {
  test.each([
    ["basic", 50],
    ["professional", 100],
    ["premium", 500],
  ] as const)("%s: %i a month, then a clear refusal in the person's language", async (plan, limit) => {
    const c = await client(plan);
    await spend(c.businessId, limit - 1);
    // last month's posts do not count
    await spend(c.businessId, 3, "2000-01");
    const last = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: { prompt: "karak", platform: "instagram", variants: 1 },
    });
    expect(last.status).toBe(200);
    expect(last.body.usage).toMatchObject({ used: limit, limit, remaining: 0 });
    const over = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      lang: "ar",
      body: { prompt: "karak", platform: "instagram" },
    });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("AI_QUOTA_EXCEEDED");
    expect(over.body.message).toMatch(/استخدمت كل منشورات الذكاء الاصطناعي/);
    const g = await gql(
      app.base,
      `mutation { generatePost(input: { prompt: "karak", platform: X_NOT_A_PLATFORM }) { content } }`,
      {},
      c.token,
    );
    expect(g.errors?.[0]).toBeDefined();
    const g2 = await gql(
      app.base,
      `mutation { generatePost(input: { prompt: "karak", platform: INSTAGRAM }) { content } }`,
      {},
      c.token,
      "en",
    );
    expect(g2.errors?.[0]?.extensions.reason).toBe("AI_QUOTA_EXCEEDED");
    expect(g2.errors?.[0]?.message).toMatch(/used all of this month's AI posts/);
    // hashtags are not counted, so they still work
    expect(
      (
        await call(app.base, "POST", "/api/posts/hashtags/suggest", {
          token: c.token,
          body: { content: "karak", platform: "instagram" },
        })
      ).status,
    ).toBe(200);
    expect((await call(app.base, "GET", "/api/ai/usage", { token: c.token })).body).toMatchObject({
      used: limit,
      remaining: 0,
      limit,
      plan,
    });
  });

  test("ten requests at once for the last two AI posts: exactly two are written", async () => {
    const c = await client("basic");
    await spend(c.businessId, 48);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app.base, "POST", "/api/posts/generate", {
          token: c.token,
          body: { prompt: "saffron cake", platform: "snapchat", variants: 1 },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
    expect(await app.sufra.deps.db.aiGeneration.count({ where: { businessId: c.businessId } })).toBe(50);
  });
});

describe("the OpenAI-compatible writer", () => {
  const captions = (list: { content: string; hashtags: string[] }[]) => ({
    content: JSON.stringify({ variants: list }),
  });

  test("admins only; the key is sealed and never sent back; the change is audited", async () => {
    const c = await client();
    expect((await call(app.base, "GET", "/api/ai/settings", { token: c.token })).status).toBe(403);
    const before = await call(app.base, "GET", "/api/ai/settings", { token: admin });
    expect(before.body).toMatchObject({
      provider: "local",
      source: "configuration",
      has_api_key: false,
      timeout_seconds: 1.5,
    });
    const bad = await call(app.base, "PUT", "/api/ai/settings", {
      token: admin,
      lang: "ar",
      body: { provider: "openai", base_url: "ftp://x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.base_url ?? bad.body.details.baseUrl).toBeDefined();
    expect(JSON.stringify(bad.body.details)).toMatch(/اذكر اسم النموذج/);
    const set = await useModel();
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      provider: "openai",
      base_url: fake.url,
      model: "sufra-test-model",
      has_api_key: true,
      source: "settings",
    });
    expect(JSON.stringify(set.body)).not.toContain(fake.apiKey);
    const row = await app.sufra.deps.db.aiSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.apiKeySealed).not.toContain(fake.apiKey);
    const kept = await call(app.base, "PUT", "/api/ai/settings", {
      token: admin,
      body: { provider: "openai", base_url: fake.url, model: "sufra-test-model" },
    });
    expect(kept.body.has_api_key).toBe(true);
    const audits = await app.sufra.deps.db.auditLog.findMany({ where: { action: "ai_settings.update" } });
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audits)).not.toContain(fake.apiKey);
  });

  test("the model's captions, validated, with the request it was sent", async () => {
    await useModel();
    const c = await client();
    fake.replies.push(
      captions([
        {
          content: "Golden, flaky and still warm: our pistachio kunafa is here in Salmiya.",
          hashtags: ["#Kunafa", "pistachio lovers", "Kunafa", "كنافة بالفستق"],
        },
        {
          content: "Kunafa night? Say no more. Pistachio, syrup, and a crunch you can hear.",
          hashtags: ["DessertKuwait"],
        },
        { content: "{dish} is waiting for you", hashtags: [] }, // an unfilled slot: dropped
        { content: "كنافة بالفستق الحلبي بانتظاركم", hashtags: [] }, // the wrong language: dropped
      ]),
    );
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: { prompt: "pistachio kunafa", platform: "instagram", language: "en", tone: "premium", variants: 3 },
    });
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe("openai");
    expect(r.body.fell_back).toBe(false);
    expect(r.body.variants.map((v: { content: string }) => v.content)).toEqual([
      "Golden, flaky and still warm: our pistachio kunafa is here in Salmiya.",
      "Kunafa night? Say no more. Pistachio, syrup, and a crunch you can hear.",
    ]);
    expect(r.body.variants[0].hashtags).toEqual(["Kunafa", "pistachio_lovers", "كنافة_بالفستق"]);
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.body.model).toBe("sufra-test-model");
    expect(sent.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "captions", strict: true },
    });
    expect(sent.body.messages[0]!.content).toMatch(/natural English only/);
    expect(sent.body.messages[0]!.content).toMatch(/exactly 3 clearly different variants/);
    expect(JSON.parse(sent.body.messages[1]!.content as string)).toMatchObject({
      prompt: "pistachio kunafa",
      business: { name: "Dar Al Qahwa" },
    });
    const row = await app.sufra.deps.db.aiGeneration.findFirstOrThrow({ where: { businessId: c.businessId } });
    expect(row).toMatchObject({ provider: "openai", fellBack: false });
  });

  test.each([
    ["an HTTP 500", { status: 500, message: "The server had an error while processing your request." }],
    ["a wrong key's 401", { status: 401, message: "Incorrect API key provided" }],
    ["an answer that is not JSON", { content: "Sure! Here are some captions: ..." }],
    ["JSON of the wrong shape", { content: JSON.stringify({ captions: ["a"] }) }],
    ["a refusal", { refusal: "I can't help with that." }],
    ["no answer within the timeout", { hangMs: 4_000 }],
  ] as const)("%s: the local writer answers, with a visible note in the person's language", async (_label, reply) => {
    await useModel();
    const c = await client();
    fake.replies.push(reply as never);
    const started = Date.now();
    const r = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      lang: "ar",
      body: { prompt: "كرك بالزعفران", platform: "instagram", variants: 2 },
    });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_500); // the 1.5 s timeout, not the model's 4 s
    expect(r.body.provider).toBe("local");
    expect(r.body.fell_back).toBe(true);
    expect(r.body.note).toBe(
      "تعذّر الوصول إلى نموذج الذكاء الاصطناعي أو جاء ردّه غير صالح، فكتب كاتب سفرة المدمج هذه النصوص",
    );
    expect(r.body.variants).toHaveLength(2);
    expect(arabicShare(r.body.variants[0].content)).toBeGreaterThan(0.6);
    // a fallback is still a generation the person got
    expect(r.body.usage.used).toBe(1);
    expect(
      await app.sufra.deps.db.aiGeneration.findFirstOrThrow({ where: { businessId: c.businessId } }),
    ).toMatchObject({ provider: "openai", fellBack: true });
  });

  test("review replies: the model's reply in the review's language, or the built-in writer's when it answers in another", async () => {
    await useModel();
    const c = await client();
    const review = await call(app.base, "POST", "/api/reviews", {
      token: c.token,
      body: {
        source: "talabat",
        author: "Fahad",
        rating: 2,
        text: "الأكل وصل بارد والتوصيل تأخر ساعة",
        reviewed_at: "2026-11-01",
      },
    });
    expect(review.status).toBe(201);
    const modelReply =
      "أهلًا فهد، نعتذر لأن طلبك وصل باردًا ومتأخرًا. نراجع أوقات التوصيل مع فريقنا، ويسعدنا تواصلك معنا مباشرة.";
    fake.replies.push({ content: JSON.stringify({ reply: modelReply }) });
    const r = await call(app.base, "POST", `/api/reviews/${review.body.id}/suggest-reply`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.reply).toBe(modelReply);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.response_format?.json_schema?.name).toBe("review_reply");
    expect(sent.body.messages[0]!.content).toMatch(/Modern Standard Arabic/);
    expect(sent.body.messages[0]!.content).toMatch(/negative/);
    expect(sent.body.messages[0]!.content).toMatch(/delivery/);
    expect(sent.body.messages[0]!.content).toMatch(
      /Never invent facts: no address, link, phone number, time, price, app, dish, offer/,
    );
    fake.replies.push({ content: JSON.stringify({ reply: "Hi Fahad, sorry about that!" }) });
    const again = await call(app.base, "POST", `/api/reviews/${review.body.id}/suggest-reply`, {
      token: c.token,
      body: { seed: 7 },
    });
    expect(again.status).toBe(200);
    expect(again.body.reply).not.toBe("Hi Fahad, sorry about that!");
    expect(arabicShare(again.body.reply)).toBeGreaterThan(0.6);
    expect(again.body.reply).toMatch(/Fahad/); // the name as the author wrote it
  });

  test("the admin's test tries the form's values, unsaved: the model named there, the stored key kept unless replaced", async () => {
    await useLocal();
    const TEST = "mutation($input: AiSettingsInput) { testAiSettings(input: $input) { ok provider fellBack sample } }";
    fake.replies.push(captions([{ content: "Form writer says hello.", hashtags: [] }]));
    const before = fake.requests.length;
    const g = await gql(
      app.base,
      TEST,
      { input: { provider: "OPENAI", baseUrl: fake.url, model: "sufra-form-model", apiKey: fake.apiKey } },
      admin,
      "en",
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.testAiSettings).toMatchObject({
      ok: true,
      provider: "OPENAI",
      fellBack: false,
      sample: "Form writer says hello.",
    });
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.body.model).toBe("sufra-form-model");
    // nothing was saved: the writer in force is still the built-in one
    expect((await gql(app.base, "{ aiSettings { provider model } }", {}, admin)).data.aiSettings).toEqual({
      provider: "LOCAL",
      model: null,
    });
    expect(
      (await gql(app.base, "mutation { testAiSettings { provider } }", {}, admin)).data.testAiSettings.provider,
    ).toBe("LOCAL");
    // over REST, with the saved key (an empty api_key keeps it, as saving does)
    await useModel();
    fake.replies.push(captions([{ content: "Stored key works.", hashtags: [] }]));
    const r = await call(app.base, "POST", "/api/ai/settings/test", {
      token: admin,
      body: { provider: "openai", base_url: fake.url, model: "sufra-other-model" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, provider: "openai", sample: "Stored key works." });
    expect(fake.requests.at(-1)!.body.model).toBe("sufra-other-model");
    // the form's values are checked as saving checks them
    const bad = await call(app.base, "POST", "/api/ai/settings/test", {
      token: admin,
      body: { provider: "openai", base_url: "not a url", model: "m" },
    });
    expect(bad.status).toBe(400);
    await useLocal();
  });

  test("GraphQL: the fallback note, and the admin's connection test", async () => {
    await useModel({ api_key: "sk-wrong" });
    const c = await client();
    const r = await gql(
      app.base,
      `mutation { generatePost(input: { prompt: "karak", platform: INSTAGRAM, language: EN }) { provider fellBack note } }`,
      {},
      c.token,
      "en",
    );
    expect(r.data.generatePost).toEqual({
      provider: "LOCAL",
      fellBack: true,
      note: "The AI model could not be reached or gave an unusable answer, so Sufra's built-in writer wrote these captions",
    });
    const bad = await gql(app.base, `mutation { testAiSettings { ok provider fellBack sample } }`, {}, admin);
    expect(bad.data.testAiSettings).toMatchObject({ ok: false, provider: "OPENAI", fellBack: true });
    expect(bad.data.testAiSettings.sample.length).toBeGreaterThan(0);
    await useModel();
    fake.replies.push(captions([{ content: "Karak o'clock, Kuwait.", hashtags: [] }]));
    const good = await gql(
      app.base,
      `mutation { testAiSettings { ok provider fellBack sample latencyMs } }`,
      {},
      admin,
      "en",
    );
    expect(good.data.testAiSettings).toMatchObject({
      ok: true,
      provider: "OPENAI",
      fellBack: false,
      sample: "Karak o'clock, Kuwait.",
    });
    const s = await gql(app.base, `{ aiSettings { provider model hasApiKey source } }`, {}, admin);
    expect(s.data.aiSettings).toEqual({
      provider: "OPENAI",
      model: "sufra-test-model",
      hasApiKey: true,
      source: "settings",
    });
    const denied = await gql(app.base, `{ aiSettings { provider } }`, {}, c.token);
    expect(denied.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    await useLocal();
    const back = await call(app.base, "POST", "/api/posts/generate", {
      token: c.token,
      body: { prompt: "karak", platform: "instagram" },
    });
    expect(back.body).toMatchObject({ provider: "local", fell_back: false });
  });
});
