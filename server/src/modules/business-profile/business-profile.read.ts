// Reading a business's profile (name, cuisine, area, menu with KWD prices, opening hours) and
// plan: what the AI writer, the templates and the review replies compose from. Editing the
// profile lives in business-profile.service.ts.
import { readChosenVoice, type PartialVoice, type PlanId } from "@sufra/schema";
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

/** The writer's view of a business: blanks are left out, prices as numbers of dinars. */
export async function loadBusinessProfile(db: Db | Tx, businessId: string): Promise<BusinessProfile> {
  const b = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { companyName: true, nameAr: true, cuisine: true, area: true, hours: true, hoursAr: true, menuItems: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } },
  });
  return {
    name: b.companyName,
    nameAr: b.nameAr || null,
    cuisine: b.cuisine || null,
    area: b.area || null,
    hours: b.hours || null,
    hoursAr: b.hoursAr || null,
    menu: b.menuItems.map((m) => ({ name: m.name, nameAr: m.nameAr || null, priceKwd: m.priceKwd == null ? null : Number(m.priceKwd) })),
  };
}

/** The voice habits a person of the business chose (schema/src/voice.ts); a habit not chosen is left out. */
export async function loadChosenVoice(db: Db | Tx, businessId: string): Promise<PartialVoice> {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { voice: true } });
  return readChosenVoice(b.voice);
}
