// What the parts of the orders service share (docs/architecture.md#orders): the server's deps, the café's own Tap
// account opened from its sealed key, the addresses Tap is given, who may do what, the order's row lock, and the
// `tell` hook the conversations module is told through after each commit. Built once by createOrdersService.
import type { Deps } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Order } from "../../generated/prisma/client.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { createTapGateway } from "../../payments/tap.ts";
import type { PaymentGateway } from "../../payments/types.ts";
import { accessOf, requireManager } from "../team/index.ts";

/** What changed for an order that the guest's conversation may show: the link to pay, paid, failed, cancelled, refunded. */
export type OrderNews = "link" | "paid" | "failed" | "cancelled" | "refunded";

/**
 * Told after the commit of each change a guest would hear of, once per change (a webhook delivered twice tells
 * once). The conversations module posts the link into the thread and shows the order paid; a failure of the
 * hook is logged and never undoes or refuses the change.
 */
type TellOrder = (order: Order, news: OrderNews) => unknown;

export interface OrdersOptions {
  /** default: nothing is told */
  tell?: TellOrder;
  /**
   * Tap's API address: one for every café's account (the key chooses the account); default PAYMENT_API_URL
   * (Tap's own unless set; a test points it at its stand-in)
   */
  tapApiUrl?: string;
}

/** A person or key of a business, as the service checked them. */
export type CafeViewer = Viewer & { businessId: string };

export interface OrdersContext {
  deps: Deps;
  /** Tap's API address for every café's account */
  tapApiUrl: string;
  /** the café's own Tap account (its key opened), or null when none is set */
  gatewayOf(businessId: string): Promise<PaymentGateway | null>;
  /** tells the hook after a commit; never throws */
  tell(order: Order, news: OrderNews): Promise<void>;
  /** where Tap sends the guest back: the return page, which reads the charge by id */
  returnUrl(orderId: string): string;
  /** where Tap posts the café's charges and refunds: per café, since each is signed with the café's own key */
  webhookUrl(businessId: string): string;
}

export function ordersContext(deps: Deps, opts: OrdersOptions): OrdersContext {
  const { db, config, logger } = deps;
  const crypto = createTokenCrypto(config.tokenKey);
  const tapApiUrl = opts.tapApiUrl ?? config.payments.apiUrl;
  const publicUrl = config.payments.publicUrl;
  return {
    deps,
    tapApiUrl,
    async gatewayOf(businessId) {
      const b = await db.business.findUnique({
        where: { id: businessId },
        select: { tapSecretSealed: true, tapMerchantId: true },
      });
      if (!b?.tapSecretSealed) return null;
      let secretKey: string;
      try {
        secretKey = crypto.open(b.tapSecretSealed);
      } catch {
        // sealed under another TOKEN_ENCRYPTION_KEY: as if none were set, until an owner sets it again
        logger.warn("a café's Tap key could not be opened", { businessId });
        return null;
      }
      return createTapGateway({ secretKey, baseUrl: tapApiUrl, merchantId: b.tapMerchantId ?? undefined });
    },
    async tell(order, news) {
      if (!opts.tell) return;
      try {
        await opts.tell(order, news);
      } catch (e) {
        logger.warn("an order's news was not told", { orderId: order.id, news, error: (e as Error).message });
      }
    },
    returnUrl: (orderId) => `${publicUrl}/o/${orderId}`,
    webhookUrl: (businessId) => `${publicUrl}/api/orders/webhooks/tap/${businessId}`,
  };
}

/** Seals a café's Tap key with the server's token key (config.tokenKey), as platform tokens are. */
export const sealerOf = (deps: Deps) => createTokenCrypto(deps.config.tokenKey);

/** A reader of the café's orders: its people and its API key. */
export function orderReader(viewer: Viewer | null): CafeViewer {
  return requireScope(viewer, "business") as CafeViewer;
}

/**
 * Who builds orders and sends payment links: a person (never an API key: a link to pay is a message to a guest
 * in the café's name) with the right to answer guests, as the inbox decides it: the owners and the account
 * holder, the rest of the team when the café lets its team answer (clients_may_reply); a person here through an
 * agency only when the café lets the agency publish (AGENCY_NOT_ALLOWED otherwise).
 */
export async function orderTaker(deps: Deps, viewer: Viewer | null): Promise<CafeViewer> {
  const v = requireScope(viewer, "business");
  if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
  const access = await accessOf(deps.db, v, "publish");
  if (!access.canManage && !access.business.clientsMayReply) throw new AppError("REPLY_NOT_ALLOWED");
  return access.viewer;
}

/**
 * Money and the café's Tap account: its owners and account holder only, from their own session (an API key,
 * the rest of the team and a person here through an agency are refused).
 */
export async function cafeManager(deps: Deps, viewer: Viewer | null): Promise<CafeViewer> {
  const v = requireScope(viewer, "business");
  if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
  if (v.agency) throw new AppError("AGENCY_NOT_ALLOWED");
  return (await requireManager(deps.db, v, "billing")).viewer;
}

/** The order of the business, locked for a change (NOT_FOUND for another business's or an unknown id). */
export async function lockOrder(tx: Tx, businessId: string, id: unknown): Promise<Order> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const rows = await tx.$queryRaw<{ id: string }[]>`
    select id from orders where id = ${id}::uuid and business_id = ${businessId}::uuid for update`;
  if (!rows.length) throw new AppError("NOT_FOUND");
  return tx.order.findUniqueOrThrow({ where: { id } });
}

/** Locks an order by id alone (Tap's webhook and return page, which name no viewer); null when it is gone. */
export async function lockOrderById(tx: Tx, id: string): Promise<Order | null> {
  await tx.$queryRaw`select id from orders where id = ${id}::uuid for update`;
  return tx.order.findUnique({ where: { id } });
}
