// STUB: the notifications module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createNotificationsService(deps: Deps) {
  void deps;
  return {};
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
