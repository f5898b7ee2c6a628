// Routes (docs/product.md#routes and the screens it references). Every screen is a lazy chunk: the landing page
// loads neither antd, nor Apollo, nor the app shell. Any other path goes to "/".
import { Navigate, useLocation, type RouteObject } from "react-router-dom";
import { RouterFallback } from "./ErrorBoundary.tsx";

type Loader = () => Promise<{ default: React.ComponentType }>;
const page = (load: Loader) => async () => ({ Component: (await load()).default });
const part =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

const guards = () => import("./guards.tsx");
/** A screen whose charts open it: the drawing's chunk starts beside the screen's own (charts load as they come into view). */
const withCharts =
  (load: Loader): Loader =>
  () => {
    void import("../shared/charts/drawing.ts").then((d) => d.preloadDrawing());
    return load();
  };

/** An old address that moved: the same query string and fragment at the new path (saved links keep their filters). */
function Moved({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

export const routes: RouteObject[] = [
  {
    path: "/",
    errorElement: <RouterFallback />,
    // the first screen is a lazy chunk: show an empty page (not a warning) while it loads
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      { index: true, lazy: page(() => import("../modules/landing/LandingPage.tsx")) },
      { path: "terms", lazy: page(() => import("../modules/legal/TermsPage.tsx")) },
      { path: "privacy", lazy: page(() => import("../modules/legal/PrivacyPage.tsx")) },
      // the reviews screen became the inbox (docs/product.md#routes); the inbox's own guard decides who enters
      { path: "reviews", element: <Moved to="/inbox" /> },
      // the developer documentation: public like the legal pages (integrators read it before buying)
      { path: "developers", lazy: page(() => import("../modules/developers/DevelopersPage.tsx")) },
      {
        // the sign-in doors: the app's ground and fonts without antd (login and the password pages are plain
        // HTML, a light first download); the doors drawn with antd get its theme under AuthAntdRoot
        lazy: page(() => import("./AuthRoot.tsx")),
        children: [
          { path: "login", lazy: page(() => import("../modules/auth/LoginPage.tsx")) },
          { path: "admin/login", lazy: page(() => import("../modules/auth/LoginPage.tsx")) },
          { path: "forgot-password", lazy: page(() => import("../modules/auth/ForgotPasswordPage.tsx")) },
          { path: "reset-password", lazy: page(() => import("../modules/auth/ResetPasswordPage.tsx")) },
          {
            lazy: page(() => import("./AuthAntdRoot.tsx")),
            children: [
              { path: "signup", lazy: page(() => import("../modules/auth/SignupPage.tsx")) },
              // after a sign-up: we'll review your account, and what happens next
              { path: "signup/next", lazy: page(() => import("../modules/auth/SignupNextPage.tsx")) },
              { path: "verify-email", lazy: page(() => import("../modules/auth/VerifyEmailPage.tsx")) },
            ],
          },
        ],
      },
      {
        lazy: page(() => import("./AntdRoot.tsx")),
        children: [
          { path: "invite", lazy: page(() => import("../modules/team/AcceptInvitationPage.tsx")) },
          {
            id: "signed-in",
            lazy: part(guards, "RequireAuth"),
            children: [
              {
                lazy: page(() => import("./shell/ShellLayout.tsx")),
                children: [
                  {
                    // who may open each screen is ROUTE_ACCESS (@sufra/schema), the one table the links read too
                    id: "access",
                    lazy: part(guards, "RequireAccess"),
                    children: [
                      { path: "dashboard", lazy: page(() => import("../modules/dashboard/DashboardPage.tsx")) },
                      { path: "profile", lazy: page(() => import("../modules/account/ProfilePage.tsx")) },
                      { path: "settings", lazy: page(() => import("../modules/account/SettingsPage.tsx")) },
                      // team, API keys and webhooks: people of a business (the pages explain the Premium upgrade to others)
                      { path: "team", lazy: page(() => import("../modules/team/TeamPage.tsx")) },
                      { path: "api-keys", lazy: page(() => import("../modules/api-keys/ApiKeysPage.tsx")) },
                      { path: "webhooks", lazy: page(() => import("../modules/webhooks/WebhooksPage.tsx")) },
                      // the subscription, paying and invoices: owners and the account holder act, other members read
                      { path: "billing", lazy: page(() => import("../modules/billing/BillingPage.tsx")) },
                      { path: "admin", lazy: page(() => import("../modules/admin/AdminPage.tsx")) },
                      { path: "admin/clients", lazy: page(() => import("../modules/admin/ClientsPage.tsx")) },
                      { path: "owner", lazy: page(() => import("../modules/dashboard/OwnerDashboardPage.tsx")) },
                      { path: "posts", lazy: page(() => import("../modules/posts/PostsPage.tsx")) },
                      { path: "posts/new", lazy: page(() => import("../modules/posts/ComposerPage.tsx")) },
                      { path: "posts/:id/edit", lazy: page(() => import("../modules/posts/ComposerPage.tsx")) },
                      { path: "inbox", lazy: page(() => import("../modules/inbox/InboxPage.tsx")) },
                      { path: "orders", lazy: page(() => import("../modules/orders/OrdersPage.tsx")) },
                      {
                        path: "analytics",
                        lazy: page(withCharts(() => import("../modules/analytics/AnalyticsPage.tsx"))),
                      },
                      { path: "competitors", lazy: page(() => import("../modules/competitors/CompetitorsPage.tsx")) },
                      { path: "campaigns", lazy: page(() => import("../modules/campaigns/CampaignsPage.tsx")) },
                      { path: "campaigns/:id", lazy: page(() => import("../modules/campaigns/CampaignPage.tsx")) },
                      { path: "schedule", lazy: page(() => import("../modules/schedule/SchedulePage.tsx")) },
                      { path: "planner", lazy: page(() => import("../modules/planner/PlannerPage.tsx")) },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
