// A team member of a business that left Premium may only read (docs/product.md#subscriptions-and-billing;
// billing's rights.ts decides who): a mutation from them is refused with READ_ONLY_MEMBER before any
// field runs, except the ones about the person themself (their session, password, profile, notifications).
// The REST door refuses the same writes (http/read-only.ts).
import type { ApolloServerPlugin } from "@apollo/server";
import { AppError } from "../kernel/errors.ts";
import type { GraphQLContext } from "./context.ts";
import { contextError } from "./errors.ts";

/** Mutations about the caller themself, open to a read-only member. */
const PERSONAL_MUTATIONS: ReadonlySet<string> = new Set([
  "login",
  "logout",
  "refreshToken",
  "register",
  "updateProfile",
  "changePassword",
  "forgotPassword",
  "resetPassword",
  "verifyEmail",
  "resendVerification",
  "markNotificationsRead",
  "markAllNotificationsRead",
  "acceptInvitation",
]);

export const readOnlyMembersPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ contextValue }) {
    const v = contextValue.viewer;
    // only a person of a business with the member role can be read-only (owners, admins, API keys never are)
    if (!v || v.role !== "client" || !v.businessId || v.apiKeyId) return;
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== "mutation") return;
        const personal = operation.selectionSet.selections.every(
          (s) => s.kind === "Field" && (PERSONAL_MUTATIONS.has(s.name.value) || s.name.value === "__typename"),
        );
        if (personal) return;
        if (await contextValue.services.lifecycle.readOnly(v)) throw contextError(new AppError("READ_ONLY_MEMBER"));
      },
    };
  },
};
