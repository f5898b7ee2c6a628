// A payment's status changes only along PAYMENT_TRANSITIONS (@sufra/schema, billing-payments.ts;
// docs/architecture.md#payment-rules): every move of billing's code goes through here, and a move the table
// does not allow is refused with the catalogue's INVALID_STATE (in a transaction: nothing of it is written).
import { mayMovePayment, paymentStatusesInto } from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Payment, PaymentStatus, Prisma } from "../../generated/prisma/client.ts";
import { AppError } from "../../kernel/errors.ts";

type MoveData = Omit<Prisma.PaymentUpdateInput, "status">;

/** Moves a payment read (and locked) in the caller's transaction to `to`, writing `data` with it. */
export async function movePayment(
  tx: Tx,
  p: Pick<Payment, "id" | "status">,
  to: PaymentStatus,
  data: MoveData = {},
): Promise<Payment> {
  if (!mayMovePayment(p.status, to)) throw new AppError("INVALID_STATE");
  return tx.payment.update({ where: { id: p.id }, data: { ...data, status: to } });
}

/**
 * Moves a payment to `to` when it is, at that instant, in a status the table moves from (a guarded update: no
 * lock is held, a payment settled meanwhile is left as it is). Answers whether it moved.
 */
export async function movePaymentIfStill(
  db: Db | Tx,
  id: string,
  to: PaymentStatus,
  data: Omit<Prisma.PaymentUpdateManyMutationInput, "status"> = {},
): Promise<boolean> {
  const r = await db.payment.updateMany({
    where: { id, status: { in: paymentStatusesInto(to) } },
    data: { ...data, status: to },
  });
  return r.count > 0;
}
