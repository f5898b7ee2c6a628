// STUB: the api-keys module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createApiKeysService(deps: Deps) {
  void deps;
  return {};
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
