// Accounts and sessions: sign-up, sign-in, tokens, passwords, e-mail verification.
// Both doors (auth.rest.ts, auth.graphql.ts) call these functions and nothing else.
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  refreshSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signUpSchema,
  verifyEmailSchema,
  type AgencyGrant,
  type BusinessStatus,
  type Locale,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma, type User, type Business } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { createCallerCache } from "../../kernel/caller-cache.ts";
import { publishIn } from "../../kernel/pubsub.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { endSessions, liveSessions } from "./sessions.ts";
import { membershipOf, placeOf } from "./memberships.ts";
import {
  hashToken,
  opaqueToken,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_PASSWORD_TTL_HOURS,
  VERIFY_EMAIL_TTL_HOURS,
} from "./tokens.ts";
import { isUuid } from "../../kernel/ids.ts";

const HOUR = 3_600_000;
const BLOCKED: Partial<Record<BusinessStatus, "ACCOUNT_PENDING" | "ACCOUNT_REJECTED" | "ACCOUNT_SUSPENDED">> = {
  pending: "ACCOUNT_PENDING",
  rejected: "ACCOUNT_REJECTED",
  suspended: "ACCOUNT_SUSPENDED",
};

/** Admins have no business; everyone else may act only while their business is active. */
function assertMayEnter(user: { role: User["role"]; business: Pick<Business, "status"> | null }) {
  if (user.role === "admin") return;
  const blocked = user.business ? BLOCKED[user.business.status] : "ACCOUNT_SUSPENDED";
  if (blocked) throw new AppError(blocked);
}

/** A person as `me` and the profile show them: never the password hash, nor what changes at each sign-in. */
export type Person = Pick<User, "id" | "email" | "name" | "role" | "locale" | "emailVerifiedAt" | "createdAt"> & {
  /** the business they act in here (docs/architecture.md#memberships); null for an admin */
  businessId: string | null;
};
const PERSON = {
  id: true,
  email: true,
  name: true,
  role: true,
  locale: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;
/** A person as seen in a business: their role there (an admin's own), and that business. */
const personIn = <T extends { role: User["role"] }>(
  u: T,
  place: { businessId: string; role: User["role"] } | null,
): T & { businessId: string | null } => ({
  ...u,
  role: u.role === "admin" ? u.role : (place?.role ?? u.role),
  businessId: place?.businessId ?? null,
});

/** A business a person belongs to, as their switcher lists it. */
export interface MembershipView {
  businessId: string;
  companyName: string;
  status: BusinessStatus;
  role: User["role"];
  lastUsedAt: Date | null;
  /** the business this request acts in */
  current: boolean;
}

/** The one row authenticate reads: the person, their business's status, and the session if still in force. */
type CallerRow = Person & {
  businessStatus: BusinessStatus | null;
  sessionEndsAt: Date | null;
  /** through an agency: the agency's business and what the café lets it do */
  agencyId: string | null;
  agencyMayPublish: boolean | null;
  agencyGrants: string[] | null;
};

/** The address an attempt is for, read before validation so that invalid attempts count too. */
const emailOf = (input: unknown) => {
  const e = (input as { email?: unknown } | null)?.email;
  return typeof e === "string" ? e : undefined;
};

/** Mails about an account asked for by address (forgotten password, verification link again). */
export const ACCOUNT_MAIL_JOB = "auth.account-mail";
export type AccountMail = { purpose: "reset_password" | "verify_email"; email: string; ip: string };

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002";

export function createAuthService(deps: Deps) {
  const { db, mailer, signer, limits, config } = deps;
  // each access token's checked caller, kept until an event changes it (docs/architecture.md#how-a-request-flows)
  const callers = createCallerCache<Viewer>(deps.pubsub);
  // the person behind each checked caller, for `me` without reading them again
  const persons = new WeakMap<Viewer, Person>();
  const link = (path: string, token: string) => `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  async function issueEmailToken(tx: Tx, userId: string, purpose: "verify_email" | "reset_password") {
    // a new link replaces the older ones of the same purpose
    await tx.emailToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
    const token = opaqueToken();
    const ttl = purpose === "verify_email" ? VERIFY_EMAIL_TTL_HOURS : RESET_PASSWORD_TTL_HOURS;
    await tx.emailToken.create({
      data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl * HOUR) },
    });
    return token;
  }

  /** Marks an e-mail token used, once; throws INVALID_LINK if it is unknown, used or expired. */
  async function consumeEmailToken(tx: Tx, token: string, purpose: "verify_email" | "reset_password") {
    const tokenHash = hashToken(token);
    const { count } = await tx.emailToken.updateMany({
      where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (count !== 1) throw new AppError("INVALID_LINK");
    return tx.emailToken.findUniqueOrThrow({
      where: { tokenHash },
      include: { user: { select: { id: true, emailVerifiedAt: true } } },
    });
  }

  /** Requests for the same mail to the same address wait as one job until it runs. */
  const queueAccountMail = (d: AccountMail) =>
    deps.queue.enqueue(ACCOUNT_MAIL_JOB, d, new Date(), { "data.purpose": d.purpose, "data.email": d.email });

  /** The job: a fresh link for a known address (a verified one needs no verification link), by mail. */
  async function sendAccountMail(d: AccountMail) {
    const user = await db.user.findUnique({
      where: { email: d.email },
      select: { id: true, email: true, name: true, locale: true, emailVerifiedAt: true },
    });
    if (!user || (d.purpose === "verify_email" && user.emailVerifiedAt)) return;
    const mailId = await db.$transaction(async (tx) => {
      const token = await issueEmailToken(tx, user.id, d.purpose);
      if (d.purpose === "verify_email")
        return mailer.queue(
          tx,
          user.email,
          "verifyEmail",
          { name: user.name, url: link("/verify-email", token) },
          user.locale as Locale,
        );
      await audit(tx, {
        actorId: null,
        action: "user.password_reset_requested",
        entityType: "user",
        entityId: user.id,
        ip: d.ip,
      });
      return mailer.queue(
        tx,
        user.email,
        "resetPassword",
        { name: user.name, url: link("/reset-password", token) },
        user.locale as Locale,
      );
    });
    await mailer.deliver([mailId]);
  }

  async function startSession(user: User, meta: RequestMeta) {
    const refreshToken = opaqueToken();
    const session = await db.refreshToken.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(refreshToken),
        userAgent: meta.userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * HOUR),
      },
    });
    const accessToken = await signer.sign({ sub: user.id, role: user.role, sid: session.id });
    return { accessToken, refreshToken };
  }

  return {
    /**
     * Turns an access token into the caller's identity, refusing accounts that may no longer enter and
     * sessions that ended (signed out, password changed or reset, suspended). The person, their business's
     * status and the session are read in one statement, once per token: the checked caller is then kept
     * (kernel/caller-cache.ts) until the token or the session expires, at most a minute, and dropped when
     * an event says the sessions, the person or the business changed, so a revoked token is still
     * refused on the next request.
     * `businessId` names the business to act in (the doors' business header); without it the person acts
     * in the one they last used, else their oldest (docs/architecture.md#memberships). A business they do
     * not belong to is NOT_A_MEMBER.
     */
    async authenticate(accessToken: string, businessId?: string | null): Promise<Viewer> {
      const key = businessId ? `${accessToken} ${businessId}` : accessToken;
      const kept = callers.get(key);
      if (kept) return kept;
      const claims = await signer.verify(accessToken);
      if (!isUuid(claims.sid) || !isUuid(claims.sub)) throw new AppError("SESSION_EXPIRED");
      if (businessId && !isUuid(businessId)) throw new AppError("NOT_A_MEMBER");
      return callers.load(key, async () => {
        // the role is the membership's, an admin's their own
        const [row] = await db.$queryRaw<CallerRow[]>`
          select u.id, u.email, u.name, coalesce(m.role, u.role)::text as role, u.locale,
                 u.email_verified_at as "emailVerifiedAt", m.business_id as "businessId", u.created_at as "createdAt",
                 b.status::text as "businessStatus", s.expires_at as "sessionEndsAt",
                 m.agency_id as "agencyId", l.may_publish as "agencyMayPublish", l.grants as "agencyGrants"
            from users u
            left join lateral (${membershipOf(Prisma.sql`u`, businessId)}) m on true
            left join businesses b on b.id = m.business_id
            left join agency_links l on l.agency_id = m.agency_id and l.cafe_id = m.business_id and l.status = 'active'
            left join refresh_tokens s on s.id = ${claims.sid}::uuid and s.user_id = u.id and s.revoked_at is null and s.expires_at > ${new Date()}
           where u.id = ${claims.sub}::uuid`;
        if (!row) throw new AppError("SESSION_EXPIRED");
        const { businessStatus, sessionEndsAt, agencyId, agencyMayPublish, agencyGrants, ...person } = row;
        if (businessId && !person.businessId && person.role !== "admin") throw new AppError("NOT_A_MEMBER");
        // a suspended person is told so, rather than that the session expired
        assertMayEnter({ role: person.role, business: businessStatus ? { status: businessStatus } : null });
        if (!sessionEndsAt) throw new AppError("SESSION_EXPIRED");
        // shared by the requests that reuse it: frozen, so that none changes it for the others
        const viewer: Viewer = Object.freeze({
          userId: person.id,
          role: person.role,
          email: person.email,
          name: person.name,
          businessId: person.businessId,
          sessionId: claims.sid,
          ...(agencyId
            ? { agency: { agencyId, mayPublish: !!agencyMayPublish, grants: (agencyGrants ?? []) as AgencyGrant[] } }
            : {}),
        });
        persons.set(viewer, person);
        return {
          value: viewer,
          scope: { userId: person.id, businessId: person.businessId },
          until: Math.min(claims.exp * 1000, sessionEndsAt.getTime()),
        };
      });
    },

    /** Of the given session ids, those still in force (open WebSockets re-check theirs when sessions end). */
    liveSessions: (ids: string[]) => liveSessions(db, ids),

    async register(input: unknown, meta: RequestMeta) {
      await limits.consume("register", meta.ip, emailOf(input));
      const v = validate(signUpSchema, input);
      const passwordHash = await hashPassword(v.password);
      let mailId: string;
      const result = await db
        .$transaction(async (tx) => {
          if (await tx.user.findUnique({ where: { email: v.email }, select: { id: true } }))
            throw new AppError("EMAIL_TAKEN");
          const business = await tx.business.create({
            data: {
              companyName: v.companyName,
              contactName: v.contactName,
              phone: v.phone,
              address: v.address,
              requestedPlan: v.requestedPlan,
              status: "pending",
              subscription: { create: { plan: v.requestedPlan, status: "trial" } },
            },
          });
          const user = await tx.user.create({
            data: {
              email: v.email,
              passwordHash,
              name: v.contactName,
              role: "client",
              locale: v.locale,
              memberships: { create: { businessId: business.id, role: "client", lastUsedAt: new Date() } },
            },
          });
          const token = await issueEmailToken(tx, user.id, "verify_email");
          mailId = await mailer.queue(
            tx,
            user.email,
            "verifyEmail",
            { name: user.name, url: link("/verify-email", token) },
            v.locale,
          );
          await audit(tx, {
            actorId: user.id,
            action: "client.signed_up",
            entityType: "business",
            entityId: business.id,
            data: { plan: v.requestedPlan },
            ip: meta.ip,
          });
          return { user: personIn(user, { businessId: business.id, role: "client" }), business };
        })
        .catch((e) => {
          throw isUniqueViolation(e) ? new AppError("EMAIL_TAKEN") : e;
        });
      await mailer.deliver([mailId!]);
      await deps.pubsub.publish("client.changed", { businessId: result.business.id, change: "signed_up" });
      return result;
    },

    async login(input: unknown, meta: RequestMeta) {
      await limits.consume("login", meta.ip, emailOf(input));
      const v = validate(loginSchema, input);
      const user = await db.user.findUnique({ where: { email: v.email } });
      if (!(await checkPassword(user?.passwordHash ?? null, v.password)) || !user)
        throw new AppError("INVALID_CREDENTIALS");
      const place = await placeOf(db, user.id);
      assertMayEnter({ role: user.role, business: place });
      await limits.reset("login", v.email, meta.ip);
      const tokens = await startSession(user, meta);
      await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
      return { user: personIn(user, place), ...tokens };
    },

    /** A new access token; the refresh token itself stays valid until it expires or is revoked. */
    async refresh(input: unknown) {
      const v = validate(refreshSchema, input);
      const session = await db.refreshToken.findUnique({
        where: { tokenHash: hashToken(v.refreshToken) },
        include: { user: { select: { role: true } } },
      });
      if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new AppError("SESSION_EXPIRED");
      assertMayEnter({ role: session.user.role, business: await placeOf(db, session.userId) });
      await db.refreshToken.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
      return { accessToken: await signer.sign({ sub: session.userId, role: session.user.role, sid: session.id }) };
    },

    /** Ends the session named by the refresh token, else the one the access token belongs to. */
    async logout(input: { refreshToken?: string | null }, viewer: Viewer | null) {
      if (viewer?.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED"); // an API key has no session to end
      const session = input.refreshToken
        ? await db.refreshToken.findUnique({
            where: { tokenHash: hashToken(input.refreshToken) },
            select: { id: true, userId: true },
          })
        : viewer && { id: viewer.sessionId, userId: viewer.userId };
      if (session) await endSessions(db, { id: session.id }, { userId: session.userId });
      return true;
    },

    /**
     * The caller as a person in the business they act in: the one authenticate checked (no statement),
     * else read (an API key's creator, with their role in the key's business).
     */
    async me(viewer: Viewer): Promise<Person> {
      const kept = persons.get(viewer);
      if (kept) return kept;
      // an API key's creator, in the key's business: one statement
      const [row] = await db.$queryRaw<Omit<Person, "businessId">[]>`
        select u.id, u.email, u.name, coalesce(m.role, u.role)::text as role, u.locale,
               u.email_verified_at as "emailVerifiedAt", u.created_at as "createdAt"
          from users u
          left join memberships m on m.user_id = u.id and m.business_id = ${viewer.businessId}::uuid
         where u.id = ${viewer.userId}::uuid`;
      if (!row) throw new AppError("NOT_FOUND");
      return { ...row, businessId: viewer.businessId };
    },

    /**
     * The business a person is seen in (Person.businessId), read with the relations the GraphQL door's
     * selection names (its plan) in one call; none for an admin.
     */
    businessOf(
      person: Pick<Person, "businessId">,
      query: { include?: Prisma.BusinessInclude; select?: Prisma.BusinessSelect },
    ) {
      return person.businessId ? db.business.findUnique({ ...query, where: { id: person.businessId } }) : null;
    },

    /** The businesses the signed-in person belongs to, the one they last used first, each with their role there. */
    async businesses(viewer: Viewer): Promise<MembershipView[]> {
      requireScope(viewer, "person");
      const rows = await db.membership.findMany({
        where: { userId: viewer.userId },
        orderBy: [{ lastUsedAt: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }, { businessId: "asc" }],
        include: { business: { select: { companyName: true, status: true } } },
      });
      return rows.map((m) => ({
        businessId: m.businessId,
        companyName: m.business.companyName,
        status: m.business.status,
        role: m.role,
        lastUsedAt: m.lastUsedAt,
        current: m.businessId === viewer.businessId,
      }));
    },

    /**
     * The person chooses a business to work in: it becomes the one they last used (sign-in lands there).
     * Answers the person as seen in it; NOT_A_MEMBER for a business they do not belong to.
     */
    async useBusiness(viewer: Viewer, businessId: unknown): Promise<Person> {
      requireScope(viewer, "person");
      if (!isUuid(businessId)) throw new AppError("NOT_A_MEMBER");
      const where = { userId_businessId: { userId: viewer.userId, businessId } };
      const m = await db.membership.findUnique({ where, include: { business: { select: { status: true } } } });
      if (!m) throw new AppError("NOT_A_MEMBER");
      assertMayEnter({ role: m.role, business: m.business });
      await db.$transaction(async (tx) => {
        await tx.membership.update({ where, data: { lastUsedAt: new Date() } });
        // requests that name no business follow the choice at once (their checked callers are dropped)
        await publishIn(tx, "person.changed", { userId: viewer.userId });
      });
      const person = await db.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: PERSON });
      return personIn(person, { businessId, role: m.role });
    },

    async updateProfile(viewer: Viewer, input: unknown, meta: RequestMeta) {
      requireScope(viewer, "person");
      const v = validate(profileSchema, input);
      const businessFields = { companyName: v.companyName, phone: v.phone, address: v.address };
      const touchesBusiness = Object.values(businessFields).some((x) => x !== undefined);
      if (touchesBusiness && !viewer.businessId) throw new AppError("FORBIDDEN");
      return db.$transaction(async (tx) => {
        if (touchesBusiness)
          await tx.business.update({
            where: { id: viewer.businessId! },
            data: { ...businessFields, ...(v.name ? { contactName: v.name } : {}) },
          });
        const user = personIn(
          await tx.user.update({
            where: { id: viewer.userId },
            data: { name: v.name, locale: v.locale },
            select: PERSON,
          }),
          viewer.businessId ? { businessId: viewer.businessId, role: viewer.role } : null,
        );
        await audit(tx, {
          actorId: viewer.userId,
          action: "user.profile_updated",
          entityType: "user",
          entityId: viewer.userId,
          data: { fields: Object.keys(v) },
          ip: meta.ip,
        });
        // the checked callers of this person hold the old name and language
        await publishIn(tx, "person.changed", { userId: viewer.userId });
        return user;
      });
    },

    /** Changes the password and signs out every other session of the person. */
    async changePassword(viewer: Viewer, input: unknown, meta: RequestMeta) {
      requireScope(viewer, "person");
      const v = validate(changePasswordSchema, input);
      const user = await db.user.findUniqueOrThrow({ where: { id: viewer.userId } });
      if (!(await checkPassword(user.passwordHash, v.currentPassword)))
        throw new AppError("INCORRECT_PASSWORD", { currentPassword: ["currentPasswordIncorrect"] });
      const passwordHash = await hashPassword(v.newPassword);
      let mailId: string;
      await db.$transaction(async (tx) => {
        await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
        await endSessions(tx, { userId: user.id, id: { not: viewer.sessionId } }, { userId: user.id });
        mailId = await mailer.queue(tx, user.email, "passwordChanged", { name: user.name }, user.locale as Locale);
        await audit(tx, {
          actorId: user.id,
          action: "user.password_changed",
          entityType: "user",
          entityId: user.id,
          ip: meta.ip,
        });
      });
      await mailer.deliver([mailId!]);
      return true;
    },

    /**
     * Same answer, after the same work, whether or not the address is known, so it cannot be used to
     * find accounts: the look-up, the link and the mail happen in a job.
     */
    async forgotPassword(input: unknown, meta: RequestMeta) {
      await limits.consume("forgot", meta.ip, emailOf(input));
      const v = validate(forgotPasswordSchema, input);
      await queueAccountMail({ purpose: "reset_password", email: v.email, ip: meta.ip });
      return true;
    },

    /** Sets a new password from a mailed link; every session of the person ends. */
    async resetPassword(input: unknown, meta: RequestMeta) {
      const v = validate(resetPasswordSchema, input);
      const passwordHash = await hashPassword(v.newPassword);
      await db.$transaction(async (tx) => {
        const { user } = await consumeEmailToken(tx, v.token, "reset_password");
        // the link reached the mailbox, which proves the address too
        await tx.user.update({
          where: { id: user.id },
          data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
        });
        await endSessions(tx, { userId: user.id }, { userId: user.id });
        await audit(tx, {
          actorId: user.id,
          action: "user.password_reset",
          entityType: "user",
          entityId: user.id,
          ip: meta.ip,
        });
      });
      return true;
    },

    async verifyEmail(input: unknown, meta: RequestMeta) {
      const v = validate(verifyEmailSchema, input);
      return db.$transaction(async (tx) => {
        const { user } = await consumeEmailToken(tx, v.token, "verify_email");
        const updated = personIn(
          await tx.user.update({
            where: { id: user.id },
            data: { emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
            select: PERSON,
          }),
          await placeOf(tx, user.id),
        );
        await audit(tx, {
          actorId: user.id,
          action: "user.email_verified",
          entityType: "user",
          entityId: user.id,
          ip: meta.ip,
        });
        if (!user.emailVerifiedAt) await publishIn(tx, "person.changed", { userId: user.id });
        return updated;
      });
    },

    /** For the signed-in person, or (since a pending account cannot sign in) for an e-mail address. */
    async resendVerification(input: unknown, viewer: Viewer | null, meta: RequestMeta) {
      const v = validate(resendVerificationSchema, input);
      const email = viewer?.email ?? v.email;
      if (!email) throw new AppError("VALIDATION_ERROR", { email: ["emailRequired"] });
      if (!viewer) await limits.consume("forgot", meta.ip, email);
      // by address, the same work whether or not it is known (see forgotPassword)
      await queueAccountMail({ purpose: "verify_email", email, ip: meta.ip });
      return true;
    },

    /** The queued account mail's job (auth.jobs.ts). */
    sendAccountMail,

    /** Listening (app.ts): checked callers are dropped on the events that change them. */
    async start() {
      callers.start();
    },

    async stop() {
      callers.stop();
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
