// The billing page's conversation with the server (docs/architecture.md#client-rooms): the subscription,
// its plans and payments, kept current by billingChanged. The cards send their own one mutation each.
import { useApolloClient, useQuery, useSubscription } from "@apollo/client/react";
import { BillingChangedDocument, BillingDocument, BillingInvoicesDocument } from "../../graphql/graphql.ts";

export function useBillingPage() {
  const client = useApolloClient();
  const { data, error } = useQuery(BillingDocument, { fetchPolicy: "cache-and-network" });
  // the page and, for those who see them, the invoices (a payment applied issues one)
  const reload = () => client.refetchQueries({ include: [BillingDocument, BillingInvoicesDocument] }).catch(() => {});
  // a payment applied by the webhook, the lifecycle job or an admin: the page follows
  useSubscription(BillingChangedDocument, { onData: () => void reload(), onError: () => {} });
  return { data, error, reload };
}
