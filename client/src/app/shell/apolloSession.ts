// One Apollo client per signed-in person: made when the shell first needs it, kept while the same
// person stays signed in (the shell may remount), cleared when the session ends.
import type { ApolloClient } from "@apollo/client";
import { createApolloClient } from "../apollo.ts";
import { session } from "../../lib/session.ts";

let current: { userId: string; client: ApolloClient } | null = null;

export function apolloClientFor(userId: string): ApolloClient {
  if (current?.userId === userId) return current.client;
  if (current) void endApolloSession(current.client);
  current = { userId, client: createApolloClient() };
  return current.client;
}

/**
 * Forgets everything the client holds. clearStore, not resetStore: resetStore would refetch the
 * screens still mounted, without a session to do it with.
 */
export async function endApolloSession(client?: ApolloClient) {
  const target = client ?? current?.client;
  if (current && (!client || current.client === client)) current = null;
  if (!target) return;
  await target.clearStore();
}

// a session that ends elsewhere (a failed refresh, another tab) takes its data with it
session.subscribe(() => {
  if (!session.get().user && current) void endApolloSession(current.client);
});
