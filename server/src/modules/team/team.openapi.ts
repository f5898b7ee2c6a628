// The OpenAPI entries of /api/team (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { acceptInvitationSchema, invitationTokenSchema, inviteSchema, joinInvitationSchema } from "@sufra/schema";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";
import { restUserSchema } from "../auth/index.ts";

const member = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  joined_at: isoDateTime,
  last_login_at: isoDateTime.nullable(),
  account_holder: z.boolean(),
});
const invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  invited_by_name: z.string().nullable(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  accepted_at: isoDateTime.nullable(),
  revoked_at: isoDateTime.nullable(),
});
const tag = "Team";

export const teamOperations: RestOperation[] = [
  {
    method: "get",
    path: "/team",
    tag,
    access: "business",
    summary: "The team and its pending invitations",
    responses: {
      200: {
        description: "Members and invitations.",
        schema: z.object({
          premium: z.boolean(),
          can_manage: z.boolean(),
          members: z.array(member),
          invitations: z.array(invitation),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/team/invitations/lookup",
    tag,
    access: "public",
    summary: "What an invitation's link is for",
    description:
      "Who invites, to what role, and whether the address has a Sufra account (then it accepts with that account's password). INVALID_LINK for a link unknown, used, revoked or expired. Rate limited.",
    body: invitationTokenSchema,
    responses: {
      200: {
        description: "The pending invitation.",
        schema: z.object({
          email: z.string(),
          company_name: z.string(),
          role: z.enum(["owner", "client"]),
          expires_at: isoDateTime,
          has_account: z.boolean(),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/team/invitations/accept",
    subscription: "team",
    tag,
    access: "public",
    summary: "Join a team with an invitation's token",
    description:
      "A new person sends a name and a password (the sign-up rule). An address with a Sufra account sends only that account's password (joinInvitationSchema): the business joins the person's businesses; a wrong one is INCORRECT_PASSWORD.",
    body: acceptInvitationSchema.or(joinInvitationSchema),
    responses: {
      201: {
        description: "The new member and their business.",
        schema: z.object({ user: restUserSchema, business: z.object({ id: z.string(), company_name: z.string() }) }),
      },
    },
  },
  {
    method: "post",
    path: "/team/invitations",
    subscription: "team",
    tag,
    access: "manager",
    summary: "Invite someone by email",
    body: inviteSchema,
    responses: { 201: { description: "The invitation.", schema: invitation } },
  },
  {
    method: "delete",
    path: "/team/invitations/{id}",
    subscription: "team",
    tag,
    access: "manager",
    summary: "Revoke an invitation",
    responses: { 200: { description: "The invitation, revoked.", schema: invitation } },
  },
  {
    method: "delete",
    path: "/team/members/{id}",
    subscription: "team",
    tag,
    access: "manager",
    summary: "Remove a member",
    responses: { 200: { description: "Removed.", schema: z.object({ id: z.string() }) } },
  },
];
