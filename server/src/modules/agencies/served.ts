// The cafés an agency serves now (docs/architecture.md#agencies): those of its active links, oldest link first.
// Billing reads them through the face: an agency pays only for the cafés it serves
// (docs/product.md#agency-payments).
import type { Db, Tx } from "../../db/prisma.ts";

export interface ServedCafe {
  id: string;
  companyName: string;
}

/** The cafés of the agency's active links (a link pending or ended serves nothing). */
export async function servedCafes(db: Db | Tx, agencyId: string): Promise<ServedCafe[]> {
  const links = await db.agencyLink.findMany({
    where: { agencyId, status: "active" },
    orderBy: [{ acceptedAt: "asc" }, { createdAt: "asc" }],
    select: { cafe: { select: { id: true, companyName: true } } },
  });
  return links.map((l) => l.cafe);
}
