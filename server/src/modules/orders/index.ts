// The orders module's face (docs/product.md#orders): guests' orders built from the café's menu in a conversation and
// paid through a link made on the café's own Tap account. services.ts builds its service (createOrdersService, with
// `tell`: the hook the conversations module hears each change a guest should see through); the GraphQL type of an
// order, which the conversations' door shows too, is declared in graphql/refs.ts with this row.
export type { Order as OrderRecord } from "../../generated/prisma/client.ts";
