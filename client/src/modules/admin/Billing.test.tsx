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
  ClientDetailsDocument,
} from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover, pick, type } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth } from "../../../test/screens.tsx";
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
  billing: { __typename: "AdminBillingFigures", mrrFils: 1_234_500, monthRevenueFils: 79_000, trial: 5, active: 3, pastDue: 1, expired: 2, cancelled: 0 },
};
const statsMock = { request: { query: AdminStatsDocument }, result: { data: { adminStats: stats } }, maxUsageCount: 10 };
const quiet = { request: { query: AdminStatsUpdatedDocument }, result: { data: { adminStatsUpdated: stats } }, delay: 60_000 };

const payment = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "AdminPayment",
  id,
  businessId: "b1",
  businessName: "Dar Al Qahwa",
  plan: "PROFESSIONAL",
  amountFils: 15_000,
  refundedFils: 0,
  status: "PAID",
  method: "KNET",
  gateway: "tap",
  receipt: "KNET-1001",
  note: null,
  invoiceNumber: "INV-2026-000001",
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
const listing = (rows: (v: Record<string, unknown>) => object[]) => recordedMock(AdminPaymentsDocument, (v) => ({ data: page(rows(v)) }));

beforeEach(() => freshStart({ as: "admin", width: 1280 }));
afterEach(resetScreenWidth);

const open = (mocks: object[]) => renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin?tab=billing", [statsMock, quiet, ...(mocks as never[])]);

describe("the Billing tab", () => {
  test("figures as money, the payments, and the filters ask the server again", async () => {
    const list = listing((v) => (v.status === "REFUNDED" ? [payment("p2", { status: "REFUNDED", refundedFils: 15_000 })] : [payment("p1"), payment("p2", { method: "BANK_TRANSFER", gateway: "manual", receipt: null })]));
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
      data: { clients: { __typename: "QueryClientsConnection", edges: [{ __typename: "QueryClientsConnectionEdge", node: { __typename: "Client", id: "b9", companyName: "Salmiya Sweets", subscription: { __typename: "ClientSubscription", plan: "BASIC", status: "EXPIRED", renewsAt: null } } }] } },
    }));
    const record = recordedMock(AdminRecordPaymentDocument, (v) => ({ data: { recordManualPayment: payment("p9", { businessId: v.businessId, businessName: "Salmiya Sweets", amountFils: v.amountFils, method: v.method, gateway: "manual", receipt: v.receipt, invoiceNumber: "INV-2026-000042" }) } }));
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
    expect(await screen.findByText("30.500 KWD recorded for Salmiya Sweets; invoice INV-2026-000042")).toBeInTheDocument();
    expect(record.calls).toEqual([{ businessId: "b9", amountFils: 30_500, method: "BANK_TRANSFER", purpose: "PERIOD", plan: null, months: 2, receipt: "NBK-778", note: null }]);
  });

  test("Record payment of a plan upgrade paid by transfer: the plan to move to is required, no months, sent as UPGRADE", async () => {
    const list = listing(() => []);
    const clients = recordedMock(AdminBillingClientsDocument, () => ({
      data: { clients: { __typename: "QueryClientsConnection", edges: [{ __typename: "QueryClientsConnectionEdge", node: { __typename: "Client", id: "b7", companyName: "Qahwat Al Bahar", subscription: { __typename: "ClientSubscription", plan: "PROFESSIONAL", status: "ACTIVE", renewsAt: "2026-12-31T21:00:00.000Z" } } }] } },
    }));
    const record = recordedMock(AdminRecordPaymentDocument, (v) => ({ data: { recordManualPayment: payment("p8", { businessId: v.businessId, businessName: "Qahwat Al Bahar", plan: v.plan, amountFils: v.amountFils, method: v.method, gateway: "manual", receipt: v.receipt, invoiceNumber: "INV-2026-000043" }) } }));
    open([list.mock, clients.mock, record.mock]);
    fireEvent.click(await screen.findByTestId("record-payment"));
    const dialog = within(await findDialog());
    fireEvent.click(dialog.getByRole("radio", { name: "A plan upgrade" }));
    expect(await dialog.findByTestId("record-upgrade-hint")).toHaveTextContent("the plan changes at once for the rest of that month, and the invoice is for the difference");
    expect(dialog.queryByLabelText("Months paid")).toBeNull();
    await pick("record-business", "Qahwat Al Bahar");
    type(dialog.getByTestId("record-amount"), "21.935");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(await dialog.findByText("Choose the plan the café moves up to")).toBeInTheDocument();
    expect(record.calls).toEqual([]);
    await pick("record-plan", "Premium");
    fireEvent.click(dialog.getByText("Record payment", { selector: "button span" }));
    expect(await screen.findByText("21.935 KWD recorded for Qahwat Al Bahar; invoice INV-2026-000043")).toBeInTheDocument();
    expect(record.calls).toEqual([{ businessId: "b7", amountFils: 21_935, method: "BANK_TRANSFER", purpose: "UPGRADE", plan: "PREMIUM", months: 1, receipt: null, note: null }]);
  });

  test("Refund asks once more, then sends the amount in fils and says what happened", async () => {
    const list = listing(() => [payment("p1", { refundedFils: 5_000, status: "PARTIALLY_REFUNDED" })]);
    const refund = recordedMock(AdminRefundPaymentDocument, (v) => ({
      data: { refundPayment: { __typename: "RefundResult", refund: { __typename: "AdminRefund", id: "r1", amountFils: v.amountFils, status: "SUCCEEDED", creditNoteNumber: "CN-2026-000003" }, payment: payment("p1", { refundedFils: 15_000, status: "REFUNDED" }) } },
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
    const confirm = within(await waitFor(() => Array.from(document.querySelectorAll<HTMLElement>(".ant-popover:not(.ant-popover-hidden)")).find((p) => p.textContent?.includes("Give back 10.000 KWD"))!));
    expect(confirm.getByText("Give back 10.000 KWD to Dar Al Qahwa?")).toBeInTheDocument();
    fireEvent.click(confirm.getByText("Refund"));
    expect(await screen.findByText("10.000 KWD refunded to Dar Al Qahwa")).toBeInTheDocument();
    expect(refund.calls).toEqual([{ paymentId: "p1", amountFils: 10_000, reason: "Closed for renovation" }]);
  });

  test("Extend period asks once more; a refusal is said in words", async () => {
    const list = listing(() => [payment("p1")]);
    const extend = recordedMock(AdminExtendPeriodDocument, (v) =>
      v.days === 30
        ? { errors: [{ message: "This action is not possible in the current state", extensions: { code: "BAD_USER_INPUT", reason: "INVALID_STATE" } }] }
        : { data: { extendPeriod: { __typename: "ExtendedSubscription", businessId: "b1", status: "ACTIVE", trialEndsAt: null, renewsAt: "2026-04-11T09:00:00.000Z" } } },
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
    const second = await waitFor(() => Array.from(document.querySelectorAll<HTMLElement>(".ant-popover:not(.ant-popover-hidden)")).find((p) => p.textContent?.includes("Days added: 30"))!);
    fireEvent.click(within(second).getByText("Extend period"));
    expect(await screen.findByTestId("billing-modal-error")).toHaveTextContent("This action is not possible in the current state");
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

  const sub = (status: string) => ({ __typename: "ClientSubscription", plan: "BASIC", status, trialEndsAt: "2026-03-20T09:00:00.000Z", renewsAt: "2026-03-20T09:00:00.000Z" });
  const row = (id: string, name: string, status: string) => ({ __typename: "Client", id, companyName: name, contactName: "Noura", email: `${id}@example.kw`, phone: "+96512345678", status: "ACTIVE", requestedPlan: "BASIC", createdAt: "2026-03-01T09:00:00.000Z", subscription: sub(status) });
  const clientPage = (c: ReturnType<typeof row>) => {
    const list = recordedMock(AdminClientsDocument, () => ({ data: { clients: { __typename: "QueryClientsConnection", totalCount: 1, pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null }, edges: [{ __typename: "QueryClientsConnectionEdge", node: c }] } } }));
    const one = recordedMock(ClientDetailsDocument, () => ({ data: { client: { ...c, address: "", approvedAt: "2026-03-01T09:00:00.000Z", rejectionReason: null, emailVerified: true, users: [], auditHistory: [] } } }));
    return [list.mock, one.mock];
  };

  test("a client's details extend a running trial, after asking once more", async () => {
    const extend = recordedMock(AdminExtendPeriodDocument, () => ({ data: { extendPeriod: { __typename: "ExtendedSubscription", businessId: "c2", status: "TRIAL", trialEndsAt: "2026-03-30T09:00:00.000Z", renewsAt: "2026-03-30T09:00:00.000Z" } } }));
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [...clientPage(row("c2", "Salmiya Sweets", "TRIAL")), extend.mock]);
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

  test("an expired client's details offer a payment, not an extension", async () => {
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c3", clientPage(row("c3", "Fahaheel Grill", "EXPIRED")));
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByTestId("details-record-payment")).toBeInTheDocument();
    expect(drawer.queryByTestId("details-extend")).toBeNull();
  });
});
