// One interface for the payment gateway (docs/architecture.md#the-rooms, payments/): the billing
// module asks for a charge, reads it back by id and refunds it; it trusts only what the gateway's
// server answers (a charge retrieved by id, a webhook whose signature checks), never the browser's
// return parameters. Amounts are integer fils (1 KWD = 1000 fils); the adapter converts to the
// gateway's own notation.

/** How the person pays: KNET (Kuwait's debit network), a card, Apple Pay, or the gateway's own page with every method. */
export type PaymentSource = "knet" | "card" | "apple_pay" | "all";

/** A charge's state as Sufra reads it (the adapter maps the gateway's own statuses to these). */
export type ChargeState =
  /** created; the person has not finished on the gateway's page */
  | "pending"
  /** money taken */
  | "paid"
  /** the bank or the gateway said no (declined, failed, restricted, void) */
  | "failed"
  /** the person left the gateway's page, or it timed out */
  | "abandoned";

export interface Charge {
  /** the gateway's id for the charge */
  id: string;
  state: ChargeState;
  /** the gateway's own status word, kept for the record */
  gatewayStatus: string;
  amountFils: number;
  currency: "KWD";
  /** Sufra's payment id, sent as the charge's reference and read back */
  reference: string;
  /** the method actually used, when the gateway tells (knet, card, apple_pay) */
  method: Exclude<PaymentSource, "all"> | null;
  /** the bank's or network's receipt reference, when given */
  receipt: string | null;
  /** the gateway's reason code and text when it failed */
  failure: { code: string; message: string } | null;
  /** where to send the person to pay (only while pending) */
  redirectUrl: string | null;
}

export interface Refund {
  id: string;
  chargeId: string;
  amountFils: number;
  state: "pending" | "succeeded" | "failed";
  gatewayStatus: string;
}

export interface CreateChargeInput {
  amountFils: number;
  /**
   * Sufra's payment id: the charge's reference (and idempotency key). Tap answers the same reference
   * within 24 hours with the first charge, so a new attempt (after a decline) needs a new reference;
   * the same one only retries a create whose answer was lost.
   */
  reference: string;
  description: string;
  source: PaymentSource;
  customer: { name: string; email: string; phone?: string | null };
  /** where the gateway sends the person back (Sufra then reads the charge by id) */
  returnUrl: string;
  /** where the gateway posts the charge's result */
  webhookUrl: string;
  /** free key/values stored on the charge */
  metadata?: Record<string, string>;
}

/** A webhook the gateway sent, once its signature has been checked. */
export type WebhookEvent = { kind: "charge"; charge: Charge } | { kind: "refund"; refund: Refund };

export interface PaymentGateway {
  /** the gateway's name as stored on payments ("tap") */
  readonly name: string;
  /** Which sources this gateway offers here (KNET, card, Apple Pay). */
  readonly sources: readonly PaymentSource[];
  createCharge(input: CreateChargeInput): Promise<Charge>;
  retrieveCharge(id: string): Promise<Charge>;
  /**
   * The charge made with this reference in the last day, if any: how a create whose answer was lost
   * is found again without making a second one. Gateways that cannot search leave it out.
   */
  findChargeByReference?(reference: string): Promise<Charge | null>;
  /** `reference` is the refund's idempotency key too; `webhookUrl`, where the gateway posts its result. */
  refund(input: {
    chargeId: string;
    amountFils: number;
    reason: string;
    reference: string;
    webhookUrl?: string;
  }): Promise<Refund>;
  /**
   * Checks a webhook's signature against the raw body and headers; answers the event, or null when
   * the signature is missing or wrong (the caller answers 4xx and changes nothing). Tap signs only the
   * id, amount, currency, status and its own references, so the caller finds its payment by the
   * charge's id, not by the (unsigned) reference.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): WebhookEvent | null;
}

/** A gateway call that failed: the gateway refused (4xx, with its code) or could not be reached. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: "refused" | "unreachable" | "rate_limited",
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
