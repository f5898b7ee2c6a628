// The team's conversation with the server (docs/architecture.md#client-rooms): the page's people,
// invitations and rights; inviting, removing a person and revoking an invitation; and accepting an
// invitation (POST /api/team/invitations/accept, signed out).
import { useMutation, useQuery } from "@apollo/client/react";
import {
  InviteTeamMemberDocument,
  RemoveTeamMemberDocument,
  RevokeInvitationDocument,
  TeamPageDocument,
  type TeamRole,
} from "../../graphql/graphql.ts";
import { api } from "../../lib/api.ts";

export function useTeamPage() {
  const { data, error, loading, refetch } = useQuery(TeamPageDocument, { fetchPolicy: "cache-and-network" });
  const reload = () => refetch().catch(() => {});
  return { data, error, loading, reload };
}

export function useRemoveMember() {
  const [remove] = useMutation(RemoveTeamMemberDocument);
  return (id: string) => remove({ variables: { id } });
}

export function useInviteMember() {
  const [invite, { loading }] = useMutation(InviteTeamMemberDocument);
  return { invite: (email: string, role: TeamRole) => invite({ variables: { email, role } }), inviting: loading };
}

export function useRevokeInvitation() {
  const [revoke] = useMutation(RevokeInvitationDocument);
  return (id: string) => revoke({ variables: { id } });
}

/** Who joined which business, as the server answers an accepted invitation. */
export interface Accepted {
  user: { email: string };
  business: { company_name: string };
}

export const acceptInvitation = (a: { token: string; name: string; password: string; confirmPassword: string }) =>
  api.post<Accepted>(
    "/team/invitations/accept",
    { token: a.token, name: a.name, password: a.password, confirm_password: a.confirmPassword },
    { auth: false },
  );

/** What a pending invitation's link is for, as the server reads it (POST /api/team/invitations/lookup). */
export interface InvitationPreview {
  email: string;
  company_name: string;
  role: "owner" | "client";
  expires_at: string;
  has_account: boolean;
}

export const lookupInvitation = (token: string) =>
  api.post<InvitationPreview>("/team/invitations/lookup", { token }, { auth: false });

/** Accepting with the account the address already has: its password (docs/architecture.md#memberships). */
export const joinWithAccount = (a: { token: string; password: string }) =>
  api.post<Accepted>("/team/invitations/accept", { token: a.token, password: a.password }, { auth: false });
