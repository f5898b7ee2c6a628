// Sign-up and login rules at both doors: the shared rule, in order, with its keys and texts.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, signUp, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const register = (over: Record<string, unknown>, lang?: string) =>
  call(app.base, "POST", "/api/auth/register", { body: signUp(over), lang });

describe("REST register applies the sign-up rules in order", () => {
  test.each([
    [
      "missing fields first",
      { company_name: "", password: "x", email: "bad" },
      "Validation failed: company_name: All fields are required",
      { company_name: ["All fields are required"] },
    ],
    [
      "then the e-mail",
      { email: "not-an-address", password: "x", phone: "1" },
      "Validation failed: email: Invalid email format",
      { email: ["Invalid email format"] },
    ],
    [
      "then length",
      { password: "Ab1!", phone: "1" },
      "Validation failed: password: Password must be at least 8 characters",
      null,
    ],
    [
      "then an uppercase letter",
      { password: "saffron#2026" },
      "Validation failed: password: Password must contain at least one uppercase letter",
      null,
    ],
    [
      "then a lowercase letter",
      { password: "SAFFRON#2026" },
      "Validation failed: password: Password must contain at least one lowercase letter",
      null,
    ],
    [
      "then a number",
      { password: "Saffron#abcd" },
      "Validation failed: password: Password must contain at least one number",
      null,
    ],
    [
      "then a special character",
      { password: "Saffron2026x" },
      "Validation failed: password: Password must contain at least one special character",
      null,
    ],
    [
      "then the confirmation",
      { confirm_password: "Other#2026", phone: "1" },
      "Validation failed: confirm_password: Passwords do not match",
      null,
    ],
    [
      "then the phone",
      { phone: "+965 123" },
      "Validation failed: phone: Invalid Kuwait phone number. Format: +965XXXXXXXX",
      { phone: ["Invalid Kuwait phone number. Format: +965XXXXXXXX"] },
    ],
  ])("%s", async (_name, over, message, details) => {
    const r = await register(over);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.message).toBe(message);
    if (details) expect(r.body.details).toEqual(details);
  });

  test("the same rule answers in Arabic", async () => {
    const r = await register({ phone: "+966 5555 1234" }, "ar");
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("فشل التحقق من البيانات: phone: رقم هاتف كويتي غير صحيح. الصيغة: ‎+965XXXXXXXX");
  });

  test("an unknown plan and wrong types are 400s with field details", async () => {
    const r = await register({ requested_plan: "gold", company_name: 7 });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({
      company_name: ["Invalid value"],
      requested_plan: ["Choose a plan: basic, professional or premium"],
    });
  });

  test("nothing is written when a rule fails", async () => {
    const p = signUp({ phone: "12" });
    await call(app.base, "POST", "/api/auth/register", { body: p });
    expect(await app.sufra.deps.db.user.count({ where: { email: p.email } })).toBe(0);
    expect(await app.sufra.deps.db.business.count()).toBe(0);
  });
});

describe("login rules", () => {
  test("required, then shape, one message a field", async () => {
    const empty = await call(app.base, "POST", "/api/auth/login", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ email: ["Email is required"], password: ["Password is required"] });
    const shape = await call(app.base, "POST", "/api/auth/login", { body: { email: "x@y", password: "short" } });
    expect(shape.body.details).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
    });
  });
});

describe("GraphQL register uses the same rule", () => {
  test("BAD_USER_INPUT with field details, in the caller's language", async () => {
    const p = signUp();
    const input = {
      email: p.email,
      password: "Saffron#2026",
      confirmPassword: "Saffron#2027",
      companyName: p.company_name,
      contactName: p.contact_name,
      phone: p.phone,
    };
    const en = await gql(app.base, `mutation($i: RegisterInput!) { register(input: $i) { email } }`, { i: input });
    expect(en.errors?.[0]).toMatchObject({
      message: "Validation failed: confirmPassword: Passwords do not match",
      extensions: {
        code: "BAD_USER_INPUT",
        reason: "VALIDATION_ERROR",
        details: { confirmPassword: ["Passwords do not match"] },
      },
    });
    const ar = await gql(
      app.base,
      `mutation($i: RegisterInput!) { register(input: $i) { email } }`,
      { i: input },
      undefined,
      "ar-KW,ar;q=0.9",
    );
    expect(ar.errors?.[0].extensions.details).toEqual({ confirmPassword: ["كلمتا المرور غير متطابقتين"] });
  });
});
