// For tests only: orders as the server sends them (with __typename) and the Apollo mocks of the orders'
// reads: the menu, the café's Tap account, the viewer's right to manage, the campaigns' names, the orders
// (one conversation's or all), and the live feed kept quiet.
import {
  OrdersCampaignNamesDocument,
  OrdersInboxChangedDocument,
  OrdersListDocument,
  OrdersMenuDocument,
  OrdersRightsDocument,
  OrdersTapAccountDocument,
  type OrdersListQueryVariables,
} from "../../graphql/graphql.ts";

const AT = "2026-03-01T10:00:00.000Z";
export const LATTE = "6f1c1b2e-0b8f-4a57-9d1e-3c9a1f2b7a01";
export const COOKIE = "6f1c1b2e-0b8f-4a57-9d1e-3c9a1f2b7a02";

const menuItem = (id: string, name: string, nameAr: string | null, priceKwd: number | null, position = 0) => ({
  __typename: "MenuItem",
  id,
  name,
  nameAr,
  priceKwd,
  position,
});

const always = (query: unknown, data: object) => ({
  request: { query, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data },
});

export const menuMock = (
  items: object[] = [
    menuItem(LATTE, "Spanish latte", "سبانش لاتيه", 1.75, 0),
    menuItem(COOKIE, "Cookie", "كوكيز", 0.9, 1),
  ],
) => always(OrdersMenuDocument, { businessProfile: { __typename: "BusinessProfile", id: "bp1", menu: items } });

export const tapMock = (connected = true, mode: "TEST" | "LIVE" | null = connected ? "TEST" : null) =>
  always(OrdersTapAccountDocument, {
    tapAccount: { __typename: "TapAccount", connected, mode, merchantId: null },
  });

export const rightsMock = (canManage = true) =>
  always(OrdersRightsDocument, { team: { __typename: "Team", canManage } });

export const campaignNamesMock = (campaigns: { id: string; name: string }[] = []) =>
  always(OrdersCampaignNamesDocument, { campaigns: campaigns.map((c) => ({ __typename: "Campaign", ...c })) });

export const order = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "Order",
  id,
  number: 7,
  status: "DRAFT",
  conversationId: "c1",
  items: [
    {
      __typename: "OrderLine",
      menuItemId: LATTE,
      name: "Spanish latte",
      nameAr: "سبانش لاتيه",
      quantity: 2,
      unitFils: 1750,
      lineFils: 3500,
    },
  ],
  itemsFils: 3500,
  deliveryFeeFils: 2500,
  totalFils: 6000,
  fulfilment: "DELIVERY",
  address: "Salmiya",
  guestName: "sara.kw",
  paymentSource: "KNET",
  paymentUrl: null,
  paidAt: null,
  cancelledAt: null,
  refundedFils: 0,
  refundStatus: null,
  postId: null,
  campaignId: null,
  startedKind: null,
  createdAt: AT,
  ...extra,
});

export const ordersMock = (orders: object[], match: (v: OrdersListQueryVariables) => boolean = () => true) => ({
  request: { query: OrdersListDocument, variables: match },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      orders: {
        __typename: "OrderConnection",
        edges: orders.map((node) => ({ __typename: "OrderConnectionEdge", node })),
        pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
      },
    },
  },
});

/** The live feed, silent: the subscription is open and nothing happens. */
export const quietOrdersFeed = {
  request: { query: OrdersInboxChangedDocument },
  delay: Infinity,
  maxUsageCount: Number.POSITIVE_INFINITY,
};
