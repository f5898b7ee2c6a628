// The orders' talk with the server: the orders (all of them under a status, or one conversation's), the menu
// to build from, the café's Tap account, whether the viewer manages the café, and each step on an order; read
// into the screen's own shape (model.ts). An order's payment changes its thread, so the inbox's live feed asks
// the lists again; while an order waits for its payment they also ask every 10 s (Tap's confirmation may come
// while the live connection is down). A refusal reads as the catalogue's sentence for its code.
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { errorText, isErrorCode, type Locale, type OrderDraft, type OrderStatus } from "@sufra/schema";
import { useEffect, useMemo } from "react";
import {
  OrderCancelDocument,
  OrdersCampaignNamesDocument,
  OrderCreateDocument,
  OrderRefundDocument,
  OrdersInboxChangedDocument,
  OrdersListDocument,
  OrdersMenuDocument,
  OrderSendLinkDocument,
  OrdersRightsDocument,
  OrdersTapAccountDocument,
  TapAccountClearDocument,
  TapAccountSetDocument,
  type OrdersOrderFieldsFragment,
  type OrdersTapAccountFieldsFragment,
} from "../../graphql/graphql.ts";
import {
  orderFulfilmentFromKey,
  orderFulfilmentKey,
  orderPaymentSourceFromKey,
  orderPaymentSourceKey,
  orderStatusFromKey,
  orderStatusKey,
  tapAccountModeKey,
} from "../../graphql/enumKeys.ts";
import { errorCode, errorMessage } from "../../lib/errorMessage.ts";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";
import {
  priceFils,
  STARTED_KINDS,
  type MenuChoice,
  type OrderView,
  type StartedKind,
  type TapAccountView,
} from "./model.ts";

const PAGE_SIZE = 20;
/** How often the lists ask again while an order waits for its payment. */
const AWAITING_POLL_MS = 10_000;

/** What went wrong, as the catalogue says it in the person's language (the server's text otherwise). */
export function failureText(e: unknown, locale: Locale): string {
  const code = errorCode(e);
  return isErrorCode(code) ? errorText(code, locale) : errorMessage(e);
}

function orderOf(o: OrdersOrderFieldsFragment): OrderView {
  const kind = STARTED_KINDS.find((k) => k === o.startedKind) ?? null;
  return {
    id: o.id,
    number: o.number,
    status: orderStatusKey[o.status],
    conversationId: o.conversationId ?? null,
    items: o.items.map((l) => ({
      menuItemId: l.menuItemId,
      name: l.name,
      nameAr: l.nameAr ?? null,
      quantity: l.quantity,
      unitFils: l.unitFils,
      lineFils: l.lineFils,
    })),
    deliveryFeeFils: o.deliveryFeeFils,
    totalFils: o.totalFils,
    fulfilment: orderFulfilmentKey[o.fulfilment],
    address: o.address ?? null,
    guestName: o.guestName ?? null,
    paymentSource: orderPaymentSourceKey[o.paymentSource],
    paymentUrl: o.paymentUrl ?? null,
    refundedFils: o.refundedFils,
    refundStatus: o.refundStatus ?? null,
    started: { kind: kind as StartedKind | null, postId: o.postId ?? null, campaignId: o.campaignId ?? null },
    createdAt: o.createdAt,
  };
}

const tapOf = (a: OrdersTapAccountFieldsFragment): TapAccountView => ({
  connected: a.connected,
  mode: a.mode ? tapAccountModeKey[a.mode] : null,
  merchantId: a.merchantId ?? null,
});

/**
 * The orders under a status, or one conversation's (newest first, a page of 20 after `after`), asked again on
 * every change of the inbox and every 10 s while one of them waits for its payment; skipped with `skip`.
 */
export function useOrders(
  filter: { status?: OrderStatus; conversationId?: string },
  after?: string,
  { skip = false }: { skip?: boolean } = {},
) {
  const q = useQuery(OrdersListDocument, {
    variables: {
      first: PAGE_SIZE,
      ...(filter.status ? { status: orderStatusFromKey[filter.status] } : {}),
      ...(filter.conversationId ? { conversationId: filter.conversationId } : {}),
      ...(after ? { after } : {}),
    },
    skip,
    fetchPolicy: "cache-and-network",
  });
  const reload = useSerialRefetch(q.refetch, !skip);
  useSubscription(OrdersInboxChangedDocument, {
    skip,
    onData: ({ data }) => {
      if (data.data?.inboxChanged) reload();
    },
  });
  const shown = q.data ?? q.previousData;
  const page = useMemo(
    () =>
      shown && {
        orders: shown.orders.edges.map((e) => orderOf(e.node)),
        hasNext: shown.orders.pageInfo.hasNextPage,
        endCursor: shown.orders.pageInfo.endCursor ?? null,
      },
    [shown],
  );
  const awaiting = !!page?.orders.some((o) => o.status === "awaiting_payment");
  const { startPolling, stopPolling } = q;
  useEffect(() => {
    if (awaiting && !skip) startPolling(AWAITING_POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [awaiting, skip, startPolling, stopPolling]);
  return { page, error: q.error, loading: q.loading, reload };
}

/** The café's menu items in the menu's order, each with its price in fils; skipped with `skip`. */
export function useOrderMenu(skip = false) {
  const q = useQuery(OrdersMenuDocument, { skip, fetchPolicy: "cache-and-network" });
  const menu: MenuChoice[] | undefined = useMemo(
    () =>
      q.data &&
      [...q.data.businessProfile.menu]
        .sort((a, b) => a.position - b.position)
        .map((m) => ({ id: m.id, name: m.name, nameAr: m.nameAr ?? null, unitFils: priceFils(m.priceKwd) })),
    [q.data],
  );
  return { menu, error: q.error };
}

/** The campaigns' names by id (the list names the campaign an order came from); empty until known or when refused. */
export function useCampaignNames(skip = false) {
  const q = useQuery(OrdersCampaignNamesDocument, { skip, fetchPolicy: "cache-first", errorPolicy: "all" });
  return useMemo(() => new Map((q.data?.campaigns ?? []).map((c) => [c.id, c.name])), [q.data]);
}

/** Whether the viewer manages the café (owners and the account holder): refunds and the Tap account are theirs. */
export function useOrdersManager() {
  const q = useQuery(OrdersRightsDocument, { fetchPolicy: "cache-first", errorPolicy: "all" });
  return !!q.data?.team?.canManage;
}

/** The café's own Tap account (never its key), and setting or removing it. */
export function useTapAccount() {
  const q = useQuery(OrdersTapAccountDocument, { fetchPolicy: "cache-and-network" });
  const [setM, setting] = useMutation(TapAccountSetDocument, { refetchQueries: [OrdersTapAccountDocument] });
  const [clearM, clearing] = useMutation(TapAccountClearDocument, { refetchQueries: [OrdersTapAccountDocument] });
  const account = useMemo(() => (q.data ? tapOf(q.data.tapAccount) : undefined), [q.data]);
  return {
    account,
    error: q.error,
    reload: q.refetch,
    saving: setting.loading,
    clearing: clearing.loading,
    set: async (input: { secretKey: string; merchantId: string | null }) =>
      tapOf((await setM({ variables: { input } })).data!.setTapAccount),
    clear: async () => tapOf((await clearM()).data!.clearTapAccount),
  };
}

/** Each step on an order; the lists ask again after each. */
export function useOrderSteps() {
  const refetchQueries = [OrdersListDocument];
  const [createM] = useMutation(OrderCreateDocument, { refetchQueries });
  const [sendM] = useMutation(OrderSendLinkDocument, { refetchQueries });
  const [cancelM] = useMutation(OrderCancelDocument, { refetchQueries });
  const [refundM] = useMutation(OrderRefundDocument, { refetchQueries });
  return useMemo(
    () => ({
      /** Builds the order (a draft) in the conversation, from the draft the shared rule passed. */
      create: async (conversationId: string | null, d: OrderDraft) =>
        orderOf(
          (
            await createM({
              variables: {
                conversationId,
                input: {
                  items: d.items.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity })),
                  fulfilment: orderFulfilmentFromKey[d.fulfilment],
                  address: d.address,
                  deliveryFeeFils: d.deliveryFeeFils,
                  paymentSource: orderPaymentSourceFromKey[d.paymentSource],
                },
              },
            })
          ).data!.createOrder,
        ),
      /** Makes (or answers again) the order's payment link on the café's Tap account; the thread gets it. */
      sendLink: async (id: string) => orderOf((await sendM({ variables: { id } })).data!.sendOrderPaymentLink),
      cancel: async (id: string) => orderOf((await cancelM({ variables: { id } })).data!.cancelOrder),
      refund: async (id: string, amountFils: number, reason: string | null) =>
        orderOf(
          (await refundM({ variables: { id, input: { amountFils, ...(reason ? { reason } : {}) } } })).data!
            .refundOrder,
        ),
    }),
    [createM, sendM, cancelM, refundM],
  );
}
