// The demo café's profile and menu (the embedded quick start), so the AI writer has a real café to
// write for from the first minute. Seeded once per business: a marker in the audit log remembers it,
// so a person who edits or empties the demo profile never sees it come back on restart.
import { kwdText, type AuditAction } from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";

const SEEDED: AuditAction = "demo.profile_seeded";

const DEMO_PROFILE = {
  nameAr: "مقهى سفرة التجريبي",
  cuisine: "cafe",
  area: "salmiya",
  hours: "Daily 7 AM – 1 AM",
  hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
} as const;

/** A Salmiya café's menu; prices in KWD with their fils. */
export const DEMO_MENU = [
  { name: "Spanish latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 },
  { name: "Karak tea", nameAr: "شاي كرك", priceKwd: 0.35 },
  { name: "Saffron iced latte", nameAr: "آيس لاتيه بالزعفران", priceKwd: 1.95 },
  { name: "Arabic coffee dallah", nameAr: "دلة قهوة عربية", priceKwd: 3 },
  { name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.5 },
  { name: "Saffron cake", nameAr: "كيكة الزعفران", priceKwd: 1.95 },
  { name: "Luqaimat with date syrup", nameAr: "لقيمات بدبس التمر", priceKwd: 1.25 },
  { name: "Date maamoul", nameAr: "معمول بالتمر", priceKwd: 0.75 },
] as const;

/** Fills the demo business's profile and menu the first time; later calls change nothing. */
export async function ensureDemoProfile(db: Db, businessId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // two processes starting at once: the second waits here, then finds the marker
    await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
    if (await tx.auditLog.findFirst({ where: { action: SEEDED, entityId: businessId }, select: { id: true } }))
      return false;
    // fields and a menu someone already wrote are kept
    const b = await tx.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { nameAr: true, cuisine: true, area: true, hours: true, hoursAr: true },
    });
    const blank = Object.fromEntries(Object.entries(DEMO_PROFILE).filter(([k]) => !b[k as keyof typeof b]));
    if (Object.keys(blank).length) await tx.business.update({ where: { id: businessId }, data: blank });
    if (!(await tx.menuItem.count({ where: { businessId } })))
      await tx.menuItem.createMany({
        data: DEMO_MENU.map((m, position) => ({
          businessId,
          name: m.name,
          nameAr: m.nameAr,
          priceKwd: kwdText(m.priceKwd),
          position,
        })),
      });
    await tx.auditLog.create({ data: { actorId: null, action: SEEDED, entityType: "business", entityId: businessId } });
    return true;
  });
}
