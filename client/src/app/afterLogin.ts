// Where login leads, in a module of its own: the login page needs it without the guards' antd screens.
import type { Role } from "@sufra/schema";
import type { Location } from "react-router-dom";

/** Where to go after login: back to the remembered page, else the role's home. */
export function afterLogin(role: Role, from?: Pick<Location, "pathname" | "search" | "hash"> | null) {
  if (from?.pathname && !["/login", "/admin/login", "/signup"].includes(from.pathname))
    return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
  return role === "admin" ? "/admin" : "/dashboard";
}
