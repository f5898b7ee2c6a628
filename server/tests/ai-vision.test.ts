// Captions from the photo: the OpenAI-compatible writer sends the post's photos as image parts to a
// model that sees (and to no other: configured off, a known text-only name, or learnt from the
// stand-in's 400 refusal, after which it asks once more text-only and never sends images again); the
// built-in writer writes from the photo's menu item; alt text is proposed from what a model saw or
// from the menu item, never invented; the stand-in refuses image parts as OpenAI does.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { createOpenAiWriter, knownVisionModel } from "../src/ai/openai/openai-writer.ts";
import { createLocalWriter } from "../src/ai/local/local-writer.ts";
import { altTextFromMenuItem } from "../src/ai/local/alt-text.ts";
import type { GenerateRequest, PostPhoto } from "../src/ai/types.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { MAX_IMAGE_BYTES, startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";

let fake: FakeChat;
beforeAll(async () => {
  fake = await startFakeChat();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
  fake.images.length = 0;
});

const quiet: Logger = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

/** A plate on a table, drawn: `fill` is the food's colour. */
export function plate(fill: string, width = 1600, height = 1200) {
  const r = Math.min(width, height) / 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#6b4f3a"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#f4f1ea"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${r * 0.6}" fill="${fill}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const KUNAFA = { name: "Pistachio Kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.5 };
const LATTE = { name: "Spanish Latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 };
const BUSINESS = { name: "Dar Al Qahwa", menu: [KUNAFA, LATTE] };

const photo = (id: string, menuItem: PostPhoto["menuItem"] = null, fill = "#7cb342"): PostPhoto => ({
  mediaId: id,
  menuItem,
  jpeg: () => plate(fill, 512, 384),
});
const ID1 = "00000000-0000-4000-8000-000000000001";
const ID2 = "00000000-0000-4000-8000-000000000002";

const REQ: GenerateRequest = {
  prompt: "today at the café",
  platform: "instagram",
  language: "en",
  tone: "friendly",
  variants: 1,
  business: BUSINESS,
  photos: [photo(ID1, KUNAFA)],
};
const SEEN = {
  content: JSON.stringify({
    variants: [{ content: "Pistachio kunafa with a bright green crumb, warm from the oven.", hashtags: ["Kunafa"] }],
    photos: [{ alt_text_en: "Pistachio kunafa on a white plate", alt_text_ar: "كنافة بالفستق في صحن أبيض" }],
  }),
};
const TEXT_ONLY = {
  content: JSON.stringify({
    variants: [{ content: "Pistachio kunafa at Dar Al Qahwa, 2.500 KWD.", hashtags: ["Kunafa"] }],
  }),
};

const writer = (model: string, vision: "auto" | "on" | "off" = "auto") =>
  createOpenAiWriter(
    { baseUrl: fake.url, apiKey: fake.apiKey, model, timeoutMs: 5_000, logger: quiet, vision },
    createLocalWriter(),
  );

/** The image parts of a request as it was sent. */
const imageParts = (i: number) =>
  fake.requests[i]!.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter(
    (p) => p.type === "image_url",
  );

describe("the stand-in refuses image parts as OpenAI does", () => {
  const send = (model: string, content: unknown) =>
    fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model,
        messages: [
          { role: "system", content: "hi" },
          { role: "user", content },
        ],
      }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString("base64")}`;

  test("a text-only model: 400 'image_url is only supported by certain models' on the part's type", async () => {
    const jpeg = await plate("#c62828", 64, 64);
    const r = await send("gpt-3.5-turbo", [
      { type: "text", text: "what is this?" },
      { type: "image_url", image_url: { url: dataUrl("image/jpeg", jpeg) } },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      message: "Invalid content type. image_url is only supported by certain models.",
      type: "invalid_request_error",
      param: "messages.[1].content.[1].type",
      code: null,
    });
  });

  test("a vision model takes text and image parts and keeps them; a malformed, foreign or oversize image is refused", async () => {
    const jpeg = await plate("#c62828", 64, 64);
    const ok = await send("gpt-4o-mini", [
      { type: "text", text: "what is this?" },
      { type: "image_url", image_url: { url: dataUrl("image/jpeg", jpeg), detail: "low" } },
    ]);
    expect(ok.status).toBe(200);
    expect(fake.images).toHaveLength(1);
    expect(fake.images[0]).toMatchObject({ mime: "image/jpeg", detail: "low", message: 1, part: 1 });
    expect(fake.images[0]!.bytes.equals(jpeg)).toBe(true);

    const svg = await send("gpt-4o-mini", [
      { type: "image_url", image_url: { url: dataUrl("image/svg+xml", Buffer.from("<svg/>")) } },
    ]);
    expect(svg.status).toBe(400);
    expect(svg.body.error.message).toMatch(/unsupported MIME type 'image\/svg\+xml'/);
    const lying = await send("gpt-4o-mini", [{ type: "image_url", image_url: { url: dataUrl("image/png", jpeg) } }]);
    expect(lying.body.error).toMatchObject({ code: "invalid_image_format" });
    const notData = await send("gpt-4o-mini", [{ type: "image_url", image_url: { url: "not a url" } }]);
    expect(notData.body.error.param).toBe("messages.[1].content.[0].image_url.url");
    const detail = await send("gpt-4o-mini", [
      { type: "image_url", image_url: { url: dataUrl("image/jpeg", jpeg), detail: "ultra" } },
    ]);
    expect(detail.body.error).toMatchObject({
      code: "invalid_value",
      param: "messages.[1].content.[0].image_url.detail",
    });
    const missing = await send("gpt-4o-mini", [{ type: "image_url" }]);
    expect(missing.body.error.code).toBe("missing_required_parameter");
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const oversize = await send("gpt-4o-mini", [{ type: "image_url", image_url: { url: dataUrl("image/jpeg", big) } }]);
    expect(oversize.status).toBe(400);
    expect(oversize.body.error.code).toBe("image_too_large");
    expect(fake.images).toHaveLength(1);
  });
});

describe("the model's writer and the photos", () => {
  test("known vision families are recognised by name; text-only ones and unknown names are not", () => {
    for (const m of [
      "gpt-4o",
      "gpt-4o-mini",
      "gpt-4.1-nano",
      "gpt-5",
      "o3",
      "o4-mini",
      "openai/gpt-4o",
      "llama3.2-vision",
      "qwen2.5-vl-7b",
      "llava:13b",
      "gemma3:4b",
    ])
      expect(knownVisionModel(m)).toBe(true);
    for (const m of ["gpt-3.5-turbo", "o3-mini", "o1-mini", "llama3.1:8b", "sufra-test-model", "gpt-4"])
      expect(knownVisionModel(m)).toBe(false);
  });

  test("a vision model is sent at most four photos as low-detail JPEG data URLs, and its caption and alt texts are used", async () => {
    fake.replies.push(SEEN);
    const photos = [
      photo(ID1, KUNAFA),
      photo(ID2, LATTE, "#8d6e63"),
      ...[3, 4, 5, 6].map((n) => photo(`00000000-0000-4000-8000-00000000000${n}`)),
    ];
    const out = await writer("gpt-4o-mini").generate({ ...REQ, photos });
    expect(out.fellBack).toBeUndefined();
    expect(out.photosSeen).toBe(true);
    expect(out.variants[0]!.content).toMatch(/green crumb/);
    const parts = imageParts(0);
    expect(parts).toHaveLength(4);
    for (const p of parts)
      expect(p).toEqual({
        type: "image_url",
        image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/), detail: "low" },
      });
    expect(fake.images).toHaveLength(4);
    for (const img of fake.images) {
      const meta = await sharp(img.bytes).metadata();
      expect(meta.format).toBe("jpeg");
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    }
    // the text part names each photo's menu item, so the caption stays with what was chosen
    const text = JSON.parse((fake.requests[0]!.body.messages[1]!.content as { type: string; text: string }[])[0]!.text);
    expect(text.photos[0]).toEqual({
      photo: 1,
      menu_item: { name: "Pistachio Kunafa", name_ar: "كنافة بالفستق", price_kwd: 2.5 },
    });
    expect(out.altTexts![0]).toEqual({
      mediaId: ID1,
      en: "Pistachio kunafa on a white plate",
      ar: "كنافة بالفستق في صحن أبيض",
      source: "vision",
    });
  });

  test("configured off: a vision model is sent no image, and the result says the photo was not seen", async () => {
    fake.replies.push(TEXT_ONLY);
    const w = writer("gpt-4o", "off");
    expect(w.seesPhotos!()).toBe(false);
    const out = await w.generate(REQ);
    expect(imageParts(0)).toHaveLength(0);
    expect(typeof fake.requests[0]!.body.messages[1]!.content).toBe("string");
    expect(out.photosSeen).toBe(false);
    // alt text from the menu item, never from a look nobody saw
    expect(out.altTexts).toEqual([
      { mediaId: ID1, en: "Photo of Pistachio Kunafa", ar: "صورة كنافة بالفستق", source: "menu_item" },
    ]);
  });

  test("a known text-only model (auto) is sent no image", async () => {
    fake.replies.push(TEXT_ONLY);
    const out = await writer("gpt-3.5-turbo").generate(REQ);
    expect(fake.requests).toHaveLength(1);
    expect(imageParts(0)).toHaveLength(0);
    expect(out.photosSeen).toBe(false);
    expect(out.fellBack).toBeUndefined();
  });

  test("configured on with a model that cannot see: one refused request, a text-only retry, and no image next time", async () => {
    fake.replies.push(TEXT_ONLY, TEXT_ONLY);
    const w = writer("house-text-only", "on");
    expect(w.seesPhotos!()).toBe(true);
    const first = await w.generate(REQ);
    expect(fake.requests).toHaveLength(2);
    expect(imageParts(0)).toHaveLength(1);
    expect(imageParts(1)).toHaveLength(0);
    expect(first.fellBack).toBeUndefined();
    expect(first.provider).toBe("openai");
    expect(first.photosSeen).toBe(false);
    expect(w.seesPhotos!()).toBe(false);
    const second = await w.generate(REQ);
    expect(fake.requests).toHaveLength(3);
    expect(imageParts(2)).toHaveLength(0);
    expect(second.photosSeen).toBe(false);
  });

  test("without photos nothing changes: the user message is a string", async () => {
    fake.replies.push(TEXT_ONLY);
    const out = await writer("gpt-4o").generate({ ...REQ, photos: [] });
    expect(typeof fake.requests[0]!.body.messages[1]!.content).toBe("string");
    expect(out.photosSeen).toBeUndefined();
  });
});

describe("the built-in writer and the photo's menu item", () => {
  test("the caption names the photo's menu item and its price, in English and in Arabic; it says nothing of the look", async () => {
    const local = createLocalWriter();
    expect(local.seesPhotos?.() ?? false).toBe(false);
    for (const language of ["en", "ar"] as const) {
      const out = await local.generate({ ...REQ, language, variants: 3, seed: 7 });
      expect(out.photosSeen).toBe(false);
      for (const v of out.variants) {
        expect(v.content).toContain(language === "en" ? "Pistachio Kunafa" : "كنافة بالفستق");
        expect(v.content).not.toMatch(/green|golden|colou?r|أخضر|ذهبي/i);
      }
      expect(out.variants.some((v) => (language === "en" ? /2\.500 KWD/ : /٢٫٥٠٠ د\.ك\./).test(v.content))).toBe(true);
    }
  });

  test("alt text from the menu item, in both languages; nothing when the photo has none", () => {
    expect(altTextFromMenuItem(KUNAFA)).toEqual({ en: "Photo of Pistachio Kunafa", ar: "صورة كنافة بالفستق" });
    expect(altTextFromMenuItem({ name: "كرك" })).toEqual({ en: null, ar: "صورة كرك" });
    expect(altTextFromMenuItem({ name: "V60" })).toEqual({ en: "Photo of V60", ar: "صورة V60" });
    expect(altTextFromMenuItem(null)).toBeNull();
  });
});
