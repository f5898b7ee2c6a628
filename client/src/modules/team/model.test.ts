// The team page's rules without rendering: where an invitation goes, who may be removed, and which of a
// refusal's field errors land on the invitation form.
import { inviteEmailOf, inviteFieldErrors, isRemovable } from "./model.ts";

test("an invitation goes to the typed address, trimmed and in lower case", () => {
  expect(inviteEmailOf("  Sara@Qahwa.KW ")).toBe("sara@qahwa.kw");
});

test("a manager removes anyone but themselves and the account holder; others remove no one", () => {
  const member = { id: "m1", accountHolder: false };
  expect(isRemovable(member, true, "me")).toBe(true);
  expect(isRemovable(member, false, "me")).toBe(false);
  expect(isRemovable({ id: "me", accountHolder: false }, true, "me")).toBe(false);
  expect(isRemovable({ id: "h", accountHolder: true }, true, "me")).toBe(false);
});

test("only the form's own fields take a refusal's errors, in the form's order", () => {
  expect(inviteFieldErrors({ role: ["Pick a role"], email: ["Invalid"], name: ["x"], token: [] })).toEqual([
    { name: "email", errors: ["Invalid"] },
    { name: "role", errors: ["Pick a role"] },
  ]);
  expect(inviteFieldErrors({ name: ["x"] })).toEqual([]);
});
