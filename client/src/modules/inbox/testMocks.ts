// For tests only: the Apollo mock of the dashboard's inbox cards (unanswered reviews, unhappy guests
// waiting), for every test that renders the client dashboard.
import { DashboardReviewStatsDocument } from "../../graphql/graphql.ts";

export const reviewStatsMock = (
  stats: { total: number; unanswered: number } = { total: 0, unanswered: 0 },
  negativeNew = 0,
) => ({
  request: { query: DashboardReviewStatsDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      reviewStats: { __typename: "ReviewStats", ...stats },
      inboxSummary: { __typename: "InboxSummary", negativeNew },
    },
  },
});
