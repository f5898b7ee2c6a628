// Roles and which of them may open which screen (docs/product.md#routes, #roles). The client's guard and menu read this;
// the server's policy decides the same questions for data.
export const ROLES = ["admin", "owner", "client"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The header naming the business a request acts in, for a person who belongs to several (the GraphQL door,
 * its sockets' connection params as `business`, and REST). Without it: the business they last used.
 */
export const BUSINESS_HEADER = "x-sufra-business";

export const BUSINESS_STATUSES = ["pending", "active", "rejected", "suspended"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ["trial", "active", "past_due", "expired", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Account state machine: which status may follow which (docs/architecture.md#rules-of-the-house). */
export const BUSINESS_TRANSITIONS: Record<BusinessStatus, readonly BusinessStatus[]> = {
  pending: ["active", "rejected"],
  active: ["suspended"],
  suspended: ["active"],
  rejected: [],
};

export const canTransition = (from: BusinessStatus, to: BusinessStatus) => BUSINESS_TRANSITIONS[from].includes(to);

/** Where a person lands after login, or after opening a page their role may not see. */
export const homeFor = (role: Role) => (role === "admin" ? "/admin" : role === "owner" ? "/owner" : "/dashboard");

/** Protected routes and the roles allowed on each; a route not listed is public. */
export const ROUTE_ACCESS: Record<string, readonly Role[]> = {
  "/dashboard": ["admin", "owner", "client"],
  "/admin": ["admin"],
  "/admin/clients": ["admin"],
  "/owner": ["owner"],
  "/posts": ["client"],
  "/posts/new": ["client"],
  "/posts/:id/edit": ["client"],
  "/inbox": ["owner", "client"],
  "/orders": ["owner", "client"],
  "/analytics": ["client"],
  "/competitors": ["client"],
  "/campaigns": ["client"],
  "/campaigns/:id": ["client"],
  "/schedule": ["client"],
  "/planner": ["client"],
  "/settings": ["admin", "owner", "client"],
  "/profile": ["admin", "owner", "client"],
  "/team": ["owner", "client"],
  "/api-keys": ["owner", "client"],
  "/webhooks": ["owner", "client"],
  "/billing": ["owner", "client"],
};

/**
 * The roles that may open a screen ("/schedule?date=…" or "/campaigns/7" included), by ROUTE_ACCESS;
 * undefined for a public screen. Paths match without regard to case, as the router's do.
 */
export function accessFor(to: string): readonly Role[] | undefined {
  const path = to
    .split(/[?#]/)[0]
    .replace(/(.)\/+$/, "$1")
    .toLowerCase();
  const parts = path.split("/");
  const pattern = Object.keys(ROUTE_ACCESS).find((p) => {
    const ps = p.split("/");
    return ps.length === parts.length && ps.every((seg, i) => seg.startsWith(":") || seg === parts[i]);
  });
  return pattern ? ROUTE_ACCESS[pattern] : undefined;
}

/**
 * Whether a role may open a screen, by ROUTE_ACCESS (the router's guard asks the same table); a link
 * to a screen the role may not open would only bounce it back home, so screens ask this first.
 */
export const mayOpen = (role: Role, to: string): boolean => accessFor(to)?.includes(role) ?? true;

/** The side menu (docs/product.md#app-shell); owners get their dashboard and settings. */
export const MENU = [
  {
    key: "dashboard",
    path: "/dashboard",
    roles: ["client", "admin", "owner"],
    label: { en: "Dashboard", ar: "لوحة التحكم" },
  },
  { key: "posts", path: "/posts", roles: ["client"], label: { en: "Posts", ar: "المنشورات" } },
  { key: "inbox", path: "/inbox", roles: ["client", "owner"], label: { en: "Inbox", ar: "صندوق الوارد" } },
  { key: "orders", path: "/orders", roles: ["client", "owner"], label: { en: "Orders", ar: "الطلبات" } },
  { key: "analytics", path: "/analytics", roles: ["client"], label: { en: "Analytics", ar: "التحليلات" } },
  { key: "competitors", path: "/competitors", roles: ["client"], label: { en: "Competitors", ar: "المنافسون" } },
  { key: "campaigns", path: "/campaigns", roles: ["client"], label: { en: "Campaigns", ar: "الحملات" } },
  { key: "schedule", path: "/schedule", roles: ["client"], label: { en: "Schedule", ar: "الجدولة" } },
  { key: "clients", path: "/admin/clients", roles: ["admin"], label: { en: "Clients", ar: "العملاء" } },
  { key: "team", path: "/team", roles: ["owner", "client"], label: { en: "Team", ar: "الفريق" } },
  {
    key: "apiKeys",
    path: "/api-keys",
    roles: ["owner", "client"],
    label: { en: "API keys", ar: "مفاتيح الواجهة البرمجية" },
  },
  { key: "webhooks", path: "/webhooks", roles: ["owner", "client"], label: { en: "Webhooks", ar: "خطافات الويب" } },
  { key: "billing", path: "/billing", roles: ["owner", "client"], label: { en: "Billing", ar: "الفوترة" } },
  {
    key: "settings",
    path: "/settings",
    roles: ["client", "admin", "owner"],
    label: { en: "Settings", ar: "الإعدادات" },
  },
] as const satisfies readonly {
  key: string;
  path: string;
  roles: readonly Role[];
  label: { en: string; ar: string };
}[];

export const menuFor = (role: Role) => MENU.filter((m) => (m.roles as readonly Role[]).includes(role));
