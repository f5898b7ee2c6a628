// REST compatibility for /api/business-profile: thin, calls the business-profile service. Answers in
// snake_case; prices are numbers of dinars with their three decimals (the client formats them).
import { Router, type Request } from "express";
import { camelBody, metaOf, toSnake, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { BusinessProfileView, BusinessVoiceView, MenuItemRow } from "./business-profile.service.ts";
import type { PartialVoice } from "@sufra/schema";
import type { z } from "zod";
import type {
  restBusinessProfileSchema,
  restBusinessVoiceSchema,
  restMenuItemSchema,
} from "./business-profile.openapi.ts";

const restMenuItem = (m: MenuItemRow): z.output<typeof restMenuItemSchema> => ({
  id: m.id,
  name: m.name,
  name_ar: m.nameAr,
  price_kwd: m.priceKwd,
  section: m.section,
  section_ar: m.sectionAr,
  position: m.position,
});

const restBusinessProfile = (p: BusinessProfileView): z.output<typeof restBusinessProfileSchema> => ({
  company_name: p.companyName,
  name_ar: p.nameAr,
  cuisine: p.cuisine,
  area: p.area,
  hours: p.hours,
  hours_ar: p.hoursAr,
  address: p.address,
  address_ar: p.addressAr,
  map_url: p.mapUrl,
  ramadan_hours: p.ramadanHours,
  ramadan_hours_ar: p.ramadanHoursAr,
  eid_hours: p.eidHours,
  eid_hours_ar: p.eidHoursAr,
  delivery_apps: p.deliveryApps.map((a) => ({ app: a.app, name: a.name, url: a.url })),
  reservation_mode: p.reservationMode,
  reservation_phone: p.reservationPhone,
  reservation_url: p.reservationUrl,
  public_phone: p.publicPhone,
  menu: p.menu.map(restMenuItem),
});

const restHabits = (v: PartialVoice) => ({
  arabic_variety: v.arabicVariety ?? null,
  language_order: v.languageOrder ?? null,
  tone: v.tone ?? null,
  length: v.length ?? null,
  emoji: v.emoji ?? null,
  hashtag_count: v.hashtagCount ?? null,
  hashtag_script: v.hashtagScript ?? null,
});

const restBusinessVoice = (v: BusinessVoiceView): z.output<typeof restBusinessVoiceSchema> => {
  const e = v.learned.evidence;
  return {
    voice: restHabits(v.voice) as z.output<typeof restBusinessVoiceSchema>["voice"],
    sources: Object.fromEntries(Object.entries(v.sources).map(([k, s]) => [toSnake(k), s])),
    chosen: restHabits(v.chosen),
    learned: restHabits(v.learned.proposal),
    evidence: {
      posts: e.posts,
      arabic_posts: e.arabicPosts,
      gulf_posts: e.gulfPosts,
      msa_posts: e.msaPosts,
      edits: e.edits,
      edits_toward_gulf: e.editsTowardGulf,
      edits_toward_msa: e.editsTowardMsa,
      gulf_share: e.gulfShare,
      average_length: e.averageLength,
      emoji_per_post: e.emojiPerPost,
      hashtags_per_post: e.hashtagsPerPost,
      arabic_hashtag_share: e.arabicHashtagShare,
      arabic_first_share: e.arabicFirstShare,
      edit_length_change: e.editLengthChange,
      edit_emoji_change: e.editEmojiChange,
    },
  };
};

export function businessProfileRouter(services: Services) {
  const r = Router();
  const { businessProfile } = services;
  // the people of a business; the service refuses writes from API keys
  const viewer = (req: Request) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.get(await viewer(req))));
  });

  /** {name_ar?, cuisine?, area?, hours?, hours_ar?, address?, map_url?, ramadan_hours?, eid_hours?, delivery_apps?, reservation_mode?...}: a field left out stays, a blank one is cleared. */
  r.put("/", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.update(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.get("/voice", async (req, res) => {
    res.json(restBusinessVoice(await businessProfile.voice(await viewer(req))));
  });

  /** {arabic_variety?, language_order?, tone?, length?, emoji?, hashtag_count?, hashtag_script?}: left out stays, null is learned again. */
  r.put("/voice", async (req, res) => {
    res.json(restBusinessVoice(await businessProfile.updateVoice(await viewer(req), camelBody(req), metaOf(req))));
  });

  /** {name, name_ar?, price_kwd?, section?, section_ar?}: added at the end of the menu. */
  r.post("/menu", async (req, res) => {
    res.status(201).json(restMenuItem(await businessProfile.addItem(await viewer(req), camelBody(req), metaOf(req))));
  });

  /** {text, replace?}: one item a line, `name, price` or `name | الاسم | price`. */
  r.post("/menu/import", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.importMenu(await viewer(req), camelBody(req), metaOf(req))));
  });

  // before /menu/:id, which would take "order" for an id
  /** {ids: [...]}: the items in their new order. */
  r.put("/menu/order", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.reorder(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.put("/menu/:id", async (req, res) => {
    res.json(
      restMenuItem(await businessProfile.updateItem(await viewer(req), req.params.id, camelBody(req), metaOf(req))),
    );
  });

  r.delete("/menu/:id", async (req, res) => {
    res.json(restMenuItem(await businessProfile.removeItem(await viewer(req), req.params.id, metaOf(req))));
  });

  return r;
}
