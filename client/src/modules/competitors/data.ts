// The competitors screen's conversation with the server (docs/architecture.md#client-rooms: data.ts); model.ts holds its pure rules.
// Reading competitors' figures from Instagram needs the business's own Facebook sign-in (Instagram
// offers business discovery only to apps signed in through Facebook). Here: the sign-in's state as
// the screen shows it, what it means for "Read from Instagram", and starting the sign-in.
import { useMutation, useQuery } from "@apollo/client/react";
import { App } from "antd";
import { useCallback, useEffect, useState } from "react";
import {
  CompetitorsDiscoveryConnectDocument,
  CompetitorsDiscoveryDocument,
  type CompetitorsDiscoveryFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { browser } from "../../shared/leave.ts";

export type Discovery = CompetitorsDiscoveryFieldsFragment;

/** Facebook sends the person back here, with the outcome in the query (?discovery=connected / ?discovery_error=CODE). */
const DISCOVERY_RETURN_TO = "/competitors";

export type DiscoveryState = "demo" | "notConfigured" | "notConnected" | "connected" | "reconnect";

/**
 * What the screen says: a demo business reads simulated figures whatever else is true; a server
 * without the Facebook app cannot sign anyone in; a sign-in past its expiry needs doing again even
 * before the server has noticed (Facebook gives no refresh token).
 */
function discoveryState(d: Discovery, now = Date.now()): DiscoveryState {
  if (d.demo) return "demo";
  if (!d.configured) return "notConfigured";
  if (d.status === "RECONNECT_NEEDED") return "reconnect";
  if (d.status === "CONNECTED") return d.expiresAt && Date.parse(d.expiresAt) <= now ? "reconnect" : "connected";
  return "notConnected";
}

export type ReadBlock = "notConfigured" | "notConnected" | "reconnect";

/** Why "Read from Instagram" would fail now, or null when it can work (or the state is not known yet). */
export const readBlockOf = (s: DiscoveryState | null): ReadBlock | null =>
  s === "notConfigured" || s === "notConnected" || s === "reconnect" ? s : null;

/** Catalogue codes of "Read from Instagram" that a (new) Facebook sign-in fixes. */
export const SIGN_IN_CODES = new Set(["FACEBOOK_NOT_CONNECTED", "FACEBOOK_RECONNECT_NEEDED"]);
/** Codes after which the screen's idea of the sign-in is out of date. */
export const DISCOVERY_CODES = new Set([...SIGN_IN_CODES, "FACEBOOK_NOT_CONFIGURED"]);

/** The sign-in's state, asked once for the whole screen. */
export function useCompetitorDiscovery() {
  const q = useQuery(CompetitorsDiscoveryDocument, { fetchPolicy: "cache-and-network" });
  const discovery = q.data?.competitorDiscovery ?? q.previousData?.competitorDiscovery ?? null;
  const { refetch: again } = q;
  // stable, so effects that ask again run once
  const refetch = useCallback(() => void again().catch(() => {}), [again]);
  return { discovery, state: discovery ? discoveryState(discovery) : null, error: q.error, refetch };
}

/** Starts "Sign in with Facebook": the server's authorize address, then the browser goes to Facebook. */
export function useFacebookSignIn() {
  const { message } = App.useApp();
  const [connect] = useMutation(CompetitorsDiscoveryConnectDocument);
  const [leaving, setLeaving] = useState(false);

  // coming back with the browser's Back button restores the page from its cache: it is not leaving any more
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => e.persisted && setLeaving(false);
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const start = async () => {
    setLeaving(true);
    try {
      const url = (await connect({ variables: { returnTo: DISCOVERY_RETURN_TO } })).data?.connectCompetitorDiscovery
        .authorizeUrl;
      if (!url) throw new Error("no authorize address");
      // stays "loading" while the browser leaves for Facebook
      browser.assign(url);
    } catch (e) {
      setLeaving(false);
      void message.error(errorMessage(e));
    }
  };
  return { start, loading: leaving };
}
