// A writer backed by any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's compatible
// path, a local vLLM or Ollama...), through the official SDK. The model is asked for JSON that
// matches a schema (in the subset strict Structured Outputs takes: strictSchema); its answer is
// checked with the full zod schema and against the platform's limits and the
// language asked for. Anything short of usable (timeout, HTTP error, refusal, bad JSON, wrong
// language, too long) and the local writer answers instead, with fellBack set so people see why.
// A reply to a guest is given the profile's facts only and checked against them: a link, phone,
// price, time or other figure the profile does not hold and the built-in draft is used (rejected).
import type OpenAI from "openai";
import { z } from "zod";
import {
  composeText,
  CONTENT_OCCASIONS,
  CONTENT_TONES,
  DELIVERY_APPS,
  KUWAIT_AREAS,
  normalizeHashtag,
  NETWORK_PACKS,
  PLATFORM_LABELS,
  platformLength,
  SUGGESTED_HASHTAG_LIMITS,
  VOICE_DEFAULTS,
  CAPTION_LENGTH_LIMITS,
  type BusinessVoice,
} from "@sufra/schema";
import type { Logger } from "../../kernel/logger.ts";
import type { AiWriter, ReviewReplyRequest, ReviewReplyResult } from "../provider.ts";
import type { BusinessProfile, GeneratedVariant, GenerateRequest, GenerateResult, PhotoAltText } from "../types.ts";
import { captionLimit, photoFacts } from "../local/writer.ts";
import { arabicVoiceOf, inventedFacts } from "../local/guest-answers.ts";

export interface OpenAiWriterOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  logger?: Logger;
  /** Whether the model sees images: "auto" by its name (knownVisionModel), "on", "off" (config AI_VISION). */
  vision?: "auto" | "on" | "off";
}

/**
 * At most this many photos go with a request: the caption is about the first photos of a post, each
 * costs the model a fixed share of its budget at low detail, and four small JPEGs keep the request
 * near 150 KB so it stays well inside the 30 s a person waits (docs/architecture.md#what-the-ai-is-sent).
 */
const MAX_PHOTOS_SENT = 4;
/** The model is asked to look at low detail: it receives a 512 x 512 picture, so we send no larger one. */
const PHOTO_DETAIL = "low" as const;

/**
 * Model names of families that take images in chat completions: OpenAI's gpt-4o, gpt-4.1, gpt-4-turbo,
 * gpt-5, o1, o3, o4-mini (not o1-mini, o3-mini, gpt-3.5, gpt-4), and open models served by vLLM or
 * Ollama whose names say vision (llava, *-vision, *-vl, gemma3, pixtral, minicpm-v, moondream).
 */
export function knownVisionModel(model: string): boolean {
  const name = model.trim().toLowerCase().replace(/^.*\//, "");
  if (/^(o1-mini|o3-mini|gpt-3\.5)/.test(name)) return false;
  return (
    /^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|o1|o3|o4-mini)(\b|[-.:])/.test(name) ||
    /(llava|vision|[-_.]vl\b|-vl[-:]|gemma3|pixtral|minicpm-v|moondream)/.test(name)
  );
}

// What the model must return: JSON, validated before anyone sees it.
const captionsAnswer = z.object({
  variants: z
    .array(z.object({ content: z.string().min(1).max(4000), hashtags: z.array(z.string().max(120)).max(40) }))
    .min(1)
    .max(10),
});
/** With photos the model saw: an alt text per photo too, in the photos' order. */
const captionsAndPhotosAnswer = captionsAnswer.extend({
  photos: z
    .array(z.object({ alt_text_en: z.string().max(1000), alt_text_ar: z.string().max(1000) }))
    .max(MAX_PHOTOS_SENT),
});
const replyAnswer = z.object({ reply: z.string().min(1).max(1500) });

/**
 * The keywords strict Structured Outputs takes, as OpenAI's guide lists them ("Supported schemas":
 * supported types, anyOf, definitions, and per type pattern, format, the number bounds, minItems and
 * maxItems). Any other keyword fails the whole request with 400 invalid_json_schema ("'minLength' is not
 * permitted"), so it is left out of what the model is sent: zod still checks the answer against it.
 */
const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);

/**
 * A zod schema as strict mode takes it: an object at the root, every object closed
 * (additionalProperties: false) with every property required, only the keywords above.
 */
export function strictSchema(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown, keyed = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n));
    if (!node || typeof node !== "object") return node;
    const entries = Object.entries(node as Record<string, unknown>);
    // a map of names (properties, $defs) keeps every name; a schema keeps only what strict mode takes
    if (keyed) return Object.fromEntries(entries.map(([k, v]) => [k, strip(v)]));
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries)
      if (STRICT_KEYWORDS.has(k)) out[k] = strip(v, k === "properties" || k === "$defs" || k === "definitions");
    if (out.type === "object" || out.properties) {
      out.additionalProperties = false;
      out.required = Object.keys((out.properties as Record<string, unknown>) ?? {});
    }
    return out;
  };
  return strip(z.toJSONSchema(schema, { target: "draft-7" })) as Record<string, unknown>;
}

/** Share of letters in Arabic script (0..1). */
export function arabicShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length ? letters.filter((c) => /\p{Script=Arabic}/u.test(c)).length / letters.length : 0;
}

const limitOf = captionLimit;

function languageFits(text: string, language: GenerateRequest["language"]): boolean {
  const share = arabicShare(text);
  if (language === "ar") return share >= 0.6;
  if (language === "en") return share <= 0.1;
  return share >= 0.2 && share <= 0.9;
}

/** A model's caption made safe to publish: valid hashtags, the platform's cap, within its length. */
function acceptVariant(
  raw: { content: string; hashtags: string[] },
  req: Pick<GenerateRequest, "platform" | "language" | "voice">,
): GeneratedVariant | null {
  const content = raw.content.normalize("NFC").trim();
  if (!content || /\{[a-z_]+\}|\[[A-Z_ ]+\]/.test(content)) return null; // an unfilled slot is not a caption
  if (!languageFits(content, req.language)) return null;
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const t of raw.hashtags) {
    const tag = normalizeHashtag(t);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  // the network's cap, and the café's habit (its voice) within it
  let hashtags = tags.slice(0, Math.min(SUGGESTED_HASHTAG_LIMITS[req.platform], req.voice?.hashtagCount ?? Infinity));
  while (hashtags.length && platformLength(req.platform, composeText(content, hashtags)) > limitOf(req.platform))
    hashtags = hashtags.slice(0, -1);
  if (platformLength(req.platform, composeText(content, hashtags)) > limitOf(req.platform)) return null;
  return { content, hashtags, language: req.language };
}

function profileFacts(b: BusinessProfile): Record<string, unknown> {
  const area =
    b.area && Object.hasOwn(KUWAIT_AREAS, b.area) ? KUWAIT_AREAS[b.area as keyof typeof KUWAIT_AREAS] : b.area;
  return {
    name: b.name,
    name_ar: b.nameAr ?? undefined,
    cuisine: b.cuisine ?? undefined,
    area: area ?? undefined,
    opening_hours: b.hours ?? undefined,
    opening_hours_ar: b.hoursAr ?? undefined,
    menu: (b.menu ?? [])
      .slice(0, 40)
      .map((m) => ({ name: m.name, name_ar: m.nameAr ?? undefined, price_kwd: m.priceKwd ?? undefined })),
  };
}

/**
 * Which Arabic the café writes (its voice, schema/src/voice.ts): Kuwaiti Arabic by default, as its
 * guests write and answer; MSA when the café chose it or its posts show it. Never a mix of the two.
 */
const ARABIC_RULE = {
  gulf:
    "Write the Arabic in Gulf Arabic, the Kuwaiti dialect Kuwaiti guests write and answer in (e.g. يا هلا، حيّاكم، وايد، الحين، هالـ، شلون، جذي، ويانا، عشان، اللي). " +
    "Do not write Modern Standard Arabic and do not mix the two in one caption: avoid MSA-only words such as سوف، لقد، الآن، الذي، التي، لدينا، جدًا، لم، لن، ليس، هذه، ماذا، لماذا.",
  msa: "Write the Arabic in correct Modern Standard Arabic (الفصحى), warm but never dialect: no Gulf words such as يا هلا، حيّاكم، وايد، الحين، شلون، جذي، هالـ، ويانا، اللي. Do not mix dialect and MSA in one caption.",
} as const;

const ARABIC_SCRIPT =
  "Arabic script only in the Arabic (a Latin brand name may stay Latin). Use Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩) in the Arabic.";

function languageRule(req: GenerateRequest, voice: BusinessVoice): string {
  if (req.language === "en") return "Write in natural English only.";
  if (req.language === "ar") return `Write in Arabic only. ${ARABIC_RULE[voice.arabicVariety]} ${ARABIC_SCRIPT}`;
  const [first, second] = voice.languageOrder === "en_first" ? ["English", "Arabic"] : ["Arabic", "English"];
  return `Write each caption in ${first} first, then the same message in ${second}, separated by a blank line. ${ARABIC_RULE[voice.arabicVariety]} ${ARABIC_SCRIPT} The English is natural English.`;
}

const LENGTH_RULE = {
  short: `Keep each caption short: at most ${CAPTION_LENGTH_LIMITS.short} characters of text per language, one or two sentences.`,
  medium: `Keep each caption medium length: about ${CAPTION_LENGTH_LIMITS.short} to ${CAPTION_LENGTH_LIMITS.medium} characters of text per language.`,
  long: `Write fuller captions: more than ${CAPTION_LENGTH_LIMITS.medium} characters of text per language where the platform allows, telling the story of the dish or the occasion.`,
} as const;

const EMOJI_RULE = {
  none: "Use no emoji at all.",
  few: "Use one or two emoji per caption, no more.",
  many: "Use emoji generously: at least three per caption, where they fit the words.",
} as const;

const HASHTAG_SCRIPT_RULE = {
  ar: "Arabic hashtags only",
  en: "English hashtags only",
  both: "hashtags in Arabic and in English",
} as const;

/** The café's habits (its voice): length, emoji, hashtags, as rules the model is given. */
function voiceRules(req: GenerateRequest, voice: BusinessVoice): string[] {
  const cap = Math.min(voice.hashtagCount, SUGGESTED_HASHTAG_LIMITS[req.platform]);
  return [
    LENGTH_RULE[voice.length],
    EMOJI_RULE[voice.emoji],
    cap > 0
      ? `Hashtags: ${cap} per caption, never more (the café's habit), ${HASHTAG_SCRIPT_RULE[voice.hashtagScript]}.`
      : "No hashtags: return an empty hashtags array.",
  ];
}

/**
 * What the model is told of the post's photos: the menu item each shows, when the person said; with
 * the photos attached, to name what is in them and propose alt text; without, never to describe them.
 */
function photoRules(req: GenerateRequest, images: readonly string[]): string[] {
  if (!req.photos?.length) return [];
  if (images.length) {
    return [
      `The post's first ${images.length} photo(s) are attached, in order. Name what is in them as it appears, consistent with the menu item given for a photo (photos[].menu_item); never contradict it.`,
      `Also return "photos": one entry per attached photo, in order, with alt_text_en (English) and alt_text_ar (Arabic): a short, plain description of what the photo shows, for screen readers.`,
    ];
  }
  return [
    "You cannot see the post's photos: never describe their look (colours, plating, setting). Write from the prompt and from the menu item given for a photo (photos[].menu_item).",
  ];
}

function photoFactsOf(req: GenerateRequest) {
  if (!req.photos?.length) return undefined;
  return req.photos.slice(0, 10).map((p, i) => ({
    photo: i + 1,
    menu_item: p.menuItem
      ? { name: p.menuItem.name, name_ar: p.menuItem.nameAr ?? undefined, price_kwd: p.menuItem.priceKwd ?? undefined }
      : null,
  }));
}

function captionMessages(
  req: GenerateRequest,
  images: readonly string[] = [],
): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const limits = NETWORK_PACKS[req.platform].writing.guide;
  const voice = req.voice ?? { ...VOICE_DEFAULTS, tone: req.tone };
  const system = [
    "You are Sufra's content specialist for restaurants and cafés in Kuwait.",
    "You write social media captions that a Kuwaiti food and beverage business would proudly post, in the café's own voice.",
    languageRule(req, voice),
    `Platform: ${PLATFORM_LABELS[req.platform].en}. ${limits}`,
    `Tone: ${CONTENT_TONES[req.tone].en}.`,
    ...voiceRules(req, voice),
    "Use only facts given (business profile, prompt): never invent prices, discounts, dishes, addresses, phone numbers or opening hours.",
    "Keep every fact the prompt gives (the dish, the offer, the time, the place) in each caption.",
    "Respect Kuwaiti culture and Islamic occasions; no alcohol, no pork.",
    "Hashtags go in the hashtags array without '#'; Arabic hashtags join words with underscores.",
    `Return JSON: {"variants":[{"content":"...","hashtags":["..."]}]} with exactly ${req.variants} clearly different variants.`,
    ...photoRules(req, images),
  ].join("\n");
  const user = {
    prompt: req.prompt,
    occasion: req.occasion ? CONTENT_OCCASIONS[req.occasion].en : undefined,
    business: profileFacts(req.business),
    photos: photoFactsOf(req),
  };
  if (!images.length)
    return [
      { role: "system", content: system },
      { role: "user", content: JSON.stringify(user) },
    ];
  // the chat completions reference's content parts: the text, then each photo as a base64 data URL
  return [
    { role: "system", content: system },
    {
      role: "user",
      content: [
        { type: "text", text: JSON.stringify(user) },
        ...images.map((url) => ({ type: "image_url" as const, image_url: { url, detail: PHOTO_DETAIL } })),
      ],
    },
  ];
}

/** The photos as data URLs, at most MAX_PHOTOS_SENT; a photo whose JPEG cannot be made is left out. */
async function photoUrls(req: GenerateRequest, logger?: Logger): Promise<string[]> {
  const urls: string[] = [];
  for (const p of (req.photos ?? []).filter((x) => x.jpeg).slice(0, MAX_PHOTOS_SENT)) {
    try {
      urls.push(`data:image/jpeg;base64,${(await p.jpeg!()).toString("base64")}`);
    } catch (err) {
      logger?.warn("ai: a photo could not be prepared for the model", {
        mediaId: p.mediaId,
        error: (err as Error).message,
      });
    }
  }
  return urls;
}

/** The answer's alt texts for the photos sent; the rest from their menu items (photoFacts). */
function altTextsOf(
  req: GenerateRequest,
  seen: { alt_text_en: string; alt_text_ar: string }[] | undefined,
): PhotoAltText[] {
  const fromMenu = new Map((photoFacts(req).altTexts ?? []).map((a) => [a.mediaId, a]));
  return (req.photos ?? []).flatMap((p, i): PhotoAltText[] => {
    const s = seen?.[i];
    const en = s?.alt_text_en.normalize("NFC").trim();
    const ar = s?.alt_text_ar.normalize("NFC").trim();
    const good = { en: en && arabicShare(en) <= 0.1 ? en : null, ar: ar && arabicShare(ar) >= 0.6 ? ar : null };
    if (good.en || good.ar) return [{ mediaId: p.mediaId, ...good, source: "vision" }];
    const menu = fromMenu.get(p.mediaId);
    return menu ? [menu] : [];
  });
}

/** OpenAI's refusal of image parts by a model that cannot see: 400 on messages.[i].content.[j].type. */
const imagesRefused = (err: { status?: number; param?: string | null; message: string }) =>
  err.status === 400 &&
  (/^messages\.\[\d+\]\.content\.\[\d+\]\.type$/.test(err.param ?? "") ||
    /image_url is only supported/i.test(err.message));
/** Any 400 about an image part (format, size): this request goes again without images. */
const imageProblem = (err: { status?: number; param?: string | null }) =>
  err.status === 400 && /^messages\.\[\d+\]\.content\.\[\d+\]/.test(err.param ?? "");

/** The facts a reply may state: the profile's, nothing else (the answer is checked against them: inventedFacts). */
function guestFacts(b: BusinessProfile, season: ReviewReplyRequest["season"]): Record<string, unknown> {
  return {
    ...profileFacts(b),
    address: b.address ?? undefined,
    address_ar: b.addressAr ?? undefined,
    map_link: b.mapUrl ?? undefined,
    ramadan_hours: b.ramadanHours ?? undefined,
    ramadan_hours_ar: b.ramadanHoursAr ?? undefined,
    eid_hours: b.eidHours ?? undefined,
    eid_hours_ar: b.eidHoursAr ?? undefined,
    today_in_kuwait:
      season === "ramadan"
        ? "Ramadan: give the Ramadan hours"
        : season === "eid"
          ? "Eid: give the Eid hours"
          : undefined,
    delivery_apps: (b.deliveryApps ?? []).map((a) => ({
      app: a.app === "other" ? a.name : DELIVERY_APPS[a.app].en,
      app_ar: a.app === "other" ? a.name : DELIVERY_APPS[a.app].ar,
      store_name: a.name ?? undefined,
      link: a.url,
    })),
    reservations: b.reservation
      ? { how: b.reservation.mode, phone: b.reservation.phone ?? undefined, link: b.reservation.url ?? undefined }
      : undefined,
    phone_for_guests: b.publicPhone ?? undefined,
  };
}

const VOICE_RULE = {
  en: "Reply in natural English.",
  msa: "Reply in correct Modern Standard Arabic with a warm voice, Arabic script (links, phone numbers and prices stay as given).",
  gulf: "Reply in Gulf (Kuwaiti) Arabic, as the guest wrote, warm and natural, Arabic script (links, phone numbers and prices stay as given).",
} as const;

function replyMessages(
  req: ReviewReplyRequest,
  read: Pick<ReviewReplyResult, "language" | "sentiment" | "topics" | "asks" | "gaps">,
): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const analysed = { ...read, asks: read.asks ?? [], gaps: read.gaps ?? [] };
  const voice =
    analysed.language === "en"
      ? "en"
      : /\p{Script=Arabic}/u.test(req.review.text)
        ? arabicVoiceOf(req.review.text)
        : "msa";
  const system = [
    "You write the business's public reply to a guest's review or comment, for a restaurant or café in Kuwait.",
    VOICE_RULE[voice],
    analysed.asks.length
      ? `The guest asks about: ${analysed.asks.join(", ")}. Answer each question first, using only the facts given (the address with the map link, the hours, the delivery apps with their links, how to book, menu items with prices in KWD with three decimals).`
      : `The message is ${analysed.sentiment}. ${analysed.topics.length ? `It is about: ${analysed.topics.join(", ")}.` : ""}`,
    analysed.gaps.length
      ? `The facts do not include: ${analysed.gaps.join(", ")}. For these say the café will get back to the guest shortly; never guess them.`
      : "",
    "Complaints: apologise sincerely and give a way to make it right: the phone_for_guests number if given, otherwise invite the guest to send a direct message.",
    "Praise: thank them and name what they praised (the dish or the topic they named).",
    "Never invent facts: no address, link, phone number, time, price, app, dish, offer, discount, refund or compensation that is not in the facts given.",
    'Address the author by name. At most 5 sentences. Return JSON: {"reply":"..."}.',
  ]
    .filter(Boolean)
    .join("\n");
  return [
    { role: "system", content: system },
    {
      role: "user",
      content: JSON.stringify({
        facts: guestFacts(req.business, req.season),
        author: req.review.author,
        rating: req.review.rating,
        message: req.review.text,
      }),
    },
  ];
}

const CAPTION_TEMPERATURE = 0.9;

/**
 * OpenAI's reasoning models (o1, o3, o4-mini, the gpt-5 family) refuse any temperature but their
 * default with 400 unsupported_value; their chat model gpt-5-chat-latest takes one. Other
 * OpenAI-compatible servers (vLLM, Ollama) take one.
 */
export function acceptsTemperature(model: string): boolean {
  const name = model.trim().toLowerCase().replace(/^.*\//, ""); // "openai/o3-mini" from a router
  if (/^gpt-5(\.\d+)?-chat/.test(name)) return true;
  return !/^(o\d+|gpt-5)(\b|[-.])/.test(name);
}

/**
 * The model's writer, with the local one behind it. `local` answers whenever the model cannot;
 * the result then carries fellBack: true.
 */
export function createOpenAiWriter(opts: OpenAiWriterOptions, local: AiWriter): AiWriter {
  // the SDK loads on the first question, not at start: memory a server on the local writer need not hold
  const sdk = import("openai").then((m) => m.default);
  // no retries: a retry after a timeout would double the 30 s a person waits
  const client = sdk.then(
    (OpenAI) =>
      new OpenAI({
        baseURL: opts.baseUrl,
        apiKey: opts.apiKey || "not-needed",
        timeout: opts.timeoutMs,
        maxRetries: 0,
      }),
  );
  // learnt from the endpoint: a model behind a name we do not know may refuse a temperature too
  let sendTemperature = acceptsTemperature(opts.model);
  // whether photos go with the request: configured, or by the model's name; a refusal turns it off for good
  let sendPhotos = opts.vision === "on" || (opts.vision !== "off" && knownVisionModel(opts.model));

  async function complete(body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming) {
    const c = await client;
    try {
      return await c.chat.completions.create(sendTemperature ? { ...body, temperature: CAPTION_TEMPERATURE } : body);
    } catch (err) {
      // 400 unsupported_value on param "temperature": this model takes its default only; ask once more without
      if (!(
        sendTemperature &&
        err instanceof (await sdk).APIError &&
        err.status === 400 &&
        err.param === "temperature"
      ))
        throw err;
      sendTemperature = false;
      opts.logger?.warn("ai: the model refuses a temperature; asking without one from now on", {
        model: opts.model,
        error: err.message,
      });
      return c.chat.completions.create(body);
    }
  }

  async function ask<T>(
    messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[],
    schema: z.ZodType<T>,
    name: string,
  ): Promise<T> {
    const completion = await complete({
      model: opts.model,
      messages,
      response_format: { type: "json_schema", json_schema: { name, strict: true, schema: strictSchema(schema) } },
    });
    const choice = completion.choices[0];
    if (!choice?.message?.content)
      throw new Error(choice?.message?.refusal ? `refused: ${choice.message.refusal}` : "empty answer");
    return schema.parse(JSON.parse(choice.message.content));
  }

  /** The captions, with the photos when the model sees; once more without them if it refuses them. */
  async function askCaptions(req: GenerateRequest): Promise<{
    answer: z.infer<typeof captionsAnswer> & { photos?: { alt_text_en: string; alt_text_ar: string }[] };
    seen: boolean;
  }> {
    const images = sendPhotos && req.photos?.length ? await photoUrls(req, opts.logger) : [];
    if (!images.length) return { answer: await ask(captionMessages(req), captionsAnswer, "captions"), seen: false };
    try {
      return { answer: await ask(captionMessages(req, images), captionsAndPhotosAnswer, "captions"), seen: true };
    } catch (err) {
      const e = err as { status?: number; param?: string | null; message: string };
      if (!imageProblem(e) && !imagesRefused(e)) throw err;
      if (imagesRefused(e)) {
        sendPhotos = false;
        opts.logger?.warn("ai: the model refuses images; captions are written without the photos from now on", {
          model: opts.model,
          error: e.message,
        });
      } else {
        opts.logger?.warn("ai: the model refused a photo; asking without the photos", {
          model: opts.model,
          error: e.message,
        });
      }
      return { answer: await ask(captionMessages(req), captionsAnswer, "captions"), seen: false };
    }
  }

  return {
    provider: "openai",
    seesPhotos: () => sendPhotos,
    async generate(req: GenerateRequest): Promise<GenerateResult & { fellBack?: boolean }> {
      try {
        const { answer, seen: sawPhotos } = await askCaptions(req);
        const seen = new Set<string>();
        const variants = answer.variants
          .map((v) => acceptVariant(v, req))
          .filter((v): v is GeneratedVariant => !!v && !seen.has(v.content) && !!seen.add(v.content))
          .slice(0, req.variants);
        if (!variants.length) throw new Error("no usable caption in the answer");
        if (!req.photos?.length) return { variants, provider: "openai" };
        return {
          variants,
          provider: "openai",
          photosSeen: sawPhotos,
          altTexts: altTextsOf(req, sawPhotos ? answer.photos : undefined),
        };
      } catch (err) {
        // a warning: the person got the built-in writer's captions, and an admin should see that the model never answered
        opts.logger?.warn("ai: the model gave no usable captions; the built-in writer answered", {
          model: opts.model,
          reason: (err as Error).message,
        });
        return { ...(await local.generate(req)), fellBack: true };
      }
    },
    async replyToReview(req: ReviewReplyRequest): Promise<ReviewReplyResult> {
      // the local reading of the review (language, sentiment, topics) steers the model and checks it
      const base = await local.replyToReview(req);
      try {
        const answer = await ask(replyMessages(req, base), replyAnswer, "review_reply");
        const reply = answer.reply.normalize("NFC").trim();
        // links and Latin names in an Arabic reply are not its language
        const share = arabicShare(reply.replace(/\bhttps?:\/\/\S+/gu, " "));
        if (base.language === "ar" ? share < 0.6 : share > 0.1)
          throw new Error("the reply is not in the review's language");
        // a fact the profile does not hold (a link, phone, price, time...) is never sent to a guest
        const invented = inventedFacts(reply, req.business, `${req.review.author} ${req.review.text}`);
        if (invented.length) {
          opts.logger?.warn(
            "ai: the model's review reply stated facts the profile does not hold; the built-in writer answered",
            { model: opts.model, invented },
          );
          return { ...base, fellBack: true, rejected: invented };
        }
        return { ...base, reply, provider: "openai", fellBack: false };
      } catch (err) {
        opts.logger?.warn("ai: the model gave no usable review reply; the built-in writer answered", {
          model: opts.model,
          reason: (err as Error).message,
        });
        return { ...base, fellBack: true };
      }
    },
  };
}
