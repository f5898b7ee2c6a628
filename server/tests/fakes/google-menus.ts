// The Google stand-in's food menus and location photos (My Business v4, docs/architecture.md#menus-and-hours):
// accounts.locations.getFoodMenus, updateFoodMenus and media.create, mounted by google-server.ts, which checks the
// token, the scope, the rate limit and the forced failures first. Strict where Google is: a menu only on a verified
// location that may have one (400 FAILED_PRECONDITION), a readMask or updateMask naming only "name" or "menus" (the
// reference: "menus.sections" is not a mask) and "name" never updated, every menu, section and item with at least
// one label whose displayName is 1 to 140 characters (descriptions 1000), a section with at least one item, an
// item with a price (google.type.Money: nanos within +-999,999,999, of the units' sign) in the location's own
// currency, mediaKeys of photos made at that location, and no field the FoodMenus message does not have. A photo is
// fetched from its sourceUrl and read from its bytes (JPG or PNG, 10 KB to 5 MB) and filed under a category.
import type http from "node:http";
import { isJpeg } from "./media-facts.ts";

export type MenuEndpoint = "getFoodMenus" | "updateFoodMenus" | "createMedia";
export const MENU_SERVICES: Record<MenuEndpoint, string> = {
  getFoodMenus: "mybusiness.googleapis.com",
  updateFoodMenus: "mybusiness.googleapis.com",
  createMedia: "mybusiness.googleapis.com",
};

interface GoogleMediaRec {
  name: string;
  location: string;
  category: string;
  sourceUrl: string;
  format: "jpeg" | "png";
  bytes: number;
}
export interface MenusFakeState {
  /** location name ("locations/456") -> its FoodMenus as Google keeps them */
  foodMenus: Map<string, { menus: any[] }>;
  /** "accounts/1/locations/2/media/KEY" -> the photo */
  media: Map<string, GoogleMediaRec>;
  /** locations whose category has no food menu (Location.metadata.canHaveFoodMenus false) */
  noFoodMenus: Set<string>;
  /** every PATCH body accepted, in order */
  updates: { location: string; body: any }[];
}

const states = new WeakMap<object, MenusFakeState>();
/** The menus' side of a Google stand-in's state (made on first use). */
export function menusOf(state: object): MenusFakeState {
  let s = states.get(state);
  if (!s) {
    s = { foodMenus: new Map(), media: new Map(), noFoodMenus: new Set(), updates: [] };
    states.set(state, s);
  }
  return s;
}

/** Currencies by the storefront's region: Google takes a location's prices in its own currency. */
const CURRENCY: Record<string, string> = {
  KW: "KWD",
  SA: "SAR",
  AE: "AED",
  BH: "BHD",
  QA: "QAR",
  OM: "OMR",
  US: "USD",
};

export function menuRoute(method: string, path: string): [MenuEndpoint, string, string] | null {
  const m = path.match(/^\/v4\/(accounts\/[^/]+)\/(locations\/[^/]+)\/(foodMenus|media)$/);
  if (!m) return null;
  if (m[3] === "foodMenus" && method === "GET") return ["getFoodMenus", m[1]!, m[2]!];
  if (m[3] === "foodMenus" && method === "PATCH") return ["updateFoodMenus", m[1]!, m[2]!];
  if (m[3] === "media" && method === "POST") return ["createMedia", m[1]!, m[2]!];
  return null;
}
export const isMenuEndpoint = (e: string): e is MenuEndpoint => Object.hasOwn(MENU_SERVICES, e);

/** What google-server.ts hands the menus' handler: the request, the location it owns, and its error makers. */
export interface MenuCall {
  state: object;
  account: string;
  location: string;
  url: URL;
  raw: string;
  res: http.ServerResponse;
  /** the location, when it exists, is in this account and the caller manages it (404 otherwise) */
  ownLocation(): { name: string; verified: boolean; storefrontAddress?: { regionCode?: string } };
  reply(res: http.ServerResponse, status: number, body: unknown): void;
  apiError(code: number, message: string, details?: unknown[], status?: string): Error;
  validation(field: string, message: string, code?: number): Error;
  precondition(): Error;
}

const MASK_FIELDS = ["name", "menus"];
const KNOWN: Record<string, string[]> = {
  foodMenus: ["name", "menus"],
  menu: ["labels", "sourceUrl", "sections", "cuisines"],
  section: ["labels", "items"],
  item: ["labels", "attributes", "options"],
  label: ["displayName", "description", "languageCode"],
  attributes: [
    "price",
    "spiciness",
    "allergen",
    "dietaryRestriction",
    "nutritionFacts",
    "ingredients",
    "servesNumPeople",
    "preparationMethods",
    "portionSize",
    "mediaKeys",
  ],
  money: ["currencyCode", "units", "nanos"],
};
const CATEGORIES = [
  "COVER",
  "PROFILE",
  "LOGO",
  "EXTERIOR",
  "INTERIOR",
  "PRODUCT",
  "AT_WORK",
  "FOOD_AND_DRINK",
  "MENU",
  "COMMON_AREA",
  "ROOMS",
  "TEAMS",
  "ADDITIONAL",
];

export async function handleMenus(endpoint: MenuEndpoint, c: MenuCall): Promise<void> {
  const s = menusOf(c.state);
  const loc = c.ownLocation();
  // "Only call this if location.location_state.can_have_food_menu is true"; v4 answers an unverified location so too
  if (!loc.verified || (endpoint !== "createMedia" && s.noFoodMenus.has(loc.name))) throw c.precondition();
  const resource = `${c.account}/${c.location}/foodMenus`;

  if (endpoint === "getFoodMenus") {
    const fields = maskOf(c, "readMask", "read_mask");
    const held = s.foodMenus.get(loc.name);
    const full: Record<string, unknown> = { name: resource, ...(held?.menus.length ? { menus: held.menus } : {}) };
    const picked = fields ? Object.fromEntries(Object.entries(full).filter(([k]) => fields.includes(k))) : full;
    return c.reply(c.res, 200, picked);
  }

  if (endpoint === "updateFoodMenus") {
    const fields = maskOf(c, "updateMask", "update_mask");
    // "name" of FoodMenus is the resource identifier, which is not updatable
    if (fields?.includes("name"))
      throw c.apiError(400, "Request contains an invalid argument.", [badRequest("update_mask", "name is immutable")]);
    const body = parse(c);
    unknownFields(c, body, "foodMenus", "food_menus");
    if (body.name !== undefined && body.name !== resource) throw c.validation("name", `name must be ${resource}`, 3);
    const menus = body.menus ?? [];
    if (!Array.isArray(menus)) throw c.apiError(400, "Invalid value at 'food_menus.menus'");
    const currency = CURRENCY[loc.storefrontAddress?.regionCode ?? "KW"] ?? "KWD";
    menus.forEach((menu: any, mi: number) => {
      const at = `menus[${mi}]`;
      unknownFields(c, menu, "menu", at);
      checkLabels(c, menu.labels, `${at}.labels`);
      if (!Array.isArray(menu.sections) || !menu.sections.length)
        throw c.validation(`${at}.sections`, "A menu must have at least one section.", 2);
      menu.sections.forEach((section: any, si: number) => {
        const sat = `${at}.sections[${si}]`;
        unknownFields(c, section, "section", sat);
        checkLabels(c, section.labels, `${sat}.labels`);
        if (!Array.isArray(section.items) || !section.items.length)
          throw c.validation(`${sat}.items`, "Each section must have at least an item.", 2);
        section.items.forEach((item: any, ii: number) => {
          const iat = `${sat}.items[${ii}]`;
          unknownFields(c, item, "item", iat);
          checkLabels(c, item.labels, `${iat}.labels`);
          const attrs = item.attributes;
          if (!attrs || typeof attrs !== "object")
            throw c.validation(`${iat}.attributes`, "Attributes are required.", 2);
          unknownFields(c, attrs, "attributes", `${iat}.attributes`);
          checkMoney(c, attrs.price, `${iat}.attributes.price`, currency);
          for (const key of (attrs.mediaKeys ?? []) as unknown[]) {
            const media = s.media.get(`${c.account}/${c.location}/media/${String(key)}`);
            if (!media) throw c.validation(`${iat}.attributes.media_keys`, `Unknown media key: ${String(key)}`, 3);
          }
        });
      });
    });
    const kept = { menus };
    s.foodMenus.set(loc.name, kept);
    s.updates.push({ location: loc.name, body });
    return c.reply(c.res, 200, { name: resource, ...(menus.length ? { menus } : {}) });
  }

  // media.create
  const body = parse(c);
  if (body.mediaFormat !== "PHOTO" && body.mediaFormat !== "VIDEO")
    throw c.validation("media_format", "The media format is required.", 2);
  const category = body.locationAssociation?.category;
  if (!category && !body.locationAssociation?.priceListItemId)
    throw c.validation("location_association", "A location association is required when creating location media.", 2);
  if (category && !CATEGORIES.includes(category))
    throw c.apiError(400, `Invalid value at 'media_item.location_association.category' (${String(category)})`);
  if (typeof body.sourceUrl !== "string" || !/^https?:\/\//.test(body.sourceUrl))
    throw c.validation("source_url", "A source URL or a data reference is required.", 2);
  let bytes: Buffer;
  try {
    const r = await fetch(body.sourceUrl, { signal: AbortSignal.timeout(5_000) });
    if (!r.ok) throw new Error(String(r.status));
    bytes = Buffer.from(await r.arrayBuffer());
  } catch {
    throw c.validation("source_url", "Fetch photo from the specified URL failed.", 1000);
  }
  const format = isJpeg(bytes) ? "jpeg" : isPng(bytes) ? "png" : null;
  if (!format || bytes.length < 10 * 1024 || bytes.length > 5 * 1024 * 1024)
    throw c.validation("source_url", "Upload photo from the specified URL failed: JPG or PNG, 10 KB to 5 MB.", 1001);
  const key = `AF1Qip${Math.random().toString(36).slice(2, 12)}`;
  const rec: GoogleMediaRec = {
    name: `${c.account}/${c.location}/media/${key}`,
    location: loc.name,
    category: category ?? "",
    sourceUrl: body.sourceUrl,
    format,
    bytes: bytes.length,
  };
  s.media.set(rec.name, rec);
  return c.reply(c.res, 200, {
    name: rec.name,
    mediaFormat: "PHOTO",
    locationAssociation: { category },
    googleUrl: `https://lh3.googleusercontent.com/p/${key}`,
    createTime: new Date().toISOString(),
  });
}

const badRequest = (field: string, description: string) => ({
  "@type": "type.googleapis.com/google.rpc.BadRequest",
  fieldViolations: [{ field, description }],
});

/** A FieldMask of FoodMenus: "name" and "menus" only ("menus.sections" is not a mask: repeated fields are whole). */
function maskOf(c: MenuCall, param: string, field: string): string[] | null {
  const v = c.url.searchParams.get(param);
  if (v === null || v === "" || v === "*") return null;
  const fields = v.split(",").map((f) => f.trim());
  const bad = fields.find((f) => !MASK_FIELDS.includes(f));
  if (bad) throw c.apiError(400, `Invalid field mask provided: ${bad}`, [badRequest(field, `Unknown field: ${bad}`)]);
  return fields;
}

function parse(c: MenuCall): Record<string, any> {
  try {
    const v = JSON.parse(c.raw || "{}");
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch {
    /* refused below */
  }
  throw c.apiError(400, "Invalid JSON payload received.");
}

/** Google's JSON mapping refuses a name its message does not have. */
function unknownFields(c: MenuCall, obj: any, kind: keyof typeof KNOWN, at: string): void {
  if (!obj || typeof obj !== "object") throw c.apiError(400, `Invalid value at '${at}'`);
  const bad = Object.keys(obj).find((k) => !KNOWN[kind]!.includes(k));
  if (bad) throw c.apiError(400, `Invalid JSON payload received. Unknown name "${bad}" at '${at}': Cannot find field.`);
}

function checkLabels(c: MenuCall, labels: any, at: string): void {
  if (!Array.isArray(labels) || !labels.length) throw c.validation(at, "At least one set of labels is required.", 2);
  labels.forEach((l: any, i: number) => {
    unknownFields(c, l, "label", `${at}[${i}]`);
    const name = typeof l.displayName === "string" ? l.displayName.trim() : "";
    if (!name) throw c.validation(`${at}[${i}].display_name`, "Display name is required.", 2);
    if ([...l.displayName].length > 140)
      throw c.validation(`${at}[${i}].display_name`, "Display names should be 140 characters or less.", 3);
    if (l.description !== undefined && [...String(l.description)].length > 1000)
      throw c.validation(`${at}[${i}].description`, "Descriptions should be 1,000 characters or less.", 3);
    if (l.languageCode !== undefined && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(String(l.languageCode)))
      throw c.validation(`${at}[${i}].language_code`, "Invalid language code.", 3);
  });
}

/** google.type.Money: nanos within +-999,999,999 and of the units' sign, in the location's currency. */
function checkMoney(c: MenuCall, m: any, at: string, currency: string): void {
  if (!m || typeof m !== "object") throw c.validation(at, "Price is required.", 2);
  unknownFields(c, m, "money", at);
  if (m.currencyCode !== currency)
    throw c.validation(`${at}.currency_code`, `The price must be in the location's currency (${currency}).`, 3);
  const units = m.units === undefined ? 0 : Number(m.units);
  const nanos = m.nanos === undefined ? 0 : m.nanos;
  if (!Number.isSafeInteger(units) || (m.units !== undefined && !/^-?\d+$/.test(String(m.units))))
    throw c.apiError(400, `Invalid value at '${at}.units' (TYPE_INT64), "${String(m.units)}"`);
  if (!Number.isInteger(nanos)) throw c.apiError(400, `Invalid value at '${at}.nanos' (TYPE_INT32), ${String(nanos)}`);
  if (nanos < -999_999_999 || nanos > 999_999_999)
    throw c.validation(`${at}.nanos`, "nanos must be between -999,999,999 and +999,999,999.", 3);
  if ((units > 0 && nanos < 0) || (units < 0 && nanos > 0))
    throw c.validation(`${at}.nanos`, "units and nanos must have the same sign.", 3);
  if (units < 0 || nanos < 0) throw c.validation(at, "The price cannot be negative.", 3);
}

const isPng = (b: Buffer) => b.length > 8 && b.toString("latin1", 0, 8) === "\x89PNG\r\n\x1a\n";
