// The café's menu on each Google location (docs/product.md#one-menu-and-one-link): what Google holds beside what
// Sufra holds, item by item and section by section, and the send that makes Google's menu Sufra's on the person's
// confirmation. The menu is kept once, in the business profile; Google gets every item that has a price (Google
// requires one), English and Arabic as two labels, the price in KWD as Money (a fils is 1,000,000 nanos) and the
// item's first photo, added to the location's photos once (an item Google already shows with a photo keeps it).
// docs/architecture.md#menus-and-hours says how it maps and why the send replaces the whole list.
//
// Who: the people of the business who may edit its profile (requirePersonOfBusiness: no API key); another
// business's location is NOT_FOUND. A send records menuSentAt, or the failure's reason in sendError.
import type { Deps, RequestMeta } from "../../deps.ts";
import type { GoogleLocation, PlatformAccount } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Viewer } from "../../kernel/policy.ts";
import type { ErrorCode } from "@sufra/schema";
import { fromFoodMenus, toFoodMenus, type GoogleMenus, type MenuSection } from "../../networks/google/menus.ts";
import { PlatformError, type AccountAccess } from "../../networks/types.ts";
import { requirePersonOfBusiness } from "../team/index.ts";

export interface GoogleMenuOptions {
  /** the Google connection's usable token (platform-accounts' access) */
  access(accountId: string): Promise<{ account: PlatformAccount; access: AccountAccess }>;
  markReconnectNeeded(account: PlatformAccount, reason: string): Promise<PlatformAccount>;
  menus: GoogleMenus;
  /** a public, signed URL of a photo in a file Google takes (JPG or PNG), or null */
  photoUrl(businessId: string, mediaId: string): Promise<string | null>;
}

/** One item on one side: names, price in fils (null: none Google could read), whether it shows a photo. */
export interface MenuSideItem {
  name: string;
  nameAr: string | null;
  priceFils: number | null;
  section: string | null;
  sectionAr: string | null;
  photo: boolean;
}
export interface MenuSideSection {
  name: string | null;
  nameAr: string | null;
  items: MenuSideItem[];
}
type MenuDiffStatus = "same" | "added" | "removed" | "changed" | "skipped";
type MenuDiffChange = "price" | "nameAr" | "section" | "photo";
/** An item compared: added (only in Sufra), removed (only on Google), changed, the same, or skipped (no price). */
export interface MenuDiffRow {
  key: string;
  status: MenuDiffStatus;
  changes: MenuDiffChange[];
  google: MenuSideItem | null;
  sufra: MenuSideItem | null;
}
export interface GoogleMenuView {
  location: Pick<GoogleLocation, "id" | "title" | "address" | "verified" | "picked" | "menuSentAt" | "sendError">;
  google: MenuSideSection[];
  sufra: MenuSideSection[];
  rows: MenuDiffRow[];
  counts: Record<MenuDiffStatus, number>;
  /** nothing to send: every priced item is on Google as it is in Sufra, and nothing else is */
  inSync: boolean;
}

/** Items are matched by their English name (case, spaces and Unicode forms aside); a repeated name by its turn. */
const comparable = (s: string) => s.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();

interface SufraDish extends MenuSideItem {
  mediaId: string | null;
}

export function createGoogleMenuService(deps: Deps, o: GoogleMenuOptions) {
  const { db, logger } = deps;

  async function ownLocation(viewer: Viewer | null, locationId: unknown) {
    const v = requirePersonOfBusiness(viewer);
    if (typeof locationId !== "string" || !isUuid(locationId)) throw new AppError("NOT_FOUND");
    const location = await db.googleLocation.findFirst({ where: { id: locationId, businessId: v.businessId } });
    if (!location) throw new AppError("NOT_FOUND");
    return { v, location };
  }

  /** Sufra's menu in its order, each item with its first photo (the one a person attached first). */
  async function sufraMenu(businessId: string): Promise<SufraDish[]> {
    const items = await db.menuItem.findMany({
      where: { businessId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      include: {
        media: {
          where: { kind: "image" },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: 1,
          select: { id: true },
        },
      },
    });
    return items.map((i) => ({
      name: i.name,
      nameAr: i.nameAr,
      priceFils: i.priceKwd == null ? null : Math.round(Number(i.priceKwd.toString()) * 1000),
      section: i.section,
      sectionAr: i.sectionAr,
      photo: i.media.length > 0,
      mediaId: i.media[0]?.id ?? null,
    }));
  }

  /** Items grouped by section, sections in the order their first item comes. */
  function sectionsOf<T extends MenuSideItem>(
    items: T[],
  ): { name: string | null; nameAr: string | null; items: T[] }[] {
    const out = new Map<string, { name: string | null; nameAr: string | null; items: T[] }>();
    for (const i of items) {
      const k = comparable(i.section ?? "") + "\u0000" + comparable(i.sectionAr ?? "");
      if (!out.has(k)) out.set(k, { name: i.section, nameAr: i.sectionAr, items: [] });
      out.get(k)!.items.push(i);
    }
    return [...out.values()];
  }

  function googleSide(sections: MenuSection[]): MenuSideItem[] {
    return sections.flatMap((s) =>
      s.items.map((i) => ({
        name: i.name,
        nameAr: i.nameAr,
        priceFils: i.priceFils,
        section: s.name,
        sectionAr: s.nameAr,
        photo: i.mediaKeys.length > 0,
      })),
    );
  }

  /** key -> the item, a repeated name numbered by its turn ("tea", "tea#2"). */
  function keyed<T extends MenuSideItem>(items: T[]): Map<string, T> {
    const seen = new Map<string, number>();
    const out = new Map<string, T>();
    for (const i of items) {
      const base = comparable(i.name);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.set(n === 1 ? base : `${base}#${n}`, i);
    }
    return out;
  }

  const same = (a: string | null, b: string | null) => comparable(a ?? "") === comparable(b ?? "");

  function compare(google: MenuSideItem[], sufra: SufraDish[]): MenuDiffRow[] {
    const g = keyed(google);
    const s = keyed(sufra);
    const rows: MenuDiffRow[] = [];
    const side = (d: SufraDish): MenuSideItem => ({
      name: d.name,
      nameAr: d.nameAr,
      priceFils: d.priceFils,
      section: d.section,
      sectionAr: d.sectionAr,
      photo: d.photo,
    });
    for (const [key, d] of s) {
      const on = g.get(key) ?? null;
      if (d.priceFils === null) {
        rows.push({ key, status: "skipped", changes: [], google: on, sufra: side(d) });
        continue;
      }
      if (!on) {
        rows.push({ key, status: "added", changes: [], google: null, sufra: side(d) });
        continue;
      }
      const changes: MenuDiffChange[] = [];
      if (on.priceFils !== d.priceFils) changes.push("price");
      if (!same(on.nameAr, d.nameAr)) changes.push("nameAr");
      if (!same(on.section, d.section) || !same(on.sectionAr, d.sectionAr)) changes.push("section");
      if (on.photo !== d.photo) changes.push("photo");
      rows.push({ key, status: changes.length ? "changed" : "same", changes, google: on, sufra: side(d) });
    }
    for (const [key, on] of g) {
      const d = s.get(key);
      // on Google and not in Sufra, or in Sufra without a price (sending takes it off Google): removed
      if (!d) rows.push({ key, status: "removed", changes: [], google: on, sufra: null });
    }
    return rows;
  }

  function view(location: GoogleLocation, google: MenuSection[], sufra: SufraDish[]): GoogleMenuView {
    const rows = compare(googleSide(google), sufra);
    const counts: Record<MenuDiffStatus, number> = { same: 0, added: 0, removed: 0, changed: 0, skipped: 0 };
    for (const r of rows) counts[r.status]++;
    const skippedOnGoogle = rows.some((r) => r.status === "skipped" && r.google);
    return {
      location: {
        id: location.id,
        title: location.title,
        address: location.address,
        verified: location.verified,
        picked: location.picked,
        menuSentAt: location.menuSentAt,
        sendError: location.sendError,
      },
      google: google.map((s) => ({
        name: s.name,
        nameAr: s.nameAr,
        items: googleSide([s]),
      })),
      sufra: sectionsOf(sufra).map((s) => ({
        name: s.name,
        nameAr: s.nameAr,
        items: s.items.map(({ mediaId: _m, ...i }) => i),
      })),
      rows,
      counts,
      inSync: counts.added + counts.removed + counts.changed === 0 && !skippedOnGoogle,
    };
  }

  /**
   * The connection that reaches the location, with a usable token; null for a practice or demo location or
   * connection, where nothing leaves the server (docs/product.md#one-menu-and-one-link).
   */
  async function reach(location: GoogleLocation) {
    if (location.demo) return null;
    const got = await o.access(location.accountId);
    if (got.account.demo) return null;
    if (got.account.status !== "connected") throw new AppError("GOOGLE_RECONNECT_NEEDED");
    return got;
  }

  /** Google's refusal as the catalogue names it (each in both languages); an expired grant asks for a reconnect. */
  async function refusal(e: unknown, account: PlatformAccount | null): Promise<{ code: ErrorCode; reason: string }> {
    if (e instanceof AppError) return { code: e.code, reason: e.code };
    if (!(e instanceof PlatformError)) throw e;
    const code = String(e.opts.platformCode ?? "");
    if (e.kind === "auth") {
      if (account)
        await o
          .markReconnectNeeded(account, e.platformMessage)
          .catch((err: unknown) => logger.warn("could not mark for reconnecting", { error: (err as Error).message }));
      return { code: "GOOGLE_RECONNECT_NEEDED", reason: e.platformMessage };
    }
    if (e.kind === "rate_limit") return { code: "GOOGLE_BUSY", reason: e.platformMessage };
    if (e.kind !== "rejected") return { code: "NETWORK_UNAVAILABLE", reason: e.platformMessage };
    if (code.startsWith("FAILED_PRECONDITION")) return { code: "GOOGLE_MENU_NOT_VERIFIED", reason: e.platformMessage };
    if (/price|currency|nanos|units/i.test(code))
      return { code: "GOOGLE_MENU_PRICE_REFUSED", reason: e.platformMessage };
    if (/labels|display_name|description|language_code/i.test(code))
      return { code: "GOOGLE_MENU_TEXT_REFUSED", reason: e.platformMessage };
    if (/media|source_url/i.test(code)) return { code: "GOOGLE_MENU_PHOTO_REFUSED", reason: e.platformMessage };
    return { code: "GOOGLE_MENU_REFUSED", reason: e.platformMessage };
  }

  /** Google's menu at the location now; a practice location shows none (nothing of it is kept). */
  async function googleMenu(location: GoogleLocation): Promise<MenuSection[]> {
    const got = await reach(location);
    return got ? fromFoodMenus(await o.menus.get(got.access, location)) : [];
  }

  return {
    /** Google's current menu at the location beside Sufra's, with each difference. */
    async diff(viewer: Viewer | null, locationId: unknown): Promise<GoogleMenuView> {
      const { v, location } = await ownLocation(viewer, locationId);
      let google: MenuSection[];
      try {
        google = await googleMenu(location);
      } catch (e) {
        const { code } = await refusal(e, null);
        throw new AppError(code);
      }
      return view(location, google, await sufraMenu(v.businessId));
    },

    /**
     * Makes Google's menu at the location Sufra's (every item with a price, its photo added once), on the
     * person's confirmation. Records menuSentAt, or the reason in sendError, and answers the new comparison.
     */
    async send(viewer: Viewer | null, locationId: unknown, meta: RequestMeta): Promise<GoogleMenuView> {
      const { v, location } = await ownLocation(viewer, locationId);
      if (location.goneAt) throw new AppError("INVALID_STATE");
      if (!location.verified && !location.demo) throw new AppError("GOOGLE_MENU_NOT_VERIFIED");
      const sufra = await sufraMenu(v.businessId);
      const priced = sufra.filter((d) => d.priceFils !== null);
      if (!priced.length) throw new AppError("VALIDATION_ERROR", { menu: ["googleMenuNothingToSend"] });
      let account: PlatformAccount | null = null;
      let google: MenuSection[] = [];
      try {
        const got = await reach(location);
        if (got) {
          account = got.account;
          const current = fromFoodMenus(await o.menus.get(got.access, location));
          // an item Google shows with a photo keeps it; a new one gets the item's first photo (Google fetches it)
          const onGoogle = new Map<string, string[]>();
          for (const s of current) for (const i of s.items) onGoogle.set(comparable(i.name), i.mediaKeys);
          const sections: MenuSection[] = [];
          for (const s of sectionsOf(priced)) {
            const items = [];
            for (const d of s.items) {
              let mediaKeys = onGoogle.get(comparable(d.name)) ?? [];
              if (!mediaKeys.length && d.mediaId) {
                const url = await o.photoUrl(v.businessId, d.mediaId);
                if (url) mediaKeys = [await o.menus.addPhoto(got.access, location, url)];
              }
              if (!d.mediaId) mediaKeys = [];
              items.push({ name: d.name, nameAr: d.nameAr, priceFils: d.priceFils, mediaKeys });
            }
            sections.push({ name: s.name, nameAr: s.nameAr, items });
          }
          google = fromFoodMenus(await o.menus.replace(got.access, location, toFoodMenus(sections)));
        } else google = googleFromSufra(priced);
      } catch (e) {
        const { code, reason } = await refusal(e, account);
        await db.googleLocation.update({ where: { id: location.id }, data: { sendError: reason.slice(0, 500) } });
        logger.warn("google menu not sent", { locationId: location.id, code, reason });
        throw new AppError(code);
      }
      const updated = await db.$transaction(async (tx) => {
        const row = await tx.googleLocation.update({
          where: { id: location.id },
          data: { menuSentAt: new Date(), sendError: null },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "google_menu.sent",
          entityType: "google_location",
          entityId: location.id,
          data: { items: priced.length, skipped: sufra.length - priced.length },
          ip: meta.ip,
        });
        return row;
      });
      return view(updated, google, sufra);
    },
  };

  /** A demo location's menu after a send: Sufra's priced items as Google would show them. */
  function googleFromSufra(priced: SufraDish[]): MenuSection[] {
    return sectionsOf(priced).map((s) => ({
      name: s.name,
      nameAr: s.nameAr,
      items: s.items.map((d) => ({
        name: d.name,
        nameAr: d.nameAr,
        priceFils: d.priceFils,
        mediaKeys: d.photo ? ["demo"] : [],
      })),
    }));
  }
}
