// What a subscription lets a business do (docs/product.md#subscriptions-and-billing), checked where each
// rule lives (posts, studio, team, API keys), one call each:
// - a business whose subscription stopped (expired, cancelled) may sign in, read, export and pay, but
//   not publish, schedule, write with AI, manage its team or call the API: SUBSCRIPTION_ENDED (402);
// - a business that left Premium keeps its team, but the members other than the owners and the account
//   holder may only read: computed from the plan at request time, so no flag is stored and moving back
//   to Premium gives them their rights at once.
import { mayUse, type RunningRight } from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import { AppError } from "../../kernel/errors.ts";

/** Throws SUBSCRIPTION_ENDED when the subscription `sub` (already read by the caller) does not give `right`. */
export function assertRunning(sub: { status: string } | null | undefined, right: RunningRight): void {
  if (!mayUse(sub, right)) throw new AppError("SUBSCRIPTION_ENDED");
}

/** Reads the business's subscription (one indexed row) and throws SUBSCRIPTION_ENDED unless it gives `right`. */
export async function requireRunning(db: Db | Tx, businessId: string, right: RunningRight): Promise<void> {
  const sub = await db.subscription.findUnique({ where: { businessId }, select: { status: true } });
  assertRunning(sub, right);
}

/**
 * Whether this person of the business may only read: a member (role client) who is not the account
 * holder (the business's earliest person), in a business whose plan is not Premium. One statement.
 * Owners, the account holder, admins and API keys (refused below Premium anyway) are never read-only here.
 */
export async function isReadOnlyMember(
  db: Db | Tx,
  viewer: { userId: string; role: string; businessId: string | null; apiKeyId?: string; agency?: unknown },
): Promise<boolean> {
  // an agency's people are not the café's team: their rights are the agency link's (docs/architecture.md#agencies)
  if (viewer.role !== "client" || !viewer.businessId || viewer.apiKeyId || viewer.agency) return false;
  const [row] = await db.$queryRaw<{ plan: string | null; holder: string | null }[]>`
    select s.plan::text as plan,
           (select m.user_id::text from memberships m where m.business_id = b.id order by m.created_at asc, m.user_id asc limit 1) as holder
      from businesses b left join subscriptions s on s.business_id = b.id
     where b.id = ${viewer.businessId}::uuid`;
  if (!row || row.plan === "premium") return false;
  return row.holder !== viewer.userId;
}
