// Captions from the photo over real HTTP and Postgres: a photo's menu item is said once in the
// library (both doors) and remembered for every post; the built-in writer names it, with a note in
// the person's language that nobody saw the photo; alt text is proposed from it in both languages;
// a model that sees is sent the photos and its alt text is used; aiCapabilities says which.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let fake: FakeChat;
let admin: string;

beforeAll(async () => {
  fake = await startFakeChat();
  app = await startTestApp({ AI_TIMEOUT_SECONDS: "5" });
  admin = await adminToken(app.base);
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.replies.length = 0;
  fake.images.length = 0;
  await call(app.base, "PUT", "/api/ai/settings", { token: admin, body: { provider: "local" } });
});

const useModel = (model: string) =>
  call(app.base, "PUT", "/api/ai/settings", {
    token: admin,
    body: { provider: "openai", base_url: fake.url, model, api_key: fake.apiKey },
  });

async function cafe() {
  const c = await registeredClient(app.base, { over: { requested_plan: "premium" } });
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const kunafa = await call(app.base, "POST", "/api/business-profile/menu", {
    token,
    body: { name: "Pistachio Kunafa", name_ar: "كنافة بالفستق", price_kwd: 2.5 },
  });
  const latte = await call(app.base, "POST", "/api/business-profile/menu", {
    token,
    body: { name: "Spanish Latte", name_ar: "سبانش لاتيه", price_kwd: 1.75 },
  });
  return { ...c, token, kunafa: kunafa.body.id as string, latte: latte.body.id as string };
}

/** A plate on a table, drawn (the repository has no food photographs): `fill` is the food's colour. */
function plate(fill: string, width = 1600, height = 1200) {
  const r = Math.min(width, height) / 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#6b4f3a"/><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#f4f1ea"/><circle cx="${width / 2}" cy="${height / 2}" r="${r * 0.6}" fill="${fill}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(token: string, file: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const generate = (token: string, body: Record<string, unknown>, lang = "en") =>
  call(app.base, "POST", "/api/posts/generate", {
    token,
    lang,
    body: { platform: "instagram", variants: 2, seed: 11, ...body },
  });

describe("a photo's menu item, in the library", () => {
  test("said at the REST door, changed at the GraphQL door, cleared; another business's item or media is refused", async () => {
    const b = await cafe();
    const id = await upload(b.token, await plate("#7cb342"), "kunafa.jpg");
    const set = await call(app.base, "PATCH", `/api/posts/media/${id}`, {
      token: b.token,
      body: { menu_item_id: b.kunafa },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id, menu_item_id: b.kunafa });
    expect((await call(app.base, "GET", `/api/posts/media/${id}`, { token: b.token })).body.menu_item_id).toBe(
      b.kunafa,
    );

    const g = await gql(
      app.base,
      `mutation($id: ID!, $item: ID) { setMediaMenuItem(id: $id, menuItemId: $item) { id menuItemId } }`,
      { id, item: b.latte },
      b.token,
    );
    expect(g.data.setMediaMenuItem).toEqual({ id, menuItemId: b.latte });
    const lib = await gql(app.base, `{ mediaLibrary(first: 5) { edges { node { id menuItemId } } } }`, {}, b.token);
    expect(lib.data.mediaLibrary.edges[0].node).toEqual({ id, menuItemId: b.latte });

    const other = await cafe();
    const foreignItem = await call(app.base, "PATCH", `/api/posts/media/${id}`, {
      token: b.token,
      lang: "ar",
      body: { menu_item_id: other.kunafa },
    });
    expect(foreignItem.status).toBe(400);
    expect(foreignItem.body.details).toEqual({ menu_item_id: ["اختر طبقًا من قائمتك"] });
    const foreignMedia = await call(app.base, "PATCH", `/api/posts/media/${id}`, {
      token: other.token,
      body: { menu_item_id: other.kunafa },
    });
    expect(foreignMedia.status).toBe(404);

    const cleared = await call(app.base, "PATCH", `/api/posts/media/${id}`, {
      token: b.token,
      body: { menu_item_id: null },
    });
    expect(cleared.body.menu_item_id).toBeNull();
    // a menu item deleted: the photo forgets it
    await call(app.base, "PATCH", `/api/posts/media/${id}`, { token: b.token, body: { menu_item_id: b.kunafa } });
    expect((await call(app.base, "DELETE", `/api/business-profile/menu/${b.kunafa}`, { token: b.token })).status).toBe(
      200,
    );
    expect((await call(app.base, "GET", `/api/posts/media/${id}`, { token: b.token })).body.menu_item_id).toBeNull();
  });
});

describe("the built-in writer and the photo", () => {
  test("the caption names the photo's menu item; remembered across posts; a note that the photo was not seen; alt text in both languages", async () => {
    const b = await cafe();
    const id = await upload(b.token, await plate("#7cb342"), "IMG_2231.jpg");
    await call(app.base, "PATCH", `/api/posts/media/${id}`, { token: b.token, body: { menu_item_id: b.kunafa } });
    const cap = await gql(app.base, `{ aiCapabilities { provider vision } }`, {}, b.token);
    expect(cap.data.aiCapabilities).toEqual({ provider: "LOCAL", vision: false });

    const en = await generate(b.token, { prompt: "fresh out of the oven today", language: "en", media_ids: [id] });
    expect(en.status).toBe(200);
    expect(en.body.provider).toBe("local");
    expect(en.body.photos_seen).toBe(false);
    expect(en.body.note).toBe(
      "The AI did not see the photo: the captions come from your words and the menu item you chose for it, and say nothing of its look",
    );
    for (const v of en.body.variants) expect(v.content).toContain("Pistachio Kunafa");
    expect(en.body.alt_texts).toEqual([
      {
        media_id: id,
        text: "Photo of Pistachio Kunafa",
        en: "Photo of Pistachio Kunafa",
        ar: "صورة كنافة بالفستق",
        source: "menu_item",
      },
    ]);

    // another post, the same photo: nothing said again, the library remembers
    const ar = await generate(b.token, { prompt: "طازجة اليوم", language: "ar", media_ids: [id] }, "ar");
    expect(ar.status).toBe(200);
    for (const v of ar.body.variants) expect(v.content).toContain("كنافة بالفستق");
    expect(ar.body.note).toBe(
      "لم يرَ الذكاء الاصطناعي الصورة: كُتبت النصوص من كلماتك ومن صنف القائمة الذي اخترته لها، ولا تصف شكلها",
    );
    expect(ar.body.alt_texts[0]).toMatchObject({ text: "صورة كنافة بالفستق", source: "menu_item" });

    const both = await generate(b.token, { prompt: "today", language: "both", media_ids: [id] });
    expect(both.body.alt_texts[0].text).toBe("صورة كنافة بالفستق / Photo of Pistachio Kunafa");

    // the post keeps the proposed alt text for its photo
    const post = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: en.body.content,
        platforms: [],
        media_ids: [id],
        network_options: { alt_text: [{ media_id: id, text: en.body.alt_texts[0].text }] },
      },
    });
    expect(post.body).toMatchObject({ id: expect.any(String) });
    const saved = await gql(
      app.base,
      `query($id: ID!) { post(id: $id) { networkOptions { altText { mediaId text } } } }`,
      { id: post.body.id },
      b.token,
    );
    expect(saved.data.post.networkOptions.altText).toEqual([{ mediaId: id, text: "Photo of Pistachio Kunafa" }]);
  });

  test("a photo with no menu item: the note asks which item it shows, and no alt text is proposed", async () => {
    const b = await cafe();
    const id = await upload(b.token, await plate("#8d6e63"), "latte.jpg");
    const r = await generate(b.token, { prompt: "a cosy afternoon", language: "en", media_ids: [id] });
    expect(r.body.photos_seen).toBe(false);
    expect(r.body.note).toBe(
      "The AI did not see the photo and no menu item is chosen for it: choose which menu item it shows so the caption can name it",
    );
    expect(r.body.alt_texts).toEqual([]);
    for (const v of r.body.variants) expect(v.content).not.toMatch(/brown|golden|colou?r/i);
    const foreign = await generate((await cafe()).token, { prompt: "x", media_ids: [id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.usage).toBeUndefined();
  });
});

describe("a model that sees", () => {
  test("is sent the photo as a small JPEG; its caption and alt text are used; aiCapabilities says it sees", async () => {
    const b = await cafe();
    const id = await upload(b.token, await plate("#7cb342", 3000, 2000), "kunafa.jpg");
    await call(app.base, "PATCH", `/api/posts/media/${id}`, { token: b.token, body: { menu_item_id: b.kunafa } });
    await useModel("gpt-4o-mini");
    expect((await gql(app.base, `{ aiCapabilities { provider vision } }`, {}, b.token)).data.aiCapabilities).toEqual({
      provider: "OPENAI",
      vision: true,
    });
    fake.replies.push({
      content: JSON.stringify({
        variants: [
          { content: "Our pistachio kunafa, green crumb over a golden crust.", hashtags: ["Kunafa"] },
          { content: "Pistachio kunafa, just out of the oven.", hashtags: [] },
        ],
        photos: [
          {
            alt_text_en: "A round pistachio kunafa on a white plate",
            alt_text_ar: "كنافة بالفستق مستديرة في صحن أبيض",
          },
        ],
      }),
    });
    const r = await generate(b.token, { prompt: "today", language: "en", media_ids: [id] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ provider: "openai", fell_back: false, photos_seen: true, note: null });
    expect(r.body.alt_texts).toEqual([
      {
        media_id: id,
        text: "A round pistachio kunafa on a white plate",
        en: "A round pistachio kunafa on a white plate",
        ar: "كنافة بالفستق مستديرة في صحن أبيض",
        source: "vision",
      },
    ]);
    expect(fake.images).toHaveLength(1);
    const meta = await sharp(fake.images[0]!.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 512, height: 341 });
    expect(fake.images[0]!.bytes.length).toBeLessThan(60_000);
  });

  test("a model by a name we do not know (auto) is sent no photo, and the person is told", async () => {
    const b = await cafe();
    const id = await upload(b.token, await plate("#7cb342"), "kunafa.jpg");
    await call(app.base, "PATCH", `/api/posts/media/${id}`, { token: b.token, body: { menu_item_id: b.kunafa } });
    await useModel("sufra-test-model");
    expect((await gql(app.base, `{ aiCapabilities { vision } }`, {}, b.token)).data.aiCapabilities).toEqual({
      vision: false,
    });
    fake.replies.push({
      content: JSON.stringify({ variants: [{ content: "Pistachio Kunafa at 2.500 KWD, today.", hashtags: [] }] }),
    });
    const r = await generate(b.token, { prompt: "today", language: "en", media_ids: [id], variants: 1 });
    expect(r.body).toMatchObject({ provider: "openai", photos_seen: false });
    expect(r.body.note).toMatch(/did not see the photo/);
    expect(fake.images).toHaveLength(0);
    const text = JSON.parse(fake.requests[0]!.body.messages[1]!.content as string);
    expect(text.photos).toEqual([
      { photo: 1, menu_item: { name: "Pistachio Kunafa", name_ar: "كنافة بالفستق", price_kwd: 2.5 } },
    ]);
    expect(fake.requests[0]!.body.messages[0]!.content).toMatch(/cannot see the post's photos/);
  });
});
