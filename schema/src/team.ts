// Shared rules and constants of the team and API-key modules (Premium: team collaboration
// and API access). The client's forms and the server's services read the same rules.
import { z } from "zod";
import { singleLine } from "./text.ts";
import type { PlanId } from "./plans.ts";
import type { Role, SubscriptionStatus } from "./roles.ts";
import type { MessageKey } from "./messages.ts";
import { isEmail, passwordProblem } from "./validation.ts";
import { subscriptionRuns } from "./billing.ts";

// ---------------------------------------------------------------- who may use it
/** Premium: the plan is premium and the subscription runs (trial, active, or past due within its grace). */
export function isPremium(
  sub: { plan: PlanId | string; status: SubscriptionStatus | string } | null | undefined,
): boolean {
  return !!sub && sub.plan.toLowerCase() === "premium" && subscriptionRuns(sub.status.toLowerCase());
}

/** Roles a manager may give an invited person (admins are Sufra's staff, never invited). */
export const INVITABLE_ROLES = ["owner", "client"] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Days an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

// ---------------------------------------------------------------- API keys
/** Every key starts with this; a Bearer token that does is checked as an API key, never as a JWT. */
export const API_KEY_PREFIX = "sk_live_";
/** Random characters after the prefix (base64url of 24 random bytes). */
export const API_KEY_RANDOM_LENGTH = 32;
/** Characters of the key kept in clear, so people can tell keys apart in the list. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;
/** Requests a key may make per window (GraphQL over HTTP; each WebSocket connection counts once). */
export const API_KEY_RATE_LIMIT = { points: 600, durationSeconds: 60 } as const;
export const API_KEY_NAME_MAX = 100;

const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_RANDOM_LENGTH}}$`);
/** Looks like an API key (a cheap test, before any lookup). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
/** Has exactly the shape of a key we issue. */
export const isApiKeyShape = (token: string) => API_KEY_SHAPE.test(token);

// ---------------------------------------------------------------- rules
const key = (k: MessageKey) => ({ error: k });
const first = (k: MessageKey) => ({ error: k, abort: true });

export const inviteSchema = z.object({
  email: singleLine(key("emailRequired"))
    .trim()
    .toLowerCase()
    .min(1, first("emailRequired"))
    .max(254, key("emailInvalid"))
    .refine(isEmail, key("emailInvalid")),
  role: z.enum(INVITABLE_ROLES, key("invalidValue")),
});
export type InviteInput = z.output<typeof inviteSchema>;

/**
 * Accepting an invitation: the person's name and a password by the sign-up rule. The client sends
 * confirmPassword too; the server's payloads may leave it out, so the mismatch rule applies when given.
 */
export const acceptInvitationSchema = z
  .object({
    token: singleLine(key("tokenRequired")).trim().min(1, first("tokenRequired")).max(200, key("tokenRequired")),
    name: singleLine(key("nameRequired")).trim().min(1, first("nameRequired")).max(200, key("tooLong")),
    // the first failing strength rule only, as on sign-up
    password: singleLine(key("passwordRequired")).superRefine((p, ctx) => {
      const problem = p ? passwordProblem(p) : "passwordRequired";
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    confirmPassword: singleLine(key("passwordRequired")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "passwordMismatch" });
  })
  .transform(({ confirmPassword: _c, ...v }) => v);
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>;

const invitationToken = singleLine(key("tokenRequired"))
  .trim()
  .min(1, first("tokenRequired"))
  .max(200, key("tokenRequired"));
/** An invitation's link, read before accepting it (who invites, to what, and whether the address has an account). */
export const invitationTokenSchema = z.object({ token: invitationToken });
/**
 * Accepting an invitation with the account the address already has (docs/architecture.md#memberships):
 * that account's password, which the server checks; the name and password stay as they are.
 */
export const joinInvitationSchema = z.object({
  token: invitationToken,
  password: singleLine(key("passwordRequired")).min(1, first("passwordRequired")).max(200, key("tooLong")),
});

export const apiKeyNameSchema = z.object({
  name: singleLine(key("nameRequired")).trim().min(1, first("nameRequired")).max(API_KEY_NAME_MAX, key("tooLong")),
});
