// The team and API-key rules both sides apply: who is Premium, what an invitation needs, what a key looks like.
import { describe, expect, test } from "@jest/globals";
import {
  acceptInvitationSchema,
  apiKeyNameSchema,
  fieldErrors,
  inviteSchema,
  isApiKeyShape,
  isPremium,
  looksLikeApiKey,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe("Premium", () => {
  test.each([
    ["premium", "trial", true],
    ["premium", "active", true],
    ["PREMIUM", "TRIAL", true], // GraphQL's enum spelling
    ["premium", "expired", false],
    ["premium", "cancelled", false],
    ["professional", "active", false],
    ["basic", "trial", false],
  ])("%s / %s -> %s", (plan, status, premium) => {
    expect(isPremium({ plan, status })).toBe(premium);
  });
  test("no subscription is not Premium", () => expect(isPremium(null)).toBe(false));
});

describe("invitations", () => {
  test("an e-mail (lower-cased) and the role owner or client", () => {
    expect(inviteSchema.parse({ email: " Khalid@Cafe.KW ", role: "owner" })).toEqual({
      email: "khalid@cafe.kw",
      role: "owner",
    });
    expect(errorsOf(inviteSchema.safeParse({ email: "", role: "admin" }))).toEqual({
      email: ["emailRequired"],
      role: ["invalidValue"],
    });
    expect(errorsOf(inviteSchema.safeParse({ email: "khalid@", role: "client" }))).toEqual({ email: ["emailInvalid"] });
  });

  test("accepting: a name and the sign-up password rule (first failing check), a matching confirmation when given", () => {
    const ok = { token: "t", name: " Khalid ", password: "Saffron#2026" };
    expect(acceptInvitationSchema.parse({ ...ok, confirmPassword: "Saffron#2026" })).toEqual({
      token: "t",
      name: "Khalid",
      password: "Saffron#2026",
    });
    expect(errorsOf(acceptInvitationSchema.safeParse({ token: "t", name: "", password: "" }))).toEqual({
      name: ["nameRequired"],
      password: ["passwordRequired"],
    });
    expect(errorsOf(acceptInvitationSchema.safeParse({ ...ok, password: "saffron#2026" }))).toEqual({
      password: ["passwordUppercase"],
    });
    expect(errorsOf(acceptInvitationSchema.safeParse({ ...ok, confirmPassword: "Saffron#2027" }))).toEqual({
      confirmPassword: ["passwordMismatch"],
    });
    expect(errorsOf(acceptInvitationSchema.safeParse({ ...ok, token: " " }))).toEqual({ token: ["tokenRequired"] });
  });
});

describe("API keys", () => {
  test("the shape of a key", () => {
    const key = `sk_live_${"aB3-_".repeat(6)}xy`;
    expect(key).toHaveLength(40);
    expect(looksLikeApiKey(key) && isApiKeyShape(key)).toBe(true);
    expect(isApiKeyShape(`${key}z`)).toBe(false);
    expect(isApiKeyShape("sk_live_short")).toBe(false);
    expect(looksLikeApiKey("eyJhbGciOiJIUzI1NiJ9.e30.x")).toBe(false);
  });
  test("a key needs a name of at most 100 characters", () => {
    expect(apiKeyNameSchema.parse({ name: "  Website " })).toEqual({ name: "Website" });
    expect(errorsOf(apiKeyNameSchema.safeParse({ name: " " }))).toEqual({ name: ["nameRequired"] });
    expect(errorsOf(apiKeyNameSchema.safeParse({ name: "x".repeat(101) }))).toEqual({ name: ["tooLong"] });
  });
});
