// Team collaboration at the GraphQL door: thin, every field calls the team service.
import { INVITABLE_ROLES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { RoleEnum } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { PendingInvitation, TeamMember as TeamMemberShape, TeamService } from "./team.service.ts";

export const TeamRoleEnum = builder.enumType("TeamRole", {
  description: "The roles a person can be invited with.",
  values: Object.fromEntries(INVITABLE_ROLES.map((r) => [r.toUpperCase(), { value: r }])) as { OWNER: { value: "owner" }; CLIENT: { value: "client" } },
});

export const TeamMember = builder.objectRef<TeamMemberShape>("TeamMember").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    role: t.expose("role", { type: RoleEnum }),
    joinedAt: t.field({ type: "DateTime", resolve: (u) => u.createdAt }),
    lastLoginAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
    accountHolder: t.exposeBoolean("accountHolder", { description: "The person who signed the business up; cannot be removed." }),
  }),
});

export const TeamInvitation = builder.objectRef<PendingInvitation>("TeamInvitation").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    role: t.expose("role", { type: RoleEnum }),
    invitedByName: t.exposeString("invitedByName", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

type TeamShape = Awaited<ReturnType<TeamService["list"]>>;
const Team = builder.objectRef<TeamShape>("Team").implement({
  fields: (t) => ({
    premium: t.exposeBoolean("premium", { description: "Team collaboration is part of the Premium plan (trial or active)." }),
    canManage: t.exposeBoolean("canManage", { description: "The viewer may invite and remove people (owners and the account holder)." }),
    members: t.field({ type: [TeamMember], resolve: (team) => team.members }),
    invitations: t.field({ type: [TeamInvitation], description: "Pending invitations: not accepted, revoked or expired.", resolve: (team) => team.invitations }),
  }),
});

const AcceptedInvitation = builder.objectRef<{ email: string; companyName: string }>("AcceptedInvitation").implement({
  description: "The account is created: sign in with this e-mail and the chosen password.",
  fields: (t) => ({ email: t.exposeString("email"), companyName: t.exposeString("companyName") }),
});

builder.queryFields((t) => ({
  team: t.field({
    type: Team,
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.team.list(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  inviteTeamMember: t.field({
    type: TeamInvitation,
    ...personOfBusiness,
    args: { email: t.arg.string({ required: true }), role: t.arg({ type: TeamRoleEnum, required: true }) },
    resolve: (_r, args, ctx) => ctx.services.team.invite(ctx.viewer, args, ctx.meta),
  }),
  revokeInvitation: t.field({
    type: TeamInvitation,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.team.revokeInvitation(ctx.viewer, String(id), ctx.meta),
  }),
  removeTeamMember: t.id({
    description: "Removes a person from the business; answers their id.",
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.team.removeMember(ctx.viewer, String(id), ctx.meta)).id,
  }),
  acceptInvitation: t.field({
    type: AcceptedInvitation,
    description: "Public: the invited person's name and password; then they sign in as usual.",
    args: { token: t.arg.string({ required: true }), name: t.arg.string({ required: true }), password: t.arg.string({ required: true }), confirmPassword: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const { user, business } = await ctx.services.team.acceptInvitation({ ...args, confirmPassword: args.confirmPassword ?? undefined }, ctx.meta);
      return { email: user.email, companyName: business.companyName };
    },
  }),
}));
