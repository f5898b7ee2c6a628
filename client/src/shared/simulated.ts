// What simulated figures are called (docs/product.md#practice-and-demo-accounts): a café that rehearses on its
// practice accounts reads "practice figures"; the demo café, whose accounts are demo ones, reads "demo
// figures". One rule for every screen that labels simulated figures (dashboard, analytics, campaigns).
import { useQuery } from "@apollo/client/react";
import { SimulatedAccountsDocument } from "../graphql/graphql.ts";

export type SimulatedKind = "practice" | "demo";

/** "practice" when every simulated account is a practice account; "demo" when any is a demo café's. */
function simulatedKind(accounts: readonly ({ demo: boolean; practice: boolean } | null | undefined)[]): SimulatedKind {
  return accounts.some((a) => a?.demo && !a.practice) ? "demo" : "practice";
}

/** The business's kind of simulated accounts, read once and shared through the cache. */
export function useSimulatedKind(): SimulatedKind {
  const { data } = useQuery(SimulatedAccountsDocument, { fetchPolicy: "cache-first" });
  return simulatedKind((data?.platformConnections ?? []).map((c) => c.account));
}
