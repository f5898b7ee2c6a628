// The app shell: the menu per role and language, the selected entry, the collapsible side menu and the
// drawer, the bell without a fake count, logout, and the error boundary that resets on a new path.
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Observable } from "rxjs";
import { session } from "../../lib/session.ts";
import { fakeFetch, inLanguage, renderRoutes } from "../../../test/render.tsx";
import { freshStart, resetScreenWidth, setScreenWidth, signIn } from "../../../test/screens.tsx";
import ShellLayout from "./ShellLayout.tsx";
import { selectedKeyFor, shellMenuFor } from "./menu.ts";

// the server has nothing for the bell yet: no unread notifications, an empty list
const NOTHING_YET: Record<string, unknown> = {
  UnreadNotificationsCount: { unreadNotificationsCount: 0 },
  LatestNotifications: { notifications: { __typename: "QueryNotificationsConnection", totalCount: 0, edges: [] } },
};
const quietServer = new ApolloLink(
  (op) =>
    new Observable((o) => {
      const data = NOTHING_YET[op.operationName ?? ""];
      if (data) o.next({ data });
      o.complete();
    }),
);
const testClient = () => new ApolloClient({ link: quietServer, cache: new InMemoryCache() });
/** A server that says the subscription has stopped (docs/product.md#subscriptions-and-billing). */
const endedClient = () =>
  new ApolloClient({
    link: new ApolloLink(
      (op) =>
        new Observable((o) => {
          const data =
            op.operationName === "BillingBanner"
              ? { billing: { __typename: "Billing", status: "EXPIRED", graceEndsAt: null, canManage: true } }
              : NOTHING_YET[op.operationName ?? ""];
          if (data) o.next({ data });
          o.complete();
        }),
    ),
    cache: new InMemoryCache(),
  });

function Boom(): never {
  throw new Error("kaboom");
}

function renderShell(path: string, client = testClient()) {
  return renderRoutes(
    [
      { path: "/login", element: <p>Login screen</p> },
      {
        element: <ShellLayout client={client} />,
        children: [
          { path: "/boom", element: <Boom /> },
          { path: "*", element: <p>Page content</p> },
        ],
      },
    ],
    path,
  );
}

const menuLabels = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("menuitem")
    .map((el) => el.textContent);

beforeEach(() => freshStart());
afterEach(resetScreenWidth);

describe("menu entries per role (pure)", () => {
  test("client, admin and owner entries, with the dashboard leading to the role's home", () => {
    expect(shellMenuFor("client").map((i) => i.label.en)).toEqual([
      "Dashboard",
      "Posts",
      "Inbox",
      "Orders",
      "Analytics",
      "Competitors",
      "Campaigns",
      "Schedule",
      "Team",
      "API keys",
      "Webhooks",
      "Billing",
      "Settings",
    ]);
    expect(shellMenuFor("admin").map((i) => [i.label.en, i.path])).toEqual([
      ["Dashboard", "/admin"],
      ["Clients", "/admin/clients"],
      ["Settings", "/settings"],
    ]);
    expect(shellMenuFor("owner").map((i) => [i.label.en, i.path])).toEqual([
      ["Dashboard", "/owner"],
      ["Inbox", "/inbox"],
      ["Orders", "/orders"],
      ["Team", "/team"],
      ["API keys", "/api-keys"],
      ["Webhooks", "/webhooks"],
      ["Billing", "/billing"],
      ["Settings", "/settings"],
    ]);
  });

  test("the selected entry follows the path", () => {
    const admin = shellMenuFor("admin");
    expect(selectedKeyFor(admin, "/admin")).toBe("dashboard");
    expect(selectedKeyFor(admin, "/admin/clients")).toBe("clients");
    expect(selectedKeyFor(admin, "/dashboard")).toBe("dashboard");
    expect(selectedKeyFor(shellMenuFor("client"), "/posts")).toBe("posts");
    expect(selectedKeyFor(shellMenuFor("client"), "/profile")).toBeUndefined();
  });
});

describe("on a large screen", () => {
  beforeEach(() => setScreenWidth(1280));

  test("a client sees Dashboard, Posts, Analytics, Competitors, Campaigns, Schedule and Settings; the page's entry is selected", async () => {
    signIn("client");
    renderShell("/posts");
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(menuLabels(nav)).toEqual([
      "Dashboard",
      "Posts",
      "Inbox",
      "Orders",
      "Analytics",
      "Competitors",
      "Campaigns",
      "Schedule",
      "Team",
      "API keys",
      "Webhooks",
      "Billing",
      "Settings",
    ]);
    expect(within(nav).getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("main")).toHaveTextContent("Page content");
    expect(screen.getByRole("link", { name: "Sufra" })).toHaveAttribute("href", "/dashboard");
  });

  test("an admin sees Dashboard, Clients and Settings", async () => {
    signIn("admin");
    renderShell("/admin/clients");
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(menuLabels(nav)).toEqual(["Dashboard", "Clients", "Settings"]);
    expect(within(nav).getByRole("link", { name: "Clients" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
  });

  test("an owner sees Dashboard, Inbox (owners answer guests too), Orders, Team, API keys, Webhooks and Settings", async () => {
    signIn("owner");
    renderShell("/owner");
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(menuLabels(nav)).toEqual([
      "Dashboard",
      "Inbox",
      "Orders",
      "Team",
      "API keys",
      "Webhooks",
      "Billing",
      "Settings",
    ]);
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  test.each(["client", "admin", "owner"] as const)("every %s menu entry has its icon", async (role) => {
    signIn(role);
    renderShell(role === "client" ? "/dashboard" : `/${role}`);
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    const items = within(nav).getAllByRole("menuitem");
    expect(items.length).toBe(shellMenuFor(role).length);
    for (const item of items)
      expect({ entry: item.textContent, icon: item.querySelector(".anticon") !== null }).toEqual({
        entry: item.textContent,
        icon: true,
      });
  });

  test("labels are Arabic when the language is ar", async () => {
    await inLanguage("ar");
    signIn("client");
    renderShell("/dashboard");
    const nav = await screen.findByRole("navigation", { name: "القائمة الرئيسية" });
    expect(menuLabels(nav)).toEqual([
      "لوحة التحكم",
      "المنشورات",
      "صندوق الوارد",
      "الطلبات",
      "التحليلات",
      "المنافسون",
      "الحملات",
      "الجدولة",
      "الفريق",
      "مفاتيح الواجهة البرمجية",
      "خطافات الويب",
      "الفوترة",
      "الإعدادات",
    ]);
    expect(screen.getByRole("link", { name: "سفرة" })).toHaveAttribute("title", "الصفحة الرئيسية لسفرة");
  });

  test("the side menu collapses to 64 px and expands again with the trigger button", async () => {
    signIn("client");
    const { container } = renderShell("/dashboard");
    const sider = container.querySelector("#sufra-sider") as HTMLElement;
    expect(sider).toHaveStyle({ width: "280px" });
    fireEvent.click(screen.getByRole("button", { name: "Collapse menu" }));
    await waitFor(() => expect(sider).toHaveStyle({ width: "64px" }));
    expect(sider).toHaveClass("ant-layout-sider-collapsed");
    expect(screen.getByRole("button", { name: "Expand menu" })).toHaveAttribute("aria-expanded", "false");
    expect(localStorage.getItem("sufra.siderCollapsed")).toBe("1");
    expect(screen.getByRole("link", { name: "Sufra" })).toBeInTheDocument(); // the name stays, out of sight
  });
});

describe("on a small screen (360 px)", () => {
  beforeEach(() => setScreenWidth(360));

  test("the menu is a drawer opened from the top bar, with the brand at its top; choosing an entry navigates and closes it", async () => {
    signIn("client");
    const { router, container } = renderShell("/dashboard");
    expect(container.querySelector("#sufra-sider")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main menu" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByRole("link", { name: "Sufra" })).toBeInTheDocument();
    const nav = within(drawer).getByRole("navigation", { name: "Main menu" });
    fireEvent.click(within(nav).getByRole("link", { name: "Schedule" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/schedule"));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Arabic labels in the drawer, which opens from the right", async () => {
    await inLanguage("ar");
    signIn("admin");
    renderShell("/admin");
    fireEvent.click(screen.getByRole("button", { name: "فتح القائمة" }));
    const drawer = await screen.findByRole("dialog");
    expect(menuLabels(within(drawer).getByRole("navigation"))).toEqual(["لوحة التحكم", "العملاء", "الإعدادات"]);
    expect(document.querySelector(".ant-drawer-right")).not.toBeNull();
  });
});

describe("top bar", () => {
  test("the bell shows no count, and says there are no new notifications", async () => {
    signIn("client");
    renderShell("/dashboard");
    const bell = screen.getByRole("button", { name: "Notifications" });
    expect(document.querySelector(".ant-badge")).toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByText("No new notifications")).toBeInTheDocument();
  });

  test("the bell in Arabic", async () => {
    await inLanguage("ar");
    signIn("client");
    renderShell("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "الإشعارات" }));
    expect(await screen.findByText("لا توجد إشعارات جديدة")).toBeInTheDocument();
  });

  test("the avatar menu leads to Profile and Settings", async () => {
    signIn("client");
    const { router } = renderShell("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Noura Al-Sabah" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Profile/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    fireEvent.click(screen.getByRole("button", { name: "Noura Al-Sabah" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Settings/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  test("Logout tells the server, clears the session and goes to /login", async () => {
    signIn("client");
    const { calls } = fakeFetch({ "POST /api/auth/logout": [200, { message: "You have been logged out" }] });
    const { router } = renderShell("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Noura Al-Sabah" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Login screen")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/auth/logout"]);
    expect(calls[0].body).toEqual({ refresh_token: "refresh-token" });
    expect(session.get()).toMatchObject({ isAuthenticated: false, user: null, accessToken: null });
    expect(localStorage.getItem("sufra.user")).toBeNull();
  });
});

test("a stopped subscription: every screen of the shell shows the banner with Pay now; admins have none", async () => {
  signIn("owner");
  renderShell("/inbox", endedClient());
  const banner = await screen.findByTestId("subscription-banner");
  expect(banner).toHaveTextContent("Your subscription has ended. Your posts and data are safe; pay to publish again");
  expect(within(banner).getByRole("link", { name: "Pay now" })).toHaveAttribute("href", "/billing");
  expect(screen.getByText("Page content")).toBeInTheDocument();
});

test("an admin's shell asks for no subscription", async () => {
  signIn("admin");
  renderShell("/admin", endedClient());
  expect(await screen.findByText("Page content")).toBeInTheDocument();
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.queryByTestId("subscription-banner")).toBeNull();
});

test("a failing page shows the error boundary inside the shell, and a new path starts afresh", async () => {
  const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
  signIn("client");
  const { router } = renderShell("/boom");
  expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument(); // the shell stays
  await act(() => router.navigate("/dashboard"));
  expect(await screen.findByText("Page content")).toBeInTheDocument();
  expect(screen.queryByText("Something went wrong")).toBeNull();
  quiet.mockRestore();
});
