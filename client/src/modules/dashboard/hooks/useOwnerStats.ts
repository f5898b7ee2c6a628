// The owner dashboard's figures, fresh each time it opens (the cache shows the last answer meanwhile).
import { useQuery } from "@apollo/client/react";
import { OwnerStatsDocument } from "../../../graphql/graphql.ts";

export const useOwnerStats = () => useQuery(OwnerStatsDocument, { fetchPolicy: "cache-and-network" });
export type OwnerStatsData = NonNullable<ReturnType<typeof useOwnerStats>["data"]>["ownerStats"];
export type OwnerActivityItem = OwnerStatsData["recentActivity"][number];
