// STUB: the team module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createTeamService(deps: Deps) {
  void deps;
  return {};
}
export type TeamService = ReturnType<typeof createTeamService>;
