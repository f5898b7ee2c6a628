// The dashboards: real data only. An admin goes to /admin; a client on trial sees the warning with the
// days left, the plan, its price and the trial's end with the Hijri date; an owner sees the same box,
// connected platforms (none yet) and quick actions to what owners may open.
import { screen, within } from "@testing-library/react";
import { DashboardMeDocument } from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage } from "../../../test/render.tsx";
import { people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import DashboardPage from "./DashboardPage.tsx";
import OwnerDashboardPage from "./OwnerDashboardPage.tsx";

const DAY = 86_400_000;

function meMock(role: "CLIENT" | "OWNER", business: Record<string, unknown> | null, name = "Noura Al-Sabah") {
  return {
    request: { query: DashboardMeDocument },
    result: { data: { me: { __typename: "User", id: role === "CLIENT" ? people.client.id : people.owner.id, name, email: "noura@daralqahwa.kw", role, business: business && { __typename: "Client", ...business } } } },
  };
}

const onTrial = (days: number) => ({
  id: "b1",
  companyName: "Dar Al Qahwa",
  status: "ACTIVE",
  requestedPlan: "PROFESSIONAL",
  // 12 days from now, less an hour: whole days left are rounded up
  subscription: { __typename: "ClientSubscription", plan: "PROFESSIONAL", status: "TRIAL", trialEndsAt: new Date(Date.now() + days * DAY - 3_600_000).toISOString(), renewsAt: new Date(Date.now() + days * DAY - 3_600_000).toISOString() },
});

const routes = (element: React.ReactNode) => [
  { path: "/dashboard", element },
  { path: "/owner", element: <OwnerDashboardPage /> },
  { path: "/admin", element: <p>Admin console</p> },
];

beforeEach(async () => {
  localStorage.clear();
  session.clear();
  await inLanguage("en");
});

test("an admin opening /dashboard goes to /admin", async () => {
  signIn("admin");
  const { router } = renderWithMocks(routes(<DashboardPage />), "/dashboard");
  expect(await screen.findByText("Admin console")).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/admin");
});

test("a client on trial: welcome, business, the trial warning with the days left, plan, price and the trial's end", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12))]);
  expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Noura Al-Sabah" })).toBeInTheDocument();
  expect(screen.getByTestId("business-name")).toHaveTextContent("Dar Al Qahwa");
  expect(screen.getByTestId("trial-alert")).toHaveTextContent("Your free trial ends in 12 days");
  const box = within(screen.getByTestId("subscription-card"));
  expect(box.getByText("Professional")).toBeInTheDocument();
  expect(box.getByText("Free trial")).toBeInTheDocument();
  expect(box.getByText("KWD 15.000 a month")).toBeInTheDocument();
  expect(box.getByTestId("days-left")).toHaveTextContent("12 days left");
  expect(box.getByText(/AH\)$/)).toBeInTheDocument(); // the Hijri date beside the Gregorian one
  // quick actions and the honest empty state
  expect(screen.getByRole("link", { name: "Create a post" })).toHaveAttribute("href", "/posts");
  expect(screen.getByRole("link", { name: "Schedule posts" })).toHaveAttribute("href", "/schedule");
  expect(screen.getByRole("link", { name: "See analytics" })).toHaveAttribute("href", "/analytics");
  expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  expect(screen.getByText("Once you publish posts, your reach and best hours will show here.")).toBeInTheDocument();
});

test("in Arabic: the warning with Arabic-Indic digits and the plan's Arabic name", async () => {
  await inLanguage("ar");
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", onTrial(12))]);
  expect(await screen.findByTestId("trial-alert")).toHaveTextContent("تنتهي فترتك التجريبية المجانية خلال ١٢ يومًا");
  expect(screen.getByText("الاحترافية")).toBeInTheDocument();
  expect(screen.getByText("بمجرد نشر منشوراتك، سيظهر هنا مدى وصولها وأفضل أوقات النشر.")).toBeInTheDocument();
});

test("no trial warning once the subscription is paid", async () => {
  signIn("client");
  const paid = { ...onTrial(12), subscription: { __typename: "ClientSubscription", plan: "BASIC", status: "ACTIVE", trialEndsAt: null, renewsAt: new Date(Date.now() + 20 * DAY).toISOString() } };
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [meMock("CLIENT", paid)]);
  expect(await screen.findByText("Renews on")).toBeInTheDocument();
  expect(screen.queryByTestId("trial-alert")).toBeNull();
  expect(screen.getByText("KWD 10.000 a month")).toBeInTheDocument();
});

test("the owner dashboard: business, trial warning, subscription, no platforms yet, actions an owner may open", async () => {
  signIn("owner");
  renderWithMocks(routes(<DashboardPage />), "/owner", [meMock("OWNER", onTrial(1), "Khalid Al-Mutairi")]);
  expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Khalid Al-Mutairi" })).toBeInTheDocument();
  expect(screen.getByTestId("business-name")).toHaveTextContent("Dar Al Qahwa");
  expect(screen.getByTestId("trial-alert")).toHaveTextContent("Your free trial ends in 1 day");
  expect(screen.getByText("No platforms are connected yet.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Business details" })).toHaveAttribute("href", "/settings");
  expect(screen.getByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/profile");
  expect(screen.queryByRole("link", { name: "Create a post" })).toBeNull();
});

test("a failed load says so, with the server's message", async () => {
  signIn("client");
  renderWithMocks(routes(<DashboardPage />), "/dashboard", [{ request: { query: DashboardMeDocument }, result: { errors: [{ message: "Please login to continue", extensions: { code: "UNAUTHENTICATED" } }] } }]);
  expect(await screen.findByText("We could not load your dashboard")).toBeInTheDocument();
  expect(screen.getByText("Please login to continue")).toBeInTheDocument();
});
