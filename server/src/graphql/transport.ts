// What each transport carries. Apollo Server runs a subscription sent over HTTP as if it were a query
// (graphql-js executes the field's resolver without the event stream it expects), which fails inside the
// resolver and reads as a server error; subscriptions live on graphql-ws at the same path.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import { AppError } from "../kernel/errors.ts";
import type { GraphQLContext } from "./context.ts";

/** A subscription over HTTP is the caller's mistake: 400 with the catalogue's words, before anything runs. */
export const subscriptionsOverWebSocketOnly: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== "subscription") return;
        const err = new AppError("SUBSCRIPTION_NEEDS_WEBSOCKET");
        throw new GraphQLError(err.code, { originalError: err, extensions: { http: { status: err.status } } });
      },
    };
  },
};
