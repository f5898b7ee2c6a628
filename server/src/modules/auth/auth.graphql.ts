import { builder } from "../../graphql/builder.ts";
import type { MembershipView, Person } from "./auth.service.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { UserRef } from "../../graphql/refs.ts";
import { ClientStatusEnum, LocaleEnum, PlanEnum, RoleEnum } from "../../graphql/enums.ts";

// A person as seen in a business (the service's Person): their role there and that business
// (docs/architecture.md#memberships), never read from the users row alone.
const AgencyAccess = builder.objectRef<NonNullable<Viewer["agency"]>>("AgencyAccess").implement({
  description: "What a café lets the agency a person acts through do (docs: agencies and approvals).",
  fields: (t) => ({
    agencyId: t.exposeID("agencyId", { description: "The agency's business id." }),
    mayPublish: t.exposeBoolean("mayPublish", { description: "The agency may schedule and publish." }),
    grants: t.exposeStringList("grants", { description: "Rights given beyond posts: billing, team, api_keys." }),
  }),
});

const User = UserRef.implement({
  description: "A person who signs in to Sufra: an admin, or one of a business's people.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The person's id (a UUID)." }),
    email: t.exposeString("email", { description: "Their e-mail address, in lower case; they sign in with it." }),
    name: t.exposeString("name", { description: "Their name as they wrote it." }),
    role: t.expose("role", { description: "What they may do.", type: RoleEnum }),
    locale: t.exposeString("locale", { description: "The language they chose: en or ar." }),
    emailVerified: t.boolean({
      description: "True once they confirmed their e-mail address with the mailed link.",
      resolve: (u) => !!u.emailVerifiedAt,
    }),
    businessId: t.exposeID("businessId", {
      description: "The business they belong to; null for an admin.",
      nullable: true,
    }),
    business: t.prismaField({
      description: "The business they belong to; null for an admin.",
      type: "Business",
      nullable: true,
      resolve: (query, u, _a, ctx) => ctx.services.auth.businessOf(u, query),
    }),
    createdAt: t.expose("createdAt", { description: "When their account was made (UTC).", type: "DateTime" }),
    agencyAccess: t.field({
      description:
        "For the signed-in person acting in a café through their agency: what the café lets the agency do; null otherwise.",
      type: AgencyAccess,
      nullable: true,
      resolve: (u, _a, ctx) =>
        ctx.viewer?.userId === u.id && ctx.viewer.businessId === u.businessId ? (ctx.viewer.agency ?? null) : null,
    }),
  }),
});

type AuthPayloadShape = {
  user: Person;
  accessToken: string;
  refreshToken: string;
};
const AuthPayload = builder.objectRef<AuthPayloadShape>("AuthPayload").implement({
  description: "A signed-in session: the person and their tokens.",
  fields: (t) => ({
    user: t.field({ type: User, description: "The person signed in.", resolve: (p) => p.user }),
    accessToken: t.exposeString("accessToken", {
      description: "A JWT to send as `Authorization: Bearer <token>`; works for 15 minutes.",
    }),
    refreshToken: t.exposeString("refreshToken", {
      description:
        "An opaque token that gets a new access token (refreshToken mutation); works for 30 days, until logout or a password change.",
    }),
  }),
});

const RefreshPayload = builder.objectRef<{ accessToken: string }>("RefreshPayload").implement({
  description: "A new access token for the same session.",
  fields: (t) => ({
    accessToken: t.exposeString("accessToken", {
      description: "A JWT to send as `Authorization: Bearer <token>`; works for 15 minutes.",
    }),
  }),
});

type RegisterShape = { email: string; status: string; requestedPlan: "basic" | "professional" | "premium" };
const RegisterPayload = builder.objectRef<RegisterShape>("RegisterPayload").implement({
  description: "A sign-up waits for approval: no tokens are issued.",
  fields: (t) => ({
    email: t.exposeString("email", {
      description: "The e-mail address signed up with (a confirmation link is mailed to it).",
    }),
    status: t.exposeString("status", {
      description: "The business's status in lower case: pending, until an admin approves it.",
    }),
    requestedPlan: t.expose("requestedPlan", { type: PlanEnum, description: "The plan asked for." }),
  }),
});

const RegisterInput = builder.inputType("RegisterInput", {
  description: "A business's sign-up.",
  fields: (t) => ({
    email: t.string({ required: true, description: "The account holder's e-mail address; they sign in with it." }),
    password: t.string({
      required: true,
      description: "At least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.",
    }),
    confirmPassword: t.string({ description: "The password again; when given it must match." }),
    companyName: t.string({ required: true, description: "The business's name, up to 200 characters." }),
    contactName: t.string({ required: true, description: "The account holder's name, up to 200 characters." }),
    phone: t.string({
      required: true,
      description: "A Kuwaiti phone number: +965 and 7 or 8 digits (spaces allowed; +965 is added when missing).",
    }),
    requestedPlan: t.field({ type: PlanEnum, description: "The plan asked for; PROFESSIONAL when left out." }),
    address: t.string({ description: "The business's address, up to 500 characters." }),
    locale: t.field({ type: LocaleEnum, description: "The account holder's language; the request's when left out." }),
  }),
});

const ProfileInput = builder.inputType("ProfileInput", {
  description: "Changes to the caller's profile: a field left out or null stays as it is.",
  fields: (t) => ({
    name: t.string({ description: "The person's name." }),
    locale: t.field({ type: LocaleEnum, description: "The person's language." }),
    companyName: t.string({ description: "The business's name (the business's people only)." }),
    phone: t.string({ description: "The business's Kuwaiti phone number, +965 and 7 or 8 digits." }),
    address: t.string({ description: "The business's address." }),
  }),
});

/** GraphQL leaves an omitted optional argument out, and sends null for an explicit null: both mean "not given". */
const given = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

const Membership = builder.objectRef<MembershipView>("Membership").implement({
  description:
    "A business the person belongs to, with their role in it. A request acts in the business named by the x-sufra-business header (a socket's `business` connection param), else the one last used.",
  fields: (t) => ({
    businessId: t.exposeID("businessId", { description: "The business's id: send it as x-sufra-business." }),
    companyName: t.exposeString("companyName", { description: "The business's name." }),
    status: t.field({
      description: "Where the business's account stands.",
      type: ClientStatusEnum,
      resolve: (m) => m.status,
    }),
    role: t.expose("role", { description: "What the person may do in this business.", type: RoleEnum }),
    lastUsedAt: t.expose("lastUsedAt", {
      description: "When the person last chose it (UTC); sign-in lands on the latest. Null before.",
      type: "DateTime",
      nullable: true,
    }),
    current: t.exposeBoolean("current", { description: "True for the business this request acts in." }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    description: "The signed-in person with their business; for an API key, the person who created the key.",
    type: User,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => ctx.services.auth.me(ctx.viewer!),
  }),
  myBusinesses: t.field({
    description:
      "The businesses the signed-in person belongs to, the one last used first. Signed-in people only (not API keys); empty for an admin.",
    type: [Membership],
    authScopes: { person: true },
    resolve: (_r, _a, ctx) => ctx.services.auth.businesses(ctx.viewer!),
  }),
}));

builder.mutationFields((t) => ({
  useBusiness: t.field({
    description:
      "Chooses the business the person works in: sign-in lands there from now on. Answers the person as seen in it. NOT_A_MEMBER for a business they do not belong to. Signed-in people only.",
    type: User,
    authScopes: { person: true },
    args: { id: t.arg.id({ required: true, description: "The business's id (Membership.businessId)." }) },
    resolve: (_r, { id }, ctx) => ctx.services.auth.useBusiness(ctx.viewer!, id),
  }),
  register: t.field({
    description:
      "Signs a business up: it waits for an admin's approval and gets no tokens; a confirmation link is mailed. Anyone may call it (rate limited).",
    type: RegisterPayload,
    args: { input: t.arg({ type: RegisterInput, required: true, description: "The business's sign-up." }) },
    resolve: async (_r, { input }, ctx) => {
      const { user, business } = await ctx.services.auth.register(
        { locale: ctx.meta.locale, ...given(input) },
        ctx.meta,
      );
      return { email: user.email, status: business.status, requestedPlan: business.requestedPlan };
    },
  }),
  login: t.field({
    description:
      "Signs a person in with e-mail and password; pending, rejected and suspended accounts are refused. Rate limited per address and e-mail.",
    type: AuthPayload,
    args: {
      email: t.arg.string({ required: true, description: "The e-mail address." }),
      password: t.arg.string({ required: true, description: "The password, as typed." }),
    },
    resolve: (_r, args, ctx) => ctx.services.auth.login(args, ctx.meta),
  }),
  refreshToken: t.field({
    description: "A new access token for a refresh token that still works.",
    type: RefreshPayload,
    args: { refreshToken: t.arg.string({ required: true, description: "The refresh token from login." }) },
    resolve: (_r, args, ctx) => ctx.services.auth.refresh(args),
  }),
  logout: t.boolean({
    description:
      "Ends a session (the refresh token's, else the caller's); answers true. An API key has no session (PERSONAL_SESSION_REQUIRED).",
    args: {
      refreshToken: t.arg.string({
        description: "The refresh token of the session to end; the caller's own session when left out.",
      }),
    },
    resolve: (_r, args, ctx) => ctx.services.auth.logout(args, ctx.viewer),
  }),
  updateProfile: t.field({
    description:
      "Changes the caller's name, language, and their business's name, phone and address. Signed-in people only (not API keys).",
    type: User,
    authScopes: { person: true },
    args: { input: t.arg({ type: ProfileInput, required: true, description: "The fields to change." }) },
    resolve: async (_r, { input }, ctx) => ctx.services.auth.updateProfile(ctx.viewer!, given(input), ctx.meta),
  }),
  changePassword: t.boolean({
    description: "Changes the caller's password and ends their other sessions; answers true. Signed-in people only.",
    authScopes: { person: true },
    args: {
      currentPassword: t.arg.string({ required: true, description: "The password now." }),
      newPassword: t.arg.string({
        required: true,
        description:
          "The new password: at least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.",
      }),
    },
    resolve: (_r, args, ctx) => ctx.services.auth.changePassword(ctx.viewer!, args, ctx.meta),
  }),
  forgotPassword: t.boolean({
    description:
      "Mails a password reset link (works for 1 hour) when the address has an account; answers true either way, so it tells nobody whether it has. Rate limited.",
    args: { email: t.arg.string({ required: true, description: "The e-mail address of the account." }) },
    resolve: (_r, args, ctx) => ctx.services.auth.forgotPassword(args, ctx.meta),
  }),
  resetPassword: t.boolean({
    description: "Sets a new password with the mailed reset token and ends every session of the person; answers true.",
    args: {
      token: t.arg.string({ required: true, description: "The token from the mailed link." }),
      newPassword: t.arg.string({
        required: true,
        description:
          "The new password: at least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.",
      }),
    },
    resolve: (_r, args, ctx) => ctx.services.auth.resetPassword(args, ctx.meta),
  }),
  verifyEmail: t.boolean({
    description: "Confirms an e-mail address with the mailed token (works for 48 hours); answers true.",
    args: { token: t.arg.string({ required: true, description: "The token from the mailed link." }) },
    resolve: async (_r, args, ctx) => !!(await ctx.services.auth.verifyEmail(args, ctx.meta)),
  }),
  resendVerification: t.boolean({
    description:
      "Mails the confirmation link again: to the signed-in caller, else to the address given (rate limited); answers true either way.",
    args: {
      email: t.arg.string({ description: "The address to send it to when not signed in (ignored when signed in)." }),
    },
    resolve: (_r, args, ctx) => ctx.services.auth.resendVerification(given(args), ctx.viewer, ctx.meta),
  }),
}));
