// STUB: the translations module's domain logic; its issue-4 owner fills it in.
import type { Deps } from "../../deps.ts";

export function createTranslationsService(deps: Deps) {
  void deps;
  return {};
}
export type TranslationsService = ReturnType<typeof createTranslationsService>;
