// The posting insights query, shared by the dashboard card and the schedule picker (one query, one
// cache entry). The picker's suggestions are a nicety: while they load, or if they cannot be had
// (no business, no network), the picker simply shows none.
import { useQuery } from "@apollo/client/react";
import { InsightsPostingTimesDocument, type InsightsPostingTimesQuery } from "../../graphql/graphql.ts";

export type PostingInsightsData = InsightsPostingTimesQuery["postingInsights"];
export type SuggestedTime = PostingInsightsData["suggestions"][number];

/** This week's insights from today in Kuwait. */
export const usePostingInsights = () => useQuery(InsightsPostingTimesDocument, { variables: {}, fetchPolicy: "cache-and-network", notifyOnNetworkStatusChange: true });

/** The suggested times still ahead (at most `limit`), or none. */
export function useSuggestedTimes(limit = 4, now = Date.now()): SuggestedTime[] {
  const { data } = useQuery(InsightsPostingTimesDocument, { variables: {}, fetchPolicy: "cache-first" });
  return (data?.postingInsights.suggestions ?? []).filter((s) => Date.parse(s.at) > now).slice(0, limit);
}

/** The i18n key of a reason the server sends (GraphQL writes it in capitals). */
export const reasonKey = (reason: string) => `reasons.${reason.toLowerCase()}`;
