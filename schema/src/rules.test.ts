// The login form checks with loginProblems (no zod); the server with loginSchema: the same answers, field by field.
import { describe, expect, test } from "@jest/globals";
import { cleanEmail, fieldErrors, loginProblems, loginSchema } from "./index.ts";

const CASES: [string, string][] = [
  ["", ""],
  ["   ", " "],
  ["cafe@", "short"],
  ["cafe@example", "1234567"],
  ["cafe@example.kw", "short"],
  ["  Cafe@Example.KW ", "Secret#123"],
  ["cafe@example.k", "12345678"],
  ["ca fe@example.kw", "password"],
  ["cafe\u0000@example.kw", "Secret#123"],
  ["cafe@example.kw", "Secret\u0007123"],
  ["\u0085", "\u0000"],
  ["cafe@example.kw\n", "with space "],
  ["cafe@example.kw", "Secret\u202E123"],
  ["cafe\u202E@example.kw", "Secret#123"],
];

describe("loginProblems agrees with loginSchema", () => {
  test.each(CASES)("%j / %j", (email, password) => {
    const parsed = loginSchema.safeParse({ email, password });
    const firsts = parsed.success
      ? {}
      : Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([f, keys]) => [f, keys[0]]));
    expect(loginProblems({ email, password })).toEqual(firsts);
    if (parsed.success) expect(parsed.data).toEqual({ email: cleanEmail(email), password });
  });
});

test("a password set before direction controls were refused still signs in; an e-mail address with one does not", () => {
  expect(loginProblems({ email: "cafe@example.kw", password: "Secret\u202E#123" })).toEqual({});
  expect(loginSchema.safeParse({ email: "cafe@example.kw", password: "Secret\u202E#123" }).success).toBe(true);
  expect(loginProblems({ email: "cafe\u202E@example.kw", password: "Secret#123" })).toEqual({
    email: "controlCharacters",
  });
});
