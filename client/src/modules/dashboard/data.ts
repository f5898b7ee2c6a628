// The dashboards' reads from the server (docs/architecture.md#client-rooms: data.ts), each fresh when the
// dashboard opens while the cache shows the last answer meanwhile, and the shapes the cards take from them.
import { useQuery } from "@apollo/client/react";
import { ClientDashboardDocument, DashboardMeDocument, OwnerStatsDocument } from "../../graphql/graphql.ts";

// the client dashboard's figures and latest posts
export const useClientDashboard = () => useQuery(ClientDashboardDocument, { fetchPolicy: "cache-and-network" });
export type ClientDashboardData = NonNullable<ReturnType<typeof useClientDashboard>["data"]>["clientDashboard"];
export type RecentPost = ClientDashboardData["recentPosts"][number];
export type ClientActivityItem = ClientDashboardData["recentActivity"][number];

// the signed-in person and their business
export const useDashboardMe = () => useQuery(DashboardMeDocument, { fetchPolicy: "cache-and-network" });
export type DashboardMe = NonNullable<ReturnType<typeof useDashboardMe>["data"]>["me"];
export type DashboardBusiness = NonNullable<DashboardMe["business"]>;

// the owner dashboard's figures
export const useOwnerStats = () => useQuery(OwnerStatsDocument, { fetchPolicy: "cache-and-network" });
export type OwnerStatsData = NonNullable<ReturnType<typeof useOwnerStats>["data"]>["ownerStats"];
export type OwnerActivityItem = OwnerStatsData["recentActivity"][number];
