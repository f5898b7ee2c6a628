// The demo café's link page (docs/product.md#practice-and-demo-accounts): published once, at a free name from the
// café's, with a bio that says it is a demo, and (where the demo profile has none) delivery apps and a map link that
// lead to the apps' own home pages, so the page shows its buttons. The page itself labels a demo café as one.
import { proposeLinkPageSlug } from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";

const DEMO_BIO = {
  en: "A demo café by Sufra: try the buttons, the menu and the hours.",
  ar: "مقهى تجريبي من سُفرة: جرّب الأزرار والقائمة وساعات العمل.",
};
const DEMO_APPS = [
  { app: "talabat", url: "https://www.talabat.com/kuwait" },
  { app: "deliveroo", url: "https://deliveroo.com.kw" },
  { app: "careem", url: "https://www.careem.com" },
];
const DEMO_MAP = "https://maps.google.com/?q=Salmiya,Kuwait";

/** Publishes the demo café's page the first time; later calls (and a page its people changed) are left alone. */
export async function ensureDemoLinkPage(db: Db, businessId: string): Promise<void> {
  const b = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { companyName: true, demo: true, deliveryApps: true, mapUrl: true, linkPage: { select: { slug: true } } },
  });
  if (!b.demo || b.linkPage) return;
  const blank = !Array.isArray(b.deliveryApps) || b.deliveryApps.length === 0;
  if (blank || !b.mapUrl)
    await db.business.update({
      where: { id: businessId },
      data: { ...(blank ? { deliveryApps: DEMO_APPS } : {}), ...(b.mapUrl ? {} : { mapUrl: DEMO_MAP }) },
    });
  const base = proposeLinkPageSlug(b.companyName);
  for (let n = 1; n < 20; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (await db.linkPage.findUnique({ where: { slug }, select: { businessId: true } })) continue;
    const made = await db.linkPage
      .create({
        data: { businessId, slug, published: true, publishedAt: new Date(), bio: DEMO_BIO.en, bioAr: DEMO_BIO.ar },
      })
      .then(() => true)
      .catch((e: unknown) => {
        // another process seeded it meanwhile (the café's row) or took the name (try the next)
        if ((e as { code?: string })?.code === "P2002") return false;
        throw e;
      });
    if (made || (await db.linkPage.findUnique({ where: { businessId }, select: { slug: true } }))) return;
  }
}
