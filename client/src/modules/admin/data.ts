// The admin console's live reads (docs/architecture.md#client-rooms: data.ts).
// The admin's figures, live: the adminStatsUpdated subscription pushes fresh figures after every change
// on any server process (sign-ups, posts, health, payments, refunds, subscriptions moving); while the
// socket is down the 30 s refresh (docs/product.md#admin-dashboard) takes over. Shared by the overview and
// the Billing tab: each pushed set replaces the cached one, so every view of it updates at once.
import { useQuery, useSubscription } from "@apollo/client/react";
import { ADMIN_STATS_REFRESH_MS } from "@sufra/schema";
import { useSocketConnected } from "../../app/apollo.ts";
import { AdminStatsDocument, AdminStatsUpdatedDocument } from "../../graphql/graphql.ts";

export function useAdminStats() {
  const live = useSocketConnected();
  const query = useQuery(AdminStatsDocument, {
    pollInterval: live ? 0 : ADMIN_STATS_REFRESH_MS,
    fetchPolicy: "cache-and-network",
  });
  useSubscription(AdminStatsUpdatedDocument, {
    onData: ({ client, data: pushed }) => {
      if (pushed.data)
        client.cache.writeQuery({ query: AdminStatsDocument, data: { adminStats: pushed.data.adminStatsUpdated } });
    },
  });
  return { ...query, live };
}
