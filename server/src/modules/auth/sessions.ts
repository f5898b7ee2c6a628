// Ending sessions. An access token names its session (sid); authenticate() refuses a token whose session
// is revoked, and open WebSockets hear "sessions.ended" and re-check theirs. Every place that revokes
// sessions goes through endSessions so that both happen.
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";
import { publishIn } from "../../kernel/pubsub.ts";

/**
 * Revokes the sessions `where` selects (inside `tx` when given a transaction: the event is delivered on
 * commit). `scope` names whose sockets must re-check: the person, or every person of a business.
 */
export async function endSessions(
  tx: Tx,
  where: Prisma.RefreshTokenWhereInput,
  scope: { userId: string } | { businessId: string },
) {
  const { count } = await tx.refreshToken.updateMany({
    where: { ...where, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count) await publishIn(tx, "sessions.ended", scope);
  return count;
}

/** The sessions among `ids` that may still be used (not revoked, not expired, their person still there). */
export async function liveSessions(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.refreshToken.findMany({
    where: { id: { in: ids }, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}
