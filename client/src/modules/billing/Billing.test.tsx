// The billing page (docs/product.md#subscriptions-and-billing): a trial pays with KNET (the browser goes
// to the gateway's page), past due and expired say what they mean, the return from the gateway shows the
// payment paid, failed or still pending (asked again until it settles), an upgrade shows its prorated
// amount to the fils and pays it, a downgrade from Premium says what stops, cancelling asks first, the
// invoices' details follow the shared rule, a member who does not manage reads only, Arabic reads right
// to left with Arabic-Indic digits; the shell's banner and the stopped subscription's refusal text.
import { CombinedGraphQLErrors } from "@apollo/client";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MockedProvider } from "@apollo/client/testing/react";
import { Outlet } from "react-router-dom";
import {
  BillingBannerDocument,
  BillingChangedDocument,
  BillingDocument,
  BillingInvoicesDocument,
  BillingPaymentDocument,
  CancelSubscriptionDocument,
  ChangePlanDocument,
  AgencyBillingDocument,
  PayForCafesDocument,
  PayNowDocument,
  UpdateBillingDetailsDocument,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { findDialog, inLanguage, openPopover, renderRoutes, type } from "../../../test/render.tsx";
import {
  freshStart,
  recordedMock,
  renderWithMocks,
  resetScreenWidth,
  setScreenWidth,
  signIn,
} from "../../../test/screens.tsx";
import BillingPage from "./BillingPage.tsx";
import { SubscriptionBanner } from "./components/SubscriptionBanner.tsx";
import { gatewayPage } from "./model.ts";

// Kuwait midnight instants (UTC+3): December 1, 2026 .. January 1, 2027
const DEC_1 = "2026-11-30T21:00:00.000Z";
const JAN_1 = "2026-12-31T21:00:00.000Z";
const GATEWAY = "https://tap.example/pay/chg_TS01";

const plans = (current: string, upgrade: Record<string, number | null> = {}) =>
  (["BASIC", "PROFESSIONAL", "PREMIUM"] as const).map((plan, i) => ({
    __typename: "PlanPrice",
    plan,
    monthlyFils: [10_000, 15_000, 49_000][i],
    current: plan === current,
    upgradeNowFils: upgrade[plan] ?? null,
  }));

const payment = (over: Record<string, unknown> = {}) => ({
  __typename: "BillingPayment",
  id: "p1",
  purpose: "PERIOD",
  plan: "PROFESSIONAL",
  amountFils: 15_000,
  currency: "KWD",
  status: "PAID",
  method: "KNET",
  periodStart: DEC_1,
  periodEnd: JAN_1,
  failureCode: null,
  failureMessage: null,
  receipt: "KN123",
  paidAt: "2026-11-26T10:00:00.000Z",
  createdAt: "2026-11-26T09:59:00.000Z",
  ...over,
});

function billing(over: Record<string, unknown> = {}) {
  return {
    __typename: "Billing",
    plan: "PROFESSIONAL",
    status: "TRIAL",
    canManage: true,
    isAgency: false,
    running: true,
    rightsLost: [],
    trialEndsAt: DEC_1,
    periodStartsAt: null,
    periodEndsAt: DEC_1,
    pastDueSince: null,
    graceEndsAt: null,
    nextChargeFils: 15_000,
    nextChargeAt: DEC_1,
    payableNow: true,
    cancelAtPeriodEnd: false,
    nextPlan: null,
    plans: plans("PROFESSIONAL"),
    gatewayConfigured: true,
    sources: ["KNET", "CARD", "APPLE_PAY"],
    bankTransfer: null,
    pendingPayment: null,
    payments: [],
    legalName: "Dar Al Qahwa Co.",
    billingAddress: "Salmiya, Block 10",
    crNumber: null,
    ...over,
  };
}

// a paid month after the trial: no trial day is left, so the server sends no trial end (trialRunsUntil)
const ACTIVE = {
  status: "ACTIVE",
  trialEndsAt: null,
  periodStartsAt: DEC_1,
  periodEndsAt: JAN_1,
  nextChargeAt: JAN_1,
  payableNow: false,
};

const pageMock = (b: object) => ({ request: { query: BillingDocument }, result: { data: { billing: b } } });
const quiet = { request: { query: BillingChangedDocument }, delay: Infinity, maxUsageCount: Number.POSITIVE_INFINITY };
const invoicesMock = (invoices: object[] = []) => ({
  request: { query: BillingInvoicesDocument },
  result: { data: { invoices } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

function renderPage(b: object, extra: object[] = [], path = "/billing") {
  return renderWithMocks([{ path: "/billing", element: <BillingPage /> }], path, [
    pageMock(b),
    pageMock(b),
    quiet,
    invoicesMock(),
    ...(extra as never[]),
  ]);
}

let went: string[] = [];
const go = gatewayPage.go;
beforeEach(async () => {
  await freshStart();
  signIn("owner");
  went = [];
  gatewayPage.go = (url) => void went.push(url);
});
afterEach(resetScreenWidth);
afterAll(() => (gatewayPage.go = go));

test("a trial: its end, the next charge in KWD with three decimals, and Pay now with KNET sends the browser to the gateway's page", async () => {
  const pay = recordedMock(PayNowDocument, () => ({
    data: {
      payNow: {
        __typename: "PaymentStart",
        redirectUrl: GATEWAY,
        payment: payment({ status: "PENDING", paidAt: null }),
      },
    },
  }));
  renderPage(billing(), [pay.mock]);
  const status = within(await screen.findByTestId("billing-status-card"));
  expect(status.getByTestId("billing-status")).toHaveTextContent("Free trial");
  expect(status.getByText("Trial ends")).toBeInTheDocument();
  expect(status.getByText("December 1, 2026")).toBeInTheDocument();
  expect(status.getByTestId("next-charge")).toHaveTextContent("15.000 KWD · December 1, 2026");

  const card = within(screen.getByTestId("billing-pay-card"));
  expect(card.getByTestId("pay-amount")).toHaveTextContent("15.000 KWD");
  expect(card.getByRole("radio", { name: "KNET" })).toBeChecked();
  fireEvent.click(card.getByRole("button", { name: "Pay 15.000 KWD" }));
  await waitFor(() => expect(went).toEqual([GATEWAY]));
  expect(pay.calls).toEqual([{ source: "KNET" }]);
  expect(await card.findByText("Taking you to the payment page…")).toBeInTheDocument();
});

test("past due: the grace's end, the warning, and the payment still offered", async () => {
  renderPage(
    billing({
      ...ACTIVE,
      status: "PAST_DUE",
      periodStartsAt: "2026-10-31T21:00:00.000Z",
      periodEndsAt: DEC_1,
      pastDueSince: DEC_1,
      graceEndsAt: "2026-12-07T21:00:00.000Z",
      nextChargeAt: DEC_1,
      payableNow: true,
    }),
  );
  const status = within(await screen.findByTestId("billing-status-card"));
  expect(status.getByTestId("billing-status")).toHaveTextContent("Payment due");
  expect(status.getByText("Grace ends")).toBeInTheDocument();
  expect(status.getByTestId("billing-past-due")).toHaveTextContent(
    "Everything keeps working until December 8, 2026; pay before then to keep publishing.",
  );
  expect(screen.getByRole("button", { name: "Pay 15.000 KWD" })).toBeEnabled();
  // a past-due month may be cancelled, then no next one is due
  expect(screen.getByTestId("cancel-subscription")).toBeInTheDocument();
});

test("expired: the data is safe, what waits for a payment, and a plan choice is what the next payment buys", async () => {
  const change = recordedMock(ChangePlanDocument, () => ({
    data: {
      changePlan: {
        __typename: "PlanChange",
        outcome: "SCHEDULED",
        redirectUrl: null,
        payment: null,
        billing: billing({
          status: "EXPIRED",
          running: false,
          plan: "BASIC",
          nextChargeFils: 10_000,
          nextChargeAt: null,
          plans: plans("BASIC"),
        }),
      },
    },
  }));
  renderPage(
    billing({
      status: "EXPIRED",
      running: false,
      rightsLost: ["PUBLISH", "SCHEDULE", "AI", "TEAM", "API"],
      trialEndsAt: "2026-11-20T09:00:00.000Z",
      periodEndsAt: "2026-11-20T09:00:00.000Z",
      nextChargeAt: null,
    }),
    [change.mock],
  );
  const status = within(await screen.findByTestId("billing-status-card"));
  expect(status.getByTestId("billing-status")).toHaveTextContent("Expired");
  expect(status.getByTestId("billing-stopped")).toHaveTextContent(
    "Your subscription has ended. Your posts and data are safe; pay to publish again",
  );
  expect(status.getByTestId("next-charge")).toHaveTextContent("15.000 KWD · Any time: pay to start a new month today");
  expect(screen.queryByTestId("cancel-subscription")).toBeNull();

  fireEvent.click(screen.getByTestId("choose-BASIC"));
  const dialog = within(await findDialog());
  expect(dialog.getByTestId("plan-consequence")).toHaveTextContent("Your next payment buys this plan.");
  fireEvent.click(dialog.getByTestId("confirm-plan"));
  expect(await screen.findByText("Your next payment buys Basic")).toBeInTheDocument();
  expect(change.calls).toEqual([{ plan: "BASIC" }]);
});

test("the return from the gateway, paid: Payment received and the month it bought", async () => {
  renderPage(
    billing({ ...ACTIVE }),
    [
      {
        request: { query: BillingPaymentDocument, variables: { id: "p1" } },
        result: { data: { billingPayment: payment() } },
      },
    ],
    "/billing?payment=p1",
  );
  const result = await screen.findByTestId("payment-result");
  await waitFor(() => expect(result).toHaveTextContent("Payment received"));
  expect(result).toHaveTextContent(
    "Thank you. 15.000 KWD for Professional is paid: your month runs from December 1, 2026 to December 31, 2026.",
  );
});

test("the return from the gateway, failed: the bank's reason and Try again", async () => {
  renderPage(
    billing(),
    [
      {
        request: { query: BillingPaymentDocument, variables: { id: "p2" } },
        result: {
          data: {
            billingPayment: payment({
              id: "p2",
              status: "FAILED",
              failureCode: "505",
              failureMessage: "Insufficient funds",
              paidAt: null,
            }),
          },
        },
      },
    ],
    "/billing?payment=p2",
  );
  const result = await screen.findByTestId("payment-result");
  await waitFor(() => expect(result).toHaveTextContent("The payment did not go through"));
  expect(result).toHaveTextContent("The bank's answer: Insufficient funds");
  fireEvent.click(within(result).getByRole("button", { name: "Try again" }));
  await waitFor(() => expect(screen.queryByTestId("payment-result")).toBeNull());
  expect(screen.getByRole("button", { name: "Pay 15.000 KWD" })).toBeInTheDocument();
});

test("the return from the gateway, pending: waiting for the bank's answer, asked again until it settles", async () => {
  renderPage(
    billing(),
    [
      {
        request: { query: BillingPaymentDocument, variables: { id: "p3" } },
        result: { data: { billingPayment: payment({ id: "p3", status: "PENDING", method: null, paidAt: null }) } },
      },
      {
        request: { query: BillingPaymentDocument, variables: { id: "p3" } },
        result: { data: { billingPayment: payment({ id: "p3" }) } },
      },
    ],
    "/billing?payment=p3",
  );
  const result = await screen.findByTestId("payment-result");
  await waitFor(() => expect(result).toHaveTextContent("Waiting for the bank's answer"));
  // the page asks again every 2 s: the webhook arrived meanwhile
  await waitFor(() => expect(screen.getByTestId("payment-result")).toHaveTextContent("Payment received"), {
    timeout: 6000,
  });
});

test("an upgrade of a paid month: its prorated amount to the fils, paid on the gateway's page", async () => {
  const change = recordedMock(ChangePlanDocument, () => ({
    data: {
      changePlan: {
        __typename: "PlanChange",
        outcome: "PAYMENT_REQUIRED",
        redirectUrl: GATEWAY,
        payment: payment({ purpose: "UPGRADE", plan: "PREMIUM", amountFils: 32_774, status: "PENDING" }),
        billing: billing({ ...ACTIVE, plans: plans("PROFESSIONAL", { PREMIUM: 32_774 }) }),
      },
    },
  }));
  renderPage(billing({ ...ACTIVE, plans: plans("PROFESSIONAL", { PREMIUM: 32_774 }) }), [change.mock]);
  expect(await screen.findByTestId("upgrade-now-PREMIUM")).toHaveTextContent(
    "32.774 KWD now for the rest of this month",
  );
  // paid a month ahead: nothing to pay before 7 days from its end
  expect(screen.getByTestId("billing-paid-ahead")).toHaveTextContent(
    "This month is paid. You can pay the next one from December 25, 2026.",
  );

  fireEvent.click(screen.getByTestId("choose-PREMIUM"));
  const dialog = within(await findDialog());
  expect(dialog.getByTestId("plan-consequence")).toHaveTextContent(
    "You pay 32.774 KWD now for the days left of this month, then 49.000 KWD a month.",
  );
  fireEvent.click(dialog.getByRole("radio", { name: "Card" }));
  fireEvent.click(dialog.getByRole("button", { name: "Pay 32.774 KWD" }));
  await waitFor(() => expect(went).toEqual([GATEWAY]));
  expect(change.calls).toEqual([{ plan: "PREMIUM", source: "CARD" }]);
});

test("a downgrade from Premium waits for the month's end and says that API keys stop and members become read-only", async () => {
  const after = billing({ ...ACTIVE, plan: "PREMIUM", nextPlan: "BASIC", plans: plans("PREMIUM") });
  const change = recordedMock(ChangePlanDocument, () => ({
    data: {
      changePlan: { __typename: "PlanChange", outcome: "SCHEDULED", redirectUrl: null, payment: null, billing: after },
    },
  }));
  renderPage(billing({ ...ACTIVE, plan: "PREMIUM", plans: plans("PREMIUM") }), [change.mock]);
  fireEvent.click(await screen.findByTestId("choose-BASIC"));
  const dialog = within(await findDialog());
  expect(dialog.getByTestId("plan-consequence")).toHaveTextContent(
    "Your plan changes at the end of this month, on January 1, 2027. Until then you keep Premium.",
  );
  expect(dialog.getByTestId("premium-loss")).toHaveTextContent("your API keys and webhooks stop");
  expect(dialog.getByTestId("premium-loss")).toHaveTextContent(
    "team members other than the owners and the account holder become read-only",
  );
  fireEvent.click(dialog.getByTestId("confirm-plan"));
  expect(await screen.findByText("Your plan becomes Basic on January 1, 2027")).toBeInTheDocument();
  expect(change.calls).toEqual([{ plan: "BASIC" }]);
  // the page follows the answer: the waiting downgrade, and the way back
  expect(await screen.findByTestId("billing-next-plan")).toHaveTextContent(
    "On January 1, 2027 your plan becomes Basic.",
  );
  expect(screen.getByTestId("choose-PREMIUM")).toHaveTextContent("Keep Premium");
});

test("Cancel at period end asks first; then Keep my subscription", async () => {
  const cancelled = billing({ ...ACTIVE, cancelAtPeriodEnd: true, nextChargeFils: null, nextChargeAt: null });
  renderPage(billing({ ...ACTIVE }), [
    { request: { query: CancelSubscriptionDocument }, result: { data: { cancelSubscription: cancelled } } },
  ]);
  fireEvent.click(await screen.findByTestId("cancel-subscription"));
  const pop = within(await openPopover());
  expect(
    pop.getByText(
      "Everything keeps working until December 31, 2026. After that your posts and data stay safe, and you can pay again any time.",
    ),
  ).toBeInTheDocument();
  fireEvent.click(pop.getByRole("button", { name: "Cancel at period end" }));
  expect(await screen.findByText("Your subscription ends on December 31, 2026")).toBeInTheDocument();
  expect(await screen.findByTestId("keep-subscription")).toBeInTheDocument();
  expect(screen.getByTestId("billing-cancelled-at-end")).toHaveTextContent(
    "You cancelled: your subscription ends on December 31, 2026.",
  );
});

test("the invoices' name, address and commercial registration number follow the shared rule; saved, the page shows them", async () => {
  const save = recordedMock(UpdateBillingDetailsDocument, (v) => ({
    data: {
      updateBillingDetails: billing({
        legalName: v.legalName,
        billingAddress: v.billingAddress,
        crNumber: v.crNumber ?? null,
      }),
    },
  }));
  renderPage(billing(), [save.mock]);
  const form = within(await screen.findByTestId("billing-details-form"));
  type(form.getByLabelText("Legal name"), "  ");
  fireEvent.click(form.getByRole("button", { name: "Save" }));
  expect(await form.findByText("Enter the business's legal name for invoices")).toBeInTheDocument();
  type(form.getByLabelText("Legal name"), " Dar Al Qahwa General Trading Co. W.L.L ");
  type(form.getByLabelText("Commercial registration number (optional)"), "12<34>");
  fireEvent.click(form.getByRole("button", { name: "Save" }));
  expect(
    await form.findByText("The commercial registration number is at most 30 letters, digits, - or /"),
  ).toBeInTheDocument();
  type(form.getByLabelText("Commercial registration number (optional)"), " ٣٤٥٦٧٨ ");
  fireEvent.click(form.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Invoice details saved")).toBeInTheDocument();
  expect(save.calls).toEqual([
    { legalName: "Dar Al Qahwa General Trading Co. W.L.L", billingAddress: "Salmiya, Block 10", crNumber: "345678" },
  ]);
});

test("the invoices and credit notes, each with its PDF", async () => {
  setScreenWidth(1280);
  renderWithMocks([{ path: "/billing", element: <BillingPage /> }], "/billing", [
    pageMock(billing({ ...ACTIVE })),
    quiet,
    invoicesMock([
      {
        __typename: "Invoice",
        id: "i2",
        number: "CN-2026-000001",
        kind: "CREDIT_NOTE",
        issuedAt: "2026-11-20T09:00:00.000Z",
        totalFils: 5_000,
        currency: "KWD",
        relatesTo: "INV-2026-000001",
        pdfUrl: "/api/billing/invoices/i2/pdf",
      },
      {
        __typename: "Invoice",
        id: "i1",
        number: "INV-2026-000001",
        kind: "INVOICE",
        issuedAt: "2026-11-01T09:00:00.000Z",
        totalFils: 15_000,
        currency: "KWD",
        relatesTo: null,
        pdfUrl: "/api/billing/invoices/i1/pdf",
      },
    ]),
  ]);
  const list = within(await screen.findByTestId("invoices-table"));
  expect(list.getByText("INV-2026-000001")).toBeInTheDocument();
  expect(list.getByText("For INV-2026-000001")).toBeInTheDocument();
  expect(list.getByText("-5.000 KWD")).toBeInTheDocument();
  expect(list.getByRole("button", { name: "Download INV-2026-000001 (PDF)" })).toBeInTheDocument();
});

test("without a gateway: the bank transfer's instructions", async () => {
  renderPage(
    billing({
      gatewayConfigured: false,
      sources: [],
      bankTransfer: {
        __typename: "BankTransfer",
        bankName: "Kuwait Finance House",
        iban: "KW81CBKU0000000000001234560101",
        beneficiary: "Sufra Co.",
      },
    }),
  );
  const bank = within(await screen.findByTestId("billing-bank-transfer"));
  expect(bank.getByText(/Transfer 15\.000 KWD to the account below/)).toBeInTheDocument();
  expect(bank.getByText("KW81CBKU0000000000001234560101")).toBeInTheDocument();
  expect(screen.queryByTestId("pay-now")).toBeNull();
});

test("a member who does not manage billing sees the plan and its status, read-only", async () => {
  signIn("client");
  // no invoices query: invoices are for the owners and the account holder
  renderWithMocks([{ path: "/billing", element: <BillingPage /> }], "/billing", [
    pageMock(billing({ canManage: false })),
    quiet,
  ]);
  expect(await screen.findByTestId("billing-read-only")).toHaveTextContent(
    "Only the owners and the account holder can pay",
  );
  expect(screen.getByTestId("billing-status")).toHaveTextContent("Free trial");
  expect(screen.getByTestId("plan-PREMIUM")).toHaveTextContent("49.000 KWD a month");
  for (const id of [
    "billing-pay-card",
    "choose-PREMIUM",
    "choose-BASIC",
    "cancel-subscription",
    "billing-details-form",
    "billing-invoices",
  ])
    expect(screen.queryByTestId(id)).toBeNull();
});

test("in Arabic: right to left, Arabic-Indic digits, the status in Arabic", async () => {
  await inLanguage("ar");
  renderPage(billing({ ...ACTIVE, plans: plans("PROFESSIONAL", { PREMIUM: 32_774 }), payableNow: true }));
  expect(await screen.findByText("الفوترة")).toBeInTheDocument();
  expect(screen.getByTestId("billing-status")).toHaveTextContent("نشط");
  expect(screen.getByTestId("pay-amount")).toHaveTextContent("١٥٫٠٠٠ د.ك.");
  expect(screen.getByTestId("upgrade-now-PREMIUM")).toHaveTextContent("٣٢٫٧٧٤ د.ك. الآن لبقية هذا الشهر");
  expect(screen.getByRole("button", { name: "ادفع ١٥٫٠٠٠ د.ك." })).toBeInTheDocument();
  expect(screen.getByRole("radio", { name: "كي نت" })).toBeChecked();
  expect(document.querySelector(".ant-row-rtl, .ant-card-rtl, [dir=rtl]")).not.toBeNull();
});

test("in Arabic with Latin digits chosen in Settings", async () => {
  localStorage.setItem("sufra.digits", "latn");
  await inLanguage("ar");
  renderPage(billing());
  expect(await screen.findByTestId("pay-amount")).toHaveTextContent("15.000 د.ك.");
});

describe("the shell's banner", () => {
  const renderBanner = (b: object | null, path = "/posts") =>
    renderRoutes(
      [
        {
          element: (
            <MockedProvider
              mocks={[{ request: { query: BillingBannerDocument }, result: { data: { billing: b } } }, quiet]}
            >
              <>
                <SubscriptionBanner enabled />
                <Outlet />
              </>
            </MockedProvider>
          ),
          children: [{ path: "*", element: <p>Page</p> }],
        },
      ],
      path,
    );

  test("past due: pay by the grace's end, with Pay now to /billing", async () => {
    renderBanner({
      __typename: "Billing",
      status: "PAST_DUE",
      graceEndsAt: "2026-12-07T21:00:00.000Z",
      canManage: true,
    });
    const banner = await screen.findByTestId("subscription-banner");
    expect(banner).toHaveTextContent("Your payment is due: pay by December 8, 2026 to keep publishing");
    expect(within(banner).getByRole("link", { name: "Pay now" })).toHaveAttribute("href", "/billing");
  });

  test("expired or cancelled: the data is safe, pay to publish again; in Arabic too", async () => {
    await inLanguage("ar");
    renderBanner({ __typename: "Billing", status: "CANCELLED", graceEndsAt: null, canManage: true });
    const banner = await screen.findByTestId("subscription-banner");
    expect(banner).toHaveTextContent("انتهى اشتراكك. منشوراتك وبياناتك محفوظة؛ ادفع لتعود إلى النشر");
    expect(within(banner).getByRole("link", { name: "ادفع الآن" })).toHaveAttribute("href", "/billing");
  });

  test("nothing while the subscription runs", async () => {
    renderBanner({ __typename: "Billing", status: "ACTIVE", graceEndsAt: null, canManage: true });
    expect(await screen.findByText("Page")).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId("subscription-banner")).toBeNull();
  });
});

test("a stopped subscription's refusal (SUBSCRIPTION_ENDED) reads from the catalogue in the language shown", async () => {
  const refusal = new CombinedGraphQLErrors({
    errors: [
      { message: "Your subscription has ended.", extensions: { code: "FORBIDDEN", reason: "SUBSCRIPTION_ENDED" } },
    ],
  });
  expect(errorMessage(refusal)).toBe(
    "Your subscription has ended. Your posts and data are kept; pay on the Billing page to publish, schedule and write with AI again",
  );
  await inLanguage("ar");
  expect(errorMessage(refusal)).toBe(
    "انتهى اشتراكك. منشوراتك وبياناتك محفوظة؛ ادفع من صفحة الفوترة لتعود إلى النشر والجدولة والكتابة بالذكاء الاصطناعي",
  );
});

describe("paying without a gateway", () => {
  const BANK = {
    __typename: "BankTransfer",
    bankName: "Kuwait Finance House",
    iban: "KW81CBKU0000000000001234560101",
    beneficiary: "Sufra Co.",
  };
  const bare = (over: Record<string, unknown> = {}) =>
    billing({ gatewayConfigured: false, sources: [], bankTransfer: BANK, ...over });
  const NONE = { __typename: "BankTransfer", bankName: null, iban: null, beneficiary: null };

  test("the page's header says payments are by bank transfer, not through Tap", async () => {
    renderPage(bare());
    expect(await screen.findByTestId("billing-intro")).toHaveTextContent(
      "You pay by bank transfer: we record your payment and e-mail you the invoice.",
    );
    expect(screen.getByTestId("billing-intro")).not.toHaveTextContent("Tap");
  });

  test("with no bank details set, the café is told whom to write to, not shown empty fields", async () => {
    renderPage(bare({ bankTransfer: NONE }));
    const bank = within(await screen.findByTestId("billing-bank-transfer"));
    expect(bank.getByTestId("bank-text")).toHaveTextContent(
      "To pay 15.000 KWD by bank transfer, write to support@sufra.kw",
    );
    expect(bank.queryByTestId("bank-details")).toBeNull();
    expect(screen.queryByText(/Ask Sufra/)).toBeNull();
  });

  test("with only some details set, those are shown and the rest asked of support", async () => {
    renderPage(bare({ bankTransfer: { ...NONE, iban: "KW81CBKU0000000000001234560101" } }));
    const bank = within(await screen.findByTestId("billing-bank-transfer"));
    expect(bank.getByText("KW81CBKU0000000000001234560101")).toBeInTheDocument();
    expect(bank.queryByText("Bank")).toBeNull();
    expect(bank.getByTestId("bank-some-details")).toHaveTextContent("write to support@sufra.kw");
  });

  test("a paid month asks for no transfer: it says when the next month can be paid; cancelled, that nothing is due", async () => {
    renderPage(bare({ ...ACTIVE }));
    const bank = within(await screen.findByTestId("billing-bank-transfer"));
    expect(bank.getByTestId("billing-paid-ahead")).toHaveTextContent(
      "This month is paid. You can pay the next one from December 25, 2026.",
    );
    expect(bank.queryByText(/Transfer/)).toBeNull();
  });

  test("cancelled at the period's end: nothing is due, no transfer asked", async () => {
    renderPage(bare({ ...ACTIVE, cancelAtPeriodEnd: true, nextChargeFils: null, nextChargeAt: null }));
    const bank = within(await screen.findByTestId("billing-bank-transfer"));
    expect(bank.getByTestId("billing-paid-ahead")).toHaveTextContent(
      "Nothing is due: you cancelled, and your subscription ends on December 31, 2026.",
    );
    expect(bank.queryByText(/Transfer/)).toBeNull();
  });

  test("an upgrade of a paid month: the prorated amount and the transfer's details, nothing to pay online", async () => {
    const change = recordedMock(ChangePlanDocument, () => ({
      data: {
        changePlan: {
          __typename: "PlanChange",
          outcome: "PAYMENT_REQUIRED",
          redirectUrl: null,
          payment: null,
          billing: bare({ ...ACTIVE }),
        },
      },
    }));
    renderPage(bare({ ...ACTIVE, plans: plans("PROFESSIONAL", { PREMIUM: 32_774 }) }), [change.mock]);
    fireEvent.click(await screen.findByTestId("choose-PREMIUM"));
    const dialog = within(await findDialog());
    expect(dialog.getByTestId("plan-consequence")).toHaveTextContent(
      "Transfer 32.774 KWD for the days left of this month to the account below, with your business's name and “Premium” in the transfer's reference. Your plan becomes Premium as soon as we record your transfer",
    );
    expect(dialog.getByText("KW81CBKU0000000000001234560101")).toBeInTheDocument();
    expect(dialog.getByText("Kuwait Finance House")).toBeInTheDocument();
    // no "Pay with" followed by nothing, no disabled Pay button
    expect(dialog.queryByText("Pay with")).toBeNull();
    expect(dialog.queryByRole("button", { name: /Pay/ })).toBeNull();
    fireEvent.click(dialog.getByTestId("close-plan"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(change.calls).toEqual([]);
  });

  test("in Arabic: the upgrade's transfer, with Arabic-Indic digits", async () => {
    await inLanguage("ar");
    renderPage(bare({ ...ACTIVE, plans: plans("PROFESSIONAL", { PREMIUM: 32_774 }) }));
    fireEvent.click(await screen.findByTestId("choose-PREMIUM"));
    const dialog = within(await findDialog());
    expect(dialog.getByTestId("plan-consequence")).toHaveTextContent(
      "حوّل ٣٢٫٧٧٤ د.ك. عن الأيام المتبقية من هذا الشهر إلى الحساب أدناه",
    );
    expect(dialog.getByText("KW81CBKU0000000000001234560101")).toBeInTheDocument();
    expect(dialog.getByTestId("close-plan")).toHaveTextContent("إغلاق");
  });
});

describe("a month paid during the trial", () => {
  // paid on November 20 during a trial that ends on December 1: the month runs from December 1 to January 1
  const PAID_IN_TRIAL = {
    status: "ACTIVE",
    trialEndsAt: DEC_1,
    periodStartsAt: DEC_1,
    periodEndsAt: JAN_1,
    nextChargeAt: JAN_1,
    payableNow: false,
    plans: plans("PROFESSIONAL", { PREMIUM: 34_000 }),
  };

  test("the trial goes on until its end, the month waits for it, and an upgrade pays for that whole month", async () => {
    const change = recordedMock(ChangePlanDocument, () => ({
      data: {
        changePlan: {
          __typename: "PlanChange",
          outcome: "PAYMENT_REQUIRED",
          redirectUrl: GATEWAY,
          payment: payment({ purpose: "UPGRADE", plan: "PREMIUM", amountFils: 34_000, status: "PENDING" }),
          billing: billing(PAID_IN_TRIAL),
        },
      },
    }));
    renderPage(billing(PAID_IN_TRIAL), [change.mock]);
    const status = within(await screen.findByTestId("billing-status-card"));
    expect(status.getByTestId("billing-status")).toHaveTextContent("Free trial, first month paid");
    expect(status.getByText("Trial ends")).toBeInTheDocument();
    expect(status.getByTestId("billing-after-trial")).toHaveTextContent(
      "Your first month is paid. It starts when your trial ends, on December 1, 2026: you lose no trial day.",
    );
    expect(screen.getByTestId("upgrade-now-PREMIUM")).toHaveTextContent(
      "34.000 KWD now for your first paid month, from December 1, 2026",
    );
    expect(screen.queryByText(/for the rest of this month/)).toBeNull();
    expect(screen.getByTestId("billing-paid-ahead")).toHaveTextContent(
      "Your first month is paid. You can pay the next one from December 25, 2026.",
    );
    fireEvent.click(screen.getByTestId("choose-PREMIUM"));
    const dialog = within(await findDialog());
    expect(dialog.getByTestId("plan-consequence")).toHaveTextContent(
      "You pay 34.000 KWD now for your first paid month, which starts when your trial ends on December 1, 2026, then 49.000 KWD a month.",
    );
  });

  test("in Arabic", async () => {
    await inLanguage("ar");
    renderPage(billing(PAID_IN_TRIAL));
    const status = within(await screen.findByTestId("billing-status-card"));
    expect(status.getByTestId("billing-status")).toHaveTextContent("تجربة مجانية، والشهر الأول مدفوع");
    expect(status.getByTestId("billing-after-trial")).toHaveTextContent("شهرك الأول مدفوع. يبدأ عند انتهاء تجربتك في");
    expect(screen.getByTestId("upgrade-now-PREMIUM")).toHaveTextContent("٣٤٫٠٠٠ د.ك. الآن لشهرك المدفوع الأول");
  });
});

describe("cancelling asks with buttons that say what they do", () => {
  test("Keep my plan or Cancel at period end; Keep my plan changes nothing", async () => {
    const cancel = recordedMock(CancelSubscriptionDocument, () => ({
      data: { cancelSubscription: billing({ ...ACTIVE, cancelAtPeriodEnd: true }) },
    }));
    renderPage(billing({ ...ACTIVE }), [cancel.mock]);
    fireEvent.click(await screen.findByTestId("cancel-subscription"));
    const pop = within(await openPopover());
    expect(pop.getAllByRole("button").map((b) => b.textContent)).toEqual(["Keep my plan", "Cancel at period end"]);
    fireEvent.click(pop.getByRole("button", { name: "Keep my plan" }));
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(cancel.calls).toEqual([]);
  });

  test("in Arabic", async () => {
    await inLanguage("ar");
    renderPage(billing({ ...ACTIVE }));
    fireEvent.click(await screen.findByTestId("cancel-subscription"));
    const pop = within(await openPopover());
    expect(pop.getAllByRole("button").map((b) => b.textContent)).toEqual(["أبقِ على باقتي", "إلغاء في نهاية الشهر"]);
  });
});

describe("an agency pays for its cafés (docs/product.md#agency-payments)", () => {
  const cafe = (cafeId: string, companyName: string, plan: string, amountFils: number, blockedBy: string | null) => ({
    __typename: "AgencyCafe",
    cafeId,
    companyName,
    status: "TRIAL",
    plan,
    amountFils,
    blockedBy,
  });
  const agencyMock = (payments: object[] = []) => ({
    request: { query: AgencyBillingDocument },
    result: {
      data: {
        agencyBilling: {
          __typename: "AgencyBilling",
          cafes: [
            cafe("c1", "Cafe Bloom", "PROFESSIONAL", 15_000, null),
            cafe("c2", "Dar Al Qahwa", "PREMIUM", 49_000, null),
            cafe("c3", "Saffron House", "BASIC", 10_000, "PAID_AHEAD"),
          ],
          gatewayConfigured: true,
          payments,
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
  const agencyPayment = (status: string) => ({
    __typename: "AgencyPayment",
    id: "ap1",
    totalFils: 64_000,
    status,
    method: status === "PAID" ? "KNET" : null,
    failureMessage: null,
    paidAt: null,
    createdAt: "2026-11-26T09:59:00.000Z",
    lines: [],
  });

  test("the card lists each café with its plan and month, the chosen total, and Pay sends the browser to the gateway's page", async () => {
    const pay = recordedMock(PayForCafesDocument, () => ({
      data: {
        payForCafes: { __typename: "AgencyPaymentStart", redirectUrl: GATEWAY, payment: agencyPayment("PENDING") },
      },
    }));
    renderPage(billing({ isAgency: true }), [agencyMock(), pay.mock]);
    const card = within(await screen.findByTestId("agency-pay-card"));
    expect(card.getByText("Pay for your cafés")).toBeInTheDocument();
    expect(await card.findByText("Cafe Bloom")).toBeInTheDocument();
    expect(card.getByText("Premium")).toBeInTheDocument();
    expect(card.getAllByTestId("agency-cafe-amount").map((e) => e.textContent)).toEqual([
      "15.000 KWD",
      "49.000 KWD",
      "10.000 KWD",
    ]);
    // paid ahead: listed, not chosen
    expect(card.getByTestId("agency-cafe-c3")).toBeDisabled();
    expect(card.getByText("Paid: its next month can be paid 7 days before its end")).toBeInTheDocument();
    expect(card.getByTestId("agency-pay")).toBeDisabled();

    fireEvent.click(card.getByTestId("agency-cafe-c1"));
    fireEvent.click(card.getByTestId("agency-cafe-c2"));
    expect(card.getByTestId("agency-total")).toHaveTextContent("64.000 KWD");
    expect(card.getByText(/Cafés chosen: 2/)).toBeInTheDocument();
    fireEvent.click(card.getByRole("button", { name: "Pay 64.000 KWD" }));
    await waitFor(() => expect(went).toEqual([GATEWAY]));
    expect(pay.calls).toEqual([{ cafeIds: ["c1", "c2"], source: "KNET" }]);
  });

  test("back from the gateway: the payment's outcome on the card", async () => {
    renderPage(billing({ isAgency: true }), [agencyMock([agencyPayment("PAID")])], "/billing?agency_payment=ap1");
    expect(await screen.findByTestId("agency-paid")).toHaveTextContent(
      "Payment received: 64.000 KWD, a month for each café chosen.",
    );
  });

  test("a café's page shows no such card", async () => {
    renderPage(billing());
    await screen.findByTestId("billing-pay-card");
    expect(screen.queryByTestId("agency-pay-card")).toBeNull();
  });

  test("in Arabic: the texts and Arabic-Indic digits", async () => {
    await inLanguage("ar");
    renderPage(billing({ isAgency: true }), [agencyMock()]);
    const card = within(await screen.findByTestId("agency-pay-card"));
    expect(card.getByText("ادفع عن مقاهيك")).toBeInTheDocument();
    await card.findByText("Cafe Bloom");
    fireEvent.click(card.getByTestId("agency-cafe-c1"));
    expect(card.getByTestId("agency-total")).toHaveTextContent("١٥٫٠٠٠ د.ك.");
    expect(card.getByText(/المقاهي المختارة: ١/)).toBeInTheDocument();
    expect(card.getByText("مدفوع: يمكن دفع شهره التالي قبل نهايته بـ ٧ أيام")).toBeInTheDocument();
  });
});
