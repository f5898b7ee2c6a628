// Apollo Client 4 for the signed-in app: HTTP for queries and mutations, graphql-ws for
// subscriptions, the access token on both. An UNAUTHENTICATED answer gets one refresh (the same
// one the REST client uses) and one retry; a failed refresh ends the session. The queries a screen
// starts together go in one HTTP request (docs/architecture.md#how-a-request-flows); a mutation goes alone.
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from "@apollo/client";
import { BatchHttpLink } from "@apollo/client/link/batch-http";
import { ErrorLink } from "@apollo/client/link/error";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { createClient } from "graphql-ws";
import { from, switchMap } from "rxjs";
import { useSyncExternalStore } from "react";
import { apiHooks, refreshAccessToken } from "../lib/api.ts";
import { businessHeader, session } from "../lib/session.ts";

// Whether the subscription socket is up: live screens fall back to polling while it is not.
let socketUp = false;
const socketListeners = new Set<() => void>();
const setSocketUp = (up: boolean) => {
  socketUp = up;
  socketListeners.forEach((l) => l());
};
export const useSocketConnected = () =>
  useSyncExternalStore(
    (l) => {
      socketListeners.add(l);
      return () => socketListeners.delete(l);
    },
    () => socketUp,
  );

const bearer = () => {
  const t = session.get().accessToken;
  return t ? `Bearer ${t}` : undefined;
};

/** True for an answer that a fresh access token could fix (not a wrong password, not a refusal). */
const needsRefresh = (error: unknown) =>
  CombinedGraphQLErrors.is(error) &&
  error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED" && e.extensions?.reason !== "INVALID_CREDENTIALS");

export function createApolloClient(opts: { uri?: string; wsUrl?: string; fetch?: typeof fetch } = {}) {
  const headers = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers: h = {} }: { headers?: Record<string, string> }) => ({
      headers: {
        ...h,
        ...(bearer() ? { authorization: bearer(), ...businessHeader() } : {}),
        "accept-language": apiHooks.language(),
      },
    }));
    return forward(operation);
  });

  const refresh = new ErrorLink(({ error, operation, forward }) => {
    if (!needsRefresh(error) || operation.getContext().retried || !session.get().refreshToken) return;
    operation.setContext({ retried: true });
    return from(refreshAccessToken()).pipe(switchMap(() => forward(operation)));
  });

  const uri = opts.uri ?? "/graphql";
  // a screen's cards each ask their own query as they mount: those started within BATCH.intervalMs go
  // together, as one JSON array, at most BATCH.max (the server's own limit, graphql/limits.ts); a mutation
  // is sent alone, so that it never waits for a batch nor shares a request with reads
  const batched = new BatchHttpLink({ uri, fetch: opts.fetch, batchMax: BATCH.max, batchInterval: BATCH.intervalMs });
  const single = new HttpLink({ uri, fetch: opts.fetch });
  const http = ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.QUERY, batched, single);
  const wsUrl =
    opts.wsUrl ??
    (typeof location !== "undefined"
      ? `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`
      : undefined);
  const socket = wsUrl
    ? createClient({
        url: wsUrl,
        lazy: true,
        connectionParams: () => ({
          authorization: bearer(),
          business: session.get().user?.business_id ?? undefined,
        }),
        // keep trying after a drop (server restart, network change); screens poll meanwhile
        retryAttempts: Infinity,
        on: { connected: () => setSocketUp(true), closed: () => setSocketUp(false) },
      })
    : null;
  // another business chosen: the socket connects again naming it (its subscriptions start over there)
  let business = session.get().user?.business_id;
  session.subscribe(() => {
    const now = session.get().user?.business_id;
    if (now === business) return;
    business = now;
    socket?.terminate();
  });
  const link = socket
    ? ApolloLink.split(
        ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
        new GraphQLWsLink(socket),
        ApolloLink.from([headers, refresh, http]),
      )
    : ApolloLink.from([headers, refresh, http]);

  return new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: TYPE_POLICIES }) });
}

/** Queries per HTTP request (the server refuses more than 10) and how long the first waits for others. */
export const BATCH = { max: 10, intervalMs: 10 } as const;

/**
 * Objects without an id that several queries read in parts: merged, not replaced, so one query's
 * answer does not drop the fields another asked for (the billing page and the shell's banner both read
 * `billing`, docs/product.md#subscriptions-and-billing; the team page, the conversations and the orders
 * read parts of `team`).
 */
const TYPE_POLICIES = { Billing: { merge: true }, Team: { merge: true } } as const;
