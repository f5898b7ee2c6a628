import { builder } from "../../graphql/builder.ts";
import { LocaleEnum, PlanEnum, RoleEnum } from "../../graphql/enums.ts";

export const User = builder.prismaObject("User", {
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    name: t.exposeString("name"),
    role: t.expose("role", { type: RoleEnum }),
    locale: t.exposeString("locale"),
    emailVerified: t.boolean({ resolve: (u) => !!u.emailVerifiedAt }),
    businessId: t.exposeID("businessId", { nullable: true }),
    business: t.relation("business", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

type AuthPayloadShape = { user: import("../../generated/prisma/client.ts").User; accessToken: string; refreshToken: string };
const AuthPayload = builder.objectRef<AuthPayloadShape>("AuthPayload").implement({
  fields: (t) => ({ user: t.field({ type: User, resolve: (p) => p.user }), accessToken: t.exposeString("accessToken"), refreshToken: t.exposeString("refreshToken") }),
});

const RefreshPayload = builder.objectRef<{ accessToken: string }>("RefreshPayload").implement({ fields: (t) => ({ accessToken: t.exposeString("accessToken") }) });

type RegisterShape = { email: string; status: string; requestedPlan: "basic" | "professional" | "premium" };
const RegisterPayload = builder.objectRef<RegisterShape>("RegisterPayload").implement({
  description: "A sign-up waits for approval: no tokens are issued.",
  fields: (t) => ({ email: t.exposeString("email"), status: t.exposeString("status"), requestedPlan: t.expose("requestedPlan", { type: PlanEnum }) }),
});

const RegisterInput = builder.inputType("RegisterInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string(),
    companyName: t.string({ required: true }),
    contactName: t.string({ required: true }),
    phone: t.string({ required: true }),
    requestedPlan: t.field({ type: PlanEnum }),
    address: t.string(),
    locale: t.field({ type: LocaleEnum }),
  }),
});

const ProfileInput = builder.inputType("ProfileInput", {
  fields: (t) => ({ name: t.string(), locale: t.field({ type: LocaleEnum }), companyName: t.string(), phone: t.string(), address: t.string() }),
});

/** GraphQL leaves an omitted optional argument out, and sends null for an explicit null: both mean "not given". */
const given = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

// me and updateProfile return the service's row, which does not follow the query's selection: plain
// fields (not prismaField), so Pothos loads what the selection needs (Client.email's users, ...) itself
// instead of taking the row for one loaded with its query.
builder.queryFields((t) => ({
  me: t.field({
    type: User,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => ctx.services.auth.me(ctx.viewer!),
  }),
}));

builder.mutationFields((t) => ({
  register: t.field({
    type: RegisterPayload,
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { user, business } = await ctx.services.auth.register({ locale: ctx.meta.locale, ...given(input) }, ctx.meta);
      return { email: user.email, status: business.status, requestedPlan: business.requestedPlan };
    },
  }),
  login: t.field({
    type: AuthPayload,
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.auth.login(args, ctx.meta),
  }),
  refreshToken: t.field({
    type: RefreshPayload,
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.auth.refresh(args),
  }),
  logout: t.boolean({
    args: { refreshToken: t.arg.string() },
    resolve: (_r, args, ctx) => ctx.services.auth.logout(args, ctx.viewer),
  }),
  updateProfile: t.field({
    type: User,
    authScopes: { person: true },
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.auth.updateProfile(ctx.viewer!, given(input), ctx.meta),
  }),
  changePassword: t.boolean({
    authScopes: { person: true },
    args: { currentPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.auth.changePassword(ctx.viewer!, args, ctx.meta),
  }),
  forgotPassword: t.boolean({
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.auth.forgotPassword(args, ctx.meta),
  }),
  resetPassword: t.boolean({
    args: { token: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.auth.resetPassword(args, ctx.meta),
  }),
  verifyEmail: t.boolean({
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => !!(await ctx.services.auth.verifyEmail(args, ctx.meta)),
  }),
  resendVerification: t.boolean({
    args: { email: t.arg.string() },
    resolve: (_r, args, ctx) => ctx.services.auth.resendVerification(given(args), ctx.viewer, ctx.meta),
  }),
}));
