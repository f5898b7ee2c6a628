// The business profile at the GraphQL door: thin, every field calls the business-profile service.
// Reading: the business (an API key too); writing: a person of the business.
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { BusinessProfileView, BusinessVoiceView, MenuItemRow } from "./business-profile.service.ts";
import {
  ARABIC_VARIETY_KEYS,
  CAPTION_LENGTH_KEYS,
  DELIVERY_APP_KEYS,
  RESERVATION_MODES,
  EMOJI_HABIT_KEYS,
  HASHTAG_SCRIPT_KEYS,
  LANGUAGE_ORDER_KEYS,
  VOICE_FIELDS,
  type ArabicVariety,
  type CaptionLength,
  type EmojiHabit,
  type HashtagScript,
  type LanguageOrder,
  type PartialVoice,
  type VoiceSource,
} from "@sufra/schema";
import { ContentToneEnum, upper } from "../../graphql/enums.ts";
import type { VoiceEvidence as VoiceEvidenceShape } from "../../ai/voice.ts";
import type { DeliveryAppRow } from "./business-profile.read.ts";

const DeliveryAppEnum = builder.enumType("DeliveryAppKey", {
  description: "A delivery app of Kuwait the café may be on.",
  values: upper(DELIVERY_APP_KEYS, {
    talabat: "The Talabat delivery app (طلبات).",
    deliveroo: "The Deliveroo delivery app (ديليفرو).",
    jahez: "The Jahez delivery app (جاهز).",
    keeta: "The Keeta delivery app (كيتا).",
    carriage: "The Carriage delivery app (كاريدج).",
    cari: "The Cari delivery app (كاري).",
    careem: "The Careem app's food delivery (كريم).",
    other: "Another app, named by its store name.",
  }),
});
const ReservationModeEnum = builder.enumType("ReservationMode", {
  description: "How guests book a table.",
  values: upper(RESERVATION_MODES, {
    phone: "By phone: reservationPhone.",
    link: "Through a booking link: reservationUrl.",
    walk_in: "Walk-in only: no bookings, guests come in.",
    none: "No bookings taken.",
  }),
});

const DeliveryApp = builder.objectRef<DeliveryAppRow>("DeliveryApp").implement({
  description: "A delivery app the café is on, and the link to its store there.",
  fields: (t) => ({
    app: t.field({ type: DeliveryAppEnum, description: "Which delivery app the store is on.", resolve: (a) => a.app }),
    name: t.exposeString("name", {
      nullable: true,
      description: "The store's name in the app; null: the café's own name.",
    }),
    url: t.exposeString("url", { description: "The https link to the café's store in the app." }),
  }),
});

const DeliveryAppInput = builder.inputType("DeliveryAppInput", {
  description: "A delivery app the café is on.",
  fields: (t) => ({
    app: t.field({ type: DeliveryAppEnum, required: true, description: "Which app (other: give its name)." }),
    name: t.string({ description: "The store's name in the app, up to 80 characters (required for other)." }),
    url: t.string({
      required: true,
      description: "The https link to the café's store in the app, up to 500 characters.",
    }),
  }),
});

const MenuItem = builder.objectRef<MenuItemRow>("MenuItem").implement({
  description: "An item of the business's menu, for the AI writer's captions.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The menu item's id (a UUID)." }),
    name: t.exposeString("name", { description: "As on the menu, in English (or the only name there is)." }),
    nameAr: t.exposeString("nameAr", { description: "Its Arabic name; null when it has none.", nullable: true }),
    priceKwd: t.exposeFloat("priceKwd", {
      nullable: true,
      description: "Kuwaiti dinars with three decimals (2.75 is 2.750 KWD); null: no price.",
    }),
    section: t.exposeString("section", {
      nullable: true,
      description: 'The menu section it is listed under ("Hot drinks"); null: the menu\'s first, unnamed section.',
    }),
    sectionAr: t.exposeString("sectionAr", {
      nullable: true,
      description: 'The section\'s Arabic name ("مشروبات ساخنة"); null when it has none.',
    }),
    position: t.exposeInt("position", { description: "Its place on the menu, from 0." }),
  }),
});

const BusinessProfile = builder.objectRef<BusinessProfileView>("BusinessProfile").implement({
  description: "What the AI writer composes captions from: names, cuisine, area of Kuwait, opening hours and the menu.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The business's id." }),
    companyName: t.exposeString("companyName", { description: "The business's name, as signed up." }),
    nameAr: t.exposeString("nameAr", {
      description: "The business's Arabic name (up to 80 characters); null when none.",
      nullable: true,
    }),
    cuisine: t.exposeString("cuisine", {
      nullable: true,
      description: "A cuisine key (cafe, kuwaiti, ...) or free text.",
    }),
    area: t.exposeString("area", { nullable: true, description: "An area key of Kuwait (salmiya, ...) or free text." }),
    hours: t.exposeString("hours", {
      description:
        'Opening hours as written in English, free text ("Daily 7am-11pm", up to 120 characters), Kuwait time; null when none.',
      nullable: true,
    }),
    hoursAr: t.exposeString("hoursAr", {
      description: "Opening hours as written in Arabic, free text (up to 120 characters); null when none.",
      nullable: true,
    }),
    address: t.exposeString("address", {
      nullable: true,
      description: "The street address as guests are told it, in English; null when none.",
    }),
    addressAr: t.exposeString("addressAr", {
      nullable: true,
      description: "The street address in Arabic; null when none.",
    }),
    mapUrl: t.exposeString("mapUrl", {
      nullable: true,
      description: "A Google Maps or Apple Maps https link to the café; null when none.",
    }),
    ramadanHours: t.exposeString("ramadanHours", {
      nullable: true,
      description: "Opening hours during Ramadan, in English; null when none.",
    }),
    ramadanHoursAr: t.exposeString("ramadanHoursAr", {
      nullable: true,
      description: "Opening hours during Ramadan, in Arabic; null when none.",
    }),
    eidHours: t.exposeString("eidHours", {
      nullable: true,
      description: "Opening hours on the days of Eid, in English; null when none.",
    }),
    eidHoursAr: t.exposeString("eidHoursAr", {
      nullable: true,
      description: "Opening hours on the days of Eid, in Arabic; null when none.",
    }),
    deliveryApps: t.field({
      type: [DeliveryApp],
      description: "The delivery apps the café is on (empty: none said).",
      resolve: (p) => p.deliveryApps,
    }),
    reservationMode: t.field({
      type: ReservationModeEnum,
      nullable: true,
      description: "How guests book a table; null: not said.",
      resolve: (p) => p.reservationMode,
    }),
    reservationPhone: t.exposeString("reservationPhone", {
      nullable: true,
      description: "The number guests call to book (+965...); null when none.",
    }),
    reservationUrl: t.exposeString("reservationUrl", {
      nullable: true,
      description: "The https booking link; null when none.",
    }),
    publicPhone: t.exposeString("publicPhone", {
      nullable: true,
      description: "The number guests may call or message (+965...); a complaint's reply points to it. Null when none.",
    }),
    menu: t.field({
      description: "The menu, in its order (at most 200 items).",
      type: [MenuItem],
      resolve: (p) => p.menu,
    }),
  }),
});

const BusinessProfileInput = builder.inputType("BusinessProfileInput", {
  description: "A field left out stays as it is; null or blank clears it.",
  fields: (t) => ({
    nameAr: t.string({ description: "The business's Arabic name, up to 80 characters." }),
    cuisine: t.string({ description: "A cuisine key (cafe, kuwaiti, ...) or free text, up to 40 characters." }),
    area: t.string({ description: "An area key of Kuwait (salmiya, ...) or free text, up to 60 characters." }),
    hours: t.string({ description: "Opening hours in English, free text, up to 120 characters." }),
    hoursAr: t.string({ description: "Opening hours in Arabic, free text, up to 120 characters." }),
    address: t.string({ description: "The street address in English, up to 200 characters." }),
    addressAr: t.string({ description: "The street address in Arabic, up to 200 characters." }),
    mapUrl: t.string({ description: "A Google Maps or Apple Maps link, https, up to 500 characters." }),
    ramadanHours: t.string({ description: "Ramadan opening hours in English, up to 120 characters." }),
    ramadanHoursAr: t.string({ description: "Ramadan opening hours in Arabic, up to 120 characters." }),
    eidHours: t.string({ description: "Eid opening hours in English, up to 120 characters." }),
    eidHoursAr: t.string({ description: "Eid opening hours in Arabic, up to 120 characters." }),
    deliveryApps: t.field({
      type: [DeliveryAppInput],
      description:
        "The delivery apps, replacing the list (at most 10; each app once, other any number); null or [] clears it.",
    }),
    reservationMode: t.field({
      type: ReservationModeEnum,
      description: "How guests book; phone needs reservationPhone and link needs reservationUrl in the same change.",
    }),
    reservationPhone: t.string({ description: "The number guests call to book, +965 and eight digits." }),
    reservationUrl: t.string({ description: "The https booking link, up to 500 characters." }),
    publicPhone: t.string({ description: "The number guests may call or message, +965 and eight digits." }),
  }),
});

const MenuItemInput = builder.inputType("MenuItemInput", {
  description: "On update, a field left out stays as it is; null clears nameAr, priceKwd, section or sectionAr.",
  fields: (t) => ({
    name: t.string({ required: true, description: "The item's name as on the menu, 1 to 80 characters." }),
    nameAr: t.string({ description: "Its Arabic name, up to 80 characters." }),
    priceKwd: t.float({ description: "KWD, 0 to 9999.999, at most three decimals." }),
    section: t.string({ description: "The section it is listed under, up to 60 characters; blank: none." }),
    sectionAr: t.string({ description: "The section's Arabic name, up to 60 characters; blank: none." }),
  }),
});

// ---------------------------------------------------------------- the café's voice (schema/src/voice.ts)
const ArabicVarietyEnum = builder.enumType("ArabicVariety", {
  description: "Which Arabic the captions are written in.",
  values: upper<ArabicVariety>(ARABIC_VARIETY_KEYS, {
    gulf: "Gulf Arabic, the Kuwaiti dialect guests write in (the default).",
    msa: "Modern Standard Arabic (الفصحى).",
  }),
});
const LanguageOrderEnum = builder.enumType("LanguageOrder", {
  description: "In a caption in both languages, which comes first.",
  values: upper<LanguageOrder>(LANGUAGE_ORDER_KEYS, {
    ar_first: "Arabic, then English (the default).",
    en_first: "English, then Arabic.",
  }),
});
const CaptionLengthEnum = builder.enumType("CaptionLength", {
  description: "How long a caption runs, per language, hashtags left out.",
  values: upper<CaptionLength>(CAPTION_LENGTH_KEYS, {
    short: "Up to 140 characters.",
    medium: "Up to 320 characters (the default).",
    long: "Longer, as the network allows.",
  }),
});
const EmojiHabitEnum = builder.enumType("EmojiHabit", {
  description: "How many emoji a caption carries.",
  values: upper<EmojiHabit>(EMOJI_HABIT_KEYS, {
    none: "No emoji at all.",
    few: "One or two (the default).",
    many: "Three or more.",
  }),
});
const HashtagScriptEnum = builder.enumType("HashtagScript", {
  description: "Which script the hashtags are in.",
  values: upper<HashtagScript>(HASHTAG_SCRIPT_KEYS, {
    ar: "Arabic hashtags only.",
    en: "English hashtags only.",
    both: "Arabic and English (the default).",
  }),
});
const VoiceSourceEnum = builder.enumType("VoiceSource", {
  description: "Where a habit in force comes from.",
  values: upper<VoiceSource>(["chosen", "learned", "default"], {
    chosen: "A person of the business chose it.",
    learned: "Learned from the posts it published and its edits.",
    default: "Nothing chosen or learned: Sufra's default.",
  }),
});

const voiceFields =
  (nullable: boolean) =>
  // Pothos names a builder with no extra types by ExtendDefaultTypes<{}>
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  (t: PothosSchemaTypes.ObjectFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<{}>, PartialVoice>) => ({
    arabicVariety: t.field({
      type: ArabicVarietyEnum,
      nullable,
      description: "Gulf (Kuwaiti) Arabic or Modern Standard Arabic.",
      resolve: (v) => v.arabicVariety ?? null,
    }),
    languageOrder: t.field({
      type: LanguageOrderEnum,
      nullable,
      description: "Arabic or English first, in a caption in both.",
      resolve: (v) => v.languageOrder ?? null,
    }),
    tone: t.field({
      type: ContentToneEnum,
      nullable,
      description: "The tone; the studio's choice for one post wins over it.",
      resolve: (v) => v.tone ?? null,
    }),
    length: t.field({
      type: CaptionLengthEnum,
      nullable,
      description: "Short, medium or long.",
      resolve: (v) => v.length ?? null,
    }),
    emoji: t.field({
      type: EmojiHabitEnum,
      nullable,
      description: "No emoji, a few or many.",
      resolve: (v) => v.emoji ?? null,
    }),
    hashtagCount: t.int({
      nullable,
      description: "How many hashtags, 0 to 15 (each network's cap still applies).",
      resolve: (v) => v.hashtagCount ?? null,
    }),
    hashtagScript: t.field({
      type: HashtagScriptEnum,
      nullable,
      description: "Arabic, English or both.",
      resolve: (v) => v.hashtagScript ?? null,
    }),
  });

const VoiceHabits = builder.objectRef<PartialVoice>("VoiceHabits").implement({
  description: "Habits of a café's voice, as chosen or as learned: null is not chosen / not learned.",
  fields: (t) => voiceFields(true)(t as never),
});
const VoiceInForce = builder.objectRef<PartialVoice>("VoiceInForce").implement({
  description: "The habits the writers follow: each chosen, else learned, else Sufra's default.",
  fields: (t) => voiceFields(false)(t as never),
});
const VoiceSources = builder.objectRef<Record<string, VoiceSource>>("VoiceSources").implement({
  description: "Where each habit in force comes from.",
  fields: (t) =>
    Object.fromEntries(
      VOICE_FIELDS.map((f) => [
        f,
        t.field({ type: VoiceSourceEnum, description: `Where ${f} comes from.`, resolve: (s) => s[f]! }),
      ]),
    ),
});
const VoiceEvidence = builder.objectRef<VoiceEvidenceShape>("VoiceEvidence").implement({
  description: "What the learned habits are read from: the business's published posts and its edits of AI drafts.",
  fields: (t) => ({
    posts: t.exposeInt("posts", { description: "Published posts read (the newest 200)." }),
    arabicPosts: t.exposeInt("arabicPosts", { description: "Of those, posts with Arabic words." }),
    gulfPosts: t.exposeInt("gulfPosts", { description: "Posts whose Arabic reads as Gulf (Kuwaiti) dialect." }),
    msaPosts: t.exposeInt("msaPosts", { description: "Posts whose Arabic reads as Modern Standard Arabic." }),
    edits: t.exposeInt("edits", { description: "Published posts that began as an AI draft." }),
    editsTowardGulf: t.exposeInt("editsTowardGulf", { description: "Edits that made a draft's Arabic more Gulf." }),
    editsTowardMsa: t.exposeInt("editsTowardMsa", { description: "Edits that made a draft's Arabic more standard." }),
    gulfShare: t.exposeFloat("gulfShare", {
      nullable: true,
      description: "Share of Gulf among the posts and edits that showed a variety, 0 to 1; null when none did.",
    }),
    averageLength: t.exposeFloat("averageLength", {
      nullable: true,
      description: "Characters of text per language part, on average.",
    }),
    emojiPerPost: t.exposeFloat("emojiPerPost", { nullable: true, description: "Emoji per post, on average." }),
    hashtagsPerPost: t.exposeFloat("hashtagsPerPost", {
      nullable: true,
      description: "Hashtags per post, on average.",
    }),
    arabicHashtagShare: t.exposeFloat("arabicHashtagShare", {
      nullable: true,
      description: "Share of hashtags in Arabic script, 0 to 1.",
    }),
    arabicFirstShare: t.exposeFloat("arabicFirstShare", {
      nullable: true,
      description: "Share of posts that open in Arabic, 0 to 1.",
    }),
    editLengthChange: t.exposeFloat("editLengthChange", {
      nullable: true,
      description: "How edits changed a draft's length on average (0.2: 20% longer).",
    }),
    editEmojiChange: t.exposeFloat("editEmojiChange", {
      nullable: true,
      description: "Emoji edits added to a draft on average (negative: removed).",
    }),
  }),
});

const BusinessVoice = builder.objectRef<BusinessVoiceView>("BusinessVoice").implement({
  description: "The café's own voice: which Arabic, which language first, tone, length, emoji and hashtags.",
  fields: (t) => ({
    voice: t.field({ type: VoiceInForce, description: "The habits both writers follow.", resolve: (v) => v.voice }),
    sources: t.field({
      type: VoiceSources,
      description: "Where each habit in force comes from.",
      resolve: (v) => v.sources,
    }),
    chosen: t.field({ type: VoiceHabits, description: "The habits a person chose.", resolve: (v) => v.chosen }),
    learned: t.field({
      type: VoiceHabits,
      description: "The habits learned from the published posts and edits (none below 3 posts).",
      resolve: (v) => v.learned.proposal,
    }),
    evidence: t.field({
      type: VoiceEvidence,
      description: "What was learned from.",
      resolve: (v) => v.learned.evidence,
    }),
  }),
});

const BusinessVoiceInput = builder.inputType("BusinessVoiceInput", {
  description: "A habit left out stays as it is; null gives it back to what is learned (or the default).",
  fields: (t) => ({
    arabicVariety: t.field({
      type: ArabicVarietyEnum,
      description: "Gulf (Kuwaiti) Arabic or Modern Standard Arabic.",
    }),
    languageOrder: t.field({ type: LanguageOrderEnum, description: "Arabic or English first." }),
    tone: t.field({ type: ContentToneEnum, description: "The tone captions are written in." }),
    length: t.field({ type: CaptionLengthEnum, description: "Short, medium or long." }),
    emoji: t.field({ type: EmojiHabitEnum, description: "No emoji, a few or many." }),
    hashtagCount: t.int({ description: "How many hashtags, 0 to 15." }),
    hashtagScript: t.field({ type: HashtagScriptEnum, description: "Arabic, English or both." }),
  }),
});

const ofBusiness = { authScopes: { business: true } } as const;

builder.queryFields((t) => ({
  businessProfile: t.field({
    type: BusinessProfile,
    description: "The viewer's business profile, the menu in its order.",
    ...ofBusiness,
    resolve: (_r, _a, ctx) => ctx.services.businessProfile.get(ctx.viewer),
  }),
  businessVoice: t.field({
    type: BusinessVoice,
    description: "The café's voice: the habits in force, each chosen, learned or default, and what was learned from.",
    ...ofBusiness,
    resolve: (_r, _a, ctx) => ctx.services.businessProfile.voice(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  updateBusinessVoice: t.field({
    type: BusinessVoice,
    description:
      "Chooses habits of the café's voice; a chosen habit wins over the learned one. A person of the business only.",
    ...personOfBusiness,
    args: {
      input: t.arg({ type: BusinessVoiceInput, required: true, description: "The habits to choose or give back." }),
    },
    resolve: (_r, { input }, ctx) => ctx.services.businessProfile.updateVoice(ctx.viewer, input, ctx.meta),
  }),
  updateBusinessProfile: t.field({
    description: "Changes the business profile. A person of the business only (an API key may read, not write).",
    type: BusinessProfile,
    ...personOfBusiness,
    args: { input: t.arg({ type: BusinessProfileInput, required: true, description: "The fields to change." }) },
    resolve: (_r, { input }, ctx) => ctx.services.businessProfile.update(ctx.viewer, input, ctx.meta),
  }),
  addMenuItem: t.field({
    type: MenuItem,
    description: "Adds an item at the end of the menu.",
    ...personOfBusiness,
    args: { input: t.arg({ type: MenuItemInput, required: true, description: "The new item." }) },
    resolve: (_r, { input }, ctx) => ctx.services.businessProfile.addItem(ctx.viewer, input, ctx.meta),
  }),
  updateMenuItem: t.field({
    description: "Changes a menu item.",
    type: MenuItem,
    ...personOfBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The menu item's id." }),
      input: t.arg({ type: MenuItemInput, required: true, description: "The fields to change." }),
    },
    resolve: (_r, { id, input }, ctx) =>
      ctx.services.businessProfile.updateItem(ctx.viewer, String(id), input, ctx.meta),
  }),
  removeMenuItem: t.id({
    description: "Removes an item; answers its id.",
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The menu item's id." }) },
    resolve: async (_r, { id }, ctx) =>
      (await ctx.services.businessProfile.removeItem(ctx.viewer, String(id), ctx.meta)).id,
  }),
  reorderMenu: t.field({
    type: BusinessProfile,
    description: "The menu's items in their new order (items left out follow in their order).",
    ...personOfBusiness,
    args: { ids: t.arg.idList({ required: true, description: "Menu item ids in their new order." }) },
    resolve: (_r, { ids }, ctx) => ctx.services.businessProfile.reorder(ctx.viewer, { ids: ids.map(String) }, ctx.meta),
  }),
  importMenu: t.field({
    type: BusinessProfile,
    description:
      "Adds a pasted menu, one item a line: `name, price` or `name | الاسم | price`; replace: instead of the current menu.",
    ...personOfBusiness,
    args: {
      text: t.arg.string({ required: true, description: "The pasted menu, one item a line, up to 20,000 characters." }),
      replace: t.arg.boolean({
        defaultValue: false,
        description: "True: the pasted items replace the menu; false: they are added at its end.",
      }),
    },
    resolve: (_r, { text, replace }, ctx) =>
      ctx.services.businessProfile.importMenu(ctx.viewer, { text, replace: replace ?? false }, ctx.meta),
  }),
}));
