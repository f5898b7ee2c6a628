// Imports every module's GraphQL types into the one builder, then builds the schema.
import { builder } from "./builder.ts";
import "../modules/auth/auth.graphql.ts";
import "../modules/clients/clients.graphql.ts";
import "../modules/health/health.graphql.ts";

export const schema = builder.toSchema({ sortSchema: true });
