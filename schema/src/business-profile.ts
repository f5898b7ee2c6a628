// The business profile the AI writer composes from: the Arabic name, the cuisine, the area
// of Kuwait, opening hours in both languages, and the menu with prices in Kuwaiti dinars (three
// decimals: a dinar has 1000 fils). The Settings card and the server's business-profile service read
// the same rules; each reports message keys (messages.ts), never text.
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { findCuisine, findKuwaitArea } from "./content.ts";
import { isKuwaitPhone, normalizePhone } from "./rules.ts";
import type { MessageKey } from "./messages.ts";

export const MAX_MENU_ITEMS = 200;
/** Longest text of each profile and menu field, in characters. */
export const BUSINESS_PROFILE_LIMITS = {
  nameAr: 80,
  cuisine: 40,
  area: 60,
  hours: 120,
  hoursAr: 120,
  menuName: 80,
  menuNameAr: 80,
  /** a menu section's name ("Hot drinks", "مشروبات ساخنة"); Google takes up to 140 (docs/architecture.md#menus-and-hours) */
  menuSection: 60,
  address: 200,
  url: 500,
  storeName: 80,
} as const;
export const MAX_PRICE_KWD = 9999.999;
/** Digits after the decimal point of a KWD price (fils). */
export const KWD_DECIMALS = 3;
/** Longest menu text a person may paste for importMenu. */
export const MAX_MENU_IMPORT_LENGTH = 20_000;

const key = (k: MessageKey) => ({ error: k });

/**
 * A field that may be left out (unchanged), sent empty or null (cleared: null), or set (trimmed).
 * One rule for a whole form (PUT) and a single field (PATCH-like GraphQL input).
 */
const clearableText = (max: number, tooLong: MessageKey) =>
  z.preprocess(
    (v) => (typeof v === "string" && !v.trim() ? null : v),
    singleLine(key("invalidValue")).trim().max(max, key(tooLong)).nullable().optional(),
  );

/** A cuisine is stored as its CUISINES key when the text names one ("Coffee shop", "مقهى": cafe), else as written. */
const cuisineRule = clearableText(BUSINESS_PROFILE_LIMITS.cuisine, "cuisineTooLong").transform((v) =>
  v ? (findCuisine(v) ?? v) : v,
);
/** An area is stored as its KUWAIT_AREAS key when the text names one ("Al-Salmiya", "السالمية": salmiya), else as written. */
const areaRule = clearableText(BUSINESS_PROFILE_LIMITS.area, "areaTooLong").transform((v) =>
  v ? (findKuwaitArea(v) ?? v) : v,
);

// ---------------------------------------------------------------- what guests ask (the reply writers answer from it)
/** Kuwait's delivery apps a café may be on; "other" is named by its store name. */
export const DELIVERY_APPS = {
  talabat: { en: "Talabat", ar: "طلبات" },
  deliveroo: { en: "Deliveroo", ar: "ديليفرو" },
  jahez: { en: "Jahez", ar: "جاهز" },
  keeta: { en: "Keeta", ar: "كيتا" },
  carriage: { en: "Carriage", ar: "كاريدج" },
  cari: { en: "Cari", ar: "كاري" },
  careem: { en: "Careem", ar: "كريم" },
  other: { en: "Other app", ar: "تطبيق آخر" },
} as const;
export type DeliveryAppKey = keyof typeof DELIVERY_APPS;
export const DELIVERY_APP_KEYS = Object.keys(DELIVERY_APPS) as DeliveryAppKey[];
export const MAX_DELIVERY_APPS = 10;

/** How a guest books a table: by phone, through a link, walk-in only (no bookings), or not at all said. */
export const RESERVATION_MODES = ["phone", "link", "walk_in", "none"] as const;
export type ReservationMode = (typeof RESERVATION_MODES)[number];

/** Hosts of a map link: Google Maps (its short links too) and Apple Maps. */
const MAP_HOSTS: readonly { host: RegExp; path?: RegExp }[] = [
  { host: /^maps\.google\.[a-z.]+$/ },
  { host: /^(?:www\.)?google\.[a-z.]+$/, path: /^\/maps(?:\/|$|\?)/ },
  { host: /^maps\.app\.goo\.gl$/ },
  { host: /^goo\.gl$/, path: /^\/maps\// },
  { host: /^g\.co$/, path: /^\/kgs\// },
  { host: /^maps\.apple\.com$/ },
  { host: /^maps\.apple$/ },
];

/** An https URL with a host (no credentials); the link a guest is sent. */
export function isHttpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && !!u.hostname && u.hostname.includes(".") && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** A Google Maps or Apple Maps link, https. */
export function isMapUrl(v: string): boolean {
  if (!isHttpsUrl(v)) return false;
  const u = new URL(v);
  const host = u.hostname.toLowerCase();
  return MAP_HOSTS.some((m) => m.host.test(host) && (!m.path || m.path.test(u.pathname + u.search)));
}

/** A link field: left out, cleared (blank or null), or an https URL passing `check`. */
const clearableUrl = (check: (v: string) => boolean, invalid: MessageKey) =>
  z.preprocess(
    (v) => (typeof v === "string" && !v.trim() ? null : typeof v === "string" ? v.trim() : v),
    singleLine(key(invalid))
      .max(BUSINESS_PROFILE_LIMITS.url, key(invalid))
      .refine(check, key(invalid))
      .nullable()
      .optional(),
  );

/** A Kuwait phone number for guests (+965 and eight digits), stored without spaces or dashes. */
const clearablePhone = z.preprocess(
  (v) => (typeof v === "string" && !v.trim() ? null : v),
  singleLine(key("invalidPhone"))
    .refine(isKuwaitPhone, key("invalidPhone"))
    .transform(normalizePhone)
    .nullable()
    .optional(),
);

/** One delivery app the café is on: which, its store's name there (optional), and the link to it. */
export const deliveryAppSchema = z.object({
  app: z.enum(DELIVERY_APP_KEYS as [DeliveryAppKey, ...DeliveryAppKey[]], key("deliveryAppInvalid")),
  name: z.preprocess(
    (v) => (typeof v === "string" && !v.trim() ? null : v),
    singleLine(key("invalidValue"))
      .trim()
      .max(BUSINESS_PROFILE_LIMITS.storeName, key("deliveryAppNameTooLong"))
      .nullable()
      .optional(),
  ),
  url: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    singleLine(key("deliveryAppUrlInvalid"))
      .max(BUSINESS_PROFILE_LIMITS.url, key("deliveryAppUrlInvalid"))
      .refine(isHttpsUrl, key("deliveryAppUrlInvalid")),
  ),
});
export type DeliveryAppInput = z.output<typeof deliveryAppSchema>;

/** PUT /api/business-profile and updateBusinessProfile: a field left out stays as it is. */
export const businessProfileSchema = z
  .object({
    nameAr: clearableText(BUSINESS_PROFILE_LIMITS.nameAr, "nameArTooLong"),
    cuisine: cuisineRule,
    area: areaRule,
    hours: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
    hoursAr: clearableText(BUSINESS_PROFILE_LIMITS.hoursAr, "hoursTooLong"),
    /** The street address as guests are told it, in English and in Arabic. */
    address: clearableText(BUSINESS_PROFILE_LIMITS.address, "addressTooLong"),
    addressAr: clearableText(BUSINESS_PROFILE_LIMITS.address, "addressTooLong"),
    /** A Google Maps or Apple Maps link to the café. */
    mapUrl: clearableUrl(isMapUrl, "mapUrlInvalid"),
    ramadanHours: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
    ramadanHoursAr: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
    eidHours: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
    eidHoursAr: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
    /** The delivery apps the café is on; null or [] clears them; each app at most once (other: any number). */
    deliveryApps: z
      .preprocess(
        (v) => (v === null ? [] : v),
        z.array(deliveryAppSchema, key("invalidValue")).max(MAX_DELIVERY_APPS, key("deliveryAppsTooMany")).optional(),
      )
      .superRefine((apps, ctx) => {
        const seen = new Set<string>();
        for (const [i, a] of (apps ?? []).entries()) {
          if (a.app !== "other" && seen.has(a.app))
            ctx.addIssue({ code: "custom", path: [i, "app"], message: "deliveryAppTwice" });
          seen.add(a.app);
          if (a.app === "other" && !a.name)
            ctx.addIssue({ code: "custom", path: [i, "name"], message: "deliveryAppNameRequired" });
        }
      }),
    reservationMode: z.preprocess(
      (v) => (v === "" ? null : v),
      z.enum(RESERVATION_MODES, key("invalidValue")).nullable().optional(),
    ),
    reservationPhone: clearablePhone,
    reservationUrl: clearableUrl(isHttpsUrl, "reservationUrlInvalid"),
    /** The phone (or WhatsApp) number guests may call: a complaint's reply points to it. */
    publicPhone: clearablePhone,
  })
  .superRefine((v, ctx) => {
    // booking by phone or by link names its phone or link in the same change
    if (v.reservationMode === "phone" && !v.reservationPhone)
      ctx.addIssue({ code: "custom", path: ["reservationPhone"], message: "reservationPhoneRequired" });
    if (v.reservationMode === "link" && !v.reservationUrl)
      ctx.addIssue({ code: "custom", path: ["reservationUrl"], message: "reservationUrlRequired" });
  });
export type BusinessProfileInput = z.output<typeof businessProfileSchema>;

// ---------------------------------------------------------------- prices in KWD
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * A price as people write it ("2.750", "2.75 KD", "٢٫٧٥٠ د.ك") as a number of dinars; null when it
 * is not a plain non-negative number. The rule then checks the range and the three decimals.
 */
export function parseKwd(value: string): number | null {
  const plain = value
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) - (d >= "\u06F0" ? 0x6f0 : 0x660)))
    // the Arabic decimal separator; a Latin comma is not read as one ("1,750" is ambiguous)
    .replace(/٫/g, ".")
    .replace(/\s*(kwd|kd|k\.d\.?|د\.?\s?ك\.?|دينار)\s*$/iu, "")
    .replace(/^\s*(kwd|kd|د\.?\s?ك\.?)\s*/iu, "")
    .trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(plain)) return null;
  return Number(plain);
}

/** At most three decimals, exactly: 1.125 is a price, 3.1234 is not (float noise is tolerated). */
export const hasFilsPrecision = (n: number) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;

/** The price rule: a number (or numeric text) from 0 to 9999.999 with at most three decimals; blank or null is "no price". */
export const priceKwdRule = z.preprocess(
  (v) => {
    if (typeof v === "string") return v.trim() ? (parseKwd(v) ?? Number.NaN) : null;
    return v;
  },
  z
    .number(key("menuPriceInvalid"))
    .min(0, key("menuPriceInvalid"))
    .max(MAX_PRICE_KWD, key("menuPriceInvalid"))
    .refine(hasFilsPrecision, key("menuPriceInvalid"))
    // round away float noise (2.7500000001), so the stored Decimal(10,3) is what the person wrote
    .transform((n) => Math.round(n * 1000) / 1000)
    .nullable()
    .optional(),
);

/** "2.750": the form a Decimal(10,3) column takes without passing through binary floats. */
export const kwdText = (n: number) => n.toFixed(KWD_DECIMALS);

// ---------------------------------------------------------------- the menu
const menuName = singleLine(key("menuItemNameRequired"))
  .trim()
  .min(1, { error: "menuItemNameRequired", abort: true })
  .max(BUSINESS_PROFILE_LIMITS.menuName, key("menuItemNameTooLong"));

/** POST /api/business-profile/menu and addMenuItem. */
export const menuItemSchema = z.object({
  name: menuName,
  nameAr: clearableText(BUSINESS_PROFILE_LIMITS.menuNameAr, "menuItemNameTooLong"),
  priceKwd: priceKwdRule,
  /** The section the item is listed under, in English and Arabic; blank or null: the menu's first, unnamed section. */
  section: clearableText(BUSINESS_PROFILE_LIMITS.menuSection, "menuSectionTooLong"),
  sectionAr: clearableText(BUSINESS_PROFILE_LIMITS.menuSection, "menuSectionTooLong"),
});
export type MenuItemInput = z.output<typeof menuItemSchema>;

/** PUT /api/business-profile/menu/:id and updateMenuItem: a field left out stays as it is. */
export const menuItemUpdateSchema = menuItemSchema.extend({ name: menuName.optional() });
export type MenuItemUpdateInput = z.output<typeof menuItemUpdateSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PUT /api/business-profile/menu/order and reorderMenu: the items in their new order, each once. */
export const menuOrderSchema = z.object({
  ids: z
    .array(singleLine(key("menuOrderInvalid")).regex(UUID, key("menuOrderInvalid")), key("menuOrderInvalid"))
    .min(1, key("menuOrderInvalid"))
    .max(MAX_MENU_ITEMS, key("menuOrderInvalid"))
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, key("menuOrderInvalid")),
});

// ---------------------------------------------------------------- pasting a menu
export interface ParsedMenuLine {
  /** 1-based line number in the pasted text. */
  line: number;
  name: string;
  nameAr: string | null;
  priceKwd: number | null;
  /** the section named by the last "## Section | القسم" line above it; null before any */
  section: string | null;
  sectionAr: string | null;
}

export interface MenuImportResult {
  items: ParsedMenuLine[];
  /** "lines.<n>" -> the message keys of that line. */
  errors: Record<string, MessageKey[]>;
}

/**
 * Reads a pasted menu, one item a line: `name, price`, `name | الاسم | price`, `name | price`, or a
 * name alone (no price). The price is the last comma's part, so "Tea, mint, 0.500" is "Tea, mint".
 * A line `## Hot drinks | مشروبات ساخنة` (or `## Hot drinks`) starts a section: the items below it are
 * listed under it. Blank lines and other lines starting with # are skipped.
 */
export function parseMenuText(text: string): MenuImportResult {
  const items: ParsedMenuLine[] = [];
  const errors: Record<string, MessageKey[]> = {};
  const lines = text.split(/\r?\n/);
  let section: string | null = null;
  let sectionAr: string | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const heading = /^##(?!#)\s*(.*)$/.exec(line);
    if (heading) {
      const parts = heading[1]!.split("|").map((p) => p.trim());
      const r = menuItemSchema
        .pick({ section: true, sectionAr: true })
        .safeParse({ section: parts[0] || null, sectionAr: parts[1] || null });
      if (parts.length > 2 || !r.success) {
        errors[`lines.${i + 1}`] = r.success
          ? ["menuImportLineInvalid"]
          : [...new Set(r.error.issues.map((x) => x.message as MessageKey))];
        return;
      }
      [section, sectionAr] = [r.data.section ?? null, r.data.sectionAr ?? null];
      return;
    }
    if (!line || line.startsWith("#")) return;
    let name: string;
    let nameAr: string | null = null;
    let price: string | null = null;
    if (line.includes("|")) {
      const parts = line.split("|").map((p) => p.trim());
      if (parts.length > 3) {
        errors[`lines.${i + 1}`] = ["menuImportLineInvalid"];
        return;
      }
      name = parts[0]!;
      if (parts.length === 3) [nameAr, price] = [parts[1] || null, parts[2] || null];
      // two parts: the second is a price when it reads as one, else the Arabic name
      else if (parts.length === 2) {
        if (parts[1] && parseKwd(parts[1]) === null && !/\d/.test(parts[1])) nameAr = parts[1];
        else price = parts[1] || null;
      }
    } else {
      const cut = Math.max(line.lastIndexOf(","), line.lastIndexOf("،"));
      const tail = cut >= 0 ? line.slice(cut + 1).trim() : "";
      // a comma followed by something that is not a price belongs to the name ("Tea, mint")
      if (cut >= 0 && (parseKwd(tail) !== null || /\d/.test(tail) || !tail)) {
        name = line.slice(0, cut).trim();
        price = tail || null;
      } else name = line;
    }
    const r = menuItemSchema.safeParse({ name, nameAr, priceKwd: price });
    if (!r.success) {
      errors[`lines.${i + 1}`] = [...new Set(r.error.issues.map((x) => x.message as MessageKey))];
      return;
    }
    items.push({
      line: i + 1,
      name: r.data.name,
      nameAr: r.data.nameAr ?? null,
      priceKwd: r.data.priceKwd ?? null,
      section,
      sectionAr,
    });
  });
  return { items, errors };
}

/** POST /api/business-profile/menu/import and importMenu: the text to read, and whether it replaces the menu. */
export const menuImportSchema = z.object({
  text: multiLine(key("menuImportEmpty")).max(MAX_MENU_IMPORT_LENGTH, key("menuImportTooLong")),
  replace: z.boolean(key("invalidValue")).default(false),
});
