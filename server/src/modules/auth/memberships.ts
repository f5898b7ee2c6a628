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
  select m.business_id, m.role from memberships m join businesses mb on mb.id = m.business_id
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
