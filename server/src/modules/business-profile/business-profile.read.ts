// Reading a business's profile (name, cuisine, area, menu with KWD prices, opening hours) and
// plan: what the AI writer, the templates and the review replies compose from. Editing the
// profile lives in business-profile.service.ts.
import {
  deliveryAppSchema,
  readChosenVoice,
  RESERVATION_MODES,
  type DeliveryAppKey,
  type PartialVoice,
  type PlanId,
  type ReservationMode,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { BusinessProfile } from "../../ai/types.ts";
import { AppError } from "../../kernel/errors.ts";

/** The plan a business is on: its subscription's, or the one it asked for before approval. */
export async function planOfBusiness(db: Db | Tx, businessId: string): Promise<PlanId> {
  // one statement: the subscription's plan, or the one asked for before approval
  const [r] = await db.$queryRaw<{ plan: PlanId }[]>`
    select coalesce(s.plan::text, b.requested_plan::text) as plan from businesses b left join subscriptions s on s.business_id = b.id where b.id = ${businessId}::uuid`;
  if (!r) throw new AppError("NOT_FOUND");
  return r.plan;
}

/** The columns of the guest facts (docs/product.md#replies-to-guests), read by the writer and the profile screen. */
export const guestFactsSelect = {
  address: true,
  addressAr: true,
  mapUrl: true,
  ramadanHours: true,
  ramadanHoursAr: true,
  eidHours: true,
  eidHoursAr: true,
  deliveryApps: true,
  reservationMode: true,
  reservationPhone: true,
  reservationUrl: true,
  publicPhone: true,
} as const;

export interface DeliveryAppRow {
  app: DeliveryAppKey;
  name: string | null;
  url: string;
}

/** The stored list, each entry as schema's rule keeps it (an entry that no longer passes is left out). */
export function deliveryAppsOf(json: unknown): DeliveryAppRow[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((a) => {
    const r = deliveryAppSchema.safeParse(a);
    return r.success ? [{ app: r.data.app, name: r.data.name ?? null, url: r.data.url }] : [];
  });
}

export const reservationModeOf = (v: string | null): ReservationMode | null =>
  (RESERVATION_MODES as readonly string[]).includes(v ?? "") ? (v as ReservationMode) : null;

/** The writer's view of a business: blanks are left out, prices as numbers of dinars. */
export async function loadBusinessProfile(db: Db | Tx, businessId: string): Promise<BusinessProfile> {
  const b = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: {
      companyName: true,
      nameAr: true,
      cuisine: true,
      area: true,
      hours: true,
      hoursAr: true,
      ...guestFactsSelect,
      menuItems: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] },
    },
  });
  const mode = reservationModeOf(b.reservationMode);
  return {
    name: b.companyName,
    nameAr: b.nameAr || null,
    cuisine: b.cuisine || null,
    area: b.area || null,
    hours: b.hours || null,
    hoursAr: b.hoursAr || null,
    menu: b.menuItems.map((m) => ({
      name: m.name,
      nameAr: m.nameAr || null,
      priceKwd: m.priceKwd == null ? null : Number(m.priceKwd),
    })),
    address: b.address || null,
    addressAr: b.addressAr || null,
    mapUrl: b.mapUrl || null,
    ramadanHours: b.ramadanHours || null,
    ramadanHoursAr: b.ramadanHoursAr || null,
    eidHours: b.eidHours || null,
    eidHoursAr: b.eidHoursAr || null,
    deliveryApps: deliveryAppsOf(b.deliveryApps),
    reservation: mode ? { mode, phone: b.reservationPhone || null, url: b.reservationUrl || null } : null,
    publicPhone: b.publicPhone || null,
  };
}

/** The business's menu in its order, each item with its id (the planner rotates through it; it never makes one up). */
export async function loadMenuItems(
  db: Db | Tx,
  businessId: string,
): Promise<{ id: string; name: string; nameAr: string | null; priceKwd: number | null }[]> {
  const rows = await db.menuItem.findMany({
    where: { businessId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    nameAr: m.nameAr || null,
    priceKwd: m.priceKwd == null ? null : Number(m.priceKwd),
  }));
}

/** The voice habits a person of the business chose (schema/src/voice.ts); a habit not chosen is left out. */
export async function loadChosenVoice(db: Db | Tx, businessId: string): Promise<PartialVoice> {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { voice: true } });
  return readChosenVoice(b.voice);
}
