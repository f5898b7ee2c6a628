// STUB: the admin module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createAdminService(deps: Deps) {
  void deps;
  return {};
}
export type AdminService = ReturnType<typeof createAdminService>;
