// Which plural forms a language needs a text for (the Translations tab's "Missing").
import { expect, test } from "@jest/globals";
import { languageNeedsKey } from "./translation-texts.ts";

const keys = new Set([
  "admin:clients.total_zero",
  "admin:clients.total_one",
  "admin:clients.total_two",
  "admin:clients.total_few",
  "admin:clients.total_many",
  "admin:clients.total_other",
  "auth:login.title",
  "common:rank_ordinal_one",
  "common:rank_ordinal_two",
  "common:rank_ordinal_few",
  "common:rank_ordinal_other",
  "common:sign_in_one",
]);

test("English needs only its own plural forms (one, other); Arabic needs all six", () => {
  const forms = ["zero", "one", "two", "few", "many", "other"];
  expect(forms.filter((f) => languageNeedsKey(`admin:clients.total_${f}`, "en", keys))).toEqual(["one", "other"]);
  expect(forms.filter((f) => languageNeedsKey(`admin:clients.total_${f}`, "ar", keys))).toEqual(forms);
});

test("ordinal forms follow the language's ordinal rules (English: one, two, few, other)", () => {
  expect(
    ["one", "two", "few", "other"].filter((f) => languageNeedsKey(`common:rank_ordinal_${f}`, "en", keys)),
  ).toEqual(["one", "two", "few", "other"]);
  expect(languageNeedsKey("common:rank_ordinal_two", "ar", keys)).toBe(false); // Arabic ordinals: other only
});

test("a key that is not a plural form is needed in every language", () => {
  expect(languageNeedsKey("auth:login.title", "en", keys)).toBe(true);
  // ends like a plural form, but has no "_other" sibling: an ordinary key
  expect(languageNeedsKey("common:sign_in_one", "en", keys)).toBe(true);
  expect(languageNeedsKey("common:sign_in_two", "en", keys)).toBe(true);
});
