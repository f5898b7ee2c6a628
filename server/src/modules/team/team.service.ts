// Team collaboration (Premium): the people of a business and the invitations that add more.
// Managers are the business's owners and its account holder (the person who signed it up: its
// earliest user, role client). Everyone of the business may see the team; only managers change it,
// and only from a person's session (an API key never manages the team or keys). Admins use the admin
// console: they have no business, so they get FORBIDDEN here.
import {
  acceptInvitationSchema,
  invitationTokenSchema,
  INVITATION_TTL_DAYS,
  inviteSchema,
  joinInvitationSchema,
  isPremium,
  type AgencyGrant,
  type BusinessStatus,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Business, Invitation, Subscription, User } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import {
  checkPassword,
  endSessions,
  hashPassword,
  hashToken,
  joinServedCafes,
  leaveServedCafes,
  opaqueToken,
} from "../auth/index.ts";
import { publishIn } from "../../kernel/pubsub.ts";
import { requireAgencyRight, requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import { assertRunning } from "../billing/index.ts";

const DAY = 86_400_000;

/** Business states in which nobody of the business may act (as the auth service decides for logins). */
export const BLOCKED_STATUS: Partial<
  Record<BusinessStatus, "ACCOUNT_PENDING" | "ACCOUNT_REJECTED" | "ACCOUNT_SUSPENDED">
> = {
  pending: "ACCOUNT_PENDING",
  rejected: "ACCOUNT_REJECTED",
  suspended: "ACCOUNT_SUSPENDED",
};

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002";

export type BusinessViewer = Viewer & { businessId: string };

/** A person (not an API key) of a business; admins and key callers are refused. */
export function requirePersonOfBusiness(viewer: Viewer | null): BusinessViewer {
  const v = requireScope(viewer, "business");
  if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
  return v as BusinessViewer;
}

export interface Access {
  viewer: BusinessViewer;
  business: Business & { subscription: Subscription | null };
  premium: boolean;
  /** the person who signed the business up */
  accountHolderId: string | null;
  canManage: boolean;
}

/** A business's people as it sees them: their account without the password, their role there, when they joined. */
export type PersonOfBusiness = Omit<User, "passwordHash"> & {
  joinedAt: Date;
  /** here through this agency (docs/architecture.md#agencies), null for the business's own people */
  agencyId: string | null;
};

/**
 * The people of a business (docs/architecture.md#memberships) in the order that decides its account
 * holder: the earliest membership first, each with their role in this business.
 */
export async function peopleOf(db: Db | Tx, businessId: string): Promise<PersonOfBusiness[]> {
  const rows = await db.membership.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    include: { user: { omit: { passwordHash: true } } },
  });
  return rows.map((m) => ({ ...m.user, role: m.role, joinedAt: m.createdAt, agencyId: m.agencyId }));
}

/**
 * The account holder: the person who signed the business up, its earliest person, when a client
 * (an owner is never the holder: owners manage by their role). `people` as peopleOf orders them.
 */
const accountHolderIdOf = (people: readonly { id: string; role: string }[]) =>
  people[0]?.role === "client" ? people[0].id : null;
/** The people who manage a business (its owners and its account holder), of `people` in PEOPLE_OLDEST_FIRST order. */
export const managersOf = <T extends { id: string; role: string }>(people: readonly T[]) => {
  const holder = accountHolderIdOf(people);
  return people.filter((u) => u.role === "owner" || u.id === holder);
};

/**
 * Who the viewer is in their business: Premium or not, the account holder, whether they manage it. `area` is
 * what they open (the team, billing, API keys and webhooks; "publish": answering guests): a person here through
 * an agency needs the café owner's grant for it (AGENCY_NOT_ALLOWED), and with a grant manages that area.
 */
export async function accessOf(db: Db | Tx, viewer: Viewer | null, area: AgencyGrant | "publish"): Promise<Access> {
  const v = requirePersonOfBusiness(viewer);
  requireAgencyRight(v, area);
  const [business, holder] = await Promise.all([
    db.business.findUnique({ where: { id: v.businessId }, include: { subscription: true } }),
    db.membership.findFirst({
      where: { businessId: v.businessId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: { userId: true, role: true },
    }),
  ]);
  if (!business) throw new AppError("NOT_FOUND");
  const accountHolderId = accountHolderIdOf(holder ? [{ id: holder.userId, role: holder.role }] : []);
  return {
    viewer: v,
    business,
    premium: isPremium(business.subscription),
    accountHolderId,
    // a person through an agency manages only the areas the owner granted (checked above); replying to guests is not managing
    canManage:
      v.role === "owner" || (v.role === "client" && v.userId === accountHolderId) || (!!v.agency && area !== "publish"),
  };
}

/** The viewer manages the team and keys of their business, or FORBIDDEN. */
export async function requireManager(db: Db | Tx, viewer: Viewer | null, area: AgencyGrant): Promise<Access> {
  const access = await accessOf(db, viewer, area);
  if (!access.canManage) throw new AppError("FORBIDDEN");
  return access;
}

export type TeamMember = PersonOfBusiness & { accountHolder: boolean };
export type PendingInvitation = Invitation & { invitedByName: string | null };

export function createTeamService(deps: Deps) {
  const { db, mailer, config, limits } = deps;
  const inviteUrl = (token: string) => `${config.publicUrl}/invite?token=${encodeURIComponent(token)}`;

  /** The invitation a link names while it may still be used: not accepted, not revoked, not expired. */
  const pending = (token: string, now = new Date()) =>
    ({ tokenHash: hashToken(token), acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }) as const;

  /** The invitation's checks, once it is marked accepted: the business may take people on (active, Premium, running). */
  async function acceptedInvitation(tx: Tx, token: string, now: Date) {
    const { count } = await tx.invitation.updateMany({ where: pending(token, now), data: { acceptedAt: now } });
    if (count !== 1) throw new AppError("INVALID_LINK");
    const invitation = await tx.invitation.findUniqueOrThrow({
      where: { tokenHash: hashToken(token) },
      include: { business: { include: { subscription: true } } },
    });
    const blocked = BLOCKED_STATUS[invitation.business.status];
    if (blocked) throw new AppError(blocked);
    assertRunning(invitation.business.subscription, "team");
    if (!isPremium(invitation.business.subscription)) throw new AppError("PLAN_UPGRADE_REQUIRED");
    return invitation;
  }

  /** An address with an account accepts with that account's password: the business joins their memberships. */
  async function joinWithAccount(account: User, input: unknown, meta: RequestMeta) {
    const v = validate(joinInvitationSchema, input);
    if (!(await checkPassword(account.passwordHash, v.password)))
      throw new AppError("INCORRECT_PASSWORD", { password: ["accountPasswordIncorrect"] });
    return db.$transaction(async (tx) => {
      const now = new Date();
      const invitation = await acceptedInvitation(tx, v.token, now);
      const { business } = invitation;
      const member = { userId: account.id, businessId: business.id };
      if (await tx.membership.findUnique({ where: { userId_businessId: member } }))
        throw new AppError("ALREADY_A_MEMBER");
      // the business they were invited to is where their next sign-in lands
      await tx.membership.create({ data: { ...member, role: invitation.role, lastUsedAt: now } });
      // joining an agency is joining the cafés it serves
      await joinServedCafes(tx, business.id, { userId: account.id });
      await audit(tx, {
        actorId: account.id,
        action: "team.invitation_accepted",
        entityType: "business",
        entityId: business.id,
        data: { invitationId: invitation.id, userId: account.id, role: invitation.role, existingAccount: true },
        ip: meta.ip,
      });
      // their checked callers may act in the business they last used: now this one
      await publishIn(tx, "person.changed", { userId: account.id });
      const { passwordHash: _h, ...person } = account;
      return { user: { ...person, role: invitation.role, businessId: business.id }, business };
    });
  }

  return {
    /** The people of the viewer's business and its pending invitations; any person of the business may look. */
    async list(viewer: Viewer | null) {
      const access = await accessOf(db, viewer, "team");
      const businessId = access.viewer.businessId;
      const [users, invitations] = await Promise.all([
        peopleOf(db, businessId),
        db.invitation.findMany({
          where: { businessId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        }),
      ]);
      const names = new Map(users.map((u) => [u.id, u.name]));
      return {
        premium: access.premium,
        canManage: access.canManage,
        members: users.map((u): TeamMember => ({ ...u, accountHolder: u.id === access.accountHolderId })),
        invitations: invitations.map((i): PendingInvitation => ({
          ...i,
          invitedByName: names.get(i.invitedById) ?? null,
        })),
      };
    },

    /**
     * Invites a person by e-mail (Premium, managers). An address with an account joins with it (a person
     * may belong to several businesses, docs/architecture.md#memberships); one already in the team is
     * ALREADY_A_MEMBER, an admin's address EMAIL_TAKEN. A pending invitation to the same address is
     * replaced. The link works INVITATION_TTL_DAYS days.
     */
    async invite(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<PendingInvitation> {
      const access = await requireManager(db, viewer, "team");
      // a stopped subscription manages no team (docs/product.md#subscriptions-and-billing), whatever its plan
      assertRunning(access.business.subscription, "team");
      if (!access.premium) throw new AppError("PLAN_UPGRADE_REQUIRED");
      const v = validate(inviteSchema, input);
      const { businessId, userId } = access.viewer;
      let mailId: string;
      const invitation = await db.$transaction(async (tx) => {
        // one invitation at a time per business: two managers inviting the same address leave one pending
        await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
        const account = await tx.user.findUnique({
          where: { email: v.email },
          select: { role: true, memberships: { where: { businessId }, select: { userId: true } } },
        });
        if (account?.role === "admin") throw new AppError("EMAIL_TAKEN");
        if (account?.memberships.length) throw new AppError("ALREADY_A_MEMBER");
        const now = new Date();
        const replaced = await tx.invitation.updateMany({
          where: { businessId, email: v.email, acceptedAt: null, revokedAt: null },
          data: { revokedAt: now },
        });
        const token = opaqueToken();
        const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY);
        const created = await tx.invitation.create({
          data: {
            businessId,
            email: v.email,
            role: v.role,
            tokenHash: hashToken(token),
            invitedById: userId,
            expiresAt,
          },
        });
        mailId = await mailer.queue(
          tx,
          v.email,
          "invitation",
          {
            inviterName: access.viewer.name,
            businessName: access.business.companyName,
            role: v.role,
            expiresAt,
            url: inviteUrl(token),
            hasAccount: !!account,
          },
          meta.locale,
        );
        await audit(tx, {
          actorId: userId,
          action: "team.invited",
          entityType: "business",
          entityId: businessId,
          data: { invitationId: created.id, email: v.email, role: v.role, replaced: replaced.count },
          ip: meta.ip,
        });
        return created;
      });
      await mailer.deliver([mailId!]);
      return { ...invitation, invitedByName: access.viewer.name };
    },

    /** Withdraws a pending invitation of the viewer's business (managers; allowed on any plan). */
    async revokeInvitation(viewer: Viewer | null, id: string, meta: RequestMeta): Promise<PendingInvitation> {
      const access = await requireManager(db, viewer, "team");
      assertRunning(access.business.subscription, "team");
      const { businessId, userId } = access.viewer;
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const found = await tx.invitation.findFirst({ where: { id, businessId } });
        if (!found) throw new AppError("NOT_FOUND");
        if (found.acceptedAt) throw new AppError("INVALID_STATE");
        if (found.revokedAt) return { ...found, invitedByName: null };
        const revoked = await tx.invitation.update({ where: { id }, data: { revokedAt: new Date() } });
        await audit(tx, {
          actorId: userId,
          action: "team.invitation_revoked",
          entityType: "business",
          entityId: businessId,
          data: { invitationId: id, email: found.email },
          ip: meta.ip,
        });
        return { ...revoked, invitedByName: null };
      });
    },

    /**
     * Public: what a pending invitation's link is for (the business, the address, the role) and whether
     * the address has an account (then it joins with that account's password). Nothing for a link that is
     * unknown, used, revoked or expired: INVALID_LINK.
     */
    async invitation(input: unknown, meta: RequestMeta) {
      await limits.consume("accept_invitation", meta.ip);
      const { token } = validate(invitationTokenSchema, input);
      const found = await db.invitation.findFirst({
        where: pending(token),
        include: { business: { select: { companyName: true } } },
      });
      if (!found) throw new AppError("INVALID_LINK");
      const account = await db.user.findUnique({ where: { email: found.email }, select: { id: true } });
      return {
        email: found.email,
        companyName: found.business.companyName,
        role: found.role,
        expiresAt: found.expiresAt,
        hasAccount: !!account,
      };
    },

    /**
     * Public: accepting an invitation. A new person chooses a name and a password (the sign-up rule): their
     * account is made with the invited role in the business. An address that has an account joins with it,
     * by its password (INCORRECT_PASSWORD otherwise, the invitation still pending): the business is added
     * to that person's (docs/architecture.md#memberships). Either way the invitation is marked accepted in
     * the same transaction; an unknown, used, revoked or expired link is INVALID_LINK. Then they sign in.
     */
    async acceptInvitation(input: unknown, meta: RequestMeta) {
      await limits.consume("accept_invitation", meta.ip);
      const { token } = validate(invitationTokenSchema, input);
      const invited = await db.invitation.findFirst({ where: pending(token), select: { email: true } });
      if (!invited) throw new AppError("INVALID_LINK");
      const account = await db.user.findUnique({ where: { email: invited.email } });
      if (account) return joinWithAccount(account, input, meta);
      const v = validate(acceptInvitationSchema, input);
      const passwordHash = await hashPassword(v.password);
      return db
        .$transaction(async (tx) => {
          const now = new Date();
          const invitation = await acceptedInvitation(tx, v.token, now);
          const { business } = invitation;
          if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } }))
            throw new AppError("EMAIL_TAKEN");
          // the link reached the invited mailbox, which proves the address
          const user = await tx.user.create({
            data: {
              email: invitation.email,
              passwordHash,
              name: v.name,
              role: invitation.role,
              locale: meta.locale,
              emailVerifiedAt: now,
              memberships: { create: { businessId: business.id, role: invitation.role, lastUsedAt: now } },
            },
          });
          await joinServedCafes(tx, business.id, { userId: user.id });
          await audit(tx, {
            actorId: user.id,
            action: "team.invitation_accepted",
            entityType: "business",
            entityId: business.id,
            data: { invitationId: invitation.id, userId: user.id, role: invitation.role },
            ip: meta.ip,
          });
          return { user: { ...user, businessId: business.id }, business };
        })
        .catch((e) => {
          throw isUniqueViolation(e) ? new AppError("EMAIL_TAKEN") : e;
        });
    },

    /**
     * Removes a person from the business (managers; not themselves, not the account holder): their
     * sessions end, the API keys they created are revoked (they may hold a copy), and their membership goes
     * (their account too when they belong to no other business).
     */
    async removeMember(viewer: Viewer | null, memberId: string, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "team");
      assertRunning(access.business.subscription, "team");
      const { businessId, userId } = access.viewer;
      if (!isUuid(memberId)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const member = (await peopleOf(tx, businessId)).find((p) => p.id === memberId);
        if (!member) throw new AppError("NOT_FOUND");
        if (member.id === userId) throw new AppError("CANNOT_REMOVE_SELF");
        if (member.id === access.accountHolderId) throw new AppError("CANNOT_REMOVE_ACCOUNT_HOLDER");
        const now = new Date();
        const sessions = { count: await endSessions(tx, { userId: member.id }, { userId: member.id }) };
        const keys = await tx.apiKey.updateMany({
          where: { businessId, createdById: member.id, revokedAt: null },
          data: { revokedAt: now },
        });
        // out of this business; a person who belongs to no other one has no account left
        await tx.membership.delete({ where: { userId_businessId: { userId: member.id, businessId } } });
        // leaving an agency is leaving the cafés it serves
        await leaveServedCafes(tx, businessId, { userId: member.id });
        if (!(await tx.membership.count({ where: { userId: member.id } })))
          await tx.user.delete({ where: { id: member.id } });
        await audit(tx, {
          actorId: userId,
          action: "team.member_removed",
          entityType: "business",
          entityId: businessId,
          data: {
            userId: member.id,
            email: member.email,
            role: member.role,
            sessionsRevoked: sessions.count,
            apiKeysRevoked: keys.count,
          },
          ip: meta.ip,
        });
        return member;
      });
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
