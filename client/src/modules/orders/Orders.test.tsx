// Guests' orders: a suggested answer starts the order in its thread (2 × 1.750 + 2.500 = 6.000 KWD, in whole
// fils), which is built and then its KNET link sent; a delivery needs an address; a café without its Tap
// account is told so, its managers with the way to the settings; the orders list in Arabic with Arabic digits,
// a paid order's campaign and a refund never above what is left; the Tap card refuses a publishable key with
// the shared rule's words and never shows the key again; and the rules that read amounts as fils.
import { errorText, messageText } from "@sufra/schema";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  ConversationSuggestDocument,
  OrderCancelDocument,
  OrderCreateDocument,
  OrderRefundDocument,
  OrderSendLinkDocument,
  TapAccountSetDocument,
} from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover, pickOption, type } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth } from "../../../test/screens.tsx";
import {
  figuresMock,
  listMock,
  numbersMock,
  oneMock,
  quietFeed,
  retentionMock,
  rightsMock as replyRightsMock,
  row,
  savedRepliesMock,
  teamMock,
  templatesMock,
  thread,
  unreadMock,
} from "../conversations/testMocks.ts";
import type { Conversation, OrderStart } from "../conversations/index.ts";
import InboxPage from "../inbox/InboxPage.tsx";
import { OrderButton, TapAccountCard } from "./index.ts";
import { checkDraft, draftFrom, draftTotalFils, filsOfText, priceFils } from "./model.ts";
import OrdersPage from "./OrdersPage.tsx";
import {
  campaignNamesMock,
  COOKIE,
  LATTE,
  menuMock,
  order,
  ordersMock,
  quietOrdersFeed,
  rightsMock,
  tapMock,
} from "./testMocks.ts";

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

/** The orders' reads of a thread's drawer; `first` come before them, so they win over a default. */
const orderReads = (first: object[] = [], { connected = true, manager = true } = {}) => [
  ...first,
  menuMock(),
  tapMock(connected),
  rightsMock(manager),
  ordersMock([]),
  quietOrdersFeed,
];

/** Records each call's name in one list, to read the order they came in. */
function steps() {
  const sequence: string[] = [];
  const create = recordedMock(OrderCreateDocument, () => {
    sequence.push("create");
    return { data: { createOrder: order("o1") } };
  });
  const send = recordedMock(OrderSendLinkDocument, (v) => {
    sequence.push("send");
    return {
      data: {
        sendOrderPaymentLink: order(String(v.id), {
          status: "AWAITING_PAYMENT",
          paymentUrl: "https://checkout.tap.company/pay/chg_TS01",
        }),
      },
    };
  });
  return { sequence, create, send };
}

const CONVERSATION: Conversation = {
  id: "c1",
  channel: "instagram",
  guest: "sara.kw",
  guestId: "17841400000000001",
  status: "open",
  unread: 0,
  assignedToId: null,
  lastMessageAt: "2026-03-01T10:00:00.000Z",
  lastPreview: "Two spanish latte to Salmiya",
  language: "en",
  awaitingSince: null,
  started: { kind: null, postId: null, campaignId: null },
  demo: false,
  window: { open: true, closesAt: null, humanAgentUntil: null, templateOnly: false },
  messages: [],
  notes: [],
};

/** The order slot alone, in a thread that gave it `start`. */
const renderButton = (mocks: object[], start: OrderStart | null = null) =>
  renderWithMocks(
    [{ path: "/inbox", element: <OrderButton conversation={CONVERSATION} start={start} /> }],
    "/inbox?view=messages&conversation=c1",
    mocks as never,
  );

const openDrawer = async () => {
  fireEvent.click(await screen.findByTestId("order-open"));
  return screen.findByTestId("order-builder");
};

describe("the order builder", () => {
  test("a suggestion starts it: 2 × 1.750 and a 2.500 fee make 6.000 KWD; built, then its KNET link sent", async () => {
    const suggest = recordedMock(ConversationSuggestDocument, () => ({
      data: {
        suggestConversationAnswer: {
          __typename: "ConversationSuggestion",
          text: "Two Spanish latte come to 3.500 KWD; we deliver to Salmiya.",
          language: "en",
          voice: "en",
          gaps: [],
          items: [
            {
              __typename: "ConversationOrderLine",
              menuItemId: LATTE,
              name: "Spanish latte",
              nameAr: "سبانش لاتيه",
              quantity: 2,
              unitFils: 1750,
            },
          ],
          totalFils: 3500,
          area: "salmiya",
        },
      },
    }));
    const { sequence, create, send } = steps();
    renderWithMocks(
      [{ path: "/inbox", element: <InboxPage /> }],
      "/inbox?view=messages&conversation=c1",
      orderReads([
        create.mock,
        send.mock,
        suggest.mock,
        listMock([row("c1")]),
        oneMock(thread("c1")),
        unreadMock(0),
        figuresMock(),
        teamMock(),
        replyRightsMock(),
        savedRepliesMock(),
        templatesMock(),
        numbersMock(),
        retentionMock(),
        quietFeed,
      ]) as never,
    );
    // the inbox gives each thread the orders module's button
    const slot = await screen.findByTestId("order-slot");
    fireEvent.click(screen.getByTestId("suggest-answer"));
    await waitFor(() => expect(within(slot).getByTestId("order-open")).toHaveClass("ant-btn-primary"));

    const builder = await openDrawer();
    expect(within(builder).getByTestId("order-from-suggestion")).toBeInTheDocument();
    const line = within(builder).getByTestId("order-draft-line");
    expect(line).toHaveTextContent("Spanish latte");
    expect(within(line).getByTestId("order-quantity")).toHaveValue("2");
    // the area the guest named: a delivery, the address prefilled with its name
    expect(within(builder).getByRole("radio", { name: "Delivery" })).toBeChecked();
    expect(within(builder).getByTestId("order-address")).toHaveValue("Salmiya");
    expect(within(builder).getByRole("radio", { name: "KNET" })).toBeChecked();
    await waitFor(() => expect(within(builder).getByTestId("order-total")).toHaveTextContent("3.500 KWD"));
    type(within(builder).getByTestId("order-fee"), "2.500");
    expect(within(builder).getByTestId("order-total")).toHaveTextContent("6.000 KWD");

    fireEvent.click(within(builder).getByRole("button", { name: "Create and send KNET link" }));
    const result = await screen.findByTestId("order-result");
    expect(sequence).toEqual(["create", "send"]);
    expect(create.calls).toEqual([
      {
        conversationId: "c1",
        input: {
          items: [{ menuItemId: LATTE, quantity: 2 }],
          fulfilment: "DELIVERY",
          address: "Salmiya",
          deliveryFeeFils: 2500,
          paymentSource: "KNET",
        },
      },
    ]);
    expect(send.calls).toEqual([{ id: "o1" }]);
    expect(result).toHaveTextContent("Order #7: the payment link is in the conversation.");
    expect(within(result).getByTestId("order-status")).toHaveTextContent("Awaiting payment");
    expect(within(result).getByTestId("order-result-total")).toHaveTextContent("6.000 KWD");
    expect(within(result).getByTestId("order-payment-url")).toHaveTextContent(
      "https://checkout.tap.company/pay/chg_TS01",
    );
  });

  test("a delivery needs an address: nothing is built until it has one; a pickup sends none", async () => {
    const { create, send } = steps();
    renderButton(orderReads([create.mock, send.mock]));
    const builder = await openDrawer();
    expect(within(builder).getByRole("radio", { name: "Pickup" })).toBeChecked();
    await pickOption(within(builder).getByRole("combobox"), "Spanish latte · 1.750 KWD");
    await pickOption(within(builder).getByRole("combobox"), "Cookie · 0.900 KWD");
    await pickOption(within(builder).getByRole("combobox"), "Cookie · 0.900 KWD");
    expect(within(builder).getAllByTestId("order-draft-line")).toHaveLength(2);
    // 1.750 + 2 × 0.900
    expect(within(builder).getByTestId("order-total")).toHaveTextContent("3.550 KWD");

    fireEvent.click(within(builder).getByRole("radio", { name: "Delivery" }));
    const sendButton = within(builder).getByTestId("order-send");
    await waitFor(() => expect(sendButton).toBeEnabled());
    fireEvent.click(sendButton);
    expect(await within(builder).findByText(messageText("orderAddressRequired", "en"))).toBeInTheDocument();
    expect(within(builder).getByTestId("order-address")).toHaveAttribute("aria-invalid", "true");
    expect(create.calls).toEqual([]);

    fireEvent.click(within(builder).getByRole("radio", { name: "Pickup" }));
    fireEvent.click(within(builder).getByRole("radio", { name: "Card" }));
    fireEvent.click(within(builder).getByRole("button", { name: "Create and send payment link" }));
    await waitFor(() => expect(send.calls).toHaveLength(1));
    expect(create.calls).toEqual([
      {
        conversationId: "c1",
        input: {
          items: [
            { menuItemId: LATTE, quantity: 1 },
            { menuItemId: COOKIE, quantity: 2 },
          ],
          fulfilment: "PICKUP",
          address: null,
          deliveryFeeFils: 0,
          paymentSource: "CARD",
        },
      },
    ]);
  });

  test("without the café's Tap account: said, with the way to the settings for its managers, and no send", async () => {
    renderButton(orderReads([], { connected: false }), {
      items: [{ menuItemId: LATTE, name: "Spanish latte", nameAr: null, quantity: 1, unitFils: 1750 }],
      totalFils: 1750,
      area: null,
    });
    const builder = await openDrawer();
    const hint = await within(builder).findByTestId("order-no-tap");
    expect(hint).toHaveTextContent("Your café has no Tap account yet.");
    expect(
      await within(hint).findByRole("link", { name: "Add your Tap key in the settings for messages" }),
    ).toHaveAttribute("href", "/inbox?view=messages&conversation=c1&settings=1");
    expect(within(builder).queryByTestId("order-send")).toBeNull();
  });

  test("without the Tap account, a person who does not manage the café is told who sets it", async () => {
    renderButton(orderReads([], { connected: false, manager: false }));
    const builder = await openDrawer();
    const hint = await within(builder).findByTestId("order-no-tap");
    expect(hint).toHaveTextContent("An owner or the account holder adds it in the settings for messages.");
    expect(within(hint).queryByRole("link")).toBeNull();
  });

  test("the thread's orders: one waiting for its payment shows its link and sends it again", async () => {
    const { send } = steps();
    renderButton([
      send.mock,
      ordersMock(
        [
          order("o2", {
            number: 3,
            status: "AWAITING_PAYMENT",
            paymentUrl: "https://checkout.tap.company/pay/chg_TS02",
          }),
          order("o1", { number: 2, status: "PAID" }),
        ],
        (v) => v.conversationId === "c1",
      ),
      ...orderReads(),
    ]);
    await openDrawer();
    const list = await screen.findByTestId("thread-orders");
    const items = await within(list).findAllByTestId("thread-order");
    expect(items.map((i) => within(i).getByTestId("order-status").textContent)).toEqual(["Awaiting payment", "Paid"]);
    expect(within(items[0]!).getByTestId("order-payment-url")).toHaveTextContent("chg_TS02");
    expect(within(items[1]!).queryByTestId("thread-order-send")).toBeNull();
    fireEvent.click(within(items[0]!).getByRole("button", { name: "Send the link again" }));
    await waitFor(() => expect(send.calls).toEqual([{ id: "o2" }]));
    expect(await screen.findByText("The link for order #7 is in the conversation.")).toBeInTheDocument();
  });
});

describe("the orders list", () => {
  const PAID = order("o9", {
    number: 12,
    status: "PAID",
    paidAt: "2026-03-01T10:05:00.000Z",
    startedKind: "post",
    postId: "p1",
    campaignId: "camp1",
    refundedFils: 1000,
  });
  const listReads = (first: object[] = []) => [
    ...first,
    ordersMock([PAID], (v) => v.status === "PAID"),
    tapMock(true),
    rightsMock(true),
    campaignNamesMock([{ id: "camp1", name: "ليالي رمضان" }]),
    quietOrdersFeed,
  ];

  test("in Arabic: a paid order with its campaign, its total and refund in Arabic digits; the status in the address bar", async () => {
    await inLanguage("ar");
    renderWithMocks([{ path: "/orders", element: <OrdersPage /> }], "/orders?status=paid", listReads() as never);
    expect(await screen.findByRole("heading", { level: 1, name: "الطلبات" })).toBeInTheDocument();
    const row = await screen.findByTestId("order-row");
    expect(row).toHaveTextContent("الطلب رقم ١٢");
    expect(within(row).getByTestId("order-status")).toHaveTextContent("مدفوع");
    expect(within(row).getByTestId("order-refunded")).toHaveTextContent("استُرد ١٫٠٠٠ د.ك.");
    expect(within(row).getByTestId("order-total")).toHaveTextContent("٦٫٠٠٠ د.ك.");
    expect(within(row).getByTestId("order-lines")).toHaveTextContent("٢ × سبانش لاتيه");
    // the address as the guest wrote it, isolated inside the Arabic sentence
    expect(row).toHaveTextContent("توصيل إلى \u2068Salmiya\u2069");
    expect(within(row).getByTestId("order-started")).toHaveTextContent("منشور");
    expect(await within(row).findByRole("link", { name: "ليالي رمضان" })).toHaveAttribute("href", "/campaigns/camp1");
    expect(within(row).getByRole("link", { name: "المنشور" })).toHaveAttribute("href", "/posts/p1/edit");
    expect(within(row).getByRole("link", { name: "افتح المحادثة" })).toHaveAttribute(
      "href",
      "/inbox?view=messages&conversation=c1",
    );
    // paid: refunded, never cancelled from here
    expect(within(row).queryByTestId("order-cancel")).toBeNull();
    expect(within(screen.getByTestId("orders-status")).getByText("مدفوع")).toBeInTheDocument();
  });

  test("a refund is at most what is left, and is sent in fils", async () => {
    const refund = recordedMock(OrderRefundDocument, (v) => ({
      data: { refundOrder: order(String(v.id), { number: 12, status: "PAID", refundedFils: 3000 }) },
    }));
    renderWithMocks(
      [{ path: "/orders", element: <OrdersPage /> }],
      "/orders?status=paid",
      listReads([refund.mock]) as never,
    );
    const row = await screen.findByTestId("order-row");
    fireEvent.click(await within(row).findByTestId("order-refund"));
    const dialog = await findDialog();
    // what was paid less what went back already
    expect(within(dialog).getByTestId("refund-amount")).toHaveValue("5.000");
    type(within(dialog).getByTestId("refund-amount"), "5.5");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText(errorText("REFUND_TOO_LARGE", "en"))).toBeInTheDocument();
    expect(refund.calls).toEqual([]);
    type(within(dialog).getByTestId("refund-amount"), "2");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(refund.calls).toEqual([{ id: "o9", input: { amountFils: 2000 } }]));
    expect(await screen.findByText("2.000 KWD goes back to the guest")).toBeInTheDocument();
  });

  test("an order waiting for its payment is cancelled after a confirmation", async () => {
    const cancel = recordedMock(OrderCancelDocument, (v) => ({
      data: { cancelOrder: order(String(v.id), { number: 4, status: "CANCELLED" }) },
    }));
    renderWithMocks([{ path: "/orders", element: <OrdersPage /> }], "/orders", [
      cancel.mock,
      ordersMock([order("o4", { number: 4, status: "AWAITING_PAYMENT", paymentUrl: "https://tap.example/x" })]),
      tapMock(true),
      rightsMock(false),
      campaignNamesMock(),
      quietOrdersFeed,
    ] as never);
    const row = await screen.findByTestId("order-row");
    expect(within(row).queryByTestId("order-refund")).toBeNull();
    fireEvent.click(within(row).getByTestId("order-cancel"));
    const confirm = await openPopover();
    expect(confirm).toHaveTextContent("Cancel order #4?");
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(cancel.calls).toEqual([{ id: "o4" }]));
    expect(await screen.findByText("Order #4 is cancelled")).toBeInTheDocument();
  });

  test("a status without orders says so; a person who does not manage the café is told who sets Tap", async () => {
    renderWithMocks([{ path: "/orders", element: <OrdersPage /> }], "/orders?status=refunded", [
      ordersMock([]),
      tapMock(false),
      rightsMock(false),
      campaignNamesMock(),
      quietOrdersFeed,
    ] as never);
    expect(await screen.findByTestId("orders-filtered-empty")).toHaveTextContent("No order has this status.");
    expect(await screen.findByTestId("orders-no-tap")).toHaveTextContent(
      "An owner or the account holder adds it in the settings for messages.",
    );
  });
});

describe("the café's Tap account", () => {
  test("a publishable key is refused with the shared rule's words; a secret key is saved and never shown again", async () => {
    const set = recordedMock(TapAccountSetDocument, () => ({
      data: { setTapAccount: { __typename: "TapAccount", connected: true, mode: "TEST", merchantId: "1234" } },
    }));
    renderWithMocks([{ path: "/inbox", element: <TapAccountCard canManage /> }], "/inbox", [
      set.mock,
      tapMock(false),
    ] as never);
    const card = await screen.findByTestId("tap-account-card");
    expect(await within(card).findByTestId("tap-connected")).toHaveTextContent("Not connected");
    type(within(card).getByTestId("tap-secret-key"), "pk_test_abc123");
    fireEvent.click(within(card).getByTestId("tap-save"));
    expect(await within(card).findByText(messageText("tapKeyPublishable", "en"))).toBeInTheDocument();
    expect(set.calls).toEqual([]);
    type(within(card).getByTestId("tap-secret-key"), "sk_test_XKokBfNWv6FIYuTMg5sLPjhJ");
    type(within(card).getByTestId("tap-merchant-id"), "1234");
    fireEvent.click(within(card).getByTestId("tap-save"));
    await waitFor(() =>
      expect(set.calls).toEqual([{ input: { secretKey: "sk_test_XKokBfNWv6FIYuTMg5sLPjhJ", merchantId: "1234" } }]),
    );
    await waitFor(() => expect(within(card).getByTestId("tap-secret-key")).toHaveValue(""));
  });

  test("a person who does not manage the café reads it only", async () => {
    renderWithMocks([{ path: "/inbox", element: <TapAccountCard canManage={false} /> }], "/inbox", [
      tapMock(true, "LIVE"),
    ] as never);
    const card = await screen.findByTestId("tap-account-card");
    expect(await within(card).findByTestId("tap-mode")).toHaveTextContent("Live: guests pay for real");
    expect(within(card).queryByTestId("tap-secret-key")).toBeNull();
    expect(card).toHaveTextContent("Only owners and the account holder change this.");
  });
});

describe("the rules", () => {
  test("amounts are read as whole fils, never through a float", () => {
    expect(priceFils(1.75)).toBe(1750);
    expect(priceFils(0.1)).toBe(100);
    expect(priceFils(9999.999)).toBe(9_999_999);
    expect(priceFils(null)).toBeNull();
    expect(filsOfText("2.5")).toBe(2500);
    expect(filsOfText("٢٫٥٠٠")).toBe(2500);
    expect(filsOfText("1,250.000")).toBe(1_250_000);
    expect(filsOfText("1.2345")).toBeNull();
    expect(filsOfText("")).toBeNull();
  });

  test("a draft from a suggestion, its total, and the shared rule's problems", () => {
    const start: OrderStart = {
      items: [
        { menuItemId: LATTE, name: "Spanish latte", nameAr: "سبانش لاتيه", quantity: 2, unitFils: 1750 },
        { menuItemId: LATTE, name: "Spanish latte", nameAr: "سبانش لاتيه", quantity: 1, unitFils: 1750 },
      ],
      totalFils: 5250,
      area: "salmiya",
    };
    const draft = draftFrom(start, "ar");
    expect(draft).toMatchObject({ fulfilment: "delivery", address: "السالمية", paymentSource: "knet" });
    expect(draft.lines).toEqual([
      { menuItemId: LATTE, name: "Spanish latte", nameAr: "سبانش لاتيه", quantity: 3, unitFils: 1750 },
    ]);
    expect(draftTotalFils(draft.lines, 2500)).toBe(7750);
    expect(draftTotalFils([{ ...draft.lines[0]!, unitFils: null }], 0)).toBeNull();
    expect(draftFrom(null, "en")).toMatchObject({ lines: [], fulfilment: "pickup", address: "" });
    const none = checkDraft({ ...draft, lines: [], address: " " }, "en");
    expect(none).toEqual({
      ok: false,
      problems: {
        items: messageText("orderItemsRequired", "en"),
        address: messageText("orderAddressRequired", "en"),
      },
    });
    expect(checkDraft({ ...draft, fee: "200" }, "en")).toEqual({
      ok: false,
      problems: { fee: messageText("orderDeliveryFeeInvalid", "en") },
    });
  });
});
