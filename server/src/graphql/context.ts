// What every resolver receives: the caller (or null), request facts, and the services.
import { looksLikeApiKey, pickLocale } from "@sufra/schema";
import type { Db } from "../db/prisma.ts";
import type { RequestMeta } from "../deps.ts";
import { AppError } from "../kernel/errors.ts";
import type { Services } from "../services.ts";
import type { Viewer } from "../kernel/policy.ts";
import type { ApiKeyBudget } from "../http/rate-limits.ts";

export interface GraphQLContext {
  viewer: Viewer | null;
  /** why a presented token was refused; scope-auth reports it instead of a bare UNAUTHENTICATED */
  authError: AppError | null;
  meta: RequestMeta;
  /** the API key behind the request, once found: its requests are counted and its budget reported (api-key-calls.ts) */
  apiKey?: { id: string; budget: ApiKeyBudget | null };
  services: Services;
  db: Db;
}

/**
 * The caller behind a Bearer token: an API key (sk_live_...) is checked by the api-keys service and acts
 * for its business with client rights; anything else is an access token (JWT). A refused token leaves
 * no viewer and its reason in authError (revoked key: UNAUTHENTICATED; business no longer Premium:
 * API_ACCESS_REQUIRES_PREMIUM; over the key's budget: RATE_LIMITED).
 */
export async function buildContext(
  services: Services,
  db: Db,
  token: string | null,
  meta: {
    ip: string;
    userAgent?: string;
    acceptLanguage?: string;
    business?: string | null;
    /** operations the HTTP request carries (a batch: several, sharing this one context), each spending an API key's budget */
    operations?: number;
  },
): Promise<GraphQLContext> {
  let viewer: Viewer | null = null;
  let authError: AppError | null = null;
  let apiKey: GraphQLContext["apiKey"];
  if (token && looksLikeApiKey(token)) {
    const caller = await services.apiKeys.identify(token, meta.operations);
    ({ viewer, error: authError } = caller);
    if (caller.apiKeyId) apiKey = { id: caller.apiKeyId, budget: caller.budget };
    // a key acts for its own business only
    if (viewer && meta.business && meta.business !== viewer.businessId) {
      viewer = null;
      authError = new AppError("NOT_A_MEMBER");
    }
  } else if (token) {
    try {
      viewer = await services.auth.authenticate(token, meta.business);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      authError = e;
    }
  }
  return {
    viewer,
    authError,
    apiKey,
    services,
    db,
    meta: { ip: meta.ip, userAgent: meta.userAgent, locale: pickLocale(meta.acceptLanguage) },
  };
}

/**
 * The caller behind a token at the GraphQL door (an API key or an access token), in the business the request
 * names (a key: only its own); a refusal throws its AppError.
 */
export async function callerOf(services: Services, token: string, business?: string | null): Promise<Viewer> {
  if (!looksLikeApiKey(token)) return services.auth.authenticate(token, business);
  const viewer = await services.apiKeys.authenticate(token);
  if (business && business !== viewer.businessId) throw new AppError("NOT_A_MEMBER");
  return viewer;
}
