// REST compatibility for /api/team: thin, calls the team service. Access tokens only: REST never
// accepts API keys (an sk_live_ token fails the JWT check as UNAUTHENTICATED).
import { Router } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { restUser } from "../auth/index.ts";
import type { PendingInvitation, TeamMember } from "./team.service.ts";

const restMember = (m: TeamMember) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
  last_login_at: m.lastLoginAt?.toISOString() ?? null,
  account_holder: m.accountHolder,
});

const restInvitation = (i: PendingInvitation) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invited_by_name: i.invitedByName,
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
  accepted_at: i.acceptedAt?.toISOString() ?? null,
  revoked_at: i.revokedAt?.toISOString() ?? null,
});

export function teamRouter(services: Services) {
  const r = Router();
  const { team } = services;
  const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    const t = await team.list(await viewer(req));
    res.json({
      premium: t.premium,
      can_manage: t.canManage,
      members: t.members.map(restMember),
      invitations: t.invitations.map(restInvitation),
    });
  });

  // public: the invited person has no session yet
  r.post("/invitations/lookup", async (req, res) => {
    const i = await team.invitation(camelBody(req), metaOf(req));
    res.json({
      email: i.email,
      company_name: i.companyName,
      role: i.role,
      expires_at: i.expiresAt.toISOString(),
      has_account: i.hasAccount,
    });
  });

  r.post("/invitations/accept", async (req, res) => {
    const { user, business } = await team.acceptInvitation(camelBody(req), metaOf(req));
    res.status(201).json({ user: restUser(user), business: { id: business.id, company_name: business.companyName } });
  });

  r.post("/invitations", async (req, res) => {
    res.status(201).json(restInvitation(await team.invite(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.delete("/invitations/:id", async (req, res) => {
    res.json(restInvitation(await team.revokeInvitation(await viewer(req), req.params.id, metaOf(req))));
  });

  r.delete("/members/:id", async (req, res) => {
    const removed = await team.removeMember(await viewer(req), req.params.id, metaOf(req));
    res.json({ id: removed.id });
  });

  return r;
}
