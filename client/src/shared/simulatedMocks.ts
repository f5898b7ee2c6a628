// Test answers for shared/simulated.ts's query: the business's accounts, demo (the demo café's), practice
// or real.
import { SimulatedAccountsDocument } from "../graphql/graphql.ts";

export type AccountKind = { demo: boolean; practice?: boolean };

export const simulatedAccountsData = (accounts: readonly AccountKind[]) => ({
  platformConnections: accounts.map((a, i) => ({
    __typename: "PlatformConnection" as const,
    platform: (["INSTAGRAM", "TWITTER", "SNAPCHAT", "TIKTOK", "FACEBOOK"] as const)[i % 5],
    account: { __typename: "PlatformAccount" as const, id: `acc${i}`, demo: a.demo, practice: a.practice ?? false },
  })),
});

/** The query answered with these accounts, as often as it is asked. */
export const simulatedAccountsMock = (accounts: readonly AccountKind[]) => ({
  request: { query: SimulatedAccountsDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: simulatedAccountsData(accounts) },
});
