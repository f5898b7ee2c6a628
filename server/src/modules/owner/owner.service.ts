// STUB: the owner module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createOwnerService(deps: Deps) {
  void deps;
  return {};
}
export type OwnerService = ReturnType<typeof createOwnerService>;
