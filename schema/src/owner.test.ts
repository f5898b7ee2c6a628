// The owner dashboard's activity lines and the notifications' shared rules, as both sides use them.
import { describe, expect, test } from "@jest/globals";
import {
  activityExcerpt,
  fieldErrors,
  markNotificationsReadSchema,
  notificationsQuerySchema,
  ownerActivityText,
} from "./index.ts";

describe("activity lines", () => {
  test("each type in both languages, with and without a subject; an unknown type reads as nothing", () => {
    expect(ownerActivityText("post_published", "Fresh saffron buns", "en")).toBe(
      "Post published: “Fresh saffron buns”",
    );
    expect(ownerActivityText("post_scheduled", null, "ar")).toBe("تمت جدولة منشور");
    expect(ownerActivityText("team_joined", "Fahad", "ar")).toBe("انضم Fahad إلى الفريق");
    expect(ownerActivityText("platform_connected", "Instagram", "en")).toBe("Instagram connected");
    expect(ownerActivityText("something_else", "x", "en")).toBe("");
  });

  test("a connected network is named in the reader's language, before the account's handle", () => {
    expect(ownerActivityText("platform_connected", "@gulfroast", "en", "twitter")).toBe("X @gulfroast connected");
    expect(ownerActivityText("platform_connected", "@gulfroast", "ar", "SNAPCHAT")).toBe("تم ربط سناب شات @gulfroast");
    expect(ownerActivityText("platform_connected", null, "en", "instagram")).toBe("Instagram connected");
  });

  test("a post's opening words: white space folded, long text cut at a word", () => {
    expect(activityExcerpt("  Karak\n\nand   dates ")).toBe("Karak and dates");
    expect(activityExcerpt("   ")).toBeNull();
    const long = "Our new saffron cardamom latte is here for the cold evenings of Kuwait, come try it";
    const cut = activityExcerpt(long)!;
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(61);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).endsWith(" ")).toBe(false);
  });
});

describe("notification rules", () => {
  test("a page: 20 by default, 1 to 100, an id as cursor", () => {
    expect(notificationsQuerySchema.parse({})).toEqual({ first: 20, unreadOnly: false });
    const bad = notificationsQuerySchema.safeParse({ first: 0, after: "x", unreadOnly: "yes" });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({
      first: ["invalidPageSize"],
      after: ["invalidValue"],
      unreadOnly: ["invalidValue"],
    });
  });

  test("marking read: ids left out (or null) means all; ids must be ids", () => {
    expect(markNotificationsReadSchema.parse({})).toEqual({});
    expect(markNotificationsReadSchema.parse({ ids: null })).toEqual({ ids: null });
    const bad = markNotificationsReadSchema.safeParse({ ids: ["nope"] });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ "ids.0": ["invalidValue"] });
  });
});
