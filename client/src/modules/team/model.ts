// The team page's rules without React (docs/architecture.md#client-rooms): the address an invitation goes
// to, who may be removed, and a refusal's field errors placed on the invitation form.
import type { TeamInvitationRowFragment, TeamPageQuery } from "../../graphql/graphql.ts";

export type Member = TeamPageQuery["team"]["members"][number];
export type Invitation = TeamInvitationRowFragment;

/** An invitation goes to the address as typed, trimmed and in lower case (one person, one address). */
export const inviteEmailOf = (typed: string) => typed.trim().toLowerCase();

/** A manager removes anyone but themselves and the account holder. */
export const isRemovable = (m: Pick<Member, "id" | "accountHolder">, canManage: boolean, me: string | undefined) =>
  canManage && m.id !== me && !m.accountHolder;

/** The server's field errors for the invitation form's fields, in its order; empty when none is the form's. */
export const inviteFieldErrors = (details: Record<string, string[] | undefined>) =>
  (["email", "role"] as const).flatMap((name) => (details[name]?.length ? [{ name, errors: details[name] }] : []));
