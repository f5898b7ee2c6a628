// What the GraphQL door tells and counts for an API key's request (docs/product.md#api-keys): the key's
// rate-limit budget in the answer's headers, as the IETF RateLimit fields draft words them
// (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset in seconds, RateLimit-Policy "<limit>;w=<seconds>"),
// and over the budget 429 with Retry-After; then the request, and whether it answered with errors, is
// counted for the key's usage chart. Person callers get none of this.
import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLContext } from "./context.ts";

export const apiKeyCallsPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ contextValue }) {
    const key = contextValue.apiKey;
    if (!key) return;
    return {
      async willSendResponse({ response }) {
        const b = key.budget;
        if (b) {
          const headers = response.http.headers;
          headers.set("ratelimit-limit", String(b.limit));
          headers.set("ratelimit-remaining", String(b.remaining));
          headers.set("ratelimit-reset", String(b.resetSeconds));
          headers.set("ratelimit-policy", `${b.limit};w=${b.windowSeconds}`);
          if (b.exceeded) {
            // the same status as the REST door's RATE_LIMITED, so HTTP clients back off on their own
            response.http.status = 429;
            headers.set("retry-after", String(Math.max(1, b.resetSeconds)));
          }
        }
        const errors =
          response.body.kind === "single" ? response.body.singleResult.errors : response.body.initialResult.errors;
        contextValue.services.apiKeys.countRequest(key.id, !!errors?.length);
      },
    };
  },
};
