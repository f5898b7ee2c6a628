// The admin console and the clients screen, on real (mocked GraphQL) numbers: health tags, counts by
// status, the newest sign-ups; the list with its filter, and each action confirming what happened.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { clientActions, type BillingStatus, type BusinessStatus } from "@sufra/schema";
import { fakeFetch, findDialog } from "../../../test/render.tsx";
import {
  AdminClientsDocument,
  AdminStatsDocument,
  AdminStatsUpdatedDocument,
  ClientDetailsDocument,
  ApproveClientDocument,
  GiftTrialDaysDocument,
  RejectClientDocument,
  SuspendClientDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import AdminPage from "./AdminPage.tsx";
import ClientsPage from "./ClientsPage.tsx";

const DAY = 86_400_000;
const created = "2026-03-01T09:00:00.000Z";

/** What the server answers as allowedActions for this state (the same rule: @sufra/schema clientActions). */
const allowed = (status: string, subscription: Record<string, unknown> | null) =>
  clientActions({
    status: status.toLowerCase() as BusinessStatus,
    subscription: subscription
      ? {
          status: String(subscription.status).toLowerCase() as BillingStatus,
          renewsAt: (subscription.renewsAt as string | null) ?? "2026-12-01T00:00:00Z",
        }
      : null,
  }).map((a) => a.toUpperCase());

function client(id: string, companyName: string, status: string, subscription: Record<string, unknown> | null = null) {
  return {
    allowedActions: allowed(status, subscription),
    __typename: "Client",
    id,
    companyName,
    contactName: `${companyName} contact`,
    email: `${id}@example.kw`,
    phone: "+96512345678",
    status,
    requestedPlan: "PROFESSIONAL",
    createdAt: created,
    subscription: subscription && {
      __typename: "ClientSubscription",
      plan: "PROFESSIONAL",
      trialEndsAt: null,
      renewsAt: null,
      ...subscription,
    },
  };
}

const pendingCafe = client("c1", "Dar Al Qahwa", "PENDING");
const trialCafe = client("c2", "Salmiya Sweets", "ACTIVE", {
  status: "TRIAL",
  trialEndsAt: new Date(Date.now() + 5 * DAY).toISOString(),
});

const connection = (nodes: object[], totalCount = nodes.length) => ({
  clients: {
    __typename: "QueryClientsConnection",
    totalCount,
    pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
    edges: nodes.map((node) => ({ __typename: "QueryClientsConnectionEdge", node })),
  },
});

const listMock = (nodes: object[], variables: Record<string, unknown> = { first: 20 }) => ({
  request: { query: AdminClientsDocument, variables },
  result: { data: connection(nodes) },
});

/** The open modal (queried by class: role queries are slow over antd's table in jsdom). */

beforeEach(() => freshStart({ as: "admin", width: 1280 }));
afterEach(resetScreenWidth);

describe("admin console", () => {
  const statsOf = (over: Partial<Record<string, number>> = {}) => ({
    __typename: "AdminStats",
    totalClients: 12,
    activeClients: 7,
    pendingApprovals: 3,
    newSignups: 4,
    totalPosts: 40,
    todayPosts: 5,
    ...over,
    systemHealth: {
      __typename: "SystemHealth",
      api: "HEALTHY",
      database: "HEALTHY",
      scheduler: "DEGRADED",
      reasons: [{ __typename: "HealthReason", part: "scheduler", code: "stale_heartbeat", value: 75, limit: 30 }],
    },
    recentClients: [
      {
        __typename: "RecentClient",
        id: "c1",
        name: "Dar Al Qahwa",
        email: "c1@example.kw",
        plan: "professional",
        status: "pending",
        lastActive: null,
        allowedActions: ["APPROVE", "REJECT"],
      },
      // paid and running: no gift of trial days (the server's rule refuses it)
      {
        __typename: "RecentClient",
        id: "c9",
        name: "Paid Cafe",
        email: "c9@example.kw",
        plan: "basic",
        status: "active",
        lastActive: null,
        allowedActions: ["SUSPEND", "RECORD_PAYMENT", "EXTEND_PERIOD"],
      },
      {
        __typename: "RecentClient",
        id: "c8",
        name: "Trial Cafe",
        email: "c8@example.kw",
        plan: "basic",
        status: "active",
        lastActive: null,
        allowedActions: ["SUSPEND", "GIFT_TRIAL_DAYS", "RECORD_PAYMENT", "EXTEND_PERIOD"],
      },
    ],
    billing: {
      __typename: "AdminBillingFigures",
      mrrFils: 1_234_500,
      monthRevenueFils: 64_000,
      trial: 5,
      active: 3,
      pastDue: 1,
      expired: 2,
      cancelled: 0,
    },
  });
  const overview = { request: { query: AdminStatsDocument }, result: { data: { adminStats: statsOf() } } };
  const quiet = {
    request: { query: AdminStatsUpdatedDocument },
    result: { data: { adminStatsUpdated: statsOf() } },
    delay: 60_000,
  };

  test("overview: six figures, health with the reason, the recent clients with their actions", async () => {
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin", [overview, quiet]);
    expect(await screen.findByTestId("stat-totalClients")).toHaveTextContent("Total clients12");
    expect(screen.getByTestId("stat-activeClients")).toHaveTextContent("Active clients7");
    expect(screen.getByTestId("stat-pendingApprovals")).toHaveTextContent("Pending approvals3");
    expect(screen.getByTestId("stat-newSignups")).toHaveTextContent("New sign-ups (7 days)4");
    expect(screen.getByTestId("stat-totalPosts")).toHaveTextContent("Total posts40");
    expect(screen.getByTestId("stat-todayPosts")).toHaveTextContent("Posts today5");
    expect(screen.getByTestId("stat-mrrFils")).toHaveTextContent("MRR1,234.500 KWD");
    expect(screen.getByTestId("stat-monthRevenueFils")).toHaveTextContent("Revenue this month64.000 KWD");
    expect(screen.getByTestId("stat-billing-pastDue")).toHaveTextContent("Past due1");

    const healthCard = within(screen.getByTestId("health-card"));
    expect(healthCard.getByText("Degraded")).toBeInTheDocument();
    expect(healthCard.getAllByText("Healthy")).toHaveLength(2);
    expect(healthCard.getByTestId("health-reason-scheduler")).toHaveTextContent(
      "Last run 75 s ago (expected every 30 s)",
    );

    const table = within(screen.getByTestId("recent-clients"));
    const rowOf = (name: string) => within(table.getAllByRole("row").find((r) => within(r).queryByText(name))!);
    const first = rowOf("Dar Al Qahwa");
    expect(first.getByText("c1@example.kw")).toBeInTheDocument();
    expect(first.getByText("Professional")).toBeInTheDocument();
    expect(first.getByText("Never")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(first.getByText("View details").closest("a")).toHaveAttribute("href", "/admin/clients?client=c1");
    expect(screen.getByRole("button", { name: "Review 3 pending sign-ups" })).toBeInTheDocument();
    // actions offered only where the server's rule allows them (allowedActions)
    expect(rowOf("Paid Cafe").queryByRole("button", { name: "Gift trial days" })).toBeNull();
    expect(rowOf("Trial Cafe").getByRole("button", { name: "Gift trial days" })).toBeInTheDocument();
    expect(rowOf("Dar Al Qahwa").queryByRole("button", { name: "Gift trial days" })).toBeNull();
  });

  test("on a phone the recent clients are cards with their actions in reach (no table to scroll sideways)", async () => {
    setScreenWidth(390);
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin", [overview, quiet]);
    const cards = await screen.findAllByTestId("recent-client-card");
    expect(cards).toHaveLength(3);
    expect(document.querySelector(".ant-table")).toBeNull();
    expect(within(cards[0]!).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(within(cards[2]!).getByRole("button", { name: "Gift trial days" })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole("button", { name: "Gift trial days" })).toBeNull();
  });

  test("with no sign-ups waiting, no 'Review 0 pending sign-ups': it says nobody is waiting", async () => {
    const none = {
      request: { query: AdminStatsDocument },
      result: { data: { adminStats: statsOf({ pendingApprovals: 0 }) } },
    };
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin", [none, quiet]);
    expect(await screen.findByTestId("no-pending")).toHaveTextContent("No sign-ups are waiting for review.");
    expect(screen.queryByRole("button", { name: /pending sign-up/ })).toBeNull();
  });

  test("figures pushed by the server replace the shown ones", async () => {
    const push = {
      request: { query: AdminStatsUpdatedDocument },
      result: { data: { adminStatsUpdated: statsOf({ totalClients: 13, pendingApprovals: 4 }) } },
      delay: 50,
    };
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin", [overview, push]);
    expect(await screen.findByTestId("stat-totalClients")).toHaveTextContent("Total clients12");
    await waitFor(() => expect(screen.getByTestId("stat-totalClients")).toHaveTextContent("Total clients13"));
    expect(screen.getByTestId("stat-pendingApprovals")).toHaveTextContent("Pending approvals4");
  });

  test("the Translations tab holds the editor", async () => {
    fakeFetch({
      "GET /api/translations/list": [
        200,
        {
          categories: [
            { name: "auth", translations: [{ key: "auth:login.title", en: "Welcome back", ar: "أهلًا بعودتك" }] },
          ],
        },
      ],
    });
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin?tab=translations", [overview, quiet]);
    expect(await screen.findByLabelText("Search by key, English or Arabic")).toBeInTheDocument();
  });

  test("in Arabic", async () => {
    await inLanguage("ar");
    renderWithMocks([{ path: "/admin", element: <AdminPage /> }], "/admin", [overview, quiet]);
    expect((await screen.findByText("لوحة الإدارة")).tagName).toBe("H1");
    expect(await screen.findByTestId("stat-totalClients")).toHaveTextContent("إجمالي العملاء١٢");
    expect(screen.getByTestId("stat-mrrFils")).toHaveTextContent("الإيراد الشهري المتكرر١٬٢٣٤٫٥٠٠ د.ك.");
    expect(within(screen.getByTestId("health-card")).getByText("متراجع")).toBeInTheDocument();
    expect(screen.getByTestId("health-reason-scheduler")).toHaveTextContent("آخر تشغيل قبل ٧٥ ثانية");
  });
});

describe("clients", () => {
  test("a table of clients; the status filter asks the server again", async () => {
    const { router } = renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([pendingCafe, trialCafe]),
      listMock([pendingCafe], { first: 20, status: "PENDING" }),
    ]);
    const table = within(await screen.findByTestId("clients-table"));
    expect(await table.findByText("Dar Al Qahwa")).toBeInTheDocument();
    expect(table.getByText("Salmiya Sweets")).toBeInTheDocument();
    expect(table.getByText("Dar Al Qahwa contact")).toBeInTheDocument();
    expect(screen.getByText("2 clients")).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId("status-filter")).getByText("Pending"));
    await waitFor(() => expect(router.state.location.search).toBe("?status=pending"));
    await waitFor(() => expect(screen.getByText("1 client")).toBeInTheDocument());
    expect(screen.queryByText("Salmiya Sweets")).toBeNull();
  });

  test("Approve asks first, then says what happened and refreshes the list", async () => {
    const approved = client("c1", "Dar Al Qahwa", "ACTIVE", {
      status: "TRIAL",
      trialEndsAt: new Date(Date.now() + 14 * DAY).toISOString(),
    });
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([pendingCafe]),
      {
        request: { query: ApproveClientDocument, variables: { id: "c1" } },
        result: { data: { approveClient: approved } },
      },
      listMock([approved]),
    ]);
    fireEvent.click(await screen.findByText("Approve"));
    expect(await screen.findByText("Approve Dar Al Qahwa? Their 14-day free trial starts now.")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Yes"));
    expect(await screen.findByText("Dar Al Qahwa is approved; their free trial has started.")).toBeInTheDocument();
    expect(await screen.findByText("Suspend")).toBeInTheDocument();
  });

  test("Reject asks for the reason", async () => {
    const rejected = client("c1", "Dar Al Qahwa", "REJECTED");
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([pendingCafe]),
      {
        request: { query: RejectClientDocument, variables: { id: "c1", reason: "Not a food business" } },
        result: { data: { rejectClient: rejected } },
      },
      listMock([rejected]),
    ]);
    fireEvent.click(await screen.findByText("Reject"));
    const dialog = within(await findDialog());
    expect(dialog.getByText("Reject Dar Al Qahwa")).toBeInTheDocument();
    fireEvent.click(dialog.getByText("Reject sign-up"));
    expect(await dialog.findByText("Please give a reason")).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "Not a food business" } });
    fireEvent.click(dialog.getByText("Reject sign-up"));
    expect(await screen.findByText("Dar Al Qahwa is rejected. We e-mailed them the reason.")).toBeInTheDocument();
  });

  test("Gift trial days is offered where a gift can reopen or extend a trial, never on a paid month", async () => {
    const cancelled = client("c3", "Karak Corner", "ACTIVE", { status: "CANCELLED" });
    const paid = client("c4", "Qahwa House", "ACTIVE", { status: "ACTIVE" });
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([cancelled, paid]),
    ]);
    const rows = await screen.findAllByRole("row");
    const rowOf = (name: string) => within(rows.find((r) => within(r).queryByText(name))!);
    expect(rowOf("Karak Corner").getByText("Gift trial days")).toBeInTheDocument();
    expect(rowOf("Qahwa House").queryByText("Gift trial days")).toBeNull();
  });

  test("the buttons follow the server's allowedActions, not a guess from the status", async () => {
    // a trial café the server says may not be gifted days now (say, a rule the client does not know)
    const held = { ...trialCafe, id: "c5", companyName: "Held Cafe", allowedActions: ["SUSPEND"] };
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [listMock([held])]);
    const row = within((await screen.findAllByRole("row")).find((r) => within(r).queryByText("Held Cafe"))!);
    expect(row.getByText("Suspend")).toBeInTheDocument();
    expect(row.queryByText("Gift trial days")).toBeNull();
  });

  test("Gift trial days takes 1 to 90 days", async () => {
    const gifted = {
      ...trialCafe,
      subscription: { ...trialCafe.subscription!, trialEndsAt: new Date(Date.now() + 15 * DAY).toISOString() },
    };
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([trialCafe]),
      {
        request: { query: GiftTrialDaysDocument, variables: { id: "c2", days: 10 } },
        result: { data: { giftTrialDays: gifted } },
      },
      listMock([gifted]),
    ]);
    fireEvent.click(await screen.findByText("Gift trial days"));
    const dialog = within(await findDialog());
    const days = dialog.getByLabelText("Days to add (1–90)");
    fireEvent.change(days, { target: { value: "" } });
    fireEvent.click(dialog.getByText("Gift days"));
    expect(await dialog.findByText("Trial days must be a whole number from 1 to 90")).toBeInTheDocument();
    fireEvent.change(days, { target: { value: "10" } });
    fireEvent.click(dialog.getByText("Gift days"));
    expect(await screen.findByText("Salmiya Sweets got 10 more trial days.")).toBeInTheDocument();
  });

  test("a refused action shows the server's message", async () => {
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([trialCafe]),
      {
        request: { query: SuspendClientDocument, variables: { id: "c2" } },
        result: {
          errors: [
            {
              message: "This action is not possible in the current state",
              extensions: { code: "BAD_USER_INPUT", reason: "INVALID_STATE" },
            },
          ],
        },
      },
    ]);
    fireEvent.click(await screen.findByText("Suspend"));
    fireEvent.click(await screen.findByText("Yes"));
    expect(await screen.findByText("This action is not possible in the current state")).toBeInTheDocument();
  });

  test("on a small screen, clients are cards", async () => {
    setScreenWidth(360);
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([pendingCafe, trialCafe]),
    ]);
    const cards = await screen.findAllByTestId("client-card");
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId("clients-table")).toBeNull();
    expect(within(cards[0]).getByText("Dar Al Qahwa")).toBeInTheDocument();
    expect(within(cards[0]).getByText("Approve").closest("button")).toBeInTheDocument();
  });

  test("on a phone, a card opens the client's details (its name, and 'View details')", async () => {
    setScreenWidth(390);
    const fatma = {
      __typename: "User",
      id: "u1",
      name: "Fatma",
      email: "fatma.alsabah.longname@example.kw",
      role: "CLIENT",
      createdAt: new Date().toISOString(),
    };
    const details = {
      request: { query: ClientDetailsDocument, variables: { id: "c2" } },
      result: {
        data: {
          client: {
            ...trialCafe,
            address: "Salmiya, Block 10",
            approvedAt: new Date().toISOString(),
            rejectionReason: null,
            emailVerified: true,
            users: [fatma],
            auditHistory: [],
          },
          invoices: [],
        },
      },
    };
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients", [
      listMock([pendingCafe, trialCafe]),
      details,
      details,
    ]);
    const cards = await screen.findAllByTestId("client-card");
    expect(screen.queryByTestId("clients-table")).toBeNull();
    // the name is a button in the card (not text in a desktop-only column)
    const name = within(cards[1]).getByRole("button", { name: trialCafe.companyName });
    fireEvent.click(name);
    const drawer = await screen.findByTestId("client-details");
    expect(await within(drawer).findByText("Salmiya, Block 10")).toBeInTheDocument();
    // its people are lines, not a table to scroll sideways
    expect(within(within(drawer).getByTestId("client-people")).getByText(fatma.email)).toBeInTheDocument();
    expect(drawer.querySelector(".ant-table")).toBeNull();
    expect(within(cards[0]).getByRole("button", { name: "View details" })).toBeInTheDocument();
  });
});

describe("client details", () => {
  test("?client= opens the details: subscription, people and history", async () => {
    const details = {
      request: { query: ClientDetailsDocument, variables: { id: "c2" } },
      result: {
        data: {
          client: {
            ...trialCafe,
            address: "Salmiya, Block 10",
            approvedAt: new Date().toISOString(),
            rejectionReason: null,
            emailVerified: true,
            users: [
              {
                __typename: "User",
                id: "u1",
                name: "Fatma",
                email: "fatma@example.kw",
                role: "CLIENT",
                createdAt: new Date().toISOString(),
              },
            ],
            auditHistory: [
              {
                __typename: "AuditEntry",
                id: "a2",
                action: "client.approved",
                actor: null,
                data: "{}",
                createdAt: new Date().toISOString(),
              },
              {
                __typename: "AuditEntry",
                id: "a1",
                action: "client.signed_up",
                actor: null,
                data: "{}",
                createdAt: new Date().toISOString(),
              },
            ],
          },
          invoices: [],
        },
      },
    };
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      listMock([pendingCafe, trialCafe]),
      details,
      listMock([trialCafe], { first: 20, plan: "PREMIUM" }),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByText("fatma@example.kw")).toBeInTheDocument();
    expect(drawer.getByText("Salmiya, Block 10")).toBeInTheDocument();
    expect(drawer.getByText("Approved")).toBeInTheDocument();
    expect(drawer.getAllByText("Signed up").length).toBeGreaterThan(0);
  });

  const audit = (id: string, action: string, more: Record<string, unknown> = {}) => ({
    __typename: "AuditEntry",
    id,
    action,
    actor: null,
    data: "{}",
    createdAt: new Date().toISOString(),
    ...more,
  });
  const detailsOf = (c: { id: string }, auditHistory: object[], invoices: object[] = []) => ({
    request: { query: ClientDetailsDocument, variables: { id: c.id } },
    result: {
      data: {
        client: {
          ...c,
          address: "",
          approvedAt: null,
          rejectionReason: null,
          emailVerified: true,
          users: [],
          auditHistory,
        },
        invoices,
      },
    },
  });

  test("the history names the demo's seeding in words, in Arabic too", async () => {
    const rows = [audit("a3", "demo.history_seeded"), audit("a2", "demo.profile_seeded"), audit("a1", "demo.seeded")];
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      listMock([trialCafe]),
      detailsOf(trialCafe, rows),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByText("Demo posts added")).toBeInTheDocument();
    expect(drawer.getByText("Demo profile and menu added")).toBeInTheDocument();
    expect(drawer.getByText("Demo café created")).toBeInTheDocument();
    expect(drawer.queryByText(/demo\./)).toBeNull();
  });

  test("in Arabic, an unknown action reads as other activity", async () => {
    await inLanguage("ar");
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      listMock([trialCafe]),
      detailsOf(trialCafe, [audit("a2", "demo.seeded"), audit("a1", "robot.did_something")]),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByText("تم إنشاء المقهى التجريبي")).toBeInTheDocument();
    expect(drawer.getByText("نشاط آخر")).toBeInTheDocument();
    expect(drawer.queryByText(/robot|demo\./)).toBeNull();
  });

  test("the history labels billing's events and says who acted and what changed", async () => {
    const admin = { __typename: "AuditActor", id: "u9", name: "Sara Admin", email: "sara@sufra.kw", role: "ADMIN" };
    const rows = [
      audit("a6", "billing.kept", {
        actor: { ...admin, id: "u1", name: "Fatma", email: "fatma@example.kw", role: "OWNER" },
      }),
      audit("a5", "billing.cancel_at_period_end"),
      audit("a4", "billing.payment_abandoned", {
        data: JSON.stringify({ paymentId: "p1", gatewayStatus: "ABANDONED" }),
      }),
      audit("a3", "billing.payment_failed"),
      audit("a2", "billing.past_due"),
      audit("a1", "billing.period_extended", {
        actor: admin,
        data: JSON.stringify({ days: 5, from: { status: "active" } }),
      }),
    ];
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      listMock([trialCafe]),
      detailsOf(trialCafe, rows),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    expect(await drawer.findByText("Cancellation withdrawn: subscription kept")).toBeInTheDocument();
    for (const label of [
      "Set to cancel at the period's end",
      "Payment left unfinished",
      "Payment failed",
      "Payment overdue (grace started)",
      "Period extended",
    ])
      expect(drawer.getByText(label)).toBeInTheDocument();
    expect(drawer.queryByText("Other activity")).toBeNull();
    expect(drawer.getByTestId("audit-a1-actor")).toHaveTextContent("By Sara Admin (sara@sufra.kw)");
    expect(drawer.getByTestId("audit-a4-actor")).toHaveTextContent("By Sufra (automatic)");
    expect(drawer.getByTestId("audit-a1-details")).toHaveTextContent("Days: 5");
    expect(drawer.getByTestId("audit-a1-details")).toHaveTextContent("Before: Status: Paid");
    expect(drawer.getByTestId("audit-a4-details")).toHaveTextContent("Payment service's status: ABANDONED");
    expect(drawer.queryByTestId("audit-a3-details")).toBeNull();
  });

  test("approving from the details refreshes the history", async () => {
    const approved = client("c1", "Dar Al Qahwa", "ACTIVE", {
      status: "TRIAL",
      trialEndsAt: new Date(Date.now() + 14 * DAY).toISOString(),
    });
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c1", [
      listMock([pendingCafe]),
      detailsOf(pendingCafe, [audit("a1", "client.signed_up")]),
      {
        request: { query: ApproveClientDocument, variables: { id: "c1" } },
        result: { data: { approveClient: approved } },
      },
      listMock([approved]),
      detailsOf(approved, [audit("a2", "client.approved"), audit("a1", "client.signed_up")]),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    await drawer.findByText("Approve");
    expect(drawer.queryByText("Approved")).toBeNull();
    fireEvent.click(drawer.getByText("Approve"));
    fireEvent.click(await screen.findByText("Yes"));
    expect(await drawer.findByText("Approved")).toBeInTheDocument();
  });

  test("gifting days from the details refreshes the history", async () => {
    const gifted = {
      ...trialCafe,
      subscription: { ...trialCafe.subscription!, trialEndsAt: new Date(Date.now() + 15 * DAY).toISOString() },
    };
    renderWithMocks([{ path: "/admin/clients", element: <ClientsPage /> }], "/admin/clients?client=c2", [
      listMock([trialCafe]),
      detailsOf(trialCafe, [audit("a2", "client.approved"), audit("a1", "client.signed_up")]),
      {
        request: { query: GiftTrialDaysDocument, variables: { id: "c2", days: 7 } },
        result: { data: { giftTrialDays: gifted } },
      },
      listMock([gifted]),
      detailsOf(gifted, [
        audit("a3", "client.trial_gifted"),
        audit("a2", "client.approved"),
        audit("a1", "client.signed_up"),
      ]),
    ]);
    const drawer = within(await screen.findByTestId("client-details"));
    await drawer.findByText("Approved");
    fireEvent.click(drawer.getByText("Gift trial days"));
    const dialog = within(await findDialog());
    fireEvent.click(dialog.getByText("Gift days"));
    expect(await drawer.findByText("Trial days gifted")).toBeInTheDocument();
  });
});
