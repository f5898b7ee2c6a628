// The webhooks page's reads (docs/architecture.md#client-rooms: data.ts): the endpoints, read again, in a row,
// whenever a delivery attempt ends (webhookDeliveryUpdated), with an open delivery log read again too. The
// page's and the form's own mutations stay beside their buttons.
import { useQuery, useSubscription } from "@apollo/client/react";
import {
  WebhookDeliveriesDocument,
  WebhookDeliveryUpdatedDocument,
  WebhooksPageDocument,
} from "../../graphql/graphql.ts";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";

export function useWebhooksPage() {
  const { data, error, refetch } = useQuery(WebhooksPageDocument, { fetchPolicy: "cache-and-network" });
  // every refetch of the page in a row (useSerialRefetch): a delivery's live event that arrives while the test
  // event's own refetch runs must not be answered with that earlier, still pending, reading
  const reload = useSerialRefetch(refetch);
  useSubscription(WebhookDeliveryUpdatedDocument, {
    onData: ({ client }) => {
      reload();
      void client.refetchQueries({ include: [WebhookDeliveriesDocument] }).catch(() => {});
    },
  });
  return { data, error, reload };
}
