// The link page's rules (docs/product.md#one-menu-and-one-link): the address name's length, characters and reserved
// words, the bio's length, and a proposal from the café's name that always passes the rule.
import { describe, expect, test } from "@jest/globals";
import { linkPageSchema, linkPageSlugProblem, proposeLinkPageSlug } from "./link-page.ts";

describe("the address name", () => {
  test.each([
    ["bayt-al-karak", null],
    ["abc", null],
    ["ab", "linkPageSlugLength"],
    ["a".repeat(41), "linkPageSlugLength"],
    ["Bayt", "linkPageSlugInvalid"],
    ["bayt--karak", "linkPageSlugInvalid"],
    ["-bayt", "linkPageSlugInvalid"],
    ["bayt_karak", "linkPageSlugInvalid"],
    ["بيت-الكرك", "linkPageSlugInvalid"],
    ["admin", "linkPageSlugReserved"],
    ["sufra", "linkPageSlugReserved"],
  ])("%p: %p", (slug, problem) => expect(linkPageSlugProblem(slug)).toBe(problem));

  test.each([
    ["Bayt Al Karak", "bayt-al-karak"],
    ["Sufra Demo Café", "sufra-demo-cafe"],
    ["Coffee & Co.", "coffee-and-co"],
    ["بيت الكرك", "cafe"], // no latin letters: the server adds -2, -3... when another café has it
    ["K", "cafe-k"],
    ["Admin", "admin-kw"],
    ["A very long café name that goes on and on past forty letters", "a-very-long-cafe-name-that-goes-on-and-o"],
  ])("%p is proposed as %p, which passes the rule", (name, slug) => {
    expect(proposeLinkPageSlug(name)).toBe(slug);
    expect(linkPageSlugProblem(slug)).toBeNull();
  });
});

test("settings: a blank bio is cleared, a long one refused, the toggles are booleans", () => {
  expect(linkPageSchema.parse({ bio: "  ", showMenu: false })).toEqual({ bio: null, showMenu: false });
  const long = linkPageSchema.safeParse({ bioAr: "ك".repeat(161) });
  expect(long.success).toBe(false);
  expect(long.error?.issues[0]?.message).toBe("linkPageBioTooLong");
  expect(linkPageSchema.safeParse({ showHours: "yes" }).success).toBe(false);
  expect(linkPageSchema.safeParse({ slug: " bayt-al-karak " }).data?.slug).toBe("bayt-al-karak");
});
