// The business profile the AI writer composes from: the Arabic name, the cuisine, the area
// of Kuwait, opening hours in both languages, and the menu with prices in Kuwaiti dinars (three
// decimals: a dinar has 1000 fils). The Settings card and the server's business-profile service read
// the same rules; each reports message keys (messages.ts), never text.
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { findCuisine, findKuwaitArea } from "./content.ts";
import type { MessageKey } from "./messages.ts";

export const MAX_MENU_ITEMS = 200;
/** Longest text of each profile and menu field, in characters. */
export const BUSINESS_PROFILE_LIMITS = { nameAr: 80, cuisine: 40, area: 60, hours: 120, hoursAr: 120, menuName: 80, menuNameAr: 80 } as const;
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
  z.preprocess((v) => (typeof v === "string" && !v.trim() ? null : v), singleLine(key("invalidValue")).trim().max(max, key(tooLong)).nullable().optional());

/** A cuisine is stored as its CUISINES key when the text names one ("Coffee shop", "مقهى": cafe), else as written. */
const cuisineRule = clearableText(BUSINESS_PROFILE_LIMITS.cuisine, "cuisineTooLong").transform((v) => (v ? (findCuisine(v) ?? v) : v));
/** An area is stored as its KUWAIT_AREAS key when the text names one ("Al-Salmiya", "السالمية": salmiya), else as written. */
const areaRule = clearableText(BUSINESS_PROFILE_LIMITS.area, "areaTooLong").transform((v) => (v ? (findKuwaitArea(v) ?? v) : v));

/** PUT /api/business-profile and updateBusinessProfile: a field left out stays as it is. */
export const businessProfileSchema = z.object({
  nameAr: clearableText(BUSINESS_PROFILE_LIMITS.nameAr, "nameArTooLong"),
  cuisine: cuisineRule,
  area: areaRule,
  hours: clearableText(BUSINESS_PROFILE_LIMITS.hours, "hoursTooLong"),
  hoursAr: clearableText(BUSINESS_PROFILE_LIMITS.hoursAr, "hoursTooLong"),
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
const menuName = singleLine(key("menuItemNameRequired")).trim().min(1, { error: "menuItemNameRequired", abort: true }).max(BUSINESS_PROFILE_LIMITS.menuName, key("menuItemNameTooLong"));

/** POST /api/business-profile/menu and addMenuItem. */
export const menuItemSchema = z.object({
  name: menuName,
  nameAr: clearableText(BUSINESS_PROFILE_LIMITS.menuNameAr, "menuItemNameTooLong"),
  priceKwd: priceKwdRule,
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
}

export interface MenuImportResult {
  items: ParsedMenuLine[];
  /** "lines.<n>" -> the message keys of that line. */
  errors: Record<string, MessageKey[]>;
}

/**
 * Reads a pasted menu, one item a line: `name, price`, `name | الاسم | price`, `name | price`, or a
 * name alone (no price). The price is the last comma's part, so "Tea, mint, 0.500" is "Tea, mint".
 * Blank lines and lines starting with # are skipped.
 */
export function parseMenuText(text: string): MenuImportResult {
  const items: ParsedMenuLine[] = [];
  const errors: Record<string, MessageKey[]> = {};
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
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
    items.push({ line: i + 1, name: r.data.name, nameAr: r.data.nameAr ?? null, priceKwd: r.data.priceKwd ?? null });
  });
  return { items, errors };
}

/** POST /api/business-profile/menu/import and importMenu: the text to read, and whether it replaces the menu. */
export const menuImportSchema = z.object({
  text: multiLine(key("menuImportEmpty")).max(MAX_MENU_IMPORT_LENGTH, key("menuImportTooLong")),
  replace: z.boolean(key("invalidValue")).default(false),
});
