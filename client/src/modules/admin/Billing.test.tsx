// The admin's Billing tab on mocked GraphQL: the figures as money in the person's digits, the payments
// list and its filters asking the server again, a payment recorded with its amount typed in KWD and
// sent in fils, a refund and an extension each asked once more before they happen, a refusal in words,
// and the tab in Arabic.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  AdminBillingClientsDocument,
  AdminExtendPeriodDocument,
  AdminPaymentsDocument,
  AdminRecordPaymentDocument,
  AdminRefundPaymentDocument,
  AdminStatsDocument,
  AdminStatsUpdatedDocument,
  AdminClientsDocument,
  AdminBillingChangedDocument,
  ClientDetailsDocument,
} from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover, pick, type } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import AdminPage from "./AdminPage.tsx";
import ClientsPage from "./ClientsPage.tsx";

const stats = {
  __typename: "AdminStats",
  totalClients: 12,
  activeClients: 7,
  pendingApprovals: 0,
  newSignups: 4,
  totalPosts: 40,
  todayPosts: 5,
  systemHealth: { __typename: "SystemHealth", api: "HEALTHY", database: "HEALTHY", scheduler: "HEALTHY", reasons: [] },
  recentClients: [],
  billing: {
    __typename: "AdminBillingFigures",
    mrrFils: 1_234_500,
    monthRevenueFils: 79_000,
    trial: 5,
    active: 3,
    pastDue: 1,
    expired: 2,
    cancelled: 0,
  },
};
const statsMock = {
  request: { query: AdminStatsDocument },
  result: { data: { adminStats: stats } },
  maxUsageCount: 10,
};
const quiet = {
  request: { query: AdminStatsUpdatedDocument },
  result: { data: { adminStatsUpdated: stats } },
  delay: 60_000,
};

const payment = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "AdminPayment",
  id,
  businessId: "b1",
  businessName: "Dar Al Qahwa",
  businessAllowedActions: ["SUSPEND", "RECORD_PAYMENT", "EXTEND_PERIOD"],
  plan: "PROFESSIONAL",
  amountFils: 15_000,
  refundedFils: 0,
  status: "PAID",
  method: "KNET",
  gateway: "tap",
  receipt: "KNET-1001",
  note: null,
  invoiceNumber: "INV-2026-000001",
  invoicePdfUrl: "/api/billing/invoices/i1/pdf",
  paidAt: "2026-03-01T09:00:00.000Z",
  createdAt: "2026-03-01T08:59:00.000Z",
  ...over,
});
const page = (nodes: object[], totalCount = nodes.length) => ({
  adminPayments: {
    __typename: "AdminPaymentConnection",
    totalCount,
    pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
    edges: nodes.map((node) => ({ __typename: "QueryAdminPaymentsConnectionEdge", node })),
  },
});
/** The list answers every ask, by its filters. */
const listing = (rows: (v: Record<string, unknown>) => object[]) =>
  recordedMock(AdminPaymentsDocument, (v) => ({ data: page(rows(v)) }));

beforeEach(() => freshStart({ as: "admin", width: 1280 }));
afterEach(resetScreenWidth);

const billingChange = (delay: number) => ({
  request: { query: AdminBillingChangedDocument },
  result: {
    data: { adminBillingChanged: { __typename: "AdminBillingChange", businessId: "b1", reason: "payment_received" } },
  },
  delay,
});
const open = (mocks: object[], live = billingChange(60_000)) =>
  renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin?tab=billing", [
    statsMock,
    quiet,
    live,
    ...(mocks as never[]),
  ]);

/** fetch answering a PDF download (the invoice's bytes and its file name), recording the paths asked. */
function pdfFetch() {
  const urls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    urls.push(String(url).replace(/^https?:\/\/[^/]+/, ""));
    const name = /invoices\/(\w+)\//.exec(String(url))?.[1] === "i2" ? "CN-2026-000001.pdf" : "INV-2026-000007.pdf";
    return {
      status: 200,
      ok: true,
      headers: new Headers({
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${name}"`,
      }),
      blob: async () => new Blob(["%PDF-"]),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => "blob:pdf") as unknown as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  return { urls };
}

describe("the Billing tab", () => {
  test("live: a billing change anywhere (adminBillingChanged) reads the payments again", async () => {
    let n = 0;
    const list = listing(() =>
      ++n === 1 ? [payment("p1")] : [payment("p2", { businessName: "New Payer" }), payment("p1")],
    );
    open([list.mock], billingChange(80));
    expect(await screen.findByTestId("amount-p1")).toBeInTheDocument();
    expect(await screen.findByText("New Payer")).toBeInTheDocument();
    expect(list.calls.length).toBeGreaterThanOrEqual(2);
  });

  test("on a phone the payments are cards, Refund and Extend in reach; no table to scroll sideways", async () => {
    setScreenWidth(390);
    const list = listing(() => [payment("p1")]);
    open([list.mock]);
    const card = within((await screen.findAllByTestId("payment-card"))[0]!);
    expect(document.querySelector(".ant-table")).toBeNull();
    expect(card.getByText("Dar Al Qahwa")).toBeInTheDocument();
    expect(card.getByTestId("amount-p1")).toHaveTextContent("15.000 KWD");
    expect(card.getByTestId("refund-p1")).toBeInTheDocument();
    expect(card.getByTestId("extend-p1")).toBeInTheDocument();
    expect(card.getByTestId("invoice-link-INV-2026-000001")).toBeInTheDocument();
  });

  test("an invoice number is a link to its PDF; Extend is offered only where the business's period may be extended", async () => {
    const got = pdfFetch();
    const list = listing(() => [
      payment("p1"),
      payment("p2", {
        businessId: "b2",
        businessName: "Ended Cafe",
        invoiceNumber: null,
        invoicePdfUrl: null,
        businessAllowedActions: ["SUSPEND", "GIFT_TRIAL_DAYS", "RECORD_PAYMENT"],
      }),
    ]);
    open([list.mock]);
    const table = within(await screen.findByTestId("payments-table"));
    fireEvent.click(await table.findByTestId("invoice-link-INV-2026-000001"));
    expect(await screen.findByText("Saved INV-2026-000007.pdf")).toBeInTheDocument();
    expect(got.urls).toEqual(["/api/billing/invoices/i1/pdf?lang=en&digits=arabic"]);
    expect(table.getByTestId("extend-p1")).toBeInTheDocument();
    expect(table.queryByTestId("extend-p2")).toBeNull();
  });

  test("figures as money, the payments, and the filters ask the server again", async () => {
    const list = listing((v) =>
      v.status === "REFUNDED"
        ? [payment("p2", { status: "REFUNDED", refundedFils: 15_000 })]
        : [payment("p1"), payment("p2", { method: "BANK_TRANSFER", gateway: "manual", receipt: null })],
    );
    open([list.mock]);
    expect(await screen.findByTestId("stat-mrrFils")).toHaveTextContent("MRR1,234.500 KWD");
    expect(screen.getByTestId("stat-monthRevenueFils")).toHaveTextContent("Revenue this month79.000 KWD");
    expect(screen.getByTestId("stat-billing-trial")).toHaveTextContent("On trial5");
    expect(screen.getByTestId("stat-billing-expired")).toHaveTextContent("Expired2");
    const table = within(await screen.findByTestId("payments-table"));
    expect(await table.findByTestId("amount-p1")).toHaveTextContent("15.000 KWD");
    expect(table.getByText("KNET-1001")).toBeInTheDocument();
    expect(table.getAllByText("INV-2026-000001")).toHaveLength(2);
    expect(table.getByText("Bank transfer")).toBeInTheDocument();
    expect(screen.getByTestId("payments-total")).toHaveTextContent("2 payments");
    expect(list.calls[0]).toEqual({ first: 20 });

    await pick("payment-status-filter", "Refunded");
    await waitFor(() => expect(screen.getByTestId("payments-total")).toHaveTextContent("1 payment"));
    expect(list.calls.at(-1)).toEqual({ first: 20, status: "REFUNDED" });
    type(screen.getByLabelText("Search by business"), "qahwa");
    fireEvent.keyDown(screen.getByLabelText("Search by business"), { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(list.calls.at(-1)).toEqual({ first: 20, status: "REFUNDED", search: "qahwa" }));
  });

  test("Record payment: the business found by name, the amount typed in KWD and sent in fils", async () => {
    const list = listing(() => []);
    const clients = recordedMock(AdminBillingClientsDocument, () => ({
      data: {
        clients: {
          __typename: "QueryClientsConnection",
          edges: [
            {
              __typename: "QueryClientsConnectionEdge",
              node: {
                __typename: "Client",
                id: "b9",
                companyName: "Salmiya Sweets",
                subscription: { __typename: "ClientSubscription", plan: "BASIC", status: "EXPIRED", renewsAt: null },
              },
            },
          ],
        },
      },
    }));
    const record = recordedMock(AdminRecordPaymentDocument, (v) => ({
      data: {
        recordManualPayment: payment("p9", {
          businessId: v.businessId,
          businessName: "Salmiya Sweets",
          amountFils: v.amountFils,
          method: v.method,
          gateway: "manual",
          receipt: v.receipt,
          invoiceNumber: "INV-2026-000042",
        }),
      },
    }));
    open([list.mock, clients.mock, record.mock]);
    fireEvent.click(await screen.findByTestId("record-payment"));
    const dialog = within(await findDialog());
    type(dialog.getByTestId("record-amount"), "15.5555");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(await dialog.findByText("Enter an amount in KWD with up to three decimals")).toBeInTheDocument();
    await pick("record-business", "Salmiya Sweets");
    type(dialog.getByTestId("record-amount"), "30.5");
    fireEvent.change(dialog.getByLabelText("Months paid"), { target: { value: "2" } });
    type(dialog.getByTestId("record-receipt"), "NBK-778");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(
      await screen.findByText("30.500 KWD recorded for Salmiya Sweets; invoice INV-2026-000042"),
    ).toBeInTheDocument();
    expect(record.calls).toEqual([
      {
        businessId: "b9",
        amountFils: 30_500,
        method: "BANK_TRANSFER",
        purpose: "PERIOD",
        plan: null,
        months: 2,
        receipt: "NBK-778",
        note: null,
      },
    ]);
  });

  test("Record payment of a plan upgrade paid by transfer: the plan to move to is required, no months, sent as UPGRADE", async () => {
    const list = listing(() => []);
    const clients = recordedMock(AdminBillingClientsDocument, () => ({
      data: {
        clients: {
          __typename: "QueryClientsConnection",
          edges: [
            {
              __typename: "QueryClientsConnectionEdge",
              node: {
                __typename: "Client",
                id: "b7",
                companyName: "Qahwat Al Bahar",
                subscription: {
                  __typename: "ClientSubscription",
                  plan: "PROFESSIONAL",
                  status: "ACTIVE",
                  renewsAt: "2026-12-31T21:00:00.000Z",
                },
              },
            },
          ],
        },
      },
    }));
    const record = recordedMock(AdminRecordPaymentDocument, (v) => ({
      data: {
        recordManualPayment: payment("p8", {
          businessId: v.businessId,
          businessName: "Qahwat Al Bahar",
          plan: v.plan,
          amountFils: v.amountFils,
          method: v.method,
          gateway: "manual",
          receipt: v.receipt,
          invoiceNumber: "INV-2026-000043",
        }),
      },
    }));
    open([list.mock, clients.mock, record.mock]);
    fireEvent.click(await screen.findByTestId("record-payment"));
    const dialog = within(await findDialog());
    fireEvent.click(dialog.getByRole("radio", { name: "A plan upgrade" }));
    expect(await dialog.findByTestId("record-upgrade-hint")).toHaveTextContent(
      "the plan changes at once for the rest of that month, and the invoice is for the difference",
    );
    expect(dialog.queryByLabelText("Months paid")).toBeNull();
    await pick("record-business", "Qahwat Al Bahar");
    type(dialog.getByTestId("record-amount"), "21.935");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(await dialog.findByText("Choose the plan the café moves up to")).toBeInTheDocument();
    expect(record.calls).toEqual([]);
    await pick("record-plan", "Premium");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(
      await screen.findByText("21.935 KWD recorded for Qahwat Al Bahar; invoice INV-2026-000043"),
    ).toBeInTheDocument();
    expect(record.calls).toEqual([
      {
        businessId: "b7",
        amountFils: 21_935,
        method: "BANK_TRANSFER",
        purpose: "UPGRADE",
        plan: "PREMIUM",
        months: 1,
        receipt: null,
        note: null,
      },
    ]);
  });

  test("Refund is offered exactly where the server would refund (its money taken, something left), not by status alone", async () => {
    const rows = [
      payment("p-paid"),
      payment("p-part", { status: "PARTIALLY_REFUNDED", refundedFils: 5_000 }),
      payment("p-none-left", { status: "PARTIALLY_REFUNDED", refundedFils: 15_000 }),
      payment("p-paid-none-left", { status: "PAID", refundedFils: 15_000 }),
      payment("p-refunded", { status: "REFUNDED", refundedFils: 15_000 }),
      payment("p-pending", { status: "PENDING", invoiceNumber: null, invoicePdfUrl: null, paidAt: null }),
      payment("p-failed", { status: "FAILED", invoiceNumber: null, invoicePdfUrl: null, paidAt: null }),
      payment("p-abandoned", { status: "ABANDONED", invoiceNumber: null, invoicePdfUrl: null, paidAt: null }),
    ];
    open([listing(() => rows).mock]);
    expect(await screen.findByTestId("amount-p-paid")).toBeInTheDocument();
    const offered = rows.map((r) => r.id as string).filter((id) => screen.queryByTestId(`refund-${id}`));
    expect(offered).toEqual(["p-paid", "p-part"]);
  });

  test("Refund asks once more, then sends the amount in fils and says what happened", async () => {
    const list = listing(() => [payment("p1", { refundedFils: 5_000, status: "PARTIALLY_REFUNDED" })]);
    const refund = recordedMock(AdminRefundPaymentDocument, (v) => ({
      data: {
        refundPayment: {
          __typename: "RefundResult",
          refund: {
            __typename: "AdminRefund",
            id: "r1",
            amountFils: v.amountFils,
            status: "SUCCEEDED",
            creditNoteNumber: "CN-2026-000003",
          },
          payment: payment("p1", { refundedFils: 15_000, status: "REFUNDED" }),
        },
      },
    }));
    open([list.mock, refund.mock]);
    fireEvent.click(await screen.findByTestId("refund-p1"));
    const dialog = within(await findDialog());
    expect(dialog.getByText("At most 10.000 KWD is left of this payment.")).toBeInTheDocument();
    expect(dialog.getByTestId("refund-amount")).toHaveValue("10.000");
    type(dialog.getByTestId("refund-amount"), "10.001");
    type(dialog.getByTestId("refund-reason"), "Closed for renovation");
    fireEvent.click(dialog.getByTestId("refund-submit"));
    fireEvent.click(within(await openPopover()).getByText("Refund"));
    await waitFor(() => expect(dialog.getAllByText("At most 10.000 KWD is left of this payment.")).toHaveLength(2));
    expect(refund.calls).toHaveLength(0);
    type(dialog.getByTestId("refund-amount"), "10");
    fireEvent.click(dialog.getByTestId("refund-submit"));
    const confirm = within(
      await waitFor(() =>
        Array.from(document.querySelectorAll<HTMLElement>(".ant-popover:not(.ant-popover-hidden)")).find((p) =>
          p.textContent?.includes("Give back 10.000 KWD"),
        )!,
      ),
    );
    expect(confirm.getByText("Give back 10.000 KWD to Dar Al Qahwa?")).toBeInTheDocument();
    fireEvent.click(confirm.getByText("Refund"));
    expect(await screen.findByText("10.000 KWD refunded to Dar Al Qahwa")).toBeInTheDocument();
    expect(refund.calls).toEqual([{ paymentId: "p1", amountFils: 10_000, reason: "Closed for renovation" }]);
  });

  test("Extend period asks once more; a refusal is said in words", async () => {
    const list = listing(() => [payment("p1")]);
    const extend = recordedMock(AdminExtendPeriodDocument, (v) =>
      v.days === 30
        ? {
            errors: [
              {
                message: "This action is not possible in the current state",
                extensions: { code: "BAD_USER_INPUT", reason: "INVALID_STATE" },
              },
            ],
          }
        : {
            data: {
              extendPeriod: {
                __typename: "ExtendedSubscription",
                businessId: "b1",
                status: "ACTIVE",
                trialEndsAt: null,
                renewsAt: "2026-04-11T09:00:00.000Z",
              },
            },
          },
    );
    open([list.mock, extend.mock]);
    fireEvent.click(await screen.findByTestId("extend-p1"));
    const dialog = within(await findDialog());
    fireEvent.change(dialog.getByLabelText("Days to add (1–90)"), { target: { value: "10" } });
    fireEvent.blur(dialog.getByLabelText("Days to add (1–90)"));
    fireEvent.click(dialog.getByTestId("extend-submit"));
    const confirm = within(await openPopover());
    expect(confirm.getByText("Extend the period of Dar Al Qahwa? Days added: 10")).toBeInTheDocument();
    fireEvent.click(confirm.getByText("Extend period"));
    expect(await screen.findByText(/The period of Dar Al Qahwa now ends on /)).toBeInTheDocument();
    expect(extend.calls).toEqual([{ businessId: "b1", days: 10 }]);

    // an expired subscription has no period to extend: the server's reason, in the dialog, which stays open
    fireEvent.click(screen.getByTestId("extend-p1"));
    const again = within(await findDialog());
    fireEvent.change(again.getByLabelText("Days to add (1–90)"), { target: { value: "30" } });
    fireEvent.blur(again.getByLabelText("Days to add (1–90)"));
    fireEvent.click(again.getByTestId("extend-submit"));
    const second = await waitFor(() =>
      Array.from(document.querySelectorAll<HTMLElement>(".ant-popover:not(.ant-popover-hidden)")).find((p) =>
        p.textContent?.includes("Days added: 30"),
      )!,
    );
    fireEvent.click(within(second).getByText("Extend period"));
    expect(await screen.findByTestId("billing-modal-error")).toHaveTextContent(
      "This action is not possible in the current state",
    );
  });

  test("in Arabic: the tab, money in Arabic-Indic digits with the dinar's unit", async () => {
    await inLanguage("ar");
    const list = listing(() => [payment("p1", { amountFils: 1_234_500 })]);
    open([list.mock]);
    expect(await screen.findByRole("tab", { name: "الفوترة", selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId("stat-mrrFils")).toHaveTextContent("١٬٢٣٤٫٥٠٠ د.ك.");
    expect(await screen.findByTestId("amount-p1")).toHaveTextContent("١٬٢٣٤٫٥٠٠ د.ك.");
    expect(screen.getByText("تسجيل دفعة")).toBeInTheDocument();
    expect(within(screen.getByTestId("payments-table")).getByText("كي نت")).toBeInTheDocument();
  });

  const sub = (status: string) => ({
    __typename: "ClientSubscription",
    plan: "BASIC",
    status,
    trialEndsAt: "2026-03-20T09:00:00.000Z",
    renewsAt: "2026-03-20T09:00:00.000Z",
  });
  // allowedActions as the server's rule answers them for an active café in this subscription status
  const ALLOWED: Record<string, string[]> = {
    TRIAL: ["SUSPEND", "GIFT_TRIAL_DAYS", "RECORD_PAYMENT", "EXTEND_PERIOD"],
    EXPIRED: ["SUSPEND", "GIFT_TRIAL_DAYS", "RECORD_PAYMENT"],
  };
  const row = (id: string, name: string, status: string) => ({
    __typename: "Client",
    id,
    companyName: name,
    contactName: "Noura",
    email: `${id}@example.kw`,
    phone: "+96512345678",
    status: "ACTIVE",
    requestedPlan: "BASIC",
    createdAt: "2026-03-01T09:00:00.000Z",
    subscription: sub(status),
    allowedActions: ALLOWED[status],
  });
  const clientPage = (c: ReturnType<typeof row>, invoices: object[] = []) => {
    const list = recordedMock(AdminClientsDocument, () => ({
      data: {
        clients: {
          __typename: "QueryClientsConnection",
          totalCount: 1,
          pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
          edges: [{ __typename: "QueryClientsConnectionEdge", node: c }],
        },
      },
    }));
    const one = recordedMock(ClientDetailsDocument, () => ({
      data: {
        client: {
          ...c,
          address: "",
          approvedAt: "2026-03-01T09:00:00.000Z",
          rejectionReason: null,
          emailVerified: true,
          users: [],
          auditHistory: [],
        },
        invoices,
      },
    }));
    return [list.mock, one.mock];
  };

  test("a client's details extend a running trial, after asking once more", async () => {
    const extend = recordedMock(AdminExtendPeriodDocument, () => ({
      data: {
        extendPeriod: {
          __typename: "ExtendedSubscription",
          businessId: "c2",
          status: "TRIAL",
          trialEndsAt: "2026-03-30T09:00:00.000Z",
          renewsAt: "2026-03-30T09:00:00.000Z",
        },
      },
    }));
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      ...clientPage(row("c2", "Salmiya Sweets", "TRIAL")),
      extend.mock,
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    fireEvent.click(await drawer.findByTestId("details-extend"));
    const dialog = within(await findDialog());
    fireEvent.change(dialog.getByLabelText("Days to add (1–90)"), { target: { value: "10" } });
    fireEvent.blur(dialog.getByLabelText("Days to add (1–90)"));
    fireEvent.click(dialog.getByTestId("extend-submit"));
    fireEvent.click(within(await openPopover()).getByText("Extend period"));
    expect(await screen.findByText(/The period of Salmiya Sweets now ends on /)).toBeInTheDocument();
    expect(extend.calls).toEqual([{ businessId: "c2", days: 10 }]);
  });

  test("a client's details list its invoices and credit notes; a number downloads its PDF", async () => {
    const invoices = [
      {
        __typename: "Invoice",
        id: "i2",
        number: "CN-2026-000001",
        kind: "CREDIT_NOTE",
        issuedAt: "2026-03-05T09:00:00.000Z",
        totalFils: 5_000,
        relatesTo: "INV-2026-000007",
        pdfUrl: "/api/billing/invoices/i2/pdf",
      },
      {
        __typename: "Invoice",
        id: "i1",
        number: "INV-2026-000007",
        kind: "INVOICE",
        issuedAt: "2026-03-01T09:00:00.000Z",
        totalFils: 15_000,
        relatesTo: null,
        pdfUrl: "/api/billing/invoices/i1/pdf",
      },
    ];
    const got = pdfFetch();
    renderWithMocks(
      [{ path: "/admin/clients", element: <ClientsPage /> }],
      "/admin/clients?client=c2",
      clientPage(row("c2", "Salmiya Sweets", "TRIAL"), invoices),
    );
    const list = within(await screen.findByTestId("client-invoices"));
    expect(list.getByText("Credit note")).toBeInTheDocument();
    expect(list.getByText("-5.000 KWD")).toBeInTheDocument();
    expect(list.getByText("15.000 KWD")).toBeInTheDocument();
    fireEvent.click(list.getByTestId("invoice-link-INV-2026-000007"));
    expect(await screen.findByText("Saved INV-2026-000007.pdf")).toBeInTheDocument();
    expect(got.urls).toEqual(["/api/billing/invoices/i1/pdf?lang=en&digits=arabic"]);
  });

  test("a client without invoices says so", async () => {
    renderWithMocks(
      [{ path: "/admin/clients", element: <ClientsPage /> }],
      "/admin/clients?client=c2",
      clientPage(row("c2", "Salmiya Sweets", "TRIAL")),
    );
    expect(await screen.findByText("No invoices yet: one is issued when a payment is received.")).toBeInTheDocument();
  });

  test("an expired client's details offer a payment, not an extension", async () => {
    renderWithMocks(
      [{ path: "/admin/clients", element: <ClientsPage /> }],
      "/admin/clients?client=c3",
      clientPage(row("c3", "Fahaheel Grill", "EXPIRED")),
    );
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByTestId("details-record-payment")).toBeInTheDocument();
    expect(drawer.queryByTestId("details-extend")).toBeNull();
  });
});
