// Memberships (docs/architecture.md#memberships): a person belongs to one or more businesses, with a role in
// each. The people of a business are its memberships, oldest first; the oldest whose role is client is the
// account holder (the team module's peopleOf). Sign-in lands on the membership last used.
import type { BusinessStatus, Role } from "@sufra/schema";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db, Tx } from "../../db/prisma.ts";

/**
 * The membership a person acts in (a lateral subquery over `person`, the users row's alias): the one in
 * `businessId` when named (none when they do not belong to it), else of the active ones (a suspended café
 * does not lock its people out of their others) the one they last used, else their oldest one.
 */
export const membershipOf = (person: Prisma.Sql, businessId?: string | null) => Prisma.sql`
  select m.business_id, m.role, m.agency_id from memberships m join businesses mb on mb.id = m.business_id
   where m.user_id = ${person}.id ${businessId ? Prisma.sql`and m.business_id = ${businessId}::uuid` : Prisma.empty}
   order by (mb.status = 'active') desc, m.last_used_at desc nulls last, m.created_at asc, m.business_id asc
   limit 1`;

/** Where a person enters (membershipOf): the business, their role in it and its status; null without one. */
export async function placeOf(
  db: Db | Tx,
  userId: string,
): Promise<{ businessId: string; role: Role; status: BusinessStatus } | null> {
  const [row] = await db.$queryRaw<{ businessId: string; role: Role; status: BusinessStatus }[]>`
    select m.business_id as "businessId", m.role::text as role, b.status::text as status
      from users u
      cross join lateral (${membershipOf(Prisma.sql`u`)}) m
      join businesses b on b.id = m.business_id
     where u.id = ${userId}::uuid`;
  return row ?? null;
}

/**
 * Memberships through an agency (docs/architecture.md#agencies): each person of the agency (its own people, not
 * those it has through another agency) gets one in each café the agency serves, role client, marked with the
 * agency. Narrowed to one café (a link accepted) or one person (they joined the agency). A person already of
 * the café keeps their own membership.
 */
export async function joinServedCafes(tx: Tx, agencyId: string, only: { cafeId?: string; userId?: string } = {}) {
  return tx.$executeRaw`
    insert into memberships (user_id, business_id, role, agency_id)
    select am.user_id, l.cafe_id, 'client', l.agency_id
      from agency_links l join memberships am on am.business_id = l.agency_id and am.agency_id is null
     where l.agency_id = ${agencyId}::uuid and l.status = 'active'
       ${only.cafeId ? Prisma.sql`and l.cafe_id = ${only.cafeId}::uuid` : Prisma.empty}
       ${only.userId ? Prisma.sql`and am.user_id = ${only.userId}::uuid` : Prisma.empty}
    on conflict do nothing`;
}

/** Ends memberships through the agency: in one café (its access ended), or of one person (they left the agency). */
export async function leaveServedCafes(tx: Tx, agencyId: string, only: { cafeId?: string; userId?: string }) {
  return tx.membership.deleteMany({
    where: {
      agencyId,
      ...(only.cafeId ? { businessId: only.cafeId } : {}),
      ...(only.userId ? { userId: only.userId } : {}),
    },
  });
}
