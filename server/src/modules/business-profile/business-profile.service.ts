// Editing the business profile the AI writer composes from: the Arabic name, cuisine, area, opening
// hours, and the menu with KWD prices. business-profile.read.ts gives the writer its view; this is
// the screen's and the API's.
//
// Who: the people of a business (owners and clients) read and write; an API key acting for the
// business reads only (the profile is the business's identity, changed by a person). The business is
// always the viewer's; another business's menu item is NOT_FOUND. Menu writes lock the business row,
// so the item limit and the positions hold when two people edit at once.
import {
  applyVoiceChange,
  businessProfileSchema,
  businessVoiceSchema,
  resolveVoice,
  type BusinessVoice,
  type PartialVoice,
  type VoiceField,
  type VoiceSource,
  kwdText,
  MAX_MENU_ITEMS,
  menuImportSchema,
  menuItemSchema,
  menuItemUpdateSchema,
  menuOrderSchema,
  parseMenuText,
  type ReservationMode,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { MenuItem } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { requirePersonOfBusiness } from "../team/index.ts";
import { isUuid } from "../../kernel/ids.ts";
import { deliveryAppsOf, guestFactsSelect, reservationModeOf, type DeliveryAppRow } from "./business-profile.read.ts";
import type { LearnedVoice } from "../../ai/voice.ts";
import { loadChosenVoice } from "./business-profile.read.ts";

/** The café's voice as the card shows it: in force, where each habit comes from, chosen, learned and why. */
export interface BusinessVoiceView {
  voice: BusinessVoice;
  sources: Record<VoiceField, VoiceSource>;
  chosen: PartialVoice;
  learned: LearnedVoice;
}

/** What the studio learned from the business's published posts and edits (services.ts gives it). */
export type LearnVoice = (businessId: string) => Promise<LearnedVoice>;

export interface MenuItemRow {
  id: string;
  name: string;
  nameAr: string | null;
  /** Dinars; Decimal(10,3) read as a number keeps its three decimals (1.125 is 1.125). */
  priceKwd: number | null;
  /** The section it is listed under, in English and Arabic; null: the menu's first, unnamed section. */
  section: string | null;
  sectionAr: string | null;
  position: number;
}

export interface BusinessProfileView {
  /** The business's id: one profile per business. */
  id: string;
  companyName: string;
  nameAr: string | null;
  /** A CUISINES key or free text. */
  cuisine: string | null;
  /** A KUWAIT_AREAS key or free text. */
  area: string | null;
  hours: string | null;
  hoursAr: string | null;
  /** What guests ask (docs/product.md#replies-to-guests): null where the café has not said. */
  address: string | null;
  addressAr: string | null;
  mapUrl: string | null;
  ramadanHours: string | null;
  ramadanHoursAr: string | null;
  eidHours: string | null;
  eidHoursAr: string | null;
  deliveryApps: DeliveryAppRow[];
  reservationMode: ReservationMode | null;
  reservationPhone: string | null;
  reservationUrl: string | null;
  publicPhone: string | null;
  menu: MenuItemRow[];
}

const menuItemRow = (m: MenuItem): MenuItemRow => ({
  id: m.id,
  name: m.name,
  nameAr: m.nameAr,
  priceKwd: m.priceKwd == null ? null : Number(m.priceKwd.toString()),
  section: m.section,
  sectionAr: m.sectionAr,
  position: m.position,
});

const menuOrder = [{ position: "asc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

/** A price as the Decimal column takes it; undefined (left out) stays undefined. */
const priceData = (p: number | null | undefined) => (p === undefined ? undefined : p === null ? null : kwdText(p));

export function createBusinessProfileService(deps: Deps, opts: { learnVoice?: LearnVoice } = {}) {
  const { db } = deps;
  const learnVoice: LearnVoice =
    opts.learnVoice ??
    (async () => ({
      proposal: {},
      evidence: {
        posts: 0,
        arabicPosts: 0,
        gulfPosts: 0,
        msaPosts: 0,
        edits: 0,
        editsTowardGulf: 0,
        editsTowardMsa: 0,
        gulfShare: null,
        averageLength: null,
        emojiPerPost: null,
        hashtagsPerPost: null,
        arabicHashtagShare: null,
        arabicFirstShare: null,
        editLengthChange: null,
        editEmojiChange: null,
      },
    }));

  async function voiceView(businessId: string, chosen?: PartialVoice): Promise<BusinessVoiceView> {
    const [c, learned] = await Promise.all([chosen ?? loadChosenVoice(db, businessId), learnVoice(businessId)]);
    const { voice, sources } = resolveVoice(c, learned.proposal);
    return { voice, sources, chosen: c, learned };
  }

  const reader = (viewer: Viewer | null) => requireScope(viewer, "business").businessId!;
  const writer = (viewer: Viewer | null) => requirePersonOfBusiness(viewer);

  async function load(client: Db | Tx, businessId: string): Promise<BusinessProfileView> {
    const b = await client.business.findUniqueOrThrow({
      where: { id: businessId },
      select: {
        id: true,
        companyName: true,
        nameAr: true,
        cuisine: true,
        area: true,
        hours: true,
        hoursAr: true,
        ...guestFactsSelect,
        menuItems: { orderBy: menuOrder },
      },
    });
    return {
      id: b.id,
      companyName: b.companyName,
      nameAr: b.nameAr,
      cuisine: b.cuisine,
      area: b.area,
      hours: b.hours,
      hoursAr: b.hoursAr,
      address: b.address || null,
      addressAr: b.addressAr,
      mapUrl: b.mapUrl,
      ramadanHours: b.ramadanHours,
      ramadanHoursAr: b.ramadanHoursAr,
      eidHours: b.eidHours,
      eidHoursAr: b.eidHoursAr,
      deliveryApps: deliveryAppsOf(b.deliveryApps),
      reservationMode: reservationModeOf(b.reservationMode),
      reservationPhone: b.reservationPhone,
      reservationUrl: b.reservationUrl,
      publicPhone: b.publicPhone,
      menu: b.menuItems.map(menuItemRow),
    };
  }

  /** Serializes the business's menu writes (count, positions) until the transaction ends. */
  const lockBusiness = (tx: Tx, businessId: string) =>
    tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;

  async function ownItem(tx: Tx, businessId: string, id: unknown): Promise<MenuItem> {
    if (typeof id !== "string" || !isUuid(id)) throw new AppError("NOT_FOUND");
    const item = await tx.menuItem.findFirst({ where: { id, businessId } });
    if (!item) throw new AppError("NOT_FOUND");
    return item;
  }

  const tooMany = () => new AppError("VALIDATION_ERROR", { menu: ["menuTooManyItems"] });

  return {
    /** The viewer's business profile, menu in its order. */
    async get(viewer: Viewer | null): Promise<BusinessProfileView> {
      return load(db, reader(viewer));
    },

    /** Sets the profile's fields; a field left out stays as it is, a blank one is cleared. */
    async update(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BusinessProfileView> {
      const v = writer(viewer);
      const data = validate(businessProfileSchema, input);
      const changes: Record<string, unknown> = Object.fromEntries(
        Object.entries(data).filter(([, value]) => value !== undefined),
      );
      // the address column is not nullable (sign-up and invoices read it): cleared is blank
      if (changes.address === null) changes.address = "";
      if (changes.deliveryApps)
        changes.deliveryApps = (changes.deliveryApps as DeliveryAppRow[]).map((a) => ({
          app: a.app,
          name: a.name ?? null,
          url: a.url,
        }));
      return db.$transaction(async (tx) => {
        if (Object.keys(changes).length) {
          await tx.business.update({
            where: { id: v.businessId },
            data: changes as Parameters<typeof tx.business.update>[0]["data"],
          });
          await audit(tx, {
            actorId: v.userId,
            action: "business_profile.updated",
            entityType: "business",
            entityId: v.businessId,
            data: { fields: Object.keys(changes) },
            ip: meta.ip,
          });
        }
        return load(tx, v.businessId);
      });
    },

    /** The café's voice: the habits in force, each chosen, learned or default, with what was learned and from what. */
    async voice(viewer: Viewer | null): Promise<BusinessVoiceView> {
      return voiceView(reader(viewer));
    },

    /**
     * Chooses habits of the café's voice: a habit left out stays, null gives it back to what is learned
     * (or the default). A chosen habit wins over the learned one.
     */
    async updateVoice(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BusinessVoiceView> {
      const v = writer(viewer);
      const change = validate(businessVoiceSchema, input);
      const chosen = await db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const current = await loadChosenVoice(tx, v.businessId);
        const next = applyVoiceChange(current, change);
        const fields = Object.keys(change).filter((k) => change[k as VoiceField] !== undefined);
        if (fields.length) {
          await tx.business.update({ where: { id: v.businessId }, data: { voice: next } });
          await audit(tx, {
            actorId: v.userId,
            action: "business_voice.updated",
            entityType: "business",
            entityId: v.businessId,
            data: { fields },
            ip: meta.ip,
          });
        }
        return next;
      });
      return voiceView(v.businessId, chosen);
    },

    /** Adds an item at the end of the menu (at most MAX_MENU_ITEMS). */
    async addItem(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<MenuItemRow> {
      const v = writer(viewer);
      const data = validate(menuItemSchema, input);
      return db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const count = await tx.menuItem.count({ where: { businessId: v.businessId } });
        if (count >= MAX_MENU_ITEMS) throw tooMany();
        const last = await tx.menuItem.aggregate({ where: { businessId: v.businessId }, _max: { position: true } });
        const item = await tx.menuItem.create({
          data: {
            businessId: v.businessId,
            name: data.name,
            nameAr: data.nameAr ?? null,
            priceKwd: priceData(data.priceKwd ?? null),
            section: data.section ?? null,
            sectionAr: data.sectionAr ?? null,
            position: (last._max.position ?? -1) + 1,
          },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "menu_item.added",
          entityType: "menu_item",
          entityId: item.id,
          data: { name: item.name },
          ip: meta.ip,
        });
        return menuItemRow(item);
      });
    },

    /** Changes an item; a field left out stays as it is. */
    async updateItem(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta): Promise<MenuItemRow> {
      const v = writer(viewer);
      const data = validate(menuItemUpdateSchema, input);
      return db.$transaction(async (tx) => {
        const item = await ownItem(tx, v.businessId, id);
        const updated = await tx.menuItem.update({
          where: { id: item.id },
          data: {
            name: data.name,
            nameAr: data.nameAr,
            priceKwd: priceData(data.priceKwd),
            section: data.section,
            sectionAr: data.sectionAr,
          },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "menu_item.updated",
          entityType: "menu_item",
          entityId: item.id,
          data: { fields: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
          ip: meta.ip,
        });
        return menuItemRow(updated);
      });
    },

    /** Removes an item; answers it as it was. */
    async removeItem(viewer: Viewer | null, id: unknown, meta: RequestMeta): Promise<MenuItemRow> {
      const v = writer(viewer);
      return db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const item = await ownItem(tx, v.businessId, id);
        await tx.menuItem.delete({ where: { id: item.id } });
        await audit(tx, {
          actorId: v.userId,
          action: "menu_item.removed",
          entityType: "menu_item",
          entityId: item.id,
          data: { name: item.name },
          ip: meta.ip,
        });
        return menuItemRow(item);
      });
    },

    /**
     * Puts the listed items first, in the order given; items not listed (added meanwhile by someone
     * else) follow in their order. Positions become 0..n-1.
     */
    async reorder(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BusinessProfileView> {
      const v = writer(viewer);
      const { ids } = validate(menuOrderSchema, input);
      return db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        const items = await tx.menuItem.findMany({
          where: { businessId: v.businessId },
          orderBy: menuOrder,
          select: { id: true, position: true },
        });
        const known = new Set(items.map((i) => i.id));
        const wanted = ids.map((id) => id.toLowerCase());
        if (wanted.some((id) => !known.has(id))) throw new AppError("NOT_FOUND");
        const listed = new Set(wanted);
        const order = [...wanted, ...items.map((i) => i.id).filter((id) => !listed.has(id))];
        const before = new Map(items.map((i) => [i.id, i.position]));
        for (const [position, id] of order.entries())
          if (before.get(id) !== position) await tx.menuItem.update({ where: { id }, data: { position } });
        await audit(tx, {
          actorId: v.userId,
          action: "menu.reordered",
          entityType: "business",
          entityId: v.businessId,
          data: { count: order.length },
          ip: meta.ip,
        });
        return load(tx, v.businessId);
      });
    },

    /**
     * Adds the items of a pasted menu (business-profile.ts's parseMenuText) at the end, or instead of
     * the menu with `replace`. All or nothing: any bad line refuses the paste, naming its line.
     */
    async importMenu(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BusinessProfileView> {
      const v = writer(viewer);
      const { text, replace } = validate(menuImportSchema, input);
      const parsed = parseMenuText(text);
      if (Object.keys(parsed.errors).length) throw new AppError("VALIDATION_ERROR", parsed.errors);
      if (!parsed.items.length) throw new AppError("VALIDATION_ERROR", { text: ["menuImportEmpty"] });
      return db.$transaction(async (tx) => {
        await lockBusiness(tx, v.businessId);
        if (replace) await tx.menuItem.deleteMany({ where: { businessId: v.businessId } });
        const count = await tx.menuItem.count({ where: { businessId: v.businessId } });
        if (count + parsed.items.length > MAX_MENU_ITEMS) throw tooMany();
        const last = await tx.menuItem.aggregate({ where: { businessId: v.businessId }, _max: { position: true } });
        const start = (last._max.position ?? -1) + 1;
        await tx.menuItem.createMany({
          data: parsed.items.map((item, i) => ({
            businessId: v.businessId,
            name: item.name,
            nameAr: item.nameAr,
            priceKwd: priceData(item.priceKwd),
            section: item.section,
            sectionAr: item.sectionAr,
            position: start + i,
          })),
        });
        await audit(tx, {
          actorId: v.userId,
          action: "menu.imported",
          entityType: "business",
          entityId: v.businessId,
          data: { count: parsed.items.length, replace },
          ip: meta.ip,
        });
        return load(tx, v.businessId);
      });
    },
  };
}
