// Asking a gateway for a charge once per reference (docs/architecture.md#payment-rules, docs/architecture.md#orders):
// Sufra's own payments (billing) and guests' orders on a café's own Tap account ask the same way.
import { GatewayError, type Charge, type CreateChargeInput, type PaymentGateway } from "./types.ts";

/**
 * Asks the gateway for a charge, outside any transaction. Its reference is the charge's idempotency key: an
 * answer lost on the way is asked once more with the same reference (Tap answers the first charge, never a
 * second), then looked for by reference. Answers the charge, or the gateway's failure (null: no answer at all).
 * A café's payment and an agency's (billing), and a guest's order (orders), ask the same way.
 */
export async function requestCharge(
  g: PaymentGateway,
  input: CreateChargeInput,
): Promise<{ charge: Charge | null; failure: GatewayError | null }> {
  let charge: Charge | null = null;
  let failure: GatewayError | null = null;
  for (let attempt = 0; attempt < 2 && !charge; attempt++) {
    try {
      charge = await g.createCharge(input);
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      failure = e;
      if (e.kind === "refused") break;
    }
  }
  if (!charge && failure?.kind !== "refused" && g.findChargeByReference) {
    // the create may have reached Tap while its answers were lost: find it rather than leave a charge nobody can pay
    charge = await g.findChargeByReference(input.reference).catch(() => null);
  }
  return { charge, failure };
}
