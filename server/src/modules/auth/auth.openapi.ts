// The OpenAPI entries of /api/auth (docs/architecture.md#how-a-request-flows): the service's rules as request bodies, the answers' shapes.
import { z } from "zod";
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
} from "@sufra/schema";
import { type RestOperation, said } from "../../http/openapi/operation.ts";
import { restMembershipSchema, restUserSchema } from "./user.shape.ts";

const signedIn = z.object({ user: restUserSchema, access_token: z.string(), refresh_token: z.string() });
const tag = "Auth";

export const authOperations: RestOperation[] = [
  {
    method: "post",
    path: "/auth/login",
    tag,
    access: "public",
    summary: "Sign in",
    description: "A pending, rejected or suspended account is refused with its own code (403).",
    body: loginSchema,
    responses: { 200: { description: "Signed in: the person and a token pair.", schema: signedIn } },
  },
  {
    method: "post",
    path: "/auth/register",
    tag,
    access: "public",
    summary: "Sign up a business",
    description: "The account waits for an admin's approval; a verification mail is sent.",
    body: signUpSchema,
    responses: {
      201: {
        description: "Registered, pending approval.",
        schema: z.object({
          message: z.string(),
          user: restUserSchema,
          business: z.object({ id: z.string(), status: z.string(), requested_plan: z.string() }),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/auth/refresh",
    tag,
    access: "public",
    summary: "A new access token from a refresh token",
    body: refreshSchema,
    responses: { 200: { description: "A fresh access token.", schema: z.object({ access_token: z.string() }) } },
  },
  {
    method: "post",
    path: "/auth/logout",
    tag,
    access: "public",
    summary: "Sign out",
    description: "Ends the refresh token sent (and, with a valid session token, that session).",
    body: z.object({ refreshToken: z.string().nullish() }),
    responses: { 200: { description: "Signed out.", schema: said } },
  },
  {
    method: "get",
    path: "/auth/me",
    tag,
    access: "signedIn",
    summary: "The signed-in person",
    responses: { 200: { description: "The person.", schema: restUserSchema } },
  },
  {
    method: "get",
    path: "/auth/businesses",
    tag,
    access: "signedIn",
    summary: "The businesses one belongs to",
    description:
      "The last used first, each with one's role there. A request acts in the business named by the x-sufra-business header, else the last used. People only (not API keys).",
    responses: {
      200: { description: "The businesses.", schema: z.object({ businesses: z.array(restMembershipSchema) }) },
    },
  },
  {
    method: "post",
    path: "/auth/businesses/{id}/use",
    tag,
    access: "signedIn",
    summary: "Work in one of one's businesses",
    description: "Sign-in lands there from now on. NOT_A_MEMBER (403) for a business one does not belong to.",
    responses: { 200: { description: "The person, as seen in that business.", schema: restUserSchema } },
  },
  {
    method: "put",
    path: "/auth/profile",
    tag,
    access: "signedIn",
    summary: "Change one's name or language",
    body: profileSchema,
    responses: { 200: { description: "The person, changed.", schema: restUserSchema } },
  },
  {
    method: "post",
    path: "/auth/change-password",
    tag,
    access: "signedIn",
    summary: "Change one's password",
    body: changePasswordSchema,
    responses: { 200: { description: "Changed.", schema: said } },
  },
  {
    method: "post",
    path: "/auth/forgot-password",
    tag,
    access: "public",
    summary: "Mail a password reset link",
    description: "The same answer whether or not the address is registered.",
    body: forgotPasswordSchema,
    responses: { 200: { description: "Sent if the address is known.", schema: said } },
  },
  {
    method: "post",
    path: "/auth/reset-password",
    tag,
    access: "public",
    summary: "Set a new password with a reset link's token",
    body: resetPasswordSchema,
    responses: { 200: { description: "The password is changed.", schema: said } },
  },
  {
    method: "post",
    path: "/auth/verify-email",
    tag,
    access: "public",
    summary: "Verify an email address with the mailed token",
    body: verifyEmailSchema,
    responses: { 200: { description: "Verified.", schema: said } },
  },
  {
    method: "post",
    path: "/auth/resend-verification",
    tag,
    access: "public",
    summary: "Mail the verification link again",
    body: resendVerificationSchema,
    responses: { 200: { description: "Sent if the address waits for verification.", schema: said } },
  },
];
