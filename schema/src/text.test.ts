/// <reference types="node" />
// Control characters (a NUL above all: PostgreSQL refuses it) are refused by the one text rule every
// schema's strings start from, as a field error in both languages; line breaks only where a person writes lines.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import type { z } from "zod";
import {
  apiKeyNameSchema,
  campaignFieldsSchema,
  clientsQuerySchema,
  fieldErrors,
  forgotPasswordSchema,
  hasControlCharacters,
  isolateText,
  loginSchema,
  menuItemSchema,
  messageText,
  plainText,
  postInputSchema,
  postsQuerySchema,
  profileSchema,
  reviewInputSchema,
  signUpSchema,
  validationMessage,
} from "./index.ts";

const NUL = "\u0000";
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe("the text rule", () => {
  test.each([
    ["a NUL", `Dar${NUL}`, true, true],
    ["a bell (C0)", "Dar\u0007", true, true],
    ["DEL", "Dar\u007F", true, true],
    ["a C1 control (U+0085)", "Dar\u0085", true, true],
    ["an escape sequence", "\u001B[31mred", true, true],
    ["a line break inside", "Dar\nAl Qahwa", true, false],
    ["a tab inside", "Dar\tAl Qahwa", true, false],
    ["a pasted trailing line break", "Dar Al Qahwa\r\n", false, false],
    ["Arabic with its marks and a zero-width joiner", "دار القهوة\u200D ‎+965", false, false],
    ["a lone high surrogate", "Dar\ud800", true, true],
    ["a lone low surrogate", "x\udfffy", true, true],
    ["an emoji (a whole surrogate pair)", "Karak ☕🍵 time", false, false],
    ["a right-to-left override and its pop", "Probe \u202Edetnuocsid%05\u202C LLC", true, false],
    ["a left-to-right embedding", "Dar \u202Aal\u202C", true, false],
    ["an isolate (FSI ... PDI)", "Dar \u2068Qahwa\u2069", true, false],
    ["a right-to-left isolate alone", "Dar\u2067", true, false],
    ["a line separator inside", "Dar\u2028Bcc: x", true, false],
    ["a paragraph separator inside", "Dar\u2029x", true, false],
    [
      "Arabic letter mark, RLM and LRM (Arabic keyboards type them)",
      "\u061Cدار\u200F القهوة \u200E+965 5555",
      false,
      false,
    ],
  ])("%s", (_name, text, singleLineRefused, multiLineRefused) => {
    expect(hasControlCharacters(text)).toBe(singleLineRefused);
    expect(hasControlCharacters(text, { multiLine: true })).toBe(multiLineRefused);
  });

  test("every form's fields refuse a NUL with the same message key, naming the field", () => {
    expect(errorsOf(loginSchema, { email: `a${NUL}@b.kw`, password: `Saffron#${NUL}2026` })).toEqual({
      email: ["controlCharacters"],
      password: ["controlCharacters"],
    });
    expect(errorsOf(forgotPasswordSchema, { email: `a@b.kw${NUL}` })).toEqual({ email: ["controlCharacters"] });
    const signUp = {
      email: "cafe@example.kw",
      password: "Saffron#2026",
      companyName: "Dar",
      contactName: "Noura",
      phone: "+96555551234",
    };
    expect(errorsOf(signUpSchema, { ...signUp, companyName: `Dar${NUL}` })).toMatchObject({
      companyName: ["controlCharacters"],
    });
    expect(errorsOf(signUpSchema, { ...signUp, email: `cafe${NUL}@example.kw` })).toMatchObject({
      email: ["controlCharacters"],
    });
    expect(errorsOf(profileSchema, { name: `N${NUL}`, address: `Block 1${NUL}` })).toEqual({
      name: ["controlCharacters"],
      address: ["controlCharacters"],
    });
    expect(errorsOf(menuItemSchema, { name: `Latte${NUL}` })).toMatchObject({ name: ["controlCharacters"] });
    expect(errorsOf(apiKeyNameSchema, { name: `Till${NUL}` })).toEqual({ name: ["controlCharacters"] });
    expect(
      errorsOf(campaignFieldsSchema, {
        name: `Eid${NUL}`,
        goal: "awareness",
        startDate: "2026-03-01",
        endDate: "2026-03-05",
      }),
    ).toMatchObject({ name: ["controlCharacters"] });
    expect(errorsOf(postInputSchema, { content: `Hello${NUL}`, platforms: ["instagram"] })).toMatchObject({
      content: ["controlCharacters"],
    });
    expect(
      errorsOf(reviewInputSchema, {
        source: "google",
        author: "Ali",
        rating: 5,
        text: `Great${NUL}`,
        reviewedAt: "2026-01-01",
      }),
    ).toMatchObject({ text: ["controlCharacters"] });
    expect(errorsOf(clientsQuerySchema, { search: `a${NUL}` })).toEqual({ search: ["controlCharacters"] });
    expect(errorsOf(postsQuerySchema, { search: `a${NUL}` })).toEqual({ search: ["controlCharacters"] });
  });

  test("line breaks stay allowed where a person writes lines, and refused in a name", () => {
    expect(errorsOf(postInputSchema, { content: "Line one\nLine two\n\t#coffee", platforms: ["instagram"] })).toEqual(
      {},
    );
    expect(errorsOf(profileSchema, { address: "Block 1\nStreet 2", name: "Noura\nAl-Sabah" })).toEqual({
      name: ["controlCharacters"],
    });
  });

  test("bidi overrides and separators are refused in one-line texts (names, titles), the marks Arabic uses are kept", () => {
    const RLO = "Probe \u202Edetnuocsid%05\u202C LLC";
    const signUp = {
      email: "cafe@example.kw",
      password: "Saffron#2026",
      companyName: RLO,
      contactName: "Noura\u2028Bcc",
      phone: "+96555551234",
    };
    expect(errorsOf(signUpSchema, signUp)).toMatchObject({
      companyName: ["controlCharacters"],
      contactName: ["controlCharacters"],
    });
    expect(
      errorsOf(campaignFieldsSchema, {
        name: "Eid \u2067sale",
        goal: "awareness",
        startDate: "2026-03-01",
        endDate: "2026-03-05",
      }),
    ).toMatchObject({ name: ["controlCharacters"] });
    expect(errorsOf(profileSchema, { name: "\u200Fنورة\u200E 2", companyName: "\u061Cدار القهوة" })).toEqual({});
  });

  test("a caption keeps its lines: a word processor's line and paragraph separators become line feeds", () => {
    const r = postInputSchema.safeParse({ content: "Line one\u2028Line two\u2029Next", platforms: ["instagram"] });
    expect(r.success && r.data.content).toBe("Line one\nLine two\n\nNext");
  });

  test("plainText and isolateText: what a file or a mail gets of a person's text", () => {
    expect(plainText("Probe \u202Edetnuocsid%05\u202C LLC")).toBe("Probe detnuocsid%05 LLC");
    expect(plainText("Dar\u2028Bcc:\u0007 x\ty")).toBe("Dar Bcc: x y");
    expect(plainText("a\u2066b\r\nc\u2029d\u200F", { multiLine: true })).toBe("ab\nc\n\nd\u200F");
    expect(isolateText("نورة\u202E")).toBe("\u2068نورة\u2069");
  });

  test("the message, in both languages", () => {
    expect(validationMessage({ companyName: ["controlCharacters"] })).toBe(
      "Validation failed: companyName: Contains characters that are not allowed (control characters)",
    );
    expect(messageText("controlCharacters", "ar")).toBe("يحتوي على رموز غير مسموح بها (رموز تحكم)");
  });

  test("no schema builds a string without the rule (z.string / z.url / z.email only in text.ts)", () => {
    const dir = import.meta.dirname;
    const raw = /\bz\s*\.\s*(?:string|url|email|coerce\s*\.\s*string)\s*\(/;
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "text.ts")
      .filter((f) => raw.test(readFileSync(path.join(dir, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
