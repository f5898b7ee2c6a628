// The connected accounts' conversation with the server (docs/architecture.md#client-rooms): each network's
// connection, practice accounts, connecting (the network's approval page, or at once) and disconnecting.
// Facebook's Pages, Google's locations and TikTok's way of posting are their packs' (client/src/networks/,
// docs/architecture.md#in-the-client). Where a mutation answers with the whole list, Apollo updates each item in its cache.
import { useMutation, useQuery } from "@apollo/client/react";
import {
  PlatformsAddPracticeDocument,
  PlatformsConnectDocument,
  PlatformsConnectionsDocument,
  PlatformsDisconnectDocument,
  type Platform,
} from "../../graphql/graphql.ts";

/** Where the network sends the person back to, with the outcome in the query. */
const RETURN_TO = "/settings";

export function useConnections() {
  const { data, error, refetch } = useQuery(PlatformsConnectionsDocument, { fetchPolicy: "cache-and-network" });
  const [addPractice, { loading: adding }] = useMutation(PlatformsAddPracticeDocument);
  return {
    connections: data?.platformConnections,
    error,
    reload: () => refetch().catch(() => {}),
    addPractice: () => addPractice(),
    adding,
  };
}

/** Connecting answers with the network's approval page, or null when the account is connected at once. */
export function useConnection(platform: Platform) {
  const [connect, { loading: connecting }] = useMutation(PlatformsConnectDocument);
  const [disconnect, { loading: disconnecting }] = useMutation(PlatformsDisconnectDocument);
  return {
    connect: async (handle?: string) => {
      const res = await connect({ variables: { platform, handle: handle ?? null, returnTo: RETURN_TO } });
      return res.data?.connectPlatform.authorizeUrl ?? null;
    },
    connecting,
    disconnect: () => disconnect({ variables: { platform } }),
    disconnecting,
  };
}
