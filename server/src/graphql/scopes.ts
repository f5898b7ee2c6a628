// Field options several modules' doors share (the team, API keys, the business profile, platform
// accounts, competitors): who a field is for, answered before its resolver runs.
import { AppError } from "../kernel/errors.ts";
import type { GraphQLContext } from "./context.ts";

/**
 * Fields for a person of a business (not an admin, not an API key). The service checks the same; the
 * scope answers first, with the reason an API key is refused.
 */
export const personOfBusiness = {
  authScopes: { $all: { business: true, person: true } },
  unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphQLContext) =>
    ctx.authError ??
    new AppError(!ctx.viewer ? "UNAUTHENTICATED" : ctx.viewer.apiKeyId ? "PERSONAL_SESSION_REQUIRED" : "FORBIDDEN"),
} as const;
