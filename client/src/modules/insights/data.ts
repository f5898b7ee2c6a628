// The insights' reads (docs/architecture.md#client-rooms: data.ts).
// The posting insights query, shared by the dashboard card and the schedule picker (one query, one
// cache entry). The picker's suggestions are a nicety: while they load, or if they cannot be had
// (no business, no network), the picker simply shows none.
import { useQuery } from "@apollo/client/react";
import { useTranslation } from "react-i18next";
import { InsightsPostingTimesDocument, type InsightsPostingTimesQuery } from "../../graphql/graphql.ts";
import { INSIGHTS_NS } from "./i18n.ts";
import { postingSuggestionReasonKeyOf } from "../../graphql/enumKeys.ts";

type PostingInsightsData = InsightsPostingTimesQuery["postingInsights"];
export type SuggestedTime = PostingInsightsData["suggestions"][number];

/** This week's insights from today in Kuwait. */
export const usePostingInsights = () =>
  useQuery(InsightsPostingTimesDocument, {
    variables: {},
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });

/** The suggested times still ahead (at most `limit`), or none. */
export function useSuggestedTimes(limit = 4, now = Date.now()): SuggestedTime[] {
  const { data } = useQuery(InsightsPostingTimesDocument, { variables: {}, fetchPolicy: "cache-first" });
  return (data?.postingInsights.suggestions ?? []).filter((s) => Date.parse(s.at) > now).slice(0, limit);
}

/** The i18n key of a reason the server sends (GraphQL writes it in capitals). */
export const reasonKey = (reason: string) => `reasons.${postingSuggestionReasonKeyOf(reason) ?? reason}`;

/** A posting time's reason ("after Maghrib") in the person's language: one list for every screen that names one (the planner too). */
export function useReasonText(): (reason: string) => string {
  const { t } = useTranslation(INSIGHTS_NS);
  return (reason: string) => t(reasonKey(reason), { defaultValue: reason });
}
