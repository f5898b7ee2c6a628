// The shared rules, as both sides apply them (docs/product.md#validation-rules): order, keys and texts in both languages.
import { describe, expect, test } from "@jest/globals";
import {
  fieldErrors,
  fieldMessageText,
  loginSchema,
  messageText,
  passwordProblem,
  signUpProblem,
  signUpSchema,
  validationMessage,
} from "./index.ts";

const ok = {
  email: "cafe@example.kw",
  password: "Saffron#2026",
  confirmPassword: "Saffron#2026",
  companyName: "Dar",
  contactName: "Noura",
  phone: "+965 5555 1234",
};

describe("sign-up rules, in their order", () => {
  test.each([
    ["an empty field", { companyName: "  " }, "allFieldsRequired", ["companyName"]],
    ["every empty field at once", { email: "", contactName: "" }, "allFieldsRequired", ["email", "contactName"]],
    ["the phone left at its +965 prefix", { phone: "+965" }, "allFieldsRequired", ["phone"]],
    ["a bad e-mail before a weak password", { email: "cafe@", password: "x" }, "invalidEmail", ["email"]],
    ["a short password before anything about its letters", { password: "Ab1!" }, "weakPassword", ["password"]],
    ["no uppercase", { password: "saffron#2026" }, "passwordUppercase", ["password"]],
    ["no lowercase", { password: "SAFFRON#2026" }, "passwordLowercase", ["password"]],
    ["no digit", { password: "Saffron#abcd" }, "passwordNumber", ["password"]],
    ["no special character", { password: "Saffron2026" }, "passwordSpecial", ["password"]],
    [
      "a mismatch before a bad phone",
      { confirmPassword: "Saffron#2027", phone: "123" },
      "passwordMismatch",
      ["confirmPassword"],
    ],
    ["a phone that is not +965 and 7-8 digits", { phone: "+966 5555 1234" }, "invalidPhone", ["phone"]],
    ["a phone with 9 digits", { phone: "+965555512345" }, "invalidPhone", ["phone"]],
  ])("%s", (_name, over, key, fields) => {
    expect(signUpProblem({ ...ok, ...over })).toEqual({ key, fields });
  });

  test("a valid form passes; 7 and 8 digit numbers, spaces and dashes are accepted", () => {
    expect(signUpProblem(ok)).toBeNull();
    expect(signUpProblem({ ...ok, phone: "+9652222333" })).toBeNull();
    expect(signUpProblem({ ...ok, phone: "+965-5555-1234" })).toBeNull();
  });

  test("Arabic punctuation counts as a special character", () => {
    expect(passwordProblem("Saffron2026؟")).toBeNull();
  });

  test("the server's payload has no confirmation: the mismatch rule applies only when one is given", () => {
    const { confirmPassword: _c, ...payload } = ok;
    const r = signUpSchema.safeParse(payload);
    expect(r.success).toBe(true);
    expect(r.success && r.data.phone).toBe("+96555551234");
    expect(r.success && r.data.requestedPlan).toBe("professional");
  });

  test("wrong types are field errors, not crashes", () => {
    const r = signUpSchema.safeParse({ ...ok, email: 42, requestedPlan: "gold" });
    expect(r.success).toBe(false);
    expect(!r.success && fieldErrors(r.error)).toMatchObject({
      email: ["invalidValue"],
      requestedPlan: ["invalidPlan"],
    });
  });
});

describe("login rules", () => {
  test.each([
    [
      { email: "", password: "" },
      { email: ["emailRequired"], password: ["passwordRequired"] },
    ],
    [
      { email: "x@", password: "short" },
      { email: ["emailInvalid"], password: ["passwordMin"] },
    ],
  ])("%j", (input, expected) => {
    const r = loginSchema.safeParse(input);
    expect(!r.success && fieldErrors(r.error)).toEqual(expected);
  });
});

describe("messages", () => {
  test("the rules' texts, in English and Arabic", () => {
    expect(messageText("allFieldsRequired")).toBe("All fields are required");
    expect(messageText("invalidEmail")).toBe("Invalid email format");
    expect(messageText("passwordMismatch")).toBe("Passwords do not match");
    expect(messageText("invalidPhone")).toBe("Invalid Kuwait phone number. Format: +965XXXXXXXX");
    expect(messageText("emailRequired", "ar")).toBe("البريد الإلكتروني مطلوب");
    expect(messageText("registrationSuccess", "en", { plan: "Premium" })).toBe(
      "Registration successful! Your account is pending approval. You selected the Premium plan. We will contact you soon.",
    );
  });
  test("'Validation failed: field: messages; ...'", () => {
    expect(validationMessage({ email: ["emailRequired"], password: ["passwordRequired", "passwordMin"] })).toBe(
      "Validation failed: email: Email is required; password: Password is required, Password must be at least 8 characters",
    );
  });

  test("a field's message with values: filled in, the platform by its name, in the person's language and digits", () => {
    const m = { key: "mediaRequiredFor", params: { platform: "instagram" } } as const;
    expect(fieldMessageText(m, "en")).toBe("Instagram needs at least one photo or video");
    expect(fieldMessageText(m, "ar")).toBe("يتطلب النشر على إنستغرام صورة أو فيديو واحدًا على الأقل");
    expect(validationMessage({ content: [m] }, "en")).toBe(
      "Validation failed: content: Instagram needs at least one photo or video",
    );
    expect(fieldMessageText("emailRequired", "en")).toBe("Email is required");
  });
});
