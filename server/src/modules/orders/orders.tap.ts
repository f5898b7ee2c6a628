// The café's own Tap account (docs/product.md#orders): guests pay the café, not Sufra, so each café gives its own
// Tap secret key. It is checked with one harmless call (a list of charges, which charges nothing), sealed with the
// server's token key (kernel/token-crypto.ts, as AI settings seal theirs) and never sent back: the doors show only
// whether one is set, test or live, and the merchant id.
import { tapAccountSchema, tapKeyMode } from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { createTapGateway } from "../../payments/tap.ts";
import { GatewayError } from "../../payments/types.ts";
import { cafeManager, orderReader, sealerOf, type OrdersContext } from "./orders.deps.ts";

/** What the doors show of the café's Tap account: never the key. */
export interface TapAccountView {
  connected: boolean;
  mode: "test" | "live" | null;
  merchantId: string | null;
}

/** A reference no charge carries: listing charges by it reads nothing and proves the key opens the account. */
const KEY_CHECK_REFERENCE = "sufra-key-check";

export function createTapAccounts(ctx: OrdersContext) {
  const { db } = ctx.deps;
  const sealer = sealerOf(ctx.deps);

  async function view(businessId: string): Promise<TapAccountView> {
    const b = await db.business.findUnique({
      where: { id: businessId },
      select: { tapSecretSealed: true, tapMerchantId: true },
    });
    if (!b?.tapSecretSealed) return { connected: false, mode: null, merchantId: null };
    let mode: TapAccountView["mode"] = null;
    try {
      mode = tapKeyMode(sealer.open(b.tapSecretSealed));
    } catch {
      return { connected: false, mode: null, merchantId: null };
    }
    return { connected: true, mode, merchantId: b.tapMerchantId };
  }

  return {
    /** Whether the café has a Tap account set: its people and its API key may read it (never the key). */
    async tapAccount(viewer: Viewer | null): Promise<TapAccountView> {
      return view(orderReader(viewer).businessId);
    },

    /**
     * An owner or the account holder sets the café's Tap account: the key is tried with Tap first (refused:
     * TAP_KEY_REFUSED, nothing stored; Tap away: PAYMENT_GATEWAY_UNAVAILABLE), then sealed. Audited without the key.
     */
    async setTapAccount(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<TapAccountView> {
      const v = await cafeManager(ctx.deps, viewer);
      const { secretKey, merchantId } = validate(tapAccountSchema, input);
      const gateway = createTapGateway({ secretKey, baseUrl: ctx.tapApiUrl, merchantId: merchantId ?? undefined });
      try {
        await gateway.findChargeByReference!(KEY_CHECK_REFERENCE);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        if (e.kind === "refused" && (e.status === 401 || e.status === 403)) throw new AppError("TAP_KEY_REFUSED");
        throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
      }
      await db.$transaction(async (tx) => {
        await tx.business.update({
          where: { id: v.businessId },
          data: { tapSecretSealed: sealer.seal(secretKey), tapMerchantId: merchantId ?? null },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "tap_account.set",
          entityType: "business",
          entityId: v.businessId,
          data: { mode: tapKeyMode(secretKey), merchantId: merchantId ?? null },
          ip: meta.ip,
        });
      });
      return view(v.businessId);
    },

    /** An owner or the account holder removes the café's Tap account: no new link can be sent until one is set again. */
    async clearTapAccount(viewer: Viewer | null, meta: RequestMeta): Promise<TapAccountView> {
      const v = await cafeManager(ctx.deps, viewer);
      await db.$transaction(async (tx) => {
        await tx.business.update({
          where: { id: v.businessId },
          data: { tapSecretSealed: null, tapMerchantId: null },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "tap_account.cleared",
          entityType: "business",
          entityId: v.businessId,
          ip: meta.ip,
        });
      });
      return view(v.businessId);
    },
  };
}
