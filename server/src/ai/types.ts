// What a caption writer takes and gives back, whichever writes it: the offline local copywriter
// (ai/local) or, later, an OpenAI-compatible model. The posts service calls a writer with a
// GenerateRequest built from the request body and the caller's business profile.
import type {
  BusinessVoice,
  ContentLanguage,
  ContentOccasionKey,
  ContentTone,
  CuisineKey,
  DeliveryAppKey,
  KuwaitAreaKey,
  PlatformName,
  ReservationMode,
} from "@sufra/schema";

/** The occasion a caption is written for (schema's CONTENT_OCCASIONS). */
type OccasionKey = ContentOccasionKey;
/** The networks a caption is written for ("twitter" is X). */
type GeneratePlatform = PlatformName;

export interface MenuItem {
  /** As on the menu, in English (or the only name there is). */
  name: string;
  nameAr?: string | null;
  /** Kuwaiti dinars, three decimals (2.75 is 2.750 KWD). */
  priceKwd?: number | null;
}

export interface BusinessProfile {
  /** The brand, as written (a Latin brand name stays Latin in Arabic copy unless nameAr is given). */
  name: string;
  nameAr?: string | null;
  /** A CUISINES key or a free word ("café", "Lebanese"). */
  cuisine?: CuisineKey | string | null;
  /** A KUWAIT_AREAS key, or an area's English or Arabic name. */
  area?: KuwaitAreaKey | string | null;
  menu?: readonly MenuItem[] | null;
  /** Opening hours as the business writes them ("Daily 7 AM - 1 AM"). */
  hours?: string | null;
  /** The same in Arabic; without it, `hours` is used in Arabic copy only when it has no Latin letters. */
  hoursAr?: string | null;
  // What guests ask, which replies answer from (docs/product.md#replies-to-guests); each missing one is a gap.
  /** The street address as guests are told it, in English and in Arabic. */
  address?: string | null;
  addressAr?: string | null;
  /** A Google Maps or Apple Maps https link. */
  mapUrl?: string | null;
  ramadanHours?: string | null;
  ramadanHoursAr?: string | null;
  eidHours?: string | null;
  eidHoursAr?: string | null;
  /** The delivery apps the café is on (a DELIVERY_APPS key, its store's name there, an https link). */
  deliveryApps?: readonly { app: DeliveryAppKey; name?: string | null; url: string }[] | null;
  /** How guests book: by phone (its number), by a link, walk-in only, or no bookings; null: not said. */
  reservation?: { mode: ReservationMode; phone?: string | null; url?: string | null } | null;
  /** The number guests may call or message (+965...). */
  publicPhone?: string | null;
}

export interface GenerateRequest {
  /** What the post is about, in the person's words: "new pistachio kunafa", "Spanish latte 20% off". */
  prompt: string;
  platform: GeneratePlatform;
  language: ContentLanguage;
  tone: ContentTone;
  /** When missing, the writer reads it from the prompt (Iftar, Eid, "% off"...) or writes an everyday post. */
  occasion?: OccasionKey;
  /** 1..5 (MAX_GENERATE_VARIANTS). */
  variants: number;
  /** Same request and seed, same captions. Without it each call differs. */
  seed?: number;
  business: BusinessProfile;
  /**
   * The café's voice in force (chosen, else learned, else VOICE_DEFAULTS: schema/src/voice.ts): which
   * Arabic, which language first, how long, emoji and hashtag habits. Without it, VOICE_DEFAULTS with
   * the request's tone. The request's own tone wins over the voice's.
   */
  voice?: BusinessVoice;
  /** The post's photos, in the composer's order (docs/architecture.md#what-the-ai-is-sent). */
  photos?: readonly PostPhoto[];
}

/** A photo of the post, as a writer may use it. */
export interface PostPhoto {
  mediaId: string;
  /** The menu item the person said the photo shows (remembered in the library), when they said. */
  menuItem?: MenuItem | null;
  /** A small JPEG of the photo, made only when a model that sees is asked. */
  jpeg?: () => Promise<Buffer>;
}

/** Alt text proposed for one photo, in both languages; null where nothing is known of it. */
export interface PhotoAltText {
  mediaId: string;
  en: string | null;
  ar: string | null;
  /** "vision": a model saw the photo; "menu_item": written from the photo's menu item. */
  source: "vision" | "menu_item";
}

export interface GeneratedVariant {
  /** The caption without its hashtags (composeText(content, hashtags) is what is published). */
  content: string;
  /** Without "#", valid per normalizeHashtag, within the platform's cap. */
  hashtags: string[];
  language: ContentLanguage;
  /**
   * Facts of the prompt the caption does not carry (the built-in writer reports them: a short network's
   * caption may have no room for the time or the place), as written in the prompt. Absent: all were used.
   */
  unusedFacts?: string[];
}

export interface GenerateResult {
  variants: GeneratedVariant[];
  provider: "local" | "openai";
  /** Why the result is not what was asked, e.g. an external model failed and the local writer answered. */
  note?: string;
  /** The seed used, to reproduce the result (local writer). */
  seed?: number;
  /** With photos: whether a model saw them (false: the captions come from the prompt and the photos' menu items). */
  photosSeen?: boolean;
  /** With photos: an alt text proposal per photo that has one. */
  altTexts?: PhotoAltText[];
}

export interface HashtagRequest {
  content: string;
  platform: GeneratePlatform;
  occasion?: OccasionKey;
  business?: BusinessProfile;
  /** Which language comes first; read from the content when missing. */
  language?: ContentLanguage;
  /** Fewer than the platform's cap. */
  max?: number;
  /** Only Arabic or only English hashtags; both when missing. */
  script?: "ar" | "en" | "both";
}
