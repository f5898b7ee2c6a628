// The side menu's entries for a role, and which of them the current page belongs to.
import { homeFor, menuFor, type MENU, type Role } from "@sufra/schema";

export interface ShellMenuItem {
  key: (typeof MENU)[number]["key"];
  path: string;
  label: { en: string; ar: string };
}

/** The role's side-menu entries; "Dashboard" leads to the role's home (/admin, /owner, /dashboard), saving a redirect. */
export function shellMenuFor(role: Role): ShellMenuItem[] {
  return menuFor(role).map((m) => ({
    key: m.key,
    path: m.key === "dashboard" ? homeFor(role) : m.path,
    label: m.label,
  }));
}

/** The entry whose path is the longest prefix of `pathname`; the dashboard for /dashboard and the role's home. */
export function selectedKeyFor(items: ShellMenuItem[], pathname: string): string | undefined {
  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const best = items.filter((i) => within(i.path)).sort((a, b) => b.path.length - a.path.length)[0];
  if (best) return best.key;
  if (within("/dashboard")) return items.find((i) => i.key === "dashboard")?.key;
  return undefined;
}
