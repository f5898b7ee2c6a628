// The signed-in person and their business, fresh each time a dashboard opens (the cache shows the
// last answer at once while the server's arrives).
import { useQuery } from "@apollo/client/react";
import { DashboardMeDocument } from "../../../graphql/graphql.ts";

export const useDashboardMe = () => useQuery(DashboardMeDocument, { fetchPolicy: "cache-and-network" });
export type DashboardMe = NonNullable<ReturnType<typeof useDashboardMe>["data"]>["me"];
export type DashboardBusiness = NonNullable<DashboardMe["business"]>;
