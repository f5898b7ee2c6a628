// The connected accounts' conversation with the server (docs/architecture.md#client-rooms): each network's
// connection, practice accounts, connecting (the network's approval page, or at once) and disconnecting;
// Facebook's Pages and choosing one, Google's locations (picking, reading them again) and TikTok's way
// of posting. Where a mutation answers with the whole list, Apollo updates each item in its cache.
import { skipToken, useMutation, useQuery } from "@apollo/client/react";
import {
  PlatformsAddPracticeDocument,
  PlatformsChooseFacebookPageDocument,
  PlatformsConnectDocument,
  PlatformsConnectionsDocument,
  PlatformsDisconnectDocument,
  PlatformsFacebookPagesDocument,
  PlatformsGoogleLocationsDocument,
  PlatformsPickGoogleLocationsDocument,
  PlatformsRefreshGoogleLocationsDocument,
  PlatformsTikTokCreatorInfoDocument,
  type Platform,
} from "../../graphql/graphql.ts";
import { needsPageChoice } from "./model.ts";

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

/** The connection's Pages, and whether the person still has to choose one (none chosen, some there). */
export function useFacebookPages(accountId: string | null) {
  const q = useQuery(
    PlatformsFacebookPagesDocument,
    accountId ? { variables: { accountId }, fetchPolicy: "cache-and-network" } : skipToken,
  );
  const pages = q.data?.facebookPages ?? null;
  return { ...q, pages, needsChoice: needsPageChoice(pages) };
}

export function useChooseFacebookPage(accountId: string) {
  const [choose, { loading }] = useMutation(PlatformsChooseFacebookPageDocument);
  return { choose: (pageId: string) => choose({ variables: { accountId, pageId } }), choosing: loading };
}

export function useGoogleLocations() {
  const { data, error, refetch } = useQuery(PlatformsGoogleLocationsDocument, { fetchPolicy: "cache-and-network" });
  const [pick, { loading: picking }] = useMutation(PlatformsPickGoogleLocationsDocument);
  const [reread, { loading: reading }] = useMutation(PlatformsRefreshGoogleLocationsDocument);
  const reload = () => refetch().catch(() => {});
  return {
    locations: data?.googleLocations,
    error,
    reload,
    pick: (id: string, picked: boolean) => pick({ variables: { locationIds: [id], picked } }),
    picking,
    /** Asks Google for the locations again, then reads the list. */
    readAgain: async () => {
      await reread();
      await reload();
    },
    reading,
  };
}

/** What TikTok allows this app for the account (straight to the profile, or its inbox), read fresh. */
export function useTikTokCreatorInfo(accountId: string) {
  const { data, error } = useQuery(PlatformsTikTokCreatorInfoDocument, {
    variables: { accountId },
    fetchPolicy: "cache-and-network",
  });
  return { info: data?.tiktokCreatorInfo, error };
}
