// Team collaboration at the GraphQL door: thin, every field calls the team service.
import { INVITABLE_ROLES, type Role } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { RoleEnum, upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { PendingInvitation, TeamMember as TeamMemberShape, TeamService } from "./team.service.ts";

const TeamRoleEnum = builder.enumType("TeamRole", {
  description: "The roles a person can be invited with.",
  values: upper(INVITABLE_ROLES, {
    owner: "An owner: the owner dashboard, settings, the team and API keys.",
    client: "A staff member: posts, schedule, reviews, analytics, competitors and campaigns.",
  }),
});

const TeamMember = builder.objectRef<TeamMemberShape>("TeamMember").implement({
  description: "A person of the business.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The person's user id (a UUID)." }),
    name: t.exposeString("name", { description: "Their name, as they wrote it." }),
    email: t.exposeString("email", { description: "Their e-mail address." }),
    role: t.expose("role", { description: "Their role: OWNER or CLIENT.", type: RoleEnum }),
    joinedAt: t.field({
      description: "When they joined this business (UTC).",
      type: "DateTime",
      resolve: (u) => u.joinedAt,
    }),
    lastLoginAt: t.expose("lastLoginAt", {
      description: "When they last signed in (UTC); null when never.",
      type: "DateTime",
      nullable: true,
    }),
    accountHolder: t.exposeBoolean("accountHolder", {
      description: "The person who signed the business up; cannot be removed.",
    }),
  }),
});

const TeamInvitation = builder.objectRef<PendingInvitation>("TeamInvitation").implement({
  description: "An invitation to join the business, waiting to be accepted.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The invitation's id (a UUID)." }),
    email: t.exposeString("email", { description: "The address invited." }),
    role: t.expose("role", { description: "The role they will have: OWNER or CLIENT.", type: RoleEnum }),
    invitedByName: t.exposeString("invitedByName", {
      description: "The name of the person who invited them; null when that person is gone.",
      nullable: true,
    }),
    createdAt: t.expose("createdAt", { description: "When it was sent (UTC).", type: "DateTime" }),
    expiresAt: t.expose("expiresAt", {
      description: "When its link stops working (UTC): 7 days after it was sent.",
      type: "DateTime",
    }),
  }),
});

type TeamShape = Awaited<ReturnType<TeamService["list"]>>;
const Team = builder.objectRef<TeamShape>("Team").implement({
  description: "The business's people and pending invitations.",
  fields: (t) => ({
    premium: t.exposeBoolean("premium", {
      description: "Team collaboration is part of the Premium plan (trial or active).",
    }),
    canManage: t.exposeBoolean("canManage", {
      description: "The viewer may invite and remove people (owners and the account holder).",
    }),
    members: t.field({
      description: "The business's people, oldest account first (the account holder signed up first).",
      type: [TeamMember],
      resolve: (team) => team.members,
    }),
    invitations: t.field({
      type: [TeamInvitation],
      description: "Pending invitations: not accepted, revoked or expired.",
      resolve: (team) => team.invitations,
    }),
  }),
});

const AcceptedInvitation = builder.objectRef<{ email: string; companyName: string }>("AcceptedInvitation").implement({
  description: "Accepted: sign in with this e-mail (and the chosen password, or the account's own).",
  fields: (t) => ({
    email: t.exposeString("email", { description: "The e-mail address to sign in with (the invited one)." }),
    companyName: t.exposeString("companyName", { description: "The name of the business joined." }),
  }),
});

const InvitationPreview = builder
  .objectRef<{ email: string; companyName: string; role: Role; expiresAt: Date; hasAccount: boolean }>(
    "InvitationPreview",
  )
  .implement({
    description: "What a pending invitation's link is for, read before accepting it.",
    fields: (t) => ({
      email: t.exposeString("email", { description: "The invited address." }),
      companyName: t.exposeString("companyName", { description: "The name of the business inviting." }),
      role: t.expose("role", { description: "The role offered: OWNER or CLIENT.", type: RoleEnum }),
      expiresAt: t.expose("expiresAt", { description: "When the link stops working (UTC).", type: "DateTime" }),
      hasAccount: t.exposeBoolean("hasAccount", {
        description: "True when the address has a Sufra account: it accepts with that account's password.",
      }),
    }),
  });

builder.queryFields((t) => ({
  invitation: t.field({
    description:
      "Public: a pending invitation's link (who invites, to what role, whether the address has an account). INVALID_LINK for one unknown, used, revoked or expired. Rate limited.",
    type: InvitationPreview,
    args: { token: t.arg.string({ required: true, description: "The token from the mailed link." }) },
    resolve: (_r, args, ctx) => ctx.services.team.invitation(args, ctx.meta),
  }),
  team: t.field({
    description: "The caller's business's team. A person of the business only (not an API key).",
    type: Team,
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.team.list(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  inviteTeamMember: t.field({
    description:
      "Premium: mails an invitation (its link works 7 days); a pending one to the same address is replaced. Owners and the account holder only.",
    type: TeamInvitation,
    ...personOfBusiness,
    args: {
      email: t.arg.string({ required: true, description: "The address to invite." }),
      role: t.arg({ type: TeamRoleEnum, required: true, description: "The role they will have." }),
    },
    resolve: (_r, args, ctx) => ctx.services.team.invite(ctx.viewer, args, ctx.meta),
  }),
  revokeInvitation: t.field({
    description: "Withdraws a pending invitation: its link stops working. Owners and the account holder only.",
    type: TeamInvitation,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The invitation's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.team.revokeInvitation(ctx.viewer, String(id), ctx.meta),
  }),
  removeTeamMember: t.id({
    description: "Removes a person from the business; answers their id.",
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The person's user id." }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.team.removeMember(ctx.viewer, String(id), ctx.meta)).id,
  }),
  acceptInvitation: t.field({
    type: AcceptedInvitation,
    description:
      "Public: a new person's name and password, or, for an address with a Sufra account, that account's password (the business joins theirs); then they sign in as usual.",
    args: {
      token: t.arg.string({ required: true, description: "The token from the mailed link." }),
      name: t.arg.string({
        description: "The invited person's name, 1 to 200 characters; required for a new account, unused otherwise.",
      }),
      password: t.arg.string({
        required: true,
        description:
          "Their password: at least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.",
      }),
      confirmPassword: t.arg.string({ description: "The password again; when given it must match." }),
    },
    resolve: async (_r, args, ctx) => {
      const { user, business } = await ctx.services.team.acceptInvitation(
        { ...args, name: args.name ?? undefined, confirmPassword: args.confirmPassword ?? undefined },
        ctx.meta,
      );
      return { email: user.email, companyName: business.companyName };
    },
  }),
}));
