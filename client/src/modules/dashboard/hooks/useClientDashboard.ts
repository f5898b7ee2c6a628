// The client dashboard's figures and latest posts, fresh each time it opens (the cache shows the last
// answer meanwhile).
import { useQuery } from "@apollo/client/react";
import { ClientDashboardDocument } from "../../../graphql/graphql.ts";

export const useClientDashboard = () => useQuery(ClientDashboardDocument, { fetchPolicy: "cache-and-network" });
export type ClientDashboardData = NonNullable<ReturnType<typeof useClientDashboard>["data"]>["clientDashboard"];
export type RecentPost = ClientDashboardData["recentPosts"][number];
export type ClientActivityItem = ClientDashboardData["recentActivity"][number];
