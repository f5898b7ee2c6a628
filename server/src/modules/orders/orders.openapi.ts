// The OpenAPI entry of the orders' REST door (docs/architecture.md#how-a-request-flows): only Tap's webhook per café.
// The guest's return page (/o/{id}) is a page, not part of the REST contract; orders themselves are GraphQL's.
import { z } from "zod";
import type { RestOperation } from "../../http/openapi/operation.ts";

export const ordersOperations: RestOperation[] = [
  {
    method: "post",
    path: "/orders/webhooks/tap/{businessId}",
    tag: "Orders",
    access: "public",
    summary: "Tap's webhook for one café's orders: a charge's or a refund's outcome",
    description:
      "Tap's charge or refund object, posted to the address each charge of the café names, signed in the hashstring header with that café's own Tap secret key; a missing or wrong signature, or a café without a Tap account, is refused with 403 and changes nothing, a body over 64 KiB with 400 PAYLOAD_TOO_LARGE. The order is found by the charge's id (never by its unsigned reference) and moved once: a second delivery changes nothing.",
    responses: {
      200: {
        description: "Received (changed: false when it changed nothing, e.g. delivered again).",
        schema: z.object({ received: z.literal(true), changed: z.boolean() }),
      },
    },
    extraErrors: [403],
  },
];
