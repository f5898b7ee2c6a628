// A location's food menu on Google Business Profile (docs/architecture.md#menus-and-hours): My Business v4
// accounts.locations.getFoodMenus (GET .../foodMenus), updateFoodMenus (PATCH .../foodMenus?updateMask=menus: the
// whole list of menus is replaced, Google updates no single item of a repeated field) and media.create (a photo
// Google fetches from its sourceUrl, whose key a FoodMenuItemAttributes.mediaKeys names). Prices are google.type.Money
// in the location's currency: KWD has three decimals, so a fils is 1,000,000 nanos. The café's menu is given here
// in Sufra's terms (sections of items, English and Arabic names, fils) and shaped into Google's FoodMenus.
import { fetchJson, withBackoff, withQuery } from "../http.ts";
import type { AccountAccess } from "../types.ts";
import { googleError } from "./adapter.ts";

// Google's label limits (MenuLabel: "Display names should be 140 characters or less, with descriptions 1,000
// characters or less") are above Sufra's own (80 for a name, 60 for a section): a longer name is Google's to refuse.
/** KWD has 1000 fils; Money.nanos counts 10^-9 of a unit. */
const NANOS_PER_FILS = 1_000_000;
/** The category media.create files a dish's photo under (LocationAssociation.category). */
const MENU_PHOTO_CATEGORY = "FOOD_AND_DRINK";

export interface GoogleMoney {
  currencyCode: string;
  units?: string;
  nanos?: number;
}
interface GoogleMenuLabel {
  displayName: string;
  description?: string;
  languageCode?: string;
}
interface GoogleFoodMenuItem {
  labels: GoogleMenuLabel[];
  attributes: { price: GoogleMoney; mediaKeys?: string[]; [k: string]: unknown };
  options?: unknown[];
}
interface GoogleFoodMenuSection {
  labels: GoogleMenuLabel[];
  items: GoogleFoodMenuItem[];
}
interface GoogleFoodMenu {
  labels: GoogleMenuLabel[];
  sourceUrl?: string;
  sections: GoogleFoodMenuSection[];
  cuisines?: string[];
}
export interface GoogleFoodMenus {
  name?: string;
  menus?: GoogleFoodMenu[];
}

/** One item as Sufra and this adapter speak of it: names in both languages, the price in fils, its photos' keys. */
interface MenuDish {
  name: string;
  nameAr: string | null;
  /** null: Google shows it without a price it can read (another currency, or none) */
  priceFils: number | null;
  mediaKeys: string[];
}
export interface MenuSection {
  /** null: the menu's first, unnamed section */
  name: string | null;
  nameAr: string | null;
  items: MenuDish[];
}

/** The location's place in v4's paths: "accounts/1/locations/2". */
export interface MenuLocation {
  googleAccount: string;
  name: string;
}

/** Fils as google.type.Money in KWD: 2750 fils is { units: "2", nanos: 750000000 }. */
export function filsToMoney(fils: number): GoogleMoney {
  if (!Number.isSafeInteger(fils) || fils < 0) throw new RangeError(`not a price in fils: ${fils}`);
  return { currencyCode: "KWD", units: String(Math.floor(fils / 1000)), nanos: (fils % 1000) * NANOS_PER_FILS };
}

/** A KWD Money as fils; null for another currency or a value that is not whole fils. */
export function moneyToFils(m: GoogleMoney | undefined | null): number | null {
  if (!m || m.currencyCode !== "KWD") return null;
  const units = Number(m.units ?? "0");
  const nanos = Number(m.nanos ?? 0);
  if (!Number.isSafeInteger(units) || !Number.isInteger(nanos) || nanos % NANOS_PER_FILS !== 0) return null;
  return units * 1000 + nanos / NANOS_PER_FILS;
}

/** English and Arabic as two labels, each with its language; Arabic only when there is an Arabic name. */
function labels(en: string, ar: string | null): GoogleMenuLabel[] {
  const out: GoogleMenuLabel[] = [{ displayName: en, languageCode: "en" }];
  if (ar) out.push({ displayName: ar, languageCode: "ar" });
  return out;
}

/** The menu's own and an unnamed section's labels: Google requires at least one label at every level. */
const MENU_LABELS = { en: "Menu", ar: "القائمة" } as const;

/** A section's labels: its English and Arabic names, either alone; an unnamed section takes the menu's. */
function sectionLabels(s: MenuSection): GoogleMenuLabel[] {
  if (!s.name && !s.nameAr) return labels(MENU_LABELS.en, MENU_LABELS.ar);
  if (!s.name) return [{ displayName: s.nameAr!, languageCode: "ar" }];
  return labels(s.name, s.nameAr);
}

/**
 * Sufra's sections as one Google FoodMenu. A section without a name takes the menu's label; an item's
 * price is required by Google, so the caller leaves out items without one.
 */
export function toFoodMenus(sections: MenuSection[], o: { sourceUrl?: string | null } = {}): GoogleFoodMenus {
  return {
    menus: [
      {
        labels: labels(MENU_LABELS.en, MENU_LABELS.ar),
        ...(o.sourceUrl ? { sourceUrl: o.sourceUrl } : {}),
        sections: sections.map((s) => ({
          labels: sectionLabels(s),
          items: s.items.map((i) => ({
            labels: labels(i.name, i.nameAr),
            attributes: {
              price: filsToMoney(i.priceFils!),
              ...(i.mediaKeys.length ? { mediaKeys: i.mediaKeys } : {}),
            },
          })),
        })),
      },
    ],
  };
}

const labelIn = (ls: GoogleMenuLabel[] | undefined, lang: "en" | "ar") =>
  (ls ?? []).find((l) => (l.languageCode ?? "en").toLowerCase().split("-")[0] === lang)?.displayName ?? null;

/** Google's menus read back into sections: every menu's sections in order (a café rarely has more than one menu). */
export function fromFoodMenus(f: GoogleFoodMenus): MenuSection[] {
  const out: MenuSection[] = [];
  for (const menu of f.menus ?? [])
    for (const s of menu.sections ?? []) {
      const en = labelIn(s.labels, "en");
      const ar = labelIn(s.labels, "ar");
      const unnamed = en === MENU_LABELS.en && (ar === null || ar === MENU_LABELS.ar);
      out.push({
        name: unnamed ? null : en,
        nameAr: unnamed ? null : ar,
        items: (s.items ?? []).map((i) => ({
          name: labelIn(i.labels, "en") ?? i.labels?.[0]?.displayName ?? "",
          nameAr: labelIn(i.labels, "ar"),
          priceFils: moneyToFils(i.attributes?.price),
          mediaKeys: i.attributes?.mediaKeys ?? [],
        })),
      });
    }
  return out;
}

export function createGoogleMenus(cfg: { myBusinessUrl: string }, tune: { backoffMs?: number } = {}) {
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const base = (l: MenuLocation) => `${cfg.myBusinessUrl}/v4/${l.googleAccount}/${l.name}`;
  const auth = (a: AccountAccess) => ({ authorization: `Bearer ${a.accessToken}` });

  return {
    /** The location's food menus as Google holds them (read only: retried on Google's 5xx). */
    async get(access: AccountAccess, location: MenuLocation): Promise<GoogleFoodMenus> {
      return withBackoff(async () => {
        const r = await fetchJson(`${base(location)}/foodMenus`, { headers: auth(access), timeoutMs: 20_000 });
        if (!r.ok) throw googleError(r);
        return (r.body ?? {}) as GoogleFoodMenus;
      }, backoff);
    },

    /** Replaces the location's menus with these (updateMask=menus); never repeated by this adapter. */
    async replace(access: AccountAccess, location: MenuLocation, menus: GoogleFoodMenus): Promise<GoogleFoodMenus> {
      const name = `${location.googleAccount}/${location.name}/foodMenus`;
      const r = await fetchJson(withQuery(`${base(location)}/foodMenus`, { updateMask: "menus" }), {
        method: "PATCH",
        headers: auth(access),
        json: { name, menus: menus.menus ?? [] },
        timeoutMs: 30_000,
      });
      if (!r.ok) throw googleError(r);
      return (r.body ?? {}) as GoogleFoodMenus;
    },

    /**
     * A dish's photo added to the location's photos (Google fetches it from sourceUrl, a signed public URL);
     * answers its media key, the last part of the MediaItem's name.
     */
    async addPhoto(access: AccountAccess, location: MenuLocation, sourceUrl: string): Promise<string> {
      const r = await fetchJson(`${base(location)}/media`, {
        method: "POST",
        headers: auth(access),
        json: { mediaFormat: "PHOTO", locationAssociation: { category: MENU_PHOTO_CATEGORY }, sourceUrl },
        creates: true,
        timeoutMs: 30_000,
      });
      if (!r.ok) throw googleError(r);
      return String(r.body?.name ?? "")
        .split("/")
        .pop()!;
    },
  };
}
export type GoogleMenus = ReturnType<typeof createGoogleMenus>;
