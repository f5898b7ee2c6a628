// STUB: the translations module's GraphQL types and fields (thin; they call the service).
import "../../graphql/builder.ts";
