// How the playground talks to the API: queries and mutations over HTTP (POST /graphql), subscriptions
// over graphql-ws on the same path (the server speaks no other WebSocket protocol, and refuses a
// subscription over HTTP), both to the page's own origin. docs/architecture.md#how-a-request-flows.
import { createGraphiQLFetcher, type Fetcher, type FetcherOpts, type FetcherParams } from "@graphiql/toolkit";

/** The header editor's preset: a placeholder the integrator replaces with a key from the API keys page. */
export const KEY_PLACEHOLDER = "Bearer sk_live_…";
export const PRESET_HEADERS = `{
  "Authorization": "${KEY_PLACEHOLDER}"
}
`;

type Headers = Record<string, unknown>;

/**
 * Header names in lower case: HTTP does not mind, and the server reads the WebSocket's
 * connectionParams as {authorization: "Bearer ..."} (GraphiQL hands the tab's headers over as they are).
 */
export function lowerCaseNames(headers: Headers | undefined): Headers {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * Headers live per tab in GraphiQL. A tab still holding the placeholder takes the key last pasted in
 * any tab of this page (kept in memory only, never stored), so the example tabs need the key once;
 * the untouched placeholder itself is never sent (the caller stays anonymous rather than refused).
 */
export function keyMemory() {
  let pasted: string | null = null;
  return {
    apply(headers: Headers | undefined): Headers {
      const h = lowerCaseNames(headers);
      const auth = typeof h.authorization === "string" ? h.authorization.trim() : "";
      if (auth && auth !== KEY_PLACEHOLDER) pasted = auth;
      else if (auth === KEY_PLACEHOLDER || !("authorization" in h)) {
        delete h.authorization;
        if (pasted) h.authorization = pasted;
      }
      return h;
    },
    get current() {
      return pasted;
    },
  };
}

export function wsUrl(location: Location) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`;
}

/** The introspection answer GraphiQL shows in the schema explorer when the server refuses it: with what to do. */
function explainRefusal(result: unknown, refused: string): unknown {
  const r = result as { data?: { __schema?: unknown }; errors?: unknown[] } | null;
  if (r && typeof r === "object" && !r.data?.__schema)
    return { ...r, errors: [{ message: refused }, ...(r.errors ?? [])] };
  return result;
}

export function playgroundFetcher(opts: {
  location: Location;
  memory: ReturnType<typeof keyMemory>;
  refused: () => string;
}): Fetcher {
  const base = createGraphiQLFetcher({ url: `${opts.location.origin}/graphql`, subscriptionUrl: wsUrl(opts.location) });
  return (params: FetcherParams, fetcherOpts?: FetcherOpts) => {
    const next = base(params, { ...fetcherOpts, headers: opts.memory.apply(fetcherOpts?.headers) });
    if (params.operationName !== "IntrospectionQuery") return next;
    return (async () => explainRefusal(await (next as Promise<unknown>), opts.refused()))() as ReturnType<Fetcher>;
  };
}
