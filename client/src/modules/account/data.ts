// The account pages' conversation with the server (docs/architecture.md#client-rooms): the person's own
// profile (PUT /api/auth/profile: their name, the business's details, their language), the password change
// (POST /api/auth/change-password) and the business's details read with GraphQL `me`. A saved profile
// replaces the session's user (the top bar and the dashboard follow) and the cached copies follow it.
import { useApolloClient, useQuery } from "@apollo/client/react";
import type { Locale } from "@sufra/schema";
import { MyBusinessesDocument, SettingsMeDocument } from "../../graphql/graphql.ts";
import { api } from "../../lib/api.ts";
import { session, type SessionUser } from "../../lib/session.ts";
import type { BusinessDetails, PasswordChange } from "./model.ts";

type ProfileChange = { name: string } | BusinessDetails | { locale: Locale };

/** Saves part of the person's profile; the saved user replaces the session's. */
async function saveProfile(change: ProfileChange): Promise<SessionUser> {
  const saved = await api.put<SessionUser>("/auth/profile", change);
  session.setUser(saved);
  return saved;
}

/** The language the person reads in, kept on the account so e-mails follow it. */
export const saveLanguage = (locale: Locale) => saveProfile({ locale });

/** Changes the password; the server's own sentence when it sends one. */
export const changePassword = (change: PasswordChange) =>
  api.post<{ message?: string } | undefined>("/auth/change-password", change);

/** Saves the person's name; the cached user takes it too. */
export function useSaveName() {
  const client = useApolloClient();
  return async (name: string) => {
    const saved = await saveProfile({ name: name.trim() });
    client.cache.modify({
      id: client.cache.identify({ __typename: "User", id: saved.id }),
      fields: { name: () => saved.name },
    });
    return saved;
  };
}

/** The business's details (none for a person without a business) and their saving; the cached business follows. */
export function useBusinessDetails() {
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(SettingsMeDocument);
  const business = data?.me.business ?? null;
  const save = async (details: BusinessDetails) => {
    if (!business) return;
    await saveProfile(details);
    client.cache.modify({
      id: client.cache.identify({ __typename: "Client", id: business.id }),
      fields: { companyName: () => details.company_name, phone: () => details.phone, address: () => details.address },
    });
  };
  return { loaded: !!data, business, error, reload: () => void refetch().catch(() => {}), save };
}

/**
 * The businesses the person belongs to (none asked for an admin), and moving to one: the server remembers
 * it (sign-in lands there), the session's user takes its business and role, so every request names it
 * (lib/session.ts businessHeader), and everything on screen is read again for it.
 */
export function useMyBusinesses(skip: boolean) {
  const client = useApolloClient();
  const { data } = useQuery(MyBusinessesDocument, { skip, fetchPolicy: "cache-and-network" });
  const choose = async (businessId: string): Promise<SessionUser> => {
    const saved = await api.post<SessionUser>(`/auth/businesses/${encodeURIComponent(businessId)}/use`);
    session.setUser(saved);
    // every screen reads again for the new business; a screen of the old role may fail its read before it
    // gives way (its own error), which is no failure of the switch
    void client.resetStore().catch(() => {});
    return saved;
  };
  return { businesses: data?.myBusinesses ?? [], choose };
}
